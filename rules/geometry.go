package rules

import "strings"

// Board geometry that other packages build on (the engine's evaluation
// tables, the rules guide's diagrams). It lives here once, so that what they
// compute agrees with what the move generator plays.

// Offset returns the square v leads to from s, or NoSquare off the board.
func (s Square) Offset(v Vec) Square {
	f, r := s.File()+v.DF, s.Rank()+v.DR
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare
	}
	return MakeSquare(f, r)
}

// Distance is the number of king moves between two squares (the larger of
// the file and the rank difference).
func Distance(a, b Square) int {
	return max(absInt(a.File()-b.File()), absInt(a.Rank()-b.Rank()))
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Orient returns colour c's version of White's vectors: Black's are the same
// turned 180°, as everywhere in the rules. The result is a new slice.
func Orient(vs []Vec, c Color) []Vec {
	out := make([]Vec, len(vs))
	for i, v := range vs {
		if c == Black {
			v = v.Neg()
		}
		out[i] = v
	}
	return out
}

// Vecs lists the one-square directions of the lines: a rook's four for
// Orthogonal, a bishop's four for Diagonal.
func (l Lines) Vecs() []Vec {
	var vs []Vec
	if l&Orthogonal != 0 {
		vs = append(vs, rookDirs...)
	}
	if l&Diagonal != 0 {
		vs = append(vs, bishopDirs...)
	}
	return vs
}

// PawnAttacks returns every square a pawn of colour c on one of the given
// squares attacks, computed for the whole set at once.
func (v *Variant) PawnAttacks(c Color, pawns Bitboard) Bitboard {
	var att Bitboard
	for _, sh := range v.g.pawnCaps[c] {
		att |= sh.apply(pawns)
	}
	return att
}

// PawnAttacksFrom returns the squares a pawn of colour c on s attacks.
func (v *Variant) PawnAttacksFrom(c Color, s Square) Bitboard { return v.g.pawnAttack[c][s] }

// PlacementFEN writes the first field of a FEN, the pieces rank by rank
// from the eighth, for a board indexed by Square.
func PlacementFEN(board *[64]Piece) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Letter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// AttacksOf returns the squares a piece of type t (not a pawn) on s
// attacks when the squares of occ are occupied. The geometry is the same
// turned 180°, so it is also where such a piece would have to stand to
// attack s: the evaluation counts the squares from which a piece could
// give check.
func (p *Position) AttacksOf(t PieceType, s Square, occ Bitboard) Bitboard {
	if t == Pawn || t == NoPieceType {
		return 0
	}
	return p.attacks(t, s, occ)
}
