package tui

import (
	"context"
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
)

// playState is what a game screen keeps beyond the board: the engine and
// its search, the clock, and the game's files.
type playState struct {
	id      int64 // tells this game's messages from an earlier game's
	keys    PlayKeys
	players [2]Player
	seed    uint64
	engine  Engine // made on first use, kept for the game
	active  bool   // on screen (false while another screen is shown)

	searchSeq  int
	search     *runningSearch // nil when the engine is idle
	engineErr  error          // why the engine's last move failed; it waits for m
	paused     bool           // computer v computer: stopped by an undo until m
	watching   bool           // computer v computer: pausing before a move
	watchSeq   int
	watchReady bool        // the pause is over: the next search may start
	score      [2]ai.Score // each engine side's last score, from its own side
	scored     [2]bool

	clock        *gameClock      // nil without a clock
	clocks       []time.Duration // time left after each move of the history
	clockStarted bool            // by the first move played here
	wasRunning   bool            // the clock ran when the screen was left

	ticking bool
	tickSeq int

	plies  int          // history length when playChanged last looked
	result rules.Result // result then
	ready  bool

	store  gameStore
	dialog playDialog
	input  textinput.Model

	listScroll int
	pending    []tea.Cmd // commands for the Update under way to return
}

// runningSearch is a search in progress.
type runningSearch struct {
	id       int
	purpose  searchPurpose
	side     rules.Color
	cancel   context.CancelFunc
	started  time.Time
	progress ai.Progress
	reported bool
	moveNow  bool
}

// How often the screen redraws while the engine thinks or a clock runs,
// and how long a computer-v-computer game waits before each move
// without a clock, so people can follow it.
const (
	tickEvery  = 100 * time.Millisecond
	watchDelay = 600 * time.Millisecond
)

// hintLimits bound the search for a hint: a few seconds at most,
// stronger than the levels that err on purpose.
var hintLimits = ai.Limits{Depth: 6, MoveTime: 3 * time.Second}

// drawMargin is how far behind (in centipawns) the engine must think it
// is to accept a draw offer or claim a draw.
const drawMargin ai.Score = 150

type playTickMsg struct {
	game int64
	seq  int
}

// watchMsg ends the pause before a move in a computer-v-computer game.
type watchMsg struct {
	game int64
	seq  int
}

// initPlay seats the players, sets the clock and the save state, before
// the first gameChanged.
func (m *gameScreen) initPlay() {
	p := &m.match
	o := &m.opts
	p.id = nextGameID()
	p.keys = DefaultPlayKeys()
	p.active = true
	if !o.Players[rules.White].Computer && !o.Players[rules.Black].Computer && o.Mode.Computer() {
		o.Players = playersFor(o.Mode, settingsLevel(m.ctx))
	}
	o.Mode = modeOf(o.Players)
	p.players = o.Players
	p.seed = uint64(m.now().UnixNano())

	hist := m.game.History()
	p.plies, p.result = len(hist), m.game.Result()
	if o.Clock.On() {
		p.clock = newGameClock(o.Clock)
		p.clocks = make([]time.Duration, len(hist))
		for i := range p.clocks {
			p.clocks[i] = -1
		}
		if o.Continue != nil {
			copy(p.clocks, o.Continue.Clocks)
			white, black := o.Clock.Base, o.Clock.Base
			for i, d := range p.clocks {
				if d >= 0 && hist[i].Color() == rules.White {
					white = d
				} else if d >= 0 {
					black = d
				}
			}
			p.clock.Set(white, black)
		}
	}
	m.initStore()

	switch o.Mode {
	case PlayWhite, PlayBlack:
		human := m.humanSide()
		m.flip = human == rules.Black
		m.cursor = m.game.Position().King(human)
	}
	p.ready = true
}

// start is called when the screen comes (back) on: the engine starts if
// it is to move, the clock runs on if it ran.
func (m *gameScreen) start() tea.Cmd {
	p := &m.match
	p.active = true
	if p.clock != nil && p.wasRunning && !m.game.Result().Over() {
		p.clock.Start(m.game.Position().SideToMove(), m.now())
		p.wasRunning = false
		m.schedule(m.tickCmd())
	}
	m.maybeThink()
	return m.takePending()
}

