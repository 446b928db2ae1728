package ai

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"varia/rules"
)

// frame is the per-ply scratch space of the search.
type frame struct {
	moves   [rules.MaxMoves]rules.Move
	scores  [rules.MaxMoves]int32
	killers [2]rules.Move
	eval    Score
	// move is the move played from this ply (NoMove for a null move) and
	// cont its continuation-history row, which orders the replies.
	move  rules.Move
	moved rules.Piece // the piece that played move
	cont  *pieceToHistory
	// excluded is the move a singular-extension search leaves out; that
	// search lists its moves in moves2, since the frame's own list is
	// still being searched.
	excluded rules.Move
	// doubleExt counts the double extensions on the line to this ply.
	doubleExt int
	// ttPv says this node is or was on a principal variation.
	ttPv bool
	// moveCount is move's place among the moves tried at this ply, 1
	// for the first.
	moveCount int
	moves2    [rules.MaxMoves]rules.Move
	scores2   [rules.MaxMoves]int32
}

// rootMove is one move at the root with what the last searches found.
type rootMove struct {
	move      rules.Move
	score     Score // exact in the last iteration that searched it fully, else -infinity
	prevScore Score // score of the previous iteration
	bound     bound // boundExact unless an aspiration window failed on it
	pv        []rules.Move
	seldepth  int
}

// shared is what the threads of one search have in common.
type shared struct {
	threads int
	stop    atomic.Bool
	// A helper that completes the last depth first ends the search; its
	// lines are the result.
	mainDepth atomic.Int32 // the depth the main thread is searching
	mu        sync.Mutex
	doneDepth int
	doneRoot  []rootMove
	nodes     atomic.Uint64 // nodes of every thread, published every few
}

// searcher is one thread of a search. An Engine keeps its searchers
// between searches so their large arrays are allocated once, and so the
// move-ordering statistics carry over from move to move of a game.
type searcher struct {
	id    int // 0 is the main thread, which decides when to stop
	pos   *rules.Position
	ev    *evaluator
	tt    *table
	lim   Limits
	sh    *shared
	done  <-chan struct{}
	multi int // lines searched (MultiPV)

	start     time.Time
	deadline  time.Time // hard stop; zero for none
	soft      time.Duration
	nodes     uint64
	published uint64 // nodes already added to sh.nodes
	stopped   bool
	seldepth  int
	rootDepth int
	pvIdx     int

	root     []rootMove
	frames   [MaxPly + 2]frame
	pv       [MaxPly + 1][MaxPly + 1]rules.Move
	pvLen    [MaxPly + 1]int
	history  [2][64][64]int16
	capHist  [16][64][7]int16
	cont     [16][64]pieceToHistory
	noCont   pieceToHistory // the row of a null move or of no move at all
	corr     corrHistory
	contCorr contCorrHistory
	correct  bool // whether this search uses corr (not at a rated level)
	prm      Params
	lmr      *[64][64]int8 // late-move reductions by depth and move number
	cache    evalCache

	// time management across iterations
	bestChanges float64
	lastBest    rules.Move
}

// pieceToHistory scores replies by the piece moved and its destination.
type pieceToHistory [16][64]int16

// defaultReductions is how many plies a late move is reduced by, from the
// depth and the move's number, with the default parameters. Its divisor
// was chosen by matches: 1.5 gained on 1.75, 2.25 (gentler) lost.
var defaultReductions = defaultParams.reductions()

func (s *searcher) clearHistory() {
	s.history = [2][64][64]int16{}
	s.capHist = [16][64][7]int16{}
	s.cont = [16][64]pieceToHistory{}
	s.corr = corrHistory{}
	s.contCorr = contCorrHistory{}
}

// ageHistory halves the statistics before a new search: recent results
// matter more.
func (s *searcher) ageHistory() {
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 2
			}
		}
	}
	for p := range s.capHist {
		for t := range s.capHist[p] {
			for v := range s.capHist[p][t] {
				s.capHist[p][t][v] /= 2
			}
		}
	}
	for p := range s.cont {
		for t := range s.cont[p] {
			row := &s.cont[p][t]
			for q := range row {
				for u := range row[q] {
					row[q][u] /= 2
				}
			}
		}
	}
}

