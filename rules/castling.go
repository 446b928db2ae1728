package rules

import (
	"fmt"
	"strings"
)

// Castling rights in FEN, Chess960's castles, and castles written in UCI.
//
// A Chess960 castling right belongs to one rook. The FEN field names it in
// X-FEN (K/Q for the outermost rook on that side of the king, the rook's
// file letter when an inner rook has the right) or in Shredder-FEN (file
// letters only, HAha); Varia writes X-FEN.

// Chess960Castling reports whether the variant's castling rights belong to
// rooks that may start anywhere on the back rank (Chess960), rather than
// to a fixed table of squares.
func (v *Variant) Chess960Castling() bool { return v.g.chess960 }

// Castles returns the castles this game can make while it keeps the
// rights (CastlingRights has one bit per entry): the variant's table, or
// in Chess960 those whose rights the start position's FEN gave.
func (p *Position) Castles() []CastlingRule {
	out := make([]CastlingRule, len(p.ct.castles))
	for i, c := range p.ct.castles {
		out[i] = c.CastlingRule
	}
	return out
}

// CastleOf returns the castle a castling move of this position makes, with
// the squares king and rook start from and go to; false for any other move.
func (p *Position) CastleOf(m Move) (CastlingRule, bool) {
	if m.Kind() != Castling {
		return CastlingRule{}, false
	}
	for _, c := range p.ct.castles {
		if c.King == m.From() && c.moveTo == m.To() {
			return c.CastlingRule, true
		}
	}
	return CastlingRule{}, false
}

// chess960HintFor maps a variant to its Chess960 form, for the hint below.
var chess960HintFor = map[*Variant]*Variant{}

// chess960Hint adds to a castling-field error a hint when the FEN reads as
// a position of the variant's Chess960 form, where its rights make sense.
func chess960Hint(v *Variant, fen string, err error) error {
	fe, ok := err.(*FENError)
	w := chess960HintFor[v]
	if !ok || w == nil {
		return err
	}
	if _, err960 := ParseFEN(w, fen); err960 != nil {
		return err
	}
	return &FENError{Field: fe.Field, Problem: fe.Problem + " (it reads as a Chess960 position: use --variant " + w.ID + ")"}
}

// parseChess960Castling reads an X-FEN or Shredder-FEN castling field and
// builds the position's own castle table from it.
func (p *Position) parseChess960Castling(field string) error {
	t := &castleTable{keys: new([256]uint64)}
	for i := range t.keep {
		t.keep[i] = 0xFF
	}
	p.ct = t
	if field == "-" {
		return nil
	}
	var picked []castle // by template, in the order of the variant's table
	for i := 0; i < len(field); i++ {
		l := field[i]
		color := White
		if l >= 'a' && l <= 'z' {
			color = Black
		}
		tpl := p.v.g.templates
		rank := NoSquare
		for _, c := range tpl {
			if c.color == color {
				rank = MakeSquare(0, c.KingTo.Rank())
			}
		}
		king := p.King(color)
		if rank == NoSquare || king.Rank() != rank.Rank() {
			return fenErr("castling", "%s needs the %s king on its back rank", charAt(field, i), color)
		}
		back := rankMask(rank.Rank())
		rooks := p.Pieces(color, Rook) & back
		var rook Square
		var side int
		switch upper := l &^ 0x20; {
		case upper == 'K' || upper == 'Q':
			// X-FEN: the outermost rook on that side of the king.
			side = 1
			if upper == 'Q' {
				side = -1
			}
			rook = outermostRook(rooks, king, side)
			if rook == NoSquare {
				return fenErr("castling", "%c needs a %s rook on the %s side of the king on %s", l, color, sideName(side), king)
			}
		case upper >= 'A' && upper <= 'H':
			rook = MakeSquare(int(upper-'A'), rank.Rank())
			if !rooks.Has(rook) {
				return fenErr("castling", "%c needs a %s rook on %s", l, color, rook)
			}
			side = 1
			if rook.File() < king.File() {
				side = -1
			}
		default:
			return fenErr("castling", "%s is not a castling right (KQkq, or a rook's file letter)", charAt(field, i))
		}
		var tc *castle
		for j := range tpl {
			if tpl[j].color == color && tpl[j].side() == side {
				tc = &tpl[j]
			}
		}
		if tc == nil {
			return fenErr("castling", "%s has no castle toward the %s side", p.v.Name, sideName(side))
		}
		for _, c := range picked {
			if c.color == color && c.side() == side {
				if c.Rook == rook {
					return fenErr("castling", "%q gives the rook on %s its right twice", l, rook)
				}
				return fenErr("castling", "%q: the %s rooks on %s and %s cannot both castle on the %s side", l, color, c.Rook, rook, sideName(side))
			}
		}
		cr := tc.CastlingRule
		cr.King, cr.Rook = king, rook
		picked = append(picked, castle{CastlingRule: cr, color: color})
	}
	// The table follows the variant's order (White's O-O first), whatever
	// the order of the field.
	for _, tc := range p.v.g.templates {
		for _, c := range picked {
			if c.color == tc.color && c.side() == tc.side() {
				k := newCastle(c.CastlingRule, c.color, uint8(1)<<len(t.castles), true)
				t.add(k)
			}
		}
	}
	for mask := range t.keys {
		for i, c := range t.castles {
			if mask&(1<<i) != 0 {
				t.keys[mask] ^= zobrist.rookRight[c.Rook]
			}
		}
	}
	p.castle = uint8(1)<<len(t.castles) - 1
	return nil
}

