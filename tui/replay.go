package tui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/analysis"
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
	walk  *analysis.Walk // the position shown, in the main line or a side line
	final rules.Result

	board boardView // its view, orientation and frame; no cursor is shown
	an    *analysis.Board

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
		sg: sg, walk: analysis.NewWalk(sg), final: sg.Game.Result(), speed: defaultReplaySpeed,
		an: analysis.NewBoard(ctx.Services.analysisEngine()),
	}
	if analysis.FromNotes(sg, r.an.NewReview(sg.Game)) == 0 {
		r.an.Review = nil // no evaluations in the file: nothing to show until asked
	}
	r.board.view = ctx.Settings.ViewFor(sg.Game.Variant()).For(sg.Game.Variant())
	if ctx.Table != nil {
		// A server's client plays nothing on from a replay (it would be a
		// game of the server's own) and saves nothing on its disk.
		r.keys.Continue.SetEnabled(false)
		r.keys.Save.SetEnabled(false)
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
	r.SetSize(ctx.Width, ctx.Height)
	return r
}

func (r *replayScreen) SetSize(w, h int) {
	r.board.layoutBeside(w, h, r.barW())
	r.help.Width = w
}

// barW is the room the evaluation bar takes left of the board.
func (r *replayScreen) barW() int {
	if r.an.On {
		return evalBarW
	}
	return 0
}

// analysis is the screen's analysis, for its searches' messages.
func (r *replayScreen) analysis() *analysis.Board { return r.an }

// game is the game at the position shown.
func (r *replayScreen) game() *rules.Game { return r.walk.Game() }

func (r *replayScreen) relayout() { r.SetSize(r.ctx.Width, r.ctx.Height) }

// ply is the number of moves of the line shown played to reach the
// position shown.
func (r *replayScreen) ply() int { return r.walk.Ply() }

// lineLen is the number of moves of the line shown.
func (r *replayScreen) lineLen() int { return len(r.walk.Line()) }

// goTo shows the position after n moves of the line shown.
func (r *replayScreen) goTo(n int) tea.Cmd {
	r.walk.GoTo(n)
	return r.follow()
}

// follow has the analysis look at the position shown.
func (r *replayScreen) follow() tea.Cmd {
	return runAnalysis(r.an, r.an.Show(r.walk.Position()))
}

// leave stops the autoplay and the engine when another screen takes
// over.
func (r *replayScreen) leave() {
	r.stopAuto()
	r.an.Stop()
}

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
		cmd := r.goTo(r.ply() + 1)
		if r.ply() >= r.lineLen() {
			r.stopAuto()
			return r, cmd
		}
		return r, tea.Batch(cmd, r.autoTick())
	case analysisProgressMsg, analysisDoneMsg:
		cmd, _ := handleAnalysis(r.an, msg)
		return r, cmd
	case replaySavedMsg:
		r.saved(msg)
		return r, nil
	case tea.MouseMsg:
		return r, r.mouse(msg)
	case tea.KeyMsg:
		if d := r.dialog; d != nil && d.kind == inputDialog {
			return r, r.key(msg) // a file name typed
		}
		return r, splitKeys(msg, r.key, nil)
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
		r.leave()
		return goBack()
	case key.Matches(msg, k.Prev):
		r.stopAuto()
		return r.goTo(r.ply() - 1)
	case key.Matches(msg, k.Next):
		r.stopAuto()
		return r.goTo(r.ply() + 1)
	case key.Matches(msg, k.Start):
		r.stopAuto()
		r.walk.Home()
		return r.follow()
	case key.Matches(msg, k.End):
		r.stopAuto()
		return r.goTo(r.lineLen())
	case key.Matches(msg, k.SideLine):
		r.stopAuto()
		if !r.walk.Enter() {
			r.message = "No side line here: none was given instead of this move."
		}
		return r.follow()
	case key.Matches(msg, k.MainLine):
		r.stopAuto()
		if !r.walk.Leave() {
			r.message = "This is the game's own line."
		}
		return r.follow()
	case key.Matches(msg, k.Analysis):
		cmd := runAnalysis(r.an, r.an.Toggle(r.walk.Position()))
		r.relayout()
		return cmd
	case key.Matches(msg, k.Review):
		if r.an.Reviewing {
			return runAnalysis(r.an, r.an.StopReview())
		}
		return runAnalysis(r.an, r.an.StartReview(r.sg.Game))
	case key.Matches(msg, k.NextMistake), key.Matches(msg, k.PrevMistake):
		r.stopAuto()
		return r.toMistake(key.Matches(msg, k.NextMistake))
	case key.Matches(msg, k.Save):
		r.stopAuto()
		r.dialog = r.saveDialog()
		return r.dialog.open()
	case key.Matches(msg, k.Auto):
		if r.auto {
			r.stopAuto()
			return nil
		}
		var cmd tea.Cmd
		if r.ply() >= r.lineLen() {
			cmd = r.goTo(0)
		}
		r.auto = true
		r.autoSeq++
		return tea.Batch(cmd, r.autoTick())
	case key.Matches(msg, k.Faster):
		r.speed = max(0, r.speed-1)
	case key.Matches(msg, k.Slower):
		r.speed = min(len(replaySpeeds)-1, r.speed+1)
	case key.Matches(msg, k.Continue):
		r.stopAuto()
		r.dialog = r.continueDialog()
	case r.board.turn(msg, k.Flip, k.View):
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