// prepare readies a searcher for a new search of pos.
func (s *searcher) prepare(ctx context.Context, pos *rules.Position, ev *evaluator, tt *table, lim Limits, sh *shared, start time.Time) {
	s.pos, s.ev, s.tt, s.lim, s.sh = pos, ev, tt, lim, sh
	s.done = ctx.Done()
	s.start = start
	s.nodes, s.published, s.stopped, s.seldepth = 0, 0, false, 0
	_, rated := strengthFor(lim.Elo)
	s.correct = !rated
	s.prm, s.lmr = defaultParams, defaultReductions
	if lim.Params != nil {
		s.prm, s.lmr = *lim.Params, lim.Params.reductions()
	}
	s.deadline, s.soft = time.Time{}, 0
	s.bestChanges, s.lastBest = 0, rules.NoMove
	switch {
	case lim.MoveTime > 0:
		s.deadline = start.Add(lim.MoveTime)
	case lim.Clock.set():
		soft, hard := budget(lim.Clock)
		s.soft, s.deadline = soft, start.Add(hard)
	}
	for i := range s.frames {
		s.frames[i].killers = [2]rules.Move{}
		s.frames[i].excluded = rules.NoMove
		s.frames[i].cont = &s.noCont
		s.frames[i].move = rules.NoMove
	}
}

// evaluate is the static evaluation of the current position, with this
// thread's pawn structure cache.
func (s *searcher) evaluate() Score { return s.ev.eval(s.pos, nil, &s.cache) }

// setRoot lists the root moves in a first order (the table's move, then
// by the usual ordering), keeping only searchMoves when given.
func (s *searcher) setRoot(moves []rules.Move, ttMove rules.Move) {
	pos := s.pos
	s.frames[0].eval = -infinity
	if !pos.InCheck() {
		s.frames[0].eval = s.evaluate()
	}
	scores := s.frames[0].scores[:len(moves)]
	s.scoreMoves(moves, scores, ttMove, 0)
	s.root = s.root[:0]
	for i := range moves {
		m := pickNext(moves, scores, i)
		if len(s.lim.SearchMoves) > 0 && !slices.Contains(s.lim.SearchMoves, m) {
			continue
		}
		s.root = append(s.root, rootMove{move: m, score: -infinity, prevScore: -infinity, pv: []rules.Move{m}})
	}
}

// iterate is iterative deepening: depth after depth until a limit or the
// main thread says stop. Helper threads start at a staggered depth so the
// threads spread over more of the tree; they share what they find through
// the table.
func (s *searcher) iterate(maxDepth int, report func(depth int)) {
	start := 1
	if s.id > 0 {
		start += s.id % 2
	}
	for depth := start; depth <= maxDepth; depth++ {
		if s.id == 0 {
			s.sh.mainDepth.Store(int32(depth))
		} else {
			// Helpers keep a depth ahead of the main thread, whose next
			// iteration then finds their results in the table.
			depth = max(depth, min(int(s.sh.mainDepth.Load())+1, maxDepth))
		}
		s.rootDepth = depth
		for i := range s.root {
			s.root[i].prevScore = s.root[i].score
		}
		for s.pvIdx = 0; s.pvIdx < s.multi; s.pvIdx++ {
			s.seldepth = 0
			s.aspiration(depth)
			if s.stopped {
				break
			}
			// The lines found so far stay in order of their scores.
			slices.SortStableFunc(s.root[:s.pvIdx+1], func(a, b rootMove) int { return int(b.score - a.score) })
		}
		if s.stopped {
			return
		}
		if s.id == 0 {
			report(depth)
			if s.timeToStop(depth) {
				return
			}
		} else if depth >= maxDepth {
			s.sh.mu.Lock()
			if depth > s.sh.doneDepth {
				s.sh.doneDepth = depth
				s.sh.doneRoot = s.sh.doneRoot[:0]
				for _, rm := range s.root {
					rm.pv = append([]rules.Move(nil), rm.pv...)
					s.sh.doneRoot = append(s.sh.doneRoot, rm)
				}
			}
			s.sh.mu.Unlock()
			s.sh.stop.Store(true)
			return
		}
	}
}

// aspiration searches the root in a narrow window around the line's
// previous score, widening it when the result falls outside.
func (s *searcher) aspiration(depth int) {
	rm := &s.root[s.pvIdx]
	prev := rm.prevScore
	if depth < 4 || prev == -infinity || prev.IsMate() {
		s.searchRoot(depth, -infinity, infinity)
		return
	}
	delta := Score(20)
	alpha, beta := max(prev-delta, -infinity), min(prev+delta, infinity)
	for {
		score := s.searchRoot(depth, alpha, beta)
		if s.stopped {
			return
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -infinity)
		case score >= beta:
			beta = min(score+delta, infinity)
		default:
			return
		}
		delta += delta / 2
		if delta > 800 {
			alpha, beta = -infinity, infinity
		}
	}
}

