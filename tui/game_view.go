package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"

	"varia/rules"
	"varia/tui/analysis"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// The game screen: board on the left, panel on the right, one help line at
// the bottom.
const (
	minPanelW  = 26
	maxPanelW  = 46
	minPanelH  = 14
	wantPanelH = 22 // the panel's height beside a board shorter than this
	panelGap   = 2
	helpRows   = 1
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
	// The panel stands beside the board, top and bottom level with it,
	// or taller, as evenly above and below, where a short board leaves
	// the panel too little room.
	f.panelH = min(rows, max(board.Height, wantPanelH))
	f.panelY = max(0, min(f.boardY-(f.panelH-board.Height+1)/2, rows-f.panelH))
	f.panelX = f.boardX + board.Width + panelGap
	return f
}

// View draws the screen.
func (g *gameScreen) View() string {
	f := &g.board.frame
	st := g.ctx.Styles
	if f.tooSmall {
		return tooSmallView(st, f.width, f.height, f.needW, f.needH, g.board.view, g.keys)
	}
	ps := g.panelState()
	boardLines := strings.Split(board.Render(ps.shown.Position(), ps.hl, f.board, st), "\n")
	frame := *f
	var bar []string
	if g.an.On {
		score, known := g.an.Score(ps.shown.Position(), ps.shown.Len())
		bar = evalBar(st, score, known, len(boardLines), g.board.flip)
	}
	if g.hist.browsing() && f.boardY >= 1 {
		// the banner in the row above the board
		boardLines = append([]string{g.hist.banner(g.match, st, f.board.Width)}, boardLines...)
		frame.boardY--
		if bar != nil {
			bar = append([]string{" "}, bar...)
		}
	}
	if bar != nil {
		return frame.composeBar(bar, boardLines, g.panel.lines(ps).lines, g.helpLine())
	}
	return frame.compose(boardLines, g.panel.lines(ps).lines, g.helpLine())
}

