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
		Explanation: "Looks one move ahead and blunders on purpose now and then: it may leave a piece to be taken or miss one you leave. For learning a variant.",
		Limits:      Limits{Depth: 2, Mistakes: 300},
	},
	{
		Name:        "Medium",
		Explanation: "Looks two moves ahead without mistakes: it takes what you leave unguarded and never leaves its own pieces hanging, but misses deeper tactics.",
		Limits:      Limits{Depth: 4},
	},
	{
		Name:        "Hard",
		Explanation: "Looks four moves ahead and finds most short combinations. Usually answers within a second.",
		Limits:      Limits{Depth: 8, MoveTime: 10 * time.Second},
	},
	{
		Name:        "Expert",
		Explanation: "Thinks for five seconds over every move and searches as deep as that allows.",
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
