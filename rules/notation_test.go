package rules

import (
	"strings"
	"testing"
)

// TestRoundTripRandomGames: in every position of seeded random games of
// every variant, every legal move reads back from what SAN writes.
func TestRoundTripRandomGames(t *testing.T) {
	games, plies := 12, 200
	if testing.Short() {
		games = 3
	}
	for _, v := range Variants() {
		t.Run(v.ID, func(t *testing.T) {
			var seen notationSeen
			for seed := uint64(1); seed <= uint64(games); seed++ {
				randomGame(v, seed, plies, func(p *Position, legal []Move) {
					checkRoundTrip(t, p, legal, &seen)
				})
			}
			t.Logf("%d moves; kinds %v, promotions %d, checks %d, mates %d", seen.moves, seen.kinds, seen.promotions, seen.checks, seen.mates)
		})
	}
}

// TestRoundTripTrees does the same for every position two plies deep
// (one with -short) from the perft positions and the reader's test
// positions, which are rich in castling, en passant, promotion and mate.
func TestRoundTripTrees(t *testing.T) {
	var roots []*Position
	for _, c := range perftCases {
		v, _ := VariantByID(c.variant)
		roots = append(roots, mustPosition(t, v, c.fen))
	}
	roots = append(roots, fuzzPositions(t)...)
	var seen notationSeen
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		legal := p.Legal()
		checkRoundTrip(t, p, legal, &seen)
		if depth == 0 {
			return
		}
		for _, m := range legal {
			p.Make(m)
			walk(p, depth-1)
			p.Unmake()
		}
	}
	depth := 2
	if testing.Short() {
		depth = 1
	}
	for _, p := range roots {
		walk(p, depth)
	}
	t.Logf("%d moves; kinds %v, promotions %d, checks %d, mates %d", seen.moves, seen.kinds, seen.promotions, seen.checks, seen.mates)
	if testing.Short() {
		return
	}
	for k := Quiet; k < numKinds; k++ {
		if seen.kinds[k] == 0 {
			t.Errorf("no %v move was written", k)
		}
	}
	if seen.promotions == 0 || seen.checks == 0 || seen.mates == 0 {
		t.Errorf("promotions %d, checks %d, mates %d: the trees miss a case", seen.promotions, seen.checks, seen.mates)
	}
}

type notationSeen struct {
	moves, promotions, checks, mates int
	kinds                            [numKinds]int
}

// checkRoundTrip checks every legal move of p: SAN is unique among the
// legal moves, has the shape its kind calls for, carries + or # exactly
// when the move checks or mates, and reads back (also without +/#, and
// from UCI) as the same move.
func checkRoundTrip(t *testing.T, p *Position, legal []Move, seen *notationSeen) {
	t.Helper()
	written := map[string]Move{}
	for _, m := range legal {
		s := p.SAN(m)
		if prev, dup := written[s]; dup {
			t.Fatalf("%s: %v and %v both written %q", p.FEN(), prev, m, s)
		}
		written[s] = m
		seen.moves++
		seen.kinds[m.Kind()]++
		if m.Promotion() != NoPieceType {
			seen.promotions++
		}

		body := strings.TrimRight(s, "+#")
		c := p.Clone()
		c.Make(m)
		wantSuffix := ""
		if c.InCheck() {
			wantSuffix = "+"
			seen.checks++
			if len(c.Legal()) == 0 {
				wantSuffix = "#"
				seen.mates++
			}
		}
		if s[len(body):] != wantSuffix {
			t.Fatalf("%s: %v written %q, want suffix %q", p.FEN(), m, s, wantSuffix)
		}
		switch k := m.Kind(); {
		case k.IsStep():
			want := m.From().String() + "~" + m.To().String()
			if pt := p.PieceAt(m.From()).Type(); pt != Pawn {
				want = string(pt.Letter()) + want
			}
			if !strings.HasPrefix(body, want) {
				t.Fatalf("%s: step %v written %q, want %q", p.FEN(), m, s, want)
			}
		case k == Castling:
			if body != "O-O" && body != "O-O-O" {
				t.Fatalf("%s: castle %v written %q", p.FEN(), m, s)
			}
		case strings.Contains(body, "~"):
			t.Fatalf("%s: %v move %v written with a tilde: %q", p.FEN(), k, m, s)
		}

		for _, text := range []string{s, body, m.UCI()} {
			got, err := p.ParseMove(text)
			if err != nil || got != m {
				t.Fatalf("%s: %v written %q reads back as %v, %v", p.FEN(), m, text, got, err)
			}
		}
	}
}

func mustPosition(t testing.TB, v *Variant, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s %q: %v", v.ID, fen, err)
	}
	return p
}

// legalMove finds the legal move with this UCI text, failing the test if
// there is none.
func legalMove(t testing.TB, p *Position, uci string) Move {
	t.Helper()
	for _, m := range p.Legal() {
		if m.UCI() == uci {
			return m
		}
	}
	t.Fatalf("%s: %s is not legal", p.FEN(), uci)
	return NoMove
}

