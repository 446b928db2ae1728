package ai

import (
	"math"

	"varia/rules"
)

// Analysis helpers shared by anything that judges a game with the engine
// (an analysis view, an annotated export). The engine itself is used as
// for play: Engine.Search in a goroutine with Limits.MultiPV set, no other
// limit (or a depth), Progress to receive each depth's lines and the
// context to stop it.

// ForWhite turns a score for the side to move into one from White's point
// of view.
func (s Score) ForWhite(toMove rules.Color) Score {
	if toMove == rules.Black {
		return -s
	}
	return s
}

// WinChance is the expected share of the points, from 0 to 1, for the side
// whose score s is: a logistic curve of the centipawns (the one lichess
// uses for its accuracy figures), with mates certain.
func WinChance(s Score) float64 {
	switch {
	case s > MateBound:
		return 1
	case s < -MateBound:
		return 0
	}
	return 1 / (1 + math.Exp(-0.00368208*float64(s)))
}

// Judgement classifies a move by how much of the mover's expected result
// it gave away.
type Judgement uint8

const (
	Good       Judgement = iota
	Inaccuracy           // lost 10 percentage points of winning chances or more
	Mistake              // 20 or more
	Blunder              // 30 or more
)

func (j Judgement) String() string {
	return [...]string{"good", "inaccuracy", "mistake", "blunder"}[j]
}

// NAG is the PGN annotation glyph of the judgement ($6 ?!, $2 ?, $4 ??), or
// 0 for a good move.
func (j Judgement) NAG() int { return [...]int{0, 6, 2, 4}[j] }

// Judge classifies a move from the mover's score before it (the best the
// engine found) and after it, both for the mover.
func Judge(before, after Score) Judgement {
	drop := WinChance(before) - WinChance(after)
	switch {
	case drop >= 0.30:
		return Blunder
	case drop >= 0.20:
		return Mistake
	case drop >= 0.10:
		return Inaccuracy
	}
	return Good
}
