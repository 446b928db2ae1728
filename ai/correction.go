package ai

import "varia/rules"

// The correction history learns, by pawn structure and side to move, how
// far the searches below a node found its static evaluation off, and
// corrects the evaluation the search uses (its pruning tests and the
// quiescence search's stand-pat) by that much; the table keeps the
// evaluation uncorrected. The evaluation misjudges some structures (a
// blocked centre, a pawn storm) consistently; the search sees it and the
// correction carries it to the next node with the same pawns.
//
// Matches found it gains at 60,000 nodes a move (about +21 Elo over 606
// chess games) and nothing at 20,000, so the rated levels, whose small
// searches are calibrated as they are, do without it.
const (
	corrSize  = 1 << 14
	corrGrain = 256            // entries hold centipawns times corrGrain
	corrMax   = 64 * corrGrain // a correction of at most 64 cp
	corrScale = 256            // weights of an update are out of corrScale
)

type corrHistory [2][corrSize]int32

// corrEntry is the current position's correction entry.
func (s *searcher) corrEntry() *int32 {
	pos := s.pos
	k := pawnKey([2]rules.Bitboard{pos.Pieces(rules.White, rules.Pawn), pos.Pieces(rules.Black, rules.Pawn)})
	return &s.corr[pos.SideToMove()][k&(corrSize-1)]
}

// corrected is static with the learnt correction, kept clear of mate
// scores.
func (s *searcher) corrected(static Score) Score {
	if !s.correct {
		return static
	}
	v := static + Score(*s.corrEntry()/corrGrain)
	return max(-MateBound+1, min(MateBound-1, v))
}

// learnCorrection moves the entry towards what a search of depth found
// (best) against the static evaluation, the more the deeper the search.
func (s *searcher) learnCorrection(depth int, static, best Score) {
	if !s.correct {
		return
	}
	e := s.corrEntry()
	w := int32(min(depth+1, 16))
	diff := int32(best-static) * corrGrain
	*e = clamp32((*e*(corrScale-w)+diff*w)/corrScale, -corrMax, corrMax)
}
