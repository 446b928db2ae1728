package analysis

import (
	"strings"
	"testing"

	"varia/ai"
	"varia/rules"
)

// run does a job as an interface would, shallower, feeding its progress
// reports to the board; it returns the job Done asks for next.
func run(t *testing.T, b *Board, j *Job, depth int) *Job {
	t.Helper()
	lim := j.Limits
	lim.Depth, lim.MoveTime = depth, 0
	if !j.Review {
		lim.Progress = func(p ai.Progress) { b.Progress(j.Seq, p) }
	}
	res := j.Engine.Search(j.Ctx, j.Pos, lim)
	return b.Done(j.Seq, res, nil)
}

func position(t *testing.T, v *rules.Variant, moves ...string) *rules.Position {
	t.Helper()
	g := rules.NewGame(v)
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	return g.Position()
}

// TestBoardMultiPV: the analysis of a position gives three lines, best
// first for the side to move, each in SAN with move numbers (tilde moves
// in Asha), scores for White.
func TestBoardMultiPV(t *testing.T) {
	b := NewBoard(ai.NewEngine(16))
	pos := position(t, rules.Asha, "e4", "e5", "Nf3")
	j := b.Toggle(pos)
	if j == nil || j.Review || j.Limits.MultiPV != MultiPV || !b.Thinking {
		t.Fatalf("toggle on: %+v", j)
	}
	if next := run(t, b, j, 5); next != nil || b.Thinking || !b.Resting {
		t.Fatalf("after the search: next %+v, thinking %v, resting %v", next, b.Thinking, b.Resting)
	}
	if len(b.Lines) != 3 || b.Depth != 5 {
		t.Fatalf("%d lines at depth %d", len(b.Lines), b.Depth)
	}
	for i, l := range b.Lines {
		if !strings.HasPrefix(l.SAN, "2... ") || len(l.Moves) == 0 || l.SAN != LineSAN(pos, l.Moves) {
			t.Errorf("line %d: %q", i+1, l.SAN)
		}
		// Black to move: the best line is the lowest score for White.
		if i > 0 && l.Score < b.Lines[i-1].Score {
			t.Errorf("line %d scores %v, better for Black than line %d's %v", i+1, l.Score, i, b.Lines[i-1].Score)
		}
	}
	if s, ok := b.Score(pos, -1); !ok || s != b.Lines[0].Score {
		t.Errorf("score %v %v", s, ok)
	}
	if b.Show(pos) != nil {
		t.Error("the same position again should start nothing")
	}
	e4 := mustParse(t, position(t, rules.Asha), "e4")
	if got := LineSAN(position(t, rules.Asha, "e4"), []rules.Move{e4}); got != "" {
		t.Errorf("a move that is not legal read as %q", got)
	}
	step := position(t, rules.Asha, "e4", "e5", "Bc4", "Nc6")
	if got := LineSAN(step, []rules.Move{mustParse(t, step, "Bc4~c5")}); got != "3. Bc4~c5" {
		t.Errorf("a tilde move: %q", got)
	}
}

func mustParse(t *testing.T, pos *rules.Position, text string) rules.Move {
	t.Helper()
	m, err := pos.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBoardStale: a report or result for a position since left is
// dropped, and switching off stops the search.
func TestBoardStale(t *testing.T) {
	b := NewBoard(ai.NewEngine(16))
	first := b.Toggle(position(t, rules.Standard, "e4"))
	second := b.Show(position(t, rules.Standard, "d4"))
	if second == nil || second.Seq == first.Seq || first.Ctx.Err() == nil {
		t.Fatalf("a new position should stop the old search and start another")
	}
	if b.Progress(first.Seq, ai.Progress{Depth: 3, Lines: []ai.Line{{Score: 50}}}) || len(b.Lines) != 0 {
		t.Error("a report for the old position was taken")
	}
	if next := b.Done(first.Seq, ai.Result{Depth: 9}, nil); next != nil || b.Depth != 0 {
		t.Error("the old position's result was taken")
	}
	run(t, b, second, 3)
	if len(b.Lines) == 0 || !strings.HasPrefix(b.Lines[0].SAN, "1... ") {
		t.Fatalf("lines %+v", b.Lines)
	}
	third := b.Show(position(t, rules.Standard, "c4"))
	if b.Toggle(nil) != nil || b.On || b.Thinking || third.Ctx.Err() == nil {
		t.Error("switching off should stop the search")
	}
	if b.Show(position(t, rules.Standard, "Nf3")) != nil {
		t.Error("off, nothing is analysed")
	}
}

// TestBoardReview: the whole game's review runs position by position,
// the last first; the position's analysis waits and resumes after it.
func TestBoardReview(t *testing.T) {
	g := rules.NewGame(rules.Standard)
	for _, m := range []string{"e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	b := NewBoard(ai.NewEngine(16))
	live := b.Toggle(g.Position())
	j := b.StartReview(g)
	if j == nil || !j.Review || j.Index != 6 || live.Ctx.Err() == nil || b.Thinking {
		t.Fatalf("the review should start at the end and stop the analysis: %+v", j)
	}
	if b.Show(position(t, rules.Standard, "e4")) != nil {
		t.Error("the analysis should wait while the game is analysed")
	}
	steps := 0
	for j != nil && j.Review {
		if done, total := b.ReviewProgress(); done != steps || total != 7 {
			t.Fatalf("progress %d of %d after %d searches", done, total, steps)
		}
		j = run(t, b, j, 6)
		steps++
	}
	if steps != 7 || !b.Review.Done() || b.Reviewing {
		t.Fatalf("%d searches, done %v", steps, b.Review.Done())
	}
	if j == nil || j.Review || !b.Thinking {
		t.Fatal("the analysis of the position shown should resume")
	}
	if m := b.Review.Moves[4]; m.Judgement != ai.Blunder {
		t.Errorf("3. Qxe5+: %+v", m)
	}
	if s, ok := b.Score(g.Position(), 6); !ok || s > -500 {
		t.Errorf("the review's score at the end: %v %v", s, ok)
	}
	// Stopped halfway, it goes on from where it was.
	b2 := NewBoard(ai.NewEngine(16))
	j = b2.StartReview(g)
	j = run(t, b2, j, 4)
	b2.StopReview()
	if done, _ := b2.ReviewProgress(); done != 1 || b2.Reviewing || j.Ctx.Err() == nil {
		t.Fatalf("stopped: %d done", done)
	}
	if j = b2.StartReview(g); j.Index != 5 {
		t.Errorf("going on at %d, want 5", j.Index)
	}
}
