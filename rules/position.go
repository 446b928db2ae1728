package rules

// Position is a game position on bitboards, with the stack of undo records
// that Make pushes and Unmake pops. The zero value is not usable; build one
// with NewPosition or ParseFEN.
type Position struct {
	v       *Variant
	board   [64]Piece
	byColor [2]Bitboard
	byType  [7]Bitboard
	side    Color
	castle  uint8        // one bit per entry of ct
	ct      *castleTable // the castles of this game: the variant's, or a Chess960 start's
	ep      Square       // square a pawn crossed with its two-square move, if an enemy pawn attacks it
	victim  Square       // the pawn that made that two-square move
	rights  Bitboard     // pawns that still have their two-square move
	rule50  int          // plies since the last capture or pawn move
	count   int          // ASEAN counting rule: plies counted so far, or -1 when not running
	ply     int          // plies since the game's first position (fullmove derives from it)
	key     uint64
	stack   []undo
}

// undo is what Make saves so Unmake can restore the position exactly.
type undo struct {
	move     Move
	captured Piece
	castle   uint8
	ep       Square
	victim   Square
	rights   Bitboard
	rule50   int
	count    int
	key      uint64
}

// NewPosition returns the variant's start position.
func NewPosition(v *Variant) *Position {
	p, err := ParseFEN(v, v.StartFEN)
	if err != nil {
		panic("rules: start FEN of " + v.ID + ": " + err.Error())
	}
	return p
}

// Clone returns an independent copy, history included.
func (p *Position) Clone() *Position {
	c := *p
	c.stack = append([]undo(nil), p.stack...)
	return &c
}

// Variant returns the game this position belongs to.
func (p *Position) Variant() *Variant { return p.v }

// SideToMove returns whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Pieces returns the squares of colour c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ColorPieces returns the squares of all of colour c's pieces.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c] }

// Key is the Zobrist hash of the position (placement, side, castling, en
// passant square and two-square rights).
func (p *Position) Key() uint64 { return p.key }

// EnPassant returns the square an en passant capture could land on, or
// NoSquare. It is set only when an enemy pawn attacks the crossed square;
// the capture may still be illegal (see LegalEnPassant).
func (p *Position) EnPassant() Square { return p.ep }

// DoubleStepRights returns the pawns that still have their two-square move.
func (p *Position) DoubleStepRights() Bitboard { return p.rights }

// CastlingRights returns one bit per entry of Castles still available.
func (p *Position) CastlingRights() uint8 { return p.castle }

// HalfmoveClock counts plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.rule50 }

// Count reports the counting rule (variants with a CountLimit): whether
// the count is running and how many plies it has counted. It starts when a
// side loses its last pawn and restarts at every capture. A position read
// from FEN starts a running count at zero.
func (p *Position) Count() (running bool, plies int) { return p.count >= 0, max(p.count, 0) }

// Repetitions counts the earlier positions in this Position's own history
// (since the last capture or pawn move) with the same key as this one.
func (p *Position) Repetitions() int {
	n := 0
	for i := len(p.stack) - 2; i >= 0 && i >= len(p.stack)-p.rule50; i -= 2 {
		if p.stack[i].key == p.key {
			n++
		}
	}
	return n
}

// FullmoveNumber is the FEN move number, starting at 1 and rising after
// each Black move.
func (p *Position) FullmoveNumber() int { return p.ply/2 + 1 }

// Ply counts half-moves since the game began (as the FEN's numbers imply).
func (p *Position) Ply() int { return p.ply }

// King returns the square of colour c's king.
func (p *Position) King(c Color) Square { return (p.byType[King] & p.byColor[c]).First() }

// LastMove returns the move that led here, if it was made on this Position.
func (p *Position) LastMove() Move {
	if len(p.stack) == 0 {
		return NoMove
	}
	return p.stack[len(p.stack)-1].move
}

// attacks returns the squares a piece of type t on s attacks with occupancy
// occ (never pawns, whose attacks depend on colour).
func (p *Position) attacks(t PieceType, s Square, occ Bitboard) Bitboard {
	g := &p.v.g
	a := g.leap[t][s]
	switch g.slides[t] {
	case Orthogonal:
		a |= rookAttacks(s, occ)
	case Diagonal:
		a |= bishopAttacks(s, occ)
	case Orthogonal | Diagonal:
		a |= rookAttacks(s, occ) | bishopAttacks(s, occ)
	}
	return a
}

// AttacksFrom returns the squares the piece on s attacks (could capture on),
// or none for an empty square.
func (p *Position) AttacksFrom(s Square) Bitboard {
	pc := p.board[s]
	switch pc.Type() {
	case NoPieceType:
		return 0
	case Pawn:
		return p.v.g.pawnAttack[pc.Color()][s]
	}
	return p.attacks(pc.Type(), s, p.Occupied())
}

// AttackersTo returns every piece, of either colour, that attacks s when
// only the squares of occ are occupied: pieces outside occ are treated as
// gone (which uncovers the sliders behind them, as static exchange
// evaluation and the king's own moves need). Only capture geometry
// counts: steps and pawn moves never attack.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	g := &p.v.g
	a := g.pawnAttack[Black][s]&p.byType[Pawn]&p.byColor[White] |
		g.pawnAttack[White][s]&p.byType[Pawn]&p.byColor[Black]
	for _, t := range g.leapers {
		a |= g.leap[t][s] & p.byType[t]
	}
	if len(g.orthSliders) > 0 {
		var sl Bitboard
		for _, t := range g.orthSliders {
			sl |= p.byType[t]
		}
		a |= rookAttacks(s, occ) & sl
	}
	if len(g.diagSliders) > 0 {
		var sl Bitboard
		for _, t := range g.diagSliders {
			sl |= p.byType[t]
		}
		a |= bishopAttacks(s, occ) & sl
	}
	return a & occ
}

// Attacked reports whether colour by attacks square s.
func (p *Position) Attacked(s Square, by Color) bool {
	return p.AttackersTo(s, p.Occupied())&p.byColor[by] != 0
}

// Checkers returns the enemy pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.AttackersTo(p.King(p.side), p.Occupied()) & p.byColor[p.side.Other()]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// sliders returns colour c's pieces that slide orthogonally and diagonally.
func (p *Position) sliders(c Color) (orth, diag Bitboard) {
	g := &p.v.g
	for _, t := range g.orthSliders {
		orth |= p.byType[t]
	}
	for _, t := range g.diagSliders {
		diag |= p.byType[t]
	}
	return orth & p.byColor[c], diag & p.byColor[c]
}

// pinned returns colour c's pieces that stand alone between c's king and
// an enemy slider aimed at it.
func (p *Position) pinned(c Color) Bitboard {
	ksq := p.King(c)
	orth, diag := p.sliders(c.Other())
	snipers := rookAttacks(ksq, 0)&orth | bishopAttacks(ksq, 0)&diag
	occ := p.Occupied()
	var pins Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		b := betweenBB[ksq][s] & occ
		if b != 0 && b&(b-1) == 0 {
			pins |= b & p.byColor[c]
		}
	}
	return pins
}

// computeKey hashes the position from scratch; Make keeps p.key equal to it.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobrist.piece[pc][s]
		}
	}
	if p.side == Black {
		k ^= zobrist.side
	}
	k ^= p.ct.keys[p.castle]
	if p.ep != NoSquare {
		k ^= zobrist.ep[p.ep]
	}
	for r := p.rights; r != 0; {
		k ^= zobrist.rights[r.PopFirst()]
	}
	return k
}