// toMistake shows the position after the next (or previous) move the
// review judged an inaccuracy or worse, on the main line.
func (r *replayScreen) toMistake(next bool) tea.Cmd {
	rv := r.an.Review
	if rv == nil {
		r.message = fmt.Sprintf("No mistakes marked yet: %s analyses the game.", config.FirstKey(r.keys.Review))
		return nil
	}
	from := r.walk.MainPly() - 1 // the move that led here
	if from < -1 {
		from = -1
	}
	var i int
	if next {
		i = rv.NextMistake(from)
	} else {
		i = rv.PrevMistake(max(from, 0))
	}
	if i < 0 {
		r.message = "No inaccuracy, mistake or blunder found."
		return nil
	}
	r.walk.Home()
	return r.goTo(i + 1)
}

// continuation is the game to go on with from the position shown: its
// moves up to there replayed from its start, null moves too, the moves
// after it dropped. A game another program went on with after the rules
// ended it (an automatic draw) cannot go on with that record: from a
// position past the draw it goes on from the position alone, as a new
// game, and drawn says where the rules drew it.
func (r *replayScreen) continuation() (g *rules.Game, drawn string, err error) {
	v := r.game().Variant()
	g, err = rules.NewGameFromFEN(v, r.game().StartFEN())
	if err != nil {
		return nil, "", err
	}
	for _, rec := range r.game().History() {
		if res := g.Result(); res.Over() {
			drawn = fmt.Sprintf("after %s (%s)", moveLabel(g), res.Reason)
			g, err = rules.NewGameFromFEN(v, r.game().Position().FEN())
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
	return rec.Numbered() + rec.SAN
}

// continueAs starts a live game from the position shown (continuation).
func (r *replayScreen) continueAs(players [2]match.Player) tea.Cmd {
	v := r.game().Variant()
	g, _, err := r.continuation()
	if err != nil {
		r.message = err.Error()
		return nil
	}
	if g.Result().Over() {
		r.message = fmt.Sprintf("The game is over here (%s); step back to continue from an earlier position.", resultText(g.Result()))
		return nil
	}
	cont := &saves.SavedGame{Game: g}
	if n := r.walk.MainPly(); n >= 0 && g.Len() == n {
		// From the game's own line its comments go on with it.
		cont.Comment = r.sg.Comment
		cont.Notes = r.sg.Notes[:min(n, len(r.sg.Notes))]
	}
	return startGame(GameOptions{Variant: v, View: r.board.choice(), Players: players, Continue: cont})
}

// mouse: a click on a move jumps there; the wheel steps.
func (r *replayScreen) mouse(msg tea.MouseMsg) tea.Cmd {
	if r.board.frame.tooSmall || msg.Action != tea.MouseActionPress {
		return nil
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		r.stopAuto()
		return r.goTo(r.ply() - 1)
	case tea.MouseButtonWheelDown:
		r.stopAuto()
		return r.goTo(r.ply() + 1)
	case tea.MouseButtonLeft:
		pl := r.panel()
		if n, ok := pl.grid.plyAt(msg.X-r.board.frame.panelX, msg.Y-r.board.frame.panelY-pl.listTop); ok && pl.listTop >= 0 {
			r.stopAuto()
			return r.goTo(n)
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

// The move list's room: what the panel shows above it gives way until
// the list has wantListRows rows (or all of its own), and it is left out
// below minListRows.
const (
	minListRows  = 3
	wantListRows = 6
)

// panel draws the side panel, leaving out the least needed parts until
// the move list has room.
func (r *replayScreen) panel() replayPanel {
	want := min(wantListRows, (r.lineLen()+1)/2+1)
	if r.an.On || r.an.Review != nil {
		want = min(want, minListRows+1) // the analysis matters more than the moves around
	}
	var pl replayPanel
	for level := 0; level <= maxPanelLevel; level++ {
		var top int
		pl, top = r.panelAt(level)
		if pl.listTop < 0 && top == 0 {
			break // a page of help
		}
		if r.board.frame.panelH-top-1 >= want {
			break
		}
	}
	return pl
}

// maxPanelLevel is how many times the panel can give up a part.
const maxPanelLevel = 6

// panelAt draws the panel giving up parts by level: 1 the tags but the
// players, 2 the file's name and the autoplay line, 3 half the graph
// and the comment's length, 4 the second and third best lines, 5 the
// graph, 6 the players. It returns the panel and the rows above the
// move list.
func (r *replayScreen) panelAt(level int) (replayPanel, int) {
	st := r.ctx.Styles
	w, h := r.board.frame.panelW, r.board.frame.panelH
	p := &panelWriter{width: w}
	shown := r.game()
	v := shown.Variant()
	p.line(st.Title.Render(words.Truncate("Replay · "+v.Name, w)))
	if level < 2 {
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
	}
	if d := r.dialog; d != nil && d.name == "help" {
		var all []string
		for _, group := range r.keys.FullHelp() {
			all = append(append(all, keyLines(st, group, w)...), "")
		}
		all = append(all, st.Subtle.Render("Click a move to jump to it."))
		p.blank()
		return replayPanel{lines: append(p.lines, d.page(st, all, h-len(p.lines), w)...), listTop: -1}, 0
	}
	tags := r.sg.Tags
	switch {
	case level == 0:
		p.blank()
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
	case level < 6:
		players := fmt.Sprintf("%s v %s · %s", tagOr(tags, "White", "White"), tagOr(tags, "Black", "Black"), r.final.Status.PGN())
		p.line(words.Truncate(players, w))
	}
	gap := func() { // blank lines between parts, while there is room
		if level < 3 {
			p.blank()
		}
	}
	gap()

	n := r.ply()
	pos := shown.Position()
	status := fmt.Sprintf("Ply %d of %d", n, r.lineLen())
	if e, ok := r.walk.Current(); ok {
		status += " · after " + recordLabel(e.Record)
	} else {
		status += " · start position"
	}
	p.wrap(status, st.Bold)
	if r.walk.InSideLine() {
		at, which, of := r.walk.SideLineStart()
		first := r.walk.Line()[at].Record
		text := fmt.Sprintf("Side line %d of %d from %s", which+1, of, recordLabel(first))
		if r.walk.Depth() > 1 {
			text = fmt.Sprintf("Side line (%d deep) %d of %d from %s", r.walk.Depth(), which+1, of, recordLabel(first))
		}
		p.wrap(text+" · "+config.FirstKey(r.keys.MainLine)+" returns", st.Accent)
	}
	if res := shown.Result(); res.Over() && n == r.lineLen() {
		p.wrap("Game over: "+resultText(res), st.Warning)
	} else if pos.InCheck() {
		p.line(st.Warning.Render("Check!"))
	}
	if line := r.clockLine(); line != "" {
		p.line(line)
	}
	if level < 2 {
		auto := "off"
		if r.auto {
			auto = "on"
		}
		p.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("Autoplay %s · %s a move (%s/%s)", auto, speedText(replaySpeeds[r.speed]), config.FirstKey(r.keys.Faster), config.FirstKey(r.keys.Slower)), w)))
	}
	r.notePanel(p, level, gap)
	if r.an.On {
		gap()
		lines := analysis.MultiPV
		if level >= 4 {
			lines = 1
		}
		analysisPanel(p, st, r.an, pos, "· thinking", lines)
	} else if score, ok := r.an.Score(pos, r.walk.MainPly()); ok {
		p.line(st.Subtle.Render("Evaluation ") + analysis.ScoreText(score))
	}
	if r.an.Review != nil {
		gap()
		rows := 4
		switch {
		case level >= 5:
			rows = 0
		case level >= 3:
			rows = 2
		case h >= 40:
			rows = 6
		}
		reviewPanel(p, st, r.an, r.keys.Review, r.walk.MainPly(), rows)
	}
	if d := r.dialog; d != nil && d.name == "continue" {
		d.lines(p, st, r.ctx.Settings.Keys.Choice)
	}
	if d := r.dialog; d != nil && d.draw != nil && d.name != "continue" {
		d.draw(p)
	}
	if r.message != "" {
		p.wrap(r.message, st.Error)
	}
	gap()
	top := len(p.lines)
	rows := h - top - 1
	if rows < minListRows {
		return replayPanel{lines: p.fit(h), listTop: -1}, top
	}
	header := "Moves"
	if r.walk.InSideLine() {
		header = "Moves · with the side line"
	}
	p.line(st.Bold.Render(header))
	records := r.walk.Records()
	grid := layoutMoves(records, n, rows, 0)
	p.lines = append(p.lines, grid.linesMarked(st, records, n, moveMarks(st, r.walk.Line(), r.an.Review))...)
	return replayPanel{lines: p.fit(h), listTop: top + 1, grid: grid}, top
}

// notePanel shows what the game's text says of the position shown: the
// opening comment at the start, else the move's glyphs and comments, and
// the side lines given instead of it.
func (r *replayScreen) notePanel(p *panelWriter, level int, gap func()) {
	st := r.ctx.Styles
	maxLines := 6
	if level >= 3 {
		maxLines = 3
	}
	if level >= 5 {
		maxLines = 2
	}
	var text string
	e, ok := r.walk.Current()
	if !ok {
		text = displayComment(r.walk.Comment())
	} else if n := e.Note(); n != nil {
		var glyphs []string
		for _, nag := range n.NAGs {
			glyphs = append(glyphs, saves.NAGGlyph(nag))
		}
		parts := []string{displayComment(n.Before), displayComment(n.Comment)}
		if len(glyphs) > 0 {
			parts = append([]string{e.Record.SAN + strings.Join(glyphs, " ")}, parts...)
		}
		text = strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
	}
	alts := r.walk.Alternatives()
	if text == "" && len(alts) == 0 {
		return
	}
	gap()
	if text != "" {
		wp := &panelWriter{width: p.width}
		wp.wrap(text, st.Move)
		lines := wp.lines
		if len(lines) > maxLines {
			lines = append(lines[:maxLines-1:maxLines-1], words.Truncate(lines[maxLines-1]+" …", p.width))
		}
		for _, l := range lines {
			p.line(st.Accent.Render(l))
		}
	}
	if len(alts) > 0 {
		before := r.walk.Before() // the alternatives start a move earlier
		p.line(st.Subtle.Render(words.Truncate(fmt.Sprintf("Instead (%s):", config.FirstKey(r.keys.SideLine)), p.width)))
		for i, v := range alts {
			if i == 3 {
				p.line(st.Subtle.Render(fmt.Sprintf("  and %d more", len(alts)-3)))
				break
			}
			p.line(words.Truncate("  "+analysis.LineSAN(before, v.Moves()), p.width))
		}
	}
}

// commentCommands are a comment's [%...] commands, which programs read
// and people do not.
var commentCommands = regexp.MustCompile(`\[%[^\]]*\]`)

// displayComment is a comment as people read it: without its commands.
func displayComment(s string) string {
	return strings.Join(strings.Fields(commentCommands.ReplaceAllString(s, " ")), " ")
}

// recordLabel names a move with its number: "12. Nf3", "12... Nc6".
func recordLabel(rec rules.Record) string { return rec.Numbered() + " " + rec.SAN }

// tagOr is a tag's value, or def when it is missing or unknown.
func tagOr(tags saves.Tags, name, def string) string {
	if v := strings.TrimSpace(tags.Get(name)); v != "" && v != "?" {
		return v
	}
	return def
}

// clockLine shows each side's clock as the last %clk before the
// position shown gives it (on the main line).
func (r *replayScreen) clockLine() string {
	clocks := r.sg.Clocks
	if clocks == nil {
		return ""
	}
	main := r.walk.Main()
	ply := r.walk.MainPly()
	if ply < 0 {
		ply, _, _ = r.walk.SideLineStart()
	}
	var times [2]time.Duration
	have := [2]bool{}
	for i := 0; i < ply && i < len(clocks) && i < len(main); i++ {
		if clocks[i] >= 0 {
			c := main[i].Record.Color()
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
	pos := r.game().Position()
	hl := lastMoveHighlights(pos)
	boardLines := strings.Split(board.Render(pos, &hl, f.board, st), "\n")
	panel := r.panel().lines

	bindings := r.keys.ShortHelp()
	if d := r.dialog; d != nil && d.name == "continue" {
		bindings = r.ckeys.ShortHelp()
	}
	help := shortHelp(r.help, bindings)
	if d := r.dialog; d != nil && d.name == "save" {
		in := &d.input
		in.Width = max(8, f.width-len(in.Prompt)-2)
		help = in.View()
	}
	if r.an.On {
		score, known := r.an.Score(pos, r.walk.MainPly())
		frame := *f
		return frame.composeBar(evalBar(st, score, known, len(boardLines), r.board.flip), boardLines, panel, help)
	}
	return f.compose(boardLines, panel, help)
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
