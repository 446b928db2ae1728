// A deliberately simple reference move generator for the
// variants of the rule book (RULES.md). It exists only to cross-check the fast
// bitboard generator in tests, so it favours obviousness over speed: a
// mailbox board, loops over direction vectors, copy-make, and a legality test
// that plays the move and asks whether the mover's king is attacked.
//
// Every top-level identifier starts with "ref" so that this file can be
// dropped into another package as a _test.go file without name clashes.

package rules_test

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// refMove is one legal move as the tests see it.
type refMove struct {
	UCI  string // e2e4, e7e8q; castling as the king's move (a1c1 in edgy), in chess960 as the king taking its rook (e1h1)
	Kind string // quiet capture en_passant castling kings_step pawn_lateral pawn_diagonal double_step
}

// Move kinds (RULES.md "Move kinds"); every move has exactly one.
const (
	refQuiet = iota
	refCapture
	refEnPassant
	refCastling
	refKingsStep
	refPawnLateral
	refPawnDiagonal
	refDoubleStep
)

var refKindNames = [...]string{
	refQuiet:        "quiet",
	refCapture:      "capture",
	refEnPassant:    "en_passant",
	refCastling:     "castling",
	refKingsStep:    "kings_step",
	refPawnLateral:  "pawn_lateral",
	refPawnDiagonal: "pawn_diagonal",
	refDoubleStep:   "double_step",
}

// ---------------------------------------------------------------------------
// Squares and vectors. A square is 0..63 with a1 = 0, b1 = 1, ..., h8 = 63;
// file = sq%8, rank = sq/8. Rotating the board by 180° maps sq to 63-sq, which
// is how Black's squares are derived from White's.

// refSq parses "e4"; it returns -1 for anything else.
func refSq(s string) int {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return -1
	}
	return int(s[1]-'1')*8 + int(s[0]-'a')
}

func refSqName(sq int) string {
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

// refOffset returns the square (df, dr) away from sq, and false if that is
// off the board.
func refOffset(sq, df, dr int) (int, bool) {
	f, r := sq%8+df, sq/8+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1, false
	}
	return r*8 + f, true
}

