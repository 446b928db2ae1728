package match

import (
	"time"

	"varia/rules"
	"varia/saves"
)

// Clock is a chess clock: one side's time runs at a time, the mover
// gains the increment, and it can stand still (before the first move,
// after a two-player undo, once the game is over). It reads no time of
// its own: every call says what time it is, so tests decide.
type Clock struct {
	tc      saves.TimeControl
	left    [2]time.Duration // at the moment `since`, for the running side
	running bool
	started bool        // by a move, at which the clock first ran
	side    rules.Color // whose time runs (or would run)
	since   time.Time
}

// NewClock is a clock set to tc, standing still.
func NewClock(tc saves.TimeControl) *Clock {
	return &Clock{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

// TimeControl is what the clock was set to.
func (k *Clock) TimeControl() saves.TimeControl { return k.tc }

// Running reports whether a side's time runs, and whose; never on no
// clock (nil).
func (k *Clock) Running() (rules.Color, bool) {
	if k == nil {
		return rules.White, false
	}
	return k.side, k.running
}

// Started reports whether a move has started the clock (in this match:
// a resumed game's clock starts again with its next move).
func (k *Clock) Started() bool { return k.started }

// Remaining is c's time now; never below zero.
func (k *Clock) Remaining(c rules.Color, now time.Time) time.Duration {
	left := k.left[c]
	if k.running && c == k.side {
		left -= now.Sub(k.since)
	}
	return max(left, 0)
}

// settle books the time the running side has used up to now.
func (k *Clock) settle(now time.Time) {
	if k.running {
		k.left[k.side] = k.Remaining(k.side, now)
		k.since = now
	}
}

// Start runs c's time from now.
func (k *Clock) Start(c rules.Color, now time.Time) {
	k.settle(now)
	k.side, k.running, k.since = c, true, now
}

// Stop stands the clock still, keeping both times.
func (k *Clock) Stop(now time.Time) {
	k.settle(now)
	k.running = false
}

// Moved ends mover's turn: its used time is booked, the increment added,
// and the opponent's time starts. It returns mover's time after the
// move, and false when that time had already run out.
func (k *Clock) Moved(mover rules.Color, now time.Time) (time.Duration, bool) {
	k.settle(now)
	if k.left[mover] <= 0 {
		k.running = false
		return 0, false
	}
	k.left[mover] += k.tc.Increment
	left := k.left[mover]
	k.side, k.running, k.since, k.started = mover.Other(), true, now, true
	return left, true
}

// Flagged returns the side whose time has run out, if any.
func (k *Clock) Flagged(now time.Time) (rules.Color, bool) {
	if k.running && k.Remaining(k.side, now) <= 0 {
		return k.side, true
	}
	return rules.White, false
}

// Set puts the times as they stood (a resumed game's last %clk values).
func (k *Clock) Set(white, black time.Duration) {
	k.left = [2]time.Duration{max(white, 0), max(black, 0)}
	k.running = false
}
