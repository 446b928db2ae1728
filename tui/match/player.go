package match

import (
	"fmt"
	"strconv"
	"strings"

	"varia/ai"
	"varia/rules"
	"varia/saves"
)

// Player is who plays one side: a person at this keyboard, a person at
// a keyboard of their own (Remote: a player of a server's room, whose
// moves come over a connection), or the built-in engine at a level. A
// person's moves come to the match from outside; the engine's come from
// its searches, which the match starts itself.
//
// A remote player acts only for their own side, so what two people at
// one keyboard settle between themselves is asked of the opponent: a
// move is taken back only when the opponent agrees (Consent), and a draw
// may be offered on either side's turn. A remote player may leave and
// come back; one away for longer than the grace period lets the opponent
// claim the game (Absence).
type Player struct {
	Computer bool
	Level    ai.Level // when Computer
	Remote   bool     // a person at a keyboard of their own
	Called   string   // what the person is called ("" for the usual names)
}

// Human is a person.
var Human = Player{}

// ComputerAt is the engine at a level.
func ComputerAt(l ai.Level) Player { return Player{Computer: true, Level: l} }

// RemotePlayer is a person playing from a keyboard of their own, over a
// connection, known by name.
func RemotePlayer(name string) Player { return Player{Remote: true, Called: name} }

// Name is what the player of side c is called in the game's tags:
// the engine by its level, a person by the name they go by, else a
// person playing the computer "Player", two people by their colours.
func (p Player) Name(c rules.Color, players [2]Player) string {
	switch {
	case p.Computer:
		return EngineName(p.Level)
	case p.Called != "":
		return p.Called
	case players[c.Other()].Computer:
		return "Player"
	}
	return [2]string{"White", "Black"}[c]
}

// EngineName is what the engine at a level is called in the panel and in
// the tags, and what PlayersFromTags reads back.
func EngineName(l ai.Level) string { return saves.EngineName(l.Name) }

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
		name = DefaultLevel().Name
	}
	if elo, err := strconv.Atoi(name); err == nil {
		if elo < ai.MinElo || elo > ai.MaxElo {
			return Player{}, fmt.Errorf("player %q: a rating from %d to %d", s, ai.MinElo, ai.MaxElo)
		}
		return ComputerAt(ai.LevelForElo(elo)), nil
	}
	l, err := LevelNamed(name)
	if err != nil {
		return Player{}, fmt.Errorf("player %q: %v, or a rating from %d to %d", s, err, ai.MinElo, ai.MaxElo)
	}
	return ComputerAt(l), nil
}

// LevelNamed finds a level by its name: one of the engine's levels, or
// a rating chosen freely ("Elo 1450", as ai.LevelForElo names it).
func LevelNamed(name string) (ai.Level, error) {
	if rest, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(name)), "elo "); ok {
		if elo, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil && elo >= ai.MinElo && elo <= ai.MaxElo {
			return ai.LevelForElo(elo), nil
		}
	}
	return ai.LevelByName(name)
}

func levelNames() string {
	var names []string
	for _, l := range ai.Levels() {
		names = append(names, strings.ToLower(l.Name))
	}
	return strings.Join(names, ", ")
}

// DefaultLevel is the level offered when none is named: the second
// weakest, which plays without deliberate mistakes.
func DefaultLevel() ai.Level {
	ls := ai.Levels()
	return ls[min(1, len(ls)-1)]
}

// PlayersFromTags reads who played each side from a saved game's tags:
// a side the tags name as Varia's engine at a level is seated again at
// that level; anyone else is a person.
func PlayersFromTags(tags saves.Tags) [2]Player {
	var out [2]Player
	for c := rules.White; c <= rules.Black; c++ {
		if name, ok := tags.EngineLevel(c); ok {
			if l, err := LevelNamed(name); err == nil {
				out[c] = ComputerAt(l)
			}
		}
	}
	return out
}

// Mode is who plays whom.
type Mode uint8

const (
	// TwoPlayers: both sides are people.
	TwoPlayers         Mode = iota
	PlayWhite               // a person plays White against the computer
	PlayBlack               // a person plays Black against the computer
	ComputerVsComputer      // the engine plays both sides; people watch
)

var modeNames = [...][2]string{
	TwoPlayers:         {"two players, one keyboard", "two players"},
	PlayWhite:          {"you play White against the computer", "you v computer"},
	PlayBlack:          {"you play Black against the computer", "computer v you"},
	ComputerVsComputer: {"the computer plays itself", "watching"},
}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m][0]
	}
	return "unknown mode"
}

// Short is the mode in a few words.
func (m Mode) Short() string {
	if int(m) < len(modeNames) {
		return modeNames[m][1]
	}
	return "unknown mode"
}

// Computer reports whether the engine plays a side.
func (m Mode) Computer() bool { return m != TwoPlayers }

// Modes lists the modes the menu offers.
func Modes() []Mode { return []Mode{TwoPlayers, PlayWhite, PlayBlack, ComputerVsComputer} }

// ModeOf names who plays whom.
func ModeOf(players [2]Player) Mode {
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

// PlayersFor seats the engine, at a level, where a mode puts it.
func PlayersFor(mode Mode, level ai.Level) [2]Player {
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
