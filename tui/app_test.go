package tui

import (
	"bytes"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
)

func TestNoColor(t *testing.T) {
	r := newRenderer(&bytes.Buffer{}, true)
	r.SetColorProfile(r.ColorProfile()) // detection happens once; NO_COLOR already won
	if p := r.ColorProfile(); p != termenv.Ascii {
		t.Fatalf("NO_COLOR: profile %v, want Ascii", p)
	}
	st := board.NewStyles(r, board.Themes()[0], board.PiecesFilled)
	if st.Colour {
		t.Error("NO_COLOR: styles think colour is on")
	}
	if st.Glyphs.Pieces[rules.White][rules.King] == st.Glyphs.Pieces[rules.Black][rules.King] {
		t.Error("without colour White and Black need different symbols")
	}
	if out := st.Hint[board.HintCapture].Render("x"); out != "x" {
		t.Errorf("NO_COLOR: styled text has escapes: %q", out)
	}
	colour := testContextProfile(false, termenv.TrueColor).Styles
	if !colour.Colour || !strings.Contains(colour.Hint[board.HintCapture].Render("x"), "\x1b[") {
		t.Error("a colour terminal should get colour")
	}
}

func TestAppSwitchesScreens(t *testing.T) {
	ctx := testContext(false)
	app, err := New(ctx, GameOptions{})
	t.Cleanup(func() { app.Close() }) // every save written before the test's home goes
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := app.current().(*menuScreen); !ok {
		t.Fatal("no variant: the app should open on the menu")
	}
	app.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	if ctx.Width != 120 || ctx.Height != 40 {
		t.Error("the window size did not reach the shared context")
	}
	app.Update(startGameMsg{GameOptions{Variant: rules.Edgy}})
	g, ok := app.current().(*gameScreen)
	if !ok || g.game().Variant() != rules.Edgy || g.board.frame.width != 120 {
		t.Fatal("startGameMsg should open a sized game of the variant")
	}
	app.Update(openMenuMsg{GameOptions{Variant: rules.Edgy}})
	m, ok := app.current().(*menuScreen)
	if !ok || m.variants[m.index] != rules.Edgy {
		t.Fatal("openMenuMsg should open the menu on the variant")
	}
	app.Update(startGameMsg{GameOptions{Variant: rules.Standard, FEN: "8/8/8 w - - 0 1"}})
	if m, ok := app.current().(*menuScreen); !ok || !strings.Contains(m.problem, "fen") {
		t.Error("a bad FEN should return to the menu and say why")
	}
	if _, cmd := app.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); cmd == nil || cmd() != tea.Quit() {
		t.Error("ctrl+c should quit from any screen")
	}
	if _, err := New(ctx, GameOptions{Variant: rules.Standard, FEN: "nonsense"}); err == nil {
		t.Error("New with a bad FEN should fail")
	}
}

func TestMenu(t *testing.T) {
	ctx := testContext(false)
	m := newMenuScreen(ctx, GameOptions{})
	press(m, "down", "down")
	if m.variants[m.index] != rules.Edgy {
		t.Errorf("down twice: %s", m.variants[m.index].ID)
	}
	press(m, "up", "up", "up")
	if last := rules.Variants(); m.variants[m.index] != last[len(last)-1] {
		t.Errorf("up wraps to the last variant: %s", m.variants[m.index].ID)
	}
	press(m, "4")
	if m.variants[m.index] != rules.DiagonalChess {
		t.Errorf("4 picks the fourth variant: %s", m.variants[m.index].ID)
	}
	if !strings.Contains(m.View(), rules.DiagonalChess.Description[:30]) {
		t.Error("the menu should describe the chosen variant")
	}
	press(m, "v")
	if v := m.options().View; v != config.ViewSquare || !strings.Contains(m.View(), "View    square") {
		t.Errorf("v: view %v", v)
	}
	press(m, "v")
	if v := m.options().View; v != config.ViewDiamond || !strings.Contains(m.View(), "View    diamond (variant default)") {
		t.Errorf("v again: view %v", v)
	}
	press(m, "v")
	for _, want := range []board.PieceStyle{board.PiecesOutline, board.PiecesLetters, board.PiecesFilled, board.PiecesOutline, board.PiecesLetters} {
		press(m, "a")
		if ctx.Settings.Pieces != want {
			t.Errorf("a should step to %v, is on %v", want, ctx.Settings.Pieces)
		}
	}
	if !strings.Contains(m.View(), "letters") {
		t.Error("the menu should say letters")
	}
	cmd := press(m, "enter")
	msg, ok := cmd().(startGameMsg)
	if !ok || msg.opts.Variant != rules.DiagonalChess || msg.opts.View != config.ViewSquare || msg.opts.Mode != match.TwoPlayers {
		t.Errorf("enter: %#v", msg)
	}
	if cmd := press(m, "q"); cmd == nil || cmd() != tea.Quit() {
		t.Error("q should quit the menu")
	}
	// esc is "back" elsewhere: in the menu it asks first.
	if cmd := press(m, "esc"); cmd != nil || !strings.Contains(m.View(), "Quit Varia?") {
		t.Errorf("esc in the menu should ask:\n%s", m.View())
	}
	if press(m, "n"); m.dialog != nil || strings.Contains(m.View(), "Quit Varia?") {
		t.Error("n should keep the menu")
	}
	if cmd := press(m, "esc", "y"); cmd == nil || cmd() != tea.Quit() {
		t.Error("esc, y should quit")
	}
}
