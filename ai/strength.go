package ai

import "math"

// Playing strength in Elo, as UCI_LimitStrength and UCI_Elo set it. The
// scale is Stockfish's UCI_Elo scale in chess, where it was calibrated (see
// README); in the other variants the same settings play comparably.
const (
	MinElo     = 600
	MaxElo     = 2100 // full strength at 100 ms a move; a limit at or above it limits nothing
	DefaultElo = 1500
)

// strength is how a rating weakens the search: a budget of nodes, a number
// of candidate moves, and how freely a worse candidate is chosen.
type strength struct {
	nodes       uint64
	lines       int
	temperature float64 // centipawns: a move this much worse is e times less likely
	blunder     float64 // chance of a move chosen with four times the temperature
	maxLoss     Score   // a line scored this much below the best is never chosen
	grabs       bool    // a best move that wins a piece outright is always played
}

// calibration maps ratings to a strength s from 0 (weakest) to 1 (full):
// the points come from matches against Stockfish limited by UCI_Elo (and,
// below its lowest setting, from matches between the levels), see README.
// Between points s is interpolated linearly.
var calibration = []struct {
	elo int
	s   float64
}{
	{MinElo, 0},
	{800, 0.10},
	{1200, 0.30},
	{1400, 0.38},
	{1600, 0.45},
	{1800, 0.55},
	{2000, 0.92},
	{MaxElo, 1},
}

func strengthOf(elo int) float64 {
	for i := 1; i < len(calibration); i++ {
		a, b := calibration[i-1], calibration[i]
		if elo <= b.elo {
			return a.s + (b.s-a.s)*float64(elo-a.elo)/float64(b.elo-a.elo)
		}
	}
	return 1
}

// strengthFor maps a rating to its weakening. Below MaxElo the search
// stops after a number of nodes that doubles with every fourteenth of the
// strength, and the move is drawn among the best few lines with chances
// falling off with how much worse each scored, up to a loss that shrinks
// as the rating grows (a beginner may drop a piece, a club player
// not): weak play that still looks like a person's, missing deep ideas
// and now and then choosing a plausible but worse move, never a random
// one.
func strengthFor(elo int) (strength, bool) {
	if elo <= 0 || elo >= MaxElo {
		return strength{}, false
	}
	s := strengthOf(max(elo, MinElo))
	return strength{
		nodes:       uint64(math.Round(100 * math.Pow(2, 14*s))),
		lines:       4,
		temperature: 5 + 60*(1-s)*(1-s),
		blunder:     0.10 * (1 - s) * (1 - s),
		maxLoss:     Score(40 + 360*(1-s)*(1-s)),
		grabs:       elo >= 1000,
	}, true
}

// choose picks the move a weakened engine plays among the lines found,
// by chance seeded from the position and the seed.
func (st strength) choose(lines []Line, seed, key uint64) int {
	r := splitmix(seed ^ key*0x9E3779B97F4A7C15)
	temp := st.temperature
	if float64(r>>11)/(1<<53) < st.blunder {
		temp *= 4
	}
	best := lines[0].Score
	weights := make([]float64, len(lines))
	total := 0.0
	for i, l := range lines {
		loss := float64(best - l.Score)
		if l.Score.IsMate() || best.IsMate() {
			// Mates are not traded lightly: a missed mate costs a lot.
			if l.Score != best {
				loss = 1000
			}
		}
		if l.Score < best-st.maxLoss {
			continue // too bad a move even for a weak player
		}
		weights[i] = math.Exp(-loss / temp)
		total += weights[i]
	}
	x := float64(splitmix(r)>>11) / (1 << 53) * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return 0
}

// weaken applies a rating to the limits of a search: it returns the
// limits the search runs with and the strength to choose the move by.
func weaken(lim Limits) (Limits, strength, bool) {
	st, ok := strengthFor(lim.Elo)
	if !ok {
		return lim, st, false
	}
	if lim.Nodes == 0 || lim.Nodes > st.nodes {
		lim.Nodes = st.nodes
	}
	lim.MultiPV = max(lim.MultiPV, st.lines)
	return lim, st, true
}
