package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/words"
)

// The move list numbers the moves two to a row: "%3d." then White's
// cell, a space, Black's cell, each cell a marker and a SAN padded to
// moveSANW. Drawing and mouse hit-testing both read these numbers.
const (
	moveNumberW = 4
	moveSANW    = 9
	moveCellW   = 1 + moveSANW
)

// moveGrid is the move list laid out in rows of at most two moves, and
// the window of rows shown; a line above or below it says how many rows
// are hidden there.
type moveGrid struct {
	rows         []moveRow
	curRow       int // the row of the move that led to the current position
	start        int // first row shown
	shown        int // rows shown
	above, below bool
	// follow is where the window starts when the player has not
	// scrolled: scrolling up goes at most this far.
	follow int
}

type moveRow struct {
	number int
	ply    [2]int // index into the line of White's and Black's move; -1 for none
}

// layoutMoves lays out a game's line (history plus redo-able moves)
// for a list rows high. cur is the number of moves played to reach the
// current position. The window shows the rows around the current move,
// moved scroll rows up (negative: down) when the player scrolls.
func layoutMoves(line []rules.Record, cur, rows, scroll int) moveGrid {
	var g moveGrid
	for i, r := range line {
		c := r.Color()
		if len(g.rows) == 0 || c == rules.White || g.rows[len(g.rows)-1].number != r.MoveNumber() {
			g.rows = append(g.rows, moveRow{number: r.MoveNumber(), ply: [2]int{-1, -1}})
		}
		g.rows[len(g.rows)-1].ply[c] = i
		if i == cur-1 {
			g.curRow = len(g.rows) - 1
		}
	}
	g.shown = len(g.rows)
	if len(g.rows) <= rows {
		return g
	}
	window := func(shown int) (follow, start int) {
		// the current move stays on the last row but one
		follow = listWindow(len(g.rows), shown, g.curRow, shown-2)
		return follow, listWindow(len(g.rows), shown, follow-scroll, 0)
	}
	g.shown = max(rows-1, 0) // a line says how many rows are hidden
	follow, start := window(g.shown)
	if start > 0 && start+g.shown < len(g.rows) {
		// rows hidden at both ends: a line for each
		g.shown = max(rows-2, 0)
		follow, start = window(g.shown)
	}
	g.follow, g.start = follow, start
	g.above, g.below = start > 0, start+g.shown < len(g.rows)
	return g
}

// lines draws the list: the move that led to the current position
// marked, moves redo would replay greyed.
func (g moveGrid) lines(st *board.Styles, line []rules.Record, cur int) []string {
	return g.linesMarked(st, line, cur, nil)
}

// moveMark is a mark to show after move i of a list ("?!", "!"), in its
// style; "" for none.
type moveMark func(i int) (string, lipgloss.Style)

// linesMarked draws the list as lines does, each move followed by its
// mark, which the move's text gives way to when the cell is short.
func (g moveGrid) linesMarked(st *board.Styles, line []rules.Record, cur int, marks moveMark) []string {
	if len(line) == 0 {
		return []string{st.Subtle.Render("  no moves yet")}
	}
	var out []string
	if g.above {
		out = append(out, st.Subtle.Render(fmt.Sprintf("  %s %d earlier", st.Glyphs.More, g.start)))
	}
	for i := g.start; i < g.start+g.shown && i < len(g.rows); i++ {
		r := g.rows[i]
		var cells [2]string
		for c, ply := range r.ply {
			if ply < 0 {
				if c == int(rules.White) {
					cells[c] = st.Subtle.Render(fmt.Sprintf(" %-*s", moveSANW, "..."))
				}
				continue
			}
			mark, markStyle := "", st.Move
			if marks != nil {
				mark, markStyle = marks(ply)
				mark = words.Truncate(mark, moveSANW-2)
			}
			text := words.Truncate(line[ply].SAN, moveSANW-words.Width(mark))
			pad := strings.Repeat(" ", max(0, moveSANW-words.Width(text)-words.Width(mark)))
			switch {
			case ply == cur-1:
				cells[c] = string(st.Glyphs.Current) + st.CurrentMove.Render(text+mark+pad)
			case mark == "" && ply >= cur:
				cells[c] = " " + st.FutureMove.Render(text+pad)
			case mark == "":
				cells[c] = " " + st.Move.Render(text+pad)
			case ply >= cur:
				cells[c] = " " + st.FutureMove.Render(text) + markStyle.Render(mark) + st.FutureMove.Render(pad)
			default:
				cells[c] = " " + st.Move.Render(text) + markStyle.Render(mark) + st.Move.Render(pad)
			}
		}
		out = append(out, st.MoveNumber.Render(fmt.Sprintf("%3d.", r.number))+cells[0]+" "+cells[1])
	}
	if g.below {
		out = append(out, st.Subtle.Render(fmt.Sprintf("  %s %d later", st.Glyphs.More, len(g.rows)-g.start-g.shown)))
	}
	return out
}

// plyAt is mouse hit-testing: the number of moves played to reach the
// position after the move drawn at (x, y), relative to the list's first
// line, or false off any move.
func (g moveGrid) plyAt(x, y int) (int, bool) {
	if g.above {
		y--
	}
	if y < 0 || y >= g.shown || g.start+y >= len(g.rows) || x < moveNumberW {
		return 0, false
	}
	col := (x - moveNumberW) / (moveCellW + 1)
	if col > 1 || (x-moveNumberW)%(moveCellW+1) == moveCellW {
		return 0, false
	}
	ply := g.rows[g.start+y].ply[col]
	if ply < 0 {
		return 0, false
	}
	return ply + 1, true
}

// listWindow is the first of n rows to show in room rows, so that row
// focus stands at row at of the window where the ends of the list allow;
// every list that scrolls shows its rows through it.
func listWindow(n, room, focus, at int) int {
	if n <= room {
		return 0
	}
	return max(0, min(focus-at, n-room))
}

// moveList is a screen's move list: how far the player has scrolled it
// up from where it follows the game, and, as last drawn, how many rows
// a page is and how far up it can go.
type moveList struct {
	scroll   int
	page     int
	furthest int
}

// drawn keeps what a page is for the list as laid out, and holds the
// scroll within the list.
func (l *moveList) drawn(g moveGrid) {
	l.page = max(1, g.shown-1)
	l.furthest = g.follow
	l.scroll = min(l.scroll, l.furthest)
}

// pageUp and pageDown scroll by a page, keeping a row of the last one.
func (l *moveList) pageUp()   { l.by(l.page) }
func (l *moveList) pageDown() { l.by(-l.page) }

func (l *moveList) by(rows int) {
	l.scroll = max(0, l.scroll+rows)
	if l.page > 0 {
		l.scroll = min(l.scroll, l.furthest)
	}
}

// wheel scrolls the list with the mouse wheel; false for other mouse
// messages.
func (l *moveList) wheel(msg tea.MouseMsg) bool {
	if msg.Action != tea.MouseActionPress {
		return false
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		l.by(1)
	case tea.MouseButtonWheelDown:
		l.by(-1)
	default:
		return false
	}
	return true
}
