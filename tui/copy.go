package tui

import (
	"bytes"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"varia/tui/words"
)

// Copying: the FEN of the position shown, or the game's PGN, goes to the
// system clipboard by OSC 52, which terminals take over SSH too. Whether
// the terminal took it cannot be known, so the text is also shown, to be
// selected by hand where it did not.

// copyDialog asks what to copy.
func (g *gameScreen) copyDialog() *dialog {
	d := &dialog{kind: chooseDialog, name: "copy", title: "Copy to the clipboard:", items: []dialogItem{
		{label: "F the position's FEN", letter: 'F'},
		{label: "P the game's PGN", letter: 'P'},
	}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel {
			return nil, false
		}
		what, text := "FEN", g.hist.shown(g.match).Position().FEN()
		if a.index == 1 {
			var buf bytes.Buffer
			if err := g.match.Snapshot().Write(&buf); err != nil {
				g.msg.complain("The game cannot be written as PGN: %v", err)
				return nil, false
			}
			what, text = "PGN", strings.TrimRight(buf.String(), "\n")
		}
		g.copyText(what, text)
		return nil, false
	}
	return d
}

// copyText sends text to the clipboard and shows it.
func (g *gameScreen) copyText(what, text string) {
	if c := g.ctx.Services.Control; c != nil {
		c(copySeq(text))
	}
	d := helpPage(g.ctx.Settings.Keys.Guide, g.keys.Cancel, g.keys.Copy)
	d.name = "copied"
	d.pageText = func(width int) []string {
		st := g.ctx.Styles
		p := &panelWriter{width: width}
		p.wrap(fmt.Sprintf("The %s is copied to the clipboard (by OSC 52). If your terminal did not take it, select it below (with the mouse on, hold shift to select).", what), st.Accent)
		if t := g.ctx.Table; t != nil && what == "PGN" {
			p.wrap("It is also printed by: "+t.Command("pgn"), st.Subtle)
		}
		p.blank()
		for _, line := range strings.Split(text, "\n") {
			p.lines = append(p.lines, hardWrap(line, width)...)
		}
		return p.lines
	}
	g.dialog = d
}

// hardWrap cuts a line into pieces width cells wide, breaking anywhere:
// a FEN must come out as it is.
func hardWrap(line string, width int) []string {
	if width <= 0 || words.Width(line) <= width {
		return []string{line}
	}
	var out []string
	r := []rune(line)
	for len(r) > width {
		out = append(out, string(r[:width]))
		r = r[width:]
	}
	return append(out, string(r))
}
