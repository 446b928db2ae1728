package ai

import "fmt"

// Score is an evaluation in centipawns from the point of view of the side
// to move. Scores beyond ±MateBound are mates: MateScore-n means the side
// to move mates in n plies, -(MateScore-n) that it is mated in n plies.
type Score int32

const (
	// MaxPly bounds the search's distance from the root.
	MaxPly = 128

	infinity  Score = 32000
	MateScore Score = 31000
	// MateBound separates mate scores from ordinary evaluations.
	MateBound Score = MateScore - MaxPly
	drawScore Score = 0
)

// IsMate reports whether the score announces a forced mate for either side.
func (s Score) IsMate() bool { return s > MateBound || s < -MateBound }

// MateMoves returns the number of moves (not plies) to mate, as UCI's
// "score mate N" counts them: positive when the side to move mates,
// negative when it is mated, zero for a non-mate score.
func (s Score) MateMoves() int {
	switch {
	case s > MateBound:
		return int(MateScore-s+1) / 2
	case s < -MateBound:
		return -int(MateScore+s) / 2
	}
	return 0
}

// String writes pawns with a sign ("+0.35") or a mate ("#3", "#-2").
func (s Score) String() string {
	if s.IsMate() {
		return fmt.Sprintf("#%d", s.MateMoves())
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

// UCI writes the score as a UCI info line wants it: "cp 35" or "mate -2".
func (s Score) UCI() string {
	if s.IsMate() {
		return fmt.Sprintf("mate %d", s.MateMoves())
	}
	return fmt.Sprintf("cp %d", s)
}

// toTT and fromTT convert mate scores between "plies from the root" (the
// search) and "plies from this node" (the table), so a mate found through
// one path is scored right when reached through another.
func toTT(s Score, ply int) Score {
	switch {
	case s > MateBound:
		return s + Score(ply)
	case s < -MateBound:
		return s - Score(ply)
	}
	return s
}

func fromTT(s Score, ply int) Score {
	switch {
	case s > MateBound:
		return s - Score(ply)
	case s < -MateBound:
		return s + Score(ply)
	}
	return s
}
