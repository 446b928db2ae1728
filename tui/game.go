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
	"varia/tui/words"
)

// GameOptions say what game to start.
type GameOptions struct {
	Variant *rules.Variant
	Mode    Mode
	View    config.ViewChoice
	FEN     string // start position; empty for the variant's own
	// Players says who plays each side (people by default; a Mode that
	// names the computer seats it at the default level). Clock is the
	// time control, none by default.
	Players [2]Player
	Clock   saves.TimeControl
	// Continue is a game to play on from its current position, moves and
	// clocks kept: a resumed unfinished game (Resume set) or a replayed
	// game. Unfinished is the resumed game's file, claimed by whoever
	// read it; the game screen takes it over and goes on writing it.
	Continue   *saves.SavedGame
	Resume     bool
	Unfinished *saves.Unfinished
	// ReplayFile opens the replay viewer on a PGN file instead of a
	// game; ReplayGame picks a game of a file of many (from 1).
	ReplayFile string
	ReplayGame int
}

// overlay is what currently takes the keyboard from the board.
type overlay uint8

const (
	overlayNone overlay = iota
	overlayPrompt
	overlayPromotion
	overlayConfirm
	overlayNewGame
	overlayHelp
)

// question is what a yes/no confirmation will do.
type question uint8

const (
	askClaim question = iota
	askOfferDraw
	askResign
	askQuit
)

// gameScreen is a game in progress: the board, the side panel and the
// dialogs over them.
type gameScreen struct {
	ctx    *Context
	opts   GameOptions
	keys   config.GameKeys
	choice config.ChoiceKeys
	pkeys  config.PromptKeys
	help   help.Model

	game     *rules.Game
	legal    []rules.Move // legal moves now; none once the game is over
	captured [2][]rules.Piece
	view     board.View
	flip     bool
	frame    gameFrame

	cursor   rules.Square
	cursors  [2]rules.Square // each side's cursor, restored on its turn
	goalCol  int             // diamond view: column up/down aim for
	selected rules.Square

	overlay    overlay
	prompt     textinput.Model
	promptErr  string
	promoMoves []rules.Move
	promoIndex int
	asking     question
	claim      rules.Reason

	message    string
	messageErr bool

	match playState // the engine, the clock, saving (play.go)
}

func newGameScreen(ctx *Context, opts GameOptions) (*gameScreen, error) {
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
			return nil, err
		}
	}
	m := &gameScreen{
		ctx:      ctx,
		opts:     opts,
		keys:     ctx.Settings.Keys.Game,
		choice:   ctx.Settings.Keys.Choice,
		pkeys:    ctx.Settings.Keys.Prompt,
		help:     newHelp(ctx.Styles),
		game:     g,
		view:     opts.View.For(opts.Variant),
		selected: rules.NoSquare,
	}
	pos := g.Position()
	m.cursors = [2]rules.Square{pos.King(rules.White), pos.King(rules.Black)}
	m.cursor = m.cursors[pos.SideToMove()]
	m.prompt = newPrompt(ctx.Styles)
	m.initPlay()
	m.gameChanged()
	if m.turnsBoard() {
		m.flip = pos.SideToMove() == rules.Black
	}
	m.SetSize(ctx.Width, ctx.Height)
	return m, nil
}

// turnsBoard says whether the board turns to the side to move: asked for
// in the settings, and only when both players share this screen.
func (m *gameScreen) turnsBoard() bool {
	return m.ctx.Settings.TurnBoard && m.opts.Mode == TwoPlayers
}

// Game returns the game being played.
func (m *gameScreen) Game() *rules.Game { return m.game }

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

// SetSize lays the screen out again for a terminal size.
func (m *gameScreen) SetSize(w, h int) {
	m.frame = computeFrame(w, h, m.view, m.flip)
	m.help.Width = w
	m.prompt.Width = max(8, m.frame.panelW-4)
	if !m.frame.tooSmall {
		m.goalCol = m.frame.board.Column(m.cursor)
	}
}

func (m *gameScreen) relayout() { m.SetSize(m.ctx.Width, m.ctx.Height) }