// leave is called when another screen replaces this one: the engine
// stops and the clock stands still.
func (m *gameScreen) leave() {
	p := &m.match
	p.active = false
	m.stopSearch()
	if p.clock != nil {
		p.wasRunning = p.clock.running
		p.clock.Stop(m.now())
	}
}

func (m *gameScreen) now() time.Time { return m.ctx.Services.Now() }

// schedule queues commands for the current Update to return.
func (m *gameScreen) schedule(cmds ...tea.Cmd) {
	for _, c := range cmds {
		if c != nil {
			m.match.pending = append(m.match.pending, c)
		}
	}
}

func (m *gameScreen) takePending() tea.Cmd {
	cmds := m.match.pending
	m.match.pending = nil
	return tea.Batch(cmds...)
}

// Update handles the engine's, the clock's and the save dialog's
// messages, and hands the rest to the board (updateBoard).
func (m *gameScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case engineDoneMsg:
		m.engineDone(msg)
	case engineProgressMsg:
		cmd = m.engineProgress(msg)
	case playTickMsg:
		cmd = m.tick(msg)
	case watchMsg:
		if p := &m.match; msg.game == p.id && msg.seq == p.watchSeq && p.watching {
			p.watching, p.watchReady = false, true
			m.maybeThink()
		}
	case tea.MouseMsg:
		if !m.scrollWheel(msg) {
			_, cmd = m.updateBoard(msg)
		}
	default:
		_, cmd = m.updateBoard(msg)
	}
	return m, tea.Batch(cmd, m.takePending())
}

// playKey handles the keys of PlayKeys and of the save dialog; false
// leaves the key to the board.
func (m *gameScreen) playKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	p := &m.match
	if p.dialog != dialogNone {
		return m.dialogKey(msg), true
	}
	if m.overlay != overlayNone && m.overlay != overlayHelp || boundIn(&m.ctx.Settings.Keys, "game", msg) {
		return nil, false
	}
	k := p.keys
	switch {
	case key.Matches(msg, k.MoveNow):
		m.moveNow()
	case key.Matches(msg, k.Hint):
		m.requestHint()
	case key.Matches(msg, k.Save):
		return m.openSaveDialog(), true
	case key.Matches(msg, k.Open):
		return openFiles(m), true
	case key.Matches(msg, k.ScrollUp):
		p.listScroll++
	case key.Matches(msg, k.ScrollDown):
		p.listScroll = max(0, p.listScroll-1)
	default:
		return nil, false
	}
	m.overlay = overlayNone
	return nil, true
}

func (m *gameScreen) scrollWheel(msg tea.MouseMsg) bool {
	if msg.Action != tea.MouseActionPress {
		return false
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		m.match.listScroll++
	case tea.MouseButtonWheelDown:
		m.match.listScroll = max(0, m.match.listScroll-1)
	default:
		return false
	}
	return true
}

// humanSide is the side a person plays against the computer (White when
// both or neither are people).
func (m *gameScreen) humanSide() rules.Color {
	if m.match.players[rules.White].Computer && !m.match.players[rules.Black].Computer {
		return rules.Black
	}
	return rules.White
}

// humanToMove reports whether a person is to move, so the board takes
// moves.
func (m *gameScreen) humanToMove() bool {
	return !m.match.players[m.game.Position().SideToMove()].Computer
}

// resigningSide is who resigns: the person against the computer, the
// side to move otherwise.
func (m *gameScreen) resigningSide() rules.Color {
	switch m.opts.Mode {
	case PlayWhite, PlayBlack:
		return m.humanSide()
	}
	return m.game.Position().SideToMove()
}

func (m *gameScreen) engineName(c rules.Color) string { return engineName(m.match.players[c].Level) }

// notYourMove explains why the board does not take a move now.
func (m *gameScreen) notYourMove() {
	p := &m.match
	side := m.game.Position().SideToMove()
	switch {
	case p.engineErr != nil:
		m.complain("%s could not move: %v. Press %s to try again, or %s to take back.", m.engineName(side), p.engineErr, firstKeyOf(p.keys.MoveNow), "u")
	case p.paused:
		m.complain("The computer is paused; %s lets it play on.", firstKeyOf(p.keys.MoveNow))
	case m.opts.Mode == ComputerVsComputer:
		m.complain("The computer plays both sides; %s makes it move now.", firstKeyOf(p.keys.MoveNow))
	default:
		m.complain("%s is thinking; %s makes it move now.", m.engineName(side), firstKeyOf(p.keys.MoveNow))
	}
}

