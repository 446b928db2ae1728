package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/config"
	"varia/tui/guide"
	"varia/tui/words"
)

// guideScreen is the rules guide: one scrollable page per variant,
// opened over another screen and going back to it as it was.
type guideScreen struct {
	ctx      *Context
	keys     config.GuideKeys
	help     help.Model
	variants []*rules.Variant
	index    int
	vp       viewport.Model
}

const (
	guideHeaderRows = 2
	guideMaxWidth   = 100 // lines longer than this are hard to read
	guideMargin     = 2
)

func newGuideScreen(ctx *Context, v *rules.Variant) *guideScreen {
	g := &guideScreen{
		ctx:      ctx,
		keys:     ctx.Settings.Keys.Guide,
		help:     newHelp(ctx.Styles),
		variants: rules.Variants(),
	}
	for i, x := range g.variants {
		if x == v {
			g.index = i
		}
	}
	g.vp = viewport.New(0, 0)
	g.SetSize(ctx.Width, ctx.Height)
	return g
}

// SetSize lays the page out again for the width, keeping the scroll
// position where it can.
func (g *guideScreen) SetSize(w, h int) {
	g.help.Width = w
	g.vp.Width = w
	g.vp.Height = max(1, h-guideHeaderRows-helpRows)
	y := g.vp.YOffset
	g.vp.SetContent(g.content())
	g.vp.SetYOffset(y)
}

func (g *guideScreen) variant() *rules.Variant { return g.variants[g.index] }

// content is the current page, indented, for the terminal's width.
func (g *guideScreen) content() string {
	v := g.variant()
	width := max(20, min(g.ctx.Width-2*guideMargin, guideMaxWidth))
	page := guide.Build(v, g.ctx.Styles, &g.ctx.Settings.Keys)
	text := guide.Render(page, g.ctx.Styles, g.ctx.Settings.ViewFor(v).For(v), width)
	margin := strings.Repeat(" ", guideMargin)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = margin + l
	}
	return strings.Join(lines, "\n")
}

func (g *guideScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseMsg:
		if msg.Action == tea.MouseActionPress {
			switch msg.Button {
			case tea.MouseButtonWheelUp:
				g.vp.ScrollUp(3)
			case tea.MouseButtonWheelDown:
				g.vp.ScrollDown(3)
			}
		}
	case tea.KeyMsg:
		return g, splitKeys(msg, g.handleKey, nil)
	}
	return g, nil
}

func (g *guideScreen) handleKey(msg tea.KeyMsg) tea.Cmd {
	k := g.keys
	n := len(g.variants)
	switch {
	case key.Matches(msg, k.Close):
		return goBack()
	case key.Matches(msg, k.Up):
		g.vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		g.vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		g.vp.PageUp()
	case key.Matches(msg, k.PageDown):
		g.vp.PageDown()
	case key.Matches(msg, k.Top):
		g.vp.GotoTop()
	case key.Matches(msg, k.Bottom):
		g.vp.GotoBottom()
	case key.Matches(msg, k.Prev):
		g.turnPage((g.index + n - 1) % n)
	case key.Matches(msg, k.Next):
		g.turnPage((g.index + 1) % n)
	}
	return nil
}

func (g *guideScreen) turnPage(i int) {
	g.index = i
	g.vp.SetContent(g.content())
	g.vp.GotoTop()
}

func (g *guideScreen) View() string {
	st := g.ctx.Styles
	var tabs []string
	for i, v := range g.variants {
		if i == g.index {
			// brackets as well as colour, for terminals without colour
			tabs = append(tabs, st.CurrentMove.Render("["+v.ID+"]"))
		} else {
			tabs = append(tabs, st.Subtle.Render(" "+v.ID+" "))
		}
	}
	title := st.Title.Render("Rules guide") + "  "
	pct := st.Subtle.Render(fmt.Sprintf("%3.0f%%", g.vp.ScrollPercent()*100))
	// As many tabs as fit, the current one among them.
	room := g.ctx.Width - 2*guideMargin - words.Width(title) - words.Width(pct) - 1
	first, last := g.index, g.index+1
	width := func(a, b int) int {
		n := 0
		for _, t := range tabs[a:b] {
			n += words.Width(t)
		}
		return n
	}
	for grew := true; grew; {
		grew = false
		if last < len(tabs) && width(first, last+1) <= room {
			last, grew = last+1, true
		}
		if first > 0 && width(first-1, last) <= room {
			first, grew = first-1, true
		}
	}
	head := title + strings.Join(tabs[first:last], "")
	if gap := g.ctx.Width - words.Width(head) - words.Width(pct) - 2*guideMargin; gap > 0 {
		head += strings.Repeat(" ", gap) + pct
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", guideMargin) + head + "\n\n")
	b.WriteString(g.vp.View())
	b.WriteByte('\n')
	b.WriteString(shortHelp(g.help, g.keys.ShortHelp()))
	return b.String()
}
