package match

import (
	"context"
	"fmt"

	"varia/ai"
	"varia/rules"
)

// Computer is the match's engine at work: its searches for its own
// moves and for hints, and how it waits (after a failure, paused by an
// undo, pausing before each move of a game it plays against itself).
// Views read it (Search, Err, Paused, Watching) and ask it to hurry
// (MoveNow) or for a hint (Hint).
type Computer struct {
	c          *core
	clock      *timing
	newEngine  func() Engine
	engine     Engine // made on first use, kept for the match
	seed       uint64
	seq        int
	search     *Search // nil when the engine is idle
	err        error   // why the engine's last move failed; it waits for MoveNow
	paused     bool    // computer v computer: stopped by an undo until MoveNow
	watching   bool    // computer v computer: pausing before a move
	watchSeq   int
	watchReady bool        // the pause is over: the next search may start
	score      [2]ai.Score // each engine side's last score, from its own side
	scored     [2]bool
}

// Search is the search in progress, or nil.
func (e *Computer) Search() *Search { return e.search }

// Err is why the engine's last move failed; it waits for MoveNow.
func (e *Computer) Err() error { return e.err }

// Paused reports whether the computer, playing both sides, waits after
// an undo.
func (e *Computer) Paused() bool { return e.paused }

// Watching reports whether the computer, playing both sides, pauses
// before a move.
func (e *Computer) Watching() bool { return e.watching }

// thinking reports whether the engine searches for its own move now.
func (e *Computer) thinking() bool { return e.search != nil && e.search.Purpose == ForMove }

// MoveNowResult says what MoveNow did.
type MoveNowResult uint8

const (
	// Hurried: the engine plays the best move it has found so far.
	Hurried MoveNowResult = iota
	// Restarted: the engine, waiting (paused, or after a failure),
	// thinks again.
	Restarted
)

// MoveNow makes the engine play the best move it has found, or, when it
// waits (after an error, or paused), sets it going again.
func (e *Computer) MoveNow() ([]Effect, MoveNowResult, error) {
	switch {
	case e.c.mode() == TwoPlayers:
		return nil, 0, RefusedNoComputer
	case e.c.over():
		return nil, 0, RefusedGameOver
	}
	if e.thinking() {
		e.search.cancel()
		return nil, Hurried, nil
	}
	if e.c.personToMove() {
		return nil, 0, RefusedYourMove
	}
	// Moving now skips the pause of a watched game.
	e.watching, e.watchReady = false, true
	e.err, e.paused = nil, false
	e.think()
	return e.c.take(), Restarted, nil
}

// Hint asks the engine what it would play for side, a person to move;
// the answer comes as a NoteHint (or NoNoteHint). Not in a game between
// two people one of whom is remote: the engine would be playing for one
// of them.
func (e *Computer) Hint(side rules.Color) ([]Effect, error) {
	switch {
	case e.c.over():
		return nil, RefusedGameOver
	case e.c.byConsent():
		return nil, RefusedNoHints
	case !e.c.personToMove() || side != e.c.game.Position().SideToMove():
		return nil, RefusedNotYourMove
	case e.search != nil:
		return nil, nil // already looking
	}
	e.start(ForHint, side)
	return e.c.take(), nil
}

// stop cancels a search in progress, or the pause before one; its
// result will be dropped.
func (e *Computer) stop() {
	if s := e.search; s != nil {
		s.cancel()
		e.search = nil
	}
	e.watching = false
}

// think starts the engine when it is to move.
func (e *Computer) think() {
	c := e.c
	if !c.active || e.err != nil || e.paused || c.over() {
		return
	}
	side := c.game.Position().SideToMove()
	if !c.players[side].Computer {
		return
	}
	if e.search != nil {
		if e.search.Purpose == ForMove {
			return
		}
		e.stop()
	}
	// Watching the computer play itself, each move waits a moment so
	// people can follow the game.
	if c.mode() == ComputerVsComputer && !e.watchReady {
		if !e.watching {
			e.watching = true
			e.watchSeq++
			c.ask(Wake{Match: c.id, Seq: e.watchSeq, Watch: true, After: WatchDelay})
		}
		return
	}
	e.watchReady = false
	// An engine that thinks it is behind takes a draw it can claim.
	if claims := c.game.Claimable(); len(claims) > 0 && e.scored[side] && e.score[side] <= 0 {
		if err := c.game.ClaimDraw(claims[0]); err == nil {
			c.changed()
			c.say(Note{Kind: NoteEngineClaims, Side: side, Reason: claims[0]})
			return
		}
	}
	e.start(ForMove, side)
}

