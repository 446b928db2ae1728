package guide

import (
	"strings"
	"varia/tui/board"

	"github.com/charmbracelet/lipgloss"
)

// Render lays a page out in width columns: headings, wrapped text,
// and each diagram with its caption beside it, or below it where the
// width leaves no room.
func Render(p *Page, st *board.Styles, view board.View, width int) string {
	var lines []string
	add := func(block string) {
		for _, l := range strings.Split(block, "\n") {
			lines = append(lines, strings.TrimRight(l, " "))
		}
	}
	wrap := func(text string, style lipgloss.Style, w int) string { return style.Width(w).Render(text) }
	add(st.Title.Render(p.variant.Name))
	add(wrap(p.variant.Description, st.Subtle, width))
	for _, sec := range p.sections {
		add("")
		add(st.Bold.Render(sec.title))
		for _, para := range sec.paras {
			add(wrap(para, st.Move, width))
		}
		for _, d := range sec.diagrams {
			add("")
			add(renderDiagram(d, st, view, width))
		}
	}
	return strings.Join(lines, "\n")
}

// minCaptionW is the narrowest caption beside a diagram; narrower, it goes
// below.
const minCaptionW = 24

func renderDiagram(d guideDiagram, st *board.Styles, view board.View, width int) string {
	l := board.NewLayout(view, 0, false)
	board := strings.Split(board.Render(d.pos, &d.hl, l, st), "\n")
	const gap = 3
	captionW := width - l.Width - gap
	if captionW < minCaptionW {
		caption := st.Move.Width(width).Render(d.caption)
		return strings.Join(board, "\n") + "\n" + caption
	}
	caption := strings.Split(st.Move.Width(captionW).Render(d.caption), "\n")
	var b strings.Builder
	for y := 0; y < max(len(board), len(caption)); y++ {
		if y > 0 {
			b.WriteByte('\n')
		}
		if y < len(board) {
			b.WriteString(board[y])
		} else {
			b.WriteString(strings.Repeat(" ", l.Width))
		}
		if y < len(caption) {
			b.WriteString(strings.Repeat(" ", gap))
			b.WriteString(caption[y])
		}
	}
	return b.String()
}
