// Package review is the engine's judgement of a whole game: an
// evaluation of every position, and for every move how much of the
// mover's expected result it gave away, classed as lichess classes it
// (inaccuracy, mistake, blunder), with the move the engine preferred.
// It knows no file format and no terminal: the annotated PGN export
// and the replay viewer both build on it.
//
// The game's positions are searched one by one, from the last to the
// first, on one engine: what it learns about the end of a line helps it
// judge the moves that led there. Each search is an ordinary
// ai.Engine.Search with the caller's limits (a depth or a time).
package review

import (
	"context"
	"math"

	"varia/ai"
	"varia/rules"
)

// Eval is what the engine found in one position of the game.
type Eval struct {
	Done bool // the position has been evaluated
	// Score is for White (ai.Score.ForWhite of the search's score).
	Score ai.Score
	Depth int
	// Line is the engine's best line from the position; empty for a
	// position without legal moves.
	Line []rules.Move
	// Over means the position has no legal move: Score is a mate
	// (the side to move is mated) or a draw (stalemate).
	Over bool
}

// Move is the judgement of one move of the game.
type Move struct {
	Judged    bool // both positions around it are evaluated (and it is not a null move)
	Judgement ai.Judgement
	// Loss is the share of the winning chances (0 to 1) the move gave
	// away against the engine's best move; CPLoss the same in
	// centipawns, with evaluations bounded to ±1000 (a mate counts as
	// 1000).
	Loss   float64
	CPLoss int
	// Best is the engine's choice in the position before the move, and
	// Line its line from there; Played reports that the move was it.
	Best   rules.Move
	Line   []rules.Move
	Played bool
}

// Review is a game under review: its positions (the start and after
// each move), what the engine found in each, and the judgement of each
// move.
type Review struct {
	Positions []*rules.Position // len(Moves)+1; each keeps the game's history for repetitions
	Played    []rules.Move      // the game's moves; rules.NullMove for a pass
	Evals     []Eval            // one per position
	Moves     []Move            // one per move
}

// New prepares the review of g's moves up to its current position;
// nothing is evaluated yet.
func New(g *rules.Game) *Review {
	c := g.Clone()
	n := c.Len()
	for c.Undo() {
	}
	r := &Review{Positions: []*rules.Position{c.Position().Clone()}}
	for i := 0; i < n && c.Redo(); i++ {
		h := c.History()
		r.Played = append(r.Played, h[len(h)-1].Move)
		r.Positions = append(r.Positions, c.Position().Clone())
	}
	r.Evals = make([]Eval, len(r.Positions))
	r.Moves = make([]Move, len(r.Played))
	return r
}

