package match

import (
	"fmt"
	"math"
)

// Stats counts a match's results from the first engine's side. Games come
// in pairs (one opening, both colours), and the pairs' scores (0 to 2 in
// half points, the "pentanomial") give honest error bars: the two games of
// a pair share their opening, so they are not independent.
type Stats struct {
	Wins, Draws, Losses int
	Pairs               [5]int // pairs scoring 0, ½, 1, 1½ and 2 points
}

// Add counts a pair of games: a and b are the first engine's scores.
func (s *Stats) Add(a, b float64) {
	for _, x := range []float64{a, b} {
		switch x {
		case 1:
			s.Wins++
		case 0.5:
			s.Draws++
		default:
			s.Losses++
		}
	}
	s.Pairs[int(math.Round(2*(a+b)))]++
}

// Games is the number of games counted.
func (s Stats) Games() int { return s.Wins + s.Draws + s.Losses }

// Score is the first engine's share of the points.
func (s Stats) Score() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(n)
}

// meanVar returns the mean and variance of a pair's score per game
// (0, ¼, ½, ¾, 1) and the number of pairs.
func (s Stats) meanVar() (mean, variance float64, n int) {
	for i, c := range s.Pairs {
		n += c
		mean += float64(c) * float64(i) / 4
	}
	if n == 0 {
		return 0.5, 0, 0
	}
	mean /= float64(n)
	for i, c := range s.Pairs {
		d := float64(i)/4 - mean
		variance += float64(c) * d * d
	}
	return mean, variance / float64(n), n
}

// Elo converts a score share to a logistic Elo difference.
func Elo(score float64) float64 {
	score = min(max(score, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/score-1)
}

// EloScore is the expected score of an Elo difference.
func EloScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Interval returns the Elo difference and the bounds of its 95%
// confidence interval.
func (s Stats) Interval() (elo, lo, hi float64) {
	mean, v, n := s.meanVar()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	se := math.Sqrt(v / float64(n))
	return Elo(mean), Elo(mean - 1.96*se), Elo(mean + 1.96*se)
}

// LLR is the log-likelihood ratio of the sequential probability ratio
// test of "the first engine is elo1 stronger" against "elo0 stronger"
// (the normal approximation over pairs that fishtest uses).
func (s Stats) LLR(elo0, elo1 float64) float64 {
	mean, v, n := s.meanVar()
	if n < 2 || v == 0 {
		return 0
	}
	s0, s1 := EloScore(elo0), EloScore(elo1)
	return (s1 - s0) * (2*mean - s0 - s1) * float64(n) / (2 * v)
}

// SPRTBounds are the LLR bounds for error rates alpha and beta.
func SPRTBounds(alpha, beta float64) (lower, upper float64) {
	return math.Log(beta / (1 - alpha)), math.Log((1 - beta) / alpha)
}

func (s Stats) String() string {
	elo, lo, hi := s.Interval()
	return fmt.Sprintf("%d games: +%d =%d -%d, score %.1f%%, Elo %+.0f [%+.0f, %+.0f] (95%%), pairs %v",
		s.Games(), s.Wins, s.Draws, s.Losses, 100*s.Score(), elo, lo, hi, s.Pairs)
}
