package tui

import (
	"errors"
	"fmt"
	"sort"
	"strings"

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

// GameOptions say what game to start.
type GameOptions struct {
	Variant *rules.Variant
	Mode    match.Mode
	View    config.ViewChoice
	FEN     string // start position; empty for the variant's own
	// StartRandom: the start position was drawn at random among the
	// variant's numbered ones (Chess960), and the same again draws anew.
	StartRandom bool
	// Players says who plays each side (people by default; a Mode that
	// names the computer seats it at the default level). Clock is the
	// time control, none by default.
	Players [2]match.Player
	Clock   saves.TimeControl
	// Continue is a game to play on from its current position, moves and
	// clocks kept: a resumed unfinished game (Resume set) or a replayed
	// game. Unfinished is the resumed game's file, claimed by whoever
	// read it; the match takes it over and goes on writing it.
	Continue   *saves.SavedGame
	Resume     bool
	Unfinished *saves.Unfinished
	// ReplayFile opens the replay viewer on a PGN file instead of a
	// game; ReplayGame picks a game of a file of many (from 1).
	ReplayFile string
	ReplayGame int
}

// gameScreen is one view of a match: the board, the side panel and the
// dialogs over them. It plays for the sides it seats (both at one
// keyboard, the person's against the computer, none to watch), routes
// keys and clicks to the match and to its components (the prompt, the
// premoves, the look back through the game, the analysis, the served
// table, the save and leave dialogs), follows what the match tells, and
// draws. The components share the stage and never reach into one
// another.
type gameScreen struct {
	stage
	opts GameOptions
	help help.Model

	seen     int  // the match's note last told
	version  int  // the match's version last followed
	over     bool // the game was over when last followed
	ended    bool // it has ended since: the new game dialog opens
	turn     rules.Color
	legal    []rules.Move // legal moves now; none once the game is over
	captured [2][]rules.Piece

	board    boardView
	prompt   movePrompt
	moves    moveList
	hist     browser   // an earlier position shown instead of the live one
	drag     dragState // a piece dragged with the mouse
	an       gameAnalysis
	premoves premoving
	table    tableView
	answers  answers
	bell     bell
	copying  copying
	saving   saveDialogs
	leaving  leaving
}

// newGameScreen starts a match from options and the screen that plays it
// at this keyboard.
func newGameScreen(ctx *Context, opts GameOptions) (*gameScreen, error) {
	m, opts, err := newMatch(ctx, opts)
	if err != nil {
		return nil, err
	}
	var seats seating
	for c, p := range m.Players() {
		seats[c] = !p.Computer
	}
	return newGameView(ctx, m, seats, opts), nil
}

// newMatch sets up the match the options ask for.
func newMatch(ctx *Context, opts GameOptions) (*match.Match, GameOptions, error) {
	if opts.Variant == nil {
		opts.Variant = rules.Standard
	}
	g := rules.NewGame(opts.Variant)
	if opts.Continue != nil {
		g = opts.Continue.Game
		opts.Variant = g.Variant()
	} else if opts.FEN != "" {
		var err error
		if g, err = rules.NewGameFromFEN(opts.Variant, opts.FEN); err != nil {
			return nil, opts, err
		}
	}
	if p := opts.Players; !p[rules.White].Computer && !p[rules.Black].Computer && opts.Mode.Computer() {
		opts.Players = match.PlayersFor(opts.Mode, settingsLevel(ctx))
	}
	opts.Mode = match.ModeOf(opts.Players)
	mo := match.Options{
		Game: g, Players: opts.Players, Clock: opts.Clock,
		NewEngine: ctx.Services.NewEngine, Now: ctx.Services.Now,
	}
	if opts.Continue != nil {
		mo.Clocks = opts.Continue.Clocks
		mo.Comment, mo.Notes = opts.Continue.Comment, opts.Continue.Notes
		if opts.Resume {
			mo.Resumed = opts.Continue
		}
	}
	mo.File = opts.Unfinished
	opts.Unfinished = nil // the match's own from now on: copies of opts must not write it
	mo.SaveDir, _ = ctx.Settings.SaveDir()
	return match.New(mo), opts, nil
}

// newGameView is a screen following a match, moving for the sides it
// seats.
func newGameView(ctx *Context, m *match.Match, seats seating, opts GameOptions) *gameScreen {
	g := &gameScreen{opts: opts, help: newHelp(ctx.Styles)}
	s := &g.stage
	*s = stage{
		ctx:    ctx,
		keys:   ctx.Settings.Keys.Game,
		choice: ctx.Settings.Keys.Choice,
		pkeys:  ctx.Settings.Keys.Prompt,
		match:  m,
		seats:  seats,
		follow: g.follow,
	}
	g.prompt = newMovePrompt(ctx.Styles, g.pkeys)
	g.an = gameAnalysis{Board: analysis.NewBoard(ctx.Services.analysisEngine()), s: s}
	g.premoves = premoving{s: s, board: &g.board, prompt: &g.prompt}
	g.table = tableView{s: s}
	g.answers = answers{s: s}
	g.bell = bell{ctx: ctx}
	g.copying = copying{s}
	g.saving = saveDialogs{s}
	g.leaving = leaving{s: s, opts: &g.opts, board: &g.board, saving: g.saving}
	g.table.fitKeys()
	g.panel = matchPanel{ctx: ctx, keys: &g.keys, choice: g.choice, help: &g.help, match: m, mode: opts.Mode, seats: &g.seats, values: ai.PieceValues(m.Game().Variant())}
	g.seen, _ = m.Note()
	g.version = -1
	pos := m.Game().Position()
	g.board = newBoardView(opts.View.For(opts.Variant), pos)
	switch opts.Mode {
	case match.PlayWhite, match.PlayBlack:
		human := rules.White
		if seats[rules.Black] && !seats[rules.White] {
			human = rules.Black
		}
		g.board.flip = human == rules.Black
		g.board.cursor = pos.King(human)
	}
	g.follow()
	if g.turnsBoard() {
		g.board.flip = pos.SideToMove() == rules.Black
	}
	g.SetSize(ctx.Width, ctx.Height)
	return g
}

// turnsBoard says whether the board turns to the side to move: asked for
// in the settings, and only when both players share this screen.
func (g *gameScreen) turnsBoard() bool {
	return g.ctx.Settings.TurnBoard && g.seats[rules.White] && g.seats[rules.Black]
}

// start is called when the screen comes (back) on: the match goes on.
// A server's match goes on whatever one client shows.
func (g *gameScreen) start() tea.Cmd {
	if g.served() {
		g.follow()
		return nil
	}
	cmd := g.effects(g.match.Start())
	g.follow()
	return cmd
}

// leave is called when another screen covers this one: the engine stops
// and the clock stands still (not on a server, where the others play
// on); the analysis stops.
func (g *gameScreen) leave() {
	if !g.served() {
		g.match.Pause()
	}
	g.an.Stop()
}

// analysis is the screen's analysis, for its searches' messages.
func (g *gameScreen) analysis() *analysis.Board { return g.an.Board }

// SetSize lays the screen out again for a terminal size.
func (g *gameScreen) SetSize(w, h int) {
	bar := 0
	if g.an.On {
		bar = evalBarW
	}
	g.board.layoutBeside(w, h, bar)
	g.help.Width = w
	g.prompt.input.Width = max(8, g.board.frame.panelW-4)
}

func (g *gameScreen) relayout() { g.SetSize(g.ctx.Width, g.ctx.Height) }

// follow catches up with the match: after a change to the game, the
// legal moves, the prompt's suggestions and the selection; after a turn,
// each side's cursor; after a note, the message.
func (g *gameScreen) follow() {
	if v := g.match.Version(); v != g.version {
		g.version = v
		g.gameChanged()
		g.hist.follow(g.match)
	}
	if seq, n := g.match.Note(); seq != g.seen {
		g.seen = seq
		g.tell(n)
		g.bell.note(n, g.game().Position(), g.seats)
	}
	g.bell.clock(g.match, g.seats)
	if g.ended {
		// The game has just ended: what next, for a screen that plays.
		g.ended = false
		if d := g.dialog; !g.served() && (g.seats[rules.White] || g.seats[rules.Black]) && (d == nil || !savingDialog(d.name)) {
			g.dialog = g.leaving.newGame()
			g.dialog.passRest = true
		}
	}
	g.answers.follow()
}

// tell says what the match did; a hint also selects the piece and puts
// the cursor on its square, a premove played puts it where it went.
func (g *gameScreen) tell(n match.Note) {
	if m, ok := g.panel.said(n); ok {
		g.msg = m
	}
	switch n.Kind {
	case match.NotePremovePlayed:
		g.board.pointAt(n.Move.To())
	case match.NoteHint:
		if g.seats[n.Side] {
			g.dialog = nil
			g.board.selected = n.Move.From()
			g.board.pointAt(n.Move.To())
		}
	case match.NoteSavedAs, match.NoteSaveExists, match.NoteSaveNoFolder, match.NoteSaveFailed:
		g.saving.savedAs(n)
	}
}

// gameChanged refreshes what follows from the game after any change.
func (g *gameScreen) gameChanged() {
	game := g.game()
	over := game.Result().Over()
	g.ended = g.ended || over && !g.over && g.version > 0
	g.over = over
	g.legal = game.Legal()
	g.captured = game.Captured()
	g.board.selected = rules.NoSquare
	g.moves.scroll = 0
	pos := game.Position()
	g.prompt.follow(pos, g.legal, !g.served() || g.mine())
	if isPrompt(g.dialog) && g.mine() {
		// (a premove's prompt becomes the move's when the computer moves)
		g.prompt.becomeMove(g.dialog)
	}
	if len(game.Claimable()) > 0 {
		g.keys.Draw.SetHelp(g.keys.Draw.Help().Key, "claim draw")
	} else {
		g.keys.Draw.SetHelp(g.keys.Draw.Help().Key, "offer draw")
	}
	if now := pos.SideToMove(); now != g.turn {
		g.turnChanged(g.turn, now)
		g.turn = now
	}
}

// turnChanged keeps one cursor per side when both play at this screen.
func (g *gameScreen) turnChanged(before, now rules.Color) {
	if !g.seats[rules.White] || !g.seats[rules.Black] {
		return
	}
	b := &g.board
	b.cursors[before] = b.cursor
	b.cursor = b.cursors[now]
	if g.turnsBoard() {
		b.flip = !b.flip
		g.relayout()
	}
	b.aim()
}

// Update handles the match's reports, keys and clicks, and the
// analysis's searches; the analysis follows the position shown.
func (g *gameScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	if _, ok := msg.(analysisMsg); ok {
		cmd, _ := handleAnalysis(g.an.Board, msg)
		g.an.keep()
		return g, tea.Batch(cmd, g.followAnalysis())
	}
	s, cmd := g.update(msg)
	return s, tea.Batch(cmd, g.followAnalysis())
}

// followAnalysis keeps the analysis on the position shown.
func (g *gameScreen) followAnalysis() tea.Cmd {
	cmd, off := g.an.follow(g.hist.shown(g.match).Position())
	if off {
		g.relayout()
	}
	return cmd
}

func (g *gameScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	if cmd, ok := handleMatchMsg(g.match, msg); ok {
		g.follow()
		return g, cmd
	}
	switch msg := msg.(type) {
	case matchChangedMsg:
		g.follow()
		return g, nil
	case tea.KeyMsg:
		// Keys typed quickly arrive as one message with several runes;
		// outside the prompt each is a command of its own (":e4" opens the
		// prompt and types e4 into it).
		return g, splitKeys(msg, g.handleKey, g.typing)
	case tea.MouseMsg:
		if g.moves.wheel(msg) {
			return g, nil
		}
		return g, g.handleMouse(msg)
	}
	if g.dialog != nil {
		cmd, _, _ := g.dialog.update(msg, g.choice, g.pkeys)
		return g, cmd
	}
	return g, nil
}

// typing reports whether a line of text is being typed.
func (g *gameScreen) typing() bool { return g.dialog != nil && g.dialog.kind == inputDialog }

// matchChangedMsg tells the screen shown that the game being played
// changed (its report was handed to the match).
type matchChangedMsg struct{}

func (g *gameScreen) handleKey(msg tea.KeyMsg) tea.Cmd {
	if g.board.frame.tooSmall {
		switch {
		case key.Matches(msg, g.keys.Quit) && !g.match.Saves().Unsafe:
			// (A game on disk nowhere waits for a terminal large enough
			// to say so; ctrl+c quits all the same.)
			return tea.Quit
		case key.Matches(msg, g.keys.View):
			g.board.toggleView()
			g.relayout()
		}
		return nil
	}
	if d := g.dialog; d != nil {
		cmd, closed, passOn := d.update(msg, g.choice, g.pkeys)
		if closed && g.dialog == d {
			g.dialog = nil
		}
		if !passOn {
			return cmd
		}
	}
	k := g.keys
	b := &g.board
	if g.table.spectator(msg) || g.hist.key(msg, k) {
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		g.hist.step(g.match, -1)
		b.selected = rules.NoSquare
	case key.Matches(msg, k.Forward):
		g.hist.step(g.match, 1)
	case b.steer(msg, k.Up, k.Down, k.Left, k.Right):
	case key.Matches(msg, k.Select):
		return g.activate(b.cursor)
	case key.Matches(msg, k.Cancel):
		b.selected = rules.NoSquare
		g.msg = message{}
		if g.match.Premoves().Cancel() {
			g.msg.say("Premove cancelled.")
		}
	case key.Matches(msg, k.Type):
		return g.openPrompt()
	case key.Matches(msg, k.Undo) && g.served():
		return g.table.undo()
	case key.Matches(msg, k.Undo):
		return g.refused(g.match.Undo())
	case key.Matches(msg, k.Redo):
		return g.refused(g.match.Redo())
	case b.turn(msg, k.Flip, k.View):
		g.relayout()
	case key.Matches(msg, k.Draw) && g.served():
		return g.table.draw()
	case key.Matches(msg, k.Draw):
		return g.draw()
	case key.Matches(msg, k.Resign):
		return g.resign()
	case key.Matches(msg, k.New):
		if g.match.Saves().Unsafe {
			g.dialog = g.leaving.unsafe()
		} else {
			g.dialog = g.leaving.newGame()
		}
	case key.Matches(msg, k.Guide):
		return openGuide(g.game().Variant())
	case key.Matches(msg, k.Help):
		g.dialog = helpPage(g.ctx.Settings.Keys.Guide, k.Help, k.Cancel)
	case key.Matches(msg, k.Quit) && g.served():
		return g.table.quit()
	case key.Matches(msg, k.Quit):
		return g.leaving.quit(msg)
	case key.Matches(msg, k.MoveNow):
		return g.moveNow()
	case key.Matches(msg, k.Hint):
		return g.hint()
	case key.Matches(msg, k.Save) && g.served():
		g.copying.pgn()
	case key.Matches(msg, k.Save):
		return g.saving.open()
	case key.Matches(msg, k.Open) && g.served():
		return g.table.replay()
	case key.Matches(msg, k.Open):
		return openFiles()
	case key.Matches(msg, k.Copy):
		g.dialog = g.copying.dialog(func() string { return g.hist.shown(g.match).Position().FEN() })
	case key.Matches(msg, k.Chat):
		return g.table.chat()
	case key.Matches(msg, k.ScrollUp):
		g.moves.pageUp()
	case key.Matches(msg, k.ScrollDown):
		g.moves.pageDown()
	case key.Matches(msg, k.Analysis):
		cmd, toggled := g.an.toggle(g.hist.shown(g.match).Position())
		if toggled {
			g.relayout()
		}
		return cmd
	case key.Matches(msg, k.Review):
		return g.an.review()
	}
	return nil
}

// handleMouse: a click selects and moves as enter does; a piece may
// also be dragged, pressed on its square and released on another; a
// click on a move in the list shows the position after it.
func (g *gameScreen) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if g.board.frame.tooSmall {
		return nil
	}
	switch {
	case msg.Action == tea.MouseActionMotion && g.drag.on:
		g.board.click(msg.X, msg.Y) // the cursor follows the piece
		return nil
	case msg.Action == tea.MouseActionRelease && g.drag.on:
		return g.drop(msg)
	case msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft:
		return nil
	}
	g.drag = dragState{}
	if g.dialog != nil && g.dialog.kind != infoDialog && !g.dialog.passRest {
		return nil
	}
	g.dialog = nil
	f := &g.board.frame
	if out := g.panel.lines(g.panelState()); out.listTop >= 0 {
		// A move in the list: the position after it (the game's own
		// position for its last move).
		if n, ok := out.grid.plyAt(msg.X-f.panelX, msg.Y-f.panelY-out.listTop); ok && msg.X >= f.panelX {
			g.hist.goTo(g.match, n)
			g.board.selected = rules.NoSquare
			return nil
		}
	}
	s, ok := g.board.click(msg.X, msg.Y)
	if !ok {
		return nil
	}
	if g.hist.browsing() {
		g.hist.stop() // back to the game; the next click acts on it
		return nil
	}
	if s == g.board.selected {
		// Pressed on the piece already selected: a drag starts; released
		// where it was, it is a click, which lets the piece go.
		g.drag = dragState{on: true, from: s, again: true}
		return nil
	}
	cmd := g.activate(s)
	if g.board.selected == s {
		g.drag = dragState{on: true, from: s}
	}
	return cmd
}

