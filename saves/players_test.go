package saves

import (
	"testing"
	"time"

	"varia/rules"
)

func TestPlayerTags(t *testing.T) {
	tags := NewTags("Ann", EngineName("Hard"), time.Now())
	tags.SetPlayerTypes([2]bool{false, true})
	if tags.Get("WhiteType") != "human" || tags.Get("BlackType") != "program" {
		t.Fatalf("types: %v", tags)
	}
	if l, ok := tags.EngineLevel(rules.Black); !ok || l != "Hard" {
		t.Errorf("Black read back as %q, %v", l, ok)
	}
	if _, ok := tags.EngineLevel(rules.White); ok {
		t.Error("a person read back as the engine")
	}
	// A name alone does not make a program; another program is not Varia.
	named := Tags{{Name: "White", Value: "Varia Easy"}, {Name: "Black", Value: "Stockfish"}, {Name: "BlackType", Value: "PROGRAM"}}
	if _, ok := named.EngineLevel(rules.White); ok {
		t.Error("Varia Easy without a type read as the engine")
	}
	if _, ok := named.EngineLevel(rules.Black); ok {
		t.Error("another program read as Varia's engine")
	}
}
