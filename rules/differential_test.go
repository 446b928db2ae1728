package rules_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"varia/rules"
)

// TestDifferential plays seeded random games in every variant and, in
// every position, compares the fast generator with the test-only reference
// generator (reference_test.go, a plain mailbox written from the rule book
// and sharing no code with the rules package): the same legal moves with
// the same kinds, and the same FEN after each move played.
func TestDifferential(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	for _, v := range rules.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			t.Parallel()
			positions := 0
			seen := map[string]bool{}
			for seed := 0; seed < games; seed++ {
				positions += differentialGame(t, v, uint64(seed), seen)
				if t.Failed() {
					return
				}
			}
			// The games must have offered every kind of move the variant
			// has, or the comparison proves less than it seems to.
			for _, k := range expectedKinds(v) {
				if !seen[k] {
					t.Errorf("no %s move was ever legal in %d games", k, games)
				}
			}
			t.Logf("%d games, %d positions agree", games, positions)
		})
	}
}

func expectedKinds(v *rules.Variant) []string {
	kinds := []string{"quiet", "capture", "promotion"}
	if len(v.Castling) > 0 {
		kinds = append(kinds, "castling")
	}
	if v.HasDoubleStep() {
		kinds = append(kinds, "double_step", "en_passant")
	}
	for _, pr := range v.Pieces {
		if len(pr.Steps) > 0 {
			kinds = append(kinds, "kings_step")
			break
		}
	}
	for _, m := range v.Pawn.Moves {
		kinds = append(kinds, m.Kind.String())
	}
	return kinds
}

func differentialGame(t *testing.T, v *rules.Variant, seed uint64, seen map[string]bool) int {
	rng := rand.New(rand.NewPCG(seed, 0xd1ff))
	p := rules.NewPosition(v)
	if v.StartCount > 0 {
		// Every game from another numbered start (Chess960's 960).
		fen, err := v.NumberedStart(int(seed*337) % v.StartCount)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = rules.ParseFEN(v, fen); err != nil {
			t.Fatal(err)
		}
	}
	buf := make([]rules.Move, 0, rules.MaxMoves)
	for ply := 0; ply < 300; ply++ {
		fen := p.FEN()
		ref, err := refMoves(v.ID, fen)
		if err != nil {
			t.Fatalf("seed %d: reference rejects %q: %v", seed, fen, err)
		}
		legal := p.LegalMoves(buf)
		got := make([]string, len(legal))
		for i, m := range legal {
			got[i] = m.UCI() + " " + m.Kind().String()
			seen[m.Kind().String()] = true
			if m.Promotion() != rules.NoPieceType {
				seen["promotion"] = true
			}
		}
		want := make([]string, len(ref))
		for i, m := range ref {
			want[i] = m.UCI + " " + m.Kind
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d ply %d %s %q:\n fast %v\n  ref %v", seed, ply, v.ID, fen, got, want)
		}
		if len(legal) == 0 {
			return ply + 1
		}
		// Favour the rarer kinds of move (a third of the time one of them
		// is played when available) and captures, so games reach castles,
		// en passant, promotions and endgames.
		var special []rules.Move
		for _, m := range legal {
			if k := m.Kind(); k == rules.EnPassant || k == rules.Castling || k == rules.DoubleStep || m.Promotion() != rules.NoPieceType {
				special = append(special, m)
			}
		}
		m := legal[rng.IntN(len(legal))]
		if len(special) > 0 && rng.IntN(3) == 0 {
			m = special[rng.IntN(len(special))]
		} else if !m.Kind().IsCapture() {
			m = legal[rng.IntN(len(legal))]
		}
		p.Make(m)
		refFEN, err := refPlay(v.ID, fen, m.UCI())
		if err != nil {
			t.Fatalf("seed %d: reference cannot play %s in %q: %v", seed, m.UCI(), fen, err)
		}
		if refFEN != p.FEN() {
			t.Fatalf("seed %d %s %q after %s:\n fast %q\n  ref %q", seed, v.ID, fen, m.UCI(), p.FEN(), refFEN)
		}
	}
	return 300
}

