package serve

import (
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"

	"varia/rules"
	"varia/tui"
	"varia/tui/config"
)

// session is one client's connection while it shows a screen: who it
// is, the room it is in, and how it ends.
type session struct {
	srv    *Server
	sess   ssh.Session
	cmd    Command
	who    Identity
	log    *log.Logger
	client *client
	out    *lockedWriter // the session's output: frames, and the clipboard

	// The room and role, set on the session's own goroutine (the
	// program's, once it runs) under roomMu, which other goroutines
	// take to read them.
	roomMu sync.Mutex
	room   *Room
	role   role
	lobby  bool // the session started in the lobby, and may go back to it

	endOnce    sync.Once
	ended      chan struct{} // closed by end
	endMessage string        // said on the client's error stream as it leaves
	exitCode   int
}

// end asks the session to finish with a message, from any goroutine;
// the first reason given is the one kept.
func (se *session) end(code int, msg string) {
	se.endOnce.Do(func() {
		se.exitCode, se.endMessage = code, msg
		close(se.ended)
	})
}

// stop ends the session because the server stops.
func (se *session) stop() {
	msg := "the server is stopping"
	se.roomMu.Lock()
	if se.room != nil && se.role.player {
		msg += fmt.Sprintf("; your game is saved: come back to it with %s", se.hint("join", se.room.Code))
	}
	se.roomMu.Unlock()
	se.end(0, msg)
}

// hint is the ssh command that would run a command on this server, as
// far as the server can tell how the client reached it: the address it
// connected to, with "localhost" for this machine's own.
func (se *session) hint(verb, code string) string {
	host, port := "HOST", "2222"
	if h, p, err := net.SplitHostPort(se.sess.LocalAddr().String()); err == nil {
		host, port = h, p
		if ip := net.ParseIP(h); ip != nil && ip.IsLoopback() {
			host = "localhost"
		} else if ip != nil && ip.To4() == nil {
			host = "[" + h + "]"
		}
	}
	cmd := "ssh -t"
	if verb == VerbPGN.String() {
		cmd = "ssh" // prints text: no terminal, so it can go to a file
	}
	if port != "22" {
		cmd += " -p " + port
	}
	return cmd + " " + host + " " + verb + " " + code
}

// enter puts the session in a room as the registry placed it.
func (se *session) enter(r *Room, ro role) {
	se.roomMu.Lock()
	defer se.roomMu.Unlock()
	se.room, se.role = r, ro
}

// leaveRoom takes the session out of its room, if it is in one.
func (se *session) leaveRoom() {
	if r := se.room; r != nil {
		se.srv.reg.leave(r, se.client)
		se.roomMu.Lock()
		se.room = nil
		se.roomMu.Unlock()
	}
}

// messages of the session's program.
type (
	changedMsg   struct{} // the room or the lobby changed: look again
	endedMsg     struct{} // the session is over (idle, flood, shutdown)
	idleCheckMsg struct{}
)

// sessionModel is a session's root model: it keeps the limits that hold
// on every screen (window size, idle time, the end of the session) and
// shows the lobby or a room.
type sessionModel struct {
	se        *session
	ctx       *tui.Context
	lim       Limits
	now       func() time.Time
	lastInput time.Time
	screen    screen
}

// screen is what the session shows: the lobby or a room.
type screen interface {
	update(m *sessionModel, msg tea.Msg) tea.Cmd
	view(m *sessionModel) string
}

func newSessionModel(se *session, r *lipgloss.Renderer) *sessionModel {
	settings := config.DefaultSettings()
	m := &sessionModel{
		se: se, ctx: tui.NewContext(r, settings), lim: se.srv.cfg.Limits,
		now: se.srv.cfg.Now, lastInput: se.srv.cfg.Now(),
	}
	switch {
	case se.room != nil && se.room.started():
		m.screen = newGameView(m)
	case se.room != nil:
		m.screen = newRoomScreen()
	default:
		m.screen = newLobbyScreen(m)
	}
	return m
}

func (m *sessionModel) Init() tea.Cmd {
	return tea.Batch(m.waitChange(), m.waitEnd(), m.idleCheck())
}

// waitChange waits for the registry to say something shown has changed.
func (m *sessionModel) waitChange() tea.Cmd {
	c, ended := m.se.client.notify, m.se.ended
	return func() tea.Msg {
		select {
		case <-c:
			return changedMsg{}
		case <-ended:
			return nil
		}
	}
}

func (m *sessionModel) waitEnd() tea.Cmd {
	ended := m.se.ended
	return func() tea.Msg {
		<-ended
		return endedMsg{}
	}
}

// idleCheck looks again at the time since the last key press in a
// quarter of the idle timeout.
func (m *sessionModel) idleCheck() tea.Cmd {
	return tea.Tick(max(m.lim.IdleTimeout/4, 10*time.Millisecond), func(time.Time) tea.Msg { return idleCheckMsg{} })
}

func (m *sessionModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		// A huge window is drawn as if it were the largest allowed.
		msg.Width, msg.Height = min(msg.Width, m.lim.MaxWidth), min(msg.Height, m.lim.MaxHeight)
		m.ctx.Width, m.ctx.Height = msg.Width, msg.Height
		return m, m.screen.update(m, msg)
	case tea.KeyMsg, tea.MouseMsg:
		m.lastInput = m.now()
		if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
	case idleCheckMsg:
		if idle := m.now().Sub(m.lastInput); idle >= m.lim.IdleTimeout {
			msg := fmt.Sprintf("no key pressed for %s; disconnected", roundDuration(idle))
			if m.se.room != nil && m.se.role.player {
				msg += fmt.Sprintf(". Your seat is kept: %s", m.se.hint("join", m.se.room.Code))
			}
			m.se.end(1, msg)
			return m, nil
		}
		return m, m.idleCheck()
	case changedMsg:
		return m, tea.Batch(m.waitChange(), m.screen.update(m, msg))
	case endedMsg:
		return m, tea.Quit
	}
	return m, m.screen.update(m, msg)
}

func (m *sessionModel) View() string {
	if m.ctx.Width == 0 {
		return ""
	}
	return m.screen.view(m)
}

// show puts another screen in place, at once: the next frame is drawn
// by it.
func (m *sessionModel) show(s screen) tea.Cmd {
	m.screen = s
	return s.update(m, tea.WindowSizeMsg{Width: m.ctx.Width, Height: m.ctx.Height})
}

// lockedWriter writes one whole piece at a time: the program's frames,
// and a clipboard sequence sent between two of them.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// roundDuration writes a duration as people say it: "45 seconds",
// "3 minutes", "2 hours".
func roundDuration(d time.Duration) string {
	switch {
	case d >= 2*time.Hour:
		return plural(int(d/time.Hour), "hour")
	case d >= 2*time.Minute:
		return plural(int(d/time.Minute), "minute")
	}
	return plural(int(d/time.Second), "second")
}

// sideName is a colour as a player reads it.
func sideName(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}

// itoa is strconv.Itoa, short for screens full of counts.
func itoa(n int) string { return strconv.Itoa(n) }

// plural writes a count of things: "1 room", "2 rooms".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return itoa(n) + " " + thing + "s"
}
