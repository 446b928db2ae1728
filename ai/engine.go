package ai

import (
	"context"
	"runtime"
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
	Mate     int           // stop once a mate in at most this many moves is found

	// MultiPV is how many best lines to find (1 if zero); each comes with
	// its own exact score, at some cost in depth.
	MultiPV int
	// SearchMoves, if not empty, restricts the search to these root moves.
	SearchMoves []rules.Move

	// Mistakes makes the engine play weaker on purpose: every root move's
	// score gets a random bonus of up to this many centipawns before the
	// best is chosen, so it sometimes picks a worse move. The choice
	// depends only on Seed and the position, never on timing.
	Mistakes Score
	Seed     uint64
	// Elo, if positive and below MaxElo, plays at about that rating: the
	// search stops early and now and then a plausible worse move is
	// chosen (see strengthFor). The choice depends only on Seed and the
	// position.
	Elo int

	// Params, if set, replaces the search's margins (for tuning them).
	Params *Params

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

// Line is one principal variation: a root move, the line that follows it
// and its score for the side to move. With MultiPV the lines come best
// first.
type Line struct {
	Score    Score
	Bound    Bound // Exact, or the kind of bound a failed aspiration left
	PV       []rules.Move
	SelDepth int
}

// Bound says whether a line's score is exact or only a bound.
type Bound uint8

const (
	Exact      Bound = iota
	LowerBound       // the score is at least this
	UpperBound       // the score is at most this
)

// Progress reports a completed iteration of the search.
type Progress struct {
	Depth    int
	SelDepth int // deepest ply reached, quiescence included
	Score    Score
	Nodes    uint64
	PV       []rules.Move
	Lines    []Line // every line asked for (MultiPV), the best first; Lines[0] is Score and PV
	Elapsed  time.Duration
	Hashfull int // permille of the transposition table filled by this search
}

// Result is what a search found. Move is NoMove only when the position has
// no legal move (then Score says whether it is mate or stalemate).
type Result struct {
	Move     rules.Move
	Score    Score
	PV       []rules.Move
	Lines    []Line // with MultiPV, every line found; Lines[0] is Move, Score and PV
	Depth    int    // last completed depth
	SelDepth int
	Nodes    uint64
	Elapsed  time.Duration
}

// Engine searches positions and keeps what it learns (the transposition
// table and move-ordering history) from one search to the next, which
// helps when it is asked about successive positions of one game. Searches
// on one Engine run one at a time; each may use several threads.
type Engine struct {
	mu        sync.Mutex
	tt        *table
	mib       int
	threads   int
	eval      *evaluator
	noNet     bool // chess with the hand-written evaluation, even at full strength
	evalNet   bool // eval was made for the network (where its variant has one)
	searchers []*searcher
}

// MaxThreads bounds the threads of one search.
const MaxThreads = 256

// NewEngine returns a one-thread engine with a transposition table of
// hashMiB mebibytes (DefaultHashMiB if hashMiB <= 0).
func NewEngine(hashMiB int) *Engine {
	if hashMiB <= 0 {
		hashMiB = DefaultHashMiB
	}
	return &Engine{tt: newTable(hashMiB), mib: hashMiB, threads: 1}
}

// UseNetwork sets whether chess is scored by its learnt network (the
// default) or by the hand-written evaluation.
func (e *Engine) UseNetwork(on bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.noNet = !on
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

// Threads returns the number of threads a search uses.
func (e *Engine) Threads() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.threads
}

// SetThreads sets how many threads a search uses (Lazy SMP: they search
// the same tree and share the transposition table). One thread gives the
// same result on every run; more are faster but not repeatable.
func (e *Engine) SetThreads(n int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.threads = max(1, min(n, MaxThreads))
	if len(e.searchers) > e.threads {
		e.searchers = e.searchers[:e.threads]
	}
}

// DefaultThreads is the number of threads that leaves one core to the
// rest of the machine: all but one, and at least one.
func DefaultThreads() int { return max(1, runtime.NumCPU()-1) }

// Clear forgets everything learned, as before a new game.
func (e *Engine) Clear() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.forget()
}

// forget empties what searches learnt: the table, the move-ordering
// histories and the evaluation's caches. With e.mu held.
func (e *Engine) forget() {
	e.tt.clear()
	for _, s := range e.searchers {
		s.clearHistory()
		s.cache = evalCache{}
	}
}