// searchRoot searches the root moves from pvIdx on, the previous best
// first, and brings the best to the front (at pvIdx).
func (s *searcher) searchRoot(depth int, alpha, beta Score) Score {
	pos := s.pos
	best := -infinity
	f := &s.frames[0]
	origAlpha := alpha
	for i := s.pvIdx; i < len(s.root); i++ {
		rm := &s.root[i]
		m := rm.move
		s.played(f, m, pos.PieceAt(m.From()))
		f.moveCount = i - s.pvIdx + 1
		pos.Make(m)
		check := pos.InCheck()
		d := depth - 1
		if check {
			d++
		}
		var score Score
		if i == s.pvIdx {
			score = -s.search(d, -beta, -alpha, 1, check, false)
		} else {
			score = -s.search(d, -alpha-1, -alpha, 1, check, true)
			if score > alpha && score < beta && !s.stopped {
				score = -s.search(d, -beta, -alpha, 1, check, false)
			}
		}
		pos.Unmake()
		if s.stopped {
			return best
		}
		if i == s.pvIdx || score > alpha {
			rm.score, rm.seldepth = score, s.seldepth
			rm.bound = boundExact
			switch {
			case score <= origAlpha:
				rm.bound = boundUpper
			case score >= beta:
				rm.bound = boundLower
			}
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, s.pv[1][1:max(s.pvLen[1], 1)]...)
		} else {
			rm.score = -infinity
		}
		if score > best {
			best = score
		}
		if score > alpha {
			// Bring the new best to the front of the lines still open,
			// keeping the others' order.
			moved := *rm
			copy(s.root[s.pvIdx+1:i+1], s.root[s.pvIdx:i])
			s.root[s.pvIdx] = moved
			if s.id == 0 && s.pvIdx == 0 && i > 0 {
				s.bestChanges++
			}
			alpha = score
			if score >= beta {
				return score
			}
		}
	}
	return best
}

// timeToStop decides after a completed depth whether to begin another.
func (s *searcher) timeToStop(depth int) bool {
	timed := s.soft > 0 || !s.deadline.IsZero()
	if len(s.root) == 1 && timed && s.lim.MultiPV <= 1 {
		return true // nothing to choose
	}
	best := s.root[0]
	if m := s.lim.Mate; m > 0 && best.score.IsMate() && best.score > 0 && best.score.MateMoves() <= m {
		return true
	}
	if s.soft > 0 {
		// A best move that keeps changing deserves more time, one that
		// has stood for several depths less.
		if best.move != s.lastBest {
			s.lastBest = best.move
		}
		scale := 0.5 + min(s.bestChanges, 4)*0.3
		if time.Since(s.start) > time.Duration(float64(s.soft)*scale) {
			return true
		}
		s.bestChanges /= 2
	}
	// A forced mate seen with a margin of depth will not improve.
	if timed && best.score.IsMate() && depth >= 2*abs(best.score.MateMoves())+4 {
		return true
	}
	return false
}

// setPV makes m followed by the child's line the principal variation at
// ply. pv[ply] holds its line from index ply to pvLen[ply].
func (s *searcher) setPV(ply int, m rules.Move) {
	s.pv[ply][ply] = m
	n := ply + 1
	if ply < MaxPly {
		copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:max(s.pvLen[ply+1], ply+1)])
		n = max(n, s.pvLen[ply+1])
	}
	s.pvLen[ply] = n
}

// poll checks whether the search must stop: told to by the main thread,
// cancelled, past its deadline, or out of nodes. The clock and the
// context are read every 1024 nodes.
func (s *searcher) poll() bool {
	if s.stopped {
		return true
	}
	// One thread counts its nodes exactly, so a node limit gives the
	// same search on every run.
	if s.lim.Nodes > 0 && s.sh.threads == 1 && s.nodes >= s.lim.Nodes {
		s.stopped = true
		return true
	}
	if s.nodes&1023 != 0 {
		return false
	}
	s.sh.nodes.Add(s.nodes - s.published)
	s.published = s.nodes
	if s.sh.stop.Load() {
		s.stopped = true
		return true
	}
	if s.id != 0 {
		return false
	}
	if s.lim.Nodes > 0 && s.sh.nodes.Load() >= s.lim.Nodes {
		s.stopped = true
	}
	select {
	case <-s.done:
		s.stopped = true
	default:
		if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
			s.stopped = true
		}
	}
	if s.stopped {
		s.sh.stop.Store(true)
	}
	return s.stopped
}
