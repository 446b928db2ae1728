package tui

import (
	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
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

// layoutBeside lays out as layout does, keeping bar columns left of the
// board (the evaluation bar's).
func (b *boardView) layoutBeside(w, h, bar int) {
	b.layout(w-bar, h)
	b.frame.width = w
	if !b.frame.tooSmall {
		b.frame.boardX += bar
		b.frame.panelX += bar
	}
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

// steer moves the cursor by the arrow keys given; false for other keys.
func (b *boardView) steer(k tea.KeyMsg, up, down, left, right key.Binding) bool {
	switch {
	case key.Matches(k, up):
		b.move(board.Up)
	case key.Matches(k, down):
		b.move(board.Down)
	case key.Matches(k, left):
		b.move(board.Left)
	case key.Matches(k, right):
		b.move(board.Right)
	default:
		return false
	}
	return true
}

// turn flips the board or switches its view by the keys given; false for
// other keys. The screen lays out again after it.
func (b *boardView) turn(k tea.KeyMsg, flip, view key.Binding) bool {
	switch {
	case key.Matches(k, flip):
		b.flip = !b.flip
	case key.Matches(k, view):
		b.toggleView()
	default:
		return false
	}
	return true
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

// selection is the piece selected, or rules.NoSquare.
func (b *boardView) selection() rules.Square { return b.selected }

// letGo lets the selected piece go.
func (b *boardView) letGo() { b.selected = rules.NoSquare }

// pointAt puts the cursor on s, up and down heading for its column.
func (b *boardView) pointAt(s rules.Square) {
	b.cursor = s
	b.aim()
}

// Choosing a move on the board: the first square chosen (enter, a
// click, a drop) selects a piece that can move, the second picks where
// it goes among the targets marked, or selects another piece of one's
// own. The same for a move and for a premove: the targets are squares
// (a move's, or a premove's).

// pickOutcome is what a square chosen did.
type pickOutcome uint8

const (
	pickedNone     pickOutcome = iota // no piece selected, and none to select there
	pickedLetGo                       // the piece selected was let go
	pickedSelected                    // a piece was selected
	pickedTarget                      // the selected piece goes there: one target, or several promotions
	pickedNowhere                     // the selected piece cannot go there
)

// pick follows a square chosen on the board among targets, and returns
// the targets picked.
func (b *boardView) pick(s rules.Square, targets []match.Premove) ([]match.Premove, pickOutcome) {
	from := func(sq rules.Square) int {
		n := 0
		for _, t := range targets {
			if t.From == sq {
				n++
			}
		}
		return n
	}
	if b.selected == rules.NoSquare {
		if from(s) == 0 {
			return nil, pickedNone
		}
		b.selected = s
		return nil, pickedSelected
	}
	if s == b.selected {
		b.selected = rules.NoSquare
		return nil, pickedLetGo
	}
	var to []match.Premove
	for _, t := range targets {
		if t.From == b.selected && t.To == s {
			to = append(to, t)
		}
	}
	switch {
	case len(to) > 0:
		return to, pickedTarget
	case from(s) > 0:
		b.selected = s
		return nil, pickedSelected
	}
	return nil, pickedNowhere
}

// squaresOf are the moves' squares, as pick takes them.
func squaresOf(moves []rules.Move) []match.Premove {
	out := make([]match.Premove, len(moves))
	for i, mv := range moves {
		out[i] = match.Premove{From: mv.From(), To: mv.To(), Promotion: mv.Promotion()}
	}
	return out
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
