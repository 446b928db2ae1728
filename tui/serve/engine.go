package serve

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"varia/ai"
	"varia/rules"
	"varia/tui/analysis"
	"varia/tui/match"
)

// searchQueue shares the machine between the games against the server's
// engine: at most a few searches run at once, a bounded number wait for
// a turn in order of arrival, and none runs longer than a cap, so one
// player choosing Expert cannot take the processor from everyone.
type searchQueue struct {
	slots   chan struct{} // a token per running search
	waiting atomic.Int64
	maxWait int64
	cap     time.Duration
}

func newSearchQueue(lim Limits) *searchQueue {
	return &searchQueue{
		slots:   make(chan struct{}, max(1, lim.Searches)),
		maxWait: int64(lim.SearchQueue),
		cap:     lim.SearchTime,
	}
}

// errEngineBusy is a search refused because the queue is full.
var errEngineBusy = errors.New("the server's engine is busy with other games; try again in a moment")

// engine wraps one game's engine so its searches take their turn.
func (q *searchQueue) engine(e match.Engine) match.Engine { return queuedEngine{q, e} }

type queuedEngine struct {
	q *searchQueue
	e match.Engine
}

// Search waits for a turn, then searches for at most the cap: the cap
// cancels the search's context, which asks the engine for the best move
// it has found, as "move now" does. Asked to move now while still waiting,
// it answers at once with a one-ply search rather than nothing.
func (qe queuedEngine) Search(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
	q := qe.q
	select {
	case q.slots <- struct{}{}: // a free slot: no waiting
	default:
		if q.waiting.Add(1) > q.maxWait {
			q.waiting.Add(-1)
			return ai.Result{}, errEngineBusy
		}
		select {
		case q.slots <- struct{}{}:
			q.waiting.Add(-1)
		case <-ctx.Done():
			q.waiting.Add(-1)
			return qe.e.Search(context.Background(), pos, ai.Limits{Depth: 1, Seed: lim.Seed})
		}
	}
	defer func() { <-q.slots }()
	if q.cap > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, q.cap)
		defer cancel()
	}
	return qe.e.Search(ctx, pos, lim)
}

// engineHashMiB is the hash table of each room's engine: rooms may be
// many, and the server's searches are short.
const engineHashMiB = 16

// analysisEngine runs a client's analysis (once the game is over) in
// the server's queue, capped as every search is, on an engine of its
// own, made on its first search: every client's screen has an analysis,
// few run one. A search the queue refuses comes back empty: the
// analysis shows nothing for it.
type analysisEngine struct {
	q    *searchQueue
	once sync.Once
	e    match.Engine
}

func (q *searchQueue) analysisEngine() analysis.Engine { return &analysisEngine{q: q} }

func (a *analysisEngine) Search(ctx context.Context, pos *rules.Position, lim ai.Limits) ai.Result {
	a.once.Do(func() { a.e = a.q.engine(match.NewAIEngine(ai.NewEngine(engineHashMiB))) })
	res, _ := a.e.Search(ctx, pos, lim)
	return res
}
