package tui

import (
	"fmt"
	"strings"
	"testing"

	"varia/rules"
	"varia/saves"
)

// replayText opens the viewer on the first game of a PGN text.
func replayText(t *testing.T, text string) *replayScreen {
	t.Helper()
	games, err := saves.Read(strings.NewReader(text), "test.pgn")
	if err != nil || len(games) == 0 {
		t.Fatalf("reading: %v", err)
	}
	return newReplayScreen(testContext(false), games[0])
}

// continueFrom continues the game shown as two players, and returns the
// game the live game starts with (nil, and the viewer's message, when it
// refused).
func continueFrom(t *testing.T, r *replayScreen, ply int) *rules.Game {
	t.Helper()
	r.goTo(ply)
	r.Update(keyMsg("c"))
	_, cmd := r.Update(keyMsg("1"))
	if cmd == nil {
		return nil
	}
	msg, ok := cmd().(startGameMsg)
	if !ok {
		t.Fatalf("continue: %T", cmd())
	}
	return msg.opts.Continue.Game
}

// A game with null moves (passes other programs write as --) shows each
// as --, and continues from any position with them in its record.
func TestReplayNullMoves(t *testing.T) {
	r := replayText(t, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 -- 2. d4 e5 *\n")
	r.goTo(4)
	if view := r.View(); !strings.Contains(view, "1. e4") || !strings.Contains(view, "--") || !strings.Contains(view, "2. d4") {
		t.Errorf("the null move should be shown as --:\n%s", view)
	}
	g := continueFrom(t, r, 3)
	if g == nil || historySAN(g) != "e4 -- d4" || g.Position().SideToMove() != rules.Black || g.CanRedo() {
		t.Fatalf("continuing after 2. d4: %v (%s)", g, r.message)
	}
	if _, err := g.PlayText("e5"); err != nil {
		t.Errorf("the continued game takes Black's move: %v", err)
	}
	// The continued game is written with its null move and reads back.
	ctx, _ := playContext(t, &fakeEngine{})
	live, q := newPlayGame(t, ctx, GameOptions{Continue: &saves.SavedGame{Game: g}})
	if sg := gameFile(t, live, q); historySAN(sg.Game) != "e4 -- d4 e5" {
		t.Errorf("the continued game's file holds %q", historySAN(sg.Game))
	}
}

// A game another program went on with after the rules drew it (here a
// fivefold repetition) continues, from before the draw, with its record;
// at the draw it is over; after it, the position shown goes on as a new
// game, and the dialog says so.
func TestReplayPastAutomaticDraw(t *testing.T) {
	moves := strings.Fields(strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4) + "e4 e5 Nf3")
	text := "[White \"A\"]\n[Black \"B\"]\n\n"
	for i, m := range moves {
		if i%2 == 0 {
			text += fmt.Sprintf("%d. ", i/2+1)
		}
		text += m + " "
	}
	r := replayText(t, text+"*\n")
	if r.lineLen() != 19 {
		t.Fatalf("the game has %d plies", r.lineLen())
	}
	if g := continueFrom(t, r, 10); g == nil || g.Len() != 10 {
		t.Fatalf("before the draw the record goes on: %v (%s)", g, r.message)
	}
	if g := continueFrom(t, r, 16); g != nil || !strings.Contains(r.message, "The game is over here") {
		t.Errorf("at the draw: %v, %q", g, r.message)
	}
	r.message = ""
	r.goTo(18)
	r.Update(keyMsg("c"))
	if view := r.View(); !strings.Contains(view, "fivefold repetition") || !strings.Contains(view, "new game") {
		t.Errorf("the dialog should say the game goes on from the position alone:\n%s", view)
	}
	r.Update(keyMsg("esc"))
	g := continueFrom(t, r, 18)
	if g == nil || g.Len() != 0 || g.Position().FEN() != r.game().Position().FEN() || g.Result().Over() {
		t.Fatalf("after the draw: %v (%s)", g, r.message)
	}
	if _, err := g.PlayText("Nf3"); err != nil {
		t.Errorf("the new game takes White's move: %v", err)
	}
}
