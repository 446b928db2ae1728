package match

import (
	"time"

	"varia/rules"
)

// DefaultGrace is how long a remote player may be away before the
// opponent may claim the game.
const DefaultGrace = 2 * time.Minute

// Absence follows remote players who leave and come back: a player who
// has gone keeps their seat and their clock runs on; after the grace
// period the opponent may claim the game, a win or, if they would
// rather, a draw. The server tells it who left (Left) and who came back
// (Back); views read it and claim for the sides they seat.
type Absence struct {
	c     *core
	grace time.Duration
	since [2]time.Time // when a remote player left
	gone  [2]bool      // a remote player is away
	told  [2]bool      // their grace period's end has been told
	seq   int
}

// Left tells the match that side's remote player has gone (their
// connection dropped, or they left the room). The match asks to be
// woken when the grace period ends, so views can say the game may be
// claimed.
func (a *Absence) Left(side rules.Color) []Effect {
	c := a.c
	if !c.players[side].Remote || a.gone[side] {
		return nil
	}
	a.gone[side], a.since[side], a.told[side] = true, c.now(), false
	c.say(Note{Kind: NoteLeft, Side: side})
	if !c.over() {
		a.seq++
		c.ask(Wake{Match: c.id, Seq: a.seq, Grace: true, After: a.grace})
	}
	return c.take()
}

// Back tells the match that side's remote player has come back.
func (a *Absence) Back(side rules.Color) []Effect {
	if !a.gone[side] {
		return nil
	}
	a.gone[side], a.since[side] = false, time.Time{}
	a.c.say(Note{Kind: NoteBack, Side: side})
	return a.c.take()
}

// Away says how long side's remote player has been gone, if they are.
func (a *Absence) Away(side rules.Color) (time.Duration, bool) {
	if !a.gone[side] {
		return 0, false
	}
	return a.c.now().Sub(a.since[side]), true
}

// Grace is how long a remote player may be away before the opponent
// may claim the game.
func (a *Absence) Grace() time.Duration { return a.grace }

// MayClaim reports whether side may claim the game because its
// opponent has been away for longer than the grace period.
func (a *Absence) MayClaim(side rules.Color) bool {
	away, ok := a.Away(side.Other())
	return ok && away >= a.grace && !a.c.over() && !a.c.players[side].Computer
}

// Claim ends the game for side, whose opponent has been away for longer
// than the grace period: a win, or a draw if side would rather.
func (a *Absence) Claim(side rules.Color, draw bool) ([]Effect, error) {
	switch {
	case a.c.over():
		return nil, RefusedGameOver
	case !a.MayClaim(side):
		return nil, RefusedNotAbandoned
	}
	return a.c.ended(a.c.game.Abandon(side.Other(), draw))
}

// graceOver follows a wake-up at the end of a grace period: views are
// told, once for each absence, that the game may now be claimed. A
// wake-up for an absence since ended is ignored.
func (a *Absence) graceOver() {
	if a.c.over() {
		return
	}
	for c := rules.White; c <= rules.Black; c++ {
		if away, ok := a.Away(c); ok && away >= a.grace && !a.told[c] {
			a.told[c] = true
			a.c.say(Note{Kind: NoteGraceOver, Side: c})
		}
	}
}
