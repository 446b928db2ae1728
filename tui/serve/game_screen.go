package serve

import (
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui"
	"varia/tui/config"
	"varia/tui/match"
)

// gameView is a room's game as one client sees it: the game screen of
// local play (tui.NewServed) over the room's match, with this client's
// own size, colours and settings. Every call into it holds the room's
// lock, so the match is never read while another client or the room
// changes it; what this client changes, every other client is told.
type gameView struct {
	room    *Room
	app     *tui.App
	ticking bool // a tick is on its way to count a player's time away
}

func newGameView(m *sessionModel) *gameView {
	r := m.se.room
	ctx := tui.NewContext(m.ctx.Renderer, config.DefaultSettings())
	ctx.Width, ctx.Height = m.ctx.Width, m.ctx.Height
	// The bell and the clipboard's sequences, written off the room's
	// lock (a client slow to read never holds up the room), between two
	// frames.
	out := m.se.out
	ctx.Services.Control = func(seq string) { go out.Write([]byte(seq)) }
	ctx.Services.NewAnalysisEngine = m.se.srv.queue.analysisEngine
	r.mu.Lock()
	defer r.mu.Unlock()
	app := tui.NewServed(ctx, tui.ServedOptions{
		Match:  r.match,
		Player: m.se.role.player,
		Side:   m.se.role.color,
		Table:  &table{se: m.se, room: r},
	})
	return &gameView{room: r, app: app}
}

func (v *gameView) update(m *sessionModel, msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case changedMsg:
		msg = tui.Refresh{}
	case awayTickMsg:
		v.ticking = false
		msg = tui.Refresh{}
	}
	r := v.room
	r.mu.Lock()
	defer r.mu.Unlock()
	version, seq := r.match.Version(), noteSeq(r)
	_, cmd := v.app.Update(msg)
	if r.match.Version() != version || noteSeq(r) != seq {
		r.changed() // the others see what this client did
	}
	if !v.ticking && v.someoneAway() {
		v.ticking = true
		cmd = tea.Batch(cmd, awayTick())
	}
	return cmd
}

func noteSeq(r *Room) int {
	seq, _ := r.match.Note()
	return seq
}

// someoneAway reports whether a player of the game in progress is away,
// so the time shown counts up. With the room's lock held.
func (v *gameView) someoneAway() bool {
	m := v.room.match
	if m.Game().Result().Over() {
		return false
	}
	for c := rules.White; c <= rules.Black; c++ {
		if _, ok := m.Absence().Away(c); ok {
			return true
		}
	}
	return false
}

func (v *gameView) view(m *sessionModel) string {
	v.room.mu.Lock()
	defer v.room.mu.Unlock()
	return v.app.View()
}

// table is the room as one client's game screen reaches it
// (tui.Table). Its methods are called from the screen, with the room's
// lock held.
type table struct {
	se   *session
	room *Room
}

func (t *table) Host(fx []match.Effect)     { t.room.host(fx) }
func (t *table) Title() string              { return "Room " + t.room.Code }
func (t *table) Command(verb string) string { return t.se.hint(verb, t.room.Code) }
func (t *table) Chat() []tui.ChatLine       { return t.room.chat }
func (t *table) Say(text string) error      { return t.room.say(t.se.client, text) }
