package review

import (
	"context"
	"math"
	"testing"

	"varia/ai"
	"varia/rules"
)

func play(t *testing.T, v *rules.Variant, moves ...string) *rules.Game {
	t.Helper()
	g := rules.NewGame(v)
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g
}

// TestQueenGivenAway: a queen moved where a knight takes it is a blunder,
// the engine's moves are not judged at all, and the capture that answers
// it is the engine's own choice. (The opening is a sound one: an earlier
// version began 2. Qh5, which a stronger evaluation rightly calls an
// inaccuracy of its own.)
func TestQueenGivenAway(t *testing.T) {
	g := play(t, rules.Standard, "e4", "e5", "Nc3", "Nf6", "Qh5", "Nxh5")
	r := New(g)
	if len(r.Positions) != 7 || len(r.Moves) != 6 {
		t.Fatalf("%d positions, %d moves", len(r.Positions), len(r.Moves))
	}
	var order []int
	err := r.Run(context.Background(), ai.NewEngine(16), ai.Limits{Depth: 8}, func(i, done, total int) {
		order = append(order, i)
		if done != len(order) || total != 7 {
			t.Errorf("report %d: %d of %d", i, done, total)
		}
	})
	if err != nil || !r.Done() {
		t.Fatalf("run: %v, done %v", err, r.Done())
	}
	if order[0] != 6 || order[6] != 0 {
		t.Errorf("positions done in order %v, want the last first", order)
	}
	blunder := r.Moves[4]
	if !blunder.Judged || blunder.Judgement != ai.Blunder || blunder.Loss < 0.3 || blunder.CPLoss < 500 || blunder.Played {
		t.Errorf("3. Qh5: %+v, want a blunder", blunder)
	}
	if blunder.Best == rules.NoMove || len(blunder.Line) == 0 || blunder.Line[0] != blunder.Best {
		t.Errorf("3. Qh5: no better move: %+v", blunder)
	}
	if reply := r.Moves[5]; !reply.Judged || reply.Judgement != ai.Good || !reply.Played {
		t.Errorf("3... Nxh5: %+v, want the engine's choice", reply)
	}
	if s := r.Evals[6].Score; s > -500 {
		t.Errorf("after the queen is lost White's evaluation is %v", s)
	}
	white, black := r.Summary(rules.White), r.Summary(rules.Black)
	if white.Moves != 3 || white.Blunders != 1 || white.ACPL < 150 || white.Accuracy > black.Accuracy {
		t.Errorf("White %+v, Black %+v", white, black)
	}
	if got := r.NextMistake(-1); got != 4 {
		t.Errorf("first mistake %d, want 4", got)
	}
	if got := r.NextMistake(4); got != 4 {
		t.Errorf("next mistake after the only one %d, want it again", got)
	}
}

// TestRunCancelled: a cancelled run keeps what it finished, and a second
// run goes on from there.
func TestRunCancelled(t *testing.T) {
	g := play(t, rules.Asha, "e4", "e5", "Nf3", "Nc6")
	r := New(g)
	ctx, cancel := context.WithCancel(context.Background())
	eng := ai.NewEngine(16)
	err := r.Run(ctx, eng, ai.Limits{Depth: 5}, func(i, done, total int) {
		if done == 2 {
			cancel()
		}
	})
	if err == nil || r.Done() || !r.Evals[4].Done || !r.Evals[3].Done || r.Evals[2].Done {
		t.Fatalf("cancelled run: %v, evals %+v", err, r.Evals)
	}
	if !r.Moves[3].Judged || r.Moves[2].Judged {
		t.Errorf("judged %+v", r.Moves)
	}
	calls := 0
	if err := r.Run(context.Background(), eng, ai.Limits{Depth: 5}, func(i, done, total int) { calls++ }); err != nil || !r.Done() || calls != 3 {
		t.Errorf("second run: %v, %d positions", err, calls)
	}
}

// TestMateAndNull: a mated position is over with a mate score for the
// winner, and a null move is never judged.
func TestMateAndNull(t *testing.T) {
	g := play(t, rules.Standard, "f3", "e5", "g4", "Qh4#")
	r := New(g)
	if err := r.Run(context.Background(), ai.NewEngine(16), ai.Limits{Depth: 4}, nil); err != nil {
		t.Fatal(err)
	}
	last := r.Evals[4]
	if !last.Over || !last.Score.IsMate() || last.Score > 0 || len(last.Line) != 0 {
		t.Errorf("mated position: %+v", last)
	}
	if m := r.Moves[2]; m.Judgement != ai.Blunder {
		t.Errorf("2. g4: %+v, want a blunder", m)
	}
	g2 := rules.NewGame(rules.Standard)
	if _, err := g2.PlayText("e4"); err != nil {
		t.Fatal(err)
	}
	if err := g2.PlayNull(); err != nil {
		t.Fatal(err)
	}
	r2 := New(g2)
	if r2.Played[1] != rules.NullMove {
		t.Fatalf("played %v", r2.Played)
	}
	if err := r2.Run(context.Background(), ai.NewEngine(16), ai.Limits{Depth: 3}, nil); err != nil {
		t.Fatal(err)
	}
	if r2.Moves[1].Judged || !r2.Moves[0].Judged {
		t.Errorf("moves %+v", r2.Moves)
	}
}

func TestMoveAccuracy(t *testing.T) {
	for _, c := range []struct{ loss, want float64 }{{0, 100}, {0.1, 63.6}, {0.3, 24.8}, {1, 0}} {
		if got := MoveAccuracy(c.loss); math.Abs(got-c.want) > 0.1 {
			t.Errorf("MoveAccuracy(%v) = %.2f, want %.1f", c.loss, got, c.want)
		}
	}
}
