package match

import (
	"context"
	"fmt"

	"varia/ai"
	"varia/rules"
)

// engineTurn is the match's part that runs the engine: its searches, and
// how it waits (after a failure, paused by an undo, pausing before a
// move of a game it plays against itself).
type engineTurn struct {
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

// stop cancels a search in progress, or the pause before one; its
// result will be dropped.
func (e *engineTurn) stop() {
	if s := e.search; s != nil {
		s.cancel()
		e.search = nil
	}
	e.watching = false
}

// maybeThink starts the engine when it is to move.
func (m *Match) maybeThink() {
	e := &m.eng
	if !m.active || e.err != nil || e.paused || m.game.Result().Over() {
		return
	}
	side := m.game.Position().SideToMove()
	if !m.players[side].Computer {
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
	if m.Mode() == ComputerVsComputer && !e.watchReady {
		if !e.watching {
			e.watching = true
			e.watchSeq++
			m.fx = append(m.fx, Wake{Match: m.id, Seq: e.watchSeq, Watch: true, After: WatchDelay})
		}
		return
	}
	e.watchReady = false
	// An engine that thinks it is behind takes a draw it can claim.
	if claims := m.game.Claimable(); len(claims) > 0 && e.scored[side] && e.score[side] <= 0 {
		if err := m.game.ClaimDraw(claims[0]); err == nil {
			m.changed()
			m.say(Note{Kind: NoteEngineClaims, Side: side, Reason: claims[0]})
			return
		}
	}
	m.startSearch(ForMove, side)
}

// startSearch sets the engine to work on a copy of the position.
func (m *Match) startSearch(purpose Purpose, side rules.Color) {
	e := &m.eng
	if e.engine == nil {
		e.engine = e.newEngine()
	}
	e.seq++
	ctx, cancel := context.WithCancel(context.Background())
	lim := HintLimits
	if purpose == ForMove {
		if m.clock != nil && m.clock.Started() {
			// The engine's time runs while it thinks (in a watched game
			// the pause before the search is not charged).
			m.clock.Start(side, m.now())
			m.tick()
		}
		lim = m.players[side].Level.Limits
		lim.Seed = e.seed
		if m.clock != nil {
			// With a clock the engine budgets its own time from it
			// instead of a fixed time a move.
			lim.MoveTime = 0
			lim.Clock = ai.Clock{Remaining: m.clock.Remaining(side, m.now()), Increment: m.clock.tc.Increment}
		}
	}
	e.search = &Search{Seq: e.seq, Purpose: purpose, Side: side, Started: m.now(), cancel: cancel}
	m.fx = append(m.fx, RunSearch{
		Match: m.id, Seq: e.seq, Purpose: purpose, Engine: e.engine,
		Pos: m.game.Position().Clone(), Limits: lim, Ctx: ctx,
	})
	m.tick()
}

// searchDone applies a finished search, unless it is stale: a search
// since cancelled, or for a position that has changed.
func (m *Match) searchDone(ev SearchDone) {
	e := &m.eng
	s := e.search
	if s == nil || s.Seq != ev.Seq {
		return
	}
	e.search = nil
	pos := m.game.Position()
	if ev.Ply != pos.Ply() || ev.Key != pos.Key() {
		return
	}
	side := pos.SideToMove()
	mv := ev.Result.Move
	if ev.Purpose == ForHint {
		if ev.Err != nil || !pos.IsLegal(mv) {
			m.say(Note{Kind: NoNoteHint, Side: side})
			return
		}
		m.say(Note{Kind: NoteHint, Side: side, Move: mv, SAN: pos.SAN(mv), Score: ev.Result.Score})
		return
	}
	if ev.Err != nil {
		e.err = ev.Err
		m.say(Note{Kind: NoteEngineFailed, Side: side, Err: ev.Err})
		return
	}
	san := "?"
	if pos.IsLegal(mv) {
		san = pos.SAN(mv)
	}
	if err := m.game.Play(mv); err != nil {
		e.err = fmt.Errorf("it chose %s, which is not a legal move here", mv.UCI())
		m.say(Note{Kind: NoteEngineFailed, Side: side, Err: e.err})
		return
	}
	e.score[side], e.scored[side] = ev.Result.Score, true
	m.changed()
	if res := m.game.Result(); res.Over() && res.Reason == rules.TimeForfeit {
		m.say(Note{Kind: NoteGameOver, Result: res})
		return
	}
	m.say(Note{Kind: NotePlayed, Side: side, SAN: san, Move: mv, Engine: true})
	m.playPremove(san)
}
