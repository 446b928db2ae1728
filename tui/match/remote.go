package match

import (
	"errors"
	"time"

	"varia/rules"
	"varia/saves"
)

// What changes when a player is remote (a person at a keyboard of their
// own, over a connection): what two people at one keyboard settle
// between themselves is asked of the opponent and answered, and a player
// may leave and come back.

// DefaultGrace is how long a remote player may be away before the
// opponent may claim the game.
const DefaultGrace = 2 * time.Minute

// Keeper keeps the match's game on disk: what to write and when is the
// match's policy, how and where the Keeper's. A saves.Keeper keeps it
// among the unfinished games and in the saves folder; a server keeps its
// rooms' games in folders of its own. Each request is carried out off
// the caller's goroutine, in the order asked; the channel gets the
// result.
type Keeper interface {
	Keep(sg *saves.SavedGame) <-chan saves.Result
	Finish(sg *saves.SavedGame) <-chan saves.Result
	SaveAs(sg *saves.SavedGame, path string, replace, makeFolder bool) <-chan saves.Result
	Close() <-chan saves.Result
}

// proposal is a draw offer or a takeback request waiting for an answer.
type proposal struct {
	open bool
	by   rules.Color
	seq  int
}

// Proposal is something one side asked of the other that waits for an
// answer: who asked, and a number that tells it from the next one (a
// view answers each proposal once, whatever it missed in between).
type Proposal struct {
	By  rules.Color
	Seq int
}

// DrawOffer is the draw offer waiting for an answer, if any.
func (m *Match) DrawOffer() (Proposal, bool) {
	return Proposal{m.offer.by, m.offer.seq}, m.offer.open
}

// UndoRequest is the request to take a move back waiting for an answer,
// if any.
func (m *Match) UndoRequest() (Proposal, bool) {
	return Proposal{m.takeback.by, m.takeback.seq}, m.takeback.open
}

func (m *Match) propose(p *proposal, side rules.Color) {
	m.proposed++
	*p = proposal{open: true, by: side, seq: m.proposed}
}

// remote reports whether a remote player plays either side.
func (m *Match) remote() bool { return m.players[rules.White].Remote || m.players[rules.Black].Remote }

// UndoByConsent reports whether a move is taken back only when the
// opponent agrees: two people, at least one of them remote. Undo is
// then refused; a player asks with ProposeUndo.
func (m *Match) UndoByConsent() bool {
	return m.Mode() == TwoPlayers && m.remote()
}

// ProposeUndo asks side's opponent to take back side's last move (and
// the opponent's reply to it, if they made one), so that side moves
// again. The opponent answers with AnswerUndo; a move made meanwhile
// lets the request lapse.
func (m *Match) ProposeUndo(side rules.Color) ([]Effect, error) {
	switch {
	case !m.UndoByConsent():
		return nil, RefusedNoConsent
	case m.game.Result().Over():
		return nil, RefusedGameOver
	case lastMoveOf(m.game, side) < 0:
		return nil, RefusedNotMovedYet
	case m.takeback.open && m.takeback.by == side:
		return nil, RefusedAsked
	}
	m.propose(&m.takeback, side)
	m.say(Note{Kind: NoteUndoRequested, Side: side})
	return m.take(), nil
}

// AnswerUndo answers a request to take a move back: accepted, the
// requester's last move (and any reply) is taken back and the clock
// runs for them; declined, the game goes on.
func (m *Match) AnswerUndo(accept bool) ([]Effect, error) {
	if !m.takeback.open {
		return nil, errors.New("no takeback is asked for")
	}
	m.takeback.open = false
	by := m.takeback.by
	if !accept {
		m.say(Note{Kind: NoteUndoDeclined, Side: by})
		return m.take(), nil
	}
	last := lastMoveOf(m.game, by)
	if last < 0 {
		return nil, RefusedNotMovedYet
	}
	san := m.game.History()[last].SAN
	for m.game.Len() > last {
		m.game.Undo()
	}
	m.game.DropRedo()
	m.changed()
	m.say(Note{Kind: NoteTakenBack, Side: by, SAN: san})
	return m.take(), nil
}

// lastMoveOf is the index in the history of side's last move, or -1.
func lastMoveOf(g *rules.Game, side rules.Color) int {
	hist := g.History()
	for i := len(hist) - 1; i >= 0; i-- {
		if hist[i].Color() == side {
			return i
		}
	}
	return -1
}

// Left tells the match that side's remote player has gone (their
// connection dropped, or they left the room). Their seat stays theirs
// and their clock runs on; after the grace period the opponent may
// claim the game. The match asks to be woken then, so views can say so.
func (m *Match) Left(side rules.Color) []Effect {
	if !m.players[side].Remote || m.left[side] {
		return nil
	}
	m.left[side], m.away[side], m.graceTold[side] = true, m.now(), false
	m.say(Note{Kind: NoteLeft, Side: side})
	if !m.game.Result().Over() {
		m.graceSeq++
		m.fx = append(m.fx, Wake{Match: m.id, Seq: m.graceSeq, Grace: true, After: m.grace})
	}
	return m.take()
}

// Back tells the match that side's remote player has come back.
func (m *Match) Back(side rules.Color) []Effect {
	if !m.left[side] {
		return nil
	}
	m.left[side], m.away[side] = false, time.Time{}
	m.say(Note{Kind: NoteBack, Side: side})
	return m.take()
}

// Away says how long side's remote player has been gone, if they are.
func (m *Match) Away(side rules.Color) (time.Duration, bool) {
	if !m.left[side] {
		return 0, false
	}
	return m.now().Sub(m.away[side]), true
}

// Grace is how long a remote player may be away before the opponent
// may claim the game.
func (m *Match) Grace() time.Duration { return m.grace }

// MayClaimAbandoned reports whether side may claim the game because its
// opponent has been away for longer than the grace period.
func (m *Match) MayClaimAbandoned(side rules.Color) bool {
	away, ok := m.Away(side.Other())
	return ok && away >= m.grace && !m.game.Result().Over() && !m.players[side].Computer
}

// ClaimAbandoned ends the game for side, whose opponent has been away
// for longer than the grace period: a win, or a draw if side would
// rather.
func (m *Match) ClaimAbandoned(side rules.Color, draw bool) ([]Effect, error) {
	switch {
	case m.game.Result().Over():
		return nil, RefusedGameOver
	case !m.MayClaimAbandoned(side):
		return nil, RefusedNotAbandoned
	}
	if err := m.game.Abandon(side.Other(), draw); err != nil {
		return nil, err
	}
	m.changed()
	m.say(Note{Kind: NoteGameOver, Result: m.game.Result()})
	return m.take(), nil
}

// graceOver follows a wake-up at the end of a grace period: views are
// told, once for each absence, that the game may now be claimed. A
// wake-up for an absence since ended is ignored.
func (m *Match) graceOver() {
	if m.game.Result().Over() {
		return
	}
	for c := rules.White; c <= rules.Black; c++ {
		if away, ok := m.Away(c); ok && away >= m.grace && !m.graceTold[c] {
			m.graceTold[c] = true
			m.say(Note{Kind: NoteGraceOver, Side: c})
		}
	}
}