// dragState is a piece being dragged with the mouse: pressed on from,
// not yet released.
type dragState struct {
	on    bool
	from  rules.Square
	again bool // from was selected before the press
}

// drop ends a drag: released on another square the piece moves there
// (or is queued to, while the computer thinks), as a second click would.
func (g *gameScreen) drop(msg tea.MouseMsg) tea.Cmd {
	d := g.drag
	g.drag = dragState{}
	s, ok := g.board.click(msg.X, msg.Y)
	switch {
	case g.board.selected != d.from:
		return nil // the selection changed meanwhile (the game moved on)
	case !ok:
		g.board.cursor = d.from
		return nil
	case s == d.from && d.again:
		return g.activate(s) // a click on the selected piece: let it go
	case s == d.from:
		return nil // a click: the piece stays selected for the next one
	}
	return g.activate(s)
}

// activate is enter on a square, or a click: select a piece of the side to
// move, play a move to a highlighted square, or say why not.
func (g *gameScreen) activate(s rules.Square) tea.Cmd {
	game := g.game()
	if g.watching() {
		g.msg.complain("You are watching this game.")
		return nil
	}
	if res := game.Result(); res.Over() {
		if g.served() {
			g.msg.complain("The game is over: %s. %s replays it.", resultText(res), config.FirstKey(g.keys.Open))
			return nil
		}
		g.msg.complain("The game is over: %s. %s takes a move back, %s starts a new game.", resultText(res), config.FirstKey(g.keys.Undo), config.FirstKey(g.keys.New))
		return nil
	}
	if !g.mine() {
		if side, ok := g.premoves.side(); ok {
			return g.premoves.activate(side, s)
		}
		g.msg.complain("%s", g.panel.notYourMove())
		return nil
	}
	selected := g.board.selected
	to, out := g.board.pick(s, squaresOf(g.legal))
	switch out {
	case pickedTarget:
		var moves []rules.Move
		for _, mv := range g.legal {
			if mv.From() == selected && mv.To() == s {
				moves = append(moves, mv)
			}
		}
		if len(moves) == 1 {
			return g.play(moves[0])
		}
		g.dialog = promotionDialog(game.Variant(), to, func(i int) tea.Cmd { return g.play(moves[i]) })
	case pickedNowhere:
		g.msg.complain("%s cannot go to %s. Choose a marked square, or %s.", pieceText(game, selected), s, config.FirstKey(g.keys.Cancel))
	case pickedNone:
		pc := game.Position().PieceAt(s)
		side := game.Position().SideToMove()
		switch {
		case pc == rules.NoPiece:
			g.msg.complain("%s is empty. Choose one of %s's pieces.", s, colourName(side))
		case pc.Color() != side:
			g.msg.complain("%s belongs to %s; %s to move.", pieceText(game, s), colourName(pc.Color()), colourName(side))
		default:
			g.msg.complain("%s has no legal move.", pieceText(game, s))
		}
	default:
		g.msg = message{}
	}
	return nil
}

