package ai

import (
	"strings"
	"testing"
)

// TestUCIChess960 plays Chess960 the two ways GUIs ask for it: chess with
// UCI_Chess960 (castles written king-takes-rook, Shredder-FEN positions)
// and UCI_Variant chess960 without it (castles as the king's move where
// that cannot be read as another move).
func TestUCIChess960(t *testing.T) {
	c := startUCI(t)
	c.send("uci")
	if got := c.until("uciok"); !hasLine(got, "option name UCI_Chess960 type check default false") {
		t.Errorf("no UCI_Chess960 option in %q", got)
	}
	c.send("setoption name UCI_Chess960 value true")
	// Suite position 0, counted to depth 3 (12189 leaves).
	c.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	c.send("go perft 3")
	got := c.until("Nodes searched")
	if !hasLine(got, "Nodes searched: 12189") {
		t.Errorf("perft 3: %q", got)
	}
	// The king on b1 castles both ways; in UCI_Chess960 the GUI writes
	// king takes rook, and so does the engine.
	fen := "1k6/8/8/8/8/8/8/RK5R w KQ - 0 1"
	c.send("position fen " + fen + " moves b1h1 b8c7")
	c.send("d")
	if got := c.until("info string fen"); !hasLine(got, "info string fen 8/2k5/8/8/8/8/8/R4RK1 w - - 2 2") {
		t.Errorf("after b1h1: %q", got)
	}
	c.send("position fen " + fen)
	c.send("go perft 1")
	got = c.until("Nodes searched")
	for _, want := range []string{"b1a1: 1", "b1h1: 1"} {
		if !hasLine(got, want) {
			t.Errorf("Chess960 perft 1: no %q in %q", want, got)
		}
	}
	c.send("go depth 3")
	if m := bestmove(t, c.until("bestmove")); len(m) != 4 {
		t.Errorf("bestmove %q", m)
	}

	// Chess960 as a variant, castles in the king's-move form.
	c.send("setoption name UCI_Chess960 value false")
	c.send("setoption name UCI_Variant value chess960")
	c.send("position fen " + fen + " moves b1g1 b8c7")
	c.send("d")
	if got := c.until("info string fen"); !hasLine(got, "info string fen 8/2k5/8/8/8/8/8/R4RK1 w - - 2 2") {
		t.Errorf("after b1g1: %q", got)
	}
	c.send("position fen " + fen)
	c.send("go perft 1")
	got = c.until("Nodes searched")
	// O-O is b1g1; O-O-O moves the king one square, b1c1, which is also
	// the king's own move, so it stays b1a1.
	for _, want := range []string{"b1a1: 1", "b1g1: 1", "b1c1: 1"} {
		if !hasLine(got, want) {
			t.Errorf("chess960 perft 1: no %q in %q", want, got)
		}
	}
	// Chess itself in UCI_Chess960 mode writes its castles king-takes-rook.
	c.send("setoption name UCI_Variant value standard")
	c.send("setoption name UCI_Chess960 value true")
	c.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1")
	c.send("d")
	if got := c.until("info string fen"); !hasLine(got, "info string fen r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1") {
		t.Errorf("chess in UCI_Chess960 after e1h1: %q", got)
	}
	c.send("setoption name UCI_Chess960 value maybe")
	if got := c.until("info string setoption UCI_Chess960"); !strings.Contains(got[len(got)-1], "not true or false") {
		t.Errorf("bad value: %q", got)
	}
	c.send("quit")
}
