package tui

import (
	"time"

	"varia/rules"
	"varia/tui/match"
)

// The bell, when the settings ask for it, calls the player back to the
// board: the opponent has moved, a king of theirs is in check, their
// clock has fallen under lowTime.

// lowTime is where a clock turns to the low-time colour and, once, rings.
const lowTime = 10 * time.Second

// bell rings for a screen that plays the sides it seats.
type bell struct {
	ctx     *Context
	lowRung [2]bool // the bell rang for each side's clock under lowTime
}

// ring rings the terminal's bell, if the settings ask for it.
func (b *bell) ring() {
	if b.ctx.Settings.Bell && b.ctx.Services.Control != nil {
		b.ctx.Services.Control(bellSeq)
	}
}

// note rings for a move of the opponent's (a side the screen does not
// play) and for a check given to a side it plays.
func (b *bell) note(n match.Note, pos *rules.Position, seats seating) {
	switch n.Kind {
	case match.NotePlayed, match.NotePremovePlayed, match.NotePremoveDropped:
	default:
		return
	}
	opponentMoved := n.Kind != match.NotePlayed || !seats[n.Side]
	checked := pos.InCheck() && seats[pos.SideToMove()]
	if opponentMoved || checked {
		b.ring()
	}
}

// clock rings once when the clock of a side the screen plays falls
// under lowTime; it may ring again after the clock has gone back over
// it (an increment).
func (b *bell) clock(m *match.Match, seats seating) {
	k := m.Clock()
	if k == nil || m.Game().Result().Over() {
		return
	}
	now := m.Now()
	for c := rules.White; c <= rules.Black; c++ {
		low := k.Remaining(c, now) < lowTime
		if low && !b.lowRung[c] && seats[c] {
			if side, running := k.Running(); running && side == c {
				b.ring()
				b.lowRung[c] = true
			}
		}
		if !low {
			b.lowRung[c] = false
		}
	}
}
