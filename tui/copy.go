package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
	"varia/tui/words"
)

// Copying: the FEN of the position shown, or the game's PGN, goes to the
// system clipboard by OSC 52, which terminals take over SSH too. Whether
// the terminal took it cannot be known, so the text is also shown, to be
// selected by hand where it did not.
type copying struct{ s *stage }

// dialog asks what to copy: fen is the position shown's.
func (c copying) dialog(fen func() string) *dialog {
	d := &dialog{kind: chooseDialog, name: "copy", title: "Copy to the clipboard:", items: []dialogItem{
		{label: "F the position's FEN", letter: 'F'},
		{label: "P the game's PGN", letter: 'P'},
	}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		switch {
		case a.cancel:
		case a.index == 1:
			c.pgn()
		default:
			c.show("FEN", fen())
		}
		return nil, false
	}
	return d
}

// pgn copies the game's PGN (on a server, the save key does: it gives
// the game to the player).
func (c copying) pgn() {
	text, err := pgnText(c.s.match.Snapshot())
	if err != nil {
		c.s.msg.complain("The game cannot be written as PGN: %v", err)
		return
	}
	c.show("PGN", strings.TrimRight(text, "\n"))
}

// show sends text to the clipboard and shows it.
func (c copying) show(what, text string) {
	s := c.s
	if ctl := s.ctx.Services.Control; ctl != nil {
		ctl(copySeq(text))
	}
	d := helpPage(s.ctx.Settings.Keys.Guide, s.keys.Cancel, s.keys.Copy)
	d.name = "copied"
	d.pageText = func(width int) []string {
		st := s.ctx.Styles
		p := &panelWriter{width: width}
		p.wrap(fmt.Sprintf("The %s is copied to the clipboard (by OSC 52). If your terminal did not take it, select it below (with the mouse on, hold shift to select).", what), st.Accent)
		if t := s.ctx.Table; t != nil && what == "PGN" {
			p.wrap("It is also printed by: "+t.Command("pgn"), st.Subtle)
		}
		p.blank()
		for _, line := range strings.Split(text, "\n") {
			p.lines = append(p.lines, hardWrap(line, width)...)
		}
		return p.lines
	}
	s.dialog = d
}

// pgnText is a game as PGN.
func pgnText(sg *saves.SavedGame) (string, error) {
	var b strings.Builder
	if err := sg.Write(&b); err != nil {
		return "", err
	}
	return b.String(), nil
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
