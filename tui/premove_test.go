package tui

import (
	"context"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
	"varia/tui/config"
	"varia/tui/match"
)

// mouseAt sends a mouse event over a square's glyph.
func mouseAt(t *testing.T, g *gameScreen, name string, action tea.MouseAction, button tea.MouseButton) {
	t.Helper()
	x, y := g.board.frame.board.Centre(sq(t, name))
	g.Update(tea.MouseMsg{X: g.board.frame.boardX + x, Y: g.board.frame.boardY + y, Action: action, Button: button})
}

// A piece is dragged: pressed on its square, moved, released on another.
// Click-click still works, and a press and release on one square is a
// click.
func TestDragAndDrop(t *testing.T) {
	for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
		g := newTestGame(t, rules.Standard, view, "")
		mouseAt(t, g, "g1", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "g2", tea.MouseActionMotion, tea.MouseButtonLeft)
		if g.board.cursor != sq(t, "g2") || g.board.selected != sq(t, "g1") {
			t.Errorf("%v: dragging: cursor %v, selected %v", view, g.board.cursor, g.board.selected)
		}
		mouseAt(t, g, "f3", tea.MouseActionRelease, tea.MouseButtonNone) // X10 reports no button
		if historySAN(g.game()) != "Nf3" {
			t.Fatalf("%v: drag g1 to f3: moves %q", view, historySAN(g.game()))
		}
		// press and release on one square: a click, the piece selected
		mouseAt(t, g, "e7", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "e7", tea.MouseActionRelease, tea.MouseButtonLeft)
		if g.board.selected != sq(t, "e7") {
			t.Errorf("%v: a click should select e7: %v", view, g.board.selected)
		}
		mouseAt(t, g, "e5", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "e5", tea.MouseActionRelease, tea.MouseButtonLeft)
		if historySAN(g.game()) != "Nf3 e5" {
			t.Errorf("%v: click, click: moves %q", view, historySAN(g.game()))
		}
		// the selected piece pressed again and dropped elsewhere moves;
		// pressed and released where it is, it is let go
		mouseAt(t, g, "d2", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "d2", tea.MouseActionRelease, tea.MouseButtonLeft)
		mouseAt(t, g, "d2", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "d2", tea.MouseActionRelease, tea.MouseButtonLeft)
		if g.board.selected != rules.NoSquare {
			t.Errorf("%v: a second click on the selected piece lets it go", view)
		}
		mouseAt(t, g, "d2", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "d2", tea.MouseActionRelease, tea.MouseButtonLeft)
		mouseAt(t, g, "d2", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "d4", tea.MouseActionRelease, tea.MouseButtonLeft)
		if historySAN(g.game()) != "Nf3 e5 d4" {
			t.Errorf("%v: the selected piece dragged: moves %q", view, historySAN(g.game()))
		}
		// dropped on a square it cannot reach: nothing moves, it stays
		// selected
		mouseAt(t, g, "b8", tea.MouseActionPress, tea.MouseButtonLeft)
		mouseAt(t, g, "b5", tea.MouseActionRelease, tea.MouseButtonLeft)
		if historySAN(g.game()) != "Nf3 e5 d4" || g.board.selected != sq(t, "b8") || !strings.Contains(g.msg.text, "cannot go to b5") {
			t.Errorf("%v: a drop nowhere: moves %q, selected %v, %q", view, historySAN(g.game()), g.board.selected, g.msg.text)
		}
	}
}