// enPassantPositions have an en passant square that changes the legal
// moves in ways random games seldom reach: captures exposing the king along
// a rank or a diagonal, a pinned capturer, a check the capture or a step
// would meet, and Asha's diagonal step that the square forbids.
var enPassantPositions = []struct{ variant, fen string }{
	{"asha", "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1"},
	{"asha", "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1"},
	{"asha", "4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
	{"asha", "4k3/8/8/1b1pP3/8/8/5K2/8 w - d6 0 1"},
	{"asha", "4k3/8/8/3pP3/8/1b6/8/5K2 w - d6 0 1"},
	{"asha", "3r3k/8/8/3pP3/8/8/8/3K4 w - d6 0 1"},
	{"asha", "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"},
	{"asha", "rnbqkbnr/ppp1pppp/8/8/3pP3/5N2/PPPP1PPP/RNBQKB1R b KQkq e3 0 3"},
	{"standard", "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1"},
	{"standard", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1"},
}

// TestDifferentialEnPassant compares the two generators two plies deep
// from each of enPassantPositions: the moves with their kinds, and the FEN
// (whose en passant field says whether the square still matters) after
// each move.
func TestDifferentialEnPassant(t *testing.T) {
	var walk func(v *rules.Variant, fen string, depth int)
	walk = func(v *rules.Variant, fen string, depth int) {
		p, err := rules.ParseFEN(v, fen)
		if err != nil {
			t.Fatalf("%s %q: %v", v.ID, fen, err)
		}
		ref, err := refMoves(v.ID, fen)
		if err != nil {
			t.Fatalf("reference rejects %s %q: %v", v.ID, fen, err)
		}
		var got, want []string
		for _, m := range p.Legal() {
			got = append(got, m.UCI()+" "+m.Kind().String())
		}
		for _, m := range ref {
			want = append(want, m.UCI+" "+m.Kind)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s %q:\n fast %v\n  ref %v", v.ID, fen, got, want)
		}
		if depth == 0 {
			return
		}
		for _, m := range p.Legal() {
			p.Make(m)
			after := p.FEN()
			p.Unmake()
			refAfter, err := refPlay(v.ID, fen, m.UCI())
			if err != nil || refAfter != after {
				t.Fatalf("%s %q after %s:\n fast %q\n  ref %q %v", v.ID, fen, m.UCI(), after, refAfter, err)
			}
			walk(v, after, depth-1)
		}
	}
	for _, c := range enPassantPositions {
		v, err := rules.VariantByID(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		walk(v, c.fen, 2)
	}
}

// The reference itself reproduces the RULES.md start-position counts.
func TestReferencePerft(t *testing.T) {
	want := map[string][]uint64{
		"standard": {20, 400, 8902}, "asha": {34, 1156, 45800}, "edgy": {13, 169, 2728},
		"diagonal": {22, 484, 12018}, "diagonal8": {24, 570, 14891}, "asymmetrical": {7, 49, 575}, "asean": {12, 144, 1932},
		"chess960": {20, 400, 8902},
	}
	for _, v := range rules.Variants() {
		for d, n := range want[v.ID] {
			got, err := refPerft(v.ID, v.StartFEN, d+1)
			if err != nil || got != n {
				t.Errorf("reference %s depth %d: %d, %v; want %d", v.ID, d+1, got, err, n)
			}
		}
	}
	// RULES.md's Asha en passant case: after e4, f4~e3 does not exist.
	const book = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	if got, err := refPerft("asha", book, 3); err != nil || got != 16402 {
		t.Errorf("reference asha %s depth 3: %d, %v; want 16402", book, got, err)
	}
}

// The reference reproduces the public Chess960 suite too, on every 40th
// position to depth 3.
func TestReferenceChess960Perft(t *testing.T) {
	for i, c := range readSuite(t, "testdata/chess960.epd") {
		if i%40 != 0 {
			continue
		}
		for d := 1; d <= 3; d++ {
			got, err := refPerft("chess960", c.fen, d)
			if err != nil || got != c.counts[d-1] {
				t.Errorf("reference %q depth %d: %d, %v; want %d", c.fen, d, got, err, c.counts[d-1])
			}
		}
	}
}
