package ai

import (
	"context"
	"slices"
	"testing"

	"varia/rules"
)

// With two threads a search to a depth reports every depth once, in
// order, ends at the depth asked for, and its lines are legal: whether a
// depth's lines were the main thread's or a helper's it adopted.
func TestTwoThreadsReportEachDepthOnce(t *testing.T) {
	for _, v := range []*rules.Variant{rules.Standard, rules.Asha, rules.ASEAN} {
		e := NewEngine(8)
		e.SetThreads(2)
		pos := rules.NewPosition(v)
		for ply := 0; ply < 6; ply++ {
			var depths []int
			lim := Limits{Depth: 9, MultiPV: 2, Progress: func(p Progress) { depths = append(depths, p.Depth) }}
			res := e.Search(context.Background(), pos, lim)
			if len(depths) == 0 || depths[len(depths)-1] != 9 || res.Depth != 9 {
				t.Fatalf("%s ply %d: depths reported %v, result depth %d; want up to 9", v.ID, ply, depths, res.Depth)
			}
			for i := 1; i < len(depths); i++ {
				if depths[i] <= depths[i-1] {
					t.Fatalf("%s ply %d: depths reported %v", v.ID, ply, depths)
				}
			}
			if len(res.Lines) != 2 {
				t.Fatalf("%s ply %d: %d lines, want 2", v.ID, ply, len(res.Lines))
			}
			for _, l := range res.Lines {
				p := pos.Clone()
				for _, m := range l.PV {
					if !slices.Contains(p.Legal(), m) {
						t.Fatalf("%s ply %d: line %v: %s is not legal in %s", v.ID, ply, l.PV, m, p.FEN())
					}
					p.Make(m)
				}
			}
			pos.Make(res.Move)
		}
	}
}
