package ai

import (
	"testing"

	"varia/rules"
)

func TestTableStoresAndFinds(t *testing.T) {
	tt := newTable(8) // large enough to be advised to use huge pages
	p := rules.NewPosition(rules.Standard)
	move := p.Legal()[3]
	key := p.Key()
	if _, ok := tt.probe(key); ok {
		t.Fatal("empty table found an entry")
	}
	tt.store(key, move, 42, 17, 5, boundExact)
	e, ok := tt.probe(key)
	if !ok || e.move != move || e.score != 42 || e.eval != 17 || e.depth != 5 || e.bound != boundExact {
		t.Fatalf("probe = %+v, %v", e, ok)
	}
	// A shallower bound does not replace a deeper result of this search,
	// but keeps its move.
	tt.store(key, rules.NoMove, 10, 17, 1, boundUpper)
	if e, _ := tt.probe(key); e.depth != 5 || e.move != move {
		t.Errorf("shallow store replaced the entry: %+v", e)
	}
	tt.store(key, rules.NoMove, 10, 17, 6, boundUpper)
	if e, _ := tt.probe(key); e.depth != 6 || e.move != move {
		t.Errorf("deeper store: %+v", e)
	}
	if _, ok := tt.probe(key ^ 1<<40); ok {
		t.Error("a different key matched")
	}
	tt.clear()
	if _, ok := tt.probe(key); ok {
		t.Error("clear kept an entry")
	}
}

// Mate scores are stored relative to the node and read back relative to
// the root, so a mate found at one depth is right at another.
func TestMateScoresThroughTheTable(t *testing.T) {
	for _, s := range []Score{MateScore - 5, -MateScore + 8, 120, -3} {
		for _, ply := range []int{0, 3, 10} {
			if got := fromTT(toTT(s, ply), ply); got != s {
				t.Errorf("score %v at ply %d comes back %v", s, ply, got)
			}
		}
	}
	if got := fromTT(toTT(MateScore-5, 2), 4); got != MateScore-7 {
		t.Errorf("mate in 5 plies stored at ply 2, read at ply 4: %v", got)
	}
}
