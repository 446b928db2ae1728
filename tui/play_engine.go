package tui

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
	"varia/tui/config"
	"varia/tui/words"
)

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
		m.complain("%s could not move: %v. Press %s to try again, or %s to take back.", m.engineName(side), p.engineErr, config.FirstKey(m.keys.MoveNow), config.FirstKey(m.keys.Undo))
	case p.paused:
		m.complain("The computer is paused; %s lets it play on.", config.FirstKey(m.keys.MoveNow))
	case m.opts.Mode == ComputerVsComputer:
		m.complain("The computer plays both sides; %s makes it move now.", config.FirstKey(m.keys.MoveNow))
	default:
		m.complain("%s is thinking; %s makes it move now.", m.engineName(side), config.FirstKey(m.keys.MoveNow))
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
		m.complain("No computer plays in this game; %s asks it for a hint.", config.FirstKey(m.keys.Hint))
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
		m.complain("It is your move; %s makes the computer move while it thinks.", config.FirstKey(m.keys.MoveNow))
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
	m.say("Hint: %s (%s). %s plays it.", pos.SAN(mv), scoreText(msg.res.Score, pos.SideToMove()), words.Capitalise(config.FirstKey(m.keys.Select)))
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
		m.say("Move taken back; the computer waits (%s plays on).", config.FirstKey(m.keys.MoveNow))
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
	for m.game.Len() > last {
		m.game.Undo()
	}
	m.gameChanged()
	m.say("Your move %s taken back; %s replays it.", hist[last].SAN, config.FirstKey(m.keys.Redo))
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
	if m.askToClaim() {
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
