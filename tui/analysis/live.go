package analysis

import (
	"context"
	"strconv"
	"strings"
	"time"

	"varia/ai"
	"varia/ai/review"
	"varia/rules"
)

// MultiPV is how many best lines the analysis of a position shows.
const MultiPV = 3

// LiveLimits bound the analysis of one position: it deepens until it
// has thought this long or this deep, then rests, so an analysis left
// open does not keep a core busy for nothing.
var LiveLimits = ai.Limits{Depth: 40, MoveTime: 20 * time.Second, MultiPV: MultiPV}

// ReviewLimits bound each position's search in a whole game's review.
var ReviewLimits = ai.Limits{Depth: 10, MoveTime: 5 * time.Second}

// Line is one of the best lines found, for showing.
type Line struct {
	Score ai.Score // for White
	Bound ai.Bound
	Moves []rules.Move
	SAN   string // the moves with their numbers: "12. Nf3 Nc6 13. O-O"
}

// Engine searches for the analysis: the built-in engine (*ai.Engine),
// or one a host shares out among many (a server's queue of searches,
// with its cap on their time).
type Engine interface {
	Search(ctx context.Context, pos *rules.Position, lim ai.Limits) ai.Result
}

// Job is a search for an interface to run on a goroutine of its own:
// the engine, a copy of the position and the limits. It reports
// progress through Limits.Progress if the runner sets it; cancelling Ctx
// stops it.
type Job struct {
	Seq    int
	Ctx    context.Context
	Engine Engine
	Pos    *rules.Position
	Limits ai.Limits
	// Review, for a review's search: the position's index in it.
	Review bool
	Index  int
}

// Board is the analysis shown beside a board: the engine thinking about
// the position shown, and a review of the whole game. It knows no
// terminal: a screen asks it for jobs, runs them (one at a time: the
// review's searches and the position's take turns on one engine), and
// hands back what they report; a report about a position since left is
// dropped. Any number of screens may each have their own.
type Board struct {
	eng     Engine
	seq     int
	running *Job
	cancel  context.CancelFunc

	// On: the position shown is analysed as it changes.
	On bool
	// The position being analysed or last analysed, and what is known
	// of it.
	pos       *rules.Position
	key       uint64
	ply       int
	Lines     []Line
	Depth     int
	Nodes     uint64
	Thinking  bool // a search of the position is under way
	Resting   bool // it reached its limits
	Failed    string
	Reviewing bool // the whole game's review runs
	// Review is the whole game's review, once asked for (nil before).
	Review *review.Review
}

// NewBoard makes the analysis of a board; eng is made on first use
// (nil: a new one-thread engine... with the default table).
func NewBoard(eng Engine) *Board { return &Board{eng: eng} }

func (b *Board) engine() Engine {
	if b.eng == nil {
		e := ai.NewEngine(0)
		e.SetThreads(ai.DefaultThreads())
		b.eng = e
	}
	return b.eng
}

// Show is called whenever the position shown changes (and when analysis
// is switched on): it returns the job to run for it, or nil when nothing
// needs to start. A search of another position is stopped; its report
// will be dropped.
func (b *Board) Show(pos *rules.Position) *Job {
	if pos == nil {
		return nil
	}
	same := b.pos != nil && pos.Key() == b.key && pos.Ply() == b.ply
	if same && (b.Thinking || b.Resting || b.Reviewing || !b.On) {
		return nil
	}
	if !same {
		b.pos, b.key, b.ply = pos.Clone(), pos.Key(), pos.Ply()
		b.Lines, b.Depth, b.Nodes, b.Resting, b.Failed = nil, 0, 0, false, ""
	}
	if !b.On || b.Reviewing {
		if b.running != nil && !b.running.Review {
			b.stop()
		}
		return nil
	}
	return b.start(&Job{Pos: b.pos.Clone(), Limits: LiveLimits})
}

// Toggle switches the analysis of the position shown on or off, and
// returns the job to start when it goes on.
func (b *Board) Toggle(pos *rules.Position) *Job {
	b.On = !b.On
	if !b.On {
		if b.running != nil && !b.running.Review {
			b.stop()
		}
		b.Thinking = false
		return nil
	}
	b.Resting = false
	return b.Show(pos)
}

// start stops what runs and gives the job its sequence number and
// context.
func (b *Board) start(j *Job) *Job {
	b.stop()
	b.seq++
	ctx, cancel := context.WithCancel(context.Background())
	j.Seq, j.Ctx, j.Engine = b.seq, ctx, b.engine()
	b.running, b.cancel = j, cancel
	b.Thinking = !j.Review
	return j
}

func (b *Board) stop() {
	if b.cancel != nil {
		b.cancel()
	}
	b.running, b.cancel = nil, nil
	b.Thinking = false
}

// Stop stops whatever runs (the screen is left).
func (b *Board) Stop() {
	b.stop()
	b.Reviewing = false
}

