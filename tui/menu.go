package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

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
	fullHelp bool
	problem  string // why the last start failed
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
		return m, splitKeys(msg, m.handleKey)
	}
	return m, nil
}

func (m *menuScreen) handleKey(k tea.KeyMsg) tea.Cmd {
	if m.fullHelp {
		m.fullHelp = false
		if key.Matches(k, m.keys.Help) {
			return nil
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
		m.fullHelp = true
	case key.Matches(k, m.keys.Quit):
		return tea.Quit
	default:
		if r := k.Runes; len(r) == 1 && r[0] >= '1' && int(r[0]-'1') < n {
			m.index = int(r[0] - '1')
		}
	}
	return nil
}

const menuLeftW = 46

func (m *menuScreen) View() string {
	st := m.ctx.Styles
	var left []string
	add := func(s ...string) { left = append(left, s...) }
	add(st.Title.Render("Varia")+st.Subtle.Render(" · chess variants"), "")
	add(st.Bold.Render("Variant"))
	for i, v := range m.variants {
		line := fmt.Sprintf("%d %s", i+1, v.Name)
		if i == m.index {
			add(string(st.Glyphs.Current) + " " + st.CurrentMove.Render(line))
		} else {
			add("  " + line)
		}
	}
	add("")
	desc := st.Accent.Width(menuLeftW).Render(m.variants[m.index].Description)
	add(strings.Split(desc, "\n")...)
	add("")
	setting := func(label, value string, b key.Binding) string {
		return fmt.Sprintf("%-8s%s %s", label, value, st.Subtle.Render("("+config.FirstKey(b)+")"))
	}
	pieces := m.ctx.Settings.Pieces.String() + " symbols"
	if st.ASCII {
		pieces = "letters"
	}
	opts := m.options()
	view := opts.View.For(opts.Variant).String()
	if opts.View.For(opts.Variant) == config.ViewAuto.For(opts.Variant) {
		view += " (variant default)"
	}
	add(setting("Mode", opts.Mode.String(), m.keys.Mode))
	add(m.playSettingLines(opts)...)
	add(setting("View", view, m.keys.View))
	add(setting("Pieces", pieces, m.keys.Pieces))
	add("")
	add(st.Bold.Render(fmt.Sprintf("Press %s to start.", config.FirstKey(m.keys.Start))))
	add(m.playActionLines()...)
	add(st.Subtle.Render(fmt.Sprintf("%s: rules guide · %s: settings", config.FirstKey(m.keys.Guide), config.FirstKey(m.keys.Settings))))
	if m.problem != "" {
		add(st.Error.Width(menuLeftW).Render(m.problem))
	}
	if f := m.ctx.Config; f != nil && len(f.Problems) > 0 {
		add("")
		add(strings.Split(st.Warning.Width(menuLeftW).Render(configProblemsNote(f, config.FirstKey(m.keys.Settings))), "\n")...)
	}
	if m.fullHelp {
		add("")
		add(m.help.FullHelpView(m.keys.FullHelp()))
	}

	// The preview draws the start position with the board renderer, in
	// the view the game will open in, when there is room for it.
	var right []string
	l := board.NewLayout(opts.View.For(opts.Variant), 0, false)
	if m.ctx.Width >= 2+menuLeftW+3+l.Width {
		hl := board.NoHighlights()
		right = strings.Split(board.Render(rules.NewPosition(opts.Variant), &hl, l, st), "\n")
	}

	rows := max(len(left), len(right))
	var b strings.Builder
	for y := 0; y < rows && y < m.ctx.Height-helpRows; y++ {
		b.WriteString("  ")
		var line string
		if y < len(left) {
			line = left[y]
		}
		b.WriteString(line)
		if y < len(right) {
			b.WriteString(strings.Repeat(" ", max(0, menuLeftW+3-words.Width(line))))
			b.WriteString(right[y])
		}
		b.WriteByte('\n')
	}
	for y := rows; y < m.ctx.Height-helpRows; y++ {
		b.WriteByte('\n')
	}
	b.WriteString(shortHelp(m.help, m.keys.ShortHelp()))
	return b.String()
}