// Search looks for the best move in pos within the limits, working on a
// copy (the copy keeps pos's move history, so returning to one of the
// game's earlier positions counts as a draw). Cancelling ctx stops it
// within milliseconds with the best move found so far. It returns a legal
// move whenever pos has one.
//
// For analysis, run it in a goroutine with MultiPV set and no limit, and
// read Progress: each completed depth reports every line; cancelling the
// context ends it.
func (e *Engine) Search(ctx context.Context, pos *rules.Position, lim Limits) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	start := time.Now()
	wantLines := max(1, lim.MultiPV)
	lim, weak, weakened := weaken(lim)
	for len(e.searchers) < e.threads {
		e.searchers = append(e.searchers, new(searcher))
	}
	// The levels below full strength were measured with the hand-written
	// evaluation and keep it.
	useNet := !e.noNet && !weakened
	if e.eval == nil || e.eval.variant != pos.Variant() || e.evalNet != useNet {
		// Keys do not know the variant, and what was learnt of another
		// variant's positions (scores, moves, pawn structures), or with
		// another evaluation, misleads in this one: start afresh.
		if e.eval != nil {
			e.forget()
		}
		e.eval = newEvaluator(pos.Variant())
		if !useNet {
			e.eval.net = nil
		}
		e.evalNet = useNet
	}
	e.tt.gen++
	sh := &shared{threads: e.threads}
	for i, s := range e.searchers {
		s.id = i
		s.prepare(ctx, pos.Clone(), e.eval, e.tt, lim, sh, start)
		s.ageHistory()
	}
	main := e.searchers[0]

	moves := main.pos.LegalMoves(main.frames[0].moves[:0])
	if len(moves) == 0 {
		score := drawScore
		if pos.InCheck() {
			score = -MateScore
		}
		return Result{Score: score, Elapsed: time.Since(start)}
	}
	var ttMove rules.Move
	if en, ok := e.tt.probe(pos.Key()); ok {
		ttMove = en.move
	}
	main.setRoot(moves, ttMove)
	if len(main.root) == 0 { // no legal move among SearchMoves: search them all
		main.lim.SearchMoves = nil
		main.setRoot(main.pos.LegalMoves(main.frames[0].moves[:0]), ttMove)
	}
	multi := max(1, min(lim.MultiPV, len(main.root)))
	if lim.Mistakes > 0 {
		multi = len(main.root) // every move needs an exact score
	}
	maxDepth := MaxPly - 8
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}

	var wg sync.WaitGroup
	for _, s := range e.searchers[1:] {
		s.root = s.root[:0]
		for _, rm := range main.root {
			rm.pv = append([]rules.Move(nil), rm.pv...)
			s.root = append(s.root, rm)
		}
		s.multi = multi
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.iterate(maxDepth, nil)
		}()
	}
	main.multi = multi
	var done []rootMove // the lines of the last completed depth
	res := Result{}
	main.iterate(maxDepth, func(depth int) {
		done = append(done[:0], main.root...)
		for i := range done {
			done[i].pv = append([]rules.Move(nil), done[i].pv...)
		}
		res.Depth = depth
		res.SelDepth = done[0].seldepth
		if lim.Progress != nil {
			lines := linesOf(done[:min(multi, wantLines)])
			lim.Progress(Progress{Depth: depth, SelDepth: lines[0].SelDepth, Score: lines[0].Score,
				Nodes: sh.nodes.Load() + main.nodes - main.published, PV: lines[0].PV, Lines: lines,
				Elapsed: time.Since(start), Hashfull: e.tt.hashfull()})
		}
	})
	sh.stop.Store(true)
	wg.Wait()
	if sh.doneDepth > res.Depth {
		// A helper reached the last depth before the main thread.
		done = sh.doneRoot
		res.Depth, res.SelDepth = sh.doneDepth, done[0].seldepth
		main.root = append(main.root[:0], done...)
		if lim.Progress != nil {
			lines := linesOf(done[:min(multi, wantLines)])
			lim.Progress(Progress{Depth: res.Depth, SelDepth: lines[0].SelDepth, Score: lines[0].Score,
				Nodes: sh.nodes.Load(), PV: lines[0].PV, Lines: lines, Elapsed: time.Since(start), Hashfull: e.tt.hashfull()})
		}
	}

	for _, s := range e.searchers {
		res.Nodes += s.nodes
	}
	switch {
	case done == nil:
		// Not even the first depth finished: the first move in order.
		res.Lines = []Line{{PV: []rules.Move{main.root[0].move}}}
	case multi == 1 && main.root[0].move != done[0].move && main.root[0].score > -infinity:
		// A partly searched depth still counts when a move beat the
		// previous best, which was searched first: the root list then
		// starts with it.
		res.Lines = linesOf(main.root[:1])
	default:
		res.Lines = linesOf(done[:multi])
	}
	res.Move, res.Score, res.PV = res.Lines[0].PV[0], res.Lines[0].Score, res.Lines[0].PV
	if lim.Mistakes > 0 && done != nil {
		blunder(&res, done, lim, pos.Key())
	}
	if weakened && len(res.Lines) > 1 {
		// Only a beginner misses a piece left for the taking.
		free := weak.grabs && res.Move.IsTactical() && main.seeAtLeast(res.Move, main.ev.value[rules.Knight]*2/3)
		piece := Score(main.ev.pieceWorth())
		if weak.grabs {
			// Past the beginner, no piece is given away on purpose.
			weak.maxLoss = min(weak.maxLoss, piece)
		}
		i := 0
		if !free {
			i = weak.choose(res.Lines, lim.Seed, pos.Key())
		}
		if weak.grabs {
			// A piece is given up only for more than the piece and the
			// level's margin: a shallow search that likes a sacrifice
			// is more often wrong than right, and a club player does not
			// sacrifice on a hunch.
			i = main.keepPieces(res.Lines, i, weak.maxLoss+piece)
		}
		if i > 0 {
			chosen := res.Lines[i]
			res.Lines[0], res.Lines[i] = res.Lines[i], res.Lines[0]
			res.Move, res.Score, res.PV = chosen.PV[0], chosen.Score, chosen.PV
		}
		res.Lines = res.Lines[:min(len(res.Lines), wantLines)]
	}
	res.Elapsed = time.Since(start)
	return res
}

