package ai

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"varia/rules"
)

// freeCapture returns the most material the side to move wins with one
// capture: the whole piece if it is undefended afterwards, else the
// difference when a cheaper piece takes a dearer one.
func freeCapture(ev *evaluator, p *rules.Position) int32 {
	best := int32(0)
	for _, m := range p.Legal() {
		if !m.Kind().IsCapture() {
			continue
		}
		victim := ev.value[rules.Pawn]
		if m.Kind() == rules.Capture {
			victim = ev.value[p.PieceAt(m.To()).Type()]
		}
		attacker := ev.value[p.PieceAt(m.From()).Type()]
		p.Make(m)
		defended := p.Attacked(m.To(), p.SideToMove())
		p.Unmake()
		gain := victim
		if defended {
			gain = victim - attacker
		}
		best = max(best, gain)
	}
	return best
}

// netLoss is what playing m gives the opponent to take at once, less what
// m itself captures.
func netLoss(ev *evaluator, p *rules.Position, m rules.Move) int32 {
	took := int32(0)
	switch m.Kind() {
	case rules.Capture:
		took = ev.value[p.PieceAt(m.To()).Type()]
	case rules.EnPassant:
		took = ev.value[rules.Pawn]
	}
	p.Make(m)
	defer p.Unmake()
	if len(p.Legal()) == 0 {
		return -10000 // mate or stalemate: nothing can be taken
	}
	return freeCapture(ev, p) - took
}

// hangs confirms that m, which leaves material to take at once, really
// loses it: another move leaves nothing to take, and a much deeper search
// scores m at least threshold below the best move (so m is no sacrifice,
// trade or escape from something worse).
func hangs(p *rules.Position, m rules.Move, ev *evaluator, threshold int32) bool {
	safe := false
	for _, alt := range p.Legal() {
		if netLoss(ev, p, alt) <= 0 {
			safe = true
			break
		}
	}
	if !safe {
		return false
	}
	const deep = 9
	best := NewEngine(16).Search(context.Background(), p, Limits{Depth: deep})
	if best.Move == m {
		return false
	}
	p.Make(m)
	after := -NewEngine(16).Search(context.Background(), p, Limits{Depth: deep - 1}).Score
	p.Unmake()
	// Beyond ten pawns ahead, a piece more or less decides nothing.
	const decided = 1000
	return int32(min(best.Score, decided)-min(after, decided)) >= threshold
}

// Medium plays games against Easy in every variant; none of its moves may
// leave a piece to be taken for free when another move would not.
func TestMediumNeverHangsAPiece(t *testing.T) {
	medium, _ := LevelByName("Medium")
	easy, _ := LevelByName("Easy")
	const plies = 60
	for i, v := range rules.Variants() {
		ev := newEvaluator(v)
		// A piece: the cheapest officer, less what its square may be worth.
		threshold := ev.value[rules.Knight]
		for t := rules.Bishop; t <= rules.Queen; t++ {
			threshold = min(threshold, ev.value[t])
		}
		threshold -= 50
		p := rules.NewPosition(v)
		mediumSide := rules.Color(i % 2)
		engines := [2]*Engine{NewEngine(4), NewEngine(4)}
		checked := 0
		for ply := 0; ply < plies; ply++ {
			if _, _, over := gameOutcome(p); over {
				break
			}
			side := p.SideToMove()
			lim := easy.Limits
			if side == mediumSide {
				lim = medium.Limits
			}
			lim.Seed = uint64(ply)
			res := engines[side].Search(context.Background(), p, lim)
			if side == mediumSide && !res.Score.IsMate() {
				checked++
				loss := netLoss(ev, p, res.Move)
				if loss >= threshold && hangs(p, res.Move, ev, threshold) {
					t.Errorf("%s: in %s Medium played %s, which leaves %d centipawns to take", v.ID, p.FEN(), res.Move, loss)
				}
			}
			p.Make(res.Move)
		}
		if checked < 10 {
			t.Errorf("%s: only %d Medium moves checked", v.ID, checked)
		}
	}
}