// firstKeyOf is the key a binding's help names.
func firstKeyOf(b key.Binding) string {
	if h := b.Help().Key; h != "" {
		return h
	}
	if ks := b.Keys(); len(ks) > 0 {
		return ks[0]
	}
	return "?"
}

// playChanged follows every change to the game (called by gameChanged):
// it runs the clock, drops a hint, saves the game in progress and lets
// the engine move when it is its turn.
func (m *gameScreen) playChanged() {
	p := &m.match
	if !p.ready {
		return
	}
	hist := m.game.History()
	n := len(hist)
	res := m.game.Result()
	now := m.now()
	p.listScroll = 0
	p.store.notice = "" // said once, after the move that caused it
	if n < p.plies || n > p.plies+1 || res != p.result {
		// Anything but one move forward: the search was for another
		// position.
		m.stopSearch()
	}
	if p.clock != nil {
		switch {
		case n == p.plies+1:
			mover := hist[n-1].Color()
			left, ok := p.clock.Moved(mover, now)
			if !ok {
				// The flag fell before the move was made: it does not count.
				m.game.Undo()
				m.game.LoseOnTime(mover)
				m.gameChanged()
				return
			}
			p.clocks = append(p.clocks[:n-1], left)
			p.clockStarted = true
			if m.opts.Mode == ComputerVsComputer {
				// The next engine's time starts with its search.
				p.clock.Stop(now)
			}
			m.schedule(m.tickCmd())
		case n > p.plies:
			for i := p.plies; i < n; i++ {
				p.clocks = append(p.clocks[:i], p.clock.Remaining(hist[i].Color(), now))
			}
		case n < p.plies:
			p.clocks = p.clocks[:n]
			m.clockAfterUndo(now)
		}
		if res.Over() {
			p.clock.Stop(now)
		}
	}
	ended := res.Over() && !p.result.Over()
	p.plies, p.result = n, res
	if res.Over() {
		m.stopSearch()
	}
	if ended {
		m.saveFinished()
	} else {
		m.autosave()
	}
	m.maybeThink()
}

// clockAfterUndo stops the clock in two-player play (it runs again with
// the next move); against the computer the person's time runs on.
func (m *gameScreen) clockAfterUndo(now time.Time) {
	c := m.match.clock
	switch m.opts.Mode {
	case PlayWhite, PlayBlack:
		if c.running {
			c.Start(m.game.Position().SideToMove(), now)
		}
	default:
		c.Stop(now)
	}
}

// maybeThink starts the engine when it is to move.
func (m *gameScreen) maybeThink() {
	p := &m.match
	if !p.active || p.engineErr != nil || p.paused || m.game.Result().Over() {
		return
	}
	side := m.game.Position().SideToMove()
	if !p.players[side].Computer {
		return
	}
	if p.search != nil {
		if p.search.purpose == searchMove {
			return
		}
		m.stopSearch()
	}
	// Watching the computer play itself, each move waits a moment so
	// people can follow the game.
	if m.opts.Mode == ComputerVsComputer && !p.watchReady {
		if !p.watching {
			p.watching = true
			p.watchSeq++
			id, seq := p.id, p.watchSeq
			m.schedule(tea.Tick(watchDelay, func(time.Time) tea.Msg { return watchMsg{id, seq} }))
		}
		return
	}
	p.watchReady = false
	// An engine that thinks it is behind takes a draw it can claim.
	if claims := m.game.Claimable(); len(claims) > 0 && p.scored[side] && p.score[side] <= 0 {
		if err := m.game.ClaimDraw(claims[0]); err == nil {
			m.gameChanged()
			m.say("%s claims a draw by %s.", m.engineName(side), claimName(claims[0]))
			return
		}
	}
	m.startSearch(searchMove, side)
}

