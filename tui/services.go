package tui

import (
	"time"

	"varia/ai"
	"varia/tui/analysis"
	"varia/tui/match"
)

// Services are what a game reaches outside the interface: an engine for
// each game and the time. The program uses the real ones; tests put a
// fake engine and a clock they move by hand in their place.
type Services struct {
	// NewEngine makes the engine one game uses for its moves and hints,
	// so its hash table lives as long as the game.
	NewEngine func() match.Engine
	// Now is the time the chess clocks read.
	Now func() time.Time
	// Control writes an escape sequence, or the bell, to the terminal
	// between frames; nil where there is no terminal to write to.
	Control func(seq string)
	// NewAnalysisEngine makes the engine of a screen's analysis; nil for
	// the analysis's own (all the machine's threads). A server shares its
	// engine out instead.
	NewAnalysisEngine func() analysis.Engine
}

// analysisEngine is the engine for a new analysis (nil: its own).
func (s Services) analysisEngine() analysis.Engine {
	if s.NewAnalysisEngine == nil {
		return nil
	}
	return s.NewAnalysisEngine()
}

// engineHashMiB is the hash table of each game's engine: ample for the
// levels' depths, small enough for any machine.
const engineHashMiB = 32

// DefaultServices are the built-in engine and the system clock.
func DefaultServices() Services {
	return Services{
		NewEngine: func() match.Engine { return match.NewAIEngine(ai.NewEngine(engineHashMiB)) },
		Now:       time.Now,
	}
}