// gameChanged refreshes what follows from the game after any change.
func (m *gameScreen) gameChanged() {
	m.legal = m.game.Legal()
	m.captured = m.game.Captured()
	m.selected = rules.NoSquare
	sans := make([]string, 0, len(m.legal))
	pos := m.game.Position()
	for _, mv := range m.legal {
		sans = append(sans, pos.SAN(mv))
	}
	sort.Strings(sans)
	m.prompt.SetSuggestions(sans)
	if len(m.game.Claimable()) > 0 {
		m.keys.Draw.SetHelp(m.keys.Draw.Help().Key, "claim draw")
	} else {
		m.keys.Draw.SetHelp(m.keys.Draw.Help().Key, "offer draw")
	}
	m.playChanged()
}

// turnChanged keeps one cursor per side in hot-seat play.
func (m *gameScreen) turnChanged(before rules.Color) {
	now := m.game.Position().SideToMove()
	if now == before || m.opts.Mode.Computer() {
		return
	}
	m.cursors[before] = m.cursor
	m.cursor = m.cursors[now]
	if m.turnsBoard() {
		m.flip = !m.flip
		m.relayout()
	}
	if !m.frame.tooSmall {
		m.goalCol = m.frame.board.Column(m.cursor)
	}
}

func (m *gameScreen) say(format string, args ...any) {
	m.message, m.messageErr = fmt.Sprintf(format, args...), false
}

func (m *gameScreen) complain(format string, args ...any) {
	m.message, m.messageErr = fmt.Sprintf(format, args...), true
}

