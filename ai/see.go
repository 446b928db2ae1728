package ai

import "varia/rules"

// seeKing stands for the king in exchanges: taking with it is good only
// when nothing can take back.
const seeKing = 20000

// see is the static exchange evaluation of a capture: the material the
// mover ends up with when both sides keep taking on the target square
// with their cheapest attacker, each free to stop when going on would
// lose. Pins are ignored. A castle exchanges nothing: its king lands on a
// square nobody attacks, and its destination square may be the rook's
// (Chess960 stores it as the king taking its own rook).
func (s *searcher) see(m rules.Move) int32 {
	if m.Kind() == rules.Castling {
		return 0
	}
	pos := s.pos
	val := &s.ev.value
	value := func(t rules.PieceType) int32 {
		if t == rules.King {
			return seeKing
		}
		return val[t]
	}
	from, to := m.From(), m.To()
	var gain [32]int32
	gain[0] = int32(s.victimValue(m))
	next := value(pos.PieceAt(from).Type())
	if p := m.Promotion(); p != rules.NoPieceType {
		gain[0] += val[p] - val[rules.Pawn]
		next = val[p]
	}
	// (En passant never comes here: a pawn taking a pawn cannot lose.)
	occ := pos.Occupied() &^ from.Bit()
	side := pos.SideToMove().Other()
	d := 0
	for d < len(gain)-1 {
		attackers := pos.AttackersTo(to, occ) & occ & pos.ColorPieces(side)
		if attackers == 0 {
			break
		}
		var t rules.PieceType
		var sq rules.Square
		for t = rules.Pawn; t <= rules.King; t++ {
			if b := attackers & pos.Pieces(side, t); b != 0 {
				sq = b.First()
				break
			}
		}
		d++
		gain[d] = next - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break // neither side gains by going on
		}
		occ &^= sq.Bit()
		next = value(t)
		side = side.Other()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
