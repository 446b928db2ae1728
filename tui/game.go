package tui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/ai/review"
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
// keys and clicks to the match and to its own cursor and dialogs, and
// follows what the match tells.
type gameScreen struct {
	ctx    *Context
	opts   GameOptions
	keys   config.GameKeys
	choice config.ChoiceKeys
	pkeys  config.PromptKeys
	help   help.Model

	match    *match.Match
	seats    [2]bool // the sides this screen moves for
	seen     int     // the match's note last told
	version  int     // the match's version last followed
	over     bool    // the game was over when last followed
	ended    bool    // it has ended since: the new game dialog opens
	lowRung  [2]bool // the bell rang for each side's clock under lowTime
	turn     rules.Color
	legal    []rules.Move // legal moves now; none once the game is over
	captured [2][]rules.Piece

	board  boardView
	panel  matchPanel
	prompt textinput.Model // the typed-move prompt, with examples of legal moves
	sans   []string        // the legal moves' SAN, sorted
	dialog *dialog
	moves  moveList
	hist   browser   // an earlier position shown instead of the live one
	drag   dragState // a piece dragged with the mouse
	msg    message   // the last thing said
	an     *analysis.Board
	kept   *review.Review // the review whose marks the game's record holds

	answered int           // the last proposal (draw offer, takeback request) this screen asked about
	acting   []key.Binding // a spectator's keys that would act on the game, were it playing
}

// message is the last thing a screen said: what happened, or (err) why
// what was asked for was not done.
type message struct {
	text string
	err  bool
}

func (m *message) say(format string, args ...any) {
	*m = message{fmt.Sprintf(format, args...), false}
}

func (m *message) complain(format string, args ...any) {
	*m = message{fmt.Sprintf(format, args...), true}
}