// keepPieces returns the line to play instead of lines[i] if that one's
// move leaves the opponent a piece's worth to take by exchange: the first
// line within maxLoss of the best that does not (a shallow search may not
// see the capture; a club player would). With no such line it keeps i.
func (s *searcher) keepPieces(lines []Line, i int, maxLoss Score) int {
	if !s.leavesPiece(lines[i].PV[0]) {
		return i
	}
	for j, l := range lines {
		if l.Score >= lines[0].Score-maxLoss && !s.leavesPiece(l.PV[0]) {
			return j
		}
	}
	return i
}

// leavesPiece reports whether after m the opponent wins, by exchange, a
// piece's worth or more beyond what m took.
func (s *searcher) leavesPiece(m rules.Move) bool {
	piece := s.ev.pieceWorth()
	took := int32(s.victimValue(m))
	s.pos.Make(m)
	defer s.pos.Unmake()
	var buf [rules.MaxMoves]rules.Move
	for _, c := range s.pos.LegalCaptures(buf[:0]) {
		if s.see(c)-took >= piece {
			return true
		}
	}
	return false
}

// pieceWorth is the least loss that counts as giving a piece away: two
// thirds of the variant's cheapest piece other than pawn and king (a
// piece on a poor square is worth a little less than its value).
func (e *evaluator) pieceWorth() int32 {
	v := e.value[rules.Queen]
	for t := rules.Knight; t <= rules.Queen; t++ {
		v = min(v, e.value[t])
	}
	return v * 2 / 3
}

func linesOf(rms []rootMove) []Line {
	out := make([]Line, len(rms))
	for i, rm := range rms {
		b := Exact
		switch rm.bound {
		case boundLower:
			b = LowerBound
		case boundUpper:
			b = UpperBound
		}
		pv := rm.pv
		if len(pv) == 0 || pv[0] != rm.move {
			pv = []rules.Move{rm.move}
		}
		out[i] = Line{Score: rm.score, Bound: b, PV: append([]rules.Move(nil), pv...), SelDepth: rm.seldepth}
	}
	return out
}

// blunder is the weak levels' deliberate mistake: it picks the root move
// whose score plus a seeded random bonus is highest. With Mistakes set the
// root searches every move with a full window, so the scores are exact.
func blunder(res *Result, root []rootMove, lim Limits, key uint64) {
	best, bestMove := -infinity, res.Move
	for _, rm := range root {
		if rm.score == -infinity {
			continue
		}
		noise := Score(splitmix(lim.Seed^key^uint64(rm.move)*0x9E3779B97F4A7C15) % uint64(lim.Mistakes))
		if v := rm.score + noise; v > best {
			best, bestMove = v, rm.move
			res.Score = rm.score
		}
	}
	if bestMove != res.Move {
		res.Move, res.PV = bestMove, []rules.Move{bestMove}
		res.Lines[0] = Line{Score: res.Score, PV: res.PV}
	}
}

func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// Search runs a single search on a fresh engine.
func Search(ctx context.Context, pos *rules.Position, lim Limits) Result {
	return NewEngine(0).Search(ctx, pos, lim)
}

// Evaluate returns the static evaluation of pos for the side to move,
// without searching, as full strength scores it.
func Evaluate(pos *rules.Position) Score {
	return newEvaluator(pos.Variant()).evaluate(pos)
}

// EvaluateByWeights is Evaluate with the hand-written evaluation, also
// where a network would score the position.
func EvaluateByWeights(pos *rules.Position) Score {
	ev := newEvaluator(pos.Variant())
	ev.net = nil
	return ev.evaluate(pos)
}
