package tui

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/config"
	"varia/tui/words"
)

// tickCmd starts the redraw tick unless it is running.
func (m *gameScreen) tickCmd() tea.Cmd {
	p := &m.match
	if p.ticking {
		return nil
	}
	p.ticking = true
	p.tickSeq++
	id, seq := p.id, p.tickSeq
	return tea.Tick(tickEvery, func(time.Time) tea.Msg { return playTickMsg{id, seq} })
}

// tick redraws, and ends the game when a flag falls.
func (m *gameScreen) tick(msg playTickMsg) tea.Cmd {
	p := &m.match
	if msg.game != p.id || msg.seq != p.tickSeq {
		return nil
	}
	p.ticking = false
	if p.clock != nil && !m.game.Result().Over() {
		if side, fell := p.clock.Flagged(m.now()); fell {
			m.stopSearch()
			if err := m.game.LoseOnTime(side); err == nil {
				m.gameChanged()
				m.say("%s's time is up.", words.Capitalise(colourName(side)))
			}
		}
	}
	if p.active && (p.search != nil || p.clock != nil && p.clock.running) {
		return m.tickCmd()
	}
	return nil
}

// spinnerFrame turns with the time the search has run.
func (m *gameScreen) spinnerFrame(s *runningSearch) string {
	sp := spinner.MiniDot
	if m.ctx.Styles.ASCII {
		sp = spinner.Line
	}
	n := int(m.now().Sub(s.started) / sp.FPS)
	return sp.Frames[max(n, 0)%len(sp.Frames)]
}

// playPanel adds the players, the clocks and the engine's thinking to
// the side panel.
func (m *gameScreen) playPanel(pw *panelWriter) {
	p := &m.match
	st := m.ctx.Styles
	if m.opts.Mode.Computer() {
		pw.wrap(playersLine(p.players), st.Subtle)
	}
	if p.clock != nil {
		pw.line(m.clockLine())
	}
	if s := p.search; s != nil {
		text := "Looking for a hint…"
		if s.purpose == searchMove {
			text = fmt.Sprintf("%s is thinking… (%s moves now)", m.engineName(s.side), config.FirstKey(m.keys.MoveNow))
		}
		pw.wrap(m.spinnerFrame(s)+" "+text, st.Accent)
		if s.reported {
			pr := s.progress
			pw.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("  depth %d · %s · %s nodes", pr.Depth, scoreText(pr.Score, m.game.Position().SideToMove()), countText(pr.Nodes)), pw.width)))
		}
	}
	if p.store.notice != "" {
		pw.wrap(p.store.notice, st.Subtle)
	}
	if p.store.err != "" {
		pw.wrap(p.store.err, st.Error)
	}
	m.dialogLines(pw)
}

// clockLine shows both clocks, the running one marked.
func (m *gameScreen) clockLine() string {
	p := &m.match
	st := m.ctx.Styles
	now := m.now()
	var parts []string
	for c := rules.White; c <= rules.Black; c++ {
		mark := " "
		if p.clock.running && p.clock.side == c {
			mark = string(st.Glyphs.Current)
		}
		text := fmt.Sprintf("%s%s %s", mark, words.Capitalise(colourName(c)), clockText(p.clock.Remaining(c, now)))
		if p.clock.Remaining(c, now) == 0 {
			text = st.Error.Render(text)
		} else if mark != " " {
			text = st.Bold.Render(text)
		}
		parts = append(parts, text)
	}
	line := parts[0] + "  " + parts[1]
	var state string
	switch {
	case p.clock.running || m.game.Result().Over() || p.watching || p.search != nil:
	case !p.clockStarted:
		state = "(starts with a move)"
	default:
		state = "(stopped)"
	}
	if state != "" && words.Width(line)+2+len(state) <= m.frame.panelW {
		line += "  " + st.Subtle.Render(state)
	}
	return line
}

// withPlayHelp adds the keys that matter now to the one-line help, before
// its last two (help and quit), as many as fit: move now while the
// engine thinks, then save.
func (m *gameScreen) withPlayHelp(base []key.Binding) []key.Binding {
	k := m.keys
	var extra []key.Binding
	if s := m.match.search; s != nil && s.purpose == searchMove {
		// The board takes no move meanwhile: say how to hurry instead.
		var keep []key.Binding
		for _, b := range base {
			if b.Help() != m.keys.Select.Help() && b.Help() != m.keys.Type.Help() {
				keep = append(keep, b)
			}
		}
		base = keep
		extra = append(extra, k.MoveNow)
	}
	extra = append(extra, k.Save)
	if len(base) < 2 {
		return append(base, extra...)
	}
	for n := len(extra); n > 0; n-- {
		out := append(append(append([]key.Binding(nil), base[:len(base)-2]...), extra[:n]...), base[len(base)-2:]...)
		whole := m.help
		whole.Width = 0 // measure the line uncut
		if m.help.Width <= 0 || words.Width(whole.ShortHelpView(out)) <= m.help.Width {
			return out
		}
	}
	return base
}