// TestSANExamples writes every notation example of RULES.md, plus the
// Asha cases the rule book singles out, and reads each one back.
func TestSANExamples(t *testing.T) {
	tests := []struct {
		name string
		v    *Variant
		fen  string
		uci  string
		kind Kind
		want string
	}{
		// Asha: steps name their origin and use a tilde.
		{"king's step", Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "b1b2", KingsStep, "Nb1~b2"},
		{"sideways step", Asha, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "e4d4", PawnLateral, "e4~d4"},
		{"diagonal step", Asha, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "e4d5", PawnDiagonal, "e4~d5"},
		{"diagonal step promotes", Asha, "8/4P3/k7/8/8/8/8/4K3 w - - 0 1", "e7f8q", PawnDiagonal, "e7~f8=Q"},
		{"step gives check", Asha, "8/8/2k5/8/4N3/8/8/4K3 w - - 0 1", "e4d4", KingsStep, "Ne4~d4+"},
		{"rook step checks next to the king", Asha, "3k4/5R2/8/8/8/8/8/4K3 w - - 0 1", "f7e8", KingsStep, "Rf7~e8+"},
		{"classical rival only by step", Asha, "4k3/8/8/8/8/4N3/8/1N2K3 w - - 0 1", "b1d2", Quiet, "Nd2"},
		{"the stepping rival", Asha, "4k3/8/8/8/8/4N3/8/1N2K3 w - - 0 1", "e3d2", KingsStep, "Ne3~d2"},
		{"classical rival still counts", Asha, "4k3/8/8/8/8/4NN2/8/1N2K3 w - - 0 1", "b1d2", Quiet, "Nbd2"},
		{"classical rival still counts, other side", Asha, "4k3/8/8/8/8/4NN2/8/1N2K3 w - - 0 1", "f3d2", Quiet, "Nfd2"},
		{"discovered check by a king's step", Asha, "4k3/8/8/8/8/8/4B3/K3R3 w - - 0 1", "e2d2", KingsStep, "Be2~d2+"},
		{"king's step along the pin line, no check", Asha, "4k3/8/8/8/8/8/4B3/K3R3 w - - 0 1", "e2e3", KingsStep, "Be2~e3"},
		{"discovered check by a sideways step", Asha, "4k3/8/8/8/8/8/4P3/K3R3 w - - 0 1", "e2d2", PawnLateral, "e2~d2+"},
		{"discovered check by a diagonal step", Asha, "4k3/8/8/8/8/8/4P3/K3R3 w - - 0 1", "e2d3", PawnDiagonal, "e2~d3+"},
		{"diagonal-step promotion with check", Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7f8q", PawnDiagonal, "e7~f8=Q+"},
		{"diagonal-step underpromotion with check", Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7f8b", PawnDiagonal, "e7~f8=B+"},
		{"diagonal-step underpromotion without check", Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7f8r", PawnDiagonal, "e7~f8=R"},
		{"diagonal-step promotion mates", Asha, "7k/4P1pp/8/8/8/8/8/4K3 w - - 0 1", "e7f8q", PawnDiagonal, "e7~f8=Q#"},
		{"asha classical move", Asha, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", Quiet, "Nf3"},
		{"asha castles", Asha, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", Castling, "O-O"},
		{"asha en passant", Asha, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", EnPassant, "exd6"},
		{"asha step beside the en passant square", Asha, "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1", "e5f6", PawnDiagonal, "e5~f6"},

		// Edgy: a pawn move by destination, captures by origin file.
		{"edgy pawn move", Edgy, "7k/8/8/4Pp2/5P2/8/4P3/K7 w - - 0 1", "e2f3", Quiet, "f3"},
		{"edgy capture sideways", Edgy, "7k/8/8/4Pp2/5P2/8/4P3/K7 w - - 0 1", "e5f5", Capture, "exf5"},
		{"edgy capture straight up", Edgy, "7k/8/8/4Pp2/5P2/8/4P3/K7 w - - 0 1", "f4f5", Capture, "fxf5"},
		{"edgy O-O", Edgy, "4r2k/8/8/R7/7r/8/8/K2R4 w KQkq - 0 1", "a1c1", Castling, "O-O"},
		{"edgy O-O-O", Edgy, "4r2k/8/8/R7/7r/8/8/K2R4 w KQkq - 0 1", "a1a3", Castling, "O-O-O"},
		{"edgy black O-O", Edgy, "4r2k/8/8/R7/7r/8/8/K2R4 b KQkq - 0 1", "h8f8", Castling, "O-O"},
		{"edgy black O-O-O", Edgy, "4r2k/8/8/R7/7r/8/8/K2R4 b KQkq - 0 1", "h8h6", Castling, "O-O-O"},

		// Diagonal chess: origin file when two pawns reach the square,
		// origin rank too when two pawns on one file can capture.
		{"diagonal ab4", DiagonalChess, "7k/8/8/8/P7/1P6/8/K7 w - - 0 1", "a4b4", Quiet, "ab4"},
		{"diagonal bb4", DiagonalChess, "7k/8/8/8/P7/1P6/8/K7 w - - 0 1", "b3b4", Quiet, "bb4"},
		{"diagonal lone pawn move", DiagonalChess, "7k/8/8/8/P7/1P6/8/K7 w - - 0 1", "a4a5", Quiet, "a5"},
		{"diagonal double step", DiagonalChess, "7k/8/8/8/P7/1P6/8/K7 w - - 0 1", "b3b5", DoubleStep, "b5"},
		{"diagonal bxc5", DiagonalChess, "7k/8/8/2p5/1P6/8/8/K7 w - - 0 1", "b4c5", Capture, "bxc5"},
		{"diagonal b4xc5", DiagonalChess, "7k/8/1P6/2p5/1P6/8/8/K7 w - - 0 1", "b4c5", Capture, "b4xc5"},
		{"diagonal b6xc5", DiagonalChess, "7k/8/1P6/2p5/1P6/8/8/K7 w - - 0 1", "b6c5", Capture, "b6xc5"},
		{"diagonal O-O", DiagonalChess, "4r2k/8/8/7r/R7/8/8/K2R4 w KQkq - 0 1", "a1c1", Castling, "O-O"},
		{"diagonal O-O-O", DiagonalChess, "4r2k/8/8/7r/R7/8/8/K2R4 w KQkq - 0 1", "a1a3", Castling, "O-O-O"},
		{"diagonal8 black O-O-O", Diagonal8, "4r2k/8/8/7r/R7/8/8/K2R4 b KQkq - 0 1", "h8h6", Castling, "O-O-O"},

		// ASEAN promotes to a Ferz, written =Q.
		{"asean promotion", ASEAN, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e5e6q", Quiet, "e6=Q"},
		{"asean capture promotion", ASEAN, "4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1", "e5d6q", Capture, "exd6=Q"},

		// Standard SAN.
		{"O-O", Standard, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", Castling, "O-O"},
		{"O-O-O", Standard, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", Castling, "O-O-O"},
		{"O-O with check", Standard, "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", Castling, "O-O+"},
		{"file disambiguation", Standard, "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", Quiet, "Qee1"},
		{"rank disambiguation", Standard, "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", Quiet, "Q1e1"},
		{"square disambiguation", Standard, "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", Quiet, "Qh4e1"},
		{"pinned rival is no rival", Standard, "4k3/8/8/8/1b6/6N1/3N4/4K3 w - - 0 1", "g3e4", Quiet, "Ne4"},
		{"promotion", Standard, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n", Quiet, "e8=N"},
		{"capture promotion with check", Standard, "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e7d8q", Capture, "exd8=Q"},
		{"en passant", Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", EnPassant, "exd6"},
		{"mate", Standard, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", Quiet, "Ra8#"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, tc.v, tc.fen)
			m := legalMove(t, p, tc.uci)
			if m.Kind() != tc.kind {
				t.Errorf("%s is %v, want %v", tc.uci, m.Kind(), tc.kind)
			}
			if got := p.SAN(m); got != tc.want {
				t.Errorf("SAN(%s) = %q, want %q", tc.uci, got, tc.want)
			}
			if got, err := p.ParseMove(tc.want); err != nil || got != m {
				t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.want, got, err, m)
			}
		})
	}
}

// TestSANIllegalMove: a move that is not legal is written in UCI, so a
// caller's mistake still shows which move it was.
func TestSANIllegalMove(t *testing.T) {
	p := NewPosition(Standard)
	if got := p.SAN(newMove(sq("e2"), sq("e5"), Quiet, NoPieceType)); got != "e2e5" {
		t.Errorf("SAN of an illegal move = %q, want e2e5", got)
	}
}

// TestSANLeavesPositionAlone: writing a move must not change the position.
func TestSANLeavesPositionAlone(t *testing.T) {
	p := mustPosition(t, Asha, "7k/4P1pp/8/8/8/8/8/4K3 w - - 0 1")
	before, key := p.FEN(), p.Key()
	for _, m := range p.Legal() {
		p.SAN(m)
	}
	if p.FEN() != before || p.Key() != key || p.LastMove() != NoMove {
		t.Errorf("SAN changed the position: %s", p.FEN())
	}
}

// BenchmarkSAN writes every legal move of a busy middlegame position.
func BenchmarkSAN(b *testing.B) {
	p := mustPosition(b, Standard, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	legal := p.Legal()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, m := range legal {
			p.SAN(m)
		}
	}
}

// BenchmarkParseMove reads every legal move of the same position back.
func BenchmarkParseMove(b *testing.B) {
	p := mustPosition(b, Standard, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var texts []string
	for _, m := range p.Legal() {
		texts = append(texts, p.SAN(m))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range texts {
			if _, err := p.ParseMove(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
