package analysis

import (
	"strings"
	"testing"

	"varia/ai"
	"varia/ai/review"
	"varia/saves"
)

func TestEvalText(t *testing.T) {
	cases := []struct {
		score ai.Score
		text  string
	}{
		{31, "0.31"}, {-105, "-1.05"}, {0, "0.00"}, {1200, "12.00"},
		{ai.MateScore - 7, "#4"}, {-(ai.MateScore - 4), "#-2"}, {ai.MateScore - 1, "#1"},
	}
	for _, c := range cases {
		if got := EvalText(c.score); got != c.text {
			t.Errorf("EvalText(%d) = %q, want %q", c.score, got, c.text)
		}
		back, ok := ParseEval(c.text)
		if !ok || EvalText(back) != c.text {
			t.Errorf("ParseEval(%q) = %d %v", c.text, back, ok)
		}
	}
	for text, want := range map[string]ai.Score{"+1": 100, "0.3": 30, "-0.005": -1, "0.31,18": 31} {
		if got, ok := ParseEval(text); !ok || got != want {
			t.Errorf("ParseEval(%q) = %d %v, want %d", text, got, ok, want)
		}
	}
	for _, bad := range []string{"", "#0", "#x", "pawn", "NaN", "1e9", "#999"} {
		if _, ok := ParseEval(bad); ok {
			t.Errorf("ParseEval(%q) took it", bad)
		}
	}
}

// TestFromNotes: a game lichess analysed shows its evaluations and
// marks without a search.
func TestFromNotes(t *testing.T) {
	games, err := saves.ReadFile("../../saves/testdata/lichess.pgn")
	if err != nil {
		t.Fatal(err)
	}
	sg := games[0]
	r := review.New(sg.Game)
	if n := FromNotes(sg, r); n != 32 {
		t.Fatalf("took %d evaluations, want 32", n)
	}
	// The start has no [%eval]: a search would fill it in.
	if r.Done() || r.Evals[0].Done || !r.Evals[1].Done || !r.Evals[len(r.Evals)-1].Over {
		t.Errorf("evaluations %+v", r.Evals)
	}
	if r.Moves[0].Judged || !r.Moves[1].Judged {
		t.Errorf("1. e4 %+v, 1... e5 %+v", r.Moves[0], r.Moves[1])
	}
	if e := r.Evals[1]; e.Score != 18 {
		t.Errorf("after 1. e4: %v", e.Score)
	}
	// 9... b5 drops Black from -2.31 to -7.35: 24 points of winning
	// chances (lichess, half as lenient, calls it a blunder); 3... Bg4,
	// from 0.51 to 1.24, loses 6.5 (a lichess inaccuracy).
	if m := r.Moves[17]; m.Judgement != ai.Mistake || m.Loss < 0.23 || m.Loss > 0.24 {
		t.Errorf("9... b5: %+v", m)
	}
	if m := r.Moves[5]; m.Judgement != ai.Good || m.Loss < 0.06 {
		t.Errorf("3... Bg4: %+v", m)
	}
	var b strings.Builder
	Annotate(sg, r, "depth 0")
	if err := sg.Write(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), "[%eval") != 32 {
		t.Errorf("written again:\n%s", b.String())
	}
}
