package tui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// menuScreen is the start menu: variant, mode, board view and piece set,
// with a preview of the chosen variant's start position.
type menuScreen struct {
	ctx      *Context
	keys     config.MenuKeys
	help     help.Model
	variants []*rules.Variant
	index    int
	mode     int
	views    map[string]config.ViewChoice // by variant id, from the settings
	dialog   *dialog                      // every key's help
	problem  string                       // why the last start failed
	play     menuPlay
}

func newMenuScreen(ctx *Context, opts GameOptions) *menuScreen {
	m := &menuScreen{
		ctx:      ctx,
		keys:     ctx.Settings.Keys.Menu,
		help:     newHelp(ctx.Styles),
		variants: rules.Variants(),
		views:    map[string]config.ViewChoice{},
	}
	for _, v := range m.variants {
		m.views[v.ID] = ctx.Settings.ViewFor(v).Fixed(v)
	}
	if opts.Variant == nil {
		opts.Variant = ctx.Settings.Variant
	} else if opts.View != config.ViewAuto {
		m.views[opts.Variant.ID] = opts.View
	}
	for i, v := range m.variants {
		if v == opts.Variant {
			m.index = i
		}
	}
	for i, md := range match.Modes() {
		if md == opts.Mode {
			m.mode = i
		}
	}
	m.initPlay(opts)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

func (m *menuScreen) SetSize(w, _ int) { m.help.Width = w }

func (m *menuScreen) options() GameOptions {
	v := m.variants[m.index]
	return m.withPlay(GameOptions{Variant: v, Mode: match.Modes()[m.mode], View: m.views[v.ID]})
}

// start looks at the unfinished games as the menu comes on.
func (m *menuScreen) start() tea.Cmd { return scanUnfinished(m.ctx) }

func (m *menuScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case unfinishedScannedMsg:
		m.play.unfinishedScan = msg.unfinishedScan
	case problemMsg:
		// A game to resume could not be: say why, and look again.
		m.problem = msg.text
		return m, scanUnfinished(m.ctx)
	case tea.KeyMsg:
		return m, splitKeys(msg, m.handleKey, nil)
	}
	return m, nil
}

func (m *menuScreen) handleKey(k tea.KeyMsg) tea.Cmd {
	if d := m.dialog; d != nil {
		cmd, closed, passOn := d.update(k, m.ctx.Settings.Keys.Choice, m.ctx.Settings.Keys.Prompt)
		if closed {
			m.dialog = nil
		}
		if !passOn {
			return cmd
		}
	}
	if cmd, ok := m.playKey(k); ok {
		return cmd
	}
	n := len(m.variants)
	switch {
	case key.Matches(k, m.keys.Up):
		m.index = (m.index + n - 1) % n
	case key.Matches(k, m.keys.Down):
		m.index = (m.index + 1) % n
	case key.Matches(k, m.keys.Mode):
		m.mode = (m.mode + 1) % len(match.Modes())
	case key.Matches(k, m.keys.View):
		v := m.variants[m.index]
		if m.views[v.ID].For(v) == board.DiamondView {
			m.views[v.ID] = config.ViewSquare
		} else {
			m.views[v.ID] = config.ViewDiamond
		}
	case key.Matches(k, m.keys.Pieces):
		m.ctx.SetPieces((m.ctx.Settings.Pieces + 1) % board.PieceStyle(len(board.PieceStyleNames())))
		m.help = newHelp(m.ctx.Styles)
		m.SetSize(m.ctx.Width, m.ctx.Height)
	case key.Matches(k, m.keys.Start):
		return startGame(m.options())
	case key.Matches(k, m.keys.Guide):
		return openGuide(m.variants[m.index])
	case key.Matches(k, m.keys.Settings):
		return openSettings(m.options())
	case key.Matches(k, m.keys.Help):
		m.dialog = helpPage(m.ctx.Settings.Keys.Guide, m.keys.Help)
	case key.Matches(k, m.keys.Quit) && k.String() == "esc":
		// esc is also "back" everywhere else: a press too many must not
		// end the program.
		m.dialog = askFor("Quit Varia?", func(a dialogAnswer) (tea.Cmd, bool) {
			if a.yes {
				return tea.Quit, false
			}
			return nil, false
		})
		m.dialog.name = "quit"
	case key.Matches(k, m.keys.Quit):
		return tea.Quit
	default:
		if r := k.Runes; len(r) == 1 && r[0] >= '1' && int(r[0]-'1') < n {
			m.index = int(r[0] - '1')
		}
	}
	return nil
}

// The menu's left column is as wide as the room beside the preview
// allows, within these bounds: lines longer than the widest are hard to
// read.
const (
	menuMinLeftW = 40
	menuMaxLeftW = 64
	menuMargin   = 2 // left of the column
	menuGap      = 3 // between the column and the preview
)

