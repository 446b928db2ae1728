package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/config"
	"varia/tui/match"
)

// < and > step through the game's positions without undoing anything;
// the board and the panel say an earlier position is shown; > at the end,
// esc or a move key come back to the game.
func TestBrowseTheGame(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	for _, m := range []string{"e4", "e5", "Nf3"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	f3, e5 := sq(t, "f3"), sq(t, "e5")
	press(g, "<")
	shown := g.hist.shown(g.match).Position()
	if !g.hist.browsing() || shown.PieceAt(f3) != rules.NoPiece || shown.PieceAt(e5) == rules.NoPiece || g.game().Len() != 3 {
		t.Fatalf("< should show the position after 1... e5 and keep the game: browsing %v, game %q", g.hist.browsing(), historySAN(g.game()))
	}
	v := g.View()
	if !strings.Contains(v, "◂ earlier position: after 1... e5 ▸") || !strings.Contains(v, "Showing an earlier position") || !strings.Contains(v, "back to the game") {
		t.Errorf("the board and the panel should say an earlier position is shown:\n%s", v)
	}
	if !strings.Contains(v, "▸e5") {
		t.Errorf("the move list should mark the move shown:\n%s", v)
	}
	press(g, "<", "<", "<", "<")
	if g.hist.ply(g.match) != 0 || !strings.Contains(g.View(), "the start") {
		t.Errorf("< past the start: ply %d", g.hist.ply(g.match))
	}
	press(g, ">", ">", ">")
	if g.hist.browsing() {
		t.Error("> to the end should come back to the game")
	}
	if strings.Contains(g.View(), "arlier position") {
		t.Error("the game again: no earlier position said")
	}
	// esc, enter and the prompt all come back to the game; the prompt
	// opens on it.
	for _, k := range []string{"esc", "enter"} {
		press(g, "<")
		press(g, k)
		if g.hist.browsing() || dialogName(g) != "" {
			t.Errorf("%s while browsing: browsing %v, dialog %q", k, g.hist.browsing(), dialogName(g))
		}
	}
	press(g, "<", ":")
	if g.hist.browsing() || dialogName(g) != "prompt" {
		t.Errorf(": while browsing: browsing %v, dialog %q", g.hist.browsing(), dialogName(g))
	}
	typeText(g, "Nc6")
	press(g, "enter")
	if historySAN(g.game()) != "e4 e5 Nf3 Nc6" {
		t.Errorf("a move after browsing: %q", historySAN(g.game()))
	}
}

// A click on a move in the list shows the position after it; a click on
// the board comes back to the game.
func TestBrowseByClick(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	out := g.panel.lines(g.panelState())
	if out.listTop < 0 {
		t.Fatal("no move list")
	}
	f := &g.board.frame
	click := func(x, y int) {
		out := g.panel.lines(g.panelState()) // the list moves down while browsing
		g.Update(tea.MouseMsg{X: f.panelX + x, Y: f.panelY + out.listTop + y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	}
	click(moveNumberW+1, 0) // 1. e4
	if g.hist.ply(g.match) != 1 || g.game().Len() != 4 {
		t.Errorf("a click on 1. e4: shows ply %d, the game has %d", g.hist.ply(g.match), g.game().Len())
	}
	click(moveNumberW+moveCellW+1+2, 1) // 2... Nc6, the last move: the game
	if g.hist.browsing() {
		t.Error("a click on the last move shows the game")
	}
	click(moveNumberW+1, 1)
	clickAt(t, g, "e2")
	if g.hist.browsing() || g.board.selected != rules.NoSquare {
		t.Errorf("a click on the board comes back to the game, selecting nothing yet: browsing %v", g.hist.browsing())
	}
}

// Against the computer the engine goes on thinking while the player
// looks back, and its move is played in the game; the position shown
// stays until the player comes back.
func TestBrowseWhileTheEngineThinks(t *testing.T) {
	eng := &fakeEngine{}
	release := make(chan struct{})
	eng.setReply(thinkUntil(release, "e7e5"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "e4")
	keys(g, q, "<")
	if !g.hist.browsing() || g.match.Computer().Search() == nil {
		t.Fatalf("browsing %v, search %v", g.hist.browsing(), g.match.Computer().Search())
	}
	close(release)
	send(g, q, await[match.SearchDone](t, q, g, true))
	if historySAN(g.game()) != "e4 e5" || !g.hist.browsing() || g.hist.ply(g.match) != 0 {
		t.Errorf("the engine's move while browsing: game %q, browsing %v at ply %d", historySAN(g.game()), g.hist.browsing(), g.hist.ply(g.match))
	}
	if !strings.Contains(g.View(), "Varia Easy played e5") {
		t.Errorf("the engine's move should be told while browsing:\n%s", g.View())
	}
	keys(g, q, ">", ">")
	if g.hist.browsing() {
		t.Error("> twice from the start reaches the game's two moves")
	}
}
