package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func mustGame(t testing.TB, v *Variant, fen string) *Game {
	t.Helper()
	if fen == "" {
		return NewGame(v)
	}
	g, err := NewGameFromFEN(v, fen)
	if err != nil {
		t.Fatalf("%s %q: %v", v.ID, fen, err)
	}
	return g
}

func playAll(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("%s after %v: %v", s, sans(g.History()), err)
		}
	}
}

func sans(rs []Record) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.SAN
	}
	return out
}

func repeat(n int, moves ...string) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, moves...)
	}
	return out
}

// countingVariant is standard chess with a counting rule of limit plies,
// to show the rule is the variant's data, not ASEAN's name.
func countingVariant(t testing.TB, limit int) *Variant {
	t.Helper()
	v := *Standard
	v.ID, v.Name, v.CountLimit, v.g = "counting", "Chess with a count", limit, geometry{}
	if err := v.build(); err != nil {
		t.Fatal(err)
	}
	return &v
}

// TestResultReasons: each automatic result, in at least two variants,
// from a short move sequence or a FEN.
func TestResultReasons(t *testing.T) {
	const backRank = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	const backRank149 = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"
	tests := []struct {
		name  string
		v     *Variant
		fen   string
		moves []string
		want  Result
	}{
		{"fool's mate", Standard, "", []string{"f3", "e5", "g4", "Qh4#"}, Result{BlackWins, Checkmate}},
		{"back-rank mate", Asha, backRank, []string{"Ra8#"}, Result{WhiteWins, Checkmate}},
		{"rook mate", ASEAN, "k7/8/1K6/8/8/8/8/7R w - - 0 1", []string{"Rh8#"}, Result{WhiteWins, Checkmate}},
		{"corner mate", Edgy, "7k/8/6K1/8/8/8/8/R7 w - - 0 1", []string{"Ra8#"}, Result{WhiteWins, Checkmate}},

		{"queen stalemate", Standard, "k7/8/8/1Q6/8/8/8/7K w - - 0 1", []string{"Qb6"}, Result{Drawn, Stalemate}},
		{"knight stalemate", ASEAN, "k7/2K5/8/8/8/2N5/7P/8 w - - 0 1", []string{"Nb5"}, Result{Drawn, Stalemate}},
		{"queen stalemate", Asha, "k7/8/8/1Q6/8/8/8/7K w - - 0 1", []string{"Qb6"}, Result{Drawn, Stalemate}},

		{"bare kings", Standard, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", []string{"Kxd2"}, Result{Drawn, InsufficientMaterial}},
		{"knight alone", Asha, "4k3/8/8/8/8/8/3r4/4KN2 w - - 0 1", []string{"Kxd2"}, Result{Drawn, InsufficientMaterial}},
		{"same-coloured bishops", Edgy, "6bk/8/8/8/8/8/8/KB6 w - - 0 1", nil, Result{Drawn, InsufficientMaterial}},
		{"same-coloured bishops", DiagonalChess, "6bk/8/8/8/8/8/8/KB6 w - - 0 1", nil, Result{Drawn, InsufficientMaterial}},
		{"opposite bishops play on", Edgy, "7k/6b1/8/8/8/8/8/KB6 w - - 0 1", nil, Result{}},
		{"asha bishops change colour", Asha, "6bk/8/8/8/8/8/8/KB6 w - - 0 1", nil, Result{}},
		{"lone ferz", ASEAN, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", nil, Result{Drawn, InsufficientMaterial}},
		{"stalemate before material", ASEAN, "k7/2K5/8/1N6/8/8/8/8 b - - 0 1", nil, Result{Drawn, Stalemate}},

		{"knight shuffle", Standard, "", repeat(4, "Nf3", "Nf6", "Ng1", "Ng8"), Result{Drawn, FivefoldRepetition}},
		{"pawn steps repeat", Asha, "4k3/8/8/6p1/1P6/8/8/4K3 w - - 0 1", repeat(4, "b4~a4", "g5~h5", "a4~b4", "h5~g5"), Result{Drawn, FivefoldRepetition}},
		{"king shuffle", ASEAN, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", repeat(4, "Kd1", "Kd8", "Ke1", "Ke8"), Result{Drawn, FivefoldRepetition}},

		{"75 moves", Standard, backRank149, []string{"Kf1"}, Result{Drawn, SeventyFiveMoves}},
		{"mate on the 75th move wins", Standard, backRank149, []string{"Ra8#"}, Result{WhiteWins, Checkmate}},
		{"75 moves", Asha, backRank149, []string{"Kf1"}, Result{Drawn, SeventyFiveMoves}},
		{"mate on the 75th move wins", Asha, backRank149, []string{"Ra8#"}, Result{WhiteWins, Checkmate}},
		{"75 moves from the FEN", Diagonal8, "7k/8/8/8/8/8/8/KR6 w - - 150 90", nil, Result{Drawn, SeventyFiveMoves}},

		// In the counting variant White has no pawns, so the count runs
		// from the FEN at zero.
		{"count limit", countingVariant(t, 4), "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", []string{"Kh8", "Kf1", "Kg8", "Kg1"}, Result{Drawn, CountingRule}},
		{"mate on the count limit wins", countingVariant(t, 4), "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", []string{"Kh8", "Kf1", "Kg8", "Ra8#"}, Result{WhiteWins, Checkmate}},
		{"count below the limit", countingVariant(t, 4), "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", []string{"Kh8", "Kf1", "Kg8"}, Result{}},
	}
	for _, tc := range tests {
		t.Run(tc.v.ID+" "+tc.name, func(t *testing.T) {
			g := mustGame(t, tc.v, tc.fen)
			playAll(t, g, tc.moves...)
			if got := g.Result(); got != tc.want {
				t.Fatalf("result %v, want %v", got, tc.want)
			}
			if !tc.want.Over() {
				return
			}
			if len(g.Legal()) != 0 || len(g.Claimable()) != 0 {
				t.Errorf("game over but Legal() = %v, Claimable() = %v", g.Legal(), g.Claimable())
			}
			for _, m := range g.Position().Legal() {
				if err := g.Play(m); !errors.Is(err, ErrGameOver) {
					t.Fatalf("Play(%v) after %v: %v, want ErrGameOver", m, tc.want, err)
				}
			}
			if _, err := g.PlayText("Kf1"); !errors.Is(err, ErrGameOver) {
				t.Errorf("PlayText after the end: %v, want ErrGameOver", err)
			}
		})
	}
}

// TestASEANCountingRule plays 128 plies with no capture in a position
// where Black has no pawns: the count runs from zero, shows its value and
// limit, and draws on the 128th ply.
func TestASEANCountingRule(t *testing.T) {
	g := mustGame(t, ASEAN, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	for ply := 0; ply < 128; ply++ {
		if running, plies, limit := g.Count(); !running || plies != ply || limit != 128 {
			t.Fatalf("ply %d: Count() = %v, %d, %d", ply, running, plies, limit)
		}
		if res := g.Result(); res.Over() {
			t.Fatalf("ply %d: game over early: %v", ply, res)
		}
		// The last ply may end the game, by the count only.
		allowed := NoReason
		if ply == 127 {
			allowed = CountingRule
		}
		playFresh(t, g, allowed)
	}
	if got := g.Result(); got != (Result{Drawn, CountingRule}) {
		t.Fatalf("after 128 plies: %v (count %v)", got, g.Position().FEN())
	}
	if got := g.Result().String(); got != "1/2-1/2 (counting rule)" {
		t.Errorf("String() = %q", got)
	}
}

// playFresh plays the non-capture that leads to the least repeated
// position without ending the game (other than by the allowed reason), so
// a long game stays alive.
func playFresh(t *testing.T, g *Game, allowed Reason) {
	t.Helper()
	best, fewest := NoMove, 3
	for _, m := range g.Legal() {
		if m.Kind().IsCapture() {
			continue
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if n := g.Repetitions(); g.Result().Reason == allowed && n < fewest {
			best, fewest = m, n
		}
		g.Undo()
	}
	if best == NoMove {
		t.Fatalf("no fresh move in %s", g.Position().FEN())
	}
	if err := g.Play(best); err != nil {
		t.Fatal(err)
	}
}

// TestASEANCountStart: the count starts when a side loses its last pawn
// and is not running while both sides have pawns.
func TestASEANCountStart(t *testing.T) {
	g := mustGame(t, ASEAN, "4k3/8/8/8/p7/8/7P/R3K3 w - - 0 1")
	if running, _, limit := g.Count(); running || limit != 128 {
		t.Fatalf("both sides have pawns: Count() = %v, _, %d", running, limit)
	}
	playAll(t, g, "Rxa4")
	if running, plies, _ := g.Count(); !running || plies != 0 {
		t.Fatalf("after the last pawn goes: Count() = %v, %d", running, plies)
	}
	playAll(t, g, "Kd7", "h3")
	if running, plies, _ := g.Count(); !running || plies != 2 {
		t.Fatalf("two plies later: Count() = %v, %d", running, plies)
	}
	if running, plies, limit := NewGame(Standard).Count(); running || plies != 0 || limit != 0 {
		t.Errorf("standard chess has no count: %v %d %d", running, plies, limit)
	}
}

// TestClaims: threefold repetition and the 50-move rule are claimable by
// the side to move only when available, and the claim is recorded.
func TestClaims(t *testing.T) {
	tests := []struct {
		name        string
		v           *Variant
		fen         string
		early, more []string // moves before the claim is possible, then up to it
		reason      Reason
	}{
		{"knights", Standard, "", []string{"Nf3", "Nf6", "Ng1", "Ng8"}, []string{"Nf3", "Nf6", "Ng1", "Ng8"}, ThreefoldRepetition},
		{"pawn steps", Asha, "4k3/8/8/6p1/1P6/8/8/4K3 w - - 0 1", []string{"b4~a4", "g5~h5", "a4~b4", "h5~g5"}, []string{"b4~a4", "g5~h5", "a4~b4", "h5~g5"}, ThreefoldRepetition},
		{"fifty moves", Standard, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 98 60", []string{"Kf1"}, []string{"Kh8"}, FiftyMoves},
		{"fifty moves", ASEAN, "k7/8/1K6/8/8/8/8/7R w - - 98 60", []string{"Rh7"}, []string{"Kb8"}, FiftyMoves},
	}
	for _, tc := range tests {
		t.Run(tc.v.ID+" "+tc.name, func(t *testing.T) {
			g := mustGame(t, tc.v, tc.fen)
			playAll(t, g, tc.early...)
			if c := g.Claimable(); len(c) != 0 {
				t.Fatalf("claimable too early: %v", c)
			}
			for _, r := range []Reason{ThreefoldRepetition, FiftyMoves} {
				if err := g.ClaimDraw(r); !errors.Is(err, ErrNoClaim) || !strings.Contains(err.Error(), "needs") {
					t.Fatalf("early claim of %v: %v", r, err)
				}
			}
			playAll(t, g, tc.more...)
			if c := g.Claimable(); len(c) != 1 || c[0] != tc.reason {
				t.Fatalf("Claimable() = %v, want [%v]", c, tc.reason)
			}
			if g.Result().Over() {
				t.Fatalf("a claimable draw is not automatic: %v", g.Result())
			}
			if err := g.ClaimDraw(Resignation); !errors.Is(err, ErrNoClaim) {
				t.Fatalf("claiming resignation: %v", err)
			}
			if err := g.ClaimDraw(tc.reason); err != nil {
				t.Fatal(err)
			}
			want := Result{Drawn, tc.reason}
			if g.Result() != want || !strings.Contains(g.Result().String(), ", claimed") {
				t.Fatalf("after the claim: %v", g.Result())
			}
			if err := g.ClaimDraw(tc.reason); !errors.Is(err, ErrGameOver) {
				t.Errorf("second claim: %v", err)
			}
			if len(g.Legal()) != 0 {
				t.Errorf("moves after the claim: %v", g.Legal())
			}
		})
	}
}

// TestRepetitionIdentity: positions repeat only with the same castling
// rights, the same legal en passant capture and the same two-square
// rights.
func TestRepetitionIdentity(t *testing.T) {
	tests := []struct {
		name  string
		v     *Variant
		fen   string
		moves []string
		want  int
	}{
		// The en passant capture exd6 is pinned, so the position after
		// d5 is the same as four plies later.
		{"illegal en passant does not count", Standard, "4r1k1/3p4/8/4P3/8/8/8/4K2N b - - 0 1", []string{"d5", "Ng3", "Kh8", "Nh1", "Kg8"}, 2},
		{"legal en passant counts", Standard, "r5k1/3p4/8/4P3/8/8/8/4K2N b - - 0 1", []string{"d5", "Ng3", "Kh8", "Nh1", "Kg8"}, 1},
		{"legal en passant counts", Asha, "r5k1/3p4/8/4P3/8/8/8/4K2N b - - 0 1", []string{"d5", "Ng3", "Kh8", "Nh1", "Kg8"}, 1},
		{"castling rights count", Standard, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"Kf1", "Kf8", "Ke1", "Ke8"}, 1},
		{"castling rights count, once lost", Standard, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", repeat(2, "Kf1", "Kf8", "Ke1", "Ke8"), 2},
		{"two-square right counts", Asha, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", []string{"e2~d2", "Kd8", "d2~e2", "Ke8"}, 1},
		{"two-square right counts, once spent", Asha, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", repeat(2, "e2~d2", "Kd8", "d2~e2", "Ke8"), 2},
		{"two-square right counts", DiagonalChess, "7k/8/8/8/8/8/8/K3P3 w - - 0 1", []string{"Kb2", "Kg8", "Ka1", "Kh8"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.v.ID+" "+tc.name, func(t *testing.T) {
			g := mustGame(t, tc.v, tc.fen)
			playAll(t, g, tc.moves...)
			if got := g.Repetitions(); got != tc.want {
				t.Errorf("Repetitions() = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestPawnMovesResetCounters: every kind of pawn move, Asha's steps
// included, resets the 50/75-move counter, so none of them ends the game
// on the 150th ply; a piece move does.
func TestPawnMovesResetCounters(t *testing.T) {
	tests := []struct {
		v    *Variant
		fen  string
		uci  string
		kind Kind
	}{
		{Standard, "4k3/8/8/8/8/8/4P3/4K3 w - - 149 100", "e2e3", Quiet},
		{Standard, "4k3/8/8/8/8/8/4P3/4K3 w - - 149 100", "e2e4", DoubleStep},
		{Standard, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 149 100", "e4d5", Capture},
		{Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 149 100", "e5d6", EnPassant},
		{Standard, "4k3/P7/8/8/8/8/8/4K3 w - - 149 100", "a7a8q", Quiet},
		{Asha, "4k3/8/8/8/4P3/8/8/4K3 w - - 149 100", "e4d4", PawnLateral},
		{Asha, "4k3/8/8/8/4P3/8/8/4K3 w - - 149 100", "e4d5", PawnDiagonal},
		{Asha, "k7/4P3/8/8/8/8/8/4K3 w - - 149 100", "e7f8q", PawnDiagonal},
		{Asha, "4k3/8/8/8/8/8/4P3/4K3 w - - 149 100", "e2e4", DoubleStep},
		{Edgy, "7k/8/8/8/8/8/4P3/K7 w - - 149 100", "e2f3", Quiet},
		{Edgy, "7k/8/8/8/8/4p3/4P3/K7 w - - 149 100", "e2e3", Capture},
		{DiagonalChess, "7k/8/8/8/8/8/8/K3P3 w - - 149 100", "e1f1", Quiet},
		{DiagonalChess, "7k/8/8/8/8/8/8/K3P3 w - - 149 100", "e1g1", DoubleStep},
		{Asymmetrical, "7k/8/8/8/8/8/8/K3P3 w - - 149 100", "e1e2", Quiet},
		{ASEAN, "n3k3/8/8/4P3/8/8/8/4K3 w - - 149 100", "e5e6q", Quiet},
	}
	for _, tc := range tests {
		g := mustGame(t, tc.v, tc.fen)
		m := legalMove(t, g.Position(), tc.uci)
		if m.Kind() != tc.kind {
			t.Fatalf("%s %s: %s is %v, want %v", tc.v.ID, tc.fen, tc.uci, m.Kind(), tc.kind)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if n := g.Position().HalfmoveClock(); n != 0 || g.Result().Over() {
			t.Errorf("%s %s %s (%v): clock %d, result %v", tc.v.ID, tc.fen, tc.uci, tc.kind, n, g.Result())
		}
		g.Undo()
		// The king's move instead reaches the 150th ply.
		for _, k := range g.Legal() {
			if g.Position().PieceAt(k.From()).Type() == King && !k.Kind().IsCapture() {
				if err := g.Play(k); err != nil {
					t.Fatal(err)
				}
				if g.Result() != (Result{Drawn, SeventyFiveMoves}) {
					t.Errorf("%s %s: king move %v gives %v, want the 75-move rule", tc.v.ID, tc.fen, k, g.Result())
				}
				break
			}
		}
	}
}

func TestGameHistoryUndoRedo(t *testing.T) {
	g := NewGame(Standard)
	playAll(t, g, "e4", "e5", "Nf3", "Nc6")
	afterE5 := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	if got := strings.Join(sans(g.History()), " "); got != "e4 e5 Nf3 Nc6" {
		t.Fatalf("history %q", got)
	}
	if g.CanRedo() || !g.CanUndo() || g.Redo() {
		t.Fatal("redo offered with nothing undone")
	}
	if !g.Undo() || !g.Undo() {
		t.Fatal("undo refused")
	}
	if g.Position().FEN() != afterE5 || len(g.History()) != 2 || len(g.Line()) != 4 || !g.CanRedo() {
		t.Fatalf("after two undos: %s, history %v, line %v", g.Position().FEN(), sans(g.History()), sans(g.Line()))
	}
	if !g.Redo() || g.Position().FEN() != "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" {
		t.Fatalf("redo: %s", g.Position().FEN())
	}
	// Playing the move that was undone keeps the rest of the line.
	g.Undo()
	playAll(t, g, "Nf3")
	if len(g.Line()) != 4 || !g.CanRedo() {
		t.Fatalf("same move dropped the line: %v", sans(g.Line()))
	}
	// Another move replaces it.
	g.Undo()
	playAll(t, g, "d4")
	if got := strings.Join(sans(g.Line()), " "); got != "e4 e5 d4" || g.CanRedo() {
		t.Fatalf("line after a new move: %q", got)
	}
	// The line undone can be forgotten.
	g.Undo()
	g.DropRedo()
	if got := strings.Join(sans(g.Line()), " "); got != "e4 e5" || g.CanRedo() || g.Redo() {
		t.Fatalf("line after DropRedo: %q", got)
	}
	for g.Undo() {
	}
	if g.Position().FEN() != Standard.StartFEN || g.CanUndo() || g.Undo() {
		t.Fatalf("undo to the start: %s", g.Position().FEN())
	}
	if g.Repetitions() != 1 {
		t.Errorf("start position seen %d times", g.Repetitions())
	}
}

func TestGameRecords(t *testing.T) {
	g := mustGame(t, Asha, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7")
	playAll(t, g, "e5", "e4~d4", "Nf6")
	want := []Record{
		{Move: newMove(sq("e7"), sq("e5"), DoubleStep, NoPieceType), SAN: "e5", Ply: 13},
		{Move: newMove(sq("e4"), sq("d4"), PawnLateral, NoPieceType), SAN: "e4~d4", Ply: 14},
		{Move: newMove(sq("g8"), sq("f6"), Quiet, NoPieceType), SAN: "Nf6", Ply: 15},
	}
	got := g.History()
	if len(got) != len(want) {
		t.Fatalf("history %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if got[0].MoveNumber() != 7 || got[0].Color() != Black || got[1].MoveNumber() != 8 || got[1].Color() != White {
		t.Errorf("numbers: %d %v, %d %v", got[0].MoveNumber(), got[0].Color(), got[1].MoveNumber(), got[1].Color())
	}
	got[0].SAN = "changed"
	if g.History()[0].SAN != "e5" {
		t.Error("History shares its slice with the game")
	}
	if g.StartFEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7" || g.Variant() != Asha {
		t.Errorf("StartFEN %q, variant %v", g.StartFEN(), g.Variant().ID)
	}
}

func TestGameLegalMovesAndKinds(t *testing.T) {
	g := NewGame(Asha)
	kinds := map[Kind]int{}
	for _, m := range g.Legal() {
		kinds[m.Kind()]++
	}
	if len(g.Legal()) != 34 || kinds[PawnDiagonal] != 14 || kinds[DoubleStep] != 8 || kinds[Quiet] != 12 {
		t.Errorf("Asha start: %d moves, kinds %v", len(g.Legal()), kinds)
	}
	ms := g.Legal()
	ms[0] = NoMove
	if g.Legal()[0] == NoMove {
		t.Error("Legal shares its slice with the game")
	}
}

func TestGamePlayRefusesIllegal(t *testing.T) {
	g := NewGame(Standard)
	err := g.Play(newMove(sq("e2"), sq("e5"), Quiet, NoPieceType))
	var me *MoveError
	if !errors.As(err, &me) || me.Problem != MoveIllegal || !sameStrings(me.CandidateSAN, []string{"e3", "e4"}) {
		t.Fatalf("Play(e2e5): %v", err)
	}
	// A move with the right squares but the wrong kind is not legal either.
	if err := g.Play(newMove(sq("e2"), sq("e4"), Quiet, NoPieceType)); err == nil {
		t.Fatal("e2e4 as a quiet move accepted")
	}
	if _, err := g.PlayText("e5"); !errors.As(err, &me) {
		t.Fatalf("PlayText(e5): %v", err)
	}
	if len(g.History()) != 0 || g.Position().FEN() != Standard.StartFEN {
		t.Fatal("a refused move changed the game")
	}
	if _, err := NewGameFromFEN(Standard, "8/8/8 w - - 0 1"); err == nil {
		t.Fatal("bad FEN accepted")
	} else if fe := (*FENError)(nil); !errors.As(err, &fe) {
		t.Fatalf("bad FEN: %v, want a *FENError", err)
	}
}

// TestDeclaredResults: resignation, agreement and time forfeit end the
// game; undo takes them back with the move before, redo restores them.
func TestDeclaredResults(t *testing.T) {
	for _, v := range []*Variant{Standard, Edgy, ASEAN} {
		g := NewGame(v)
		first := g.Legal()[0]
		if err := g.Play(first); err != nil {
			t.Fatal(err)
		}
		if err := g.Resign(White); err != nil {
			t.Fatal(err)
		}
		if want := (Result{BlackWins, Resignation}); g.Result() != want {
			t.Fatalf("%s: after White resigns: %v", v.ID, g.Result())
		}
		if err := g.Play(g.Position().Legal()[0]); !errors.Is(err, ErrGameOver) {
			t.Fatalf("%s: move after resignation: %v", v.ID, err)
		}
		for name, err := range map[string]error{"resign": g.Resign(Black), "agree": g.AgreeDraw(), "time": g.LoseOnTime(Black), "claim": g.ClaimDraw(FiftyMoves)} {
			if !errors.Is(err, ErrGameOver) {
				t.Errorf("%s: %s after resignation: %v", v.ID, name, err)
			}
		}
		if !g.Undo() || g.Result().Over() || len(g.Legal()) == 0 {
			t.Fatalf("%s: undo did not reopen the game: %v", v.ID, g.Result())
		}
		if !g.Redo() || g.Result() != (Result{BlackWins, Resignation}) {
			t.Fatalf("%s: redo did not restore the resignation: %v", v.ID, g.Result())
		}
		g.Undo()
		if err := g.AgreeDraw(); err != nil || g.Result() != (Result{Drawn, Agreement}) {
			t.Fatalf("%s: agreement: %v, %v", v.ID, err, g.Result())
		}
		if g.CanRedo() || len(g.History()) != 0 {
			t.Fatalf("%s: a declared result must end the line", v.ID)
		}
		g = NewGame(v)
		if err := g.LoseOnTime(Black); err != nil || g.Result() != (Result{WhiteWins, TimeForfeit}) {
			t.Fatalf("%s: time: %v, %v", v.ID, err, g.Result())
		}
		g = NewGame(v)
		if err := g.Abandon(White, false); err != nil || g.Result() != (Result{BlackWins, Abandonment}) {
			t.Fatalf("%s: abandoned: %v, %v", v.ID, err, g.Result())
		}
		if err := g.Abandon(Black, true); err == nil {
			t.Fatalf("%s: a finished game abandoned again", v.ID)
		}
		g = NewGame(v)
		if err := g.Abandon(Black, true); err != nil || g.Result() != (Result{Drawn, Abandonment}) {
			t.Fatalf("%s: abandoned, drawn: %v, %v", v.ID, err, g.Result())
		}
		if err := NewGame(v).Resign(Color(7)); err == nil {
			t.Errorf("%s: resigning for colour 7 accepted", v.ID)
		}
	}
	// A lone king cannot win on time.
	g := mustGame(t, Standard, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
	if err := g.LoseOnTime(White); err != nil || g.Result() != (Result{Drawn, TimeForfeit}) {
		t.Fatalf("lone king: %v, %v", err, g.Result())
	}
}

func TestResultText(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Result{}, "*"},
		{Result{WhiteWins, Checkmate}, "1-0 (checkmate)"},
		{Result{BlackWins, Resignation}, "0-1 (resignation)"},
		{Result{Drawn, Stalemate}, "1/2-1/2 (stalemate)"},
		{Result{Drawn, InsufficientMaterial}, "1/2-1/2 (insufficient material)"},
		{Result{Drawn, FivefoldRepetition}, "1/2-1/2 (fivefold repetition)"},
		{Result{Drawn, SeventyFiveMoves}, "1/2-1/2 (75-move rule)"},
		{Result{Drawn, CountingRule}, "1/2-1/2 (counting rule)"},
		{Result{Drawn, ThreefoldRepetition}, "1/2-1/2 (threefold repetition, claimed)"},
		{Result{Drawn, FiftyMoves}, "1/2-1/2 (50-move rule, claimed)"},
		{Result{Drawn, Agreement}, "1/2-1/2 (agreement)"},
		{Result{WhiteWins, TimeForfeit}, "1-0 (time forfeit)"},
		{Result{BlackWins, Abandonment}, "0-1 (abandonment)"},
		{Result{Drawn, NoReason}, "1/2-1/2"},
	}
	for _, tc := range tests {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.r, got, tc.want)
		}
	}
	for st := Ongoing; st <= Drawn; st++ {
		if back, ok := ParseStatus(st.PGN()); !ok || back != st {
			t.Errorf("ParseStatus(%q) = %v, %v", st.PGN(), back, ok)
		}
	}
	if _, ok := ParseStatus("2-0"); ok {
		t.Error("ParseStatus accepted 2-0")
	}
	if Reason(200).String() == "" {
		t.Error("unknown reason has no text")
	}
}

// Len and Captured follow the current position through undo and redo;
// en passant takes a pawn from a square the move does not land on.
func TestGameLenAndCaptured(t *testing.T) {
	g := NewGame(Standard)
	for _, m := range []string{"e4", "d5", "exd5", "c5", "dxc6", "Qxd2+", "Bxd2"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if g.Len() != 7 || g.Len() != len(g.History()) {
		t.Fatalf("Len %d, history %d", g.Len(), len(g.History()))
	}
	got := g.Captured()
	want := [2][]Piece{
		{MakePiece(Black, Queen), MakePiece(Black, Pawn), MakePiece(Black, Pawn)},
		{MakePiece(White, Pawn)},
	}
	if !slices.Equal(got[White], want[White]) || !slices.Equal(got[Black], want[Black]) {
		t.Errorf("captured %v, want %v", got, want)
	}
	g.Undo()
	g.Undo()
	if got := g.Captured(); g.Len() != 5 || len(got[White]) != 2 || len(got[Black]) != 0 {
		t.Errorf("after two undos: Len %d, captured %v", g.Len(), got)
	}
	g.Redo()
	if got := g.Captured(); len(got[Black]) != 1 || got[Black][0] != MakePiece(White, Pawn) {
		t.Errorf("after redo: captured %v", got)
	}
}

// A clone goes its own way: moves, undo and results on one leave the
// other as it was.
func TestGameClone(t *testing.T) {
	g := NewGame(Asha)
	for _, m := range []string{"e4", "e5", "Nf3"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	g.Undo()
	c := g.Clone()
	if c.Len() != 2 || !c.CanRedo() || c.Position().FEN() != g.Position().FEN() {
		t.Fatalf("clone: %d moves, redo %v, %s", c.Len(), c.CanRedo(), c.Position().FEN())
	}
	if _, err := c.PlayText("Nc3"); err != nil {
		t.Fatal(err)
	}
	c.Resign(White)
	if g.Len() != 2 || g.Result().Over() || !g.CanRedo() || g.Line()[2].SAN != "Nf3" {
		t.Errorf("the original changed with its clone: %d moves, %v", g.Len(), g.Result())
	}
	g.Redo()
	if c.Line()[2].SAN != "Nc3" || c.Len() != 3 {
		t.Errorf("the clone changed with the original: %v", c.Line())
	}
	if !g.Clone().Undo() || g.Len() != 3 {
		t.Error("undo on a clone moved the original")
	}
}

// A move is numbered as it is printed: "1." before White's, "1..."
// before Black's.
func TestRecordNumbered(t *testing.T) {
	g := NewGame(Standard)
	for _, san := range []string{"e4", "e5", "Nf3"} {
		if _, err := g.PlayText(san); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, r := range g.History() {
		got = append(got, r.Numbered()+r.SAN)
	}
	if strings.Join(got, " ") != "1.e4 1...e5 2.Nf3" {
		t.Errorf("numbered: %q", got)
	}
}
