package serve

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/config"
	"varia/tui/words"
)

// lobbyScreen lists the open rooms: join one with a free seat, watch
// any, open a room of one's own, play the computer, or change the name
// one is shown by.
type lobbyScreen struct {
	rooms    []RoomInfo
	cursor   int
	problem  string // the last action's failure, until the next key
	form     *roomForm
	naming   bool
	nameEdit textinput.Model
}

func newLobbyScreen(m *sessionModel) *lobbyScreen {
	m.se.srv.reg.enterLobby(m.se.client)
	m.se.lobby = true
	l := &lobbyScreen{}
	l.refresh(m)
	return l
}

func (l *lobbyScreen) refresh(m *sessionModel) {
	l.rooms = m.se.srv.reg.list()
	l.cursor = max(0, min(l.cursor, len(l.rooms)-1))
}

func (l *lobbyScreen) update(m *sessionModel, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case changedMsg:
		l.refresh(m)
	case tea.KeyMsg:
		if l.form != nil {
			return l.updateForm(m, msg)
		}
		if l.naming {
			return l.updateName(m, msg)
		}
		l.problem = ""
		switch msg.String() {
		case "up", "k":
			l.cursor = max(0, l.cursor-1)
		case "down", "j":
			l.cursor = min(len(l.rooms)-1, l.cursor+1)
		case "enter":
			return l.enterSelected(m, false)
		case "w":
			return l.enterSelected(m, true)
		case "n":
			l.form = newRoomForm(false)
		case "c":
			l.form = newRoomForm(true)
		case "N":
			l.naming = true
			l.nameEdit = textinput.New()
			l.nameEdit.CharLimit = maxNameLen
			l.nameEdit.SetValue(m.se.who.Name)
			l.nameEdit.Focus()
			return textinput.Blink
		case "q", "esc":
			return tea.Quit
		}
	}
	if l.naming {
		var cmd tea.Cmd
		l.nameEdit, cmd = l.nameEdit.Update(msg)
		return cmd
	}
	return nil
}

// enterSelected joins the room under the cursor, or watches it when
// asked to or when it has no seat for this player.
func (l *lobbyScreen) enterSelected(m *sessionModel, watch bool) tea.Cmd {
	if len(l.rooms) == 0 {
		return nil
	}
	info := l.rooms[l.cursor]
	if !watch && (info.Waiting || m.se.srv.reg.holdsSeat(info.Code, m.se.who.Key)) {
		return l.join(m, info.Code)
	}
	r, err := m.se.srv.reg.watch(info.Code, m.se.client)
	if err != nil {
		l.problem = err.Error()
		return nil
	}
	return l.entered(m, r, role{})
}

func (l *lobbyScreen) join(m *sessionModel, code string) tea.Cmd {
	r, c, err := m.se.srv.reg.join(code, m.se.client)
	if err != nil {
		l.problem = err.Error()
		return nil
	}
	return l.entered(m, r, role{player: true, color: c})
}

func (l *lobbyScreen) entered(m *sessionModel, r *Room, ro role) tea.Cmd {
	m.se.srv.reg.leaveLobby(m.se.client)
	m.se.enter(r, ro)
	m.se.log.Info("entered room", "room", r.Code, "player", ro.player)
	return m.show(newRoomScreen())
}

func (l *lobbyScreen) updateName(m *sessionModel, msg tea.KeyMsg) tea.Cmd {
	switch msg.String() {
	case "esc":
		l.naming = false
		return nil
	case "enter":
		l.naming = false
		name, err := m.se.srv.names.set(m.se.who.Key, l.nameEdit.Value())
		if err != nil {
			l.problem = "name not kept: " + err.Error()
		}
		if name != "" {
			m.se.who.Name = name
			m.se.client.who.Name = name
		}
		return nil
	}
	var cmd tea.Cmd
	l.nameEdit, cmd = l.nameEdit.Update(msg)
	return cmd
}

func (l *lobbyScreen) updateForm(m *sessionModel, msg tea.KeyMsg) tea.Cmd {
	f := l.form
	switch msg.String() {
	case "esc":
		l.form = nil
	case "up", "k":
		f.row = max(0, f.row-1)
	case "down", "j", "tab":
		f.row = min(f.rows()-1, f.row+1)
	case "left", "h":
		f.step(-1)
	case "right", "l", " ":
		f.step(1)
	case "enter":
		l.form = nil
		reg := m.se.srv.reg
		var engine *ai.Level
		color := f.color
		if f.computer {
			lv := f.levels[f.level]
			engine, color = &lv, rules.White
		}
		r, err := reg.create(m.se.who, f.variants[f.variant], f.clocks[f.clock], color, engine)
		if err != nil {
			l.problem = err.Error()
			return nil
		}
		return l.join(m, r.Code)
	}
	return nil
}

