package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/match"
)

func easy(t *testing.T) ai.Level {
	t.Helper()
	l, err := ai.LevelByName("easy")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// While the engine thinks the screen stays live: the spinner line shows
// its progress, flip and help work, the board refuses moves and says
// why; the answer is played when it comes.
func TestEngineThinking(t *testing.T) {
	eng := &fakeEngine{}
	release := make(chan struct{})
	eng.setReply(thinkUntil(release, "e7e5"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	if g.opts.Mode != match.PlayWhite || g.match.Computer().Search() != nil {
		t.Fatalf("mode %v, search %v: the engine must wait for White", g.opts.Mode, g.match.Computer().Search())
	}
	typeMove(g, q, "e4")
	s := g.match.Computer().Search()
	if s == nil || s.Purpose != match.ForMove || s.Side != rules.Black {
		t.Fatalf("after e4 the engine should think for Black: %+v", s)
	}
	if !strings.Contains(g.View(), "Varia Easy is thinking") {
		t.Error("the panel should say the engine is thinking")
	}
	await[progressMsg](t, q, g, false)
	// the progress message was dropped by await; deliver one by hand
	send(g, q, match.SearchProgress{Match: g.match.ID(), Seq: s.Seq, Progress: ai.Progress{Depth: 3, Score: 25, Nodes: 12345}})
	view := g.View()
	if !strings.Contains(view, "depth 3") || !strings.Contains(view, "12k nodes") || !strings.Contains(view, "-0.25") {
		t.Errorf("progress should show depth, nodes and the score from White's side:\n%s", view)
	}
	flip := g.board.flip
	keys(g, q, "f")
	if g.board.flip == flip {
		t.Error("f should flip the board while the engine thinks")
	}
	keys(g, q, "?")
	if dialogName(g) != "help" {
		t.Error("? should open the help while the engine thinks")
	}
	keys(g, q, "esc", ":")
	if dialogName(g) != "prompt" || !strings.Contains(g.View(), "Premove (your next move):") {
		t.Errorf("the prompt on the engine's move takes a premove: dialog %q\n%s", dialogName(g), g.View())
	}
	keys(g, q, "esc")
	g.moves = moveList{page: 3, furthest: 10} // as drawn for a long game
	keys(g, q, "[")
	if g.moves.scroll != 3 {
		t.Error("[ should scroll the move list")
	}
	close(release)
	done := await[match.SearchDone](t, q, g, true)
	send(g, q, done)
	if got := historySAN(g.game()); got != "e4 e5" {
		t.Errorf("moves %q, want the engine's e5", got)
	}
	if !strings.Contains(g.msg.text, "Varia Easy played e5") || g.match.Computer().Search() != nil {
		t.Errorf("message %q, search %v", g.msg.text, g.match.Computer().Search())
	}
	if g.board.cursor != sq(t, "e4") {
		t.Errorf("the cursor should stay with the player's pieces, on %v", g.board.cursor)
	}
}

// m makes the engine play the best move it has so far: the search's
// context is cancelled and its answer played.
func TestEngineMoveNow(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(thinkUntil(nil, "g8f6"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "d4")
	keys(g, q, "m")
	send(g, q, await[match.SearchDone](t, q, g, true))
	if got := historySAN(g.game()); got != "d4 Nf6" {
		t.Errorf("moves %q", got)
	}
	calls := eng.calls()
	if len(calls) != 1 || !calls[0].cancelled {
		t.Errorf("move now should cancel the search: %+v", calls)
	}
	keys(g, q, "m")
	if !strings.Contains(g.msg.text, "your move") {
		t.Errorf("m on the player's own move: %q", g.msg.text)
	}
}

// A result for a position that has since changed is dropped: undo while
// the engine thinks, a new game, or a message about another position.
func TestStaleEngineResultDropped(t *testing.T) {
	eng := &fakeEngine{}
	release := make(chan struct{})
	eng.setReply(thinkUntil(release, "e7e5"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "e4")
	first := g.match.Computer().Search().Seq
	keys(g, q, "u") // takes back e4: one ply, the engine had not answered
	if got := historySAN(g.game()); got != "" || g.match.Computer().Search() != nil {
		t.Fatalf("undo while thinking: moves %q, search %v", got, g.match.Computer().Search())
	}
	close(release)
	done := await[match.SearchDone](t, q, g, false)
	if done.Seq != first {
		t.Fatalf("the first search's answer: %+v", done)
	}
	send(g, q, done)
	if got := historySAN(g.game()); got != "" {
		t.Fatalf("a stale answer was played: %q", got)
	}

	// An answer naming the current search but another position, or
	// another game, changes nothing either.
	eng.setReply(thinkUntil(make(chan struct{}), "e7e5"))
	typeMove(g, q, "d4")
	s := g.match.Computer().Search()
	pos := g.game().Position()
	e5, _ := pos.ParseMove("e5")
	send(g, q, match.SearchDone{Match: g.match.ID(), Seq: s.Seq, Ply: pos.Ply() - 1, Key: pos.Key(), Result: ai.Result{Move: e5}})
	send(g, q, match.SearchDone{Match: g.match.ID() + 1000, Seq: s.Seq, Ply: pos.Ply(), Key: pos.Key(), Result: ai.Result{Move: e5}})
	if got := historySAN(g.game()); got != "d4" {
		t.Fatalf("answers for another position or game were played: %q", got)
	}
	// Leaving the game (a new game, the menu) stops the search.
	g.leave()
	if g.match.Computer().Search() != nil || !eng.waitCancelled(t) {
		t.Error("leaving the game should cancel the search")
	}
}

// awaitSearch delivers finished searches until the one running now has
// answered; earlier, cancelled ones are dropped on the way.
func awaitSearch(t *testing.T, g *gameScreen, q *msgQueue) {
	t.Helper()
	if g.match.Computer().Search() == nil {
		t.Fatal("no search is running")
	}
	id := g.match.Computer().Search().Seq
	for {
		done := await[match.SearchDone](t, q, g, true)
		send(g, q, done)
		if done.Seq == id {
			return
		}
	}
}

// waitCancelled waits for the last search to end cancelled.
func (f *fakeEngine) waitCancelled(t *testing.T) bool {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if c := f.calls(); len(c) > 0 && c[len(c)-1].cancelled {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// An engine that fails, panics or plays an illegal move is reported,
// and m tries again.
func TestEngineErrors(t *testing.T) {
	tests := []struct {
		name  string
		reply func(context.Context, *rules.Position, ai.Limits) (ai.Result, error)
		want  string
	}{
		{"error", func(context.Context, *rules.Position, ai.Limits) (ai.Result, error) {
			return ai.Result{}, errors.New("out of cheese")
		}, "out of cheese"},
		{"panic", func(context.Context, *rules.Position, ai.Limits) (ai.Result, error) {
			panic("index out of range")
		}, "the engine failed: index out of range"},
		{"illegal", func(_ context.Context, pos *rules.Position, _ ai.Limits) (ai.Result, error) {
			return ai.Result{Move: rules.NoMove}, nil
		}, "not a legal move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			eng := &fakeEngine{}
			eng.setReply(tc.reply)
			ctx, _ := playContext(t, eng)
			g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.ComputerAt(easy(t)), match.Human}})
			send(g, q, await[match.SearchDone](t, q, g, true))
			if g.match.Computer().Err() == nil || !strings.Contains(g.msg.text, tc.want) || !strings.Contains(g.msg.text, "could not move") {
				t.Fatalf("engine error: err %v, message %q", g.match.Computer().Err(), g.msg.text)
			}
			if g.game().Len() != 0 {
				t.Fatal("a failed search played a move")
			}
			keys(g, q, "enter")
			if !strings.Contains(g.msg.text, "could not move") {
				t.Errorf("the board should keep explaining: %q", g.msg.text)
			}
			eng.setReply(playFirst("e2e4"))
			keys(g, q, "m")
			send(g, q, await[match.SearchDone](t, q, g, true))
			if got := historySAN(g.game()); got != "e4" || g.match.Computer().Err() != nil {
				t.Errorf("after m: moves %q, error %v", got, g.match.Computer().Err())
			}
		})
	}
}

// Undo against the computer goes back to the player's previous move,
// and redo forward to the player's next turn.
func TestUndoAgainstComputer(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("e7e5", "b8c6"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "e4")
	send(g, q, await[match.SearchDone](t, q, g, true))
	typeMove(g, q, "Nf3")
	send(g, q, await[match.SearchDone](t, q, g, true))
	if got := historySAN(g.game()); got != "e4 e5 Nf3 Nc6" {
		t.Fatalf("moves %q", got)
	}
	keys(g, q, "u")
	if got := historySAN(g.game()); got != "e4 e5" || g.match.Computer().Search() != nil {
		t.Fatalf("undo: moves %q, search %v", got, g.match.Computer().Search())
	}
	keys(g, q, "U")
	if got := historySAN(g.game()); got != "e4 e5 Nf3 Nc6" {
		t.Fatalf("redo: moves %q", got)
	}
	keys(g, q, "u", "u")
	if got := historySAN(g.game()); got != "" {
		t.Fatalf("two undos: moves %q", got)
	}
	keys(g, q, "u")
	if !strings.Contains(g.msg.text, "Nothing to undo") {
		t.Errorf("undo at the start: %q", g.msg.text)
	}

	// Playing Black, the engine's first move is not the player's to undo.
	eng2 := &fakeEngine{}
	eng2.setReply(playFirst("e2e4"))
	ctx2, _ := playContext(t, eng2)
	b, q2 := newPlayGame(t, ctx2, GameOptions{Players: [2]match.Player{match.ComputerAt(easy(t)), match.Human}})
	if !b.board.flip {
		t.Error("playing Black, Black should be at the bottom")
	}
	send(b, q2, await[match.SearchDone](t, q2, b, true))
	keys(b, q2, "u")
	if got := historySAN(b.game()); got != "e4" || !strings.Contains(b.msg.text, "not moved yet") {
		t.Errorf("undo before Black's first move: moves %q, message %q", got, b.msg.text)
	}
}

// The hint key asks the engine for the player's move and marks it: the
// piece selected, the cursor on its square; enter plays it.
func TestHint(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("g1f3"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{})
	keys(g, q, "t")
	if g.match.Computer().Search() == nil || g.match.Computer().Search().Purpose != match.ForHint {
		t.Fatal("t should start a hint search")
	}
	send(g, q, await[match.SearchDone](t, q, g, true))
	if g.board.selected != sq(t, "g1") || g.board.cursor != sq(t, "f3") || !strings.Contains(g.msg.text, "Hint: Nf3") {
		t.Fatalf("hint: selected %v, cursor %v, message %q", g.board.selected, g.board.cursor, g.msg.text)
	}
	if calls := eng.calls(); len(calls) != 1 || calls[0].lim.Depth != match.HintLimits.Depth {
		t.Errorf("the hint should search with the hint limits: %+v", calls)
	}
	keys(g, q, "enter")
	if got := historySAN(g.game()); got != "Nf3" {
		t.Errorf("enter after a hint: moves %q", got)
	}
	keys(g, q, "m")
	if !strings.Contains(g.msg.text, "No computer") {
		t.Errorf("m in a two-player game: %q", g.msg.text)
	}
	// A hint still being looked for when a move is played is dropped.
	eng.setReply(thinkUntil(nil, "d7d5"))
	keys(g, q, "t")
	typeMove(g, q, "e5")
	if g.match.Computer().Search() != nil || !eng.waitCancelled(t) {
		t.Fatal("a move should stop the hint search")
	}
	send(g, q, await[match.SearchDone](t, q, g, false))
	if g.board.selected != rules.NoSquare || strings.Contains(g.msg.text, "Hint") {
		t.Errorf("a stale hint was shown: selected %v, %q", g.board.selected, g.msg.text)
	}
}

// Computer against computer: both sides move by themselves, an undo
// pauses them, and m lets them play on.
func TestComputerVsComputer(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("e2e4", "e7e5", "g1f3"))
	ctx, _ := playContext(t, eng)
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.ComputerAt(easy(t)), match.ComputerAt(easy(t))}})
	for range 3 {
		send(g, q, await[match.SearchDone](t, q, g, true))
	}
	if got := historySAN(g.game()); got != "e4 e5 Nf3" {
		t.Fatalf("moves %q", got)
	}
	keys(g, q, "u")
	if got := historySAN(g.game()); got != "e4 e5" || !g.match.Computer().Paused() || g.match.Computer().Search() != nil {
		t.Fatalf("undo: moves %q, paused %v", got, g.match.Computer().Paused())
	}
	keys(g, q, "m")
	awaitSearch(t, g, q)
	if got := historySAN(g.game()); got != "e4 e5 Nf3" {
		t.Errorf("after m: moves %q", got)
	}
}