// startSearch sets the engine to work on a copy of the position.
func (m *gameScreen) startSearch(purpose searchPurpose, side rules.Color) {
	p := &m.match
	if p.engine == nil {
		p.engine = m.ctx.Services.NewEngine()
	}
	p.searchSeq++
	ctx, cancel := context.WithCancel(context.Background())
	job := searchJob{
		game: p.id, search: p.searchSeq, purpose: purpose,
		engine: p.engine, pos: m.game.Position().Clone(), ctx: ctx,
	}
	if purpose == searchHint {
		job.lim = hintLimits
	} else {
		if p.clock != nil && p.clockStarted {
			// The engine's time runs while it thinks (in a watched game
			// the pause before the search is not charged).
			p.clock.Start(side, m.now())
			m.schedule(m.tickCmd())
		}
		job.lim = m.engineLimits(side)
	}
	p.search = &runningSearch{id: p.searchSeq, purpose: purpose, side: side, cancel: cancel, started: m.now()}
	ch := make(chan ai.Progress, 1)
	m.schedule(runSearch(job, ch), listenProgress(p.id, p.searchSeq, ch), m.tickCmd())
}

// engineLimits are the level's limits; with a clock the engine budgets
// its own time from it instead of a fixed time a move.
func (m *gameScreen) engineLimits(side rules.Color) ai.Limits {
	p := &m.match
	lim := p.players[side].Level.Limits
	lim.Seed = p.seed
	if p.clock != nil {
		lim.MoveTime = 0
		lim.Clock = ai.Clock{Remaining: p.clock.Remaining(side, m.now()), Increment: p.clock.tc.Increment}
	}
	return lim
}

// stopSearch cancels a search in progress, or the pause before one; its
// result will be dropped.
func (m *gameScreen) stopSearch() {
	if s := m.match.search; s != nil {
		s.cancel()
		m.match.search = nil
	}
	m.match.watching = false
}

func (m *gameScreen) engineProgress(msg engineProgressMsg) tea.Cmd {
	p := &m.match
	if msg.game != p.id {
		return nil
	}
	if s := p.search; s != nil && s.id == msg.search {
		s.progress, s.reported = msg.progress, true
	}
	// Keep reading until the search closes the channel, so its goroutine
	// never blocks.
	return listenProgress(msg.game, msg.search, msg.ch)
}

// engineDone applies a finished search, unless it is stale: for another
// game, a search since cancelled, or a position that has changed.
func (m *gameScreen) engineDone(msg engineDoneMsg) {
	p := &m.match
	s := p.search
	if msg.game != p.id || s == nil || s.id != msg.search {
		return
	}
	p.search = nil
	pos := m.game.Position()
	if msg.ply != pos.Ply() || msg.key != pos.Key() {
		return
	}
	if msg.purpose == searchHint {
		m.showHint(msg)
		return
	}
	side := pos.SideToMove()
	name := m.engineName(side)
	if msg.err != nil {
		p.engineErr = msg.err
		m.notYourMove()
		return
	}
	mv := msg.res.Move
	san := "?"
	if pos.IsLegal(mv) {
		san = pos.SAN(mv)
	}
	if err := m.game.Play(mv); err != nil {
		p.engineErr = fmt.Errorf("it chose %s, which is not a legal move here", mv.UCI())
		m.notYourMove()
		return
	}
	p.score[side], p.scored[side] = msg.res.Score, true
	m.gameChanged()
	if res := m.game.Result(); res.Over() && res.Reason == rules.TimeForfeit {
		m.say("Game over: %s.", resultText(res))
		return
	}
	m.say("%s played %s.", name, san)
}

// moveNow makes the engine play the best move it has found, or, when it
// waits (after an error, or paused), sets it going again.
func (m *gameScreen) moveNow() {
	p := &m.match
	if m.opts.Mode == TwoPlayers {
		m.complain("No computer plays in this game; %s asks it for a hint.", firstKeyOf(p.keys.Hint))
		return
	}
	if res := m.game.Result(); res.Over() {
		m.complain("The game is over: %s.", resultText(res))
		return
	}
	if s := p.search; s != nil && s.purpose == searchMove {
		s.moveNow = true
		s.cancel()
		m.say("%s moves now.", m.engineName(s.side))
		return
	}
	if m.humanToMove() {
		m.complain("It is your move; %s makes the computer move while it thinks.", firstKeyOf(p.keys.MoveNow))
		return
	}
	// Moving now skips the pause of a watched game.
	p.watching, p.watchReady = false, true
	p.engineErr, p.paused = nil, false
	m.message = ""
	m.maybeThink()
}