// menuBlock is a part of the menu's left column. When the terminal is too
// short for every line, blocks give way by drop (fitBlocks); those with
// drop 0 always stay whole.
type menuBlock struct {
	lines []string
	short []string
	drop  int
	keep  bool
}

// fitBlocks joins the blocks into at most rows lines. The blocks give
// way in order of drop, highest first: a block with a short form takes
// it in its turn and goes only in a second round, once every block has
// given way; a block that keeps its short form stays.
func fitBlocks(blocks []menuBlock, rows int) []string {
	total := 0
	for _, b := range blocks {
		total += len(b.lines)
	}
	order := make([]int, 0, len(blocks))
	for i, b := range blocks {
		if b.drop > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return blocks[order[i]].drop > blocks[order[j]].drop })
	for round := 0; round < 2; round++ {
		for _, i := range order {
			if total <= rows {
				break
			}
			b := &blocks[i]
			switch {
			case round == 0 && b.short != nil && len(b.short) < len(b.lines):
				total += len(b.short) - len(b.lines)
				b.lines = b.short
			case b.short == nil || round == 1 && !b.keep:
				total -= len(b.lines)
				b.lines = nil
			}
		}
	}
	var out []string
	for _, b := range blocks {
		out = append(out, b.lines...)
	}
	if len(out) > rows {
		out = out[:max(rows, 0)]
	}
	return out
}

// menuLayout is where the menu's parts go at the terminal's size.
type menuLayout struct {
	leftW   int
	rightW  int           // room right of the column; 0 when none
	preview *board.Layout // nil when the preview does not fit
}

func (m *menuScreen) layout(v board.View) menuLayout {
	room := m.ctx.Width - menuMargin - menuGap
	smallest := board.NewLayout(v, 0, false)
	var ml menuLayout
	ml.leftW = max(menuMinLeftW, min(menuMaxLeftW, room-smallest.Width))
	if ml.leftW > room {
		ml.leftW = max(room, 20)
	}
	ml.rightW = max(0, room-ml.leftW)
	if l, ok := board.Fit(v, false, ml.rightW, m.ctx.Height-helpRows); ok {
		ml.preview = l
	}
	return ml
}

func (m *menuScreen) View() string {
	st := m.ctx.Styles
	opts := m.options()
	ml := m.layout(opts.View.For(opts.Variant))
	w := ml.leftW
	rows := m.ctx.Height - helpRows
	wrap := func(style lipgloss.Style, text string) []string {
		return strings.Split(style.Width(w).Render(text), "\n")
	}
	one := func(s ...string) []string { return s }

	title := menuBlock{lines: one(st.Title.Render("Varia") + st.Subtle.Render(" · chess variants"))}
	var variants []string
	for i, v := range m.variants {
		line := fmt.Sprintf("%d %s", i+1, v.Name)
		if i == m.index {
			variants = append(variants, string(st.Glyphs.Current)+" "+st.CurrentMove.Render(line))
		} else {
			variants = append(variants, "  "+line)
		}
	}
	desc := wrap(st.Accent, m.variants[m.index].Description)
	setting := func(label, value string, b key.Binding) string {
		return words.Truncate(fmt.Sprintf("%-8s%s", label, value), w-len(config.FirstKey(b))-3) + " " + st.Subtle.Render("("+config.FirstKey(b)+")")
	}
	pieces := m.ctx.Settings.Pieces.String() + " symbols"
	if st.ASCII {
		pieces = "letters"
	}
	view := opts.View.For(opts.Variant).String()
	if opts.View.For(opts.Variant) == config.ViewAuto.For(opts.Variant) {
		view += " (variant default)"
	}
	level, levelWhy, levelWhyShort := m.playLevelLines(opts, w)
	blank := func(drop int) menuBlock { return menuBlock{lines: one(""), drop: drop} }
	blocks := []menuBlock{
		title, blank(6),
		{lines: one(st.Bold.Render("Variant")), drop: 5},
		{lines: variants},
		blank(6),
		{lines: desc, short: one(st.Accent.Render(words.Truncate(m.variants[m.index].Description, w))), drop: 4},
		blank(6),
		{lines: one(setting("Mode", opts.Mode.String(), m.keys.Mode))},
		{lines: level},
		{lines: levelWhy, short: levelWhyShort, drop: 3},
		{lines: one(setting("Clock", m.clockText(opts), m.keys.Clock))},
		{lines: m.startLines(opts, setting)},
		{lines: one(setting("View", view, m.keys.View))},
		{lines: one(setting("Pieces", pieces, m.keys.Pieces))},
		blank(6),
		{lines: one(st.Bold.Render(fmt.Sprintf("Press %s to start.", config.FirstKey(m.keys.Start))))},
	}
	blocks = append(blocks, m.playActionBlocks(w)...)
	blocks = append(blocks, menuBlock{lines: one(st.Subtle.Render(m.moreLine(w))), drop: 2})
	if m.problem != "" {
		blocks = append(blocks, menuBlock{lines: wrap(st.Error, m.problem)})
	}
	if f := m.ctx.Config; f != nil && len(f.Problems) > 0 {
		note := configProblemsNote(f, config.FirstKey(m.keys.Settings))
		blocks = append(blocks, blank(6), menuBlock{lines: wrap(st.Warning, note), short: one(st.Warning.Render(words.Truncate(note, w))), drop: 1, keep: true})
	}

	var left, right []string
	help := m.dialog != nil && m.dialog.name == "help"
	switch {
	case help && ml.rightW >= menuMinHelpW:
		// every key beside the menu, in place of the preview
		left = fitBlocks(blocks, rows)
		right = m.keysPage(ml.rightW, rows)
	case help:
		left = append(fitBlocks([]menuBlock{title, blank(1)}, rows), m.keysPage(w, rows-2)...)
	default:
		left = fitBlocks(blocks, rows)
		if ml.preview != nil {
			hl := board.NoHighlights()
			right = strings.Split(board.Render(previewPosition(opts), &hl, ml.preview, st), "\n")
		}
	}

	var b strings.Builder
	margin := strings.Repeat(" ", menuMargin)
	for y := 0; y < rows; y++ {
		var line string
		if y < len(left) {
			line = left[y]
		}
		if y < len(right) {
			b.WriteString(margin + line)
			b.WriteString(strings.Repeat(" ", max(0, w+menuGap-words.Width(line))))
			b.WriteString(right[y])
		} else if line != "" {
			b.WriteString(margin + line)
		}
		b.WriteByte('\n')
	}
	if d := m.dialog; d != nil && d.kind == inputDialog {
		// Typed on the bottom line, why it was refused just above.
		if d.problem != "" {
			out := strings.TrimSuffix(b.String(), "\n")
			if i := strings.LastIndexByte(out, '\n'); i >= 0 {
				out = out[:i+1]
			} else {
				out = ""
			}
			b.Reset()
			b.WriteString(out + "  " + st.Error.Render(words.Truncate(d.problem, max(10, m.ctx.Width-4))) + "\n")
		}
		b.WriteString(d.input.View())
		return b.String()
	}
	if d := m.dialog; d != nil && d.kind == askDialog {
		// A question takes the bottom line, which every size shows.
		q := st.Warning.Render(d.title) + "  "
		h := m.help
		h.Width = max(0, m.help.Width-words.Width(q))
		b.WriteString(q + shortHelp(h, d.helpKeys(m.ctx.Settings.Keys.Choice, m.ctx.Settings.Keys.Prompt)))
		return b.String()
	}
	b.WriteString(shortHelp(m.help, m.keys.ShortHelp()))
	return b.String()
}

