package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// replayScreen shows a saved game move by move: step, jump, click a
// move, play it back at a chosen speed, and continue from any position
// as a live game.
type replayScreen struct {
	ctx   *Context
	keys  config.ReplayKeys
	ckeys config.ContinueKeys // the continue dialog's
	help  help.Model

	sg    *saves.SavedGame
	game  *rules.Game // walked with Undo and Redo
	line  []rules.Record
	final rules.Result

	board boardView // its view, orientation and frame; no cursor is shown

	auto    bool
	speed   int // index into replaySpeeds
	autoSeq int

	dialog  *dialog // every key's help, or who continues the game
	level   int     // index into ai.Levels for continuing against the computer
	message string
}

// replaySpeeds are the autoplay's times a move, fastest first.
var replaySpeeds = []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}

const defaultReplaySpeed = 2

type replayTickMsg struct{ seq int }

func newReplayScreen(ctx *Context, sg *saves.SavedGame) *replayScreen {
	r := &replayScreen{
		ctx: ctx, keys: ctx.Settings.Keys.Replay, ckeys: ctx.Settings.Keys.Continue, help: newHelp(ctx.Styles),
		sg: sg, game: sg.Game, line: sg.Game.Line(), speed: defaultReplaySpeed,
	}
	r.board.view = ctx.Settings.ViewFor(sg.Game.Variant()).For(sg.Game.Variant())
	if ctx.Table != nil {
		// A server's client plays nothing on from a replay: it would be a
		// game of the server's own.
		r.keys.Continue.SetEnabled(false)
	}
	// Continuing against the computer offers the level it played at.
	want := settingsLevel(ctx).Name
	for _, p := range match.PlayersFromTags(sg.Tags) {
		if p.Computer {
			want = p.Level.Name
		}
	}
	for i, l := range ai.Levels() {
		if l.Name == want {
			r.level = i
		}
	}
	r.goTo(len(r.line))
	r.final = r.game.Result()
	r.goTo(0)
	r.SetSize(ctx.Width, ctx.Height)
	return r
}

func (r *replayScreen) SetSize(w, h int) {
	r.board.layout(w, h)
	r.help.Width = w
}

func (r *replayScreen) relayout() { r.SetSize(r.ctx.Width, r.ctx.Height) }

// ply is the number of moves played to reach the position shown.
func (r *replayScreen) ply() int { return r.game.Len() }

// goTo shows the position after n moves.
func (r *replayScreen) goTo(n int) {
	n = max(0, min(n, len(r.line)))
	for r.ply() > n && r.game.Undo() {
	}
	for r.ply() < n && r.game.Redo() {
	}
}

// leave stops the autoplay when another screen takes over.
func (r *replayScreen) leave() { r.stopAuto() }

func (r *replayScreen) stopAuto() {
	r.auto = false
	r.autoSeq++
}

func (r *replayScreen) autoTick() tea.Cmd {
	seq := r.autoSeq
	return tea.Tick(replaySpeeds[r.speed], func(time.Time) tea.Msg { return replayTickMsg{seq} })
}

func (r *replayScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case replayTickMsg:
		if !r.auto || msg.seq != r.autoSeq {
			return r, nil
		}
		r.goTo(r.ply() + 1)
		if r.ply() >= len(r.line) {
			r.stopAuto()
			return r, nil
		}
		return r, r.autoTick()
	case tea.MouseMsg:
		return r, r.mouse(msg)
	case tea.KeyMsg:
		return r, r.key(msg)
	}
	return r, nil
}

