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
	// ClockRuns has a continued game's clock run from Start for the
	// side to move, as in online play (a server's rooms brought back
	// after a restart), instead of standing until the next move.
	ClockRuns bool
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
// and the parts that follow it, each with a job of its own: the
// engine's turns (Computer), the clock (timing), what one side asks of
// the other (Consent), remote players away (Absence), a person's moves
// queued while the engine thinks (Premoves), and the game's record on
// disk (record). It knows no terminal: it takes events (a person's move,
// an undo, an engine's result, a tick of the clock) and returns Effects
// for its host to carry out. Any number of views can follow it: they
// read it (Game, Computer, Clock, Saves), act on it for the sides they
// seat, and tell what happened from its Note. A Match is used from one
// goroutine at a time.
type Match struct {
	c      core
	begun  bool         // Start has run once
	plies  int          // game length when changed last looked
	result rules.Result // result then

	engine   Computer
	clock    timing
	consent  Consent
	absence  Absence
	premoves Premoves
	record   record
}

// New sets up a match; nothing happens until Start.
func New(o Options) *Match {
	m := &Match{}
	m.c = core{id: ID(ids.Add(1)), game: o.Game, players: o.Players, now: o.Now, changed: m.changed}
	c := &m.c
	if c.now == nil {
		c.now = time.Now
	}
	grace := o.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	m.plies, m.result = c.game.Len(), c.game.Result()
	m.clock = newTiming(c, o.Clock, o.Clocks, o.ClockRuns)
	m.engine = Computer{c: c, clock: &m.clock, newEngine: o.NewEngine, seed: uint64(c.now().UnixNano())}
	m.consent = Consent{c: c}
	m.absence = Absence{c: c, grace: grace}
	m.premoves = Premoves{c: c, thinking: m.engine.thinking}
	m.record = newRecord(c, &m.clock, o, c.now())
	return m
}

// ID tells this match from others.
func (m *Match) ID() ID { return m.c.id }

// Game is the game played. Views read it; only the match changes it.
func (m *Match) Game() *rules.Game { return m.c.game }

// Players says who plays each side.
func (m *Match) Players() [2]Player { return m.c.players }

// Mode names who plays whom.
func (m *Match) Mode() Mode { return m.c.mode() }

// Version counts the changes to the game, so views can tell whether it
// changed since they last looked.
func (m *Match) Version() int { return m.c.version }

// Note is the latest thing that happened, with its sequence number (0
// before anything happened).
func (m *Match) Note() (int, Note) { return m.c.noteSeq, m.c.note }

// PersonToMove reports whether a person is to move (so a view seating
// that side takes moves).
func (m *Match) PersonToMove() bool { return m.c.personToMove() }

// UndoByConsent reports whether a move is taken back only when the
// opponent agrees: two people, at least one of them remote. Undo is
// then refused; a player asks with Consent().ProposeUndo.
func (m *Match) UndoByConsent() bool { return m.c.byConsent() }

// Clock is the chess clock, nil without one.
func (m *Match) Clock() *Clock { return m.clock.clock }

// Now is the time the clock reads.
func (m *Match) Now() time.Time { return m.c.now() }

// Computer is the engine's part: its search in progress, how it waits,
// and MoveNow and Hint.
func (m *Match) Computer() *Computer { return &m.engine }

// Consent is what one side has asked of the other: a draw offer, a
// takeback request, and their answers.
func (m *Match) Consent() *Consent { return &m.consent }

// Absence follows remote players who leave and come back, and the
// claims their absence opens.
func (m *Match) Absence() *Absence { return &m.absence }

// Premoves are a person's moves queued while the engine thinks.
func (m *Match) Premoves() *Premoves { return &m.premoves }

// Snapshot is the game as it is written: tags, moves, clock times and
// the annotations of the moves they were made for, a copy that does not
// change as the game goes on.
func (m *Match) Snapshot() *saves.SavedGame { return m.record.snapshot() }

// SetNotes gives the game's moves so far annotations to be written with
// them (an analysis of the game, a continued game's comments): the
// game's opening comment and a note for each move, index by index.
func (m *Match) SetNotes(comment string, notes []saves.Note) { m.record.setNotes(comment, notes) }

