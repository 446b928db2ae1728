package analysis

import (
	"strings"
	"testing"

	"varia/rules"
	"varia/saves"
)

// The hand-written game with comments, glyphs and side lines nested two
// deep that the replay viewer's tests show too.
const annotatedFile = "../testdata/replay/annotated.pgn"

func readAnnotated(t *testing.T) *saves.SavedGame {
	t.Helper()
	games, err := saves.ReadFile(annotatedFile)
	if err != nil || len(games) != 1 {
		t.Fatalf("%v, %d games", err, len(games))
	}
	return games[0]
}

func lineText(w *Walk) string {
	var out []string
	for i, e := range w.Line() {
		san := e.Record.SAN
		if i == w.Ply()-1 {
			san = "[" + san + "]"
		}
		out = append(out, san)
	}
	if w.Ply() == 0 {
		out = append([]string{"[]"}, out...)
	}
	return strings.Join(out, " ")
}

// TestWalkSideLines: stepping the main line, entering a side line in
// place of the move shown, the next one, one nested in it, leaving them,
// and going back before a side line leaves it; the position always
// agrees with the line.
func TestWalkSideLines(t *testing.T) {
	sg := readAnnotated(t)
	w := NewWalk(sg)
	check := func(step, want string) {
		t.Helper()
		if got := lineText(w); got != want {
			t.Fatalf("%s: line\n %s\nwant\n %s", step, got, want)
		}
		g := rules.NewGame(rules.Standard)
		for _, e := range w.Line()[:w.Ply()] {
			if err := g.Play(e.Record.Move); err != nil {
				t.Fatalf("%s: %v", step, err)
			}
		}
		if g.Position().FEN() != w.Position().FEN() {
			t.Fatalf("%s: position %s, want %s", step, w.Position().FEN(), g.Position().FEN())
		}
	}
	main := "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#"
	check("start", "[] "+main)
	if w.Comment() != "An old trap, with its side lines." || w.Enter() {
		t.Fatalf("at the start: comment %q, or a side line entered", w.Comment())
	}
	w.GoTo(8)
	check("4... g6", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 [g6] Nxe5 Bxd1 Bxf7+ Ke7 Nd5#")
	if e, _ := w.Current(); e.Note() == nil || e.Note().Comment != "Black should develop." || len(w.Alternatives()) != 2 {
		t.Fatalf("4... g6: note %+v, %d alternatives", e.Note(), len(w.Alternatives()))
	}
	if got := LineSAN(w.Before(), w.Alternatives()[0].Moves()); got != "4... Nc6 5. h3 Bh5" {
		t.Errorf("the first alternative from the position before: %q", got)
	}
	if !w.Enter() || !w.InSideLine() || w.MainPly() != -1 {
		t.Fatal("enter should take the first side line")
	}
	check("side line 1", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 [Nc6] h3 Bh5")
	if at, which, of := w.SideLineStart(); at != 7 || which != 0 || of != 2 {
		t.Errorf("side line start %d %d %d", at, which, of)
	}
	w.Enter()
	check("side line 2", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 [Nf6] d3")
	w.Enter()
	check("back to the game's move", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 [g6] Nxe5 Bxd1 Bxf7+ Ke7 Nd5#")
	if w.InSideLine() {
		t.Fatal("after the last side line the game's own move")
	}
	w.Enter()
	w.Step(1)
	check("5. h3", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 Nc6 [h3] Bh5")
	w.Enter()
	check("nested", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 Nc6 [O-O] Nf6")
	if w.Depth() != 2 {
		t.Errorf("depth %d", w.Depth())
	}
	w.End()
	check("its end", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 Nc6 O-O [Nf6]")
	if !w.Leave() {
		t.Fatal("leave")
	}
	check("out of the nested line", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 Nc6 [h3] Bh5")
	w.GoTo(6)
	check("before the side line", "e4 e5 Nf3 d6 Bc4 [Bg4] Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#")
	if w.InSideLine() || w.MainPly() != 6 {
		t.Error("going back before a side line leaves it")
	}
	w.GoTo(8)
	w.Enter()
	w.Step(2)
	w.Home()
	check("home", "[] "+main)
	w.End()
	if res := w.Game().Result(); !res.Over() || res.Reason != rules.Checkmate {
		t.Errorf("the end: %v", res)
	}
	if w.Leave() {
		t.Error("leave on the main line")
	}
	if sans := strings.Join(recordsSAN(w.Records()), " "); sans != main {
		t.Errorf("records %s", sans)
	}
}

func recordsSAN(recs []rules.Record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.SAN
	}
	return out
}

// TestWalkKeepsDeclaredResult: a game the file says was resigned still
// shows it at its end after a visit to a side line.
func TestWalkKeepsDeclaredResult(t *testing.T) {
	games, err := saves.Read(strings.NewReader("[Result \"0-1\"]\n1. e4 (1. d4 d5) e5 0-1\n"), "r.pgn")
	if err != nil {
		t.Fatal(err)
	}
	w := NewWalk(games[0])
	w.GoTo(1)
	w.Enter()
	w.End()
	w.Leave()
	w.End()
	if res := w.Game().Result(); res.Reason != rules.Resignation {
		t.Errorf("result at the end: %v", res)
	}
	if games[0].Game.Len() != 2 {
		t.Error("the walk changed the game it walks")
	}
}
