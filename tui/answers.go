package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// answers puts to the players at this screen what the opponent asks of
// them: a draw offered, a move to take back. Each is asked once,
// whatever the screen missed in between, and the question goes when
// the proposal does (answered elsewhere, or lapsed with a move), as the
// claim against an absent opponent goes when it may no longer be made.
type answers struct {
	s        *stage
	answered int // the last proposal this screen asked about
}

// follow opens the answer to a proposal made to a side this screen
// plays, and closes a question that no longer stands.
func (q *answers) follow() {
	s := q.s
	consent := s.match.Consent()
	if p, ok := consent.DrawOffer(); ok && s.seats[p.By.Other()] && p.Seq != q.answered {
		q.answered = p.Seq
		s.dialog = askFor(fmt.Sprintf("%s offers a draw. %s, do you accept?", colourName(p.By), colourName(p.By.Other())),
			func(a dialogAnswer) (tea.Cmd, bool) { return s.refused(consent.AnswerDraw(a.yes)), false })
		s.dialog.name = "offer"
	}
	if p, ok := consent.UndoRequest(); ok && s.seats[p.By.Other()] && p.Seq != q.answered {
		q.answered = p.Seq
		s.dialog = askFor(fmt.Sprintf("%s asks to take their last move back. Do you agree?", colourName(p.By)),
			func(a dialogAnswer) (tea.Cmd, bool) { return s.refused(consent.AnswerUndo(a.yes)), false })
		s.dialog.name = "takeback"
	}
	if d := s.dialog; d != nil {
		_, offer := consent.DrawOffer()
		_, takeback := consent.UndoRequest()
		if d.name == "offer" && !offer || d.name == "takeback" && !takeback {
			s.dialog = nil
		}
		if d.name == "abandoned" {
			if side, ok := s.seats.side(); !ok || !s.match.Absence().MayClaim(side) {
				s.dialog = nil
			}
		}
	}
}
