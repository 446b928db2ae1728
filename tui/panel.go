package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// panelWriter collects the side panel's lines, wrapping text to its width.
type panelWriter struct {
	width int
	lines []string
}

func (p *panelWriter) line(s string) { p.lines = append(p.lines, s) }

// blank adds an empty line, never two in a row.
func (p *panelWriter) blank() {
	if n := len(p.lines); n > 0 && p.lines[n-1] != "" {
		p.lines = append(p.lines, "")
	}
}

// wrap adds text wrapped at word boundaries to the panel's width.
func (p *panelWriter) wrap(s string, style lipgloss.Style) {
	text := style.Width(p.width).Render(s)
	for _, l := range strings.Split(text, "\n") {
		p.lines = append(p.lines, strings.TrimRight(l, " "))
	}
}

// fit returns at most h lines.
func (p *panelWriter) fit(h int) []string {
	if len(p.lines) > h {
		return p.lines[:max(h, 0)]
	}
	return p.lines
}

// shortHelp is the one-line help with as many bindings as fit the help's
// width. (help.ShortHelpView can overflow when not even its ellipsis
// fits, so the list is cut here first.)
func shortHelp(h help.Model, bindings []key.Binding) string {
	for n := len(bindings); n > 0; n-- {
		if s := h.ShortHelpView(bindings[:n]); h.Width <= 0 || lipgloss.Width(s) <= h.Width {
			return s
		}
	}
	return ""
}
