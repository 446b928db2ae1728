package ai

import (
	"fmt"
	"strings"
	"time"
)

// Level is a named playing strength offered to people: the limits a search
// runs with at that level, its approximate rating and a sentence saying
// what to expect.
type Level struct {
	Name        string
	Elo         int // approximate rating on Stockfish's UCI_Elo scale in chess; 0 for full strength
	Explanation string
	Limits      Limits
}

// Rating writes the level's approximate rating ("~1200", or "full").
func (l Level) Rating() string {
	if l.Elo == 0 {
		return "full"
	}
	return fmt.Sprintf("~%d", l.Elo)
}

// levels go from weakest to strongest. The rated ones play by Limits.Elo:
// a budget of nodes and, now and then, a plausible worse move among the
// best few; the strongest thinks for a fixed time at full strength.
var levels = []Level{
	{
		Name:        "Easy",
		Elo:         800,
		Explanation: "Plays like a beginner (about 800): sees captures and simple threats, often misses what you plan and now and then drops material. Beatable while learning a variant.",
		Limits:      Limits{Elo: 800},
	},
	{
		Name:        "Medium",
		Elo:         1400,
		Explanation: "A casual club player (about 1400): takes what you leave unguarded and never hangs a piece, but misses combinations.",
		Limits:      Limits{Elo: 1400},
	},
	{
		Name:        "Hard",
		Elo:         1600,
		Explanation: "A good club player (about 1600): finds short combinations and punishes loose pieces; its mistakes are small ones.",
		Limits:      Limits{Elo: 1600},
	},
	{
		Name:        "Master",
		Elo:         1800,
		Explanation: "A strong player (about 1800): calculates several moves deep and seldom errs. Answers in well under a second.",
		Limits:      Limits{Elo: 1800},
	},
	{
		Name:        "Expert",
		Explanation: "Full strength: five seconds a move, as deep as that allows.",
		Limits:      Limits{MoveTime: 5 * time.Second},
	},
}

// Levels returns the playing levels from weakest to strongest.
func Levels() []Level { return append([]Level(nil), levels...) }

// LevelByName finds a level by its name, case-insensitively.
func LevelByName(name string) (Level, error) {
	var names []string
	for _, l := range levels {
		if strings.EqualFold(l.Name, name) {
			return l, nil
		}
		names = append(names, strings.ToLower(l.Name))
	}
	return Level{}, fmt.Errorf("unknown level %q (known: %s)", name, strings.Join(names, ", "))
}

// LevelForElo is a level playing at about the given rating, for a free
// choice of strength: from MinElo up; at MaxElo or above it is full
// strength at the strongest level's time.
func LevelForElo(elo int) Level {
	elo = max(elo, MinElo)
	if elo >= MaxElo {
		l := levels[len(levels)-1]
		return l
	}
	return Level{
		Name:        fmt.Sprintf("Elo %d", elo),
		Elo:         elo,
		Explanation: fmt.Sprintf("Plays at about %d: a smaller search and, now and then, a plausible worse move.", elo),
		Limits:      Limits{Elo: elo},
	}
}
