package rules

// MaxMoves bounds the legal moves of any position of any variant; a buffer
// of this capacity never grows during generation.
const MaxMoves = 512

// LegalMoves appends every legal move of the side to move to buf[:0] and
// returns it. Pass a buffer with capacity MaxMoves to avoid allocation.
//
// The generator is fully legal: pins and check evasions are applied while
// generating, the king's destinations are tested against the enemy's capture
// geometry, and only en passant (which removes two pieces from a line) is
// tried on a board with the pieces lifted.
func (p *Position) LegalMoves(buf []Move) []Move { return p.generate(buf, false) }

// LegalCaptures appends the legal captures and promotions of the side to
// move to buf[:0] and returns them: the moves that change the material,
// which is what a quiescence search looks at. They are exactly the legal
// moves whose kind is a capture or that promote, in the same order as
// LegalMoves lists them. Pass a buffer with capacity MaxMoves to avoid
// allocation.
func (p *Position) LegalCaptures(buf []Move) []Move { return p.generate(buf, true) }

// generate lists the legal moves, or with tactical only the captures and
// promotions.
func (p *Position) generate(buf []Move, tactical bool) []Move {
	moves := buf[:0]
	g := &p.v.g
	us, them := p.side, p.side.Other()
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	ksq := p.King(us)
	checkers := p.AttackersTo(ksq, occ) & enemy

	// King: any destination the enemy does not attack once the king has
	// left its square (so it cannot hide behind itself from a slider).
	occNoKing := occ &^ ksq.Bit()
	kingTargets := g.leap[King][ksq] &^ own
	if tactical {
		kingTargets &= enemy
	}
	for t := kingTargets; t != 0; {
		to := t.PopFirst()
		if p.AttackersTo(to, occNoKing)&enemy != 0 {
			continue
		}
		moves = append(moves, newMove(ksq, to, captureKind(enemy, to), NoPieceType))
	}
	if checkers&(checkers-1) != 0 {
		return moves // double check: only the king may move
	}

	target := evasionTargets(ksq, checkers)
	pinned := p.pinned(us)

	for _, t := range g.officers {
		for fromSet := p.byType[t] & own; fromSet != 0; {
			from := fromSet.PopFirst()
			mask := target
			if pinned.Has(from) {
				mask &= lineBB[ksq][from]
			}
			att := p.attacks(t, from, occ) & mask
			for c := att & enemy; c != 0; {
				moves = append(moves, newMove(from, c.PopFirst(), Capture, NoPieceType))
			}
			if tactical {
				continue
			}
			for q := att &^ occ; q != 0; {
				moves = append(moves, newMove(from, q.PopFirst(), Quiet, NoPieceType))
			}
			for s := g.step[t][from] &^ occ & mask; s != 0; {
				moves = append(moves, newMove(from, s.PopFirst(), KingsStep, NoPieceType))
			}
		}
	}

	moves = p.pawnMoves(moves, ksq, target, pinned, tactical)

	if checkers == 0 && !tactical {
		cs := p.ct.castles
		for i := range cs {
			c := &cs[i]
			if c.color == us && p.castle&c.right != 0 && p.castleSafe(c, occ, enemy) {
				moves = append(moves, newMove(c.King, c.moveTo, Castling, NoPieceType))
			}
		}
	}
	return moves
}

// evasionTargets is where a move other than the king's must land with
// respect to check: anywhere out of check, and in check by one piece
// between it and the king or on it.
func evasionTargets(ksq Square, checkers Bitboard) Bitboard {
	if checkers == 0 {
		return ^Bitboard(0)
	}
	return betweenBB[ksq][checkers.First()] | checkers
}

func captureKind(enemy Bitboard, to Square) Kind {
	if enemy.Has(to) {
		return Capture
	}
	return Quiet
}

// pawnMoves generates pawn moves set-wise: each move vector shifts all
// pawns at once, and a pinned pawn's move is kept only along its pin line.
// With tactical, non-capturing moves are kept only when they promote.
func (p *Position) pawnMoves(moves []Move, ksq Square, target, pinned Bitboard, tactical bool) []Move {
	g := &p.v.g
	us, them := p.side, p.side.Other()
	pawns := p.byType[Pawn] & p.byColor[us]
	if pawns == 0 {
		return moves
	}
	enemy := p.byColor[them]
	empty := ^(p.byColor[us] | enemy)
	quietTarget := target
	if tactical {
		quietTarget &= g.promo[us]
	}
	ok := func(from, to Square) bool { return !pinned.Has(from) || lineBB[ksq][from].Has(to) }

	// En passant first. A pawn that attacks the crossed square has no
	// other move onto it (RULES.md, Asha): its diagonal step there is the
	// en passant capture, and when that capture would expose its king the
	// pawn has no move onto the square at all.
	var epFrom Bitboard
	if p.ep != NoSquare {
		epFrom = g.pawnAttack[them][p.ep] & pawns
		for f := epFrom; f != 0; {
			if from := f.PopFirst(); p.epLegal(from, ksq) {
				moves = p.addPawnMove(moves, from, p.ep, EnPassant)
			}
		}
	}
	for _, cs := range g.pawnCaps[us] {
		for t := cs.apply(pawns) & enemy & target; t != 0; {
			to := t.PopFirst()
			if from := to - Square(cs.delta); ok(from, to) {
				moves = p.addPawnMove(moves, from, to, Capture)
			}
		}
	}
	for _, ms := range g.pawnMoves[us] {
		for t := ms.apply(pawns) & empty & quietTarget; t != 0; {
			to := t.PopFirst()
			from := to - Square(ms.delta)
			if ok(from, to) && !(to == p.ep && epFrom.Has(from)) {
				moves = p.addPawnMove(moves, from, to, ms.kind)
			}
		}
	}
	for _, ds := range g.pawnDouble[us] {
		mid := ds.apply(pawns&p.rights) & empty
		for t := ds.apply(mid) & empty & quietTarget; t != 0; {
			to := t.PopFirst()
			if from := to - Square(2*ds.delta); ok(from, to) {
				moves = p.addPawnMove(moves, from, to, DoubleStep)
			}
		}
	}
	return moves
}

