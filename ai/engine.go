package ai

import (
	"context"
	"sync"
	"time"

	"varia/rules"
)

// Limits bound one search. A zero field sets no limit of its kind; with
// every limit zero the search runs until its context is cancelled.
type Limits struct {
	Depth    int           // plies of full-width search
	MoveTime time.Duration // wall time for this move
	Nodes    uint64        // positions visited
	Clock    Clock         // a game clock to budget time from

	// Mistakes makes the engine play weaker on purpose: every root move's
	// score gets a random bonus of up to this many centipawns before the
	// best is chosen, so it sometimes picks a worse move. The choice
	// depends only on Seed and the position, never on timing.
	Mistakes Score
	Seed     uint64

	// Progress, if set, is called after each completed depth from the
	// searching goroutine; it should return quickly.
	Progress func(Progress)
}

// Clock is the time left on the mover's clock, as UCI's wtime/winc/
// movestogo give it.
type Clock struct {
	Remaining time.Duration
	Increment time.Duration
	MovesToGo int // moves until the next time control; 0 if none
}

func (c Clock) set() bool { return c.Remaining > 0 }

// Progress reports a completed iteration of the search.
type Progress struct {
	Depth    int
	SelDepth int // deepest ply reached, quiescence included
	Score    Score
	Nodes    uint64
	PV       []rules.Move
	Elapsed  time.Duration
	Hashfull int // permille of the transposition table filled by this search
}

// Result is what a search found. Move is NoMove only when the position has
// no legal move (then Score says whether it is mate or stalemate).
type Result struct {
	Move     rules.Move
	Score    Score
	PV       []rules.Move
	Depth    int // last completed depth
	SelDepth int
	Nodes    uint64
	Elapsed  time.Duration
}

// Engine searches positions and keeps what it learns (the transposition
// table and move-ordering history) from one search to the next, which
// helps when it is asked about successive positions of one game. Searches
// on one Engine run one at a time.
type Engine struct {
	mu   sync.Mutex
	tt   *table
	mib  int
	eval *evaluator
	s    *searcher
}

// NewEngine returns an engine with a transposition table of hashMiB
// mebibytes (DefaultHashMiB if hashMiB <= 0).
func NewEngine(hashMiB int) *Engine {
	if hashMiB <= 0 {
		hashMiB = DefaultHashMiB
	}
	return &Engine{tt: newTable(hashMiB), mib: hashMiB, s: new(searcher)}
}

// HashMiB returns the size of the transposition table in mebibytes.
func (e *Engine) HashMiB() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.mib
}

// SetHash resizes the transposition table, which also empties it.
func (e *Engine) SetHash(mib int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if mib <= 0 {
		mib = DefaultHashMiB
	}
	if mib != e.mib {
		e.tt, e.mib = newTable(mib), mib
	}
}

// Clear forgets everything learned, as before a new game.
func (e *Engine) Clear() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.clear()
	e.s.history = [2][64][64]int32{}
}

// Search looks for the best move in pos within the limits, working on a
// copy (the copy keeps pos's move history, so returning to one of the
// game's earlier positions counts as a draw). Cancelling ctx stops it
// within milliseconds with the best move found so far. It returns a legal
// move whenever pos has one.
func (e *Engine) Search(ctx context.Context, pos *rules.Position, lim Limits) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.eval == nil || e.eval.variant != pos.Variant() {
		e.eval = newEvaluator(pos.Variant())
	}
	e.tt.gen++
	return e.s.run(ctx, pos.Clone(), e.eval, e.tt, lim)
}

// Search runs a single search on a fresh engine.
func Search(ctx context.Context, pos *rules.Position, lim Limits) Result {
	return NewEngine(0).Search(ctx, pos, lim)
}

// Evaluate returns the static evaluation of pos for the side to move,
// without searching.
func Evaluate(pos *rules.Position) Score {
	return newEvaluator(pos.Variant()).evaluate(pos)
}