var (
	refOrthDirs   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	refDiagDirs   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	refKingDirs   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	refKnightDirs = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

// refMask builds a bit set of squares from their names.
func refMask(names ...string) uint64 {
	var m uint64
	for _, n := range names {
		sq := refSq(n)
		if sq < 0 {
			panic("refgen: bad square in table: " + n)
		}
		m |= 1 << sq
	}
	return m
}

// refRankMask is the bit set of all squares on rank r (1..8).
func refRankMask(r int) uint64 { return uint64(0xff) << (8 * (r - 1)) }

// refRotate maps a set of White's squares to Black's (180° rotation).
func refRotate(m uint64) uint64 {
	var out uint64
	for sq := range 64 {
		if m&(1<<sq) != 0 {
			out |= 1 << (63 - sq)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Variants as data.

// refCastle is one row of the castling table: the king's and the rook's move.
type refCastle struct{ kingFrom, kingTo, rookFrom, rookTo int }

// How a variant writes the optional seventh FEN field (two-square rights).
const (
	refSeventhNone    = iota
	refSeventhFiles   // asha: files, uppercase White then lowercase Black
	refSeventhSquares // diagonal, diagonal8: squares
)

type refVariant struct {
	// Pawn geometry for White; Black uses every vector rotated, (-df, -dr).
	pawnMoves    [][2]int // non-capturing steps onto an empty square
	pawnCaptures [][2]int // capture geometry: the only squares a pawn attacks
	doubleStep   bool     // a pawn with the right may move two squares along a move vector
	starts       [2]uint64
	promo        [2]uint64 // promotion squares, [0] White, [1] Black
	promoPieces  string    // choices, lower case
	castles      []refCastle
	// chess960: the castling rights name rooks anywhere on the back rank
	// (FIDE's Chess960 rules); the king and rook end on g1/f1 (h-side) or
	// c1/d1 (a-side), mirrored for Black, and castles[i] of each position
	// is filled in from its FEN.
	chess960 bool
	asha     bool // King's Step for N, B, R; sideways and diagonal pawn steps
	ferz     bool // asean: Q and B move and capture one square diagonally
	seventh  int
	// noBackRankPawns: pawns start on rank 2/7, so a pawn on rank 1/8 is an
	// illegal FEN (standard, asha, asean).
	noBackRankPawns bool
}

// refNewVariant fills in Black's squares as the rotation of White's.
func refNewVariant(v refVariant, whiteStarts, whitePromo uint64) *refVariant {
	v.starts = [2]uint64{whiteStarts, refRotate(whiteStarts)}
	v.promo = [2]uint64{whitePromo, refRotate(whitePromo)}
	return &v
}

var (
	refOrthodoxPawnMoves    = [][2]int{{0, 1}}
	refOrthodoxPawnCaptures = [][2]int{{-1, 1}, {1, 1}}

	// Castling table, rights in the order K, Q, k, q.
	refStandardCastles = []refCastle{
		{refSq("e1"), refSq("g1"), refSq("h1"), refSq("f1")},
		{refSq("e1"), refSq("c1"), refSq("a1"), refSq("d1")},
		{refSq("e8"), refSq("g8"), refSq("h8"), refSq("f8")},
		{refSq("e8"), refSq("c8"), refSq("a8"), refSq("d8")},
	}
	refEdgyCastles = []refCastle{
		{refSq("a1"), refSq("c1"), refSq("d1"), refSq("b1")},
		{refSq("a1"), refSq("a3"), refSq("a5"), refSq("a2")},
		{refSq("h8"), refSq("f8"), refSq("e8"), refSq("g8")},
		{refSq("h8"), refSq("h6"), refSq("h4"), refSq("h7")},
	}
	refDiagonalCastles = []refCastle{
		{refSq("a1"), refSq("c1"), refSq("d1"), refSq("b1")},
		{refSq("a1"), refSq("a3"), refSq("a4"), refSq("a2")},
		{refSq("h8"), refSq("f8"), refSq("e8"), refSq("g8")},
		{refSq("h8"), refSq("h6"), refSq("h5"), refSq("h7")},
	}

	refDiagonalStarts = refMask("a5", "b4", "c3", "d2", "e1", "b3", "c2")
	refDiagonalPromo  = refMask("e8", "f8", "g8", "h8", "h7", "h6", "h5")

	refVariants = map[string]*refVariant{
		"standard": refNewVariant(refVariant{
			pawnMoves: refOrthodoxPawnMoves, pawnCaptures: refOrthodoxPawnCaptures,
			doubleStep: true, promoPieces: "qrbn", castles: refStandardCastles,
			noBackRankPawns: true,
		}, refRankMask(2), refRankMask(8)),
		"asha": refNewVariant(refVariant{
			pawnMoves: refOrthodoxPawnMoves, pawnCaptures: refOrthodoxPawnCaptures,
			doubleStep: true, promoPieces: "qrbn", castles: refStandardCastles,
			asha: true, seventh: refSeventhFiles, noBackRankPawns: true,
		}, refRankMask(2), refRankMask(8)),
		"edgy": refNewVariant(refVariant{
			pawnMoves: [][2]int{{1, 1}}, pawnCaptures: [][2]int{{1, 0}, {0, 1}},
			promoPieces: "qrbn", castles: refEdgyCastles,
		}, 0, refMask("e8", "f8", "g8", "h8", "h7", "h6", "h5", "h4")),
		"diagonal": refNewVariant(refVariant{
			pawnMoves: [][2]int{{0, 1}, {1, 0}}, pawnCaptures: [][2]int{{-1, 1}, {1, 1}, {1, -1}},
			doubleStep: true, promoPieces: "qrbn", castles: refDiagonalCastles,
			seventh: refSeventhSquares,
		}, refDiagonalStarts, refDiagonalPromo),
		"diagonal8": refNewVariant(refVariant{
			pawnMoves: [][2]int{{0, 1}, {1, 0}}, pawnCaptures: [][2]int{{-1, 1}, {1, 1}, {1, -1}},
			doubleStep: true, promoPieces: "qrbn", castles: refDiagonalCastles,
			seventh: refSeventhSquares,
		}, refDiagonalStarts|refMask("h1"), refDiagonalPromo),
		"asymmetrical": refNewVariant(refVariant{
			pawnMoves: refOrthodoxPawnMoves, pawnCaptures: refOrthodoxPawnCaptures,
			promoPieces: "qrbn",
		}, 0, refRankMask(8)),
		"asean": refNewVariant(refVariant{
			pawnMoves: refOrthodoxPawnMoves, pawnCaptures: refOrthodoxPawnCaptures,
			promoPieces: "q", ferz: true, noBackRankPawns: true,
		}, 0, refRankMask(6)),
		"chess960": refNewVariant(refVariant{
			pawnMoves: refOrthodoxPawnMoves, pawnCaptures: refOrthodoxPawnCaptures,
			doubleStep: true, promoPieces: "qrbn", chess960: true,
			noBackRankPawns: true,
		}, refRankMask(2), refRankMask(8)),
	}
)

// ---------------------------------------------------------------------------
// Pieces are FEN letters: upper case White, lower case Black, 0 = empty.

func refIsWhite(pc byte) bool { return pc >= 'A' && pc <= 'Z' }

func refUpper(pc byte) byte {
	if pc >= 'a' && pc <= 'z' {
		return pc - 'a' + 'A'
	}
	return pc
}

// refPiece returns the letter of piece kind k ('P', 'N', ...) for a colour.
func refPiece(k byte, white bool) byte {
	if white {
		return k
	}
	return k - 'A' + 'a'
}

func refColor(white bool) int {
	if white {
		return 0
	}
	return 1
}

// ---------------------------------------------------------------------------
// Position.

type refPosition struct {
	v       *refVariant
	board   [64]byte
	white   bool         // White to move
	castle  [4]bool      // rights K, Q, k, q (index into castles)
	castles [4]refCastle // the variant's table, or in chess960 the rooks the FEN named
	// En passant: set right after a two-square move, and kept only when it
	// changes the legal moves (see dropIrrelevantEP). epSq is the crossed
	// square, epVictim the square of the pawn that moved. -1 when unset.
	epSq, epVictim int
	// twoStep holds the squares whose pawn still has its two-square right.
	// Any move from or to a square removes it, so a pawn returning to a
	// starting square never regains the right.
	twoStep            uint64
	kingSq             [2]int
	halfmove, fullmove int
}

// refMv is an internal move.
type refMv struct {
	from, to int
	kind     int
	promo    byte // 'q', 'r', 'b', 'n' or 0
	castle   int  // index into castles when kind == refCastling
}

func (m refMv) uci() string {
	s := refSqName(m.from) + refSqName(m.to)
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

// attacked reports whether square sq is attacked by the side byWhite, i.e.
// whether one of its pieces could capture there. Moves that can never capture
// (King's Step, pawn steps) attack nothing.
func (p *refPosition) attacked(sq int, byWhite bool) bool {
	v := p.v
	sign := 1
	if !byWhite {
		sign = -1
	}
	// A pawn attacks sq if sq = pawn + capture vector.
	for _, d := range v.pawnCaptures {
		if s, ok := refOffset(sq, -sign*d[0], -sign*d[1]); ok && p.board[s] == refPiece('P', byWhite) {
			return true
		}
	}
	for _, d := range refKnightDirs {
		if s, ok := refOffset(sq, d[0], d[1]); ok && p.board[s] == refPiece('N', byWhite) {
			return true
		}
	}
	for _, d := range refKingDirs {
		if s, ok := refOffset(sq, d[0], d[1]); ok && p.board[s] == refPiece('K', byWhite) {
			return true
		}
	}
	// Orthogonal riders: rook, and the queen unless it is a ferz.
	for _, d := range refOrthDirs {
		for s, ok := refOffset(sq, d[0], d[1]); ok; s, ok = refOffset(s, d[0], d[1]) {
			pc := p.board[s]
			if pc == 0 {
				continue
			}
			if pc == refPiece('R', byWhite) || (!v.ferz && pc == refPiece('Q', byWhite)) {
				return true
			}
			break
		}
	}
	// Diagonals: bishop and queen ride, except in asean where both are
	// one-square diagonal leapers.
	for _, d := range refDiagDirs {
		for s, ok := refOffset(sq, d[0], d[1]); ok; s, ok = refOffset(s, d[0], d[1]) {
			pc := p.board[s]
			if pc == refPiece('B', byWhite) || pc == refPiece('Q', byWhite) {
				return true
			}
			if pc != 0 || v.ferz {
				break
			}
		}
	}
	return false
}

// pseudoMoves lists every move of the side to move that obeys piece geometry,
// without looking at whether the own king is left attacked (castling's own
// conditions are checked here, though).
func (p *refPosition) pseudoMoves() []refMv {
	v := p.v
	ms := make([]refMv, 0, 64)
	for sq := range 64 {
		pc := p.board[sq]
		if pc == 0 || refIsWhite(pc) != p.white {
			continue
		}
		switch refUpper(pc) {
		case 'P':
			ms = p.pawnMoves(ms, sq)
		case 'N':
			ms = p.leaps(ms, sq, refKnightDirs)
			if v.asha {
				ms = p.kingsSteps(ms, sq, refKingDirs)
			}
		case 'B':
			if v.ferz {
				ms = p.leaps(ms, sq, refDiagDirs)
			} else {
				ms = p.rides(ms, sq, refDiagDirs)
			}
			if v.asha {
				// Diagonal one-square steps are ordinary bishop moves.
				ms = p.kingsSteps(ms, sq, refOrthDirs)
			}
		case 'R':
			ms = p.rides(ms, sq, refOrthDirs)
			if v.asha {
				// Orthogonal one-square steps are ordinary rook moves.
				ms = p.kingsSteps(ms, sq, refDiagDirs)
			}
		case 'Q':
			if v.ferz {
				ms = p.leaps(ms, sq, refDiagDirs)
			} else {
				ms = p.rides(ms, sq, refKingDirs)
			}
		case 'K':
			ms = p.leaps(ms, sq, refKingDirs)
			ms = p.castlings(ms)
		}
	}
	return ms
}

// target classifies a destination: ok is false for an own piece.
func (p *refPosition) target(to int) (kind int, ok bool) {
	pc := p.board[to]
	switch {
	case pc == 0:
		return refQuiet, true
	case refIsWhite(pc) != p.white:
		return refCapture, true
	}
	return 0, false
}

func (p *refPosition) leaps(ms []refMv, from int, dirs [][2]int) []refMv {
	for _, d := range dirs {
		if to, ok := refOffset(from, d[0], d[1]); ok {
			if kind, ok := p.target(to); ok {
				ms = append(ms, refMv{from: from, to: to, kind: kind})
			}
		}
	}
	return ms
}

func (p *refPosition) rides(ms []refMv, from int, dirs [][2]int) []refMv {
	for _, d := range dirs {
		for to, ok := refOffset(from, d[0], d[1]); ok; to, ok = refOffset(to, d[0], d[1]) {
			kind, ok := p.target(to)
			if !ok {
				break
			}
			ms = append(ms, refMv{from: from, to: to, kind: kind})
			if kind == refCapture {
				break
			}
		}
	}
	return ms
}

// kingsSteps adds Asha's King's Step: one square onto an empty square, never
// a capture. The caller passes only the directions that are not already
// ordinary one-square moves of the piece.
func (p *refPosition) kingsSteps(ms []refMv, from int, dirs [][2]int) []refMv {
	for _, d := range dirs {
		if to, ok := refOffset(from, d[0], d[1]); ok && p.board[to] == 0 {
			ms = append(ms, refMv{from: from, to: to, kind: refKingsStep})
		}
	}
	return ms
}

// addPawn adds a pawn move, expanded into one move per promotion piece when
// it lands on one of the mover's promotion squares.
func (p *refPosition) addPawn(ms []refMv, from, to, kind int) []refMv {
	if p.v.promo[refColor(p.white)]&(1<<to) == 0 {
		return append(ms, refMv{from: from, to: to, kind: kind})
	}
	for i := range len(p.v.promoPieces) {
		ms = append(ms, refMv{from: from, to: to, kind: kind, promo: p.v.promoPieces[i]})
	}
	return ms
}

func (p *refPosition) pawnMoves(ms []refMv, from int) []refMv {
	v := p.v
	sign := 1
	if !p.white {
		sign = -1
	}
	for _, d := range v.pawnMoves {
		df, dr := sign*d[0], sign*d[1]
		to, ok := refOffset(from, df, dr)
		if !ok || p.board[to] != 0 {
			continue
		}
		ms = p.addPawn(ms, from, to, refQuiet)
		if v.doubleStep && p.twoStep&(1<<from) != 0 {
			if to2, ok := refOffset(to, df, dr); ok && p.board[to2] == 0 {
				ms = p.addPawn(ms, from, to2, refDoubleStep)
			}
		}
	}
	for _, d := range v.pawnCaptures {
		to, ok := refOffset(from, sign*d[0], sign*d[1])
		if !ok {
			continue
		}
		pc := p.board[to]
		switch {
		case to == p.epSq:
			// The crossed square is empty; the victim stands beyond it.
			ms = p.addPawn(ms, from, to, refEnPassant)
		case pc != 0 && refIsWhite(pc) != p.white:
			ms = p.addPawn(ms, from, to, refCapture)
		}
	}
	if v.asha {
		for _, df := range [2]int{-1, 1} {
			// Sideways step: stays on its rank, so it never promotes.
			if to, ok := refOffset(from, df, 0); ok && p.board[to] == 0 {
				ms = append(ms, refMv{from: from, to: to, kind: refPawnLateral})
			}
			// Diagonal forward step onto an empty square. Onto the en passant
			// square it is the en passant capture, listed above, and nothing
			// else: when that capture is illegal the pawn has no move there.
			if to, ok := refOffset(from, df, sign); ok && p.board[to] == 0 && to != p.epSq {
				ms = p.addPawn(ms, from, to, refPawnDiagonal)
			}
		}
	}
	return ms
}

// castlings adds the castling moves of the side to move whose FIDE
// conditions hold in the current position. (Whether the king ends in check
// after the rook has moved is left to the general legality test.)
func (p *refPosition) castlings(ms []refMv) []refMv {
	if p.v.castles == nil && !p.v.chess960 {
		return ms
	}
	king, rook := refPiece('K', p.white), refPiece('R', p.white)
	first := 2 * refColor(p.white)
	for i := first; i < first+2; i++ {
		c := p.castles[i]
		if !p.castle[i] || p.board[c.kingFrom] != king || p.board[c.rookFrom] != rook {
			continue
		}
		if p.v.chess960 {
			// FIDE: every square from the king's start to its end and from
			// the rook's start to its end is empty but for these two.
			ok := true
			for _, s := range append(refLine(c.kingFrom, c.kingTo), refLine(c.rookFrom, c.rookTo)...) {
				if s != c.kingFrom && s != c.rookFrom && p.board[s] != 0 {
					ok = false
				}
			}
			if ok && !p.lineAttacked(c.kingFrom, c.kingTo) {
				ms = append(ms, refMv{from: c.kingFrom, to: c.rookFrom, kind: refCastling, castle: i})
			}
			continue
		}
		if !p.emptyBetween(c.kingFrom, c.rookFrom) {
			continue
		}
		if (p.board[c.kingTo] != 0 && c.kingTo != c.rookFrom) ||
			(p.board[c.rookTo] != 0 && c.rookTo != c.kingFrom) {
			continue
		}
		// Not in check, not crossing or landing on an attacked square.
		if !p.lineAttacked(c.kingFrom, c.kingTo) {
			ms = append(ms, refMv{from: c.kingFrom, to: c.kingTo, kind: refCastling, castle: i})
		}
	}
	return ms
}

// refLine lists the squares from a to b inclusive; a and b share a rank,
// file or diagonal.
func refLine(a, b int) []int {
	df, dr := refSign(b%8-a%8), refSign(b/8-a/8)
	line := []int{a}
	for s := a; s != b; {
		s, _ = refOffset(s, df, dr)
		line = append(line, s)
	}
	return line
}

func refSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func (p *refPosition) emptyBetween(a, b int) bool {
	line := refLine(a, b)
	for _, s := range line[1 : len(line)-1] {
		if p.board[s] != 0 {
			return false
		}
	}
	return true
}

// lineAttacked reports whether any square from a to b inclusive is attacked
// by the side not to move.
func (p *refPosition) lineAttacked(a, b int) bool {
	for _, s := range refLine(a, b) {
		if p.attacked(s, !p.white) {
			return true
		}
	}
	return false
}

// play returns the position after move m (copy-make).
func (p *refPosition) play(m refMv) refPosition {
	n := p.place(m)
	n.dropIrrelevantEP()
	return n
}

// place returns the board after move m with the en passant square of a
// two-square move set whether or not it matters: enough to tell whether
// the move leaves the mover's king attacked.
func (p *refPosition) place(m refMv) refPosition {
	n := *p
	pc := p.board[m.from]
	// A chess960 castle lands "on" the own rook, which is no capture.
	capture := p.board[m.to] != 0 && m.kind != refCastling || m.kind == refEnPassant
	n.board[m.from] = 0
	touched := uint64(1)<<m.from | uint64(1)<<m.to
	switch m.kind {
	case refCastling:
		c := p.castles[m.castle]
		n.board[c.rookFrom] = 0
		n.board[c.kingTo] = pc
		n.board[c.rookTo] = refPiece('R', p.white)
		touched |= uint64(1)<<c.rookFrom | uint64(1)<<c.rookTo
	case refEnPassant:
		n.board[p.epVictim] = 0
		touched |= uint64(1) << p.epVictim
	}
	if m.kind != refCastling {
		n.board[m.to] = pc
		if m.promo != 0 {
			n.board[m.to] = refPiece(refUpper(m.promo), p.white)
		}
	}
	if m.kind == refCastling {
		n.kingSq[refColor(p.white)] = p.castles[m.castle].kingTo
	} else if refUpper(pc) == 'K' {
		n.kingSq[refColor(p.white)] = m.to
	}
	// Any move from or to a square ends the two-square right there, and the
	// castling rights whose king or rook square it touches.
	n.twoStep &^= touched
	for i, c := range p.castles {
		if p.castle[i] && touched&(uint64(1)<<c.kingFrom|uint64(1)<<c.rookFrom) != 0 {
			n.castle[i] = false
		}
	}
	n.epSq, n.epVictim = -1, -1
	if m.kind == refDoubleStep {
		n.epSq, n.epVictim = (m.from+m.to)/2, m.to
	}
	if refUpper(pc) == 'P' || capture {
		n.halfmove = 0
	} else {
		n.halfmove++
	}
	if !p.white {
		n.fullmove++
	}
	n.white = !p.white
	return n
}

// dropIrrelevantEP clears the en passant right unless it changes the legal
// moves. RULES.md identifies a position by its en passant square only
// where that square makes a difference (the FEN field is written only
// then, and repetition compares only that), so the right is dropped
// exactly when the position has the same legal moves without it. In most
// variants that is when no en passant capture is legal. In Asha the square
// also forbids a pawn's diagonal step onto it (that move is the en passant
// capture and nothing else), so it is kept when such a step would be legal
// without it, even if the capture is not. Comparing the two move lists
// decides both without a rule of its own.
func (p *refPosition) dropIrrelevantEP() {
	if p.epSq < 0 {
		return
	}
	with := p.legalMoves()
	without := *p
	without.epSq, without.epVictim = -1, -1
	if refSameMoves(with, without.legalMoves()) {
		p.epSq, p.epVictim = -1, -1
	}
}

// refSameMoves reports whether two move lists hold the same moves of the
// same kinds, in any order.
func refSameMoves(a, b []refMv) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[refMv]int{}
	for _, m := range a {
		seen[m]++
	}
	for _, m := range b {
		if seen[m] == 0 {
			return false
		}
		seen[m]--
	}
	return true
}

// moverKingSafe reports whether p, reached by a move of the side not to move,
// leaves that side's king unattacked.
func (p *refPosition) moverKingSafe() bool {
	mover := !p.white
	return !p.attacked(p.kingSq[refColor(mover)], p.white)
}

func (p *refPosition) legalMoves() []refMv {
	var out []refMv
	for _, m := range p.pseudoMoves() {
		n := p.place(m)
		if n.moverKingSafe() {
			out = append(out, m)
		}
	}
	return out
}

// perft takes the position by value so that the children, too, live on the
// stack (a pointer receiver makes every child escape to the heap).
func (p refPosition) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var total uint64
	for _, m := range p.pseudoMoves() {
		n := p.play(m)
		if !n.moverKingSafe() {
			continue
		}
		if depth == 1 {
			total++
		} else {
			total += n.perft(depth - 1)
		}
	}
	return total
}

// ---------------------------------------------------------------------------
// FEN.

// defaultTwoStep is the two-square-right set a FEN without a seventh field
// means: every pawn standing on one of its own side's starting squares.
func (p *refPosition) defaultTwoStep() uint64 {
	var m uint64
	for sq := range 64 {
		pc := p.board[sq]
		if refUpper(pc) == 'P' && p.v.starts[refColor(refIsWhite(pc))]&(1<<sq) != 0 {
			m |= 1 << sq
		}
	}
	return m
}

// epCandidates lists the squares where a pawn of the side that just moved
// could stand having just moved two squares across crossed: a pawn beyond
// crossed along one of its move vectors, crossed empty, and the square before
// crossed (the origin) empty and one of that side's starting squares.
func (p *refPosition) epCandidates(crossed int) []int {
	mover := !p.white
	sign := 1
	if !mover {
		sign = -1
	}
	var out []int
	if p.board[crossed] != 0 {
		return nil
	}
	for _, d := range p.v.pawnMoves {
		df, dr := sign*d[0], sign*d[1]
		victim, ok1 := refOffset(crossed, df, dr)
		origin, ok2 := refOffset(crossed, -df, -dr)
		if ok1 && ok2 && p.board[victim] == refPiece('P', mover) && p.board[origin] == 0 &&
			p.v.starts[refColor(mover)]&(1<<origin) != 0 {
			out = append(out, victim)
		}
	}
	return out
}

func refParseFEN(variant, fen string) (*refPosition, error) {
	v, ok := refVariants[variant]
	if !ok {
		return nil, fmt.Errorf("unknown variant %q", variant)
	}
	f := strings.Fields(fen)
	maxFields := 6
	if v.seventh != refSeventhNone {
		maxFields = 7
	}
	if len(f) < 4 || len(f) > maxFields {
		return nil, fmt.Errorf("fen %q: %d fields, want 4..%d", fen, len(f), maxFields)
	}
	p := &refPosition{v: v, epSq: -1, epVictim: -1, fullmove: 1}

	// Placement.
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return nil, fmt.Errorf("fen %q: %d ranks, want 8", fen, len(ranks))
	}
	kings := [2]int{}
	for i, row := range ranks {
		r := 7 - i
		file := 0
		for j := range len(row) {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case strings.IndexByte("PNBRQKpnbrqk", c) >= 0:
				if file > 7 {
					return nil, fmt.Errorf("fen %q: rank %d has more than 8 squares", fen, r+1)
				}
				sq := r*8 + file
				p.board[sq] = c
				if refUpper(c) == 'K' {
					p.kingSq[refColor(refIsWhite(c))] = sq
					kings[refColor(refIsWhite(c))]++
				}
				file++
			default:
				return nil, fmt.Errorf("fen %q: bad character %q in placement", fen, c)
			}
		}
		if file != 8 {
			return nil, fmt.Errorf("fen %q: rank %d has %d squares", fen, r+1, file)
		}
	}
	if kings != [2]int{1, 1} {
		return nil, fmt.Errorf("fen %q: want one king per side, have %d white and %d black", fen, kings[0], kings[1])
	}
	for sq := range 64 {
		pc := p.board[sq]
		if refUpper(pc) != 'P' {
			continue
		}
		if p.v.promo[refColor(refIsWhite(pc))]&(1<<sq) != 0 {
			return nil, fmt.Errorf("fen %q: pawn on its promotion square %s", fen, refSqName(sq))
		}
		if v.noBackRankPawns && (sq/8 == 0 || sq/8 == 7) {
			return nil, fmt.Errorf("fen %q: pawn on %s", fen, refSqName(sq))
		}
	}

	// Side to move.
	switch f[1] {
	case "w":
		p.white = true
	case "b":
		p.white = false
	default:
		return nil, fmt.Errorf("fen %q: side to move %q", fen, f[1])
	}

	// Castling rights. A right whose king or rook is not on its square is
	// dropped: it could never be used, and the position is the same without it.
	copy(p.castles[:], v.castles)
	if v.chess960 {
		if err := p.parse960Rights(f[2]); err != nil {
			return nil, fmt.Errorf("fen %q: %v", fen, err)
		}
	} else if f[2] != "-" {
		if v.castles == nil {
			return nil, fmt.Errorf("fen %q: %s has no castling", fen, variant)
		}
		for j := range len(f[2]) {
			i := strings.IndexByte("KQkq", f[2][j])
			if i < 0 || p.castle[i] {
				return nil, fmt.Errorf("fen %q: bad castling field %q", fen, f[2])
			}
			p.castle[i] = true
		}
		for i, c := range v.castles {
			white := i < 2
			if p.board[c.kingFrom] != refPiece('K', white) || p.board[c.rookFrom] != refPiece('R', white) {
				p.castle[i] = false
			}
		}
	}

	// Clocks.
	if len(f) >= 5 {
		n, err := strconv.Atoi(f[4])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("fen %q: bad halfmove clock %q", fen, f[4])
		}
		p.halfmove = n
	}
	if len(f) >= 6 {
		n, err := strconv.Atoi(f[5])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("fen %q: bad move number %q", fen, f[5])
		}
		p.fullmove = n
	}

	// Two-square rights.
	if v.doubleStep {
		p.twoStep = p.defaultTwoStep()
	}
	if len(f) == 7 {
		set, err := p.parseSeventh(f[6])
		if err != nil {
			return nil, fmt.Errorf("fen %q: %v", fen, err)
		}
		p.twoStep = set
	}

	// En passant: "-", the crossed square, or crossed square + victim square.
	if f[3] != "-" {
		if !v.doubleStep {
			return nil, fmt.Errorf("fen %q: %s has no en passant", fen, variant)
		}
		crossed := -1
		victim := -1
		switch len(f[3]) {
		case 2:
			crossed = refSq(f[3])
		case 4:
			crossed, victim = refSq(f[3][:2]), refSq(f[3][2:])
		}
		if crossed < 0 || (len(f[3]) == 4 && victim < 0) {
			return nil, fmt.Errorf("fen %q: bad en passant field %q", fen, f[3])
		}
		cands := p.epCandidates(crossed)
		switch {
		case victim >= 0:
			found := false
			for _, c := range cands {
				found = found || c == victim
			}
			if !found {
				return nil, fmt.Errorf("fen %q: en passant field %q: no pawn can just have moved two squares to %s across %s",
					fen, f[3], refSqName(victim), refSqName(crossed))
			}
		case len(cands) == 1:
			victim = cands[0]
		case len(cands) > 1:
			return nil, fmt.Errorf("fen %q: en passant square %q is ambiguous", fen, f[3])
		default:
			// No pawn can just have crossed that square: no capture is
			// possible there, which is the same as "-".
			crossed = -1
		}
		if crossed >= 0 {
			p.epSq, p.epVictim = crossed, victim
			p.dropIrrelevantEP()
		}
	}

	// The side that just moved may not be in check.
	if p.attacked(p.kingSq[refColor(!p.white)], p.white) {
		return nil, fmt.Errorf("fen %q: the side not to move is in check", fen)
	}
	return p, nil
}

