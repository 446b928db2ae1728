package serve

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/words"
)

// roomScreen shows a room while it waits for its second player: its
// code, its seats and who is there, and how a friend joins. Once both
// seats are taken the game's screen takes its place.
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
	if m.se.room != nil && m.se.room.started() {
		return m.show(newGameView(m))
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
	for _, seat := range m.se.room.snapshot().Seats {
		if seat.Away > 0 {
			s.ticking = true
			return awayTick()
		}
	}
	return nil
}

func awayTick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return awayTickMsg{} })
}

func (s *roomScreen) view(m *sessionModel) string {
	st := m.ctx.Styles
	info := m.se.room.snapshot()
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
		b.WriteString(st.Subtle.Render("The game starts when they come.") + "\n")
	}
	help := "q quit"
	if m.se.lobby {
		help = "esc back to the rooms • q quit"
	}
	if m.se.role.player {
		help += " (your seat is kept)"
	}
	return fitLines(b.String(), m.ctx.Width, m.ctx.Height-1) + "\n" + st.Subtle.Render(words.Truncate(help, m.ctx.Width))
}

// snapshot is the room as its waiting screen shows it.
func (r *Room) snapshot() RoomState {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state()
}

// started reports whether the room's game is on.
func (r *Room) started() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.match != nil
}