// promotionDialog chooses the piece a pawn becomes among the targets
// picked; choose takes the one chosen.
func promotionDialog(v *rules.Variant, to []match.Premove, choose func(i int) tea.Cmd) *dialog {
	d := &dialog{kind: chooseDialog, name: "promotion", title: "Promote to:"}
	for _, p := range to {
		t := p.Promotion
		d.items = append(d.items, dialogItem{label: fmt.Sprintf("%c %s", t.Letter(), v.PieceName(t)), letter: rune(t.Letter())})
	}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel {
			return nil, false
		}
		return choose(a.index), false
	}
	return d
}

// pieceText names the piece on a square, to start a sentence: "The
// knight on b1".
func pieceText(game *rules.Game, s rules.Square) string {
	pc := game.Position().PieceAt(s)
	if pc == rules.NoPiece {
		return s.String()
	}
	return fmt.Sprintf("The %s on %s", strings.ToLower(game.Variant().PieceName(pc.Type())), s)
}

// play plays a move for the side to move; the cursor stays on the
// moved piece.
func (g *gameScreen) play(mv rules.Move) tea.Cmd {
	fx, err := g.match.Play(g.game().Position().SideToMove(), mv)
	if err != nil {
		g.msg.complain("%v", g.panel.refusal(err))
		return g.effects(fx)
	}
	g.board.pointAt(mv.To())
	g.dialog = nil
	return g.run(fx)
}

