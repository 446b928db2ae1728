package match

import (
	"sync/atomic"
	"time"

	"varia/rules"
	"varia/saves"
)

// Options say what match to set up.
type Options struct {
	// Game is the game to play on: a new one, or one continued with its
	// moves (a resumed or replayed game).
	Game    *rules.Game
	Players [2]Player
	Clock   saves.TimeControl // none by default
	// Clocks are a continued game's times left after each move
	// (saves.NoClock where unknown); the clock goes on from the last.
	Clocks []time.Duration
	// Comment and Notes are a continued game's annotations (its opening
	// comment, and each move's glyphs, comments and side lines): they
	// are written with the game for as long as its moves stand.
	Comment string
	Notes   []saves.Note
	// Resumed is an unfinished game resumed as it was read, with the
	// unfinished File it was claimed in: the match goes on writing that
	// file, with the game's own tags. Without it the game gets new tags
	// and a file of its own with its first move.
	Resumed *saves.SavedGame
	File    *saves.Unfinished
	// SaveDir is where finished games are saved ("" for the default).
	SaveDir string
	// Keeper, when set, keeps the game instead of a saves.Keeper of the
	// unfinished games and SaveDir (File and SaveDir are then unused): a
	// server keeps its rooms' games in folders of its own.
	Keeper Keeper
	// Tags are added to a new game's own (a server's room, its players'
	// keys).
	Tags saves.Tags
	// Grace is how long a remote player may be away before the opponent
	// may claim the game (DefaultGrace when zero).
	Grace time.Duration
	// NewEngine makes the engine the match uses for its moves and hints,
	// on first use; one per match keeps its hash table from move to move.
	NewEngine func() Engine
	// Now is the time the clock reads.
	Now func() time.Time
}

var ids atomic.Int64

// Match is one game being played: the rules.Game, who plays each side,
// the clock, draw offers and claims, the engine's turns and when the game
// is saved. It knows no terminal: it takes events (a person's move, an
// undo, an engine's result, a tick of the clock) and returns Effects for
// its host to carry out. Any number of views can follow it: they read it
// (Game, Search, Clock, SaveStatus), act on it for the sides they seat,
// and tell what happened from its Note. A Match is used from one
// goroutine at a time.
type Match struct {
	id      ID
	game    *rules.Game
	players [2]Player
	now     func() time.Time
	active  bool // someone is watching: the engine may think, the clock run
	begun   bool // Start has run once
	eng     engineTurn
	files   files

	clock  *Clock          // nil without a clock
	clocks []time.Duration // time left after each move of the history
	// A continued game's clock times as read, with the moves they were
	// read with, kept when the match runs no clock (its TimeControl
	// could not be read): rewriting the game drops none of them.
	readClocks []time.Duration
	readLine   []rules.Move
	wasRunning bool // the clock ran when the match was paused
	ticking    bool
	tickSeq    int

	plies   int          // game length when changed last looked
	result  rules.Result // result then
	version int          // counts the game's changes

	offer    proposal // a draw offer waiting for an answer
	takeback proposal // a request to take a move back, waiting for an answer
	proposed int      // counts proposals, to tell one from the next

	grace     time.Duration
	away      [2]time.Time // when a remote player left
	left      [2]bool      // a remote player is away
	graceTold [2]bool      // their grace period's end has been told
	graceSeq  int

	premove     Premove // a person's move queued while the engine thinks
	premoveSide rules.Color
	premoved    bool
	premoveText string // as it was written when queued

	noteSeq int
	note    Note

	annotations annotations

	fx []Effect // effects of the event being handled
}