// parse960Rights reads a chess960 castling field, X-FEN or Shredder-FEN:
// K or Q (k, q for Black) names the outermost rook on the king's h-side or
// a-side, a file letter names the rook on that file of the back rank. Each
// side has at most one right toward each wing.
func (p *refPosition) parse960Rights(s string) error {
	if s == "-" {
		return nil
	}
	for j := range len(s) {
		c := s[j]
		white := c >= 'A' && c <= 'Z'
		back := 0
		if !white {
			back = 7
		}
		k := p.kingSq[refColor(white)]
		if k/8 != back {
			return fmt.Errorf("castling %q: the king is not on its back rank", s)
		}
		rook := -1
		switch u := refUpper(c); {
		case u == 'K' || u == 'Q':
			step := 1
			if u == 'Q' {
				step = -1
			}
			for f := k%8 + step; f >= 0 && f < 8; f += step {
				if p.board[back*8+f] == refPiece('R', white) {
					rook = back*8 + f
				}
			}
		case u >= 'A' && u <= 'H':
			if sq := back*8 + int(u-'A'); p.board[sq] == refPiece('R', white) && sq != k {
				rook = sq
			}
		}
		if rook < 0 {
			return fmt.Errorf("castling %q: %q names no rook", s, c)
		}
		i := 2 * refColor(white) // h-side
		kingTo, rookTo := back*8+6, back*8+5
		if rook < k {
			i, kingTo, rookTo = i+1, back*8+2, back*8+3
		}
		if p.castle[i] {
			return fmt.Errorf("castling %q: two rights toward one wing", s)
		}
		p.castle[i] = true
		p.castles[i] = refCastle{k, kingTo, rook, rookTo}
	}
	return nil
}