// panelState is what the screen shows over the match now: the live
// position with the selection and its moves, or an earlier one.
func (g *gameScreen) panelState() panelState {
	shown := g.hist.shown(g.match)
	pos := shown.Position()
	var hl board.Highlights
	legal, captured := g.legal, g.captured
	if g.hist.browsing() {
		hl = lastMoveHighlights(pos)
		hl.Cursor = g.board.cursor
		legal, captured = nil, shown.Captured()
	} else {
		hl = g.board.highlights(pos, g.legal)
		g.premoves.highlights(&hl)
	}
	return panelState{hl: &hl, board: &g.board, legal: legal, captured: captured, dialog: g.dialog, msg: g.msg, moves: &g.moves,
		shown: shown, browsing: g.hist.browsing(), an: g.an.Board}
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

// composeBar composes as compose does, with a column left of the board
// (the evaluation bar, one line per board line) in the evalBarW columns
// the frame keeps for it there.
func (f *gameFrame) composeBar(bar, board, panel []string, help string) string {
	rows := f.height - helpRows
	blank := strings.Repeat(" ", evalBarW+f.board.Width)
	column := make([]string, rows)
	for y := range column {
		column[y] = blank
		if by := y - f.boardY; by >= 0 && by < len(board) {
			b := " "
			if by < len(bar) {
				b = bar[by]
			}
			column[y] = b + strings.Repeat(" ", evalBarW-1) + board[by]
		}
	}
	g := *f
	g.boardX -= evalBarW
	g.boardY = 0
	return g.compose(column, panel, help)
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

func (g *gameScreen) helpLine() string {
	if d := g.dialog; d != nil && d.name == "save" {
		// the name is typed on the bottom line, where a long path fits
		in := &d.input
		in.Width = max(8, g.board.frame.width-len(in.Prompt)-2)
		return in.View()
	}
	if d := g.dialog; d != nil {
		if keys := d.helpKeys(g.choice, g.pkeys); keys != nil {
			return shortHelp(g.help, keys)
		}
	}
	if g.hist.browsing() {
		return shortHelp(g.help, g.hist.helpKeys(g.keys))
	}
	return shortHelp(g.help, g.panel.withPlayHelp(g.keys.ShortHelp()))
}

// matchPanel is how one screen words and draws the match it follows:
// the side panel (the variant, whose move, the players and clocks, the
// engine's thinking, what became of the game's files, the screen's
// dialog or last message, captures, the move list, the square under the
// cursor and the legend), the help line's keys of the moment, and the
// match's refusals in words naming the screen's keys.
type matchPanel struct {
	values [7]int // the variant's piece values, for the material lead
	ctx    *Context
	keys   *config.GameKeys
	choice config.ChoiceKeys
	help   *help.Model
	match  *match.Match
	mode   match.Mode
	seats  *seating // the sides the screen plays
}

// panelState is what the screen shows over the match in one frame.
type panelState struct {
	hl       *board.Highlights
	board    *boardView
	legal    []rules.Move
	captured [2][]rules.Piece
	dialog   *dialog
	msg      message
	moves    *moveList   // scrolled by the player; told how it was drawn
	shown    *rules.Game // the game as shown: walked back while browsing
	browsing bool
	an       *analysis.Board // the engine's analysis, when the screen has one
}

// panelOut is the side panel drawn, and where its move list is, so that
// clicks land on the moves shown.
type panelOut struct {
	lines   []string
	listTop int // panel row of the move list's first line; -1 without one
	grid    moveGrid
}

// lines builds the side panel, exactly panelH lines or fewer, each at
// most panelW wide.
func (g *matchPanel) lines(ps panelState) panelOut {
	w, h := ps.board.frame.panelW, ps.board.frame.panelH
	st := g.ctx.Styles
	p := &panelWriter{width: w}
	game := g.match.Game()
	v := game.Variant()
	pos := game.Position()

	p.line(st.Title.Render(words.Truncate(v.Name, w)))
	if g.ctx.Table != nil {
		p.line(st.Subtle.Render(words.Truncate(g.modeText(), w)))
	} else {
		p.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("%s · %s view", g.modeText(), ps.board.view), w)))
	}
	if d := ps.dialog; d != nil && d.pageText != nil {
		p.blank()
		return panelOut{lines: append(p.lines, d.page(st, d.pageText(w), h-len(p.lines), w)...), listTop: -1}
	}
	if d := ps.dialog; d != nil && d.name == "help" {
		p.blank()
		return panelOut{lines: append(p.lines, d.page(st, g.helpLines(w), h-len(p.lines), w)...), listTop: -1}
	}
	p.wrap(v.Description, st.Subtle)
	if n, ok := g.startNumber(); ok {
		p.line(st.Subtle.Render(fmt.Sprintf("Start position #%d", n)))
	}
	p.blank()
	if ps.browsing {
		k := g.keys
		p.wrap("Showing an "+browseText(ps.shown)+"; the game goes on.", st.Warning)
		p.wrap(fmt.Sprintf("%s/%s step · %s or a move: the game", config.FirstKey(k.Back), config.FirstKey(k.Forward), config.FirstKey(k.Cancel)), st.Subtle)
	}

	res := game.Result()
	if res.Over() {
		p.wrap("Game over: "+resultText(res), st.Warning)
	} else {
		turn := colourName(pos.SideToMove()) + " to move"
		if pos.InCheck() {
			p.line(st.Bold.Render(turn) + "  " + st.Warning.Render("Check!"))
		} else {
			p.line(st.Bold.Render(turn))
		}
		for _, r := range game.Claimable() {
			p.wrap(fmt.Sprintf("Draw claimable: %s (%s)", claimName(r), config.FirstKey(g.keys.Draw)), st.Accent)
		}
	}
	if running, plies, limit := game.Count(); running {
		p.line(words.Truncate(fmt.Sprintf("Count: %d of %d moves", (plies+1)/2, limit/2), w))
	}
	g.playLines(p, ps.dialog)
	g.actionLines(p, ps)
	ahead, by := materialLead(ps.shown.Position(), g.values)
	if line := capturedLine(st, ps.captured, ahead, by); line != "" {
		p.wrap(line, st.Move)
	}
	g.analysisLines(p, ps)
	p.blank()

	// The bottom of the panel: the square under the cursor and the legend.
	var foot panelWriter
	foot.width = w
	foot.wrap(g.cursorText(ps), st.Subtle)
	if kinds := ps.hl.KindsShown(); len(kinds) > 0 {
		foot.lines = append(foot.lines, legendLines(st, kinds, w)...)
	}

	out := panelOut{listTop: -1}
	rows := h - len(p.lines) - len(foot.lines) - 1
	if rows > 0 {
		p.line(st.Bold.Render("Moves"))
		out.listTop = len(p.lines)
		line, cur := game.Line(), ps.shown.Len()
		if ps.browsing {
			line = ps.shown.Line()[:min(game.Len(), len(ps.shown.Line()))] // the game's moves, not those taken back
		}
		out.grid = layoutMoves(line, cur, rows, ps.moves.scroll)
		ps.moves.drawn(out.grid)
		var marks moveMark
		if ps.an != nil && ps.an.Review != nil {
			marks = reviewMarks(st, ps.an.Review)
		}
		p.lines = append(p.lines, out.grid.linesMarked(st, line, cur, marks)...)
	}
	lines := p.fit(h - len(foot.lines))
	for len(lines) < h-len(foot.lines) {
		lines = append(lines, "")
	}
	out.lines = append(lines, foot.lines...)
	return out
}

