package match

import (
	"errors"

	"varia/rules"
)

// What people do: each action returns the effects to carry out (even
// when it is refused: an undo refused may still set the engine going
// again) and, when it is refused, why (a Refusal, or the rules' error).

// Play plays a person's move for side.
func (m *Match) Play(side rules.Color, mv rules.Move) ([]Effect, error) {
	pos := m.game.Position()
	switch {
	case m.game.Result().Over():
		return nil, RefusedGameOver
	case side != pos.SideToMove() || m.players[side].Computer:
		return nil, RefusedNotYourMove
	}
	san := ""
	if pos.IsLegal(mv) {
		san = pos.SAN(mv)
	}
	if err := m.game.Play(mv); err != nil {
		return nil, err
	}
	if m.changed() {
		m.say(Note{Kind: NotePlayed, Side: side, SAN: san, Move: mv})
	} else {
		m.say(Note{Kind: NoteGameOver, Result: m.game.Result()})
	}
	return m.take(), nil
}

// Undo takes back a move. Between two people at one keyboard: one move
// (with a remote player the opponent is asked instead: ProposeUndo).
// Against the computer: back to the person's previous move (their move
// and its reply, or only their move while the engine still thinks). The
// computer playing itself: one move, and it waits until MoveNow.
func (m *Match) Undo() ([]Effect, error) {
	if m.UndoByConsent() {
		return nil, RefusedNoConsent // the opponent is asked: ProposeUndo
	}
	switch m.Mode() {
	case TwoPlayers:
		if !m.game.Undo() {
			return nil, RefusedNoUndo
		}
		m.changed()
		m.say(Note{Kind: NoteTakenBack})
		return m.take(), nil
	case ComputerVsComputer:
		m.eng.stop()
		m.eng.err = nil
		if !m.game.Undo() {
			return m.take(), RefusedNoUndo
		}
		m.eng.paused = true
		m.changed()
		m.say(Note{Kind: NoteTakenBackWait})
		return m.take(), nil
	}
	m.eng.stop()
	m.eng.err = nil
	human := rules.White // the side a person plays against the computer
	if m.players[rules.White].Computer {
		human = rules.Black
	}
	hist := m.game.History()
	last := -1
	for i := len(hist) - 1; i >= 0; i-- {
		if hist[i].Color() == human {
			last = i
			break
		}
	}
	if last < 0 {
		m.changed() // the engine starts again if it was stopped
		return m.take(), RefusedNotMovedYet
	}
	for m.game.Len() > last {
		m.game.Undo()
	}
	m.changed()
	m.say(Note{Kind: NoteTakenBack, Side: human, SAN: hist[last].SAN})
	return m.take(), nil
}

// Redo replays a move taken back; against the computer, up to the
// person's next turn. Not with a remote player: a move taken back by
// agreement stays taken back.
func (m *Match) Redo() ([]Effect, error) {
	if m.UndoByConsent() {
		return nil, RefusedNoRedo
	}
	mode := m.Mode()
	if mode == TwoPlayers {
		if !m.game.Redo() {
			return nil, RefusedNoRedo
		}
	} else {
		if !m.game.CanRedo() {
			return nil, RefusedNoRedo
		}
		m.eng.stop()
		m.game.Redo()
		for mode != ComputerVsComputer && m.game.CanRedo() && !m.PersonToMove() {
			m.game.Redo()
		}
	}
	m.changed()
	m.say(Note{Kind: NoteReplayed})
	return m.take(), nil
}

