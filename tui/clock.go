package tui

import (
	"fmt"
	"time"

	"varia/rules"
	"varia/saves"
)

// gameClock is a chess clock: one side's time runs at a time, the mover
// gains the increment, and it can stand still (before the first move,
// after a two-player undo, once the game is over). It reads no time of
// its own: every call says what time it is, so tests decide.
type gameClock struct {
	tc      saves.TimeControl
	left    [2]time.Duration // at the moment `since`, for the running side
	running bool
	side    rules.Color // whose time runs (or would run)
	since   time.Time
}

func newGameClock(tc saves.TimeControl) *gameClock {
	return &gameClock{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

// Remaining is c's time now; never below zero.
func (k *gameClock) Remaining(c rules.Color, now time.Time) time.Duration {
	left := k.left[c]
	if k.running && c == k.side {
		left -= now.Sub(k.since)
	}
	return max(left, 0)
}

// settle books the time the running side has used up to now.
func (k *gameClock) settle(now time.Time) {
	if k.running {
		k.left[k.side] = k.Remaining(k.side, now)
		k.since = now
	}
}

// Start runs c's time from now.
func (k *gameClock) Start(c rules.Color, now time.Time) {
	k.settle(now)
	k.side, k.running, k.since = c, true, now
}

// Stop stands the clock still, keeping both times.
func (k *gameClock) Stop(now time.Time) {
	k.settle(now)
	k.running = false
}

// Moved ends mover's turn: its used time is booked, the increment added,
// and the opponent's time starts. It returns mover's time after the
// move, and false when that time had already run out.
func (k *gameClock) Moved(mover rules.Color, now time.Time) (time.Duration, bool) {
	k.settle(now)
	if k.left[mover] <= 0 {
		k.running = false
		return 0, false
	}
	k.left[mover] += k.tc.Increment
	left := k.left[mover]
	k.side, k.running, k.since = mover.Other(), true, now
	return left, true
}

// Flagged returns the side whose time has run out, if any.
func (k *gameClock) Flagged(now time.Time) (rules.Color, bool) {
	if k.running && k.Remaining(k.side, now) <= 0 {
		return k.side, true
	}
	return rules.White, false
}

// Set puts the times as they stood (a resumed game's last %clk values).
func (k *gameClock) Set(white, black time.Duration) {
	k.left = [2]time.Duration{max(white, 0), max(black, 0)}
	k.running = false
}

// clockText shows a time as m:ss, with tenths in the last ten seconds,
// and h:mm:ss from an hour up.
func clockText(d time.Duration) string {
	d = max(d, 0)
	if d < 10*time.Second {
		tenths := int(d / (100 * time.Millisecond))
		return fmt.Sprintf("0:%02d.%d", tenths/10, tenths%10)
	}
	secs := int(d / time.Second)
	if secs >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", secs/3600, secs/60%60, secs%60)
	}
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}