// openPrompt opens the prompt for a move, or, while the computer thinks,
// for a premove.
func (g *gameScreen) openPrompt() tea.Cmd {
	if g.gameOver() {
		return nil
	}
	// A player on a server may type while the opponent thinks; the move
	// is played with enter once it is theirs.
	if !g.mine() && !(g.served() && !g.watching()) {
		if side, ok := g.premoves.side(); ok {
			return g.premoves.openPrompt(side, g.submitMove)
		}
		g.msg.complain("%s", g.panel.notYourMove())
		return nil
	}
	g.dialog = g.prompt.open(g.submitMove)
	return g.dialog.open()
}

// submitMove plays a typed move; rules reads it and explains a refusal,
// which keeps the prompt open.
func (g *gameScreen) submitMove(d *dialog, text string) (tea.Cmd, bool) {
	if !g.mine() {
		d.problem = g.panel.notYourMove() + " Enter plays your move once it is yours."
		return nil, true
	}
	pos := g.game().Position()
	mv, err := pos.ParseMove(text)
	if err != nil {
		d.problem = g.panel.moveError(err, g.legal)
		return nil, true
	}
	fx, err := g.match.Play(pos.SideToMove(), mv)
	if err != nil {
		d.problem = g.panel.moveError(err, g.legal)
		return g.effects(fx), true
	}
	g.board.pointAt(mv.To())
	return g.run(fx), false
}