// Run evaluates every position not yet evaluated, the last first, each
// with a search to lim (lim.MultiPV and lim.Progress are ignored), and
// judges the moves as their positions are done. After each position it
// calls report (if not nil) with the position's index and how many are
// done of how many. Cancelling ctx stops it at once; what is done stays
// done, so Run can be called again to go on.
func (r *Review) Run(ctx context.Context, eng *ai.Engine, lim ai.Limits, report func(i, done, total int)) error {
	lim.MultiPV, lim.Progress = 1, nil
	done := 0
	for _, e := range r.Evals {
		if e.Done {
			done++
		}
	}
	for i := len(r.Positions) - 1; i >= 0; i-- {
		if r.Evals[i].Done {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		res := eng.Search(ctx, r.Positions[i], lim)
		if ctx.Err() != nil {
			return ctx.Err() // a search cut short is no evaluation
		}
		r.Set(i, Evaluated(r.Positions[i], res))
		done++
		if report != nil {
			report(i, done, len(r.Positions))
		}
	}
	return nil
}

// Evaluated turns a search's result in pos into an Eval.
func Evaluated(pos *rules.Position, res ai.Result) Eval {
	e := Eval{Done: true, Score: res.Score.ForWhite(pos.SideToMove()), Depth: res.Depth}
	if res.Move == rules.NoMove {
		e.Over = true
		return e
	}
	e.Line = append([]rules.Move(nil), res.PV...)
	return e
}

// Set records the evaluation of position i (found by Run, or read from
// a file) and judges the moves on either side of it.
func (r *Review) Set(i int, e Eval) {
	if i < 0 || i >= len(r.Evals) {
		return
	}
	e.Done = true
	r.Evals[i] = e
	r.judge(i - 1)
	r.judge(i)
}

// judge judges move i (from position i to i+1) once both are evaluated.
func (r *Review) judge(i int) {
	if i < 0 || i >= len(r.Moves) {
		return
	}
	before, after := r.Evals[i], r.Evals[i+1]
	m := Move{}
	if len(before.Line) > 0 {
		m.Best, m.Line = before.Line[0], before.Line
	}
	if !before.Done || !after.Done || r.Played[i] == rules.NullMove {
		r.Moves[i] = m
		return
	}
	mover := r.Positions[i].SideToMove()
	m.Judged = true
	m.Played = m.Best == r.Played[i]
	if !m.Played {
		// Both scores from the mover's side: the best it had, and what
		// the move left it.
		best, got := forSide(before.Score, mover), forSide(after.Score, mover)
		m.Loss = max(0, ai.WinChance(best)-ai.WinChance(got))
		m.CPLoss = max(0, bounded(best)-bounded(got))
		m.Judgement = ai.Judge(best, got)
	}
	r.Moves[i] = m
}

// MarkOver evaluates the positions without a legal move, which need no
// search: a mate for the side that gave it, or a draw.
func (r *Review) MarkOver() {
	for i, p := range r.Positions {
		if r.Evals[i].Done || len(p.Legal()) > 0 {
			continue
		}
		score := ai.Score(0)
		if p.InCheck() {
			score = -ai.MateScore
		}
		r.Set(i, Eval{Score: score.ForWhite(p.SideToMove()), Over: true})
	}
}

// Done reports whether every position is evaluated.
func (r *Review) Done() bool {
	for _, e := range r.Evals {
		if !e.Done {
			return false
		}
	}
	return true
}

// forSide turns a score for White into one for side c.
func forSide(s ai.Score, c rules.Color) ai.Score { return s.ForWhite(c) }

// cpBound is how far an evaluation counts in centipawn losses: beyond
// it a game is decided, and a mate counts as much.
const cpBound = 1000

func bounded(s ai.Score) int { return int(max(-cpBound, min(cpBound, s))) }

// Side sums up one side's play.
type Side struct {
	Moves        int // judged moves
	Inaccuracies int
	Mistakes     int
	Blunders     int
	// ACPL is the average centipawn loss of the judged moves.
	ACPL int
	// Accuracy is the average of each move's accuracy, a percentage:
	// 100 for a move that loses no winning chances, falling off as
	// lichess's accuracy does with the share lost.
	Accuracy float64
}

// Summary sums up the play of side c over the moves judged so far.
func (r *Review) Summary(c rules.Color) Side {
	var s Side
	cp, acc := 0, 0.0
	for i, m := range r.Moves {
		if !m.Judged || r.Positions[i].SideToMove() != c {
			continue
		}
		s.Moves++
		cp += m.CPLoss
		acc += MoveAccuracy(m.Loss)
		switch m.Judgement {
		case ai.Inaccuracy:
			s.Inaccuracies++
		case ai.Mistake:
			s.Mistakes++
		case ai.Blunder:
			s.Blunders++
		}
	}
	if s.Moves > 0 {
		s.ACPL = (cp + s.Moves/2) / s.Moves
		s.Accuracy = acc / float64(s.Moves)
	}
	return s
}

// MoveAccuracy is the accuracy of a move that lost loss (0 to 1) of the
// winning chances: lichess's curve, 103.1668·e^(−4.354·loss) − 3.1669,
// held between 0 and 100.
func MoveAccuracy(loss float64) float64 {
	a := 103.1668*math.Exp(-4.354*loss) - 3.1669
	return max(0, min(100, a))
}

// PrevMistake is the last move before move i (from 0) judged an
// inaccuracy or worse, wrapping round to the end; -1 when there is none.
func (r *Review) PrevMistake(i int) int {
	n := len(r.Moves)
	for k := 1; k <= n; k++ {
		j := ((i-k)%n + n) % n
		if r.Moves[j].Judged && r.Moves[j].Judgement != ai.Good {
			return j
		}
	}
	return -1
}

// NextMistake is the first move after move i (from 0; -1 to start from
// the beginning) judged an inaccuracy or worse, wrapping round to the
// start; -1 when there is none.
func (r *Review) NextMistake(i int) int {
	n := len(r.Moves)
	for k := 1; k <= n; k++ {
		j := ((i+k)%n + n) % n
		if r.Moves[j].Judged && r.Moves[j].Judgement != ai.Good {
			return j
		}
	}
	return -1
}