// newGameScreen starts a match from options and the screen that plays it
// at this keyboard.
func newGameScreen(ctx *Context, opts GameOptions) (*gameScreen, error) {
	m, opts, err := newMatch(ctx, opts)
	if err != nil {
		return nil, err
	}
	var seats [2]bool
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
func newGameView(ctx *Context, m *match.Match, seats [2]bool, opts GameOptions) *gameScreen {
	g := &gameScreen{
		ctx:    ctx,
		opts:   opts,
		keys:   ctx.Settings.Keys.Game,
		choice: ctx.Settings.Keys.Choice,
		pkeys:  ctx.Settings.Keys.Prompt,
		help:   newHelp(ctx.Styles),
		match:  m,
		seats:  seats,
		prompt: newPrompt(ctx.Styles),
		an:     analysis.NewBoard(ctx.Services.analysisEngine()),
	}
	g.servedKeys()
	g.panel = matchPanel{ctx: ctx, keys: &g.keys, choice: g.choice, help: &g.help, match: m, mode: opts.Mode, seats: seats, values: ai.PieceValues(m.Game().Variant())}
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

// game is the game played.
func (g *gameScreen) game() *rules.Game { return g.match.Game() }

// turnsBoard says whether the board turns to the side to move: asked for
// in the settings, and only when both players share this screen.
func (g *gameScreen) turnsBoard() bool {
	return g.ctx.Settings.TurnBoard && g.seats[rules.White] && g.seats[rules.Black]
}

// mine reports whether this screen moves for the side to move.
func (g *gameScreen) mine() bool {
	return g.seats[g.game().Position().SideToMove()] && g.match.PersonToMove()
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

// run carries out what the match asked for, and shows what changed.
func (g *gameScreen) run(fx []match.Effect) tea.Cmd {
	g.follow()
	return g.effects(fx)
}

// effects carries out the match's effects: here, as commands of this
// program; on a server, by the server for every client.
func (g *gameScreen) effects(fx []match.Effect) tea.Cmd {
	if t := g.ctx.Table; t != nil {
		t.Host(fx)
		return nil
	}
	return runEffects(fx)
}

// refused says why the match did not do what was asked.
func (g *gameScreen) refused(fx []match.Effect, err error) tea.Cmd {
	cmd := g.run(fx)
	if err != nil {
		g.msg.complain("%s", g.panel.refusal(err))
	}
	return cmd
}

// SetSize lays the screen out again for a terminal size.
func (g *gameScreen) SetSize(w, h int) {
	bar := 0
	if g.an.On {
		bar = evalBarW
	}
	g.board.layout(w-bar, h)
	g.board.frame.width = w
	if !g.board.frame.tooSmall {
		g.board.frame.boardX += bar
		g.board.frame.panelX += bar
	}
	g.help.Width = w
	g.prompt.Width = max(8, g.board.frame.panelW-4)
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
		g.bellForNote(n)
	}
	g.bellForClock()
	if g.ended {
		// The game has just ended: what next, for a screen that plays.
		g.ended = false
		if d := g.dialog; !g.served() && (g.seats[rules.White] || g.seats[rules.Black]) && (d == nil || !savingDialog(d.name)) {
			g.dialog = g.newGameDialog()
			g.dialog.passRest = true
		}
	}
	g.followProposals()
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
	g.sans = make([]string, 0, len(g.legal))
	pos := game.Position()
	for _, mv := range g.legal {
		if g.served() && !g.mine() {
			break // the opponent's moves are no suggestions
		}
		g.sans = append(g.sans, pos.SAN(mv))
	}
	sort.Strings(g.sans)
	g.prompt.Placeholder = promptExamples(pos, g.legal)
	if d := g.dialog; d != nil && d.kind == inputDialog && d.name == "prompt" && g.mine() {
		// (a premove's prompt becomes the move's when the computer moves)
		d.title = "Type a move (SAN or UCI):"
		d.input.Placeholder = g.prompt.Placeholder
		d.complete = newMoveCompleter(g.sans).complete
		d.problem = "" // it was about the position before
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
		cmd, _ := handleAnalysis(g.an, msg)
		g.keepReview()
		return g, tea.Batch(cmd, g.followAnalysis())
	}
	s, cmd := g.update(msg)
	return s, tea.Batch(cmd, g.followAnalysis())
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
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste && !(g.dialog != nil && g.dialog.kind == inputDialog) {
			var cmds []tea.Cmd
			for i, r := range msg.Runes {
				if g.dialog != nil && g.dialog.kind == inputDialog {
					cmds = append(cmds, g.handleKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: msg.Runes[i:]}))
					break
				}
				cmds = append(cmds, g.handleKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
			}
			return g, tea.Batch(cmds...)
		}
		return g, g.handleKey(msg)
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
	if len(g.acting) > 0 && key.Matches(msg, g.acting...) {
		g.msg.complain("You are watching this game.")
		return nil
	}
	if g.hist.browsing() {
		switch {
		case key.Matches(msg, k.Select, k.Cancel):
			// Back to the game; the next press acts on it.
			g.hist.stop()
			return nil
		case key.Matches(msg, k.Type, k.Undo, k.Redo):
			g.hist.stop() // and on to the game's own key
		}
	}
	switch {
	case key.Matches(msg, k.Back):
		g.hist.step(g.match, -1)
		b.selected = rules.NoSquare
	case key.Matches(msg, k.Forward):
		g.hist.step(g.match, 1)
	case key.Matches(msg, k.Up):
		b.move(board.Up)
	case key.Matches(msg, k.Down):
		b.move(board.Down)
	case key.Matches(msg, k.Left):
		b.move(board.Left)
	case key.Matches(msg, k.Right):
		b.move(board.Right)
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
		return g.undoServed()
	case key.Matches(msg, k.Undo):
		return g.refused(g.match.Undo())
	case key.Matches(msg, k.Redo):
		return g.refused(g.match.Redo())
	case key.Matches(msg, k.Flip):
		b.flip = !b.flip
		g.relayout()
	case key.Matches(msg, k.View):
		b.toggleView()
		g.relayout()
	case key.Matches(msg, k.Draw) && g.served():
		return g.drawServed()
	case key.Matches(msg, k.Draw):
		return g.draw()
	case key.Matches(msg, k.Resign):
		return g.resign()
	case key.Matches(msg, k.New):
		if g.match.Saves().Unsafe {
			g.dialog = g.unsafeDialog()
			return nil
		}
		g.dialog = g.newGameDialog()
	case key.Matches(msg, k.Guide):
		return openGuide(g.game().Variant())
	case key.Matches(msg, k.Help):
		g.dialog = helpPage(g.ctx.Settings.Keys.Guide, k.Help, k.Cancel)
	case key.Matches(msg, k.Quit) && g.served():
		return g.servedQuit()
	case key.Matches(msg, k.Quit):
		return g.quit(msg)
	case key.Matches(msg, k.MoveNow):
		return g.moveNow()
	case key.Matches(msg, k.Hint):
		return g.hint()
	case key.Matches(msg, k.Save) && g.served():
		return g.copyPGN()
	case key.Matches(msg, k.Save):
		return g.openSaveDialog()
	case key.Matches(msg, k.Open) && g.served():
		return g.replayGame()
	case key.Matches(msg, k.Open):
		return openFiles()
	case key.Matches(msg, k.Copy):
		g.dialog = g.copyDialog()
	case key.Matches(msg, k.Chat):
		return g.chat()
	case key.Matches(msg, k.ScrollUp):
		g.moves.pageUp()
	case key.Matches(msg, k.ScrollDown):
		g.moves.pageDown()
	case key.Matches(msg, k.Analysis):
		return g.toggleAnalysis()
	case key.Matches(msg, k.Review):
		return g.reviewGame()
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
	pos := game.Position()
	b := &g.board
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
		if side, ok := g.premoveSide(); ok {
			return g.activatePremove(side, s)
		}
		g.msg.complain("%s", g.panel.notYourMove())
		return nil
	}
	if b.selected != rules.NoSquare {
		if s == b.selected {
			b.selected = rules.NoSquare
			g.msg = message{}
			return nil
		}
		var moves []rules.Move
		for _, mv := range g.legal {
			if mv.From() == b.selected && mv.To() == s {
				moves = append(moves, mv)
			}
		}
		switch {
		case len(moves) == 1:
			return g.play(moves[0])
		case len(moves) > 1:
			g.dialog = g.promotionDialog(moves)
			return nil
		}
		if movesFrom(g.legal, s) > 0 {
			b.selected = s
			g.msg = message{}
			return nil
		}
		g.msg.complain("%s cannot go to %s. Choose a marked square, or %s.", pieceText(game, b.selected), s, config.FirstKey(g.keys.Cancel))
		return nil
	}
	pc := pos.PieceAt(s)
	side := pos.SideToMove()
	switch {
	case pc == rules.NoPiece:
		g.msg.complain("%s is empty. Choose one of %s's pieces.", s, colourName(side))
	case pc.Color() != side:
		g.msg.complain("%s belongs to %s; %s to move.", pieceText(game, s), colourName(pc.Color()), colourName(side))
	case movesFrom(g.legal, s) == 0:
		g.msg.complain("%s has no legal move.", pieceText(game, s))
	default:
		b.selected = s
		g.msg = message{}
	}
	return nil
}

// movesFrom counts the moves of a square's piece.
func movesFrom(legal []rules.Move, s rules.Square) int {
	n := 0
	for _, mv := range legal {
		if mv.From() == s {
			n++
		}
	}
	return n
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
	g.board.cursor = mv.To()
	g.board.aim()
	g.dialog = nil
	return g.run(fx)
}

func (g *gameScreen) openPrompt() tea.Cmd {
	if res := g.game().Result(); res.Over() {
		g.msg.complain("The game is over: %s.", resultText(res))
		return nil
	}
	// A player on a server may type while the opponent thinks; the move
	// is played with enter once it is theirs.
	if !g.mine() && !(g.served() && !g.watching()) {
		if side, ok := g.premoveSide(); ok {
			return g.openPremovePrompt(side)
		}
		g.msg.complain("%s", g.panel.notYourMove())
		return nil
	}
	in := g.prompt
	in.Reset()
	d := &dialog{kind: inputDialog, name: "prompt", title: "Type a move (SAN or UCI):", input: in}
	d.complete = newMoveCompleter(g.sans).complete
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		text := strings.TrimSpace(a.text)
		if a.cancel || text == "" {
			return nil, false
		}
		return g.submitMove(d, text)
	}
	d.draw = func(p *panelWriter) {
		st := g.ctx.Styles
		p.blank()
		p.wrap(d.title, st.Bold)
		p.line(d.input.View())
		if d.problem != "" {
			p.wrap(d.problem, st.Error)
			return
		}
		// What Tab would complete to, so the completion is never a surprise.
		if m := newMoveCompleter(g.sans).matches(strings.TrimSpace(d.input.Value())); len(m) > 0 {
			p.wrap(fmt.Sprintf("%s: %s", config.FirstKey(g.pkeys.Complete), completionList(m, p.width-6)), st.Subtle)
		}
	}
	g.dialog = d
	return d.open()
}

