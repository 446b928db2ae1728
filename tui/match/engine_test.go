package match

import (
	"context"
	"testing"

	"varia/ai"
	"varia/rules"
)

// The built-in engine searches at full strength with the threads asked
// for, and at a rated level with one.
func TestAIEngineThreads(t *testing.T) {
	e := ai.NewEngine(1)
	eng := NewAIEngineThreads(e, 3)
	pos := rules.NewPosition(rules.Standard)
	if _, err := eng.Search(context.Background(), pos, ai.Limits{Depth: 1}); err != nil || e.Threads() != 3 {
		t.Errorf("full strength: %d threads, %v", e.Threads(), err)
	}
	if _, err := eng.Search(context.Background(), pos, ai.Limits{Depth: 1, Elo: 1200}); err != nil || e.Threads() != 1 {
		t.Errorf("a rated level: %d threads, %v", e.Threads(), err)
	}
}