// updateBoard handles a message for the board and its dialogs (Update,
// in play.go, sees it first). Resizes come through SetSize.
func (m *gameScreen) updateBoard(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		// Keys typed quickly arrive as one message with several runes;
		// outside the prompt each is a command of its own (":e4" opens the
		// prompt and types e4 into it).
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste && m.overlay != overlayPrompt {
			var cmds []tea.Cmd
			for i, r := range msg.Runes {
				if m.overlay == overlayPrompt {
					rest := tea.KeyMsg{Type: tea.KeyRunes, Runes: msg.Runes[i:]}
					cmds = append(cmds, m.handleKey(rest))
					break
				}
				cmds = append(cmds, m.handleKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
			}
			return m, tea.Batch(cmds...)
		}
		return m, m.handleKey(msg)
	case tea.MouseMsg:
		m.handleMouse(msg)
		return m, nil
	}
	if m.overlay == overlayPrompt {
		var cmd tea.Cmd
		m.prompt, cmd = m.prompt.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m *gameScreen) handleKey(msg tea.KeyMsg) tea.Cmd {
	if m.frame.tooSmall {
		switch {
		case key.Matches(msg, m.keys.Quit):
			return tea.Quit
		case key.Matches(msg, m.keys.View):
			m.toggleView()
		}
		return nil
	}
	if m.match.dialog != dialogNone {
		return m.dialogKey(msg)
	}
	switch m.overlay {
	case overlayPrompt:
		return m.promptKey(msg)
	case overlayPromotion:
		m.promotionKey(msg)
		return nil
	case overlayConfirm:
		return m.confirmKey(msg)
	case overlayNewGame:
		return m.newGameKey(msg)
	case overlayHelp:
		m.overlay = overlayNone
		if key.Matches(msg, m.keys.Help, m.keys.Cancel) {
			return nil
		}
	}
	if cmd, ok := m.playKey(msg); ok {
		return cmd
	}

	k := m.keys
	switch {
	case key.Matches(msg, k.Up):
		m.moveCursor(board.Up)
	case key.Matches(msg, k.Down):
		m.moveCursor(board.Down)
	case key.Matches(msg, k.Left):
		m.moveCursor(board.Left)
	case key.Matches(msg, k.Right):
		m.moveCursor(board.Right)
	case key.Matches(msg, k.Select):
		m.activate(m.cursor)
	case key.Matches(msg, k.Cancel):
		m.selected = rules.NoSquare
		m.message = ""
	case key.Matches(msg, k.Type):
		return m.openPrompt()
	case key.Matches(msg, k.Undo):
		m.undo()
	case key.Matches(msg, k.Redo):
		m.redo()
	case key.Matches(msg, k.Flip):
		m.flip = !m.flip
		m.relayout()
	case key.Matches(msg, k.View):
		m.toggleView()
	case key.Matches(msg, k.Draw):
		m.askDraw()
	case key.Matches(msg, k.Resign):
		if res := m.game.Result(); res.Over() {
			m.complain("The game is over: %s.", resultText(res))
			break
		}
		return m.ask(askResign)
	case key.Matches(msg, k.New):
		m.overlay = overlayNewGame
	case key.Matches(msg, k.Guide):
		return openGuide(m.game.Variant())
	case key.Matches(msg, k.Help):
		m.overlay = overlayHelp
	case key.Matches(msg, k.Quit):
		if msg.String() == "ctrl+c" || m.game.Result().Over() || !m.game.CanUndo() {
			return tea.Quit
		}
		return m.ask(askQuit)
	}
	return nil
}

func (m *gameScreen) toggleView() {
	if m.view == board.DiamondView {
		m.view = board.SquareView
	} else {
		m.view = board.DiamondView
	}
	m.relayout()
}

func (m *gameScreen) moveCursor(d board.Direction) {
	l := m.frame.board
	if next := l.Step(m.cursor, d, m.goalCol); next != rules.NoSquare {
		m.cursor = next
		if d == board.Left || d == board.Right {
			m.goalCol = l.Column(next)
		}
	}
}

func (m *gameScreen) handleMouse(msg tea.MouseMsg) {
	if m.frame.tooSmall || msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft {
		return
	}
	if m.overlay != overlayNone && m.overlay != overlayHelp {
		return
	}
	m.overlay = overlayNone
	s, ok := m.frame.board.SquareAt(msg.X-m.frame.boardX, msg.Y-m.frame.boardY)
	if !ok {
		return
	}
	m.cursor = s
	m.goalCol = m.frame.board.Column(s)
	m.activate(s)
}

// activate is enter on a square, or a click: select a piece of the side to
// move, play a move to a highlighted square, or say why not.
func (m *gameScreen) activate(s rules.Square) {
	pos := m.game.Position()
	if res := m.game.Result(); res.Over() {
		m.complain("The game is over: %s. %s takes a move back, %s starts a new game.", resultText(res), config.FirstKey(m.keys.Undo), config.FirstKey(m.keys.New))
		return
	}
	if !m.humanToMove() {
		m.notYourMove()
		return
	}
	if m.selected != rules.NoSquare {
		if s == m.selected {
			m.selected = rules.NoSquare
			m.message = ""
			return
		}
		var moves []rules.Move
		for _, mv := range m.legal {
			if mv.From() == m.selected && mv.To() == s {
				moves = append(moves, mv)
			}
		}
		switch {
		case len(moves) == 1:
			m.play(moves[0])
			return
		case len(moves) > 1:
			m.promoMoves, m.promoIndex = moves, 0
			m.overlay = overlayPromotion
			return
		}
		if m.movesFrom(s) > 0 {
			m.selected = s
			m.message = ""
			return
		}
		m.complain("%s cannot go to %s. Choose a marked square, or %s.", m.pieceText(m.selected), s, config.FirstKey(m.keys.Cancel))
		return
	}
	pc := pos.PieceAt(s)
	side := pos.SideToMove()
	switch {
	case pc == rules.NoPiece:
		m.complain("%s is empty. Choose one of %s's pieces.", s, words.Capitalise(colourName(side)))
	case pc.Color() != side:
		m.complain("%s belongs to %s; %s to move.", m.pieceText(s), words.Capitalise(colourName(pc.Color())), words.Capitalise(colourName(side)))
	case m.movesFrom(s) == 0:
		m.complain("%s has no legal move.", m.pieceText(s))
	default:
		m.selected = s
		m.message = ""
	}
}

func (m *gameScreen) movesFrom(s rules.Square) int {
	n := 0
	for _, mv := range m.legal {
		if mv.From() == s {
			n++
		}
	}
	return n
}

// pieceText names the piece on a square: "the Knight on b1".
func (m *gameScreen) pieceText(s rules.Square) string {
	pc := m.game.Position().PieceAt(s)
	if pc == rules.NoPiece {
		return s.String()
	}
	return fmt.Sprintf("The %s on %s", m.game.Variant().PieceName(pc.Type()), s)
}

func (m *gameScreen) play(mv rules.Move) {
	before := m.game.Position().SideToMove()
	san := m.game.Position().SAN(mv)
	if err := m.game.Play(mv); err != nil {
		m.complain("%v", err)
		return
	}
	m.cursor = mv.To()
	m.goalCol = m.frame.board.Column(m.cursor)
	m.overlay = overlayNone
	m.gameChanged()
	m.turnChanged(before)
	m.say("%s played %s.", words.Capitalise(colourName(before)), san)
}

func (m *gameScreen) undo() {
	if m.opts.Mode.Computer() {
		m.undoAgainstComputer()
		return
	}
	before := m.game.Position().SideToMove()
	if !m.game.Undo() {
		m.complain("Nothing to undo.")
		return
	}
	m.gameChanged()
	m.turnChanged(before)
	m.say("Move taken back; %s replays it.", config.FirstKey(m.keys.Redo))
}

func (m *gameScreen) redo() {
	if m.opts.Mode.Computer() {
		m.redoAgainstComputer()
		return
	}
	before := m.game.Position().SideToMove()
	if !m.game.Redo() {
		m.complain("Nothing to redo.")
		return
	}
	m.gameChanged()
	m.turnChanged(before)
	m.say("Move replayed.")
}

func (m *gameScreen) openPrompt() tea.Cmd {
	if res := m.game.Result(); res.Over() {
		m.complain("The game is over: %s.", resultText(res))
		return nil
	}
	if !m.humanToMove() {
		m.notYourMove()
		return nil
	}
	m.overlay = overlayPrompt
	m.promptErr = ""
	m.prompt.Reset()
	return m.prompt.Focus()
}

func (m *gameScreen) promptKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.pkeys.Cancel):
		m.overlay = overlayNone
		m.prompt.Blur()
		return nil
	case key.Matches(msg, m.pkeys.Submit):
		text := strings.TrimSpace(m.prompt.Value())
		if text == "" {
			m.overlay = overlayNone
			m.prompt.Blur()
			return nil
		}
		m.submitMove(text)
		return nil
	}
	var cmd tea.Cmd
	m.prompt, cmd = m.prompt.Update(msg)
	return cmd
}