// analysisLines show the engine's analysis of the position shown and of
// the whole game, when the screen has them, in fewer lines on a short
// panel; once the game is over, the keys that start them.
func (g *matchPanel) analysisLines(p *panelWriter, ps panelState) {
	an := ps.an
	if an == nil {
		return
	}
	st := g.ctx.Styles
	if !an.On && an.Review == nil {
		if g.match.Game().Result().Over() {
			p.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("%s analysis · %s analyse the game", config.FirstKey(g.keys.Analysis), config.FirstKey(g.keys.Review)), p.width)))
		}
		return
	}
	lines, graph := analysis.MultiPV, 3
	if ps.board.frame.panelH < 30 {
		lines, graph = 1, 2
	}
	p.blank()
	if an.On {
		analysisPanel(p, st, an, ps.shown.Position(), "· thinking", lines)
	}
	if an.Review != nil {
		reviewPanel(p, st, an, g.keys.Review, ps.shown.Len(), graph)
	}
}

// startNumber is the number of the game's start position, for a variant
// with numbered ones (Chess960).
func (g *matchPanel) startNumber() (int, bool) {
	game := g.match.Game()
	if game.Variant().StartCount == 0 {
		return 0, false
	}
	pos, err := rules.ParseFEN(game.Variant(), game.StartFEN())
	if err != nil {
		return 0, false
	}
	return rules.Chess960Number(pos)
}

// playLines add the players, the clocks, the engine's thinking and what
// became of the game's files to the side panel, and the save dialogs.
func (g *matchPanel) playLines(pw *panelWriter, dlg *dialog) {
	st := g.ctx.Styles
	m := g.match
	if g.ctx.Table != nil {
		g.servedLines(pw)
	} else if g.mode.Computer() {
		pw.wrap(playersLine(m.Players()), st.Subtle)
	}
	if m.Clock() != nil {
		pw.line(g.clockLine(pw.width))
	}
	if s := m.Computer().Search(); s != nil {
		text := "Looking for a hint…"
		if s.Purpose == match.ForMove {
			text = fmt.Sprintf("%s is thinking… (%s moves now)", engineName(m, s.Side), config.FirstKey(g.keys.MoveNow))
		}
		pw.wrap(g.spinnerFrame(s)+" "+text, st.Accent)
		if s.Reported {
			pr := s.Progress
			pw.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("  depth %d · %s · %s nodes", pr.Depth, scoreText(pr.Score, m.Game().Position().SideToMove()), countText(pr.Nodes)), pw.width)))
		}
	}
	notice, problem := g.saveStatus()
	if g.ctx.Table != nil {
		// The server's files are not the client's business; that the game
		// is not safe is.
		notice = ""
		if problem != "" {
			problem = "The server could not keep this game on its disk."
		}
	}
	if notice != "" {
		pw.wrap(notice, st.Subtle)
	}
	if problem != "" {
		pw.wrap(problem, st.Error)
	}
	if d := dlg; d != nil && savingDialog(d.name) {
		d.lines(pw, st, g.choice)
	}
}

