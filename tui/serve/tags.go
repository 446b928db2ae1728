package serve

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"varia/ai"
	"varia/tui"
)

// parseTimeControl reads the TimeControl tag Varia writes ("300+3").
func parseTimeControl(s string) (tui.Clock, error) {
	baseText, incText, _ := strings.Cut(strings.TrimSpace(s), "+")
	base, err := strconv.Atoi(baseText)
	if err != nil || base < 1 || base > 24*3600 {
		return tui.Clock{}, fmt.Errorf("time control %q: not a clock", s)
	}
	inc := 0
	if incText != "" {
		if inc, err = strconv.Atoi(incText); err != nil || inc < 0 || inc > 3600 {
			return tui.Clock{}, fmt.Errorf("time control %q: not a clock", s)
		}
	}
	return tui.Clock{Base: time.Duration(base) * time.Second, Increment: time.Duration(inc) * time.Second}, nil
}

// engineLevel reads the name the server's engine plays under ("Varia
// Hard") back into its level.
func engineLevel(name string) (ai.Level, error) {
	levelName, ok := strings.CutPrefix(name, "Varia ")
	if !ok {
		return ai.Level{}, fmt.Errorf("%q is not the engine", name)
	}
	return ai.LevelByName(levelName)
}
