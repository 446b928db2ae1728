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

// contCorrHistory is a second correction, keyed by the last two moves (the
// piece and destination of each): the evaluation also misjudges what a
// particular exchange or manoeuvre leaves behind, whatever the pawns. Its
// entry counts half, and the two together stay within corrMax. It gained
// about +15 Elo over 998 chess games at 60,000 nodes a move.
type contCorrHistory [16][64][16][64]int16

// played records in f the move m, made by pc, so that the replies find
// their continuation-history row and the correction its key.
func (s *searcher) played(f *frame, m rules.Move, pc rules.Piece) {
	f.move, f.moved, f.cont = m, pc, &s.cont[pc][m.To()]
}

// corrEntries are the current position's correction entries: by its pawns,
// and by the two moves that led to it (nil at the first two plies or after
// a null move).
func (s *searcher) corrEntries(ply int) (*int32, *int16) {
	pos := s.pos
	k := pawnKey([2]rules.Bitboard{pos.Pieces(rules.White, rules.Pawn), pos.Pieces(rules.Black, rules.Pawn)})
	pawns := &s.corr[pos.SideToMove()][k&(corrSize-1)]
	if ply < 2 {
		return pawns, nil
	}
	f1, f2 := &s.frames[ply-1], &s.frames[ply-2]
	if f1.move == rules.NoMove || f2.move == rules.NoMove {
		return pawns, nil
	}
	return pawns, &s.contCorr[f2.moved][f2.move.To()][f1.moved][f1.move.To()]
}

// corrected is static with the learnt correction, kept clear of mate
// scores.
func (s *searcher) corrected(static Score, ply int) Score {
	if !s.correct {
		return static
	}
	pawns, cont := s.corrEntries(ply)
	c := *pawns
	if cont != nil {
		c = clamp32(c+int32(*cont)/2, -corrMax, corrMax)
	}
	v := static + Score(c/corrGrain)
	return max(-MateBound+1, min(MateBound-1, v))
}

// learnCorrection moves the entries towards what a search of depth found
// (best) against the static evaluation, the more the deeper the search.
func (s *searcher) learnCorrection(depth int, static, best Score, ply int) {
	if !s.correct {
		return
	}
	pawns, cont := s.corrEntries(ply)
	w := int32(min(depth+1, 16))
	diff := int32(best-static) * corrGrain
	*pawns = blendCorrection(*pawns, diff, w)
	if cont != nil {
		*cont = int16(blendCorrection(int32(*cont), diff, w))
	}
}

// blendCorrection is entry moved w/corrScale of the way to diff, within
// the bound.
func blendCorrection(entry, diff, w int32) int32 {
	return clamp32((entry*(corrScale-w)+diff*w)/corrScale, -corrMax, corrMax)
}
