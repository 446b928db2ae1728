package ai

import "varia/rules"

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

// scoreMoves gives every move an ordering score: the table's move first,
// then captures by most valuable victim and least valuable attacker
// (those where a more valuable piece takes a defended one come after the
// killers), promotions by the piece gained, killers, and quiet moves by
// how often they refuted other lines.
func (s *searcher) scoreMoves(moves []rules.Move, scores []int32, ttMove rules.Move, ply int) {
	pos := s.pos
	us := pos.SideToMove()
	f := &s.frames[ply]
	h := &s.history[us]
	val := &s.ev.value
	for i, m := range moves {
		var sc int32
		switch {
		case m == ttMove:
			sc = orderTT
		case m.Kind().IsCapture() || m.Promotion() != rules.NoPieceType:
			victim := int32(s.victimValue(m))
			attacker := pos.PieceAt(m.From()).Type()
			gain := victim
			if p := m.Promotion(); p != rules.NoPieceType {
				gain += val[p] - val[rules.Pawn]
			}
			sc = orderGoodTactic + gain*8 - int32(attacker)
			if !s.seeAtLeast(m, 0) {
				sc = orderBadTactic + victim*8 - int32(attacker)
			}
		case m == f.killers[0]:
			sc = orderKiller + 1
		case m == f.killers[1]:
			sc = orderKiller
		default:
			sc = h[m.From()][m.To()]
		}
		scores[i] = sc
	}
}

// pickNext moves the best-scored of moves[i:] to position i and returns
// it: a selection sort done lazily, since a cutoff often comes early.
func pickNext(moves []rules.Move, scores []int32, i int) rules.Move {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
	return moves[i]
}

// seeAtLeast reports whether the capture or promotion m wins at least
// threshold by static exchange. Taking a piece worth at least the taker
// never loses, which spares most exchange calculations.
func (s *searcher) seeAtLeast(m rules.Move, threshold int32) bool {
	if m.Promotion() == rules.NoPieceType && threshold <= 0 {
		attacker := s.pos.PieceAt(m.From()).Type()
		if attacker != rules.King && s.ev.value[attacker] <= int32(s.victimValue(m)) {
			return true
		}
	}
	return s.see(m) >= threshold
}
