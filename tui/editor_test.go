package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/match"
)

// The editor from the menu: pieces put by their letters and by clicks,
// the side to move and castling chosen, the rules' error shown while the
// position cannot start, and the game started from it with the menu's
// players.
func TestPositionEditor(t *testing.T) {
	ctx, _ := playContext(t, nil)
	m := newMenuScreen(ctx, GameOptions{})
	press(m, "m") // you play White against the computer
	msg, ok := press(m, "e")().(openEditorMsg)
	if !ok {
		t.Fatal("e in the menu should open the editor")
	}
	e := newEditorScreen(ctx, msg.opts)
	if v := e.View(); !strings.Contains(v, "Set up a position") || !strings.Contains(v, "Ready") {
		t.Fatalf("the editor starts on the start position, ready:\n%s", v)
	}
	press(e, "e") // empty the board
	if v := e.View(); !strings.Contains(v, "Not a position to start from") || !strings.Contains(v, "king") {
		t.Errorf("an empty board cannot start, and says why:\n%s", v)
	}
	// e4 is the cursor's square: a white king there, a black one on e8
	// (by the keys), a white rook on h1 (by a click), castling withdrawn.
	press(e, "K")
	for i := 0; i < 4; i++ {
		press(e, "up")
	}
	press(e, "k")
	if e.setup.PieceAt(sq(t, "e4")) != rules.MakePiece(rules.White, rules.King) || e.setup.PieceAt(sq(t, "e8")) != rules.MakePiece(rules.Black, rules.King) {
		t.Fatalf("kings: %s", e.setup.FEN())
	}
	press(e, "R")
	press(e, "R") // the same letter again takes it away
	if e.setup.PieceAt(sq(t, "e8")) != rules.NoPiece {
		t.Errorf("R twice on e8: %s", e.setup.FEN())
	}
	press(e, "k")
	x, y := e.board.frame.board.Centre(sq(t, "h1"))
	e.Update(tea.MouseMsg{X: e.board.frame.boardX + x, Y: e.board.frame.boardY + y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if e.setup.PieceAt(sq(t, "h1")) != rules.MakePiece(rules.Black, rules.King) {
		t.Errorf("a click puts the last piece chosen (the black king): %s", e.setup.FEN())
	}
	e.Update(tea.MouseMsg{X: e.board.frame.boardX + x, Y: e.board.frame.boardY + y, Action: tea.MouseActionPress, Button: tea.MouseButtonRight})
	if e.setup.PieceAt(sq(t, "h1")) != rules.NoPiece {
		t.Error("a right click empties the square")
	}
	if v := e.View(); !strings.Contains(v, "castling") {
		t.Errorf("castling rights without their pieces are refused by the rules:\n%s", v)
	}
	if cmd := press(e, "s"); cmd != nil || !strings.Contains(e.msg.text, "Cannot start") {
		t.Errorf("s refused while the position cannot start: %q", e.msg.text)
	}
	press(e, "1", "2", "3", "4", "t")
	if _, err := e.setup.Check(); err == nil || !strings.Contains(err.Error(), "insufficient material") || !strings.Contains(e.View(), "Not a position to start from") {
		t.Errorf("two kings alone: the game would be over at once: %v", err)
	}
	press(e, "left", "left", "left", "up", "P") // a white pawn on e2
	v := e.View()
	if !strings.Contains(v, "Ready") || !strings.Contains(strings.ReplaceAll(v, "\n", ""), "4k3/8/8/8/4K3/8/4P3/8 b - - 0 1") {
		t.Fatalf("two kings, Black to move, no castling:\n%s", v)
	}
	start, ok := press(e, "s")().(startGameMsg)
	if !ok {
		t.Fatal("s should start the game")
	}
	if start.opts.FEN != "4k3/8/8/8/4K3/8/4P3/8 b - - 0 1" || start.opts.Mode != match.PlayWhite || start.opts.StartRandom {
		t.Errorf("the game's options: %+v", start.opts)
	}
	g, err := testGameScreen(t, ctx, start.opts)
	if err != nil || g.game().Position().FEN() != start.opts.FEN {
		t.Errorf("the game starts from the position: %v", err)
	}
	if _, ok := press(e, "esc")().(backMsg); !ok {
		t.Error("esc goes back to the menu")
	}
}

// Every variant's start position can be set up and started from, in its
// own view.
func TestEditorEveryVariant(t *testing.T) {
	ctx := testContext(false)
	for _, v := range rules.Variants() {
		e := newEditorScreen(ctx, GameOptions{Variant: v, View: ctx.Settings.ViewFor(v)})
		if !strings.Contains(e.View(), "Ready") {
			t.Errorf("%s: the start position should be ready:\n%s", v.ID, e.View())
		}
		press(e, "i")
		if _, ok := press(e, "s")().(startGameMsg); !ok {
			t.Errorf("%s: s should start", v.ID)
		}
	}
}

// The editor opened in the App stays open: coming on starts nothing.
func TestEditorInTheApp(t *testing.T) {
	isolate(t)
	app, _ := New(testContext(false), GameOptions{})
	_, cmd := app.Update(keyMsg("e"))
	_, cmd = app.Update(cmd())
	if _, ok := app.current().(*editorScreen); !ok || cmd != nil && cmd() != nil {
		t.Errorf("e in the menu: %T, then %v", app.current(), cmd)
	}
}

// Every key of the editor shows at every size: what the help line has no
// room for (and the view, which it never names) is listed in the panel,
// since the letters are the pieces' and there is no ? page.
func TestEditorShowsEveryKey(t *testing.T) {
	needNarrowSymbols(t)
	isolate(t)
	for _, sz := range [][2]int{{80, 24}, {100, 32}, {200, 60}} {
		e := newEditorScreen(sized(sz[0], sz[1]), GameOptions{Variant: rules.Standard})
		v := e.View()
		lines := checkFrame(t, "editor", v, sz[0], sz[1])
		// the panel's words, however they wrap, and the help line
		text := strings.Join(strings.Fields(strings.Join(e.panel(), " ")+" "+lines[len(lines)-1]), " ")
		for _, want := range []string{"x remove", "t side to move", "1 castling", "e empty board", "i start position", "f flip", "v view", "s start", "esc back"} {
			if !strings.Contains(text, want) {
				t.Errorf("editor at %d×%d: no %q:\n%s", sz[0], sz[1], want, v)
			}
		}
	}
}
