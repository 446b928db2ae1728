package rules

// GivesCheck reports whether the legal move m puts the opponent's king in
// check, without making it: the moved piece attacks the king from its new
// square, or its leaving uncovers a slider aimed at the king. Castling and
// en passant, which move two pieces, are answered by making the move.
func (p *Position) GivesCheck(m Move) bool {
	kind := m.Kind()
	if kind == Castling || kind == EnPassant {
		p.Make(m)
		check := p.InCheck()
		p.Unmake()
		return check
	}
	us := p.side
	them := us.Other()
	ksq := p.King(them)
	from, to := m.From(), m.To()
	t := p.board[from].Type()
	if promo := m.Promotion(); promo != NoPieceType {
		t = promo
	}
	occ := p.Occupied()&^from.Bit() | to.Bit()
	if t == Pawn {
		if p.v.g.pawnAttack[us][to].Has(ksq) {
			return true
		}
	} else if p.attacks(t, to, occ).Has(ksq) {
		return true
	}
	// Discovered: a slider of ours now sees the king. Only sliders whose
	// line to the king runs through the origin can be uncovered.
	if lineBB[ksq][from] == 0 {
		return false
	}
	orth, diag := p.sliders(us)
	return (rookAttacks(ksq, occ)&orth|bishopAttacks(ksq, occ)&diag)&^from.Bit() != 0
}
