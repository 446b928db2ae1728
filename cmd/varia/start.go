package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"varia/rules"
)

// startFlagHelp describes --start for the usage lines.
const startFlagHelp = "numbered start position of a variant that has them (Chess960: 0 to 959, 518 is chess's setup), or random"

// numberedStart turns --start into a FEN for v: a number, or "random".
// An empty start gives "": the caller's default.
func numberedStart(v *rules.Variant, start string) (string, error) {
	if start == "" {
		return "", nil
	}
	if v.StartCount == 0 {
		return "", fmt.Errorf("--start: %s has one start position; numbered starts are for %s", v.Name, numberedVariants())
	}
	n := rand.IntN(v.StartCount)
	if !strings.EqualFold(start, "random") {
		var err error
		if n, err = strconv.Atoi(start); err != nil {
			return "", fmt.Errorf("--start %q: want a number from 0 to %d, or random", start, v.StartCount-1)
		}
	}
	fen, err := v.NumberedStart(n)
	if err != nil {
		return "", fmt.Errorf("--start: %v", err)
	}
	return fen, nil
}

// numberedVariants lists the ids of the variants with numbered starts.
func numberedVariants() string {
	var ids []string
	for _, v := range rules.Variants() {
		if v.StartCount > 0 {
			ids = append(ids, v.ID)
		}
	}
	return strings.Join(ids, ", ")
}