// moveError is rules' explanation plus, when it names no candidates,
// the legal moves to choose from.
func (g *matchPanel) moveError(err error, legal []rules.Move) string {
	text := g.refusal(err)
	var me *rules.MoveError
	if errors.As(err, &me) && len(me.Candidates) == 0 {
		pos := g.match.Game().Position()
		sans := make([]string, 0, len(legal))
		for _, mv := range legal {
			sans = append(sans, pos.SAN(mv))
		}
		sort.Strings(sans)
		text += ". Legal: " + strings.Join(sans, " ")
	}
	return text
}

// draw claims a draw that is open, or offers one.
func (g *gameScreen) draw() tea.Cmd {
	if g.gameOver() {
		return nil
	}
	side := g.game().Position().SideToMove()
	if g.opts.Mode.Computer() && (g.opts.Mode == match.ComputerVsComputer || !g.mine()) {
		return g.refused(g.match.OfferDraw(side))
	}
	if cmd, ok := g.claimDraw(); ok {
		return cmd
	}
	return g.refused(g.match.OfferDraw(side))
}

// resign asks, then resigns for the person against the computer, or
// for the side to move.
func (g *gameScreen) resign() tea.Cmd {
	if g.gameOver() {
		return nil
	}
	// Who resigns: the one side this screen plays, or the side to move.
	side, one := g.seats.side()
	if !one {
		side = g.game().Position().SideToMove()
	}
	q := fmt.Sprintf("Does %s resign?", colourName(side))
	if g.opts.Mode == match.PlayWhite || g.opts.Mode == match.PlayBlack || g.served() {
		q = "Do you resign?"
	}
	return g.ask(askResign, q, func() tea.Cmd { return g.refused(g.match.Resign(side)) })
}