// watched ends the pause before a move of a game the computer plays
// against itself.
func (e *Computer) watched(ev Woke) {
	if ev.Seq == e.watchSeq && e.watching {
		e.watching, e.watchReady = false, true
		e.think()
	}
}

// start sets the engine to work on a copy of the position.
func (e *Computer) start(purpose Purpose, side rules.Color) {
	c := e.c
	if e.engine == nil {
		e.engine = e.newEngine()
	}
	e.seq++
	ctx, cancel := context.WithCancel(context.Background())
	lim := HintLimits
	if purpose == ForMove {
		lim = c.players[side].Level.Limits
		lim.Seed = e.seed
		e.clock.forEngine(side, &lim)
	}
	e.search = &Search{Seq: e.seq, Purpose: purpose, Side: side, Started: c.now(), cancel: cancel}
	c.ask(RunSearch{
		Match: c.id, Seq: e.seq, Purpose: purpose, Engine: e.engine,
		Pos: c.game.Position().Clone(), Limits: lim, Ctx: ctx,
	})
	e.clock.tick()
}

// progress takes a completed depth of the search in progress.
func (e *Computer) progress(ev SearchProgress) {
	if s := e.search; s != nil && s.Seq == ev.Seq {
		s.Progress, s.Reported = ev.Progress, true
	}
}

// done applies a finished search, unless it is stale: a search since
// cancelled, or for a position that has changed. It reports the
// engine's move when it played one that counted, so a premove may
// follow it.
func (e *Computer) done(ev SearchDone) (san string, played bool) {
	c := e.c
	s := e.search
	if s == nil || s.Seq != ev.Seq {
		return "", false
	}
	e.search = nil
	pos := c.game.Position()
	if ev.Ply != pos.Ply() || ev.Key != pos.Key() {
		return "", false
	}
	side := pos.SideToMove()
	mv := ev.Result.Move
	if ev.Purpose == ForHint {
		if ev.Err != nil || !pos.IsLegal(mv) {
			c.say(Note{Kind: NoNoteHint, Side: side})
			return "", false
		}
		c.say(Note{Kind: NoteHint, Side: side, Move: mv, SAN: pos.SAN(mv), Score: ev.Result.Score})
		return "", false
	}
	if ev.Err != nil {
		e.err = ev.Err
		c.say(Note{Kind: NoteEngineFailed, Side: side, Err: ev.Err})
		return "", false
	}
	san = "?"
	if pos.IsLegal(mv) {
		san = pos.SAN(mv)
	}
	if err := c.game.Play(mv); err != nil {
		e.err = fmt.Errorf("it chose %s, which is not a legal move here", mv.UCI())
		c.say(Note{Kind: NoteEngineFailed, Side: side, Err: e.err})
		return "", false
	}
	e.score[side], e.scored[side] = ev.Result.Score, true
	return san, c.moved(Note{Kind: NotePlayed, Side: side, SAN: san, Move: mv, Engine: true})
}

// answerDraw is the engine's answer to a draw offered to it: it accepts
// when it thinks it is clearly behind.
func (e *Computer) answerDraw(engine rules.Color) ([]Effect, error) {
	c := e.c
	if e.scored[engine] && e.score[engine] <= -drawMargin {
		if err := c.game.AgreeDraw(); err != nil {
			return nil, err
		}
		c.changed()
		c.say(Note{Kind: NoteEngineAccepts, Side: engine})
		return c.take(), nil
	}
	c.say(Note{Kind: NoteEngineDeclines, Side: engine})
	return c.take(), nil
}

// undone gets the engine ready after a move is taken back: a search
// stops, a failure is forgotten; with pause, the engine then waits for
// MoveNow.
func (e *Computer) undone(pause bool) {
	e.stop()
	e.err = nil
	e.paused = e.paused || pause
}
