package tui

import (
	"fmt"
	"strings"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/words"
)

// Player is who plays one side: a person at this keyboard, or the
// built-in engine at a level.
type Player struct {
	Computer bool
	Level    ai.Level // when Computer
}

// Human is a person at the keyboard.
var Human = Player{}

// ComputerAt is the engine at a level.
func ComputerAt(l ai.Level) Player { return Player{Computer: true, Level: l} }

// ParsePlayer reads a --white or --black value: "human", or "ai" with
// a level, "ai:easy" (plain "ai" is Medium).
func ParsePlayer(s string) (Player, error) {
	text := strings.ToLower(strings.TrimSpace(s))
	if text == "human" || text == "you" {
		return Human, nil
	}
	name, ok := strings.CutPrefix(text, "ai")
	if !ok || name != "" && !strings.HasPrefix(name, ":") {
		return Player{}, fmt.Errorf("player %q: want human, or ai:LEVEL with LEVEL one of %s", s, levelNames())
	}
	name = strings.TrimPrefix(name, ":")
	if name == "" {
		name = defaultLevel().Name
	}
	l, err := ai.LevelByName(name)
	if err != nil {
		return Player{}, fmt.Errorf("player %q: %v", s, err)
	}
	return ComputerAt(l), nil
}

func levelNames() string {
	var names []string
	for _, l := range ai.Levels() {
		names = append(names, strings.ToLower(l.Name))
	}
	return strings.Join(names, ", ")
}

// defaultLevel is the level offered when none is named: the second
// weakest, which plays without deliberate mistakes.
func defaultLevel() ai.Level {
	ls := ai.Levels()
	return ls[min(1, len(ls)-1)]
}

// settingsLevel is the level the player's settings choose for new games.
func settingsLevel(ctx *Context) ai.Level {
	if l, err := ai.LevelByName(ctx.Settings.Level); err == nil {
		return l
	}
	return defaultLevel()
}

// engineName is what the engine at a level is called in the panel and
// in PGN tags, and what playersFromTags reads back.
func engineName(l ai.Level) string { return saves.EngineName(l.Name) }

// playerName is the PGN name of a side.
func playerName(p Player, c rules.Color, players [2]Player) string {
	if p.Computer {
		return engineName(p.Level)
	}
	if players[c.Other()].Computer {
		return "Player"
	}
	return words.Capitalise(colourName(c))
}

// playersFromTags reads who played each side from a saved game's tags:
// a side the tags name as Varia's engine at a level is seated again at
// that level; anyone else is a person.
func playersFromTags(tags saves.Tags) [2]Player {
	var out [2]Player
	for c := rules.White; c <= rules.Black; c++ {
		if name, ok := tags.EngineLevel(c); ok {
			if l, err := ai.LevelByName(name); err == nil {
				out[c] = ComputerAt(l)
			}
		}
	}
	return out
}

// modeOf names who plays whom.
func modeOf(players [2]Player) Mode {
	switch {
	case players[rules.White].Computer && players[rules.Black].Computer:
		return ComputerVsComputer
	case players[rules.Black].Computer:
		return PlayWhite
	case players[rules.White].Computer:
		return PlayBlack
	}
	return TwoPlayers
}

// playersFor seats the engine, at a level, where a mode puts it.
func playersFor(mode Mode, level ai.Level) [2]Player {
	switch mode {
	case PlayWhite:
		return [2]Player{Human, ComputerAt(level)}
	case PlayBlack:
		return [2]Player{ComputerAt(level), Human}
	case ComputerVsComputer:
		return [2]Player{ComputerAt(level), ComputerAt(level)}
	}
	return [2]Player{}
}

// playersLine says who plays each side, for the panel.
func playersLine(players [2]Player) string {
	name := func(c rules.Color) string {
		p := players[c]
		switch {
		case p.Computer:
			return engineName(p.Level)
		case players[c.Other()].Computer:
			return "you"
		}
		return "player"
	}
	return fmt.Sprintf("White: %s · Black: %s", name(rules.White), name(rules.Black))
}
