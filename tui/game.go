package tui

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/saves"
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
	turn     rules.Color
	legal    []rules.Move // legal moves now; none once the game is over
	captured [2][]rules.Piece

	board  boardView
	panel  matchPanel
	prompt textinput.Model // the typed-move prompt, ready with its suggestions
	dialog *dialog
	moves  moveList
	msg    message // the last thing said

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
	}
	g.servedKeys()
	g.panel = matchPanel{ctx: ctx, keys: &g.keys, choice: g.choice, help: &g.help, match: m, mode: opts.Mode, seats: seats}
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
// and the clock stands still (not on a server, where the others play on).
func (g *gameScreen) leave() {
	if !g.served() {
		g.match.Pause()
	}
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
	g.board.layout(w, h)
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
	}
	if seq, n := g.match.Note(); seq != g.seen {
		g.seen = seq
		g.tell(n)
	}
	g.followProposals()
}

// gameChanged refreshes what follows from the game after any change.
func (g *gameScreen) gameChanged() {
	game := g.game()
	g.legal = game.Legal()
	g.captured = game.Captured()
	g.board.selected = rules.NoSquare
	g.moves.scroll = 0
	sans := make([]string, 0, len(g.legal))
	pos := game.Position()
	for _, mv := range g.legal {
		if g.served() && !g.mine() {
			break // the opponent's moves are no suggestions
		}
		sans = append(sans, pos.SAN(mv))
	}
	sort.Strings(sans)
	g.prompt.SetSuggestions(sans)
	if d := g.dialog; d != nil && d.kind == inputDialog && d.name == "prompt" {
		d.input.SetSuggestions(sans)
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

// Update handles the match's reports, keys and clicks.
func (g *gameScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
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
		case key.Matches(msg, g.keys.Quit):
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
	switch {
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
		g.dialog = g.newGameDialog()
	case key.Matches(msg, k.Guide):
		return openGuide(g.game().Variant())
	case key.Matches(msg, k.Help):
		g.dialog = &dialog{kind: infoDialog, name: "help", passOn: []key.Binding{k.Help, k.Cancel}}
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
	case key.Matches(msg, k.Chat):
		return g.chat()
	case key.Matches(msg, k.ScrollUp):
		g.moves.scroll++
	case key.Matches(msg, k.ScrollDown):
		g.moves.scroll = max(0, g.moves.scroll-1)
	}
	return nil
}

func (g *gameScreen) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if g.board.frame.tooSmall || msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft {
		return nil
	}
	if g.dialog != nil && g.dialog.kind != infoDialog {
		return nil
	}
	g.dialog = nil
	s, ok := g.board.click(msg.X, msg.Y)
	if !ok {
		return nil
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

// pieceText names the piece on a square: "the Knight on b1".
func pieceText(game *rules.Game, s rules.Square) string {
	pc := game.Position().PieceAt(s)
	if pc == rules.NoPiece {
		return s.String()
	}
	return fmt.Sprintf("The %s on %s", game.Variant().PieceName(pc.Type()), s)
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
		g.msg.complain("%s", g.panel.notYourMove())
		return nil
	}
	in := g.prompt
	in.Reset()
	d := &dialog{kind: inputDialog, name: "prompt", title: "Type a move (SAN, tilde or UCI):", input: in}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		text := strings.TrimSpace(a.text)
		if a.cancel || text == "" {
			return nil, false
		}
		return g.submitMove(d, text)
	}
	g.dialog = d
	return d.open()
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
	q := fmt.Sprintf("Does %s resign?", side)
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

func (g *gameScreen) quit(msg tea.KeyMsg) tea.Cmd {
	game := g.game()
	if msg.String() == "ctrl+c" || game.Result().Over() || !game.CanUndo() {
		return tea.Quit
	}
	return g.ask(askQuit, "Leave this game and quit? It is kept: the menu offers to resume it.", func() tea.Cmd { return tea.Quit })
}

// question is what a yes/no confirmation is about; the settings may say
// not to ask.
type question uint8

const (
	askClaim question = iota
	askResign
	askQuit
)

// ask puts a yes/no question, or answers yes at once where the settings
// say not to ask.
func (g *gameScreen) ask(q question, text string, yes func() tea.Cmd) tea.Cmd {
	s := g.ctx.Settings
	if q == askResign && !s.ConfirmResign || q == askQuit && !s.ConfirmQuit {
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

// newGameDialog: the same variant and view again, or the menu.
func (g *gameScreen) newGameDialog() *dialog {
	c := g.choice
	d := &dialog{kind: actDialog, name: "new game", items: []dialogItem{{key: c.Choose}, {key: c.Menu}, {key: c.Cancel}, {key: c.No}}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		switch {
		case a.index >= 2:
			return nil, false
		case a.index == 1:
			return openMenu(g.opts), false
		}
		opts := g.opts
		opts.View = g.board.choice()
		// The same players and clock, from the start: not this game again.
		opts.Continue, opts.Resume = nil, false
		return startGame(opts), false
	}
	d.draw = func(p *panelWriter) {
		st := g.ctx.Styles
		p.blank()
		p.line(st.Warning.Render("New game"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Choose), "same variant and view"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Menu), "back to the menu"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Cancel), "keep playing"))
	}
	return d
}

// moveNow makes the engine move now, or sets it going again.
func (g *gameScreen) moveNow() tea.Cmd {
	s := g.match.Search()
	fx, res, err := g.match.MoveNow()
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
	fx, err := g.match.Hint(g.game().Position().SideToMove())
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
	p.Placeholder = "e4, Nf3, e2~d3, O-O or e2e4"
	p.CharLimit = 40
	p.ShowSuggestions = true
	p.PromptStyle = st.Prompt
	p.TextStyle = st.Bold
	p.PlaceholderStyle = st.Subtle
	p.CompletionStyle = st.Subtle
	p.Cursor.Style = st.Accent
	p.Cursor.TextStyle = st.Bold
	return p
}
