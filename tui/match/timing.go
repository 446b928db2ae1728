package match

import (
	"time"

	"varia/ai"
	"varia/rules"
	"varia/saves"
)

// timing is the match's part that runs the chess clock with the game:
// a move books the mover's time and starts the opponent's, a move taken
// back gives the time back, the clock stands still while nobody watches,
// and the time left after each move is kept, to be written with it. It
// also asks for the wake-ups at which a flag may fall (and views redraw).
type timing struct {
	c      *core
	clock  *Clock          // nil without a clock
	clocks []time.Duration // time left after each move of the history
	// A continued game's clock times as read, with the moves they were
	// read with, kept when the match runs no clock (its TimeControl
	// could not be read): rewriting the game drops none of them.
	readClocks []time.Duration
	readLine   []rules.Move
	wasRunning bool // the clock ran when the match was paused
	ticking    bool
	tickSeq    int
}

// newTiming sets the clock to tc, going on from a continued game's
// times (read: the time left after each of its moves, saves.NoClock
// where unknown); with runs, a continued game's clock runs on from
// Start.
func newTiming(c *core, tc saves.TimeControl, read []time.Duration, runs bool) timing {
	t := timing{c: c}
	hist := c.game.History()
	if !tc.On() {
		if read != nil {
			t.readClocks = append([]time.Duration(nil), read...)
			for _, r := range hist {
				t.readLine = append(t.readLine, r.Move)
			}
		}
		return t
	}
	t.clock = NewClock(tc)
	t.clocks = make([]time.Duration, len(hist))
	for i := range t.clocks {
		t.clocks[i] = saves.NoClock
	}
	if read != nil {
		copy(t.clocks, read)
		white, black := tc.Base, tc.Base
		for i, d := range t.clocks {
			if d >= 0 && hist[i].Color() == rules.White {
				white = d
			} else if d >= 0 {
				black = d
			}
		}
		t.clock.Set(white, black)
	}
	if runs && len(hist) > 0 {
		t.clock.started, t.wasRunning = true, true
	}
	return t
}

// resume runs the clock on when the match comes back into view, if it
// ran when it went.
func (t *timing) resume() {
	if t.clock != nil && t.wasRunning && !t.c.over() {
		t.clock.Start(t.c.game.Position().SideToMove(), t.c.now())
		t.wasRunning = false
		t.tick()
	}
}

// pause stands the clock still while nobody watches.
func (t *timing) pause() {
	if t.clock != nil {
		_, t.wasRunning = t.clock.Running()
		t.clock.Stop(t.c.now())
	}
}

// follow books a change of the game from plies moves to n: one move
// forward books the mover's time (reporting the mover false when the
// flag had fallen before the move), moves replayed or taken back set
// the times as they stood.
func (t *timing) follow(plies, n int, res rules.Result, now time.Time) (rules.Color, bool) {
	k := t.clock
	if k == nil {
		return rules.White, true
	}
	hist := t.c.game.History()
	switch {
	case n == plies+1:
		mover := hist[n-1].Color()
		left, ok := k.Moved(mover, now)
		if !ok {
			return mover, false
		}
		t.clocks = append(t.clocks[:n-1], left)
		if t.c.mode() == ComputerVsComputer {
			// The next engine's time starts with its search.
			k.Stop(now)
		}
		t.tick()
	case n > plies:
		for i := plies; i < n; i++ {
			t.clocks = append(t.clocks[:i], k.Remaining(hist[i].Color(), now))
		}
	case n < plies:
		t.clocks = t.clocks[:n]
		// Between two people at one keyboard the clock stops (it runs
		// again with the next move); against the computer, or online,
		// the time of the side to move runs on.
		mode := t.c.mode()
		if _, running := k.Running(); running && n > 0 && (mode == PlayWhite || mode == PlayBlack || t.c.remote()) {
			k.Start(t.c.game.Position().SideToMove(), now)
		} else {
			k.Stop(now)
		}
	}
	if res.Over() {
		k.Stop(now)
	}
	return rules.White, true
}

// forEngine starts the engine's time as it starts to think for side (in
// a watched game the pause before the search is not charged), and has
// it budget its search from what is left instead of a fixed time a
// move.
func (t *timing) forEngine(side rules.Color, lim *ai.Limits) {
	k := t.clock
	if k == nil {
		return
	}
	if k.Started() {
		k.Start(side, t.c.now())
		t.tick()
	}
	lim.MoveTime = 0
	lim.Clock = ai.Clock{Remaining: k.Remaining(side, t.c.now()), Increment: k.tc.Increment}
}

// tick asks for the clock's next wake-up unless one is asked for.
func (t *timing) tick() {
	if t.ticking {
		return
	}
	t.ticking = true
	t.tickSeq++
	t.c.ask(Wake{Match: t.c.id, Seq: t.tickSeq, After: TickEvery})
}

// woke takes the wake-up tick asked for; false for an earlier one.
func (t *timing) woke(seq int) bool {
	if seq != t.tickSeq {
		return false
	}
	t.ticking = false
	return true
}

// flagged is the side whose time has run out in a game going on, if any.
func (t *timing) flagged() (rules.Color, bool) {
	if t.clock == nil || t.c.over() {
		return rules.White, false
	}
	return t.clock.Flagged(t.c.now())
}

// running reports whether a side's time runs.
func (t *timing) running() bool {
	_, running := t.clock.Running()
	return running
}

// times are the times left after each move of the game as it stands,
// to be written with them (saves.NoClock where unknown); nil without a
// clock or times read.
func (t *timing) times() []time.Duration {
	hist := t.c.game.History()
	switch {
	case t.clock != nil:
		out := make([]time.Duration, len(hist))
		for i := range out {
			out[i] = saves.NoClock
			if i < len(t.clocks) {
				out[i] = t.clocks[i]
			}
		}
		return out
	case t.readClocks != nil:
		// The times read stay with the moves they were read with, as
		// long as the game still has them.
		same := 0
		for same < len(hist) && same < len(t.readLine) && hist[same].Move == t.readLine[same] {
			same++
		}
		out := make([]time.Duration, len(hist))
		for i := range out {
			out[i] = saves.NoClock
			if i < same && i < len(t.readClocks) {
				out[i] = t.readClocks[i]
			}
		}
		return out
	}
	return nil
}
