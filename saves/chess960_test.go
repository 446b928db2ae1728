package saves

import (
	"path/filepath"
	"strings"
	"testing"

	"varia/rules"
)

func TestReadChess960(t *testing.T) {
	for _, file := range []string{"lichess960.pgn", "chesscom960.pgn"} {
		games, err := ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		for i, sg := range games {
			if sg.Game.Variant() != rules.Chess960 {
				t.Errorf("%s game %d read as %s", file, i+1, sg.Game.Variant().ID)
			}
		}
	}
	// Tournament style: another name, Shredder-FEN, O-O-O with the rook
	// on c1 and the king on e1, the knight on b1 staying where it is.
	pgn := `[Event "x"]
[Variant "chess 960"]
[SetUp "1"]
[FEN "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w FCfc - 0 1"]

1. e3 e6 2. Be2 Be7 3. O-O-O O-O-O *
`
	games, err := Read(strings.NewReader(pgn), "t.pgn")
	if err != nil {
		t.Fatal(err)
	}
	g := games[0].Game
	if got, want := g.Position().FEN(), "bnkr1rqn/ppppbppp/4p3/8/8/4P3/PPPPBPPP/BNKR1RQN w - - 4 4"; g.Variant() != rules.Chess960 || got != want {
		t.Errorf("%s game: %s, want %s", g.Variant().ID, got, want)
	}
	// A chess game from a FEN stays chess.
	games, err = Read(strings.NewReader("[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n1. O-O O-O-O *\n"), "t.pgn")
	if err != nil || games[0].Game.Variant() != rules.Standard {
		t.Errorf("chess from a FEN: %v", err)
	}
	for _, name := range []string{"Chess960", "chess960", "Fischerandom", "fischer random", "Chess 960"} {
		if v, err := VariantFromTag(name); err != nil || v != rules.Chess960 {
			t.Errorf("Variant %q: %v, %v", name, v, err)
		}
	}
}

// A Chess960 game always names its start, even number 518, and reads
// back with its castles.
func TestWriteChess960(t *testing.T) {
	for _, n := range []int{518, 0, 959} {
		fen, err := rules.Chess960Start(n)
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.NewGameFromFEN(rules.Chess960, fen)
		if err != nil {
			t.Fatal(err)
		}
		h := Header(g, nil)
		if h.Get("Variant") != "Chess960" || h.Get("SetUp") != "1" || h.Get("FEN") != fen {
			t.Errorf("start %d: header %v", n, h)
		}
	}
	g := randomGame(rules.Chess960, 11, 120, 0)
	out := writeString(t, g, nil)
	games, err := Read(strings.NewReader(out), "t.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if got := games[0].Game.Position().FEN(); got != g.Position().FEN() || games[0].Game.StartFEN() != g.StartFEN() {
		t.Errorf("round trip: %s, want %s", got, g.Position().FEN())
	}
}
