package match

import (
	"context"
	"errors"
	"time"

	"varia/ai"
	"varia/rules"
)

// Engine finds moves. The match only ever gives it a copy of the
// position, and the host runs it on a goroutine of its own, cancelling
// ctx to ask for the best move found so far. The built-in engine
// (NewAIEngine) is one; tests use a fake.
type Engine interface {
	Search(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error)
}

// NewAIEngine plays with the built-in engine. One per game keeps its
// hash table from move to move.
func NewAIEngine(e *ai.Engine) Engine { return aiEngine{e, 1} }

// NewAIEngineThreads is NewAIEngine searching at full strength (Expert,
// and hints) with threads threads; the rated levels keep one, so that
// their node budgets and chosen mistakes stay as measured.
func NewAIEngineThreads(e *ai.Engine, threads int) Engine { return aiEngine{e, max(1, threads)} }

type aiEngine struct {
	e    *ai.Engine
	full int // threads at full strength
}

func (a aiEngine) Search(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
	threads := 1
	if lim.Elo <= 0 || lim.Elo >= ai.MaxElo {
		threads = a.full
	}
	if a.e.Threads() != threads {
		a.e.SetThreads(threads)
	}
	res := a.e.Search(ctx, pos, lim)
	if res.Move == rules.NoMove && len(pos.Legal()) > 0 {
		return res, errors.New("the search ended without a move")
	}
	return res, nil
}

// Purpose says what a search is for: the engine's own move, or a hint
// for the person to move.
type Purpose uint8

const (
	ForMove Purpose = iota
	ForHint
)

// Search is a search in progress, as views show it.
type Search struct {
	Seq      int // tells its reports from an earlier search's
	Purpose  Purpose
	Side     rules.Color
	Started  time.Time
	Progress ai.Progress // the latest completed depth
	Reported bool        // Progress holds a report
	cancel   context.CancelFunc
}

// How often the match wants a wake-up while the engine thinks or a clock
// runs (views redraw with it), and how long a computer-v-computer game
// waits before each move without a clock, so people can follow it.
const (
	TickEvery  = 100 * time.Millisecond
	WatchDelay = 600 * time.Millisecond
)

// HintLimits bound the search for a hint: a few seconds at most,
// stronger than the levels that err on purpose.
var HintLimits = ai.Limits{Depth: 6, MoveTime: 3 * time.Second}

// drawMargin is how far behind (in centipawns) the engine must think it
// is to accept a draw offer.
const drawMargin ai.Score = 150
