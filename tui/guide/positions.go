package guide

import (
	"slices"
	"sort"

	"varia/rules"
)

// Positions for the guide's diagrams, and words for lists.

// ---- positions for diagrams -----------------------------------------------

// placement is pieces on squares.
type placement map[rules.Square]rules.Piece

// centreSquares are squares from the middle of the board outwards, where a
// diagram's piece has room to show its moves.
func centreSquares() []rules.Square {
	return centreSquaresFrom(0)
}

// centreSquaresFrom orders squares by distance from the middle, then (when
// near is not empty) by distance to the nearest square of near.
func centreSquaresFrom(near rules.Bitboard) []rules.Square {
	var sqs []rules.Square
	for s := rules.Square(0); s < 64; s++ {
		sqs = append(sqs, s)
	}
	dist := func(s rules.Square) int {
		if near != 0 {
			best := 99
			for _, t := range near.Squares() {
				best = min(best, rules.Distance(s, t))
			}
			return best*100 + centreDistance(s)
		}
		return centreDistance(s)
	}
	sort.SliceStable(sqs, func(i, j int) bool { return dist(sqs[i]) < dist(sqs[j]) })
	return sqs
}

// centreDistance counts in half squares from the board's middle, so d4,
// e4, d5 and e5 come first (d4 before e5: White's side first).
func centreDistance(s rules.Square) int {
	df, dr := 2*s.File()-7, 2*s.Rank()-7 // odd, never zero
	df, dr = max(df, -df), max(dr, -dr)
	return (df+dr)*4 + s.Rank()/4*2 + s.File()/4
}

// position builds a legal position from a placement, White to move, with
// the given castling rights. Kings missing from the placement are put as
// far as possible from focus, where neither is in check and neither
// stands next to the other or the pieces placed.
func (b *guideBuilder) position(pl placement, castling string, focus rules.Square) (*rules.Position, bool) {
	hasKing := [2]bool{}
	for _, pc := range pl {
		if pc.Type() == rules.King {
			hasKing[pc.Color()] = true
		}
	}
	var candidates [2][]rules.Square
	for c := rules.White; c <= rules.Black; c++ {
		if hasKing[c] {
			candidates[c] = []rules.Square{rules.NoSquare}
			continue
		}
		sqs := centreSquares()
		slices.Reverse(sqs)
		// far from the focus first
		sort.SliceStable(sqs, func(i, j int) bool { return rules.Distance(sqs[i], focus) > rules.Distance(sqs[j], focus) })
		for _, s := range sqs {
			// White's king on White's half, Black's on Black's
			if (c == rules.White) == (s.Rank() < 4) {
				candidates[c] = append(candidates[c], s)
			}
		}
	}
	for _, wk := range candidates[rules.White] {
		for _, bk := range candidates[rules.Black] {
			full := placement{}
			for s, pc := range pl {
				full[s] = pc
			}
			if !b.placeKing(full, wk, rules.White) || !b.placeKing(full, bk, rules.Black) {
				continue
			}
			if castling == "" {
				castling = "-"
			}
			pos, err := rules.ParseFEN(b.v, placementFEN(full)+" w "+castling+" - 0 1")
			if err != nil || pos.InCheck() || pos.Attacked(pos.King(rules.Black), rules.White) {
				continue
			}
			return pos, true
		}
	}
	return nil, false
}

// placeKing puts a king on s unless s is taken or next to another piece.
func (b *guideBuilder) placeKing(pl placement, s rules.Square, c rules.Color) bool {
	if s == rules.NoSquare {
		return true
	}
	for t := range pl {
		if rules.Distance(s, t) <= 1 {
			return false
		}
	}
	pl[s] = rules.MakePiece(c, rules.King)
	return true
}

func placementFEN(pl placement) string {
	var board [64]rules.Piece
	for s, pc := range pl {
		board[s] = pc
	}
	return rules.PlacementFEN(&board)
}
