package match

import (
	"varia/rules"
)

// What people do to the game itself: each action returns the effects to
// carry out (even when it is refused: an undo refused may still set the
// engine going again) and, when it is refused, why (a Refusal, or the
// rules' error). What is asked of the opponent is the Consent's, what a
// remote player's absence allows the Absence's, hurrying the engine and
// hints the Computer's, premoves the Premoves'.

// Play plays a person's move for side.
func (m *Match) Play(side rules.Color, mv rules.Move) ([]Effect, error) {
	c := &m.c
	pos := c.game.Position()
	switch {
	case c.over():
		return nil, RefusedGameOver
	case side != pos.SideToMove() || c.players[side].Computer:
		return nil, RefusedNotYourMove
	}
	san := ""
	if pos.IsLegal(mv) {
		san = pos.SAN(mv)
	}
	if err := c.game.Play(mv); err != nil {
		return nil, err
	}
	c.moved(Note{Kind: NotePlayed, Side: side, SAN: san, Move: mv})
	return c.take(), nil
}

// Undo takes back a move. Between two people at one keyboard: one move
// (with a remote player the opponent is asked instead: ProposeUndo).
// Against the computer: back to the person's previous move (their move
// and its reply, or only their move while the engine still thinks). The
// computer playing itself: one move, and it waits until MoveNow.
func (m *Match) Undo() ([]Effect, error) {
	c := &m.c
	g := c.game
	if c.byConsent() {
		return nil, RefusedNoConsent // the opponent is asked: ProposeUndo
	}
	switch c.mode() {
	case TwoPlayers:
		if !g.Undo() {
			return nil, RefusedNoUndo
		}
		m.changed()
		c.say(Note{Kind: NoteTakenBack})
		return c.take(), nil
	case ComputerVsComputer:
		m.engine.undone(g.CanUndo())
		if !g.Undo() {
			return c.take(), RefusedNoUndo
		}
		m.changed()
		c.say(Note{Kind: NoteTakenBackWait})
		return c.take(), nil
	}
	m.engine.undone(false)
	human := rules.White // the side a person plays against the computer
	if c.players[rules.White].Computer {
		human = rules.Black
	}
	last := lastMoveOf(g, human)
	if last < 0 {
		m.changed() // the engine starts again if it was stopped
		return c.take(), RefusedNotMovedYet
	}
	san := g.History()[last].SAN
	for g.Len() > last {
		g.Undo()
	}
	m.changed()
	c.say(Note{Kind: NoteTakenBack, Side: human, SAN: san})
	return c.take(), nil
}

// Redo replays a move taken back; against the computer, up to the
// person's next turn. Not with a remote player: a move taken back by
// agreement stays taken back.
func (m *Match) Redo() ([]Effect, error) {
	c := &m.c
	g := c.game
	if c.byConsent() {
		return nil, RefusedNoRedo
	}
	mode := c.mode()
	if mode == TwoPlayers {
		if !g.Redo() {
			return nil, RefusedNoRedo
		}
	} else {
		if !g.CanRedo() {
			return nil, RefusedNoRedo
		}
		m.engine.stop()
		g.Redo()
		for mode != ComputerVsComputer && g.CanRedo() && !c.personToMove() {
			g.Redo()
		}
	}
	m.changed()
	c.say(Note{Kind: NoteReplayed})
	return c.take(), nil
}

// OfferDraw offers a draw for side: at one keyboard, the side to move;
// a remote player, on either side's turn. The engine answers at once: it
// accepts when it thinks it is clearly behind. A person answers with
// Consent().AnswerDraw; a move made meanwhile lets the offer lapse.
func (m *Match) OfferDraw(side rules.Color) ([]Effect, error) {
	c := &m.c
	switch {
	case c.over():
		return nil, RefusedGameOver
	case c.mode() == ComputerVsComputer:
		return nil, RefusedBothSides
	case c.players[side].Computer || side != c.game.Position().SideToMove() && !c.players[side].Remote:
		return nil, RefusedNotYourMove
	}
	if opponent := side.Other(); c.players[opponent].Computer {
		return m.engine.answerDraw(opponent)
	}
	return m.consent.offerDraw(side)
}

// ClaimDraw claims a draw open to the side to move (Game.Claimable).
func (m *Match) ClaimDraw(r rules.Reason) ([]Effect, error) {
	if m.c.over() {
		return nil, RefusedGameOver
	}
	return m.c.ended(m.c.game.ClaimDraw(r))
}

// Resign ends the game as a win for side's opponent.
func (m *Match) Resign(side rules.Color) ([]Effect, error) {
	if m.c.over() {
		return nil, RefusedGameOver
	}
	return m.c.ended(m.c.game.Resign(side))
}