// New sets up a match; nothing happens until Start.
func New(o Options) *Match {
	m := &Match{id: ID(ids.Add(1)), game: o.Game, players: o.Players, now: o.Now, grace: o.Grace}
	if m.now == nil {
		m.now = time.Now
	}
	if m.grace <= 0 {
		m.grace = DefaultGrace
	}
	m.eng = engineTurn{newEngine: o.NewEngine, seed: uint64(m.now().UnixNano())}
	m.plies, m.result = m.game.Len(), m.game.Result()
	if o.Clock.On() {
		m.clock = NewClock(o.Clock)
		m.clocks = make([]time.Duration, m.game.Len())
		for i := range m.clocks {
			m.clocks[i] = saves.NoClock
		}
		if o.Clocks != nil {
			copy(m.clocks, o.Clocks)
			hist := m.game.History()
			white, black := o.Clock.Base, o.Clock.Base
			for i, d := range m.clocks {
				if d >= 0 && hist[i].Color() == rules.White {
					white = d
				} else if d >= 0 {
					black = d
				}
			}
			m.clock.Set(white, black)
		}
	} else if o.Clocks != nil {
		m.readClocks = append([]time.Duration(nil), o.Clocks...)
		for _, r := range m.game.History() {
			m.readLine = append(m.readLine, r.Move)
		}
	}
	m.files = newFiles(o, m.now())
	m.SetNotes(o.Comment, o.Notes)
	return m
}

// ID tells this match from others.
func (m *Match) ID() ID { return m.id }

// Game is the game played. Views read it; only the match changes it.
func (m *Match) Game() *rules.Game { return m.game }

// Players says who plays each side.
func (m *Match) Players() [2]Player { return m.players }

// Mode names who plays whom.
func (m *Match) Mode() Mode { return ModeOf(m.players) }

// Version counts the changes to the game, so views can tell whether it
// changed since they last looked.
func (m *Match) Version() int { return m.version }

// Note is the latest thing that happened, with its sequence number (0
// before anything happened).
func (m *Match) Note() (int, Note) { return m.noteSeq, m.note }

// PersonToMove reports whether a person is to move (so a view seating
// that side takes moves).
func (m *Match) PersonToMove() bool {
	return !m.players[m.game.Position().SideToMove()].Computer
}

// Search is the search in progress, or nil.
func (m *Match) Search() *Search { return m.eng.search }

// EngineErr is why the engine's last move failed; it waits for MoveNow.
func (m *Match) EngineErr() error { return m.eng.err }

// Paused reports whether the computer, playing both sides, waits after
// an undo.
func (m *Match) Paused() bool { return m.eng.paused }

// Watching reports whether the computer, playing both sides, pauses
// before a move.
func (m *Match) Watching() bool { return m.eng.watching }

// Clock is the chess clock, nil without one.
func (m *Match) Clock() *Clock { return m.clock }

// Now is the time the clock reads.
func (m *Match) Now() time.Time { return m.now() }

// Offer says whether a draw offer waits for an answer, and who made it.
func (m *Match) Offer() (rules.Color, bool) { return m.offer.by, m.offer.open }

// take returns the effects of the event handled.
func (m *Match) take() []Effect {
	fx := m.fx
	m.fx = nil
	return fx
}

func (m *Match) say(n Note) {
	m.noteSeq++
	m.note = n
}

// Start is called when the match comes into view: the engine starts if
// it is to move, and the clock runs on if it ran. The first Start keeps
// a continued game on disk at once.
func (m *Match) Start() []Effect {
	m.active = true
	if m.clock != nil && m.wasRunning && !m.game.Result().Over() {
		m.clock.Start(m.game.Position().SideToMove(), m.now())
		m.wasRunning = false
		m.tick()
	}
	if !m.begun {
		m.begun = true
		m.keep(false)
	}
	m.maybeThink()
	return m.take()
}

// Pause is called when nobody watches any more (another screen is
// shown): the engine stops and the clock stands still until Start.
func (m *Match) Pause() []Effect {
	m.active = false
	m.eng.stop()
	if m.clock != nil {
		_, m.wasRunning = m.clock.Running()
		m.clock.Stop(m.now())
	}
	return m.take()
}