// While the computer thinks the person's next move is queued (keys,
// mouse or the prompt), marked on the board and played the moment the
// computer has moved; esc cancels it; one the reply made illegal is
// dropped with a word.
func TestPremoveAtTheBoard(t *testing.T) {
	eng := &fakeEngine{}
	release, release2 := make(chan struct{}), make(chan struct{})
	// Each search answers by its position, whenever its goroutine starts:
	// after 1. e4, e5 once released; after 2. Nf3, d5 once released.
	first, second := thinkUntil(release, "e7e5"), thinkUntil(release2, "d7d5")
	eng.setReply(func(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
		if pos.Ply() <= 1 {
			return first(ctx, pos, lim)
		}
		return second(ctx, pos, lim)
	})
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "e4")
	clickAt(t, g, "g1")
	if g.board.selected != sq(t, "g1") {
		t.Fatalf("a piece should be selected for a premove: %q", g.msg.text)
	}
	clickAt(t, g, "f3")
	if p, _, ok := g.match.Premoves().Queued(); !ok || p.To != sq(t, "f3") {
		t.Fatalf("Nf3 should be queued: %q", g.msg.text)
	}
	v := g.View()
	if !strings.Contains(v, "{  ♘  }") && !strings.Contains(v, "{ ♘ }") || !strings.Contains(v, "Premove Nf3") {
		t.Errorf("the premove should be marked and told:\n%s", v)
	}
	keys(g, q, "esc")
	if _, _, ok := g.match.Premoves().Queued(); ok || g.msg.text != "Premove cancelled." {
		t.Errorf("esc should cancel the premove: %q", g.msg.text)
	}
	typeMove(g, q, "Nf3") // the prompt queues one too
	if _, _, ok := g.match.Premoves().Queued(); !ok || dialogName(g) != "" {
		t.Fatalf("Nf3 typed should be queued: dialog %q, %q", dialogName(g), g.msg.text)
	}
	close(release)
	send(g, q, await[match.SearchDone](t, q, g, true))
	if historySAN(g.game()) != "e4 e5 Nf3" || g.msg.text != "Varia Easy played e5; your premove Nf3 is played." {
		t.Errorf("after the reply: moves %q, %q", historySAN(g.game()), g.msg.text)
	}
	// The engine thinks again; a premove its reply makes illegal is
	// dropped.
	if g.match.Computer().Search() == nil {
		t.Fatal("the engine should think again")
	}
	typeMove(g, q, "e5") // the pawn on e5 blocks e4-e5
	if dialogName(g) != "prompt" || promptErr(g) == "" {
		t.Errorf("an impossible premove is refused at the prompt: dialog %q, %q", dialogName(g), promptErr(g))
	}
	keys(g, q, "esc")
	// A knight onto its own pawn's square: queued in case the engine
	// takes there; it does not, and the premove is dropped.
	clickAt(t, g, "b1")
	clickAt(t, g, "d2")
	if _, _, ok := g.match.Premoves().Queued(); !ok {
		t.Fatalf("Nxd2 should be queued: %q", g.msg.text)
	}
	close(release2)
	send(g, q, await[match.SearchDone](t, q, g, true))
	if historySAN(g.game()) != "e4 e5 Nf3 d5" || !g.msg.err || g.msg.text != "Varia Easy played d5; your premove Nxd2 is not legal now and was dropped." {
		t.Errorf("a premove the reply made illegal: moves %q, %q", historySAN(g.game()), g.msg.text)
	}
}

// A premove's prompt still open when the computer moves takes the move
// typed as a move.
func TestPremovePromptBecomesTheMove(t *testing.T) {
	eng := &fakeEngine{}
	release := make(chan struct{})
	eng.setReply(thinkUntil(release, "e7e5"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "e4")
	keys(g, q, ":")
	close(release)
	send(g, q, await[match.SearchDone](t, q, g, true))
	if dialogName(g) != "prompt" || !strings.Contains(g.View(), "Type a move") {
		t.Fatalf("the prompt stays open, now for a move:\n%s", g.View())
	}
	typeText(g, "Nf3")
	keys(g, q, "enter")
	if historySAN(g.game()) != "e4 e5 Nf3" || dialogName(g) != "" {
		t.Errorf("moves %q, dialog %q", historySAN(g.game()), dialogName(g))
	}
}
