package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
)

// Premoves at the game screen: while the computer thinks, the person it
// plays selects and moves a piece (by keys, mouse or the prompt) as on
// their own turn, and the move is queued for the match to play the
// moment the computer has moved. The queued move is marked on the board;
// esc cancels it.

// premoveSide is the side this screen may queue a premove for now.
func (g *gameScreen) premoveSide() (rules.Color, bool) {
	for c := rules.White; c <= rules.Black; c++ {
		if g.seats[c] && g.match.Premoves().Allowed(c) {
			return c, true
		}
	}
	return rules.White, false
}

// activatePremove is enter on a square, or a click, while the computer
// thinks: select a piece of one's own, queue its move to a marked
// square.
func (g *gameScreen) activatePremove(side rules.Color, s rules.Square) tea.Cmd {
	b := &g.board
	moves := g.match.Premoves().Moves(side)
	from := func(sq rules.Square) int {
		n := 0
		for _, p := range moves {
			if p.From == sq {
				n++
			}
		}
		return n
	}
	if b.selected != rules.NoSquare {
		if s == b.selected {
			b.selected = rules.NoSquare
			g.msg = message{}
			return nil
		}
		var to []match.Premove
		for _, p := range moves {
			if p.From == b.selected && p.To == s {
				to = append(to, p)
			}
		}
		switch {
		case len(to) == 1:
			g.queuePremove(side, to[0])
			return nil
		case len(to) > 1:
			g.dialog = g.premovePromotionDialog(side, to)
			return nil
		}
		if from(s) > 0 {
			b.selected = s
			g.msg = message{}
			return nil
		}
		g.msg.complain("%s cannot go to %s. Choose a marked square, or %s.", pieceText(g.game(), b.selected), s, config.FirstKey(g.keys.Cancel))
		return nil
	}
	pc := g.game().Position().PieceAt(s)
	switch {
	case pc == rules.NoPiece || pc.Color() != side:
		g.msg.complain("%s Choose one of your pieces to move next (a premove).", g.panel.notYourMove())
	case from(s) == 0:
		g.msg.complain("%s could not move even if it were your turn.", pieceText(g.game(), s))
	default:
		b.selected = s
		g.msg = message{}
	}
	return nil
}

// queuePremove hands the match the move to play on side's next turn.
func (g *gameScreen) queuePremove(side rules.Color, p match.Premove) {
	g.board.selected = rules.NoSquare
	g.dialog = nil
	if err := g.match.Premoves().Queue(side, p); err != nil {
		g.msg.complain("%s", g.panel.refusal(err))
		return
	}
	g.board.cursor = p.To
	g.board.aim()
	g.msg.say("Premove %s: played as soon as %s has moved (%s cancels).", g.match.Premoves().Text(p), engineName(g.match, side.Other()), config.FirstKey(g.keys.Cancel))
}

// premovePromotionDialog chooses the piece a pawn's premove promotes to.
func (g *gameScreen) premovePromotionDialog(side rules.Color, moves []match.Premove) *dialog {
	d := &dialog{kind: chooseDialog, name: "promotion", title: "Promote to:"}
	for _, p := range moves {
		t := p.Promotion
		d.items = append(d.items, dialogItem{label: fmt.Sprintf("%c %s", t.Letter(), g.game().Variant().PieceName(t)), letter: rune(t.Letter())})
	}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if !a.cancel {
			g.queuePremove(side, moves[a.index])
		}
		return nil, false
	}
	return d
}

// openPremovePrompt types a premove.
func (g *gameScreen) openPremovePrompt(side rules.Color) tea.Cmd {
	in := g.prompt
	in.Reset()
	in.Placeholder = ""
	d := &dialog{kind: inputDialog, name: "prompt", title: "Premove (your next move):", input: in}
	var sans []string
	for _, p := range g.match.Premoves().Moves(side) {
		sans = append(sans, g.match.Premoves().Text(p))
	}
	d.complete = newMoveCompleter(sans).complete
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		text := strings.TrimSpace(a.text)
		if a.cancel || text == "" {
			return nil, false
		}
		if g.mine() {
			// The computer has moved meanwhile: a move now.
			return g.submitMove(d, text)
		}
		p, err := g.match.Premoves().Parse(side, text)
		if err != nil {
			d.problem = g.panel.refusal(err)
			return nil, true
		}
		g.queuePremove(side, p)
		return nil, false
	}
	g.dialog = d
	return d.open()
}

// premoveHighlights marks a queued premove and, while a piece is
// selected for one, where it may go.
func (g *gameScreen) premoveHighlights(hl *board.Highlights) {
	if p, side, ok := g.match.Premoves().Queued(); ok && g.seats[side] {
		hl.PremoveFrom, hl.PremoveTo = p.From, p.To
	}
	side, ok := g.premoveSide()
	if !ok || g.board.selected == rules.NoSquare {
		return
	}
	pos := g.game().Position()
	hl.Targets = 0
	for _, p := range g.match.Premoves().Moves(side) {
		if p.From != g.board.selected {
			continue
		}
		hl.Targets |= p.To.Bit()
		switch {
		case p.Promotion != rules.NoPieceType:
			hl.Hint[p.To] = board.HintPromotion
		case pos.PieceAt(p.To) != rules.NoPiece:
			hl.Hint[p.To] = board.HintCapture
		default:
			hl.Hint[p.To] = board.HintQuiet
		}
	}
}