// Handle takes a report for one of the match's effects. Reports for
// another match, or for a search or wake-up since superseded, are
// dropped.
func (m *Match) Handle(ev Event) []Effect {
	if ev.MatchID() != m.id {
		return nil
	}
	switch ev := ev.(type) {
	case SearchDone:
		m.searchDone(ev)
	case SearchProgress:
		if s := m.eng.search; s != nil && s.Seq == ev.Seq {
			s.Progress, s.Reported = ev.Progress, true
		}
	case Woke:
		if ev.Grace {
			m.graceOver()
		} else if !ev.Watch {
			m.woke(ev)
		} else if e := &m.eng; ev.Seq == e.watchSeq && e.watching {
			e.watching, e.watchReady = false, true
			m.maybeThink()
		}
	case Saved:
		if n, ok := m.files.saved(ev); ok {
			m.say(n)
		}
	}
	return m.take()
}

// changed follows every change to the game: it runs the clock, drops a
// search for another position, keeps the game on disk and lets the
// engine move when it is its turn. It reports false when the move just
// made does not count: the mover's flag had fallen.
func (m *Match) changed() bool {
	n := m.game.Len()
	res := m.game.Result()
	now := m.now()
	m.version++
	// A move, or any other change, answers what was proposed before it.
	m.offer.open, m.takeback.open = false, false
	m.files.status.SavedTo = "" // said once, after the change that caused it
	if n != m.plies+1 || res.Over() {
		m.premoved = false // queued for a position that will not come
	}
	if s := m.eng.search; n < m.plies || n > m.plies+1 || res != m.result || s != nil && s.Purpose == ForHint {
		// Anything but one move forward, or a hint asked for before the
		// move: the search was for another position.
		m.eng.stop()
	}
	if m.clock != nil {
		hist := m.game.History()
		switch {
		case n == m.plies+1:
			mover := hist[n-1].Color()
			left, ok := m.clock.Moved(mover, now)
			if !ok {
				// The flag fell before the move was made: it does not count.
				m.game.Undo()
				m.game.LoseOnTime(mover)
				m.changed()
				return false
			}
			m.clocks = append(m.clocks[:n-1], left)
			if m.Mode() == ComputerVsComputer {
				// The next engine's time starts with its search.
				m.clock.Stop(now)
			}
			m.tick()
		case n > m.plies:
			for i := m.plies; i < n; i++ {
				m.clocks = append(m.clocks[:i], m.clock.Remaining(hist[i].Color(), now))
			}
		case n < m.plies:
			m.clocks = m.clocks[:n]
			// Between two people at one keyboard the clock stops (it runs
			// again with the next move); against the computer, or online,
			// the time of the side to move runs on.
			if _, running := m.clock.Running(); running && n > 0 && (m.Mode() == PlayWhite || m.Mode() == PlayBlack || m.remote()) {
				m.clock.Start(m.game.Position().SideToMove(), now)
			} else {
				m.clock.Stop(now)
			}
		}
		if res.Over() {
			m.clock.Stop(now)
		}
	}
	ended := res.Over() && !m.result.Over()
	m.plies, m.result = n, res
	if res.Over() {
		m.eng.stop()
	}
	m.keep(ended)
	m.maybeThink()
	return true
}

// tick asks for the clock's next wake-up unless one is asked for.
func (m *Match) tick() {
	if m.ticking {
		return
	}
	m.ticking = true
	m.tickSeq++
	m.fx = append(m.fx, Wake{Match: m.id, Seq: m.tickSeq, After: TickEvery})
}

// woke ends the game when a flag falls, and asks for the next wake-up
// while the engine thinks or a clock runs.
func (m *Match) woke(ev Woke) {
	if ev.Seq != m.tickSeq {
		return
	}
	m.ticking = false
	if m.clock != nil && !m.game.Result().Over() {
		if side, fell := m.clock.Flagged(m.now()); fell {
			m.eng.stop()
			if err := m.game.LoseOnTime(side); err == nil {
				m.changed()
				m.say(Note{Kind: NoteTimeUp, Side: side})
			}
		}
	}
	if _, running := m.clock.Running(); m.active && (m.eng.search != nil || running) {
		m.tick()
	}
}