// withinTries runs a timing check up to five times and reports the last
// failure only if every try fails: the machine may be busy with other
// work, which delays a process however promptly it stops.
func withinTries(t *testing.T, check func() error) {
	t.Helper()
	var err error
	for try := 0; try < 5; try++ {
		if err = check(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Error(err)
}

// The search stops within 50 ms of its time limit.
func TestMoveTimeIsKept(t *testing.T) {
	for _, v := range []*rules.Variant{rules.Standard, rules.Asha, rules.Diagonal8} {
		const limit = 200 * time.Millisecond
		p := rules.NewPosition(v)
		e := NewEngine(16)
		withinTries(t, func() error {
			start := time.Now()
			res := e.Search(context.Background(), p, Limits{MoveTime: limit})
			elapsed := time.Since(start)
			if !p.IsLegal(res.Move) {
				return fmt.Errorf("%s: returned illegal move %v", v.ID, res.Move)
			}
			if elapsed > limit+50*time.Millisecond || elapsed < limit-10*time.Millisecond {
				return fmt.Errorf("%s: took %v for a %v limit", v.ID, elapsed, limit)
			}
			return nil
		})
	}
}

// A game clock gives a sensible share of the remaining time.
func TestClockBudget(t *testing.T) {
	p := rules.NewPosition(rules.Standard)
	start := time.Now()
	res := NewEngine(16).Search(context.Background(), p, Limits{Clock: Clock{Remaining: 3 * time.Second}})
	if elapsed := time.Since(start); elapsed > time.Second+50*time.Millisecond {
		t.Errorf("took %v of a 3s clock", elapsed)
	}
	if !p.IsLegal(res.Move) {
		t.Errorf("illegal move %v", res.Move)
	}
	tests := []Clock{
		{Remaining: 60 * time.Second},
		{Remaining: 60 * time.Second, Increment: time.Second},
		{Remaining: 10 * time.Second, MovesToGo: 1},
		{Remaining: 10 * time.Millisecond},
	}
	for _, c := range tests {
		soft, hard := budget(c)
		if soft <= 0 || hard < soft || hard >= c.Remaining && c.Remaining > moveOverhead {
			t.Errorf("budget(%+v) = %v, %v", c, soft, hard)
		}
	}
}

// Cancelling the context stops an unlimited search within 50 ms with the
// best move found so far, and the progress callback sees the depths.
func TestCancelStopsSearch(t *testing.T) {
	p := rules.NewPosition(rules.Asha)
	e := NewEngine(16)
	withinTries(t, func() error {
		ctx, cancel := context.WithCancel(context.Background())
		var depths []int
		done := make(chan Result)
		go func() {
			done <- e.Search(ctx, p, Limits{Progress: func(pr Progress) { depths = append(depths, pr.Depth) }})
		}()
		time.Sleep(150 * time.Millisecond)
		cancelled := time.Now()
		cancel()
		select {
		case res := <-done:
			if !p.IsLegal(res.Move) {
				t.Fatalf("illegal move %v", res.Move)
			}
			if len(depths) == 0 || depths[0] != 1 || res.Depth != depths[len(depths)-1] {
				t.Fatalf("progress depths %v, result depth %d", depths, res.Depth)
			}
			if d := time.Since(cancelled); d > 50*time.Millisecond {
				return fmt.Errorf("stopped %v after cancellation", d)
			}
			return nil
		case <-time.After(2 * time.Second):
			t.Fatal("search did not stop after cancellation")
		}
		return nil
	})
}

// Even a search stopped at once (or after one node) returns a legal move.
func TestAlwaysReturnsALegalMove(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, v := range rules.Variants() {
		p := rules.NewPosition(v)
		for _, tc := range []struct {
			ctx context.Context
			lim Limits
		}{
			{context.Background(), Limits{Nodes: 1}},
			{cancelled, Limits{}},
			{context.Background(), Limits{MoveTime: time.Nanosecond}},
		} {
			res := NewEngine(1).Search(tc.ctx, p, tc.lim)
			if !p.IsLegal(res.Move) {
				t.Errorf("%s %+v: move %v is not legal", v.ID, tc.lim, res.Move)
			}
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	tests := []struct {
		fen   string
		score Score
	}{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", -MateScore}, // mated
		{"7k/8/6QK/8/8/8/8/8 b - - 0 1", drawScore},    // stalemated
	}
	for _, tc := range tests {
		res := Search(context.Background(), mustFEN(t, rules.Standard, tc.fen), Limits{Depth: 3})
		if res.Move != rules.NoMove || res.Score != tc.score {
			t.Errorf("%s: got %v %v, want no move and %v", tc.fen, res.Move, res.Score, tc.score)
		}
	}
}

// Searches with the same limits and seed give the same result, Easy's
// mistakes included; other seeds make other mistakes.
func TestDeterministic(t *testing.T) {
	easy, _ := LevelByName("Easy")
	for _, v := range rules.Variants() {
		p := rules.NewPosition(v)
		a := NewEngine(4).Search(context.Background(), p, Limits{Depth: 6})
		b := NewEngine(4).Search(context.Background(), p, Limits{Depth: 6})
		if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
			t.Errorf("%s: %v %v %d then %v %v %d", v.ID, a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
		}
	}
	p := rules.NewPosition(rules.Standard)
	moves := map[rules.Move]bool{}
	for seed := uint64(0); seed < 12; seed++ {
		lim := easy.Limits
		lim.Seed = seed
		a := NewEngine(1).Search(context.Background(), p, lim)
		b := NewEngine(1).Search(context.Background(), p, lim)
		if a.Move != b.Move {
			t.Errorf("Easy seed %d: %v then %v", seed, a.Move, b.Move)
		}
		moves[a.Move] = true
	}
	if len(moves) < 3 {
		t.Errorf("Easy played only %v over 12 seeds", moves)
	}
}

// Draws are recognised inside the search.
func TestDrawsInSearch(t *testing.T) {
	// White, a queen down, goes back to a position it has been in.
	p := mustFEN(t, rules.Standard, "1q5k/8/8/8/8/8/8/2K3N1 w - - 0 1")
	for _, s := range []string{"g1f3", "h8g8", "f3g1", "g8h8"} {
		m, ok := findUCIMove(p, s)
		if !ok {
			t.Fatalf("premise: %s illegal", s)
		}
		p.Make(m)
	}
	if res := Search(context.Background(), p, Limits{Depth: 6}); res.Move.UCI() != "g1f3" || res.Score != 0 {
		t.Errorf("repetition: got %v %v, want g1f3 and a draw", res.Move, res.Score)
	}
	// One ply before the fifty-move rule, being a queen down is a draw.
	p = mustFEN(t, rules.Standard, "1q5k/8/8/8/8/8/8/2K3N1 w - - 99 80")
	if res := Search(context.Background(), p, Limits{Depth: 6}); res.Score != 0 {
		t.Errorf("fifty moves: score %v, want a draw", res.Score)
	}
	// A bishop cannot mate.
	p = mustFEN(t, rules.Standard, "8/8/4k3/8/8/3BK3/8/8 w - - 0 1")
	if res := Search(context.Background(), p, Limits{Depth: 8}); res.Score != 0 {
		t.Errorf("insufficient material: score %v, want a draw", res.Score)
	}
}

// ASEAN's counting rule ends the game in the search: White's pawns keep
// the fifty-move clock low while the count of pawnless Black runs on.
func TestCountingRuleInSearch(t *testing.T) {
	p := mustFEN(t, rules.ASEAN, "r3k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")
	r := rand.New(rand.NewSource(5))
	limit := rules.ASEAN.CountLimit
	for {
		if _, plies := p.Count(); plies >= limit-1 {
			break
		}
		var quiet []rules.Move
		for _, m := range p.Legal() {
			if m.IsTactical() {
				continue
			}
			// White pushes a pawn when the fifty-move clock runs high.
			pawn := p.PieceAt(m.From()).Type() == rules.Pawn
			if p.SideToMove() == rules.White && p.HalfmoveClock() > 60 && !pawn {
				continue
			}
			quiet = append(quiet, m)
		}
		if len(quiet) == 0 {
			t.Fatalf("premise: no quiet move in %s", p.FEN())
		}
		p.Make(quiet[r.Intn(len(quiet))])
		if _, _, over := gameOutcome(p); over {
			t.Fatalf("premise: game ended in %s", p.FEN())
		}
	}
	if running, plies := p.Count(); !running || plies != limit-1 || len(matesInOne(p)) > 0 {
		t.Fatalf("premise: count %v %d in %s", running, plies, p.FEN())
	}
	if res := Search(context.Background(), p, Limits{Depth: 5}); res.Score != 0 {
		t.Errorf("count about to expire in %s: score %v, want a draw", p.FEN(), res.Score)
	}
	fresh := mustFEN(t, rules.ASEAN, p.FEN())
	if res := Search(context.Background(), fresh, Limits{Depth: 5}); res.Score == 0 {
		t.Errorf("same placement with a fresh count: score 0, want the material to count")
	}
}
