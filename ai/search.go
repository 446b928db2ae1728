package ai

import (
	"context"
	"math"
	"time"

	"varia/rules"
)

// frame is the per-ply scratch space of the search.
type frame struct {
	moves   [rules.MaxMoves]rules.Move
	scores  [rules.MaxMoves]int32
	killers [2]rules.Move
	eval    Score
}

type rootMove struct {
	move  rules.Move
	score Score // exact in the last iteration that searched it fully, else -infinity
}

// searcher is the state of one search, reused between searches of an
// Engine so its large arrays are allocated once.
type searcher struct {
	pos  *rules.Position
	ev   *evaluator
	tt   *table
	lim  Limits
	done <-chan struct{}

	start    time.Time
	deadline time.Time // hard stop; zero for none
	soft     time.Duration
	nodes    uint64
	stopped  bool
	seldepth int

	root    []rootMove
	frames  [MaxPly + 1]frame
	pv      [MaxPly + 1][MaxPly + 1]rules.Move
	pvLen   [MaxPly + 1]int
	history [2][64][64]int32
}

// Move ordering bands: the table's move, then winning and equal captures
// and promotions, killers, captures that seem to lose material, and
// quiet moves by history (kept within ±historyMax).
const (
	orderTT         = 1 << 30
	orderGoodTactic = 1 << 24
	orderKiller     = 1 << 20
	orderBadTactic  = 1 << 18
	historyMax      = 1 << 14
)

var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()

func (s *searcher) run(ctx context.Context, pos *rules.Position, ev *evaluator, tt *table, lim Limits) Result {
	s.pos, s.ev, s.tt, s.lim = pos, ev, tt, lim
	s.done = ctx.Done()
	s.start = time.Now()
	s.nodes, s.stopped, s.seldepth = 0, false, 0
	s.deadline, s.soft = time.Time{}, 0
	switch {
	case lim.MoveTime > 0:
		s.deadline = s.start.Add(lim.MoveTime)
	case lim.Clock.set():
		soft, hard := budget(lim.Clock)
		s.soft, s.deadline = soft, s.start.Add(hard)
	}
	for i := range s.frames {
		s.frames[i].killers = [2]rules.Move{}
	}
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 2
			}
		}
	}

	moves := pos.LegalMoves(s.frames[0].moves[:0])
	if len(moves) == 0 {
		score := drawScore
		if pos.InCheck() {
			score = -MateScore
		}
		return Result{Score: score, Elapsed: time.Since(s.start)}
	}
	var ttMove rules.Move
	if e, ok := tt.probe(pos.Key()); ok {
		ttMove = e.move
	}
	s.frames[0].eval = -infinity
	if !pos.InCheck() {
		s.frames[0].eval = ev.evaluate(pos)
	}
	scores := s.frames[0].scores[:len(moves)]
	s.scoreMoves(moves, scores, ttMove, 0)
	s.root = s.root[:0]
	for i := range moves {
		s.root = append(s.root, rootMove{move: pickNext(moves, scores, i), score: -infinity})
	}

	maxDepth := MaxPly - 8
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	res := Result{Move: s.root[0].move, PV: []rules.Move{s.root[0].move}}
	prev := Score(0)
	for depth := 1; depth <= maxDepth; depth++ {
		score := s.aspiration(depth, prev)
		if s.stopped {
			// A partly searched depth still counts if its first move
			// (the previous best, searched first) or a better one was
			// finished: the root list then starts with the best move.
			if s.lim.Mistakes == 0 && s.root[0].score > -infinity && s.root[0].move != res.Move {
				res.Move, res.Score = s.root[0].move, s.root[0].score
				res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
			}
			break
		}
		prev = score
		res.Move, res.Score, res.Depth, res.SelDepth = s.root[0].move, score, depth, s.seldepth
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if lim.Progress != nil {
			lim.Progress(Progress{Depth: depth, SelDepth: s.seldepth, Score: score, Nodes: s.nodes,
				PV: append([]rules.Move(nil), res.PV...), Elapsed: time.Since(s.start), Hashfull: s.tt.hashfull()})
		}
		if s.timeToStop(depth, score) {
			break
		}
	}
	if lim.Mistakes > 0 && res.Depth > 0 {
		s.blunder(&res)
	}
	res.Nodes, res.Elapsed = s.nodes, time.Since(s.start)
	if len(res.PV) == 0 || res.PV[0] != res.Move {
		res.PV = []rules.Move{res.Move}
	}
	return res
}

