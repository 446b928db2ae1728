package ai

import (
	"context"
	"testing"

	"varia/rules"
)

func TestWinChanceAndJudge(t *testing.T) {
	if c := WinChance(0); c != 0.5 {
		t.Errorf("WinChance(0) = %v", c)
	}
	if WinChance(300) <= WinChance(100) || WinChance(-100) >= 0.5 || WinChance(MateScore-3) != 1 || WinChance(-MateScore+4) != 0 {
		t.Error("WinChance is not an increasing curve with certain mates")
	}
	for _, tc := range []struct {
		before, after Score
		want          Judgement
	}{
		{30, 20, Good},
		{50, -60, Inaccuracy},
		{100, -150, Mistake},
		{200, -400, Blunder},
		{MateScore - 5, 900, Good}, // still winning
		{0, -MateScore + 6, Blunder},
	} {
		if got := Judge(tc.before, tc.after); got != tc.want {
			t.Errorf("Judge(%v, %v) = %v, want %v", tc.before, tc.after, got, tc.want)
		}
	}
	if Blunder.NAG() != 4 || Mistake.NAG() != 2 || Inaccuracy.NAG() != 6 || Good.NAG() != 0 {
		t.Error("NAGs")
	}
	if Score(50).ForWhite(rules.Black) != -50 || Score(50).ForWhite(rules.White) != 50 {
		t.Error("ForWhite")
	}
}

// Analysis as a UI runs it: MultiPV lines reported per depth until the
// context is cancelled, each line its own move, best first.
func TestAnalysisLines(t *testing.T) {
	p := rules.NewPosition(rules.Edgy)
	ctx, cancel := context.WithCancel(context.Background())
	var reports []Progress
	res := NewEngine(8).Search(ctx, p, Limits{MultiPV: 3, Progress: func(pr Progress) {
		reports = append(reports, pr)
		if pr.Depth == 6 {
			cancel()
		}
	}})
	if len(reports) < 6 || len(res.Lines) != 3 {
		t.Fatalf("%d reports, %d lines", len(reports), len(res.Lines))
	}
	for _, pr := range reports {
		if len(pr.Lines) != 3 || pr.Lines[0].Score != pr.Score {
			t.Fatalf("depth %d: lines %+v", pr.Depth, pr.Lines)
		}
		seen := map[rules.Move]bool{}
		for i, l := range pr.Lines {
			if len(l.PV) == 0 || seen[l.PV[0]] || !p.IsLegal(l.PV[0]) {
				t.Fatalf("depth %d line %d: %v", pr.Depth, i, l.PV)
			}
			seen[l.PV[0]] = true
			if i > 0 && l.Score > pr.Lines[i-1].Score {
				t.Errorf("depth %d: line %d scores %v above line %d's %v", pr.Depth, i, l.Score, i-1, pr.Lines[i-1].Score)
			}
		}
	}
	if res.Move != res.Lines[0].PV[0] {
		t.Errorf("result move %v, first line %v", res.Move, res.Lines[0].PV)
	}
}
