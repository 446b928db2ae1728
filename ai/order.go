package ai

import "varia/rules"

// Move ordering bands: the table's move, then winning and equal captures
// and promotions, killers, quiet moves by their histories, and last the
// captures that seem to lose material.
const (
	orderTT         = 1 << 30
	orderGoodTactic = 1 << 28
	orderKiller     = 1 << 26
	orderBadTactic  = -(1 << 28)
	historyMax      = 16384
)

// victimValue is the material a capture takes.
func (s *searcher) victimValue(m rules.Move) Score {
	switch m.Kind() {
	case rules.EnPassant:
		return Score(s.ev.value[rules.Pawn])
	case rules.Capture:
		return Score(s.ev.value[s.pos.PieceAt(m.To()).Type()])
	}
	return 0
}

// capturedType is the type a capture takes (Pawn for en passant).
func (s *searcher) capturedType(m rules.Move) rules.PieceType {
	if m.Kind() == rules.EnPassant {
		return rules.Pawn
	}
	return s.pos.PieceAt(m.To()).Type()
}

// scoreMoves gives every move an ordering score: the table's move first,
// then captures by the victim's value and by how well captures of that
// piece to that square went before (those that lose material by exchange
// come last), promotions by the piece gained, killers, and quiet moves by
// how often they refuted other lines, alone and as replies to the
// opponent's last move and the side's own last two.
func (s *searcher) scoreMoves(moves []rules.Move, scores []int32, ttMove rules.Move, ply int) {
	pos := s.pos
	us := pos.SideToMove()
	f := &s.frames[ply]
	h := &s.history[us]
	replies := s.contRows(ply)
	val := &s.ev.value
	var danger [7]rules.Bitboard
	threatsKnown := false
	for i, m := range moves {
		var sc int32
		pc := pos.PieceAt(m.From())
		switch {
		case m == ttMove:
			sc = orderTT
		case m.IsTactical():
			victim := int32(s.victimValue(m))
			gain := victim
			if p := m.Promotion(); p != rules.NoPieceType {
				gain += val[p] - val[rules.Pawn]
			}
			hist := int32(0)
			if m.Kind().IsCapture() {
				hist = int32(s.capHist[pc][m.To()][s.capturedType(m)])
			}
			sc = orderGoodTactic + gain*16 + hist/8
			if !s.seeAtLeast(m, 0) {
				sc = orderBadTactic + gain*16 + hist/8
			}
		case m == f.killers[0]:
			sc = orderKiller + 1
		case m == f.killers[1]:
			sc = orderKiller
		default:
			sc = 2*int32(h[m.From()][m.To()]) + replies.score(pc, m.To())
			if !threatsKnown {
				danger, threatsKnown = s.threats(), true
			}
			// A piece a cheaper one attacks wants to move away, and not
			// onto another such square.
			if t := pc.Type(); t != rules.Pawn && t != rules.King {
				bonus := 16 * val[t]
				if danger[t].Has(m.From()) {
					sc += bonus
				}
				if danger[t].Has(m.To()) {
					sc -= bonus
				}
			}
		}
		scores[i] = sc
	}
}

// contRows returns the continuation-history rows of the moves one, two
// and four plies before ply: the opponent's last move, and the side's own
// last two (the one four plies back gained +11 Elo over 1,000 chess games
// at 60,000 nodes a move).
func (s *searcher) contRows(ply int) replyRows {
	rows := replyRows{&s.noCont, &s.noCont, &s.noCont}
	if ply >= 1 {
		rows[0] = s.frames[ply-1].cont
	}
	if ply >= 2 {
		rows[1] = s.frames[ply-2].cont
	}
	if ply >= 4 {
		rows[2] = s.frames[ply-4].cont
	}
	return rows
}

// replyRows are the continuation-history rows a move is scored in as a
// reply to the moves before it.
type replyRows [3]*pieceToHistory

// score is how well pc's move to to went as a reply, all rows together.
func (r replyRows) score(pc rules.Piece, to rules.Square) int32 {
	return int32(r[0][pc][to]) + int32(r[1][pc][to]) + int32(r[2][pc][to])
}

// pickNext returns the move to search i-th. The first few are picked
// lazily, best-scored first, since a cutoff usually comes early; past
// those the node is likely one where every move is searched, so the rest
// are sorted once instead of scanned again for each move.
func pickNext(moves []rules.Move, scores []int32, i int) rules.Move {
	const lazyPicks = 3
	switch {
	case i < lazyPicks:
		b := i
		for j := i + 1; j < len(moves); j++ {
			if scores[j] > scores[b] {
				b = j
			}
		}
		moves[i], moves[b] = moves[b], moves[i]
		scores[i], scores[b] = scores[b], scores[i]
	case i == lazyPicks:
		sortByScore(moves[i:], scores[i:])
	}
	return moves[i]
}

// sortByScore orders moves by descending score, keeping the generator's
// order among equals (an insertion sort: the lists are short).
func sortByScore(moves []rules.Move, scores []int32) {
	for i := 1; i < len(moves); i++ {
		m, sc := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < sc; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, sc
	}
}

