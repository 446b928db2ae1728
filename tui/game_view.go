package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/words"
)

// The game screen: board on the left, panel on the right, one help line at
// the bottom.
const (
	minPanelW = 26
	maxPanelW = 46
	minPanelH = 14
	panelGap  = 2
	helpRows  = 1
)

// gameFrame is where everything on the game screen goes. Mouse clicks are
// mapped through the same numbers the view draws with.
type gameFrame struct {
	width, height  int
	tooSmall       bool
	needW, needH   int // the smallest terminal the view fits in
	board          *board.Layout
	boardX, boardY int
	panelX, panelY int
	panelW, panelH int
}

func computeFrame(w, h int, v board.View, flip bool) gameFrame {
	f := gameFrame{width: w, height: h}
	smallest := board.NewLayout(v, 0, flip)
	f.needW = 1 + smallest.Width + panelGap + minPanelW
	f.needH = max(smallest.Height, minPanelH) + helpRows
	rows := h - helpRows
	board, ok := board.Fit(v, flip, w-1-panelGap-minPanelW, rows)
	f.board = board
	if !ok || w < f.needW || h < f.needH {
		f.tooSmall = true
		return f
	}
	f.panelW = min(maxPanelW, w-1-board.Width-panelGap)
	total := board.Width + panelGap + f.panelW
	f.boardX = max(1, (w-total)/2)
	f.boardY = (rows - board.Height) / 2
	if rows-board.Height >= 2 {
		f.panelY = 1
	}
	f.panelX = f.boardX + board.Width + panelGap
	f.panelH = rows - f.panelY
	return f
}

// View draws the screen.
func (m *gameScreen) View() string {
	f := &m.frame
	st := m.ctx.Styles
	if f.tooSmall {
		return tooSmallView(st, f.width, f.height, f.needW, f.needH, m.view, m.keys)
	}
	hl := m.highlights()
	board := strings.Split(board.Render(m.game.Position(), &hl, f.board, st), "\n")
	panel := m.panelLines(&hl)

	return f.compose(board, panel, m.helpLine())
}

// compose lays the board's and the panel's lines side by side at the
// frame's positions, with the help line at the bottom.
func (f *gameFrame) compose(board, panel []string, help string) string {
	var b strings.Builder
	rows := f.height - helpRows
	margin := strings.Repeat(" ", f.boardX)
	blankBoard := strings.Repeat(" ", f.board.Width)
	gap := strings.Repeat(" ", panelGap)
	for y := 0; y < rows; y++ {
		b.WriteString(margin)
		if by := y - f.boardY; by >= 0 && by < len(board) {
			b.WriteString(board[by])
		} else {
			b.WriteString(blankBoard)
		}
		if py := y - f.panelY; py >= 0 && py < len(panel) {
			b.WriteString(gap)
			b.WriteString(panel[py])
		}
		b.WriteByte('\n')
	}
	b.WriteString(help)
	return b.String()
}

func tooSmallView(st *board.Styles, w, h, needW, needH int, v board.View, keys config.GameKeys) string {
	lines := []string{
		st.Warning.Render("The terminal is too small."),
		fmt.Sprintf("The %s view needs at least %d×%d;", v, needW, needH),
		fmt.Sprintf("this one is %d×%d.", w, h),
		fmt.Sprintf("Enlarge the window, or press %s to switch views, %s to quit.", config.FirstKey(keys.View), config.FirstKey(keys.Quit)),
	}
	return st.Move.Width(max(w, 1)).Render(strings.Join(lines, "\n"))
}

// highlights collects what the board shows on top of the position.
func (m *gameScreen) highlights() board.Highlights {
	pos := m.game.Position()
	hl := board.NoHighlights()
	hl.Cursor = m.cursor
	hl.Selected = m.selected
	if last := pos.LastMove(); last != rules.NoMove {
		hl.LastFrom, hl.LastTo = last.From(), last.To()
	}
	if pos.InCheck() {
		hl.Check = pos.King(pos.SideToMove())
	}
	if m.selected != rules.NoSquare {
		hl.SetTargets(m.legal, m.selected)
	}
	return hl
}