// requestHint asks the engine what it would play for the person to move.
func (m *gameScreen) requestHint() {
	p := &m.match
	if res := m.game.Result(); res.Over() {
		m.complain("The game is over: %s.", resultText(res))
		return
	}
	if !m.humanToMove() {
		m.notYourMove()
		return
	}
	if p.search != nil {
		return // already looking
	}
	m.startSearch(searchHint, m.game.Position().SideToMove())
	m.message = ""
}

// showHint selects the suggested piece and puts the cursor on its
// destination, so the board marks both and enter plays it.
func (m *gameScreen) showHint(msg engineDoneMsg) {
	pos := m.game.Position()
	mv := msg.res.Move
	if msg.err != nil || !pos.IsLegal(mv) {
		m.complain("No hint this time: the engine found no move.")
		return
	}
	m.overlay = overlayNone
	m.selected = mv.From()
	m.cursor = mv.To()
	if !m.frame.tooSmall {
		m.goalCol = m.frame.board.Column(m.cursor)
	}
	m.say("Hint: %s (%s). Enter plays it.", pos.SAN(mv), scoreText(msg.res.Score, pos.SideToMove()))
}

// undoAgainstComputer takes back to the person's previous move: two
// plies, or one when the engine has not answered yet. Watching the
// computer play itself, it takes back one ply and pauses.
func (m *gameScreen) undoAgainstComputer() {
	p := &m.match
	m.stopSearch()
	p.engineErr = nil
	if m.opts.Mode == ComputerVsComputer {
		if !m.game.Undo() {
			m.complain("Nothing to undo.")
			return
		}
		p.paused = true
		m.gameChanged()
		m.say("Move taken back; the computer waits (%s plays on).", firstKeyOf(p.keys.MoveNow))
		return
	}
	human := m.humanSide()
	hist := m.game.History()
	last := -1
	for i := len(hist) - 1; i >= 0; i-- {
		if hist[i].Color() == human {
			last = i
			break
		}
	}
	if last < 0 {
		m.gameChanged() // the engine starts again if it was stopped
		m.complain("Nothing to undo: you have not moved yet.")
		return
	}
	for len(m.game.History()) > last {
		m.game.Undo()
	}
	m.gameChanged()
	m.say("Your move %s taken back; U replays it.", hist[last].SAN)
}

// redoAgainstComputer replays up to the person's next turn.
func (m *gameScreen) redoAgainstComputer() {
	if !m.game.CanRedo() {
		m.complain("Nothing to redo.")
		return
	}
	m.stopSearch()
	m.game.Redo()
	for m.opts.Mode != ComputerVsComputer && m.game.CanRedo() && !m.humanToMove() {
		m.game.Redo()
	}
	m.gameChanged()
	m.say("Move replayed.")
}

// drawAgainstComputer claims a draw that is open, or offers one: the
// engine accepts when it thinks it is clearly behind.
func (m *gameScreen) drawAgainstComputer() {
	p := &m.match
	if m.opts.Mode == ComputerVsComputer {
		m.complain("The computer plays both sides; it claims its own draws.")
		return
	}
	if !m.humanToMove() {
		m.notYourMove()
		return
	}
	if claims := m.game.Claimable(); len(claims) > 0 {
		m.claim = claims[0]
		m.ask(askClaim)
		return
	}
	engine := m.humanSide().Other()
	if p.scored[engine] && p.score[engine] <= -drawMargin {
		if err := m.game.AgreeDraw(); err != nil {
			m.complain("%v", err)
			return
		}
		m.gameChanged()
		m.say("%s accepts the draw.", m.engineName(engine))
		return
	}
	m.say("%s declines the draw.", m.engineName(engine))
}

// tickCmd starts the redraw tick unless it is running.
func (m *gameScreen) tickCmd() tea.Cmd {
	p := &m.match
	if p.ticking {
		return nil
	}
	p.ticking = true
	p.tickSeq++
	id, seq := p.id, p.tickSeq
	return tea.Tick(tickEvery, func(time.Time) tea.Msg { return playTickMsg{id, seq} })
}

