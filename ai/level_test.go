package ai

import (
	"context"
	"testing"

	"varia/rules"
)

func TestLevels(t *testing.T) {
	ls := Levels()
	names := []string{"Easy", "Medium", "Hard", "Master", "Expert"}
	if len(ls) != len(names) {
		t.Fatalf("levels %v", ls)
	}
	for i, l := range ls {
		if l.Name != names[i] || l.Explanation == "" {
			t.Errorf("level %d: %+v", i, l)
		}
		got, err := LevelByName(names[i])
		if err != nil || got.Name != l.Name {
			t.Errorf("LevelByName(%q) = %v, %v", names[i], got, err)
		}
		if l.Elo != l.Limits.Elo {
			t.Errorf("%s: rated %d, plays at %d", l.Name, l.Elo, l.Limits.Elo)
		}
		if i > 0 {
			prev := ls[i-1]
			if l.Elo != 0 && l.Elo <= prev.Elo {
				t.Errorf("%s is not rated above %s", l.Name, prev.Name)
			}
		}
	}
	if ls[len(ls)-1].Rating() != "full" || ls[0].Rating() != "~800" {
		t.Errorf("ratings %q, %q", ls[0].Rating(), ls[len(ls)-1].Rating())
	}
	if _, err := LevelByName("hArD"); err != nil {
		t.Errorf("case-insensitive lookup: %v", err)
	}
	if _, err := LevelByName("godlike"); err == nil {
		t.Error("unknown level accepted")
	}
	ls[0].Name = "changed"
	if Levels()[0].Name != "Easy" {
		t.Error("Levels returned the package's own slice")
	}
	if l := LevelForElo(1450); l.Limits.Elo != 1450 || l.Elo != 1450 {
		t.Errorf("LevelForElo(1450) = %+v", l)
	}
	if l := LevelForElo(100); l.Limits.Elo != MinElo {
		t.Errorf("LevelForElo(100) = %+v", l)
	}
	if l := LevelForElo(MaxElo + 100); l.Limits.Elo != 0 || l.Elo != 0 {
		t.Errorf("LevelForElo above the maximum = %+v", l)
	}
}

// Each rated level searches less than the next: its node budget is
// smaller, and it chooses more freely among worse moves.
func TestStrengthGrows(t *testing.T) {
	prev, _ := strengthFor(MinElo)
	for elo := MinElo + 100; elo < MaxElo; elo += 100 {
		st, ok := strengthFor(elo)
		if !ok || st.nodes <= prev.nodes || st.temperature > prev.temperature || st.blunder > prev.blunder {
			t.Errorf("Elo %d: %+v after %+v", elo, st, prev)
		}
		prev = st
	}
	if _, ok := strengthFor(MaxElo); ok {
		t.Error("MaxElo is weakened")
	}
}

// The bench counts the same nodes every run.
func TestBenchIsStable(t *testing.T) {
	a, err := Bench(context.Background(), 4, rules.Standard, rules.ASEAN)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Bench(context.Background(), 4, rules.Standard, rules.ASEAN)
	if len(a) != 2 || a[0].Variant != rules.Standard || a[0].Positions != 4 {
		t.Fatalf("bench results %+v", a)
	}
	for i := range a {
		if a[i].Nodes == 0 || a[i].Nodes != b[i].Nodes {
			t.Errorf("%s: %d then %d nodes", a[i].Variant.ID, a[i].Nodes, b[i].Nodes)
		}
	}
	if _, err := Bench(context.Background(), 0); err == nil {
		t.Error("depth 0 accepted")
	}
	for _, bp := range BenchPositions() {
		if _, err := rules.ParseFEN(bp.Variant, bp.FEN); err != nil {
			t.Errorf("bench position %s %q: %v", bp.Variant.ID, bp.FEN, err)
		}
	}
}

// A club level passes over a line whose move leaves a piece to be taken
// for one that does not, if that one scores close enough to the best.
func TestKeepPieces(t *testing.T) {
	p, err := rules.ParseFEN(rules.Standard, "4k3/8/8/3p4/8/8/3N4/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s := &searcher{pos: p, ev: newEvaluator(rules.Standard)}
	hang, err := p.ParseMove("Ne4")
	if err != nil {
		t.Fatal(err)
	}
	safe, err := p.ParseMove("Nf3")
	if err != nil {
		t.Fatal(err)
	}
	if !s.leavesPiece(hang) || s.leavesPiece(safe) {
		t.Fatalf("leavesPiece: Ne4 %v, Nf3 %v; want true, false", s.leavesPiece(hang), s.leavesPiece(safe))
	}
	lines := []Line{{Score: 20, PV: []rules.Move{hang}}, {Score: 0, PV: []rules.Move{safe}}}
	if got := s.keepPieces(lines, 0, 50); got != 1 {
		t.Errorf("within the loss allowed: chose line %d, want 1 (Nf3)", got)
	}
	if got := s.keepPieces(lines, 0, 10); got != 0 {
		t.Errorf("beyond the loss allowed: chose line %d, want 0", got)
	}
	if p.FEN() != "4k3/8/8/3p4/8/8/3N4/4K3 w - - 0 1" {
		t.Errorf("the position changed: %s", p.FEN())
	}
}
