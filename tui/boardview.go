package tui

import (
	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
)

// boardView is where a screen shows a board and what the player points
// at on it: the view and orientation, the frame laid out for the
// terminal, the cursor (one kept for each side when both play here) and
// the selected piece. Mouse clicks go through the same frame the board
// is drawn in.
type boardView struct {
	view     board.View
	flip     bool
	frame    gameFrame
	cursor   rules.Square
	cursors  [2]rules.Square // each side's cursor, restored on its turn
	goalCol  int             // diamond view: the column up and down aim for
	selected rules.Square
}

// newBoardView starts with the cursor on the side to move's king.
func newBoardView(v board.View, pos *rules.Position) boardView {
	b := boardView{view: v, selected: rules.NoSquare}
	b.cursors = [2]rules.Square{pos.King(rules.White), pos.King(rules.Black)}
	b.cursor = b.cursors[pos.SideToMove()]
	return b
}

// layout fits the board and panel to the terminal.
func (b *boardView) layout(w, h int) {
	b.frame = computeFrame(w, h, b.view, b.flip)
	b.aim()
}

// aim makes up and down head for the cursor's column.
func (b *boardView) aim() {
	if !b.frame.tooSmall && b.frame.board != nil {
		b.goalCol = b.frame.board.Column(b.cursor)
	}
}

// move steps the cursor in a screen direction.
func (b *boardView) move(d board.Direction) {
	l := b.frame.board
	if next := l.Step(b.cursor, d, b.goalCol); next != rules.NoSquare {
		b.cursor = next
		if d == board.Left || d == board.Right {
			b.goalCol = l.Column(next)
		}
	}
}

// click puts the cursor on the square at screen cell (x, y), if any.
func (b *boardView) click(x, y int) (rules.Square, bool) {
	s, ok := b.frame.board.SquareAt(x-b.frame.boardX, y-b.frame.boardY)
	if ok {
		b.cursor = s
		b.goalCol = b.frame.board.Column(s)
	}
	return s, ok
}

func (b *boardView) toggleView() {
	if b.view == board.DiamondView {
		b.view = board.SquareView
	} else {
		b.view = board.DiamondView
	}
}

// choice is the view shown, kept for the next game.
func (b *boardView) choice() config.ViewChoice {
	if b.view == board.DiamondView {
		return config.ViewDiamond
	}
	return config.ViewSquare
}

// highlights collects what the board shows on top of the position: the
// last move, check, and the cursor, the selection and its moves.
func (b *boardView) highlights(pos *rules.Position, legal []rules.Move) board.Highlights {
	hl := lastMoveHighlights(pos)
	hl.Cursor = b.cursor
	hl.Selected = b.selected
	if b.selected != rules.NoSquare {
		hl.SetTargets(legal, b.selected)
	}
	return hl
}

// lastMoveHighlights marks the last move and a king in check.
func lastMoveHighlights(pos *rules.Position) board.Highlights {
	hl := board.NoHighlights()
	if last := pos.LastMove(); last != rules.NoMove {
		hl.LastFrom, hl.LastTo = last.From(), last.To()
	}
	if pos.InCheck() {
		hl.Check = pos.King(pos.SideToMove())
	}
	return hl
}