// outermostRook returns the rook of rooks farthest from the king on the
// given side (+1 toward h, -1 toward a), or NoSquare.
func outermostRook(rooks Bitboard, king Square, side int) Square {
	found := NoSquare
	for b := rooks; b != 0; {
		s := b.PopFirst()
		if (s.File()-king.File())*side > 0 && (found == NoSquare || (s.File()-found.File())*side > 0) {
			found = s
		}
	}
	return found
}

func sideName(side int) string {
	if side > 0 {
		return "h-file"
	}
	return "a-file"
}

// castlingField writes the FEN castling field: the table's letters, or in
// Chess960 X-FEN, K/Q unless a rook stands farther out on that side than
// the one with the right, which is then named by its file.
func (p *Position) castlingField() string {
	if p.castle == 0 {
		return "-"
	}
	var sb strings.Builder
	for _, c := range p.ct.castles {
		if p.castle&c.right == 0 {
			continue
		}
		if !p.v.g.chess960 {
			sb.WriteByte(c.Letter)
			continue
		}
		rooks := p.Pieces(c.color, Rook) & rankMask(c.Rook.Rank())
		l := c.Letter
		if outermostRook(rooks, c.King, c.side()) != c.Rook {
			l = byte('A' + c.Rook.File())
			if c.color == Black {
				l = byte('a' + c.Rook.File())
			}
		}
		sb.WriteByte(l)
	}
	return sb.String()
}

// UCIMove writes a move for a UCI engine or GUI. With chess960 set (the
// UCI_Chess960 option) a castle is the king taking its own rook, e1h1;
// otherwise it is the king's move, e1g1, unless that could be read as an
// ordinary king move (a king moving one square or none), when it is
// written king-takes-rook too. Every other move is Move.UCI.
func (p *Position) UCIMove(m Move, chess960 bool) string {
	c, ok := p.CastleOf(m)
	if !ok {
		return m.UCI()
	}
	if chess960 || abs(c.KingTo.File()-c.King.File())+abs(c.KingTo.Rank()-c.King.Rank()) < 2 {
		return c.King.String() + c.Rook.String()
	}
	return c.King.String() + c.KingTo.String()
}

// chess960BackRank returns White's back rank of Chess960 start number n,
// in the standard numbering (518 is chess's RNBQKBNR): the light-square
// bishop's file from n mod 4, the dark-square bishop's from the next
// base-4 digit, the queen on one of the six free squares, the knights on
// one of ten pairs of the five left, and rook, king, rook on the last three.
func chess960BackRank(n int) [8]byte {
	var r [8]byte
	r[2*(n%4)+1] = 'B'
	n /= 4
	r[2*(n%4)] = 'B'
	n /= 4
	free := func(k int) int { // the k-th empty file
		for f := range r {
			if r[f] == 0 {
				if k == 0 {
					return f
				}
				k--
			}
		}
		panic("rules: no free file")
	}
	r[free(n%6)] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	// Place the second knight first, so the first's index still counts
	// the same free squares.
	r[free(knights[1])] = 'N'
	r[free(knights[0])] = 'N'
	for _, pc := range []byte("RKR") {
		r[free(0)] = pc
	}
	return r
}

// Chess960Start returns the FEN of Chess960 start position n, 0 to 959 in
// the standard numbering; 518 is chess's own setup.
func Chess960Start(n int) (string, error) {
	if n < 0 || n >= 960 {
		return "", fmt.Errorf("chess960: start position %d is not a number from 0 to 959", n)
	}
	r := chess960BackRank(n)
	black := strings.ToLower(string(r[:]))
	return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + string(r[:]) + " w KQkq - 0 1", nil
}

// Chess960Number returns the number of the Chess960 start position whose
// back ranks the position has (White's rank 1 and Black's mirror), or
// false when it has none, e.g. once a back-rank piece has moved.
func Chess960Number(p *Position) (int, bool) {
	var rank [8]byte
	for f := 0; f < 8; f++ {
		w, b := p.board[MakeSquare(f, 0)], p.board[MakeSquare(f, 7)]
		if w == NoPiece || w.Color() != White || b != MakePiece(Black, w.Type()) {
			return 0, false
		}
		rank[f] = w.Type().Letter()
	}
	for n := 0; n < 960; n++ {
		if chess960BackRank(n) == rank {
			return n, true
		}
	}
	return 0, false
}

// NumberedStart returns the FEN of start position n of a variant with
// numbered starts (StartCount > 0).
func (v *Variant) NumberedStart(n int) (string, error) {
	if v.StartCount == 0 {
		return "", fmt.Errorf("%s has one start position, not numbered ones", v.Name)
	}
	return Chess960Start(n)
}
