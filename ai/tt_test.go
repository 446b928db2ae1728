package ai

import (
	"context"
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
	tt.store(key, move, 42, 17, 5, boundExact, true)
	e, ok := tt.probe(key)
	if !ok || e.move != move || e.score != 42 || e.eval != 17 || e.depth != 5 || e.bound != boundExact || !e.pv {
		t.Fatalf("probe = %+v, %v", e, ok)
	}
	// A shallower bound does not replace a deeper result of this search,
	// but keeps its move.
	tt.store(key, rules.NoMove, 10, 17, 1, boundUpper, false)
	if e, _ := tt.probe(key); e.depth != 5 || e.move != move {
		t.Errorf("shallow store replaced the entry: %+v", e)
	}
	tt.store(key, rules.NoMove, 10, 17, 6, boundUpper, false)
	if e, _ := tt.probe(key); e.depth != 6 || e.move != move || e.pv {
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

// Every field survives packing at its extremes, none spilling into another.
func TestPackKeepsEveryField(t *testing.T) {
	for _, e := range []ttEntry{
		{move: 1<<19 - 1, score: -32768, eval: 32767, depth: maxTTDepth, gen: genMask, bound: boundExact, pv: true},
		{move: 0, score: 32767, eval: -32768, depth: 0, gen: 0, bound: boundNone, pv: false},
		{move: 12345, score: -1, eval: -1, depth: 1, gen: 5, bound: boundUpper, pv: true},
	} {
		if got := unpack(pack(e)); got != e {
			t.Errorf("unpack(pack(%+v)) = %+v", e, got)
		}
	}
}

// A search marks the positions it searched with an open window (those on
// the principal variation among them) and not those it only tested with a
// null window.
func TestSearchMarksPrincipalVariations(t *testing.T) {
	e := NewEngine(1)
	pos := rules.NewPosition(rules.Standard)
	res := e.Search(context.Background(), pos, Limits{Depth: 8})
	pos.Make(res.PV[0])
	if en, ok := e.tt.probe(pos.Key()); !ok || !en.pv {
		t.Fatalf("entry after the first move %+v, %v: want one marked pv", en, ok)
	}
	marked, unmarked := 0, 0
	for i := 1; i < len(e.tt.words); i += 2 {
		if data := e.tt.words[i]; data != 0 {
			if unpack(data).pv {
				marked++
			} else {
				unmarked++
			}
		}
	}
	if marked < 2 || unmarked < 10*marked {
		t.Errorf("%d entries marked pv, %d not: want a few marked among many more", marked, unmarked)
	}
}