// timeToStop decides after a completed depth whether to begin another.
func (s *searcher) timeToStop(depth int, score Score) bool {
	timed := s.soft > 0 || !s.deadline.IsZero()
	if len(s.root) == 1 && timed {
		return true // nothing to choose
	}
	if s.soft > 0 && time.Since(s.start) > s.soft/2 {
		return true // the next depth would not finish in time
	}
	// A forced mate seen with a margin of depth will not improve.
	if timed && score.IsMate() && depth >= 2*abs(score.MateMoves())+4 {
		return true
	}
	return false
}

// blunder is the weak levels' deliberate mistake: it picks the root move
// whose score plus a seeded random bonus is highest. With Mistakes set the
// root searches every move with a full window, so the scores are exact.
func (s *searcher) blunder(res *Result) {
	key := s.pos.Key()
	best, bestMove := -infinity, res.Move
	for _, rm := range s.root {
		if rm.score == -infinity {
			continue
		}
		noise := Score(splitmix(s.lim.Seed^key^uint64(rm.move)*0x9E3779B97F4A7C15) % uint64(s.lim.Mistakes))
		if v := rm.score + noise; v > best {
			best, bestMove = v, rm.move
			res.Score = rm.score
		}
	}
	if bestMove != res.Move {
		res.Move, res.PV = bestMove, []rules.Move{bestMove}
	}
}

func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// aspiration searches the root in a narrow window around the previous
// score, widening it when the result falls outside.
func (s *searcher) aspiration(depth int, prev Score) Score {
	if depth < 5 || prev.IsMate() || s.lim.Mistakes > 0 {
		return s.searchRoot(depth, -infinity, infinity)
	}
	delta := Score(25)
	alpha, beta := max(prev-delta, -infinity), min(prev+delta, infinity)
	for {
		score := s.searchRoot(depth, alpha, beta)
		if s.stopped {
			return score
		}
		switch {
		case score <= alpha:
			alpha = max(score-delta, -infinity)
		case score >= beta:
			beta = min(score+delta, infinity)
		default:
			return score
		}
		delta *= 2
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// searchRoot searches every root move, the previous best first, and moves
// the new best to the front of the list.
func (s *searcher) searchRoot(depth int, alpha, beta Score) Score {
	pos := s.pos
	best := -infinity
	exact := s.lim.Mistakes > 0
	s.pvLen[0] = 0
	for i := range s.root {
		rm := &s.root[i]
		pos.Make(rm.move)
		check := pos.InCheck()
		d := depth - 1
		if check {
			d++
		}
		var score Score
		if i == 0 || exact {
			score = -s.search(d, -beta, -alpha, 1, check, true)
		} else {
			score = -s.search(d, -alpha-1, -alpha, 1, check, true)
			if score > alpha && score < beta && !s.stopped {
				score = -s.search(d, -beta, -alpha, 1, check, true)
			}
		}
		pos.Unmake()
		if s.stopped {
			return best
		}
		if i == 0 || score > alpha || exact {
			rm.score = score
		} else {
			rm.score = -infinity
		}
		if score > best {
			best = score
		}
		if score > alpha || (i == 0 && !exact) {
			s.setPV(0, rm.move)
			// Bring the new best to the front, keeping the others' order.
			m := *rm
			copy(s.root[1:i+1], s.root[:i])
			s.root[0] = m
			if score > alpha && !exact {
				alpha = score
			}
			if score >= beta {
				return score
			}
		}
	}
	if exact {
		// Every score is exact: order by them for the next depth.
		for i := 1; i < len(s.root); i++ {
			for j := i; j > 0 && s.root[j].score > s.root[j-1].score; j-- {
				s.root[j], s.root[j-1] = s.root[j-1], s.root[j]
			}
		}
		// The lines below each move were not kept; the best move alone
		// is the principal variation.
		s.pv[0][0], s.pvLen[0] = s.root[0].move, 1
	}
	return best
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

// poll checks, every 1024 nodes, whether the search must stop: cancelled,
// past its deadline, or (checked on every node) out of nodes.
func (s *searcher) poll() bool {
	if s.stopped {
		return true
	}
	if s.lim.Nodes > 0 && s.nodes >= s.lim.Nodes {
		s.stopped = true
		return true
	}
	if s.nodes&1023 != 0 {
		return false
	}
	select {
	case <-s.done:
		s.stopped = true
	default:
		if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
			s.stopped = true
		}
	}
	return s.stopped
}