// submitMove plays a typed move; rules reads it and explains a refusal.
func (m *gameScreen) submitMove(text string) {
	before := m.game.Position().SideToMove()
	pos := m.game.Position()
	mv, err := pos.ParseMove(text)
	if err != nil {
		m.promptErr = m.moveErrorText(err)
		return
	}
	san := pos.SAN(mv)
	if err := m.game.Play(mv); err != nil {
		m.promptErr = m.moveErrorText(err)
		return
	}
	m.prompt.Blur()
	m.overlay = overlayNone
	m.cursor = mv.To()
	m.goalCol = m.frame.board.Column(m.cursor)
	m.gameChanged()
	m.turnChanged(before)
	m.say("%s played %s.", words.Capitalise(colourName(before)), san)
}

// moveErrorText is rules' explanation plus, when it names no candidates,
// the legal moves to choose from.
func (m *gameScreen) moveErrorText(err error) string {
	text := err.Error()
	var me *rules.MoveError
	if errors.As(err, &me) && len(me.Candidates) == 0 {
		pos := m.game.Position()
		sans := make([]string, 0, len(m.legal))
		for _, mv := range m.legal {
			sans = append(sans, pos.SAN(mv))
		}
		sort.Strings(sans)
		text += ". Legal: " + strings.Join(sans, " ")
	}
	return text
}