// The clock: the first move starts it, the mover gains the increment, a
// two-player undo stops it, a flag fall ends the game (a draw when the
// other side could not mate), and the engine plays by its clock.
func TestClock(t *testing.T) {
	eng := &fakeEngine{}
	ctx, now := playContext(t, eng)
	tc := saves.TimeControl{Base: time.Minute, Increment: 2 * time.Second}
	g, q := newPlayGame(t, ctx, GameOptions{Clock: tc})
	if running(g.match.Clock()) {
		t.Fatal("the clock should wait for the first move")
	}
	now.advance(10 * time.Second)
	typeMove(g, q, "e4")
	c := g.match.Clock()
	if side, on := c.Running(); !on || side != rules.Black || c.Remaining(rules.White, now.Now()) != 62*time.Second {
		t.Fatalf("after e4: running %v for %v, White %v", on, side, c.Remaining(rules.White, now.Now()))
	}
	now.advance(5 * time.Second)
	typeMove(g, q, "e5")
	if got := c.Remaining(rules.Black, now.Now()); got != 57*time.Second {
		t.Errorf("Black after 5 s and the increment: %v", got)
	}
	if clocks := g.match.Snapshot().Clocks; len(clocks) != 2 || clocks[1] != 57*time.Second {
		t.Errorf("clock times kept for the PGN: %v", clocks)
	}
	keys(g, q, "u")
	if running(c) {
		t.Error("an undo in two-player play should stop the clock")
	}
	now.advance(time.Hour)
	send(g, q, await[match.Woke](t, q, g, false))
	if g.game().Result().Over() {
		t.Fatal("a stopped clock cannot run out")
	}
	typeMove(g, q, "e5") // the clock runs again, for White
	now.advance(63 * time.Second)
	send(g, q, await[match.Woke](t, q, g, false))
	if res := g.game().Result(); res != (rules.Result{Status: rules.BlackWins, Reason: rules.TimeForfeit}) {
		t.Fatalf("White's flag fell: result %v", res)
	}
	if !strings.Contains(g.View(), "White 0:00.0") {
		t.Error("the fallen flag should show 0:00.0")
	}

	// Black's flag falls while White has only king and knight: a draw.
	g2, q2 := newPlayGame(t, ctx, GameOptions{FEN: "4k3/8/8/8/8/8/r7/4K1N1 w - - 0 1", Clock: tc})
	typeMove(g2, q2, "Nf3")
	now.advance(2 * time.Minute)
	send(g2, q2, await[match.Woke](t, q2, g2, false))
	if res := g2.game().Result(); res != (rules.Result{Status: rules.Drawn, Reason: rules.TimeForfeit}) {
		t.Fatalf("Black's flag against a lone knight: %v", res)
	}

	// The engine budgets from its clock instead of its fixed move time.
	eng.setReply(playFirst())
	g3, q3 := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(ai.Levels()[3])}, Clock: tc})
	typeMove(g3, q3, "e4")
	now.advance(3 * time.Second)
	send(g3, q3, await[match.SearchDone](t, q3, g3, true))
	calls := eng.calls()
	lim := calls[len(calls)-1].lim
	if lim.MoveTime != 0 || lim.Clock.Remaining != time.Minute || lim.Clock.Increment != 2*time.Second {
		t.Errorf("engine limits with a clock: %+v", lim)
	}
	if got := g3.match.Clock().Remaining(rules.Black, now.Now()); got != 59*time.Second {
		t.Errorf("the engine's thinking should count on its clock: %v", got)
	}
}