// completionList shows moves for the prompt, as many as fit in width
// cells, and how many more there are.
func completionList(moves []string, width int) string {
	text := ""
	for i, m := range moves {
		next := text
		if i > 0 {
			next += " "
		}
		next += m
		if rest := len(moves) - i - 1; words.Width(next)+len(fmt.Sprintf(" +%d", rest)) > width && rest > 0 || words.Width(next) > width {
			return fmt.Sprintf("%s +%d", text, len(moves)-i)
		}
		text = next
	}
	return text
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
	g.board.cursor = mv.To()
	g.board.aim()
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

// promotionDialog chooses the piece a pawn becomes.
func (g *gameScreen) promotionDialog(moves []rules.Move) *dialog {
	d := &dialog{kind: chooseDialog, name: "promotion", title: "Promote to:"}
	for _, mv := range moves {
		t := mv.Promotion()
		d.items = append(d.items, dialogItem{label: fmt.Sprintf("%c %s", t.Letter(), g.game().Variant().PieceName(t)), letter: rune(t.Letter())})
	}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel {
			return nil, false
		}
		return g.play(moves[a.index]), false
	}
	return d
}

// draw claims a draw that is open, or offers one.
func (g *gameScreen) draw() tea.Cmd {
	game := g.game()
	if res := game.Result(); res.Over() {
		g.msg.complain("The game is over: %s.", resultText(res))
		return nil
	}
	if g.opts.Mode.Computer() && (g.opts.Mode == match.ComputerVsComputer || !g.mine()) {
		return g.refused(g.match.OfferDraw(game.Position().SideToMove()))
	}
	if claims := game.Claimable(); len(claims) > 0 {
		claim := claims[0]
		return g.ask(askClaim, fmt.Sprintf("Claim a draw by %s?", claimName(claim)), func() tea.Cmd {
			return g.refused(g.match.ClaimDraw(claim))
		})
	}
	return g.refused(g.match.OfferDraw(game.Position().SideToMove()))
}