// OfferDraw offers a draw for side: at one keyboard, the side to move;
// a remote player, on either side's turn. The engine answers at once: it
// accepts when it thinks it is clearly behind. A person answers with
// AnswerDraw; a move made meanwhile lets the offer lapse.
func (m *Match) OfferDraw(side rules.Color) ([]Effect, error) {
	switch {
	case m.game.Result().Over():
		return nil, RefusedGameOver
	case m.Mode() == ComputerVsComputer:
		return nil, RefusedBothSides
	case m.players[side].Computer || side != m.game.Position().SideToMove() && !m.players[side].Remote:
		return nil, RefusedNotYourMove
	case m.offer.open && m.offer.by == side:
		return nil, RefusedAsked
	}
	engine := side.Other()
	if !m.players[engine].Computer {
		m.propose(&m.offer, side)
		m.say(Note{Kind: NoteDrawOffered, Side: side})
		return m.take(), nil
	}
	if m.eng.scored[engine] && m.eng.score[engine] <= -drawMargin {
		if err := m.game.AgreeDraw(); err != nil {
			return nil, err
		}
		m.changed()
		m.say(Note{Kind: NoteEngineAccepts, Side: engine})
		return m.take(), nil
	}
	m.say(Note{Kind: NoteEngineDeclines, Side: engine})
	return m.take(), nil
}

// AnswerDraw answers a draw offer waiting for an answer.
func (m *Match) AnswerDraw(accept bool) ([]Effect, error) {
	if !m.offer.open {
		return nil, errors.New("no draw is offered")
	}
	m.offer.open = false
	if !accept {
		m.say(Note{Kind: NoteDrawDeclined, Side: m.offer.by})
		return nil, nil
	}
	if err := m.game.AgreeDraw(); err != nil {
		return nil, err
	}
	m.changed()
	m.say(Note{Kind: NoteGameOver, Result: m.game.Result()})
	return m.take(), nil
}

// ClaimDraw claims a draw open to the side to move (Game.Claimable).
func (m *Match) ClaimDraw(r rules.Reason) ([]Effect, error) {
	if m.game.Result().Over() {
		return nil, RefusedGameOver
	}
	if err := m.game.ClaimDraw(r); err != nil {
		return nil, err
	}
	m.changed()
	m.say(Note{Kind: NoteGameOver, Result: m.game.Result()})
	return m.take(), nil
}

// Resign ends the game as a win for side's opponent.
func (m *Match) Resign(side rules.Color) ([]Effect, error) {
	if m.game.Result().Over() {
		return nil, RefusedGameOver
	}
	if err := m.game.Resign(side); err != nil {
		return nil, err
	}
	m.changed()
	m.say(Note{Kind: NoteGameOver, Result: m.game.Result()})
	return m.take(), nil
}

// MoveNowResult says what MoveNow did.
type MoveNowResult uint8

const (
	// Hurried: the engine plays the best move it has found so far.
	Hurried MoveNowResult = iota
	// Restarted: the engine, waiting (paused, or after a failure),
	// thinks again.
	Restarted
)

// MoveNow makes the engine play the best move it has found, or, when it
// waits (after an error, or paused), sets it going again.
func (m *Match) MoveNow() ([]Effect, MoveNowResult, error) {
	switch {
	case m.Mode() == TwoPlayers:
		return nil, 0, RefusedNoComputer
	case m.game.Result().Over():
		return nil, 0, RefusedGameOver
	}
	if s := m.eng.search; s != nil && s.Purpose == ForMove {
		s.cancel()
		return nil, Hurried, nil
	}
	if m.PersonToMove() {
		return nil, 0, RefusedYourMove
	}
	// Moving now skips the pause of a watched game.
	m.eng.watching, m.eng.watchReady = false, true
	m.eng.err, m.eng.paused = nil, false
	m.maybeThink()
	return m.take(), Restarted, nil
}

// Hint asks the engine what it would play for side, a person to move;
// the answer comes as a NoteHint (or NoNoteHint). Not in a game between
// two people one of whom is remote: the engine would be playing for one
// of them.
func (m *Match) Hint(side rules.Color) ([]Effect, error) {
	switch {
	case m.game.Result().Over():
		return nil, RefusedGameOver
	case m.UndoByConsent():
		return nil, RefusedNoHints
	case !m.PersonToMove() || side != m.game.Position().SideToMove():
		return nil, RefusedNotYourMove
	case m.eng.search != nil:
		return nil, nil // already looking
	}
	m.startSearch(ForHint, side)
	return m.take(), nil
}