// Progress takes a search's report of a completed depth; false when it
// is stale.
func (b *Board) Progress(seq int, p ai.Progress) bool {
	j := b.running
	if j == nil || j.Seq != seq || j.Review {
		return false
	}
	b.setLines(p.Lines, p.Depth, p.Nodes)
	return true
}

// Done takes a finished search; it returns the job to run next (the
// review's next position), or nil.
func (b *Board) Done(seq int, res ai.Result, err error) *Job {
	j := b.running
	if j == nil || j.Seq != seq {
		return nil
	}
	b.running, b.cancel = nil, nil
	if j.Review {
		if err != nil {
			b.Reviewing, b.Failed = false, err.Error()
			return b.Show(b.pos)
		}
		if j.Ctx.Err() == nil {
			b.Review.Set(j.Index, review.Evaluated(j.Pos, res))
		}
		return b.nextReview()
	}
	b.Thinking = false
	if err != nil {
		b.Failed = err.Error()
		return nil
	}
	if len(res.Lines) > 0 {
		b.setLines(res.Lines, res.Depth, res.Nodes)
	}
	b.Resting = true
	return nil
}

func (b *Board) setLines(lines []ai.Line, depth int, nodes uint64) {
	side := b.pos.SideToMove()
	b.Lines = b.Lines[:0]
	for _, l := range lines {
		b.Lines = append(b.Lines, Line{Score: l.Score.ForWhite(side), Bound: l.Bound, Moves: l.PV, SAN: LineSAN(b.pos, l.PV)})
	}
	b.Depth, b.Nodes = depth, nodes
}

// Score is the evaluation of the position shown for White, from its
// analysis or else the game's review; false when neither has one.
func (b *Board) Score(pos *rules.Position, mainPly int) (ai.Score, bool) {
	if len(pos.Legal()) == 0 { // mate or stalemate: no search needed
		if pos.InCheck() {
			return (-ai.MateScore).ForWhite(pos.SideToMove()), true
		}
		return 0, true
	}
	if b.pos != nil && pos.Key() == b.key && pos.Ply() == b.ply && len(b.Lines) > 0 {
		return b.Lines[0].Score, true
	}
	if r := b.Review; r != nil && mainPly >= 0 && mainPly < len(r.Evals) && r.Evals[mainPly].Done {
		return r.Evals[mainPly].Score, true
	}
	return 0, false
}

// NewReview makes the review of game g's moves, nothing searched yet but
// the positions without a legal move, for evaluations read from the
// game's file (FromNotes) or StartReview to fill in.
func (b *Board) NewReview(g *rules.Game) *review.Review {
	b.Review = review.New(g)
	b.Review.MarkOver()
	return b.Review
}

// StartReview begins (or goes on with) the review of game g's moves;
// the analysis of the position shown waits until it ends.
func (b *Board) StartReview(g *rules.Game) *Job {
	if b.Review == nil {
		b.NewReview(g)
	}
	b.Reviewing, b.Failed = true, ""
	return b.nextReview()
}

// StopReview stops the review; what is done stays, and the analysis of
// the position shown goes on.
func (b *Board) StopReview() *Job {
	if !b.Reviewing {
		return nil
	}
	if b.running != nil && b.running.Review {
		b.stop()
	}
	b.Reviewing = false
	return b.Show(b.pos)
}

// ReviewProgress is how many of the review's positions are evaluated,
// of how many.
func (b *Board) ReviewProgress() (done, total int) {
	if b.Review == nil {
		return 0, 0
	}
	for _, e := range b.Review.Evals {
		if e.Done {
			done++
		}
	}
	return done, len(b.Review.Evals)
}

// nextReview is the review's next search, the last position not yet
// evaluated first; when none is left the review is over and the
// analysis of the position shown resumes.
func (b *Board) nextReview() *Job {
	r := b.Review
	for i := len(r.Positions) - 1; i >= 0; i-- {
		if !r.Evals[i].Done {
			return b.start(&Job{Pos: r.Positions[i], Limits: ReviewLimits, Review: true, Index: i})
		}
	}
	b.Reviewing = false
	return b.Show(b.pos)
}

// LineSAN writes moves played from pos in SAN with move numbers, Asha's
// steps in tilde notation: "12. Nf3 Nc6 13. O-O", or "12... Nc6 13. O-O"
// from Black's move. It stops at a move that is not legal.
func LineSAN(pos *rules.Position, moves []rules.Move) string {
	p := pos.Clone()
	var b strings.Builder
	for i, m := range moves {
		if !p.IsLegal(m) {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		n := strconv.Itoa(p.FullmoveNumber())
		if p.SideToMove() == rules.White {
			b.WriteString(n + ". ")
		} else if i == 0 {
			b.WriteString(n + "... ")
		}
		b.WriteString(p.SAN(m))
		p.Make(m)
	}
	return b.String()
}

// ScoreText writes a score for White as people read it: "+0.35",
// "-1.20", "0.00", "#3" (White mates in 3), "#-2".
func ScoreText(s ai.Score) string {
	if s.IsMate() {
		return "#" + strconv.Itoa(s.MateMoves())
	}
	if s == 0 {
		return "0.00"
	}
	return s.String()
}