// addPawnMove appends a pawn move, expanded into one move per promotion
// piece when it lands on a promotion square.
func (p *Position) addPawnMove(moves []Move, from, to Square, kind Kind) []Move {
	if !p.v.g.promo[p.side].Has(to) {
		return append(moves, newMove(from, to, kind, NoPieceType))
	}
	for _, pt := range p.v.Pawn.PromoteTo {
		moves = append(moves, newMove(from, to, kind, pt))
	}
	return moves
}

// epLegal reports whether the pawn on from may take en passant without
// leaving its king attacked, on a board with both pawns lifted.
func (p *Position) epLegal(from, ksq Square) bool {
	occ := p.Occupied()&^(from.Bit()|p.victim.Bit()) | p.ep.Bit()
	return p.AttackersTo(ksq, occ)&p.byColor[p.side.Other()] == 0
}

// castleSafe checks a castle's conditions other than rights and check: the
// squares between are empty, the king crosses no attacked square, and it is
// not attacked where it lands with both pieces moved (so a rook that
// shielded the king's new square cannot castle out from in front of it).
func (p *Position) castleSafe(c *castle, occ, enemy Bitboard) bool {
	if occ&c.empty != 0 {
		return false
	}
	occNoKing := occ &^ c.King.Bit()
	for path := c.path &^ c.KingTo.Bit(); path != 0; {
		if p.AttackersTo(path.PopFirst(), occNoKing)&enemy != 0 {
			return false
		}
	}
	after := occ&^(c.King.Bit()|c.Rook.Bit()) | c.KingTo.Bit() | c.RookTo.Bit()
	return p.AttackersTo(c.KingTo, after)&enemy == 0
}

// Legal returns the legal moves in a new slice.
func (p *Position) Legal() []Move { return p.LegalMoves(make([]Move, 0, 64)) }

// IsLegal reports whether m is one of the legal moves. A move of a piece
// other than king and pawn (the search asks this of every move its table
// suggests, most of them such moves) is checked directly by the
// generator's own conditions; any other against the generated list.
func (p *Position) IsLegal(m Move) bool {
	from, to, kind := m.From(), m.To(), m.Kind()
	if pc := p.board[from]; pc != NoPiece && pc.Color() == p.side && pc.Type() != Pawn && pc.Type() != King {
		return m == newMove(from, to, kind, NoPieceType) && p.officerMoveLegal(pc.Type(), from, to, kind)
	}
	var buf [MaxMoves]Move
	for _, l := range p.LegalMoves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

// officerMoveLegal is generate's test of one move of a piece of type t
// (neither king nor pawn): the piece reaches the square by that kind of
// move, answers a single check by blocking or taking the checker, and
// stays on the line of its pin.
func (p *Position) officerMoveLegal(t PieceType, from, to Square, kind Kind) bool {
	us := p.side
	own, enemy := p.byColor[us], p.byColor[us.Other()]
	occ := own | enemy
	var reach Bitboard
	switch kind {
	case Quiet:
		reach = p.attacks(t, from, occ) &^ occ
	case Capture:
		reach = p.attacks(t, from, occ) & enemy
	case KingsStep:
		reach = p.v.g.step[t][from] &^ occ
	}
	if !reach.Has(to) {
		return false
	}
	ksq := p.King(us)
	checkers := p.Checkers()
	if checkers&(checkers-1) != 0 || !evasionTargets(ksq, checkers).Has(to) {
		return false
	}
	return !p.pinned(us).Has(from) || lineBB[ksq][from].Has(to)
}

// HasLegalMove reports whether the side to move has a legal move. Out of
// check, a piece other than king and pawn that is not pinned and reaches a
// square its own side does not hold has one: that answers most positions
// without generating the moves.
func (p *Position) HasLegalMove() bool {
	us := p.side
	own := p.byColor[us]
	occ := p.Occupied()
	if p.Checkers() == 0 {
		for free := own &^ p.byType[Pawn] &^ p.byType[King] &^ p.pinned(us); free != 0; {
			from := free.PopFirst()
			t := p.board[from].Type()
			if p.attacks(t, from, occ)&^own != 0 || p.v.g.step[t][from]&^occ != 0 {
				return true
			}
		}
	}
	var buf [MaxMoves]Move
	return len(p.LegalMoves(buf[:0])) > 0
}
