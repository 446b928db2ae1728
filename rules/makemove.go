package rules

// Make plays a legal move (one returned by LegalMoves) and pushes what
// Unmake needs to restore the position exactly. Playing an illegal move
// corrupts the position; check untrusted input with IsLegal or ParseMove.
func (p *Position) Make(m Move) {
	g := &p.v.g
	from, to, kind := m.From(), m.To(), m.Kind()
	us, them := p.side, p.side.Other()
	u := undo{move: m, castle: p.castle, ep: p.ep, victim: p.victim, rights: p.rights, rule50: p.rule50, count: p.count, key: p.key}

	p.rule50++
	if p.ep != NoSquare {
		p.key ^= zobrist.ep[p.ep]
		p.ep, p.victim = NoSquare, NoSquare
	}

	switch kind {
	case Castling:
		c := p.castleFor(from, to)
		king, rook := p.remove(from), p.remove(c.Rook)
		p.put(king, c.KingTo)
		p.put(rook, c.RookTo)
	case EnPassant:
		u.captured = p.remove(u.victim)
		p.put(p.remove(from), to)
		p.rule50 = 0
	default:
		if kind == Capture {
			u.captured = p.remove(to)
			p.rule50 = 0
		}
		pc := p.remove(from)
		if pc.Type() == Pawn {
			p.rule50 = 0
			if promo := m.Promotion(); promo != NoPieceType {
				pc = MakePiece(us, promo)
			}
		}
		p.put(pc, to)
		if kind == DoubleStep {
			// The en passant square is kept only when an enemy pawn attacks
			// it, so positions that differ in nothing else hash alike.
			mid := betweenBB[from][to].First()
			if g.pawnAttack[us][mid]&p.byType[Pawn]&p.byColor[them] != 0 {
				p.ep, p.victim = mid, to
				p.key ^= zobrist.ep[mid]
			}
		}
	}

	if c := p.castle & p.ct.keep[from] & p.ct.keep[to]; c != p.castle {
		p.key ^= p.ct.keys[p.castle] ^ p.ct.keys[c]
		p.castle = c
	}
	// Any move from or to a square ends the two-square right of a pawn
	// there: the pawn that moved, or a pawn captured on its start square.
	if lost := p.rights & (from.Bit() | to.Bit()); lost != 0 {
		p.rights &^= lost
		for lost != 0 {
			p.key ^= zobrist.rights[lost.PopFirst()]
		}
	}

	if p.v.CountLimit > 0 {
		p.updateCount(u.captured != NoPiece)
	}

	p.side = them
	p.key ^= zobrist.side
	p.ply++
	p.stack = append(p.stack, u)
}

// updateCount advances the counting rule after a move: it runs while a
// side has no pawns, starting (at zero) when the last pawn goes and
// restarting at every capture.
func (p *Position) updateCount(captured bool) {
	switch {
	case p.Pieces(White, Pawn) != 0 && p.Pieces(Black, Pawn) != 0:
		p.count = -1
	case captured || p.count < 0:
		p.count = 0
	default:
		p.count++
	}
}

// Unmake takes back the last move made with Make.
func (p *Position) Unmake() {
	u := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.side = p.side.Other()
	p.ply--
	from, to := u.move.From(), u.move.To()
	switch u.move.Kind() {
	case Castling:
		c := p.castleFor(from, to)
		king, rook := p.lift(c.KingTo), p.lift(c.RookTo)
		p.place(king, from)
		p.place(rook, c.Rook)
	case EnPassant:
		p.place(p.lift(to), from)
		p.place(u.captured, u.victim)
	default:
		pc := p.lift(to)
		if u.move.Promotion() != NoPieceType {
			pc = MakePiece(p.side, Pawn)
		}
		p.place(pc, from)
		if u.captured != NoPiece {
			p.place(u.captured, to)
		}
	}
	p.castle, p.ep, p.victim, p.rights, p.rule50, p.count, p.key = u.castle, u.ep, u.victim, u.rights, u.rule50, u.count, u.key
}

// MakeNull passes the turn without moving (for search pruning); it must not
// be called in check. UnmakeNull takes it back.
func (p *Position) MakeNull() {
	p.stack = append(p.stack, undo{castle: p.castle, ep: p.ep, victim: p.victim, rights: p.rights, rule50: p.rule50, count: p.count, key: p.key})
	if p.ep != NoSquare {
		p.key ^= zobrist.ep[p.ep]
		p.ep, p.victim = NoSquare, NoSquare
	}
	p.rule50++
	if p.count >= 0 {
		p.count++
	}
	p.side = p.side.Other()
	p.key ^= zobrist.side
	p.ply++
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() {
	u := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.side = p.side.Other()
	p.ply--
	p.ep, p.victim, p.rule50, p.count, p.key = u.ep, u.victim, u.rule50, u.count, u.key
}

// castleFor finds the castle of a castling Move by its squares.
func (p *Position) castleFor(from, to Square) *castle {
	cs := p.ct.castles
	for i := range cs {
		if cs[i].King == from && cs[i].moveTo == to {
			return &cs[i]
		}
	}
	panic("rules: no castle is the move " + from.String() + to.String())
}

// place and lift change the board without touching the key (Unmake
// restores the saved key); put and remove also update the key.
func (p *Position) place(pc Piece, s Square) {
	p.board[s] = pc
	b := s.Bit()
	p.byColor[pc.Color()] |= b
	p.byType[pc.Type()] |= b
}

func (p *Position) lift(s Square) Piece {
	pc := p.board[s]
	p.board[s] = NoPiece
	b := s.Bit()
	p.byColor[pc.Color()] &^= b
	p.byType[pc.Type()] &^= b
	return pc
}

func (p *Position) put(pc Piece, s Square) {
	p.place(pc, s)
	p.key ^= zobrist.piece[pc][s]
}

func (p *Position) remove(s Square) Piece {
	pc := p.lift(s)
	p.key ^= zobrist.piece[pc][s]
	return pc
}