func (r *replayScreen) key(msg tea.KeyMsg) tea.Cmd {
	k := r.keys
	if d := r.dialog; d != nil {
		cmd, closed, passOn := d.update(msg, r.ctx.Settings.Keys.Choice, r.ctx.Settings.Keys.Prompt)
		if closed && r.dialog == d {
			r.dialog = nil
		}
		if !passOn {
			return cmd
		}
	}
	r.message = ""
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Back):
		r.stopAuto()
		return goBack()
	case key.Matches(msg, k.Prev):
		r.stopAuto()
		r.goTo(r.ply() - 1)
	case key.Matches(msg, k.Next):
		r.stopAuto()
		r.goTo(r.ply() + 1)
	case key.Matches(msg, k.Start):
		r.stopAuto()
		r.goTo(0)
	case key.Matches(msg, k.End):
		r.stopAuto()
		r.goTo(len(r.line))
	case key.Matches(msg, k.Auto):
		if r.auto {
			r.stopAuto()
			return nil
		}
		if r.ply() >= len(r.line) {
			r.goTo(0)
		}
		r.auto = true
		r.autoSeq++
		return r.autoTick()
	case key.Matches(msg, k.Faster):
		r.speed = max(0, r.speed-1)
	case key.Matches(msg, k.Slower):
		r.speed = min(len(replaySpeeds)-1, r.speed+1)
	case key.Matches(msg, k.Continue):
		r.stopAuto()
		r.dialog = r.continueDialog()
	case key.Matches(msg, k.Flip):
		r.board.flip = !r.board.flip
		r.relayout()
	case key.Matches(msg, k.View):
		r.board.toggleView()
		r.relayout()
	case key.Matches(msg, k.Help):
		r.dialog = helpPage(r.ctx.Settings.Keys.Guide, k.Help, k.Back)
	}
	return nil
}

// continueDialog asks who plays on from the position shown.
func (r *replayScreen) continueDialog() *dialog {
	k := r.ckeys
	d := &dialog{kind: actDialog, name: "continue", items: []dialogItem{{key: k.TwoPlayers}, {key: k.White}, {key: k.Black}, {key: k.Level}, {key: k.Cancel}}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		levels := ai.Levels()
		level := levels[r.level]
		switch a.index {
		case 0:
			return r.continueAs([2]match.Player{}), false
		case 1:
			return r.continueAs([2]match.Player{match.Human, match.ComputerAt(level)}), false
		case 2:
			return r.continueAs([2]match.Player{match.ComputerAt(level), match.Human}), false
		case 3:
			r.level = (r.level + 1) % len(levels)
			return nil, true
		}
		return nil, false
	}
	_, drawn, _ := r.continuation()
	d.draw = func(p *panelWriter) {
		st := r.ctx.Styles
		w := p.width
		p.blank()
		p.wrap("Continue from this position as a live game:", st.Warning)
		if drawn != "" {
			p.wrap("The rules drew this game "+drawn+"; it goes on from this position as a new game.", st.Subtle)
		}
		level := ai.Levels()[r.level]
		option := func(b key.Binding, text string) string { return fmt.Sprintf("%-2s %s", config.FirstKey(b), text) }
		p.line(words.Truncate(option(k.TwoPlayers, "two players"), w))
		p.line(words.Truncate(option(k.White, "you play White v "+match.EngineName(level)), w))
		p.line(words.Truncate(option(k.Black, "you play Black v "+match.EngineName(level)), w))
		p.wrap(option(k.Level, "change the level · ")+config.FirstKey(k.Cancel)+" cancel", st.Subtle)
		p.wrap(level.Explanation, st.Subtle)
	}
	return d
}

// continuation is the game to go on with from the position shown: its
// moves up to there replayed from its start, null moves too, the moves
// after it dropped. A game another program went on with after the rules
// ended it (an automatic draw) cannot go on with that record: from a
// position past the draw it goes on from the position alone, as a new
// game, and drawn says where the rules drew it.
func (r *replayScreen) continuation() (g *rules.Game, drawn string, err error) {
	v := r.game.Variant()
	g, err = rules.NewGameFromFEN(v, r.game.StartFEN())
	if err != nil {
		return nil, "", err
	}
	for _, rec := range r.game.History() {
		if res := g.Result(); res.Over() {
			drawn = fmt.Sprintf("after %s (%s)", moveLabel(g), res.Reason)
			g, err = rules.NewGameFromFEN(v, r.game.Position().FEN())
			return g, drawn, err
		}
		if rec.Move == rules.NullMove {
			err = g.PlayNull()
		} else {
			err = g.Play(rec.Move)
		}
		if err != nil {
			return nil, "", err
		}
	}
	return g, "", nil
}