// seeAtLeast reports whether the move m wins at least threshold by static
// exchange on its destination square. Taking a piece worth at least the
// taker never loses, which spares most exchange calculations.
func (s *searcher) seeAtLeast(m rules.Move, threshold int32) bool {
	if m.Promotion() == rules.NoPieceType && threshold <= 0 {
		attacker := s.pos.PieceAt(m.From()).Type()
		if attacker != rules.King && s.ev.value[attacker] <= int32(s.victimValue(m)) {
			return true
		}
	}
	return s.see(m) >= threshold
}

// gravity adds bonus to a history entry, scaled so that entries stay
// within ±historyMax and an entry near the bound moves less.
func gravity(e *int16, bonus int32) {
	v := int32(*e)
	v += bonus - v*abs32(bonus)/historyMax
	*e = int16(max(-historyMax, min(historyMax, v)))
}

func statBonus(depth int) int32 { return int32(min(16*depth*depth+32*depth, 1600)) }

// rewardQuiet remembers a quiet move that refuted the opponent: as a
// killer at this ply, in the history and as a reply to the moves before
// it (contRows), and lowers the quiet moves tried before it.
func (s *searcher) rewardQuiet(ply int, m rules.Move, depth int, tried []rules.Move) {
	f := &s.frames[ply]
	if f.killers[0] != m {
		f.killers[1], f.killers[0] = f.killers[0], m
	}
	bonus := statBonus(depth)
	s.updateQuiet(ply, m, bonus)
	for _, q := range tried {
		s.updateQuiet(ply, q, -bonus)
	}
}

func (s *searcher) updateQuiet(ply int, m rules.Move, bonus int32) {
	pos := s.pos
	gravity(&s.history[pos.SideToMove()][m.From()][m.To()], bonus)
	s.updateCont(ply, pos.PieceAt(m.From()), m.To(), bonus)
}

// updateCont moves the entries of piece pc going to square to as a reply
// to the moves before ply (contRows).
func (s *searcher) updateCont(ply int, pc rules.Piece, to rules.Square, bonus int32) {
	for _, c := range s.contRows(ply) {
		if c != &s.noCont {
			gravity(&c[pc][to], bonus)
		}
	}
}

// priorQuiet returns the frame of the opponent's last move if that move
// was quiet, and nil at the root, after a null move or after a capture
// or promotion.
func (s *searcher) priorQuiet(ply int) *frame {
	if ply < 1 {
		return nil
	}
	prev := &s.frames[ply-1]
	if prev.move == rules.NoMove || prev.move.IsTactical() {
		return nil
	}
	return prev
}

// rewardPriorQuiet raises the opponent's last move, if quiet, as a reply
// to the moves before it: at the node it led to every move failed low.
// The reward counts each sign that the move mattered: a deep node, one
// on the principal variation or expected to cut, a result far below
// alpha, and a move found late among the opponent's.
func (s *searcher) rewardPriorQuiet(ply, depth int, pvOrCut, farBelow bool) {
	prev := s.priorQuiet(ply)
	if prev == nil {
		return
	}
	weight := boolInt(depth > 5) + boolInt(pvOrCut) + boolInt(farBelow) + boolInt(prev.moveCount > 12)
	if weight > 0 {
		s.updateCont(ply-1, prev.moved, prev.move.To(), int32(weight)*statBonus(depth))
	}
}

// penalizeRefutedQuiet lowers the opponent's last move, if quiet and the
// first or the killer it tried, as a reply to the moves before it: this
// node refuted it.
func (s *searcher) penalizeRefutedQuiet(ply, depth int) {
	prev := s.priorQuiet(ply)
	if prev == nil || prev.moveCount != 1 && prev.move != prev.killers[0] {
		return
	}
	s.updateCont(ply-1, prev.moved, prev.move.To(), -statBonus(depth+1))
}

// rewardCapture raises the capture history of a capture that refuted the
// opponent and lowers the captures tried before it.
func (s *searcher) rewardCapture(m rules.Move, depth int, tried []rules.Move) {
	bonus := statBonus(depth)
	if m.Kind().IsCapture() {
		s.updateCapture(m, bonus)
	}
	for _, c := range tried {
		if c.Kind().IsCapture() {
			s.updateCapture(c, -bonus)
		}
	}
}

func (s *searcher) updateCapture(m rules.Move, bonus int32) {
	gravity(&s.capHist[s.pos.PieceAt(m.From())][m.To()][s.capturedType(m)], bonus)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// threats lists, for each piece type of the side to move, the squares
// where a cheaper enemy piece (a pawn included) attacks it.
func (s *searcher) threats() (danger [7]rules.Bitboard) {
	pos := s.pos
	them := pos.SideToMove().Other()
	occ := pos.Occupied()
	var attBy [7]rules.Bitboard
	attBy[rules.Pawn] = s.ev.variant.PawnAttacks(them, pos.Pieces(them, rules.Pawn))
	for t := rules.Knight; t <= rules.Queen; t++ {
		for b := pos.Pieces(them, t); b != 0; {
			attBy[t] |= pos.AttacksOf(t, b.PopFirst(), occ)
		}
	}
	for t := rules.Knight; t <= rules.Queen; t++ {
		danger[t] = attBy[rules.Pawn]
		for _, c := range s.ev.cheaper[t] {
			danger[t] |= attBy[c]
		}
	}
	return danger
}
