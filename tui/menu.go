package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
)

// menuScreen is the start menu: variant, mode, board view and piece set,
// with a preview of the chosen variant's start position.
type menuScreen struct {
	ctx      *Context
	keys     MenuKeys
	help     help.Model
	variants []*rules.Variant
	index    int
	mode     int
	view     ViewChoice
	fullHelp bool
	problem  string // why the last start failed
	play     menuPlay
}

func newMenuScreen(ctx *Context, opts GameOptions) *menuScreen {
	m := &menuScreen{
		ctx:      ctx,
		keys:     DefaultMenuKeys(),
		help:     newHelp(ctx.Styles),
		variants: rules.Variants(),
		view:     opts.View,
	}
	for i, v := range m.variants {
		if v == opts.Variant {
			m.index = i
		}
	}
	for i, md := range Modes() {
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
	return m.withPlay(GameOptions{Variant: m.variants[m.index], Mode: Modes()[m.mode], View: m.view})
}

func (m *menuScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	if m.fullHelp {
		m.fullHelp = false
		if key.Matches(k, m.keys.Help) {
			return m, nil
		}
	}
	if cmd, ok := m.playKey(k); ok {
		return m, cmd
	}
	n := len(m.variants)
	switch {
	case key.Matches(k, m.keys.Up):
		m.index = (m.index + n - 1) % n
	case key.Matches(k, m.keys.Down):
		m.index = (m.index + 1) % n
	case key.Matches(k, m.keys.Mode):
		m.mode = (m.mode + 1) % len(Modes())
	case key.Matches(k, m.keys.View):
		m.view = (m.view + 1) % 3
	case key.Matches(k, m.keys.Pieces):
		m.ctx.SetASCII(!m.ctx.Settings.ASCII)
		m.help = newHelp(m.ctx.Styles)
		m.SetSize(m.ctx.Width, m.ctx.Height)
	case key.Matches(k, m.keys.Start):
		return m, startGame(m.options())
	case key.Matches(k, m.keys.Help):
		m.fullHelp = true
	case key.Matches(k, m.keys.Quit):
		return m, tea.Quit
	default:
		if r := k.Runes; len(r) == 1 && r[0] >= '1' && int(r[0]-'1') < n {
			m.index = int(r[0] - '1')
		}
	}
	return m, nil
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
	setting := func(label, value, keyName string) string {
		return fmt.Sprintf("%-8s%s %s", label, value, st.Subtle.Render("("+keyName+")"))
	}
	pieces := "chess symbols"
	if st.ASCII {
		pieces = "letters"
	}
	opts := m.options()
	view := opts.View.For(opts.Variant).String()
	if opts.View == ViewAuto {
		view += " (variant default)"
	}
	add(setting("Mode", opts.Mode.String(), "m"))
	add(m.playSettingLines(opts)...)
	add(setting("View", view, "v"))
	add(setting("Pieces", pieces, "a"))
	add("")
	add(st.Bold.Render("Press enter to start."))
	add(m.playActionLines()...)
	if m.problem != "" {
		add(st.Error.Width(menuLeftW).Render(m.problem))
	}
	if m.fullHelp {
		add("")
		add(m.help.FullHelpView(m.keys.FullHelp()))
	}

	// The preview draws the start position with the board renderer, in
	// the view the game will open in, when there is room for it.
	var right []string
	l := NewBoardLayout(opts.View.For(opts.Variant), 0, false)
	if m.ctx.Width >= 2+menuLeftW+3+l.Width {
		hl := NoHighlights()
		right = strings.Split(RenderBoard(rules.NewPosition(opts.Variant), &hl, l, st), "\n")
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
			b.WriteString(strings.Repeat(" ", max(0, menuLeftW+3-visibleWidth(line))))
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