// resign asks, then resigns for the person against the computer, or
// for the side to move.
func (g *gameScreen) resign() tea.Cmd {
	if res := g.game().Result(); res.Over() {
		g.msg.complain("The game is over: %s.", resultText(res))
		return nil
	}
	side := g.resigningSide()
	q := fmt.Sprintf("Does %s resign?", colourName(side))
	if g.opts.Mode == match.PlayWhite || g.opts.Mode == match.PlayBlack || g.served() {
		q = "Do you resign?"
	}
	return g.ask(askResign, q, func() tea.Cmd { return g.refused(g.match.Resign(side)) })
}

// resigningSide is who resigns: the one side this screen plays, or the
// side to move.
func (g *gameScreen) resigningSide() rules.Color {
	if g.seats[rules.White] != g.seats[rules.Black] {
		if g.seats[rules.Black] {
			return rules.Black
		}
		return rules.White
	}
	return g.game().Position().SideToMove()
}

// quit asks whether to quit or go back to the menu (unless the settings
// say not to ask while a game is in progress); ctrl+c quits at once.
func (g *gameScreen) quit(msg tea.KeyMsg) tea.Cmd {
	game := g.game()
	live := !game.Result().Over() && game.CanUndo()
	if msg.String() == "ctrl+c" {
		return tea.Quit
	}
	if g.match.Saves().Unsafe {
		g.dialog = g.unsafeDialog()
		return nil
	}
	if live && !g.ctx.Settings.ConfirmQuit {
		return tea.Quit
	}
	c := g.choice
	d := &dialog{kind: actDialog, name: "quit", items: []dialogItem{{key: c.Yes}, {key: c.Menu}, {key: c.No}, {key: c.Cancel}}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.index <= 1 && g.leavingLoses() {
			return nil, false
		}
		switch a.index {
		case 0:
			return tea.Quit, false
		case 1:
			return openMenu(g.opts), false
		}
		return nil, false
	}
	d.draw = func(p *panelWriter) {
		st := g.ctx.Styles
		p.blank()
		switch files := g.match.Saves(); {
		case live && files.KeepErr != nil && files.SavedPath != "":
			// Saved elsewhere (or it would be Unsafe), but not kept to
			// resume as it stands.
			resume := "the menu will not offer to resume it"
			if files.File != "" {
				resume = "the menu offers it as it was before that"
			}
			p.wrap("Leave this game? It is saved in "+displayPath(files.SavedPath)+"; autosave failed, so "+resume+".", st.Warning)
		case live:
			p.wrap("Leave this game? It is kept: the menu offers to resume it.", st.Warning)
		default:
			p.line(st.Warning.Render("Leave this game?"))
		}
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Yes), "quit Varia"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Menu), "back to the menu"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.No), "keep playing"))
	}
	g.dialog = d
	return nil
}

