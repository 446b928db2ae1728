package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"varia/tui/board"
	"varia/tui/words"
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
// width. The last two (how to get help and how to leave, on every
// screen; a dialog's answers) always stay: the others are left out from
// the end of the list, the least needed, until the line fits.
// (help.ShortHelpView can overflow when not even its ellipsis fits, so
// the list is cut here first.)
func shortHelp(h help.Model, bindings []key.Binding) string {
	shown, _ := shortHelpSplit(h, bindings)
	if len(shown) == 0 {
		return ""
	}
	h.Width = 0 // drawn uncut: the help cuts a long line with an ellipsis
	return h.ShortHelpView(shown)
}

// shortHelpSplit is the bindings shortHelp shows, and those it leaves
// out for want of room.
func shortHelpSplit(h help.Model, bindings []key.Binding) (shown, left []key.Binding) {
	pinned := min(2, len(bindings))
	head, tail := bindings[:len(bindings)-pinned], bindings[len(bindings)-pinned:]
	width := h.Width
	for n := len(head); n >= 0; n-- {
		line := append(append([]key.Binding(nil), head[:n]...), tail...)
		if width <= 0 || shortHelpWidth(h, line) <= width {
			return line, head[n:]
		}
	}
	for n := len(tail) - 1; n > 0; n-- {
		if line := tail[len(tail)-n:]; shortHelpWidth(h, line) <= width {
			return line, append(append([]key.Binding(nil), head...), tail[:len(tail)-n]...)
		}
	}
	return nil, bindings
}

// shortHelpWidth is how wide the help draws bindings on one line: each
// key, a space and its words, with separators between; measured without
// drawing it.
func shortHelpWidth(h help.Model, bindings []key.Binding) int {
	w, n := 0, 0
	for _, b := range bindings {
		if !b.Enabled() {
			continue
		}
		w += lipgloss.Width(b.Help().Key) + 1 + lipgloss.Width(b.Help().Desc)
		n++
	}
	if n > 1 {
		w += (n - 1) * lipgloss.Width(h.ShortSeparator)
	}
	return w
}

// keyLines lists a group of bindings one to a line, each key in a column
// as wide as the group's widest (up to half the width) and what it
// does wrapped beside it, width wide.
func keyLines(st *board.Styles, group []key.Binding, width int) []string {
	keyW := 0
	for _, b := range group {
		if b.Enabled() {
			keyW = max(keyW, lipgloss.Width(b.Help().Key))
		}
	}
	keyW = min(keyW, max(width/2, 1))
	descW := max(width-keyW-1, 8)
	var out []string
	for _, b := range group {
		if !b.Enabled() {
			continue
		}
		k := words.Truncate(b.Help().Key, keyW)
		desc := strings.Split(st.HelpDesc.Width(descW).Render(b.Help().Desc), "\n")
		pad := strings.Repeat(" ", keyW-lipgloss.Width(k)+1)
		out = append(out, st.HelpKey.Render(k)+pad+strings.TrimRight(desc[0], " "))
		for _, d := range desc[1:] {
			out = append(out, strings.Repeat(" ", keyW+1)+strings.TrimRight(d, " "))
		}
	}
	return out
}
