package match

import (
	"errors"

	"varia/rules"
)

// Consent is what one side asks of the other and waits for an answer
// to: a draw offered to a person, and, between remote players, a move
// to take back (what two people at one keyboard settle between
// themselves is asked of the opponent and answered). A move made
// meanwhile, or any other change to the game, lets the question lapse.
type Consent struct {
	c        *core
	offer    proposal // a draw offer waiting for an answer
	takeback proposal // a request to take a move back, waiting for an answer
	proposed int      // counts proposals, to tell one from the next
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
func (s *Consent) DrawOffer() (Proposal, bool) {
	return Proposal{s.offer.by, s.offer.seq}, s.offer.open
}

// UndoRequest is the request to take a move back waiting for an answer,
// if any.
func (s *Consent) UndoRequest() (Proposal, bool) {
	return Proposal{s.takeback.by, s.takeback.seq}, s.takeback.open
}

func (s *Consent) propose(p *proposal, side rules.Color) {
	s.proposed++
	*p = proposal{open: true, by: side, seq: s.proposed}
}

// lapse follows a change to the game, which answers what was proposed
// before it.
func (s *Consent) lapse() { s.offer.open, s.takeback.open = false, false }

// offerDraw offers a person side's opponent a draw.
func (s *Consent) offerDraw(side rules.Color) ([]Effect, error) {
	if s.offer.open && s.offer.by == side {
		return nil, RefusedAsked
	}
	s.propose(&s.offer, side)
	s.c.say(Note{Kind: NoteDrawOffered, Side: side})
	return s.c.take(), nil
}

// AnswerDraw answers a draw offer waiting for an answer.
func (s *Consent) AnswerDraw(accept bool) ([]Effect, error) {
	if !s.offer.open {
		return nil, errors.New("no draw is offered")
	}
	s.offer.open = false
	if !accept {
		s.c.say(Note{Kind: NoteDrawDeclined, Side: s.offer.by})
		return nil, nil
	}
	return s.c.ended(s.c.game.AgreeDraw())
}

// ProposeUndo asks side's opponent to take back side's last move (and
// the opponent's reply to it, if they made one), so that side moves
// again. The opponent answers with AnswerUndo; a move made meanwhile
// lets the request lapse.
func (s *Consent) ProposeUndo(side rules.Color) ([]Effect, error) {
	switch {
	case !s.c.byConsent():
		return nil, RefusedNoConsent
	case s.c.over():
		return nil, RefusedGameOver
	case lastMoveOf(s.c.game, side) < 0:
		return nil, RefusedNotMovedYet
	case s.takeback.open && s.takeback.by == side:
		return nil, RefusedAsked
	}
	s.propose(&s.takeback, side)
	s.c.say(Note{Kind: NoteUndoRequested, Side: side})
	return s.c.take(), nil
}

// AnswerUndo answers a request to take a move back: accepted, the
// requester's last move (and any reply) is taken back and the clock
// runs for them; declined, the game goes on.
func (s *Consent) AnswerUndo(accept bool) ([]Effect, error) {
	c := s.c
	if !s.takeback.open {
		return nil, errors.New("no takeback is asked for")
	}
	s.takeback.open = false
	by := s.takeback.by
	if !accept {
		c.say(Note{Kind: NoteUndoDeclined, Side: by})
		return c.take(), nil
	}
	last := lastMoveOf(c.game, by)
	if last < 0 {
		return nil, RefusedNotMovedYet
	}
	san := c.game.History()[last].SAN
	for c.game.Len() > last {
		c.game.Undo()
	}
	c.game.DropRedo()
	c.changed()
	c.say(Note{Kind: NoteTakenBack, Side: by, SAN: san})
	return c.take(), nil
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