// rightLetter is the FEN letter of castling right i: the table's letter,
// or in chess960 X-FEN's file letter when a rook stands farther out than
// the one with the right.
func (p *refPosition) rightLetter(i int, letter byte) string {
	if !p.v.chess960 {
		return string(letter)
	}
	c := p.castles[i]
	step := refSign(c.rookFrom%8 - c.kingFrom%8)
	white := i < 2
	for s, ok := refOffset(c.rookFrom, step, 0); ok; s, ok = refOffset(s, step, 0) {
		if p.board[s] == refPiece('R', white) {
			f := byte('a' + c.rookFrom%8)
			if white {
				f = byte('A' + c.rookFrom%8)
			}
			return string(f)
		}
	}
	return string(letter)
}

// parseSeventh reads the optional seventh FEN field, in the variant's form.
func (p *refPosition) parseSeventh(s string) (uint64, error) {
	var set uint64
	if s == "-" {
		return 0, nil
	}
	add := func(sq int, what string) error {
		pc := p.board[sq]
		if refUpper(pc) != 'P' || p.v.starts[refColor(refIsWhite(pc))]&(1<<sq) == 0 {
			return fmt.Errorf("two-square field %q: %s: no pawn on its starting square %s", s, what, refSqName(sq))
		}
		if set&(1<<sq) != 0 {
			return fmt.Errorf("two-square field %q: %s repeated", s, what)
		}
		set |= 1 << sq
		return nil
	}
	switch p.v.seventh {
	case refSeventhFiles:
		for i := range len(s) {
			c := s[i]
			var sq int
			switch {
			case c >= 'A' && c <= 'H':
				sq = 8 + int(c-'A') // White's starting rank 2
			case c >= 'a' && c <= 'h':
				sq = 48 + int(c-'a') // Black's starting rank 7
			default:
				return 0, fmt.Errorf("two-square field %q: bad character %q", s, c)
			}
			// A white file letter must name a white pawn, and so on.
			if pc := p.board[sq]; refUpper(pc) == 'P' && refIsWhite(pc) != (c < 'a') {
				return 0, fmt.Errorf("two-square field %q: %c names a pawn of the other side", s, c)
			}
			if err := add(sq, string(c)); err != nil {
				return 0, err
			}
		}
	case refSeventhSquares:
		if len(s)%2 != 0 {
			return 0, fmt.Errorf("two-square field %q: not a list of squares", s)
		}
		for i := 0; i < len(s); i += 2 {
			sq := refSq(s[i : i+2])
			if sq < 0 {
				return 0, fmt.Errorf("two-square field %q: bad square %q", s, s[i:i+2])
			}
			if err := add(sq, s[i:i+2]); err != nil {
				return 0, err
			}
		}
	}
	return set, nil
}

