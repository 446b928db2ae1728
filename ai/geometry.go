package ai

import "varia/rules"

// Geometry the evaluation tables are built from, on top of the board
// geometry the rules export; computed once per variant when an evaluator is
// built, never during search.

// distances runs a breadth-first search from the given squares over the
// vectors, walking them backwards: d[s] is the fewest moves by those
// vectors from s into the set, or unreachable.
const unreachable = 99

func distances(goal rules.Bitboard, vs []rules.Vec) [64]int {
	var d [64]int
	for i := range d {
		d[i] = unreachable
	}
	var queue []rules.Square
	for b := goal; b != 0; {
		s := b.PopFirst()
		d[s] = 0
		queue = append(queue, s)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, v := range vs {
			from := s.Offset(v.Neg())
			if from != rules.NoSquare && d[from] == unreachable {
				d[from] = d[s] + 1
				queue = append(queue, from)
			}
		}
	}
	return d
}

// ring is 0 on the board's edge up to 3 on the four centre squares.
func ring(s rules.Square) int {
	f, r := s.File(), s.Rank()
	return min(f, 7-f, r, 7-r)
}

// cornerDistance is how many king moves s is from the nearest corner.
func cornerDistance(s rules.Square) int {
	f, r := s.File(), s.Rank()
	return max(min(f, 7-f), min(r, 7-r))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// mobilityAt estimates how many squares a piece reaches from s on a board
// where each square is occupied with probability density: leaps always
// count, a slide reaches each further square only past empty ones, and a
// non-capturing step counts at stepWeight when its square is empty.
func mobilityAt(r rules.PieceRule, s rules.Square, density float64) float64 {
	const stepWeight = 0.25
	m := 0.0
	for _, v := range r.Leaps {
		if s.Offset(v) != rules.NoSquare {
			m++
		}
	}
	for _, v := range r.Slides.Vecs() {
		p := 1.0
		for t := s.Offset(v); t != rules.NoSquare; t = t.Offset(v) {
			m += p
			p *= 1 - density
		}
	}
	for _, v := range r.Steps {
		if s.Offset(v) != rules.NoSquare && !reaches(r, s, v) {
			m += stepWeight * (1 - density)
		}
	}
	return m
}

// reaches reports whether the piece's ordinary move already covers the
// one-square step v (then the step adds nothing, as in the rules).
func reaches(r rules.PieceRule, s rules.Square, v rules.Vec) bool {
	for _, l := range r.Leaps {
		if l == v {
			return true
		}
	}
	for _, l := range r.Slides.Vecs() {
		if l == v {
			return true
		}
	}
	return false
}

// averageMobility is mobilityAt averaged over the board.
func averageMobility(r rules.PieceRule, density float64) float64 {
	t := 0.0
	for s := rules.Square(0); s < 64; s++ {
		t += mobilityAt(r, s, density)
	}
	return t / 64
}

// colourBound reports whether a piece can never leave its square colour:
// every vector it moves by keeps the colour.
func colourBound(r rules.PieceRule) bool {
	if r.Slides&rules.Orthogonal != 0 {
		return false
	}
	for _, vs := range [][]rules.Vec{r.Leaps, r.Steps} {
		for _, v := range vs {
			if (v.DF+v.DR)%2 != 0 {
				return false
			}
		}
	}
	return r.Slides != 0 || len(r.Leaps) > 0
}