// moveLabel names a game's last move: "8...Ng8", or "the start".
func moveLabel(g *rules.Game) string {
	n := g.Len()
	if n == 0 {
		return "the start"
	}
	rec := g.History()[n-1]
	dots := "."
	if rec.Color() == rules.Black {
		dots = "..."
	}
	return fmt.Sprintf("%d%s%s", rec.MoveNumber(), dots, rec.SAN)
}

// continueAs starts a live game from the position shown (continuation).
func (r *replayScreen) continueAs(players [2]match.Player) tea.Cmd {
	v := r.game.Variant()
	g, _, err := r.continuation()
	if err != nil {
		r.message = err.Error()
		return nil
	}
	if g.Result().Over() {
		r.message = fmt.Sprintf("The game is over here (%s); step back to continue from an earlier position.", resultText(g.Result()))
		return nil
	}
	return startGame(GameOptions{Variant: v, View: r.board.choice(), Players: players, Continue: &saves.SavedGame{Game: g}})
}

// mouse: a click on a move jumps there; the wheel steps.
func (r *replayScreen) mouse(msg tea.MouseMsg) tea.Cmd {
	if r.board.frame.tooSmall || msg.Action != tea.MouseActionPress {
		return nil
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		r.stopAuto()
		r.goTo(r.ply() - 1)
	case tea.MouseButtonWheelDown:
		r.stopAuto()
		r.goTo(r.ply() + 1)
	case tea.MouseButtonLeft:
		pl := r.panel()
		if n, ok := pl.grid.plyAt(msg.X-r.board.frame.panelX, msg.Y-r.board.frame.panelY-pl.listTop); ok && pl.listTop >= 0 {
			r.stopAuto()
			r.goTo(n)
		}
	}
	return nil
}

// replayPanel is the side panel and where its move list starts, so
// clicks land on the moves drawn.
type replayPanel struct {
	lines   []string
	listTop int // panel row of the move list's first line; -1 without one
	grid    moveGrid
}

func (r *replayScreen) panel() replayPanel {
	st := r.ctx.Styles
	w, h := r.board.frame.panelW, r.board.frame.panelH
	p := &panelWriter{width: w}
	v := r.game.Variant()
	p.line(st.Title.Render(words.Truncate("Replay · "+v.Name, w)))
	source := "a saved game"
	if r.ctx.Table != nil {
		source = "the game played here"
	}
	if r.sg.File != "" {
		source = filepath.Base(r.sg.File)
		if r.sg.Number > 1 {
			source += fmt.Sprintf(" · game %d", r.sg.Number)
		}
	}
	p.line(st.Subtle.Render(words.Truncate(source, w)))
	if d := r.dialog; d != nil && d.name == "help" {
		p.blank()
		help := &panelWriter{width: w}
		for _, group := range r.keys.FullHelp() {
			help.lines = append(help.lines, keyLines(st, group, w)...)
			help.blank()
		}
		help.wrap("Click a move to jump to it.", st.Subtle)
		return replayPanel{lines: append(p.lines, d.page(st, help.lines, h-len(p.lines), w)...), listTop: -1}
	}
	p.blank()
	tags := r.sg.Tags
	for _, name := range []string{"Event", "Site", "Date", "White", "Black", "Result", "TimeControl"} {
		val := strings.TrimSpace(tags.Get(name))
		label := name
		switch name {
		case "Result":
			val = r.final.String()
			if !r.final.Over() {
				val = "* (unfinished)"
			}
		case "TimeControl":
			label, val = "Clock", timeControlText(val)
		}
		if val == "" || val == "?" || val == "????.??.??" || val == "-" {
			continue
		}
		p.line(st.Subtle.Render(fmt.Sprintf("%-8s ", label)) + words.Truncate(val, w-9))
	}
	p.blank()

	n := r.ply()
	pos := r.game.Position()
	status := fmt.Sprintf("Ply %d of %d", n, len(r.line))
	if n > 0 {
		rec := r.line[n-1]
		dots := "."
		if rec.Color() == rules.Black {
			dots = "..."
		}
		status += fmt.Sprintf(" · after %d%s %s", rec.MoveNumber(), dots, rec.SAN)
	} else {
		status += " · start position"
	}
	p.wrap(status, st.Bold)
	if res := r.game.Result(); res.Over() {
		p.wrap("Game over: "+resultText(res), st.Warning)
	} else if pos.InCheck() {
		p.line(st.Warning.Render("Check!"))
	}
	if line := r.clockLine(); line != "" {
		p.line(line)
	}
	auto := "off"
	if r.auto {
		auto = "on"
	}
	p.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("Autoplay %s · %s a move (%s/%s)", auto, speedText(replaySpeeds[r.speed]), config.FirstKey(r.keys.Faster), config.FirstKey(r.keys.Slower)), w)))
	if d := r.dialog; d != nil && d.name == "continue" {
		d.lines(p, st, r.ctx.Settings.Keys.Choice)
	}
	if r.message != "" {
		p.wrap(r.message, st.Error)
	}
	p.blank()
	rows := h - len(p.lines) - 1
	if rows <= 0 {
		return replayPanel{lines: p.fit(h), listTop: -1}
	}
	p.line(st.Bold.Render("Moves"))
	top := len(p.lines)
	grid := layoutMoves(r.line, n, rows, 0)
	p.lines = append(p.lines, grid.lines(st, r.line, n)...)
	return replayPanel{lines: p.fit(h), listTop: top, grid: grid}
}

