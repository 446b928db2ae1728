package rules

// Notation for people and PGN (RULES.md, "Moves as text"): SAN for
// classical moves, a tilde with the full origin square for moves that never
// capture (Asha's King's Steps and pawn steps), O-O / O-O-O from the
// variant's castling table, and +/# after any kind of move.

// IsStep reports whether moves of this kind are non-capturing steps
// written with a tilde (Asha's King's Step and pawn steps).
func (k Kind) IsStep() bool { return k == KingsStep || k == PawnLateral || k == PawnDiagonal }

// SAN writes a legal move as SAN, or in tilde form for steps, with + or #
// when it gives check or mate. A move that is not legal in the position is
// written in UCI form, so the result always names the move.
func (p *Position) SAN(m Move) string {
	var buf [MaxMoves]Move
	legal := p.LegalMoves(buf[:0])
	if !containsMove(legal, m) {
		return m.UCI()
	}
	return p.san(m, legal)
}

// san writes m, which must be one of legal (the position's legal moves).
func (p *Position) san(m Move, legal []Move) string {
	from, to, kind := m.From(), m.To(), m.Kind()
	pc := p.board[from]
	s := make([]byte, 0, 12)
	switch {
	case kind == Castling:
		s = append(s, p.castleFor(from, to).SAN...)
	case kind.IsStep():
		// The origin square is always written, so steps need no
		// disambiguation and never count as rivals of classical moves.
		if pc.Type() != Pawn {
			s = append(s, pc.Type().Letter())
		}
		s = append(s, from.String()...)
		s = append(s, '~')
		s = append(s, to.String()...)
	case pc.Type() == Pawn:
		s = p.pawnSAN(s, m, legal)
	default:
		s = append(s, pc.Type().Letter())
		s = appendDisambiguation(s, from, p.classicalRivals(m, legal))
		if kind.IsCapture() {
			s = append(s, 'x')
		}
		s = append(s, to.String()...)
	}
	if promo := m.Promotion(); promo != NoPieceType {
		s = append(s, '=', promo.Letter())
	}
	return string(append(s, p.checkSuffix(m)...))
}

// pawnSAN writes a classical pawn move. Generic over pawn geometry: a
// non-capture is its destination, with the origin file when another pawn
// can also move there without capturing; a capture is origin file, x,
// destination, with the origin rank too when another pawn on that file can
// make the same capture (Diagonal chess's b4xc5 and b6xc5).
func (p *Position) pawnSAN(s []byte, m Move, legal []Move) []byte {
	from := m.From()
	var rivals Bitboard
	for _, l := range legal {
		if l.To() == m.To() && l.From() != from && !l.Kind().IsStep() &&
			l.Kind().IsCapture() == m.Kind().IsCapture() && p.board[l.From()].Type() == Pawn {
			rivals |= l.From().Bit()
		}
	}
	if m.Kind().IsCapture() {
		s = append(s, byte('a'+from.File()))
		if rivals&fileMask(from.File()) != 0 {
			s = append(s, byte('1'+from.Rank()))
		}
		s = append(s, 'x')
	} else if rivals != 0 {
		s = append(s, byte('a'+from.File()))
		if rivals&fileMask(from.File()) != 0 {
			s = append(s, byte('1'+from.Rank()))
		}
	}
	return append(s, m.To().String()...)
}

// classicalRivals returns the origins of the other legal moves by a piece
// of the same type to the same square, leaving out steps: Asha's SAN
// disambiguates only against classical moves.
func (p *Position) classicalRivals(m Move, legal []Move) Bitboard {
	t := p.board[m.From()].Type()
	var rivals Bitboard
	for _, l := range legal {
		if l.To() == m.To() && l.From() != m.From() && !l.Kind().IsStep() &&
			l.Kind() != Castling && p.board[l.From()].Type() == t {
			rivals |= l.From().Bit()
		}
	}
	return rivals
}

// appendDisambiguation adds the origin file, else rank, else square, as
// SAN does when rivals (other origins) could make the same move.
func appendDisambiguation(s []byte, from Square, rivals Bitboard) []byte {
	switch {
	case rivals == 0:
		return s
	case rivals&fileMask(from.File()) == 0:
		return append(s, byte('a'+from.File()))
	case rivals&rankMask(from.Rank()) == 0:
		return append(s, byte('1'+from.Rank()))
	}
	return append(s, from.String()...)
}

func rankMask(rank int) Bitboard { return 0xFF << uint(8*rank) }

// checkSuffix returns "+", "#" or "" for the position after m. It plays
// the move on a copy without history, so the position stays untouched and
// safe to read from other goroutines meanwhile.
func (p *Position) checkSuffix(m Move) string {
	c := *p
	c.stack = make([]undo, 0, 1)
	c.Make(m)
	if !c.InCheck() {
		return ""
	}
	var buf [MaxMoves]Move
	if len(c.LegalMoves(buf[:0])) == 0 {
		return "#"
	}
	return "+"
}

func containsMove(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