// SaveAs saves the game to path as the player asked, replacing a file
// there only with replace and creating its folder only with makeFolder;
// the answer comes as a NoteSavedAs, NoteSaveExists, NoteSaveNoFolder or
// NoteSaveFailed.
func (m *Match) SaveAs(path string, replace, makeFolder bool) ([]Effect, error) {
	return m.record.saveAs(path, replace, makeFolder)
}

// Saves is what became of the game's files.
func (m *Match) Saves() Saves { return m.record.saves() }

// Start is called when the match comes into view: the engine starts if
// it is to move, and the clock runs on if it ran. The first Start keeps
// a continued game on disk at once.
func (m *Match) Start() []Effect {
	m.c.active = true
	m.clock.resume()
	if !m.begun {
		m.begun = true
		m.record.keep(false)
	}
	m.engine.think()
	return m.c.take()
}

// Pause is called when nobody watches any more (another screen is
// shown): the engine stops and the clock stands still until Start.
func (m *Match) Pause() []Effect {
	m.c.active = false
	m.engine.stop()
	m.clock.pause()
	return m.c.take()
}

// Close is called when the match is done with (another game or the menu
// takes its place, or the program ends): once every save before it is
// written, the game's unfinished file is let go, for this or another
// Varia to resume. The host may wait for the AwaitSave it returns.
func (m *Match) Close() []Effect {
	m.Pause()
	return m.record.close()
}

// Handle takes a report for one of the match's effects. Reports for
// another match, or for a search or wake-up since superseded, are
// dropped.
func (m *Match) Handle(ev Event) []Effect {
	if ev.MatchID() != m.c.id {
		return nil
	}
	switch ev := ev.(type) {
	case SearchDone:
		if san, played := m.engine.done(ev); played {
			m.premoves.play(san)
		}
	case SearchProgress:
		m.engine.progress(ev)
	case Woke:
		switch {
		case ev.Grace:
			m.absence.graceOver()
		case ev.Watch:
			m.engine.watched(ev)
		default:
			m.woke(ev)
		}
	case Saved:
		if n, ok := m.record.saved(ev); ok {
			m.c.say(n)
		}
	}
	return m.c.take()
}

// woke ends the game when a flag falls, and asks for the next wake-up
// while the engine thinks or a clock runs.
func (m *Match) woke(ev Woke) {
	if !m.clock.woke(ev.Seq) {
		return
	}
	if side, fell := m.clock.flagged(); fell {
		m.engine.stop()
		if err := m.c.game.LoseOnTime(side); err == nil {
			m.changed()
			m.c.say(Note{Kind: NoteTimeUp, Side: side})
		}
	}
	if m.c.active && (m.engine.Search() != nil || m.clock.running()) {
		m.clock.tick()
	}
}

// changed follows every change to the game in each part: what was
// proposed lapses, a premove for a position that will not come is
// dropped, a search for another position stops, the clock books the
// time, the game is kept on disk and the engine moves when it is its
// turn. It reports false when the move just made does not count: the
// mover's flag had fallen.
func (m *Match) changed() bool {
	g := m.c.game
	n := g.Len()
	res := g.Result()
	now := m.c.now()
	m.c.version++
	m.consent.lapse()
	m.record.changed()
	if n != m.plies+1 || res.Over() {
		m.premoves.Cancel() // queued for a position that will not come
	}
	if s := m.engine.Search(); n < m.plies || n > m.plies+1 || res != m.result || s != nil && s.Purpose == ForHint {
		// Anything but one move forward, or a hint asked for before the
		// move: the search was for another position.
		m.engine.stop()
	}
	if mover, ok := m.clock.follow(m.plies, n, res, now); !ok {
		// The flag fell before the move was made: it does not count.
		g.Undo()
		g.LoseOnTime(mover)
		m.changed()
		return false
	}
	ended := res.Over() && !m.result.Over()
	m.plies, m.result = n, res
	if res.Over() {
		m.engine.stop()
	}
	m.record.keep(ended)
	m.engine.think()
	return true
}