// clockLine shows each side's clock as the last %clk before the
// position shown gives it.
func (r *replayScreen) clockLine() string {
	clocks := r.sg.Clocks
	if clocks == nil {
		return ""
	}
	var times [2]time.Duration
	have := [2]bool{}
	for i := 0; i < r.ply() && i < len(clocks) && i < len(r.line); i++ {
		if clocks[i] >= 0 {
			c := r.line[i].Color()
			times[c], have[c] = clocks[i], true
		}
	}
	var parts []string
	for c := rules.White; c <= rules.Black; c++ {
		t := "-"
		if have[c] {
			t = clockText(times[c])
		}
		parts = append(parts, fmt.Sprintf("%s %s", words.Capitalise(colourName(c)), t))
	}
	return strings.Join(parts, "  ")
}

// timeControlText writes a PGN TimeControl ("300+3") as people do.
func timeControlText(tag string) string {
	if tc, ok := saves.TimeControlFromTag(tag); ok {
		return tc.String()
	}
	return tag
}

func speedText(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%.2g s", d.Seconds())
	}
	return fmt.Sprintf("%g s", d.Seconds())
}

func (r *replayScreen) View() string {
	f := &r.board.frame
	st := r.ctx.Styles
	if f.tooSmall {
		return tooSmallView(st, f.width, f.height, f.needW, f.needH, r.board.view, config.GameKeys{View: r.keys.View, Quit: r.keys.Quit})
	}
	pos := r.game.Position()
	hl := lastMoveHighlights(pos)
	boardLines := strings.Split(board.Render(pos, &hl, f.board, st), "\n")
	panel := r.panel().lines

	bindings := r.keys.ShortHelp()
	if d := r.dialog; d != nil && d.name == "continue" {
		bindings = r.ckeys.ShortHelp()
	}
	return f.compose(boardLines, panel, shortHelp(r.help, bindings))
}

// openReplayFile is `varia replay FILE [--game N]`: the file's games
// are listed as the program starts (with its progress shown for a long
// file), then the game named, or the only one, opens in the viewer in
// the list's place; a file of several without --game stays a list to
// choose from.
func openReplayFile(ctx *Context, path string, number int) screen {
	o := newOpenScreen(ctx, "", filepath.Dir(path))
	o.pending = &pendingList{path: path, want: number}
	return o
}