func (m *gameScreen) helpLine() string {
	if line, ok := m.dialogHelpLine(); ok {
		return line
	}
	switch m.overlay {
	case overlayPrompt:
		return shortHelp(m.help, m.pkeys.ShortHelp())
	case overlayPromotion:
		c := m.choice
		return shortHelp(m.help, append([]key.Binding{c.Prev}, config.ShortBindings(c.Choose, c.Cancel)...))
	case overlayConfirm:
		c := m.choice
		return shortHelp(m.help, config.ShortBindings(c.Yes, c.No))
	}
	return shortHelp(m.help, m.withPlayHelp(m.keys.ShortHelp()))
}

// panelLines builds the side panel, exactly panelH lines or fewer, each
// at most panelW wide.
func (m *gameScreen) panelLines(hl *board.Highlights) []string {
	w, h := m.frame.panelW, m.frame.panelH
	st := m.ctx.Styles
	p := &panelWriter{width: w}
	v := m.game.Variant()
	pos := m.game.Position()

	p.line(st.Title.Render(words.Truncate(v.Name, w)))
	p.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("%s · %s view", words.Capitalise(m.opts.Mode.Short()), m.view), w)))
	if m.overlay == overlayHelp {
		m.helpLines(p)
		return p.fit(h)
	}
	p.wrap(v.Description, st.Subtle)
	p.blank()

	res := m.game.Result()
	if res.Over() {
		p.wrap("Game over: "+resultText(res), st.Warning)
	} else {
		turn := words.Capitalise(colourName(pos.SideToMove())) + " to move"
		if pos.InCheck() {
			p.line(st.Bold.Render(turn) + "  " + st.Warning.Render("Check!"))
		} else {
			p.line(st.Bold.Render(turn))
		}
		for _, r := range m.game.Claimable() {
			p.wrap(fmt.Sprintf("Draw claimable: %s (%s)", claimName(r), config.FirstKey(m.keys.Draw)), st.Accent)
		}
	}
	if running, plies, limit := m.game.Count(); running {
		p.line(words.Truncate(fmt.Sprintf("Count: %d of %d moves", (plies+1)/2, limit/2), w))
	}
	m.playPanel(p)
	m.actionLines(p)
	if line := capturedLine(st, m.captured); line != "" {
		p.wrap(line, st.Move)
	}
	p.blank()

	// The bottom of the panel: the square under the cursor and the legend.
	var foot panelWriter
	foot.width = w
	foot.wrap(m.cursorText(), st.Subtle)
	if kinds := hl.KindsShown(); len(kinds) > 0 {
		foot.lines = append(foot.lines, legendLines(st, kinds, w)...)
	}

	rows := h - len(p.lines) - len(foot.lines) - 1
	if rows > 0 {
		p.line(st.Bold.Render("Moves"))
		p.lines = append(p.lines, moveListLines(st, m.game.Line(), m.game.Len(), rows, m.match.listScroll)...)
	}
	lines := p.fit(h - len(foot.lines))
	for len(lines) < h-len(foot.lines) {
		lines = append(lines, "")
	}
	return append(lines, foot.lines...)
}

// actionLines shows the open dialog, or the last message.
func (m *gameScreen) actionLines(p *panelWriter) {
	st := m.ctx.Styles
	switch m.overlay {
	case overlayPrompt:
		p.blank()
		p.wrap("Type a move (SAN, tilde or UCI):", st.Bold)
		p.line(m.prompt.View())
		if m.promptErr != "" {
			p.wrap(m.promptErr, st.Error)
		}
		return
	case overlayPromotion:
		p.blank()
		p.line(st.Bold.Render("Promote to:"))
		var parts []string
		for i, mv := range m.promoMoves {
			t := mv.Promotion()
			name := fmt.Sprintf("%c %s", t.Letter(), m.game.Variant().PieceName(t))
			if i == m.promoIndex {
				parts = append(parts, st.CurrentMove.Render("["+name+"]"))
			} else {
				parts = append(parts, " "+name+" ")
			}
		}
		p.wrap(strings.Join(parts, " "), st.Move)
		c := m.choice
		p.line(st.Subtle.Render(fmt.Sprintf("%s and %s, or the letter; %s", c.Prev.Help().Key, config.FirstKey(c.Choose), config.FirstKey(c.Cancel))))
		return
	case overlayConfirm:
		p.blank()
		p.wrap(m.questionText(), st.Warning)
		p.line(st.Subtle.Render(fmt.Sprintf("%s yes · %s no", config.FirstKey(m.choice.Yes), config.FirstKey(m.choice.No))))
		return
	case overlayNewGame:
		p.blank()
		p.line(st.Warning.Render("New game"))
		c := m.choice
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Choose), "same variant and view"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Menu), "back to the menu"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Cancel), "keep playing"))
		return
	}
	if m.message != "" {
		style := st.Accent
		if m.messageErr {
			style = st.Error
		}
		p.wrap(m.message, style)
	}
}