// moreLine names the menu's other screens in one line of width w,
// shortened so that no name is cut: at 80 columns the whole line does
// not fit beside the preview.
func (m *menuScreen) moreLine(w int) string {
	g, s, e := config.FirstKey(m.keys.Guide), config.FirstKey(m.keys.Settings), config.FirstKey(m.keys.Editor)
	for _, line := range []string{
		fmt.Sprintf("%s: rules guide · %s: settings · %s: set up a position", g, s, e),
		fmt.Sprintf("%s rules guide · %s settings · %s set up a position", g, s, e),
		fmt.Sprintf("%s rules · %s settings · %s set up a position", g, s, e),
	} {
		if words.Width(line) <= w {
			return line
		}
	}
	return words.Truncate(fmt.Sprintf("%s rules · %s settings · %s set up", g, s, e), w)
}

// startLines is the start position line of a variant with numbered
// ones; none for others.
func (m *menuScreen) startLines(o GameOptions, setting func(label, value string, b key.Binding) string) []string {
	if o.Variant.StartCount == 0 {
		return nil
	}
	return []string{setting("Start", m.startText(o), m.keys.StartPosition)}
}

// previewPosition is the position a game of the options starts from.
func previewPosition(o GameOptions) *rules.Position {
	if o.FEN != "" {
		if pos, err := rules.ParseFEN(o.Variant, o.FEN); err == nil {
			return pos
		}
	}
	return rules.NewPosition(o.Variant)
}

// menuMinHelpW is the narrowest room beside the menu where its help goes.
const menuMinHelpW = 26

// keysPage is every key of the menu, width wide, scrolled to fit rows.
func (m *menuScreen) keysPage(width, rows int) []string {
	st := m.ctx.Styles
	p := &panelWriter{width: width}
	p.line(st.Bold.Render("Every key"))
	p.blank()
	keys := m.keys
	if m.variants[m.index].StartCount == 0 {
		keys.StartPosition.SetEnabled(false) // one start position: nothing to choose
	}
	for _, group := range keys.FullHelp() {
		p.lines = append(p.lines, keyLines(st, group, width)...)
		p.blank()
	}
	lines := p.lines
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return m.dialog.page(st, lines, rows, width)
}