func (l *lobbyScreen) view(m *sessionModel) string {
	st := m.ctx.Styles
	w := m.ctx.Width
	var b strings.Builder
	b.WriteString(st.Title.Render("Varia") + st.Subtle.Render(" · rooms on this server"))
	b.WriteString("   " + st.Subtle.Render("you are ") + m.se.who.Label() + "\n\n")
	switch {
	case l.form != nil:
		b.WriteString(l.form.view(m))
	case len(l.rooms) == 0:
		b.WriteString("No rooms yet. Open one with n and send your friend its code.\n")
	default:
		b.WriteString(l.table(m))
	}
	if l.naming {
		b.WriteString("\n" + st.Prompt.Render("Your name: ") + l.nameEdit.View() + "\n")
	}
	if l.problem != "" {
		b.WriteString("\n" + st.Error.Render(l.problem) + "\n")
	}
	help := "↑↓ choose • enter join • w watch • n new room • c vs computer • N name • q quit"
	switch {
	case l.form != nil:
		help = "↑↓ choose • ←→ change • enter open the room • esc back"
	case l.naming:
		help = "enter keep • esc back"
	}
	return fitLines(b.String(), w, m.ctx.Height-1) + "\n" + st.Subtle.Render(words.Truncate(help, w))
}

func (l *lobbyScreen) table(m *sessionModel) string {
	st := m.ctx.Styles
	// The game and the names share what the fixed columns leave.
	free := m.ctx.Width - 32
	gameW := max(10, min(24, free*2/5))
	nameW := max(6, min(18, (free-gameW)/2))
	row := func(marker, code, game, clock, white, black, watching, moves string) string {
		return fmt.Sprintf("%s %-6s %-*s %-6s %-*s %-*s %5s %5s", marker, code,
			gameW, words.Truncate(game, gameW), clock, nameW, words.Truncate(white, nameW), nameW, words.Truncate(black, nameW), watching, moves)
	}
	var b strings.Builder
	b.WriteString(st.Subtle.Render(row(" ", "Room", "Game", "Clock", "White", "Black", "Watch", "Moves")) + "\n")
	for i, r := range l.rooms {
		names := [2]string{}
		for c, n := range r.Players {
			if n == "" {
				n = "— waiting —"
			}
			names[c] = n
		}
		marker := " "
		if i == l.cursor {
			marker = "▸"
		}
		line := row(marker, r.Code, r.Variant, r.Clock.String(), names[0], names[1], itoa(r.Spectators), itoa(r.Moves))
		if i == l.cursor {
			line = st.Accent.Render(line)
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// roomForm chooses a new room's game: the variant, and the clock and
// side for a friend's room or the level for the computer's.
type roomForm struct {
	computer bool
	row      int

	variants []*rules.Variant
	variant  int
	clocks   []saves.TimeControl
	clock    int
	color    rules.Color
	levels   []ai.Level
	level    int
}

func newRoomForm(computer bool) *roomForm {
	f := &roomForm{computer: computer, variants: rules.Variants(), levels: ai.Levels(), clocks: config.ClockPresets()}
	f.level = min(1, len(f.levels)-1)
	return f
}

func (f *roomForm) rows() int {
	if f.computer {
		return 2
	}
	return 3
}

func (f *roomForm) step(d int) {
	wrap := func(i, n int) int { return ((i+d)%n + n) % n }
	switch {
	case f.row == 0:
		f.variant = wrap(f.variant, len(f.variants))
	case f.computer:
		f.level = wrap(f.level, len(f.levels))
	case f.row == 1:
		f.clock = wrap(f.clock, len(f.clocks))
	default:
		f.color = f.color.Other()
	}
}

func (f *roomForm) view(m *sessionModel) string {
	st := m.ctx.Styles
	title := "A new room, for you and a friend"
	labels := []string{"Game", "Clock", "You play"}
	values := []string{f.variants[f.variant].Name, f.clocks[f.clock].String(), sideName(f.color)}
	if f.computer {
		title = "A game against the server's computer (you play White)"
		labels = []string{"Game", "Level"}
		values = []string{f.variants[f.variant].Name, f.levels[f.level].Name}
	}
	var b strings.Builder
	b.WriteString(st.Bold.Render(title) + "\n\n")
	for i := range labels {
		marker := "  "
		val := "  " + values[i] + "  "
		if i == f.row {
			marker = "▸ "
			val = st.Accent.Render("◂ " + values[i] + " ▸")
		}
		b.WriteString(fmt.Sprintf("%s%-9s %s\n", marker, labels[i], val))
	}
	if f.computer {
		b.WriteString("\n" + st.Subtle.Width(max(m.ctx.Width, 20)).Render(f.levels[f.level].Explanation) + "\n")
	}
	return b.String()
}

// fitLines keeps text within a width and a number of lines.
func fitLines(s string, w, h int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if h >= 0 && len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