// savingDialog reports whether a dialog is one of saving's: the name,
// and the questions before replacing a file or making a folder.
func savingDialog(name string) bool {
	return name == "save" || name == "replace" || name == "make folder"
}

// actionLines shows the open dialog, or the last message.
func (g *matchPanel) actionLines(p *panelWriter, ps panelState) {
	st := g.ctx.Styles
	if d := ps.dialog; d != nil && !savingDialog(d.name) && d.name != "help" {
		d.lines(p, st, g.choice)
		return
	}
	if ps.msg.text != "" {
		style := st.Accent
		if ps.msg.err {
			style = st.Error
		}
		p.wrap(ps.msg.text, style)
	}
	if g.ctx.Table != nil {
		g.chatLines(p)
	}
}

// cursorText describes the square under the cursor, so what colour alone
// shows is also said in words.
func (g *matchPanel) cursorText(ps panelState) string {
	b := ps.board
	s := b.cursor
	pos := ps.shown.Position()
	if b.selected != rules.NoSquare && s != b.selected {
		for _, mv := range ps.legal {
			if mv.From() == b.selected && mv.To() == s {
				return fmt.Sprintf("%s: %s plays %s (%s)", s, config.FirstKey(g.keys.Select), pos.SAN(mv), board.HintFor(mv))
			}
		}
	}
	pc := pos.PieceAt(s)
	if pc == rules.NoPiece {
		return fmt.Sprintf("%s: empty", s)
	}
	text := fmt.Sprintf("%s: %s %s", s, colourName(pc.Color()), g.match.Game().Variant().PieceName(pc.Type()))
	if s == b.selected {
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

// capturedLine lists what each side took, and, beside the side ahead
// in material, by how much, in pawns (+3).
func capturedLine(st *board.Styles, captured [2][]rules.Piece, ahead rules.Color, by int) string {
	var parts []string
	for c := rules.White; c <= rules.Black; c++ {
		lead := ""
		if by > 0 && c == ahead {
			lead = fmt.Sprintf(" +%d", by)
		}
		if len(captured[c]) == 0 {
			if lead != "" {
				parts = append(parts, colourName(c)+lead)
			}
			continue
		}
		var b strings.Builder
		for _, pc := range captured[c] {
			b.WriteRune(st.Glyphs.Piece(pc))
		}
		parts = append(parts, fmt.Sprintf("%s took %s%s", colourName(c), b.String(), lead))
	}
	return strings.Join(parts, "; ")
}

// materialLead is which side is ahead in material on the board, and by
// how many pawns, counted with the variant's piece values (a promoted
// pawn counts as what it became).
func materialLead(pos *rules.Position, values [7]int) (rules.Color, int) {
	var sum [2]int
	for c := rules.White; c <= rules.Black; c++ {
		for t := rules.Pawn; t < rules.King; t++ {
			sum[c] += pos.Pieces(c, t).Count() * values[t]
		}
	}
	pawn := max(values[rules.Pawn], 1)
	diff := sum[rules.White] - sum[rules.Black]
	ahead := rules.White
	if diff < 0 {
		ahead, diff = rules.Black, -diff
	}
	return ahead, (diff + pawn/2) / pawn
}

// helpLines is the full help, width wide: every key, and what the
// marks on the board mean.
func (g *matchPanel) helpLines(width int) []string {
	st := g.ctx.Styles
	gl := &st.Glyphs
	p := &panelWriter{width: width}
	for _, group := range g.keys.FullHelp() {
		p.lines = append(p.lines, keyLines(st, group, width)...)
		p.blank()
	}
	p.line(st.Bold.Render("Marks"))
	marks := []string{
		fmt.Sprintf("%c%c cursor", gl.CursorL, gl.CursorR),
		fmt.Sprintf("%c%c selected", gl.SelectedL, gl.SelectedR),
		fmt.Sprintf("%c%c last move", gl.LastL, gl.LastR),
		fmt.Sprintf("%c%c check", gl.CheckL, gl.CheckR),
		fmt.Sprintf("%c%c premove", gl.PremoveL, gl.PremoveR),
	}
	p.wrap(strings.Join(marks, "  "), st.Move)
	kinds := make([]board.HintKind, board.NumHintKinds)
	for k := range kinds {
		kinds[k] = board.HintKind(k)
	}
	p.lines = append(p.lines, legendLines(st, kinds, p.width)...)
	return p.lines
}

// spinnerFrame turns with the time the search has run.
func (g *matchPanel) spinnerFrame(s *match.Search) string {
	sp := spinner.MiniDot
	if g.ctx.Styles.ASCII {
		sp = spinner.Line
	}
	n := int(g.match.Now().Sub(s.Started) / sp.FPS)
	return sp.Frames[max(n, 0)%len(sp.Frames)]
}

// clockLine shows both clocks, the running one marked, in width cells.
func (g *matchPanel) clockLine(width int) string {
	st := g.ctx.Styles
	m := g.match
	k := m.Clock()
	now := m.Now()
	side, running := k.Running()
	var parts []string
	for c := rules.White; c <= rules.Black; c++ {
		mark := " "
		if running && side == c {
			mark = string(st.Glyphs.Current)
		}
		left := k.Remaining(c, now)
		text := fmt.Sprintf("%s%s %s", mark, colourName(c), clockText(left))
		switch {
		case left == 0:
			text = st.Error.Render(text)
		case left < lowTime:
			// low time: a colour, and a mark for those who see none
			text = st.Error.Render(text + "!")
		case mark != " ":
			text = st.Bold.Render(text)
		}
		parts = append(parts, text)
	}
	line := parts[0] + "  " + parts[1]
	var state string
	switch {
	case running || m.Game().Result().Over() || m.Computer().Watching() || m.Computer().Search() != nil:
	case !m.Clock().Started():
		state = "(starts with a move)"
	default:
		state = "(stopped)"
	}
	if state != "" && words.Width(line)+2+len(state) <= width {
		line += "  " + st.Subtle.Render(state)
	}
	return line
}

// withPlayHelp adds the keys that matter now to the one-line help, before
// its last two (help and quit), as many as fit: move now while the
// engine thinks, then save.
func (g *matchPanel) withPlayHelp(base []key.Binding) []key.Binding {
	k := g.keys
	var extra []key.Binding
	if s := g.match.Computer().Search(); s != nil && s.Purpose == match.ForMove {
		// The board takes no move meanwhile: say how to hurry instead.
		var keep []key.Binding
		for _, b := range base {
			if b.Help() != k.Select.Help() && b.Help() != k.Type.Help() {
				keep = append(keep, b)
			}
		}
		base = keep
		extra = append(extra, k.MoveNow)
	}
	if g.ctx.Table != nil {
		if g.match.Game().Result().Over() {
			extra = append(extra, k.Open) // the replay
		}
		extra = append(extra, k.Chat)
	}
	extra = append(extra, k.Save)
	if len(base) < 2 {
		return append(base, extra...)
	}
	for n := len(extra); n > 0; n-- {
		out := append(append(append([]key.Binding(nil), base[:len(base)-2]...), extra[:n]...), base[len(base)-2:]...)
		if g.help.Width <= 0 || shortHelpWidth(*g.help, out) <= g.help.Width {
			return out
		}
	}
	return base
}

// playersLine says who plays each side, for the panel.
func playersLine(players [2]match.Player) string {
	name := func(c rules.Color) string {
		p := players[c]
		switch {
		case p.Computer:
			return match.EngineName(p.Level)
		case players[c.Other()].Computer:
			return "you"
		}
		return "player"
	}
	return fmt.Sprintf("White: %s · Black: %s", name(rules.White), name(rules.Black))
}