// tick redraws, and ends the game when a flag falls.
func (m *gameScreen) tick(msg playTickMsg) tea.Cmd {
	p := &m.match
	if msg.game != p.id || msg.seq != p.tickSeq {
		return nil
	}
	p.ticking = false
	if p.clock != nil && !m.game.Result().Over() {
		if side, fell := p.clock.Flagged(m.now()); fell {
			m.stopSearch()
			if err := m.game.LoseOnTime(side); err == nil {
				m.gameChanged()
				m.say("%s's time is up.", capitalise(colourName(side)))
			}
		}
	}
	if p.active && (p.search != nil || p.clock != nil && p.clock.running) {
		return m.tickCmd()
	}
	return nil
}

// spinnerFrame turns with the time the search has run.
func (m *gameScreen) spinnerFrame(s *runningSearch) string {
	sp := spinner.MiniDot
	if m.ctx.Styles.ASCII {
		sp = spinner.Line
	}
	n := int(m.now().Sub(s.started) / sp.FPS)
	return sp.Frames[max(n, 0)%len(sp.Frames)]
}

// playPanel adds the players, the clocks and the engine's thinking to
// the side panel.
func (m *gameScreen) playPanel(pw *panelWriter) {
	p := &m.match
	st := m.ctx.Styles
	if m.opts.Mode.Computer() {
		pw.wrap(playersLine(p.players), st.Subtle)
	}
	if p.clock != nil {
		pw.line(m.clockLine())
	}
	if s := p.search; s != nil {
		text := "Looking for a hint…"
		if s.purpose == searchMove {
			text = fmt.Sprintf("%s is thinking… (%s moves now)", m.engineName(s.side), firstKeyOf(p.keys.MoveNow))
		}
		pw.wrap(m.spinnerFrame(s)+" "+text, st.Accent)
		if s.reported {
			pr := s.progress
			pw.line(st.Subtle.Render(truncate(fmt.Sprintf("  depth %d · %s · %s nodes", pr.Depth, scoreText(pr.Score, m.game.Position().SideToMove()), countText(pr.Nodes)), pw.width)))
		}
	}
	if p.store.notice != "" {
		pw.wrap(p.store.notice, st.Subtle)
	}
	if p.store.err != "" {
		pw.wrap(p.store.err, st.Error)
	}
	m.dialogLines(pw)
}

// clockLine shows both clocks, the running one marked.
func (m *gameScreen) clockLine() string {
	p := &m.match
	st := m.ctx.Styles
	now := m.now()
	var parts []string
	for c := rules.White; c <= rules.Black; c++ {
		mark := " "
		if p.clock.running && p.clock.side == c {
			mark = string(st.Glyphs.Current)
		}
		text := fmt.Sprintf("%s%s %s", mark, capitalise(colourName(c)), clockText(p.clock.Remaining(c, now)))
		if p.clock.Remaining(c, now) == 0 {
			text = st.Error.Render(text)
		} else if mark != " " {
			text = st.Bold.Render(text)
		}
		parts = append(parts, text)
	}
	line := parts[0] + "  " + parts[1]
	var state string
	switch {
	case p.clock.running || m.game.Result().Over() || p.watching || p.search != nil:
	case !p.clockStarted:
		state = "(starts with a move)"
	default:
		state = "(stopped)"
	}
	if state != "" && visibleWidth(line)+2+len(state) <= m.frame.panelW {
		line += "  " + st.Subtle.Render(state)
	}
	return line
}

// withPlayHelp adds the keys that matter now to the one-line help, before
// its last two (help and quit), as many as fit: move now while the
// engine thinks, then save.
func (m *gameScreen) withPlayHelp(base []key.Binding) []key.Binding {
	k := m.match.keys
	var extra []key.Binding
	if s := m.match.search; s != nil && s.purpose == searchMove {
		// The board takes no move meanwhile: say how to hurry instead.
		var keep []key.Binding
		for _, b := range base {
			if b.Help() != m.keys.Select.Help() && b.Help() != m.keys.Type.Help() {
				keep = append(keep, b)
			}
		}
		base = keep
		extra = append(extra, k.MoveNow)
	}
	extra = append(extra, k.Save)
	if len(base) < 2 {
		return append(base, extra...)
	}
	for n := len(extra); n > 0; n-- {
		out := append(append(append([]key.Binding(nil), base[:len(base)-2]...), extra[:n]...), base[len(base)-2:]...)
		whole := m.help
		whole.Width = 0 // measure the line uncut
		if m.help.Width <= 0 || visibleWidth(whole.ShortHelpView(out)) <= m.help.Width {
			return out
		}
	}
	return base
}
