package match

import (
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

// The chess clock itself, driven by explicit times.
func TestGameClock(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	c := NewClock(saves.TimeControl{Base: 10 * time.Second, Increment: time.Second})
	if c.running || c.Remaining(rules.White, at(100)) != 10*time.Second {
		t.Fatal("a new clock stands still with the full time")
	}
	if left, ok := c.Moved(rules.White, at(5)); !ok || left != 11*time.Second {
		t.Fatalf("the first move costs nothing and gains the increment: %v %v", left, ok)
	}
	if got := c.Remaining(rules.Black, at(8)); got != 7*time.Second {
		t.Errorf("Black after 3 s: %v", got)
	}
	c.Stop(at(8))
	if got := c.Remaining(rules.Black, at(100)); got != 7*time.Second {
		t.Errorf("a stopped clock keeps its time: %v", got)
	}
	c.Start(rules.Black, at(100))
	if _, fell := c.Flagged(at(106.9)); fell {
		t.Error("6.9 s of 7 is no flag fall")
	}
	if side, fell := c.Flagged(at(107)); !fell || side != rules.Black {
		t.Error("7 s of 7 is a flag fall")
	}
	if _, ok := c.Moved(rules.Black, at(108)); ok {
		t.Error("a move after the flag fell does not count")
	}
	c.Set(3*time.Second, -time.Second)
	if c.Remaining(rules.White, at(0)) != 3*time.Second || c.Remaining(rules.Black, at(0)) != 0 || c.running {
		t.Error("Set puts both times and stops the clock")
	}
}
