package config

import (
	"fmt"
	"strings"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/board"
)

// Settings are the player's preferences: read from the configuration file
// at start (config.go), changed on the settings screen, and overridden for
// one run by command-line flags.
type Settings struct {
	Variant       *rules.Variant        // the menu starts on it; nil for the first
	Views         map[string]ViewChoice // board view of new games, by variant id
	View          ViewChoice            // for this run only, over Views (--view)
	Pieces        board.PieceStyle
	Theme         string
	TurnBoard     bool // two players: the board turns to the side to move
	ConfirmResign bool // ask before resigning
	ConfirmQuit   bool // ask before leaving a game in progress
	Bell          bool // ring on the opponent's move, check, and time running low
	Level         string
	Threads       int // the engine's threads at full strength; 0: all cores but one
	// AnalysisVsComputer allows the engine's analysis during a game
	// against the computer, not only once it is over.
	AnalysisVsComputer bool
	Clock              saves.TimeControl
	SaveFolder         string // "" for the default folder
	Mouse              bool
	Keys               Keymap
}

// DefaultLevel is the computer's level in a fresh configuration.
const DefaultLevel = "medium"

// DefaultSettings are the preferences of a fresh configuration file.
func DefaultSettings() Settings {
	s := Settings{
		Variant:       rules.Variants()[0],
		Views:         map[string]ViewChoice{},
		Theme:         board.DefaultThemeName,
		ConfirmResign: true,
		ConfirmQuit:   true,
		Level:         DefaultLevel,
		Mouse:         true,
		Keys:          DefaultKeymap(),
	}
	for _, v := range rules.Variants() {
		s.Views[v.ID] = ViewAuto.Fixed(v)
	}
	return s
}

// EngineThreads is how many threads the engine searches with at full
// strength: the setting, or all cores but one.
func (s Settings) EngineThreads() int {
	if s.Threads > 0 {
		return s.Threads
	}
	return ai.DefaultThreads()
}

// ViewFor is the view choice a new game of v starts with.
func (s Settings) ViewFor(v *rules.Variant) ViewChoice {
	if s.View != ViewAuto {
		return s.View
	}
	if c, ok := s.Views[v.ID]; ok {
		return c
	}
	return ViewAuto
}

// Fixed turns "the variant's own" into the view it stands for.
func (c ViewChoice) Fixed(v *rules.Variant) ViewChoice {
	if c.For(v) == board.DiamondView {
		return ViewDiamond
	}
	return ViewSquare
}

// parseViewChoice reads "square", "diamond" or "auto".
func parseViewChoice(s string) (ViewChoice, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "square":
		return ViewSquare, nil
	case "diamond":
		return ViewDiamond, nil
	case "auto":
		return ViewAuto, nil
	}
	return ViewAuto, fmt.Errorf("unknown view %q (known: square, diamond, auto)", s)
}

// viewChoiceName is how the configuration file writes a view choice.
func viewChoiceName(c ViewChoice) string {
	switch c {
	case ViewSquare:
		return "square"
	case ViewDiamond:
		return "diamond"
	}
	return "auto"
}

// clockChoices are the clocks the menu and the settings screen cycle
// through (bullet, blitz and rapid as people play them); any other is
// typed.
var clockChoices = []string{"none", "1+0", "3+0", "3+2", "5+0", "10+0", "15+10"}

// parseLevel reads a computer level's name: one of the engine's levels,
// written in lower case.
func parseLevel(s string) (string, error) {
	l, err := ai.LevelByName(strings.TrimSpace(s))
	if err != nil {
		return "", err
	}
	return strings.ToLower(l.Name), nil
}

// levelChoices are the engine's levels, weakest first.
func levelChoices() []string {
	var names []string
	for _, l := range ai.Levels() {
		names = append(names, strings.ToLower(l.Name))
	}
	return names
}

// ViewChoice is the board view a player asked for.
type ViewChoice uint8

const (
	ViewAuto    ViewChoice = iota // the variant's own default
	ViewSquare                    // always square
	ViewDiamond                   // always diamond
)

func (c ViewChoice) String() string {
	switch c {
	case ViewSquare:
		return "square"
	case ViewDiamond:
		return "diamond"
	}
	return "variant default"
}

// For returns the view to use for a variant.
func (c ViewChoice) For(v *rules.Variant) board.View {
	switch c {
	case ViewSquare:
		return board.SquareView
	case ViewDiamond:
		return board.DiamondView
	}
	if v.DiamondView {
		return board.DiamondView
	}
	return board.SquareView
}

// ClockPresets are the clocks the menu offers: those the settings
// screen cycles through.
func ClockPresets() []saves.TimeControl {
	var out []saves.TimeControl
	for _, text := range clockChoices {
		if c, err := saves.ParseTimeControl(text); err == nil {
			out = append(out, c)
		}
	}
	return out
}
