package rules

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

// TestParseMoveForgiving: what people and other programs write, read as
// the move it means.
func TestParseMoveForgiving(t *testing.T) {
	const (
		castles   = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		ep        = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
		promotion = "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1"
	)
	tests := []struct {
		v       *Variant
		fen, in string
		wantUCI string
	}{
		{Standard, castles, "O-O", "e1g1"},
		{Standard, castles, "0-0", "e1g1"},
		{Standard, castles, "o-o-o", "e1c1"},
		{Standard, castles, "0-0-0+", "e1c1"},
		{Standard, castles, "e1g1", "e1g1"},
		{Standard, ep, "exd6", "e5d6"},
		{Standard, ep, "exd6 e.p.", "e5d6"},
		{Standard, ep, "exd6e.p.", "e5d6"},
		{Standard, ep, "exd6 e.p.!", "e5d6"},
		{Standard, ep, "ed6", "e5d6"},
		{Standard, ep, "e5d6", "e5d6"},
		{Standard, ep, "e5xd6", "e5d6"},
		{Standard, "", "Nf3!?", "g1f3"},
		{Standard, "", "Nf3+", "g1f3"},
		{Standard, "", "Nf3#", "g1f3"},
		{Standard, "", "  e4  ", "e2e4"},
		{Standard, "", "nf3", "g1f3"},
		{Standard, "", "Ng1f3", "g1f3"},
		{Standard, "", "Ng1-f3", "g1f3"},
		{Standard, "", "Ngf3", "g1f3"},
		{Standard, "", "N1f3", "g1f3"},
		{Standard, "", "Pe4", "e2e4"},
		{Standard, "", "e2-e4", "e2e4"},
		{Standard, "", "ee4", "e2e4"},
		{Standard, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1", "bb5", "c4b5"},
		{Standard, "4k3/8/8/2p5/1P6/3B4/8/4K3 w - - 0 1", "bxc5", "b4c5"},
		{Standard, "4k3/8/8/2p5/8/B7/8/4K3 w - - 0 1", "bxc5", "a3c5"},
		{Standard, promotion, "exd8=Q", "e7d8q"},
		{Standard, promotion, "exd8Q", "e7d8q"},
		{Standard, promotion, "exd8q", "e7d8q"},
		{Standard, promotion, "exd8=n", "e7d8n"},
		{Standard, promotion, "exd8(R)", "e7d8r"},
		{Standard, promotion, "exd8/B", "e7d8b"},
		{Standard, promotion, "e7d8q", "e7d8q"},
		{Standard, promotion, "e7d8Q", "e7d8q"},
		{Standard, promotion, "e8=Q+", "e7e8q"},
		{ASEAN, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e6", "e5e6q"},
		{ASEAN, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e6=Q", "e5e6q"},
		{ASEAN, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e5e6", "e5e6q"},
		{Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "Nb1~b2", "b1b2"},
		{Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "nb1~b2", "b1b2"},
		{Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "b1~b2", "b1b2"},
		{Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "b1b2", "b1b2"},
		{Asha, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "e4~d5!", "e4d5"},
		{Asha, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "Pe4~d4", "e4d4"},
		{Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7~f8=Q+", "e7f8q"},
		{Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7~f8q", "e7f8q"},
		{Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7f8n", "e7f8n"},
		{Asha, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra1~a2", "a1a2"}, // an ordinary move written as a step
		{Edgy, "4r2k/8/8/R7/7r/8/8/K2R4 w KQkq - 0 1", "O-O-O", "a1a3"},
		{Edgy, "4r2k/8/8/R7/7r/8/8/K2R4 w KQkq - 0 1", "a1c1", "a1c1"},
		{DiagonalChess, "7k/8/1P6/2p5/1P6/8/8/K7 w - - 0 1", "b4xc5", "b4c5"},
		{DiagonalChess, "7k/8/1P6/2p5/1P6/8/8/K7 w - - 0 1", "b6c5", "b6c5"},
		{DiagonalChess, "7k/8/8/8/P7/1P6/8/K7 w - - 0 1", "a4b4", "a4b4"},
		{DiagonalChess, "7k/8/8/8/P7/1P6/8/K7 w - - 0 1", "b3-b4", "b3b4"},
	}
	for _, tc := range tests {
		fen := tc.fen
		if fen == "" {
			fen = tc.v.StartFEN
		}
		p := mustPosition(t, tc.v, fen)
		m, err := p.ParseMove(tc.in)
		if err != nil {
			t.Errorf("%s %s: ParseMove(%q): %v", tc.v.ID, fen, tc.in, err)
			continue
		}
		if m.UCI() != tc.wantUCI || !p.IsLegal(m) {
			t.Errorf("%s %s: ParseMove(%q) = %v (%v), want %s", tc.v.ID, fen, tc.in, m, m.Kind(), tc.wantUCI)
		}
	}
}

// TestParseMoveRefused: malformed, illegal and ambiguous texts give a
// *MoveError saying which, why, and what they could have meant.
func TestParseMoveRefused(t *testing.T) {
	tests := []struct {
		v          *Variant
		fen, in    string
		problem    MoveProblem
		reason     string   // part of the reason
		candidates []string // SAN of the candidates, in any order
	}{
		{Standard, "", "", MoveMalformed, "no move", nil},
		{Standard, "", "   ", MoveMalformed, "no move", nil},
		{Standard, "", "+!", MoveMalformed, "annotation", nil},
		{Standard, "", "e9", MoveMalformed, `"e9" is not a square`, nil},
		{Standard, "", "i4", MoveMalformed, `"i4" is not a square`, nil},
		{Standard, "", "Nf", MoveMalformed, "neither a square nor a promotion", nil},
		{Standard, "", "Zf3", MoveMalformed, "not a piece letter", nil},
		{Standard, "", "Nf3e4g5", MoveMalformed, "not a piece letter and origin", nil},
		{Standard, "", "hello", MoveMalformed, "", nil},
		{Standard, "", "e4=", MoveMalformed, "", nil},
		{Standard, "", "Q", MoveMalformed, "SAN ends with the destination square", nil},
		{Standard, "", "e4Qx", MoveMalformed, "neither a square nor a promotion", nil},
		{Standard, "", "e4=QQ", MoveMalformed, "SAN ends with the destination square", nil},
		{Standard, "", "e8=P", MoveMalformed, "", nil},
		{Standard, "", "0000", MoveMalformed, "null move", nil},
		{Standard, "", "e4~", MoveMalformed, "destination", nil},
		{Standard, "", "~e4", MoveMalformed, "origin", nil},
		{Standard, "", "Zb1~b2", MoveMalformed, "not a piece letter", nil},
		{Standard, "", "e2e4x", MoveMalformed, "not a piece letter", nil},
		{Standard, "", "é4", MoveMalformed, "unexpected character", nil},
		{Standard, "", strings.Repeat("e4", 30), MoveMalformed, "too long", nil},

		{Standard, "", "e5", MoveIllegal, "no pawn can move to e5", nil},
		{Standard, "", "Nd4", MoveIllegal, "no knight can move to d4", []string{"d4", "Na3", "Nc3", "Nf3", "Nh3"}},
		{Standard, "", "Ke2", MoveIllegal, "e2 holds a white piece", nil},
		{Standard, "", "Qh5", MoveIllegal, "no queen can move to h5", []string{}},
		{Standard, "", "Nbd2", MoveIllegal, "no knight on the b-file can move to d2: d2 holds a white piece", []string{"Na3", "Nc3"}},
		{Standard, "", "O-O", MoveIllegal, "occupied", nil},
		{Standard, "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "O-O-O", MoveIllegal, "lost the right", []string{"O-O"}},
		{Standard, "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", MoveIllegal, "attacked square", []string{"O-O-O"}},
		{Standard, "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", MoveIllegal, "out of check", nil},
		{Standard, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", MoveIllegal, "O-O", []string{"O-O"}},
		{Standard, "", "e2e5", MoveIllegal, "the pawn on e2 cannot move to e5", []string{"e3", "e4"}},
		{Standard, "", "e3e4", MoveIllegal, "white has no piece on e3", []string{"e4"}},
		{Standard, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", MoveIllegal, "leave the white king in check", nil},
		{Standard, "4k3/4r3/8/8/8/8/3N4/4K3 w - - 0 1", "Nf3", MoveIllegal, "in check and the move does not end it", nil},
		{Standard, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Ne4", MoveIllegal, "white has no knight", nil},
		{Standard, "", "exd3", MoveIllegal, "nothing to capture", []string{"d3", "e3", "e4"}},
		{Standard, "4k3/4P3/5K2/8/8/8/8/8 b - - 0 1", "Kxe7", MoveIllegal, "the king would be in check on e7", nil},
		{Standard, "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "Ra8", MoveIllegal, "black has no rook", nil},
		{Standard, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "Kh8", MoveIllegal, "no legal moves", nil},
		{Standard, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=K", MoveIllegal, "cannot promote to king", []string{"e8=Q", "e8=R", "e8=B", "e8=N"}},
		{Standard, "8/8/8/8/4P3/8/k7/4K3 w - - 0 1", "e5=Q", MoveIllegal, "does not promote", []string{"e5"}},
		{Asha, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nb1~b2", MoveIllegal, "cannot move to b2", []string{"Na3", "Nc3"}},
		{Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "Bb1~b2", MoveIllegal, "is a knight, not a bishop", []string{"Nb1~b2"}},
		{Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "Nb2", MoveIllegal, "tilde", []string{"Nb1~b2"}},
		{Asha, "rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "e4~e5", MoveIllegal, "no piece on e4", nil},
		{Asha, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "e4~d5", MoveIllegal, "never captures", []string{"exd5"}},
		{Asha, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5~d6", MoveIllegal, "never captures", []string{"exd6"}},
		{Asha, "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1", "exd6", MoveIllegal, "taking en passant would leave the white king in check", nil},
		{Standard, "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1", "exd6 e.p.", MoveIllegal, "taking en passant would leave the white king in check", []string{"e6"}},

		{Standard, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", MoveAmbiguous, "more than one knight", []string{"Nbd2", "Nfd2"}},
		{Standard, "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qhe1", MoveAmbiguous, "more than one queen", []string{"Qh4e1", "Q1e1"}},
		{Standard, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8", MoveAmbiguous, "needs its piece", []string{"e8=Q", "e8=R", "e8=B", "e8=N"}},
		{Standard, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8", MoveAmbiguous, "needs its piece", []string{"e8=Q", "e8=R", "e8=B", "e8=N"}},
		{Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7~f8", MoveAmbiguous, "needs its piece", []string{"e7~f8=Q+", "e7~f8=R", "e7~f8=B+", "e7~f8=N"}},
		{DiagonalChess, "7k/8/8/8/P7/1P6/8/K7 w - - 0 1", "b4", MoveAmbiguous, "more than one pawn", []string{"ab4", "bb4"}},
		{DiagonalChess, "7k/8/1P6/2p5/1P6/8/8/K7 w - - 0 1", "bxc5", MoveAmbiguous, "more than one pawn", []string{"b4xc5", "b6xc5"}},
	}
	for _, tc := range tests {
		fen := tc.fen
		if fen == "" {
			fen = tc.v.StartFEN
		}
		p := mustPosition(t, tc.v, fen)
		m, err := p.ParseMove(tc.in)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("%s %s: ParseMove(%q) = %v, %v; want a *MoveError", tc.v.ID, fen, tc.in, m, err)
			continue
		}
		if m != NoMove || me.Problem != tc.problem || !strings.Contains(me.Reason, tc.reason) || !strings.HasPrefix(strings.TrimSpace(tc.in), strings.TrimSuffix(me.Input, "...")) {
			t.Errorf("%s %s: ParseMove(%q): %v, %s; want %s containing %q", tc.v.ID, fen, tc.in, m, err, tc.problem, tc.reason)
		}
		if !strings.HasPrefix(err.Error(), tc.problem.String()+" move ") {
			t.Errorf("ParseMove(%q): error %q does not start with the problem", tc.in, err)
		}
		if tc.candidates != nil && !sameStrings(me.CandidateSAN, tc.candidates) {
			t.Errorf("%s %s: ParseMove(%q) candidates %v, want %v", tc.v.ID, fen, tc.in, me.CandidateSAN, tc.candidates)
		}
		if len(me.CandidateSAN) != len(me.Candidates) {
			t.Errorf("ParseMove(%q): %d candidates but %d written", tc.in, len(me.Candidates), len(me.CandidateSAN))
		}
		for _, c := range me.Candidates {
			if !p.IsLegal(c) {
				t.Errorf("ParseMove(%q): candidate %v is not legal", tc.in, c)
			}
		}
		if len(me.Candidates) > 0 && !strings.Contains(err.Error(), "it could mean "+me.CandidateSAN[0]) {
			t.Errorf("ParseMove(%q): error %q does not list the candidates", tc.in, err)
		}
	}
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[string]int{}
	for _, s := range a {
		count[s]++
	}
	for _, s := range b {
		count[s]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

// fuzzPositions are positions the fuzzer reads moves in: every start
// position and a few with promotions, en passant, castling and steps.
func fuzzPositions(t testing.TB) []*Position {
	var ps []*Position
	for _, v := range Variants() {
		ps = append(ps, NewPosition(v))
	}
	for _, f := range []struct {
		v   *Variant
		fen string
	}{
		{Standard, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
		{Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
		{Asha, "8/4P3/7k/8/8/8/8/4K3 w - - 0 1"},
		{Asha, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"},
		{DiagonalChess, "7k/8/1P6/2p5/1P6/8/8/K7 w - - 0 1"},
		{Edgy, "4r2k/8/8/R7/7r/8/8/K2R4 w KQkq - 0 1"},
		{ASEAN, "4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1"},
		{Chess960, "1k6/8/8/8/8/8/8/RK5R w KQ - 0 1"},
		{Chess960, "rk5r/8/8/8/8/8/8/1K3RR1 w Kkq - 0 1"},
	} {
		ps = append(ps, mustPosition(t, f.v, f.fen))
	}
	return ps
}

// FuzzParseMove: no input panics the reader; what it accepts is legal and
// reads back from its own SAN; what it refuses comes with a reason.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6 e.p.", "e8=Q", "e7e8q", "Nb1~b2", "e4~d5", "e7~f8=Q+",
		"b4xc5", "ab4", "Qh4e1", "bxc5", "nf3", "e5e6", "", "~", "x", "=Q", "Kxe7#!?", "a1~a1", "(Q)", "e.p.", "--"} {
		f.Add(s)
	}
	ps := fuzzPositions(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, p := range ps {
			checkParse(t, p, in)
		}
	})
}

// TestParseMoveRandomText runs the fuzz checks over seeded random texts
// made of the characters moves are written with, in every test run.
func TestParseMoveRandomText(t *testing.T) {
	ps := fuzzPositions(t)
	rng := rand.New(rand.NewSource(7))
	const alphabet = "abcdefghKQRBNPkqrbnp12345678xX:-=~+#!?()/ .0Oe"
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.Intn(9))
		for j := range b {
			b[j] = alphabet[rng.Intn(len(alphabet))]
		}
		checkParse(t, ps[i%len(ps)], string(b))
	}
}

func checkParse(t *testing.T, p *Position, in string) {
	t.Helper()
	before := p.FEN()
	m, err := p.ParseMove(in)
	if p.FEN() != before {
		t.Fatalf("ParseMove(%q) changed the position", in)
	}
	if err != nil {
		var me *MoveError
		if !errors.As(err, &me) || me.Reason == "" || me.Problem == 0 || m != NoMove || len(me.Input) > maxMoveText+3 {
			t.Fatalf("ParseMove(%q) in %s: %v, %#v", in, before, m, err)
		}
		return
	}
	if !p.IsLegal(m) {
		t.Fatalf("ParseMove(%q) in %s = %v, not legal", in, before, m)
	}
	if back, err := p.ParseMove(p.SAN(m)); err != nil || back != m {
		t.Fatalf("ParseMove(%q) in %s = %v written %q, read back as %v, %v", in, before, m, p.SAN(m), back, err)
	}
}