// leavingLoses checks, as the player chooses to leave the game, that
// the game is on disk (a save may have failed since the question was
// put); when it is not, the unsafe dialog takes the question's place.
func (g *gameScreen) leavingLoses() bool {
	if !g.match.Saves().Unsafe {
		return false
	}
	g.dialog = g.unsafeDialog()
	return true
}

// unsafeDialog stands in for the questions that leave the game (quit,
// the menu, a new game) while autosave fails and the game as it stands is
// on disk nowhere: leaving would lose it, so it offers to save it
// elsewhere, or to stay. ctrl+c still quits.
func (g *gameScreen) unsafeDialog() *dialog {
	c := g.choice
	d := &dialog{kind: actDialog, name: "unsafe", items: []dialogItem{{key: c.Yes}, {key: c.No}, {key: c.Cancel}}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.index == 0 {
			return g.openSaveDialog(), false
		}
		return nil, false
	}
	d.draw = func(p *panelWriter) {
		st := g.ctx.Styles
		p.blank()
		// (Why autosave failed is in the panel above.)
		p.wrap("This game is not safely on disk: autosave failed, and leaving now would lose it.", st.Warning)
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Yes), "save it elsewhere"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.No), "keep playing"))
		p.wrap("ctrl+c quits without saving it.", st.Subtle)
	}
	return d
}

// question is what a yes/no confirmation is about; the settings may say
// not to ask.
type question uint8

const (
	askClaim question = iota
	askResign
)

// ask puts a yes/no question, or answers yes at once where the settings
// say not to ask.
func (g *gameScreen) ask(q question, text string, yes func() tea.Cmd) tea.Cmd {
	s := g.ctx.Settings
	if q == askResign && !s.ConfirmResign {
		return yes()
	}
	g.dialog = askFor(text, func(a dialogAnswer) (tea.Cmd, bool) {
		if a.yes {
			return yes(), false
		}
		return nil, false
	})
	g.dialog.name = "question"
	return nil
}

// newGameDialog: the same variant and view again, a rematch with the
// colours swapped (against the computer), or the menu. It opens by
// itself when the game ends, saying so over the last message.
func (g *gameScreen) newGameDialog() *dialog {
	c := g.choice
	rematch := g.opts.Mode == match.PlayWhite || g.opts.Mode == match.PlayBlack
	items := []dialogItem{{key: c.Choose}, {key: c.Menu}, {key: c.Cancel}, {key: c.No}}
	if rematch {
		items = append(items, dialogItem{key: c.Rematch})
	}
	d := &dialog{kind: actDialog, name: "new game", items: items}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.index != 2 && a.index != 3 && g.leavingLoses() {
			return nil, false
		}
		switch a.index {
		case 1:
			return openMenu(g.opts), false
		case 2, 3:
			return nil, false
		}
		opts := g.opts
		opts.View = g.board.choice()
		// The same players and clock, from the start: not this game again.
		opts.Continue, opts.Resume = nil, false
		if opts.StartRandom && a.index != 4 && opts.Variant.StartCount > 0 {
			// another start drawn (a rematch keeps this one: fair play)
			if fen, err := opts.Variant.NumberedStart(rand.IntN(opts.Variant.StartCount)); err == nil {
				opts.FEN = fen
			}
		}
		if a.index == 4 {
			opts.Players[rules.White], opts.Players[rules.Black] = opts.Players[rules.Black], opts.Players[rules.White]
			opts.Mode = match.ModeOf(opts.Players)
		}
		return startGame(opts), false
	}
	d.draw = func(p *panelWriter) {
		st := g.ctx.Styles
		if g.game().Result().Over() && g.msg.text != "" {
			p.wrap(g.msg.text, st.Accent)
		}
		p.blank()
		p.line(st.Warning.Render("New game"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Choose), "same variant and view"))
		if rematch {
			side := "Black"
			if g.opts.Mode == match.PlayBlack {
				side = "White"
			}
			p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Rematch), "rematch: you play "+side))
		}
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Menu), "back to the menu"))
		if g.game().Result().Over() {
			p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Cancel), "look at the board"))
		} else {
			p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Cancel), "keep playing"))
		}
	}
	return d
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

func newPrompt(st *board.Styles) textinput.Model {
	p := textinput.New()
	p.Prompt = ": "
	p.CharLimit = 40
	p.PromptStyle = st.Prompt
	p.TextStyle = st.Bold
	p.PlaceholderStyle = st.Subtle
	p.CompletionStyle = st.Subtle
	p.Cursor.Style = st.Accent
	p.Cursor.TextStyle = st.Bold
	return p
}
