package ai

import (
	"fmt"
	"strings"
	"time"
)

// Level is a named playing strength offered to people: the limits a search
// runs with at that level and a sentence saying what to expect.
type Level struct {
	Name        string
	Explanation string
	Limits      Limits
}

// levels go from weakest to strongest; each one searches deeper (or
// longer) than the one before, and only the weakest errs on purpose.
var levels = []Level{
	{
		Name:        "Easy",
		Explanation: "Looks two moves ahead and makes deliberate mistakes: it leaves pieces hanging now and then. For learning a variant.",
		Limits:      Limits{Depth: 2, Mistakes: 200},
	},
	{
		Name:        "Medium",
		Explanation: "Looks four moves ahead without mistakes: it takes what you leave hanging and guards its own pieces, but misses deeper plans.",
		Limits:      Limits{Depth: 4},
	},
	{
		Name:        "Hard",
		Explanation: "Looks seven moves ahead and sees most short combinations. Usually answers within a few seconds.",
		Limits:      Limits{Depth: 7, MoveTime: 10 * time.Second},
	},
	{
		Name:        "Expert",
		Explanation: "Thinks for five seconds on every move and searches as deep as it gets in that time.",
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
