package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestChess960Starts(t *testing.T) {
	seen := map[string]bool{}
	for n := 0; n < 960; n++ {
		fen, err := Chess960Start(n)
		if err != nil {
			t.Fatal(err)
		}
		p := mustFEN(t, "chess960", fen)
		rank := strings.Fields(fen)[0][len("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"):]
		if seen[rank] {
			t.Fatalf("start %d repeats %s", n, rank)
		}
		seen[rank] = true
		// Bishops on opposite colours, the king between the rooks.
		b := p.Pieces(White, Bishop).Squares()
		if len(b) != 2 || (b[0].File()+b[1].File())%2 == 0 {
			t.Errorf("start %d (%s): bishops on %v", n, rank, b)
		}
		r, k := p.Pieces(White, Rook).Squares(), p.King(White)
		if len(r) != 2 || !(r[0] < k && k < r[1]) {
			t.Errorf("start %d (%s): king %s, rooks %v", n, rank, k, r)
		}
		if got, ok := Chess960Number(p); !ok || got != n {
			t.Errorf("Chess960Number(start %d) = %d, %v", n, got, ok)
		}
		if len(p.Castles()) != 4 || p.CastlingRights() != 15 || strings.Fields(p.FEN())[2] != "KQkq" {
			t.Errorf("start %d: castles %v, FEN %s", n, p.Castles(), p.FEN())
		}
	}
	// Numbers as the standard numbering (and python-chess) give them.
	for n, want := range map[int]string{0: "BBQNNRKR", 1: "BQNBNRKR", 518: "RNBQKBNR", 631: "RNBKQRNB", 909: "RKQBRNBN", 959: "RKRNNQBB"} {
		fen, _ := Chess960Start(n)
		if !strings.Contains(fen, "/"+want+" ") {
			t.Errorf("start %d = %s, want %s", n, fen, want)
		}
	}
	if fen, _ := Chess960Start(518); fen != Standard.StartFEN || fen != Chess960.StartFEN {
		t.Errorf("start 518 = %s", fen)
	}
	for _, n := range []int{-1, 960} {
		if _, err := Chess960Start(n); err == nil {
			t.Errorf("Chess960Start(%d) accepted", n)
		}
	}
	p := mustFEN(t, "chess960", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if n, ok := Chess960Number(p); !ok || n != 518 {
		t.Errorf("a pawn move keeps the start's back ranks: %d %v", n, ok)
	}
	p = mustFEN(t, "chess960", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1")
	if _, ok := Chess960Number(p); ok {
		t.Error("a back rank with a knight gone is no start")
	}
}

// TestChess960CastlingProbes covers each condition of Chess960 castling,
// with the king and rook next to each other, the king or the rook already
// on its destination, and other pieces in the way.
func TestChess960CastlingProbes(t *testing.T) {
	c := func(name, pieces, rights, want string) probe {
		return probe{name: name, variant: "chess960", fen: board(pieces) + " w " + rights + " - 0 1", kind: "castling", want: want}
	}
	runProbes(t, []probe{
		c("start 518 castles as chess", "Ke1 Ra1 Rh1 ke8 ra8 rh8", "KQkq", "e1h1:castling e1a1:castling"),
		c("adjacent on the a-side: b1→c1, a1→d1", "Kb1 Ra1 kg8", "Q", "b1a1:castling"),
		c("adjacent on the a-side, d1 taken", "Kb1 Ra1 Nd1 kg8", "Q", ""),
		c("adjacent on the h-side: king and rook swap", "Kf1 Rg1 kb8", "K", "f1g1:castling"),
		c("adjacent, swap refused when f1... g1 is attacked", "Kf1 Rg1 kb8 rg8", "K", ""),
		c("adjacent: the rook shielded g1 from h1", "Kf1 Rg1 kb8 rh1", "K", ""),
		c("king on its target g1: only the rook moves", "Kg1 Rh1 kb8", "K", "g1h1:castling"),
		c("king on g1: f1 must be empty", "Kg1 Rh1 Bf1 kb8", "K", ""),
		c("king on g1: f1 may be attacked, only the rook crosses it", "Kg1 Rh1 kb8 rf8", "K", "g1h1:castling"),
		c("king on c1: b1 and d1 empty", "Kc1 Ra1 kg8", "Q", "c1a1:castling"),
		c("king on c1: b1 taken", "Kc1 Ra1 Nb1 kg8", "Q", ""),
		c("king on c1: rook b1 shielded it from a1", "Kc1 Rb1 kg8 ra1", "Q", ""),
		c("rook on its target f1: king b1 crosses it", "Kb1 Rf1 kb8", "K", "b1f1:castling"),
		c("rook on f1: a square it stands on may not be attacked", "Kb1 Rf1 kb8 rf8", "K", ""),
		c("rook on its target d1: b1 need not be empty", "Ke1 Rd1 Nb1 Na1 kg8", "Q", "e1d1:castling"),
		c("rook on d1: c1 must be empty", "Ke1 Rd1 Bc1 kg8", "Q", ""),
		c("another rook between king and target", "Kb1 Rd1 Rh1 kb8", "K", ""),
		c("the inner rook castles past the outer one", "Kb1 Rd1 Rh1 kb8", "D", "b1d1:castling"),
		c("a rook between the castling rook and its target", "Kf1 Rb1 Ra1 kg8", "A", ""),
		c("the inner rook of one side castles", "Kf1 Rb1 Ra1 kg8", "B", "f1b1:castling"),
		c("no castling out of check", "Kb1 Ra1 Rh1 kb8 rb7", "KQ", ""),
		c("a crossed square attacked", "Kb1 Ra1 Rh1 kb8 re7", "KQ", "b1a1:castling"),
		c("the landing square attacked", "Kb1 Ra1 Rh1 kb8 nh3", "KQ", "b1a1:castling"),
		c("a square only the rook crosses may be attacked", "Ke1 Ra1 Rh1 kb8 rb7", "KQ", "e1a1:castling e1h1:castling"),
	})
	black := probe{name: "black mirrors white", variant: "chess960", fen: board("Kb1 kf8 rg8 ra8") + " b kq - 0 1", kind: "castling", want: "f8g8:castling f8a8:castling"}
	black.check(t)
}

func TestChess960MakeUnmake(t *testing.T) {
	cases := []struct{ pieces, rights, move, after string }{
		{"Kf1 Rg1 Ra1 ke8 rh8", "KQk", "f1g1", board("Rf1 Kg1 Ra1 ke8 rh8") + " b k - 1 1"},
		{"Kg1 Rh1 Ra1 ke8 rh8", "KQk", "g1h1", board("Kg1 Rf1 Ra1 ke8 rh8") + " b k - 1 1"},
		{"Kb1 Ra1 Rh1 ke8 rh8", "KQk", "b1a1", board("Kc1 Rd1 Rh1 ke8 rh8") + " b k - 1 1"},
		{"Kb1 Rd1 Rh1 ke8 rh8", "Dk", "b1d1", board("Kg1 Rf1 Rh1 ke8 rh8") + " b k - 1 1"},
		{"Ke1 Rd1 Nb1 ke8 rh8", "Qk", "e1d1", board("Kc1 Rd1 Nb1 ke8 rh8") + " b k - 1 1"},
	}
	for _, c := range cases {
		p := mustFEN(t, "chess960", board(c.pieces)+" w "+c.rights+" - 0 1")
		before, key := p.FEN(), p.Key()
		m := playUCI(t, p, c.move)
		if got := p.FEN(); got != c.after {
			t.Errorf("%s %s: got %s, want %s", before, c.move, got, c.after)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("%s %s: incremental key differs", before, c.move)
		}
		p.Unmake()
		if p.FEN() != before || p.Key() != key {
			t.Errorf("%s %s: unmake gave %s", before, c.move, p.FEN())
		}
		if cr, ok := p.CastleOf(m); !ok || cr.King != m.From() || cr.Rook != m.To() {
			t.Errorf("%s: CastleOf(%s) = %+v, %v", before, m, cr, ok)
		}
	}
	// Moving or losing a rook ends its right only.
	p := mustFEN(t, "chess960", board("Kb1 Ra1 Rh1 kb8 ra8 rh8")+" w KQkq - 0 1")
	playUCI(t, p, "h1h8")
	if got := strings.Fields(p.FEN())[2]; got != "Qq" {
		t.Errorf("after Rxh8: rights %s", got)
	}
}

func TestChess960FEN(t *testing.T) {
	trips := []struct{ in, out string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9"},
		{"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w kq - 0 9"},
		// An inner rook's right is written by its file, the outer one's as K/Q.
		{board("Kb1 Rd1 Rh1 kb8 rd8 rh8") + " w Dd - 0 1", board("Kb1 Rd1 Rh1 kb8 rd8 rh8") + " w Dd - 0 1"},
		{board("Kb1 Rd1 Rh1 kb8 rd8 rh8") + " w Hh - 0 1", board("Kb1 Rd1 Rh1 kb8 rd8 rh8") + " w Kk - 0 1"},
		{board("Kb1 Rd1 Rh1 Ra1 kb8 rd8 rh8") + " w AHd - 0 1", board("Kb1 Rd1 Rh1 Ra1 kb8 rd8 rh8") + " w KQd - 0 1"},
		{board("Kd1 Rc1 Rb1 Rh1 kg8") + " w C - 0 1", board("Kd1 Rc1 Rb1 Rh1 kg8") + " w C - 0 1"},
		{board("Kd1 Rc1 Rb1 Rh1 kg8") + " w Q - 0 1", board("Kd1 Rc1 Rb1 Rh1 kg8") + " w Q - 0 1"},
		{board("Kd1 Rc1 Rb1 Rh1 kg8") + " w - - 0 1", board("Kd1 Rc1 Rb1 Rh1 kg8") + " w - - 0 1"},
	}
	for _, c := range trips {
		p := mustFEN(t, "chess960", c.in)
		if got := p.FEN(); got != c.out {
			t.Errorf("%s\n wrote %s\n  want %s", c.in, got, c.out)
		}
		q := mustFEN(t, "chess960", p.FEN())
		if q.FEN() != p.FEN() || q.Key() != p.Key() {
			t.Errorf("%s does not round-trip: %s", p.FEN(), q.FEN())
		}
	}
	// A right is the rook's: the same board with another rook's right is
	// another position.
	inner := mustFEN(t, "chess960", board("Kb1 Rd1 Rh1 kb8")+" w D - 0 1")
	outer := mustFEN(t, "chess960", board("Kb1 Rd1 Rh1 kb8")+" w K - 0 1")
	if inner.Key() == outer.Key() {
		t.Error("rights of different rooks hash alike")
	}

	errs := []struct{ variant, fen, problem string }{
		{"chess960", board("Kb1 Rd1 Rh1 kb8") + " w KH - 0 1", "gives the rook on h1 its right twice"},
		{"chess960", board("Kb1 Rd1 Rh1 kb8") + " w DH - 0 1", "cannot both castle on the h-file side"},
		{"chess960", board("Kb2 Rd1 Rh1 kb8") + " w K - 0 1", "needs the white king on its back rank"},
		{"chess960", board("Kb1 Rd1 Rh1 kb8") + " w Q - 0 1", "Q needs a white rook on the a-file side of the king on b1"},
		{"chess960", board("Kb1 Rd1 Rh1 kb8") + " w E - 0 1", "E needs a white rook on e1"},
		{"chess960", board("Kb1 Rd1 Rh1 kb8") + " w B - 0 1", "B needs a white rook on b1"},
		{"chess960", board("Kb1 Rd1 Rh1 kb8") + " w X - 0 1", "'X' is not a castling right"},
		{"chess960", board("Kb1 Rd1 Rh1 kb7 rh8") + " w Kh - 0 1", "needs the black king on its back rank"},
		{"standard", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", "K needs the white king on e1 and rook on h1 (it reads as a Chess960 position: use --variant chess960)"},
		{"standard", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "H needs the white king on e1 and rook on h1 (it reads as a Chess960 position: use --variant chess960)"},
	}
	for _, c := range errs {
		_, err := ParseFEN(mustVariant(t, c.variant), c.fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != "castling" || !strings.Contains(fe.Problem, c.problem) {
			t.Errorf("%s %q:\n got %v\nwant castling error with %q", c.variant, c.fen, err, c.problem)
		}
	}
	// Chess's own castles may be written Shredder-style; a wrong right in
	// a position that is no Chess960 start gets no hint.
	if p := mustFEN(t, "standard", Standard.StartFEN[:len(Standard.StartFEN)-10]+"HAha - 0 1"); p.FEN() != Standard.StartFEN {
		t.Errorf("HAha in chess: %s", p.FEN())
	}
	if _, err := ParseFEN(Standard, "4k3/8/8/8/8/8/8/4K3 w K - 0 1"); err == nil || strings.Contains(err.Error(), "960") {
		t.Errorf("no rook at all: %v", err)
	}
}

func TestChess960Notation(t *testing.T) {
	p := mustFEN(t, "chess960", board("Kb1 Ra1 Rh1 Ne1 kb8 ra8 rh8")+" w KQkq - 0 1")
	// O-O: b1→g1 needs e1 (knight) empty, so only after it moves.
	if _, err := p.ParseMove("O-O"); err == nil || !strings.Contains(err.Error(), "occupied (e1)") {
		t.Errorf("O-O past a knight: %v", err)
	}
	for text, want := range map[string]string{
		"O-O-O": "b1a1", "0-0-0": "b1a1", "b1a1": "b1a1", "Kxa1": "b1a1", "Ka1": "b1a1", "b1c1": "", "Kc1": "",
	} {
		m, err := p.ParseMove(text)
		switch {
		case want == "" && err == nil && m.Kind() == Castling:
			t.Errorf("%q read as the castle %s", text, m)
		case want != "" && (err != nil || m.UCI() != want || m.Kind() != Castling):
			t.Errorf("%q: %v, %v; want the castle %s", text, m, err, want)
		}
	}
	if m, _ := p.ParseMove("b1c1"); m.Kind() == Castling {
		t.Error("b1c1 is the king's own move, not O-O-O")
	}
	playUCI(t, p, "e1d3")
	playUCI(t, p, "b8c8")
	m, err := p.ParseMove("O-O")
	if err != nil || m.UCI() != "b1h1" || p.SAN(m) != "O-O" {
		t.Fatalf("O-O: %v %v", m, err)
	}
	// UCI: king-takes-rook in UCI_Chess960 mode; otherwise the king's move
	// where that is not also an ordinary king move.
	for _, c := range []struct {
		fen, move, normal, c960 string
	}{
		{p.FEN(), "b1h1", "b1g1", "b1h1"},
		{board("Kb1 Ra1 kb8") + " w Q - 0 1", "b1a1", "b1a1", "b1a1"},
		{board("Kf1 Rh1 kb8") + " w K - 0 1", "f1h1", "f1h1", "f1h1"},
		{board("Ke1 Rh1 kb8") + " w K - 0 1", "e1h1", "e1g1", "e1h1"},
		{board("Kg1 Rh1 kb8") + " w K - 0 1", "g1h1", "g1h1", "g1h1"},
	} {
		q := mustFEN(t, "chess960", c.fen)
		var m Move
		for _, l := range q.Legal() {
			if l.UCI() == c.move {
				m = l
			}
		}
		if got := q.UCIMove(m, false); got != c.normal {
			t.Errorf("%s %s: normal UCI %s, want %s", c.fen, c.move, got, c.normal)
		}
		if got := q.UCIMove(m, true); got != c.c960 {
			t.Errorf("%s %s: Chess960 UCI %s, want %s", c.fen, c.move, got, c.c960)
		}
		for _, text := range []string{c.normal, c.c960} {
			if got, err := q.ParseMove(text); err != nil || got != m {
				t.Errorf("%s: %q read as %v, %v", c.fen, text, got, err)
			}
		}
	}
	// Chess reads king-takes-rook too, and writes it in UCI_Chess960 mode.
	s := mustFEN(t, "standard", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for text, want := range map[string]string{"e1h1": "e1g1", "e1a1": "e1c1", "Kxh1": "e1g1"} {
		if m, err := s.ParseMove(text); err != nil || m.UCI() != want {
			t.Errorf("chess %q: %v %v", text, m, err)
		}
	}
	m, _ = s.ParseMove("O-O")
	if s.UCIMove(m, true) != "e1h1" || s.UCIMove(m, false) != "e1g1" {
		t.Errorf("chess O-O in UCI: %s, %s", s.UCIMove(m, true), s.UCIMove(m, false))
	}
}
