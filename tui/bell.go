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

// ring rings the terminal's bell, if the settings ask for it.
func (g *gameScreen) ring() {
	if g.ctx.Settings.Bell && g.ctx.Services.Control != nil {
		g.ctx.Services.Control(bellSeq)
	}
}

// bellForNote rings for a move of the opponent's (a side this screen
// does not play) and for a check given to a side it plays.
func (g *gameScreen) bellForNote(n match.Note) {
	switch n.Kind {
	case match.NotePlayed, match.NotePremovePlayed, match.NotePremoveDropped:
	default:
		return
	}
	pos := g.game().Position()
	opponentMoved := n.Kind != match.NotePlayed || !g.seats[n.Side]
	checked := pos.InCheck() && g.seats[pos.SideToMove()]
	if opponentMoved || checked {
		g.ring()
	}
}

// bellForClock rings once when the clock of a side this screen plays
// falls under lowTime; it may ring again after the clock has gone back
// over it (an increment).
func (g *gameScreen) bellForClock() {
	k := g.match.Clock()
	if k == nil || g.game().Result().Over() {
		return
	}
	now := g.match.Now()
	for c := rules.White; c <= rules.Black; c++ {
		low := k.Remaining(c, now) < lowTime
		if low && !g.lowRung[c] && g.seats[c] {
			if side, running := k.Running(); running && side == c {
				g.ring()
				g.lowRung[c] = true
			}
		}
		if !low {
			g.lowRung[c] = false
		}
	}
}