// fen writes the position as RULES.md prescribes: en passant field only when
// it changes the legal moves (long form when the bare square would be
// ambiguous), seventh field only when the two-square set is not the default.
func (p *refPosition) fen() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			pc := p.board[r*8+f]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.white {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	rights := ""
	for i, c := range "KQkq" {
		if p.castle[i] {
			rights += p.rightLetter(i, byte(c))
		}
	}
	if rights == "" {
		rights = "-"
	}
	b.WriteString(rights)
	b.WriteString(" " + p.epField())
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	if p.v.seventh != refSeventhNone && p.twoStep != p.defaultTwoStep() {
		b.WriteString(" " + p.seventhField())
	}
	return b.String()
}

// epField relies on the invariant kept by dropIrrelevantEP: epSq is set only
// when it changes the legal moves.
func (p *refPosition) epField() string {
	switch {
	case p.epSq < 0:
		return "-"
	case len(p.epCandidates(p.epSq)) > 1:
		return refSqName(p.epSq) + refSqName(p.epVictim)
	}
	return refSqName(p.epSq)
}

func (p *refPosition) seventhField() string {
	var b strings.Builder
	for color := range 2 {
		// Ordered by file, then rank.
		for f := range 8 {
			for r := range 8 {
				sq := r*8 + f
				if p.twoStep&p.v.starts[color]&(1<<sq) == 0 {
					continue
				}
				if p.v.seventh == refSeventhFiles {
					c := byte('a' + f)
					if color == 0 {
						c = byte('A' + f)
					}
					b.WriteByte(c)
				} else {
					b.WriteString(refSqName(sq))
				}
			}
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// ---------------------------------------------------------------------------
// API.

// refMoves returns all legal moves of the position, sorted by UCI.
func refMoves(variant, fen string) ([]refMove, error) {
	p, err := refParseFEN(variant, fen)
	if err != nil {
		return nil, err
	}
	var out []refMove
	for _, m := range p.legalMoves() {
		out = append(out, refMove{UCI: m.uci(), Kind: refKindNames[m.kind]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out, nil
}

// refPerft counts the leaf nodes of the legal move tree to the given depth.
func refPerft(variant, fen string, depth int) (uint64, error) {
	if depth < 0 {
		return 0, errors.New("perft: negative depth")
	}
	p, err := refParseFEN(variant, fen)
	if err != nil {
		return 0, err
	}
	return p.perft(depth), nil
}

// refPlay plays one legal move given in UCI and returns the new FEN.
func refPlay(variant, fen, uci string) (string, error) {
	p, err := refParseFEN(variant, fen)
	if err != nil {
		return "", err
	}
	want := strings.ToLower(uci)
	for _, m := range p.legalMoves() {
		if m.uci() == want {
			n := p.play(m)
			return n.fen(), nil
		}
	}
	return "", fmt.Errorf("move %q is not legal in %q (%s)", uci, fen, variant)
}
