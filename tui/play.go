package tui

import (
	"context"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
)

// playState is what a game screen keeps beyond the board: the engine and
// its search, the clock, and the game's files.
type playState struct {
	id      int64 // tells this game's messages from an earlier game's
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

// playKey handles the keys for the computer, saving and the move list;
// false leaves the key to the board.
func (m *gameScreen) playKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	p := &m.match
	k := m.keys
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
	if n < p.plies || n > p.plies+1 || res != p.result || p.search != nil && p.search.purpose == searchHint {
		// Anything but one move forward, or a hint asked for before the
		// move: the search was for another position.
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