func (m *gameScreen) promotionKey(msg tea.KeyMsg) {
	c := m.choice
	n := len(m.promoMoves)
	switch {
	case key.Matches(msg, c.Cancel):
		m.overlay = overlayNone
		return
	case key.Matches(msg, c.Prev):
		m.promoIndex = (m.promoIndex + n - 1) % n
		return
	case key.Matches(msg, c.Next):
		m.promoIndex = (m.promoIndex + 1) % n
		return
	case key.Matches(msg, c.Choose):
		m.play(m.promoMoves[m.promoIndex])
		return
	}
	if r := msg.Runes; len(r) == 1 && r[0] < 128 {
		t := rules.PieceTypeFromLetter(byte(r[0]))
		for _, mv := range m.promoMoves {
			if mv.Promotion() == t {
				m.play(mv)
				return
			}
		}
	}
}

func (m *gameScreen) askDraw() {
	if res := m.game.Result(); res.Over() {
		m.complain("The game is over: %s.", resultText(res))
		return
	}
	if m.opts.Mode.Computer() {
		m.drawAgainstComputer()
		return
	}
	if m.askToClaim() {
		return
	}
	m.ask(askOfferDraw)
}

// ask puts a yes/no question, or answers yes at once where the settings
// say not to ask.
func (m *gameScreen) ask(q question) tea.Cmd {
	if q == askResign && !m.ctx.Settings.ConfirmResign || q == askQuit && !m.ctx.Settings.ConfirmQuit {
		m.asking = q
		return m.answerYes()
	}
	m.asking = q
	m.overlay = overlayConfirm
	return nil
}

func (m *gameScreen) questionText() string {
	side := m.game.Position().SideToMove()
	switch m.asking {
	case askClaim:
		return fmt.Sprintf("Claim a draw by %s?", claimName(m.claim))
	case askOfferDraw:
		return fmt.Sprintf("%s offers a draw. %s, do you accept?", words.Capitalise(colourName(side)), words.Capitalise(colourName(side.Other())))
	case askResign:
		if m.opts.Mode == PlayWhite || m.opts.Mode == PlayBlack {
			return "Do you resign?"
		}
		return fmt.Sprintf("Does %s resign?", colourName(m.resigningSide()))
	case askQuit:
		return "Leave this game and quit? It is kept: the menu offers to resume it."
	}
	return ""
}

func (m *gameScreen) confirmKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.choice.Yes):
		m.overlay = overlayNone
		return m.answerYes()
	case key.Matches(msg, m.choice.No, m.choice.Cancel):
		m.overlay = overlayNone
		if m.asking == askOfferDraw {
			m.say("Draw declined.")
		}
	}
	return nil
}

func (m *gameScreen) answerYes() tea.Cmd {
	var err error
	switch m.asking {
	case askQuit:
		return tea.Quit
	case askClaim:
		err = m.game.ClaimDraw(m.claim)
	case askOfferDraw:
		err = m.game.AgreeDraw()
	case askResign:
		err = m.game.Resign(m.resigningSide())
	}
	if err != nil {
		m.complain("%v", err)
		return nil
	}
	m.gameChanged()
	m.say("Game over: %s.", resultText(m.game.Result()))
	return nil
}

func (m *gameScreen) newGameKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.choice.Choose):
		m.overlay = overlayNone
		opts := m.opts
		opts.View = m.viewChoice()
		// The same players and clock, from the start: not this game again.
		opts.Continue, opts.Resume = nil, false
		return startGame(opts)
	case key.Matches(msg, m.choice.Menu):
		m.overlay = overlayNone
		return openMenu(m.opts)
	case key.Matches(msg, m.choice.Cancel, m.choice.No):
		m.overlay = overlayNone
	}
	return nil
}

// viewChoice keeps the view the player is looking at for the next game.
func (m *gameScreen) viewChoice() config.ViewChoice {
	if m.view == board.DiamondView {
		return config.ViewDiamond
	}
	return config.ViewSquare
}

func colourName(c rules.Color) string { return c.String() }

// askToClaim asks the player to confirm claiming the first draw that is
// open to them, and reports whether there was one.
func (m *gameScreen) askToClaim() bool {
	claims := m.game.Claimable()
	if len(claims) == 0 {
		return false
	}
	m.claim = claims[0]
	m.ask(askClaim)
	return true
}

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