// cursorText describes the square under the cursor, so what colour alone
// shows is also said in words.
func (m *gameScreen) cursorText() string {
	s := m.cursor
	pos := m.game.Position()
	if m.selected != rules.NoSquare && s != m.selected {
		for _, mv := range m.legal {
			if mv.From() == m.selected && mv.To() == s {
				return fmt.Sprintf("%s: %s plays %s (%s)", s, config.FirstKey(m.keys.Select), pos.SAN(mv), board.HintFor(mv))
			}
		}
	}
	pc := pos.PieceAt(s)
	if pc == rules.NoPiece {
		return fmt.Sprintf("%s: empty", s)
	}
	text := fmt.Sprintf("%s: %s %s", s, words.Capitalise(colourName(pc.Color())), m.game.Variant().PieceName(pc.Type()))
	if s == m.selected {
		text += ", selected"
	}
	if s == pos.King(pos.SideToMove()) && pos.InCheck() {
		text += ", in check"
	}
	return text
}

// legendLines lists marks and their names, packed into lines of the
// given width without splitting an entry.
func legendLines(st *board.Styles, kinds []board.HintKind, width int) []string {
	var lines []string
	line, lineW := "", 0
	for _, k := range kinds {
		entry := st.Hint[k].Render(string(st.Glyphs.Hints[k])) + " " + k.String()
		w := words.Width(entry)
		if lineW > 0 && lineW+2+w > width {
			lines = append(lines, line)
			line, lineW = "", 0
		}
		if lineW > 0 {
			line += "  "
			lineW += 2
		}
		line += entry
		lineW += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func capturedLine(st *board.Styles, captured [2][]rules.Piece) string {
	var parts []string
	for c := rules.White; c <= rules.Black; c++ {
		if len(captured[c]) == 0 {
			continue
		}
		var b strings.Builder
		for _, pc := range captured[c] {
			b.WriteRune(st.Glyphs.Piece(pc))
		}
		parts = append(parts, fmt.Sprintf("%s took %s", words.Capitalise(colourName(c)), b.String()))
	}
	return strings.Join(parts, "; ")
}

// moveListLines numbers the moves two to a row, marks the move that led to
// the current position, greys the moves redo would replay, and shows the
// rows around the current move, scroll rows further up, when they do not
// all fit.
func moveListLines(st *board.Styles, line []rules.Record, cur, rows, scroll int) []string {
	return layoutMoves(line, cur, rows, scroll).lines(st, line, cur)
}

// helpLines is the full help: every key, and what the marks on the board
// mean.
func (m *gameScreen) helpLines(p *panelWriter) {
	st := m.ctx.Styles
	g := &st.Glyphs
	p.blank()
	for _, group := range m.keys.FullHelp() {
		p.wrap(m.help.FullHelpView([][]key.Binding{group}), st.Move)
		p.blank()
	}
	p.line(st.Bold.Render("Marks"))
	marks := []string{
		fmt.Sprintf("%c%c cursor", g.CursorL, g.CursorR),
		fmt.Sprintf("%c%c selected", g.SelectedL, g.SelectedR),
		fmt.Sprintf("%c%c last move", g.LastL, g.LastR),
		fmt.Sprintf("%c%c check", g.CheckL, g.CheckR),
	}
	p.wrap(strings.Join(marks, "  "), st.Move)
	kinds := make([]board.HintKind, board.NumHintKinds)
	for k := range kinds {
		kinds[k] = board.HintKind(k)
	}
	p.lines = append(p.lines, legendLines(st, kinds, p.width)...)
	p.blank()
	p.line(st.Subtle.Render("Any key closes this."))
}