// moveNow makes the engine move now, or sets it going again.
func (g *gameScreen) moveNow() tea.Cmd {
	s := g.match.Computer().Search()
	fx, res, err := g.match.Computer().MoveNow()
	if err != nil {
		return g.refused(fx, err)
	}
	if res == match.Hurried {
		g.msg.say("%s moves now.", engineName(g.match, s.Side))
	} else {
		g.msg = message{}
	}
	return g.run(fx)
}

// hint asks the engine what it would play; the answer selects the piece
// and puts the cursor on its square (tell, NoteHint).
func (g *gameScreen) hint() tea.Cmd {
	if !g.mine() && !g.game().Result().Over() {
		g.msg.complain("%s", g.panel.notYourMove())
		return nil
	}
	fx, err := g.match.Computer().Hint(g.game().Position().SideToMove())
	if err == nil && fx != nil {
		g.msg = message{}
	}
	return g.refused(fx, err)
}

func colourName(c rules.Color) string { return words.Capitalise(c.String()) }

func claimName(r rules.Reason) string {
	switch r {
	case rules.ThreefoldRepetition:
		return "threefold repetition"
	case rules.FiftyMoves:
		return "the 50-move rule"
	}
	return r.String()
}

// resultText is "1-0, White wins by checkmate" or "½-½, drawn by stalemate".
func resultText(r rules.Result) string {
	if r.Reason == rules.TimeForfeit {
		if r.Status == rules.Drawn {
			// the flag fell, but the other side had nothing to mate with
			return fmt.Sprintf("%s, drawn: time ran out, but the other side could not have mated", r.Status.PGN())
		}
		return fmt.Sprintf("%s, %s on time", r.Status.PGN(), r.Status)
	}
	return fmt.Sprintf("%s, %s by %s", r.Status.PGN(), r.Status, r.Reason)
}

func newHelp(st *board.Styles) help.Model {
	h := help.New()
	h.Styles = help.Styles{
		Ellipsis:       st.HelpSep,
		ShortKey:       st.HelpKey,
		ShortDesc:      st.HelpDesc,
		ShortSeparator: st.HelpSep,
		FullKey:        st.HelpKey,
		FullDesc:       st.HelpDesc,
		FullSeparator:  st.HelpSep,
	}
	return h
}
