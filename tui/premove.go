package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
)

// premoving is the game screen's premoves: while the computer thinks,
// the person it plays selects and moves a piece (by keys, mouse or the
// prompt) as on their own turn, and the move is queued for the match to
// play the moment the computer has moved. The queued move is marked on
// the board; esc cancels it.
type premoving struct {
	s      *stage
	board  *boardView
	prompt *movePrompt
}

// side is the side this screen may queue a premove for now.
func (p premoving) side() (rules.Color, bool) {
	for c := rules.White; c <= rules.Black; c++ {
		if p.s.seats[c] && p.s.match.Premoves().Allowed(c) {
			return c, true
		}
	}
	return rules.White, false
}

// activate is enter on a square, or a click, while the computer thinks:
// select a piece of one's own, queue its move to a marked square.
func (p premoving) activate(side rules.Color, sq rules.Square) tea.Cmd {
	s := p.s
	game := s.game()
	selected := p.board.selection()
	to, out := p.board.pick(sq, s.match.Premoves().Moves(side))
	switch out {
	case pickedTarget:
		if len(to) > 1 {
			s.dialog = promotionDialog(game.Variant(), to, func(i int) tea.Cmd {
				p.queue(side, to[i])
				return nil
			})
			return nil
		}
		p.queue(side, to[0])
	case pickedNowhere:
		s.msg.complain("%s cannot go to %s. Choose a marked square, or %s.", pieceText(game, selected), sq, config.FirstKey(s.keys.Cancel))
	case pickedNone:
		if pc := game.Position().PieceAt(sq); pc == rules.NoPiece || pc.Color() != side {
			s.msg.complain("%s Choose one of your pieces to move next (a premove).", s.panel.notYourMove())
		} else {
			s.msg.complain("%s could not move even if it were your turn.", pieceText(game, sq))
		}
	default:
		s.msg = message{}
	}
	return nil
}

// queue hands the match the move to play on side's next turn.
func (p premoving) queue(side rules.Color, q match.Premove) {
	s := p.s
	p.board.letGo()
	s.dialog = nil
	if err := s.match.Premoves().Queue(side, q); err != nil {
		s.msg.complain("%s", s.panel.refusal(err))
		return
	}
	p.board.pointAt(q.To)
	s.msg.say("Premove %s: played as soon as %s has moved (%s cancels).", s.match.Premoves().Text(q), engineName(s.match, side.Other()), config.FirstKey(s.keys.Cancel))
}

// openPrompt types a premove; once the computer has moved, what is
// typed is a move (submit).
func (p premoving) openPrompt(side rules.Color, submit func(d *dialog, text string) (tea.Cmd, bool)) tea.Cmd {
	s := p.s
	pm := s.match.Premoves()
	var sans []string
	for _, q := range pm.Moves(side) {
		sans = append(sans, pm.Text(q))
	}
	d := p.prompt.openPremove(sans, func(d *dialog, text string) (tea.Cmd, bool) {
		if s.mine() {
			// The computer has moved meanwhile: a move now.
			return submit(d, text)
		}
		q, err := pm.Parse(side, text)
		if err != nil {
			d.problem = s.panel.refusal(err)
			return nil, true
		}
		p.queue(side, q)
		return nil, false
	})
	s.dialog = d
	return d.open()
}

// highlights marks a queued premove and, while a piece is selected for
// one, where it may go.
func (p premoving) highlights(hl *board.Highlights) {
	s := p.s
	if q, side, ok := s.match.Premoves().Queued(); ok && s.seats[side] {
		hl.PremoveFrom, hl.PremoveTo = q.From, q.To
	}
	side, ok := p.side()
	if !ok || p.board.selection() == rules.NoSquare {
		return
	}
	pos := s.game().Position()
	hl.Targets = 0
	for _, q := range s.match.Premoves().Moves(side) {
		if q.From != p.board.selection() {
			continue
		}
		hl.Targets |= q.To.Bit()
		switch {
		case q.Promotion != rules.NoPieceType:
			hl.Hint[q.To] = board.HintPromotion
		case pos.PieceAt(q.To) != rules.NoPiece:
			hl.Hint[q.To] = board.HintCapture
		default:
			hl.Hint[q.To] = board.HintQuiet
		}
	}
}
