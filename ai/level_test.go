package ai

import (
	"context"
	"testing"

	"varia/rules"
)

func TestLevels(t *testing.T) {
	ls := Levels()
	names := []string{"Easy", "Medium", "Hard", "Expert"}
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
		if i > 0 {
			prev := ls[i-1].Limits
			deeper := l.Limits.Depth == 0 || l.Limits.Depth > prev.Depth
			if !deeper || l.Limits.Mistakes > prev.Mistakes {
				t.Errorf("%s does not search deeper or err less than %s", l.Name, ls[i-1].Name)
			}
		}
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
