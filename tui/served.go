package tui

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// A game played on a server (varia serve) is one match shown to every
// client at its table: its two players, each at a keyboard of their
// own, and whoever watches. Each client runs the game screen of local
// play, with its own size, colours and settings, following the match the
// server holds; the server, not any one screen, carries out the match's
// effects (its engine's searches, its clock, its saves) and tells every
// screen when the match changed. Since the server's disk and settings
// are not the clients', the screens there offer nothing that reads or
// writes files or settings: the game's PGN goes to the client's own
// clipboard (OSC 52), or is printed by a command.

// Table is the server's side of one client's served game.
type Table interface {
	// Host carries out the match's effects, for every client at once.
	Host(fx []match.Effect)
	// Title names the table, as "Room K7Q2M".
	Title() string
	// Command is the ssh command that runs verb on this table from the
	// client's terminal ("join", "watch", "pgn").
	Command(verb string) string
	// Chat is the latest lines said at the table, oldest first.
	Chat() []ChatLine
	// Say adds the client's line to the chat, or says why not.
	Say(text string) error
}

// ChatLine is one line said at a table.
type ChatLine struct {
	Who  string
	Text string
	At   time.Time
}

// ServedOptions say which game a client of a server shows, and as whom.
type ServedOptions struct {
	Match *match.Match
	// Player: the client plays Side; else it watches.
	Player bool
	Side   rules.Color
	Table  Table
	View   config.ViewChoice
}

// Refresh tells a served game's screen that its match changed elsewhere
// (another client moved, the server's engine moved, a clock ticked, a
// player left): it looks again. The server sends it.
type Refresh struct{}

// NewServed builds the interface of one client of a server: the game
// screen over the server's match, and what it opens over it (the rules
// guide, the replay of the game); never the menu, the file picker or the
// settings. The match is read and acted on only inside Update and View,
// so a server that serialises those calls per table may share one match
// among all its clients.
func NewServed(ctx *Context, o ServedOptions) *App {
	ctx.Table = o.Table
	ctx.Config = nil // nothing is saved on the server's disk for a client
	v := o.Match.Game().Variant()
	opts := GameOptions{Variant: v, View: o.View, Mode: o.Match.Mode(), Players: o.Match.Players()}
	if opts.View == config.ViewAuto {
		opts.View = ctx.Settings.ViewFor(v)
	}
	var seats seating
	if o.Player {
		seats[o.Side] = true
	}
	g := newGameView(ctx, o.Match, seats, opts)
	if o.Player {
		g.board.flip = o.Side == rules.Black
		g.board.cursor = o.Match.Game().Position().King(o.Side)
		g.relayout()
	}
	return &App{ctx: ctx, stack: []screen{g}}
}

// tableView is what a served game adds to the game screen: the keys
// fitted to it, a spectator told why their keys do nothing, the
// opponent asked to take a move back, the claims an absent opponent
// opens, the chat, and leaving the table with one's seat kept.
type tableView struct {
	s      *stage
	acting []key.Binding // a spectator's keys that would act on the game, were it playing
}

// fitKeys fits the keys to a served game: the save key copies the PGN,
// the open key replays the finished game, chat is on, and nothing starts
// another game, takes back without asking or asks for hints against a
// person.
func (t *tableView) fitKeys() {
	s := t.s
	k := &s.keys
	if !s.served() {
		k.Chat.SetEnabled(false)
		return
	}
	k.Save.SetHelp(k.Save.Help().Key, "copy PGN")
	k.Open.SetHelp(k.Open.Help().Key, "replay")
	k.New.SetEnabled(false)
	if s.match.UndoByConsent() {
		k.Undo.SetHelp(k.Undo.Help().Key, "ask to undo")
		k.Redo.SetEnabled(false)
		k.Hint.SetEnabled(false)
	}
	if !s.match.Mode().Computer() {
		k.MoveNow.SetEnabled(false)
	}
	if s.watching() {
		// A spectator pressing them is told why nothing happens; the help
		// line leaves them out.
		t.acting = []key.Binding{k.Select, k.Type, k.Undo, k.Redo, k.Draw, k.Resign, k.MoveNow, k.Hint}
		k.Select.SetEnabled(false)
		k.Type.SetEnabled(false)
		k.Undo.SetEnabled(false)
		k.Redo.SetEnabled(false)
		k.Draw.SetEnabled(false)
		k.Resign.SetEnabled(false)
		k.MoveNow.SetEnabled(false)
		k.Hint.SetEnabled(false)
	}
}

// spectator tells a spectator pressing a key that would act on the game
// that they watch it; false for other keys.
func (t *tableView) spectator(msg tea.KeyMsg) bool {
	if len(t.acting) == 0 || !key.Matches(msg, t.acting...) {
		return false
	}
	t.s.msg.complain("You are watching this game.")
	return true
}

// replay opens the finished game in the replay viewer, over the game.
func (t *tableView) replay() tea.Cmd {
	s := t.s
	if !s.game().Result().Over() {
		s.msg.complain("The replay opens when the game is over.")
		return nil
	}
	return openReplay(s.match.Snapshot())
}

// undo asks the opponent to take a move back, or takes it back at once
// against the server's engine.
func (t *tableView) undo() tea.Cmd {
	s := t.s
	side, ok := s.seats.side()
	if !ok {
		return nil
	}
	if !s.match.UndoByConsent() {
		return s.refused(s.match.Undo())
	}
	fx, err := s.match.Consent().ProposeUndo(side)
	if err == nil {
		s.msg.say("You asked to take your last move back; %s answers.", colourName(side.Other()))
	}
	return s.refused(fx, err)
}

