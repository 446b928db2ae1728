package serve

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
)

// roomScreen shows a room: its code, its seats and who is there, and
// how a friend joins while a seat is free.
type roomScreen struct {
	ticking bool // a tick is on its way to count a player's time away
}

func newRoomScreen() *roomScreen { return &roomScreen{} }

// awayTickMsg redraws the time a player has been away.
type awayTickMsg struct{}

func (s *roomScreen) update(m *sessionModel, msg tea.Msg) tea.Cmd {
	if _, ok := msg.(awayTickMsg); ok {
		s.ticking = false
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		switch k.String() {
		case "q":
			return tea.Quit
		case "esc":
			if m.se.lobby {
				m.se.leaveRoom()
				return m.show(newLobbyScreen(m))
			}
			return tea.Quit
		}
	}
	return s.tickWhileAway(m)
}

// tickWhileAway keeps a tick coming while a player is away, so the time
// shown counts up.
func (s *roomScreen) tickWhileAway(m *sessionModel) tea.Cmd {
	if s.ticking || m.se.room == nil {
		return nil
	}
	for _, seat := range m.se.srv.reg.roomState(m.se.room).Seats {
		if seat.Away > 0 {
			s.ticking = true
			return tea.Tick(time.Second, func(time.Time) tea.Msg { return awayTickMsg{} })
		}
	}
	return nil
}

func (s *roomScreen) view(m *sessionModel) string {
	st := m.ctx.Styles
	info := m.se.srv.reg.roomState(m.se.room)
	var b strings.Builder
	b.WriteString(st.Title.Render("Room "+info.Code) + st.Subtle.Render(" · "+info.Variant+" · clock "+info.Clock.String()) + "\n\n")
	for c := range info.Seats {
		seat := info.Seats[c]
		who := seat.Name
		switch {
		case seat.Name == "":
			who = st.Subtle.Render("free")
		case seat.Engine:
		case seat.Here:
			who += st.Subtle.Render(" (here)")
		default:
			who += st.Warning.Render(fmt.Sprintf(" (away %s)", roundDuration(seat.Away)))
		}
		you := ""
		if m.se.role.player && m.se.role.color == rules.Color(c) {
			you = st.Accent.Render("  ← you")
		}
		fmt.Fprintf(&b, "%-6s %s%s\n", sideName(rules.Color(c)), who, you)
	}
	fmt.Fprintf(&b, "Watching: %d\n\n", info.Spectators)
	if info.Waiting {
		b.WriteString("Waiting for a friend. They join with:\n\n    " + st.Bold.Render(m.se.hint("join", info.Code)) + "\n\n")
		b.WriteString(st.Subtle.Render("Others can watch with: "+m.se.hint("watch", info.Code)) + "\n")
	}
	help := "q quit"
	if m.se.lobby {
		help = "esc back to the rooms • q quit"
	}
	if m.se.role.player {
		help += " (your seat is kept)"
	}
	return fitLines(b.String(), m.ctx.Width, m.ctx.Height-1) + "\n" + st.Subtle.Render(cut(help, m.ctx.Width))
}