// A real engine at its shallowest answers a move.
func TestRealEngineAnswers(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	ctx := testContext(false)
	g, q := newPlayGame(t, ctx, GameOptions{Variant: rules.Asha, Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "e4")
	send(g, q, await[match.SearchDone](t, q, g, true))
	if h := g.game().History(); len(h) != 2 || !strings.Contains(g.msg.text, "Varia Easy played "+h[1].SAN) {
		t.Errorf("moves %q, message %q", historySAN(g.game()), g.msg.text)
	}
}

// The end of a game against the computer offers a rematch with the
// colours swapped: the same level and clock, the person on the other side.
func TestRematch(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("e7e5"))
	ctx, _ := playContext(t, eng)
	clock := saves.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}, Clock: clock})
	typeMove(g, q, "e4")
	send(g, q, await[match.SearchDone](t, q, g, true))
	keys(g, q, "r", "y")
	if dialogName(g) != "new game" || !strings.Contains(g.View(), "rematch: you play Black") {
		t.Fatalf("the end of the game should offer a rematch:\n%s", g.View())
	}
	_, cmd := g.Update(keyMsg("r"))
	msg, ok := cmd().(startGameMsg)
	if !ok {
		t.Fatalf("r: %#v", cmd())
	}
	o := msg.opts
	if o.Mode != match.PlayBlack || !o.Players[rules.White].Computer || o.Players[rules.White].Level.Name != "Easy" || o.Players[rules.Black].Computer || o.Clock != clock || o.Continue != nil {
		t.Errorf("rematch options: %+v", o)
	}
}