// draw claims the game of an opponent who has been away too long,
// claims a draw open to the player to move, or offers one.
func (t *tableView) draw() tea.Cmd {
	s := t.s
	side, ok := s.seats.side()
	if !ok || s.gameOver() {
		return nil
	}
	if s.match.Absence().MayClaim(side) {
		s.dialog = t.abandonedDialog(side)
		return nil
	}
	if s.mine() {
		if cmd, ok := s.claimDraw(); ok {
			return cmd
		}
	}
	fx, err := s.match.OfferDraw(side)
	if err == nil && !s.match.Mode().Computer() {
		s.msg.say("You offered a draw; %s answers.", colourName(side.Other()))
	}
	return s.refused(fx, err)
}

// abandonedDialog offers the win, or a draw, against an opponent gone
// for longer than the grace period.
func (t *tableView) abandonedDialog(side rules.Color) *dialog {
	s := t.s
	d := &dialog{kind: chooseDialog, name: "abandoned",
		title: fmt.Sprintf("%s has been away too long. Claim:", colourName(side.Other())),
		items: []dialogItem{{label: "the win", letter: 'W'}, {label: "a draw", letter: 'D'}, {label: "wait", letter: 'A'}}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel || a.index == 2 {
			return nil, false
		}
		return s.refused(s.match.Absence().Claim(side, a.index == 1)), false
	}
	return d
}

// chat opens the line to say something to the table.
func (t *tableView) chat() tea.Cmd {
	s := t.s
	d := newInput(s.ctx.Styles, "> ", "", nil)
	d.title = "Say to everyone here (enter sends):"
	d.name = "chat"
	d.input.CharLimit = MaxChatLen
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel || a.text == "" {
			return nil, false
		}
		if err := s.ctx.Table.Say(a.text); err != nil {
			s.msg.complain("%v", err)
			return nil, true
		}
		return nil, false
	}
	s.dialog = d
	s.msg = message{}
	return d.open()
}

// MaxChatLen is the longest line of chat, in characters.
const MaxChatLen = 200

// quit leaves the table, asking first once the game has begun: a
// player's seat is kept.
func (t *tableView) quit() tea.Cmd {
	s := t.s
	if _, ok := s.seats.side(); !ok || s.game().Result().Over() || s.game().Len() == 0 {
		return tea.Quit
	}
	s.dialog = askFor(fmt.Sprintf("Leave the game? Your seat is kept, and your clock runs: come back with %s", s.ctx.Table.Command("join")),
		func(a dialogAnswer) (tea.Cmd, bool) {
			if a.yes {
				return tea.Quit, false
			}
			return nil, false
		})
	s.dialog.name = "question"
	return nil
}

// modeText is who plays whom, for the panel's second line: on a server,
// the table and whether this client plays or watches.
func (g *matchPanel) modeText() string {
	t := g.ctx.Table
	if t == nil {
		return words.Capitalise(g.mode.Short())
	}
	for c := rules.White; c <= rules.Black; c++ {
		if g.seats[c] {
			return t.Title() + " · you play " + colourName(c)
		}
	}
	return t.Title() + " · watching"
}

// servedLines are what a served game adds to the panel: who plays, who
// is away and what may be claimed, what waits for the opponent's answer.
func (g *matchPanel) servedLines(pw *panelWriter) {
	st := g.ctx.Styles
	m := g.match
	players := m.Players()
	var names [2]string
	for c := rules.White; c <= rules.Black; c++ {
		p := players[c]
		switch {
		case p.Computer:
			names[c] = match.EngineName(p.Level)
		case p.Called != "":
			names[c] = p.Called
		default:
			names[c] = colourName(c)
		}
		if g.seats[c] {
			names[c] += " (you)"
		}
	}
	pw.wrap(fmt.Sprintf("White: %s · Black: %s", names[rules.White], names[rules.Black]), st.Subtle)
	over := m.Game().Result().Over()
	for c := rules.White; c <= rules.Black; c++ {
		away, ok := m.Absence().Away(c)
		if !ok || over {
			continue
		}
		switch {
		case g.seats[c.Other()] && m.Absence().MayClaim(c.Other()):
			pw.wrap(fmt.Sprintf("%s has been away %s: %s claims the win or a draw.", colourName(c), awayText(away), config.FirstKey(g.keys.Draw)), st.Warning)
		case g.seats[c.Other()]:
			pw.wrap(fmt.Sprintf("%s has left (%s). After %s you may claim the game.", colourName(c), awayText(away), awayText(m.Absence().Grace())), st.Warning)
		default:
			pw.wrap(fmt.Sprintf("%s is away (%s).", colourName(c), awayText(away)), st.Warning)
		}
	}
	if p, ok := m.Consent().DrawOffer(); ok && g.seats[p.By] {
		pw.wrap(fmt.Sprintf("Draw offered; waiting for %s.", colourName(p.By.Other())), st.Accent)
	}
	if p, ok := m.Consent().UndoRequest(); ok && g.seats[p.By] {
		pw.wrap(fmt.Sprintf("Takeback asked; waiting for %s.", colourName(p.By.Other())), st.Accent)
	}
}

// chatShown is how many lines of chat the panel shows.
const chatShown = 3

// chatLines are the latest lines said at the table.
func (g *matchPanel) chatLines(pw *panelWriter) {
	st := g.ctx.Styles
	lines := g.ctx.Table.Chat()
	if len(lines) == 0 {
		return
	}
	lines = lines[max(0, len(lines)-chatShown):]
	for _, l := range lines {
		pw.wrap(l.Who+": "+l.Text, st.Move)
	}
}

// awayText is how long someone has been away, in minutes and seconds.
func awayText(d time.Duration) string {
	secs := int(max(d, 0) / time.Second)
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}
