package rules

import (
	"fmt"
	"math/bits"
	"strings"
)

// Square is a board square, 0 = a1, 7 = h1, 63 = h8.
type Square int8

// NoSquare marks the absence of a square (no en passant, no selection).
const NoSquare Square = -1

// MakeSquare returns the square on the given file (0 = a) and rank (0 = 1).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0 for the a-file up to 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0 for the first rank up to 7 for the eighth.
func (s Square) Rank() int { return int(s) >> 3 }

// Rotate returns the square turned 180° about the board's centre, which is
// how Black's geometry is derived from White's.
func (s Square) Rotate() Square { return 63 - s }

// OnBoard reports whether s names one of the 64 squares.
func (s Square) OnBoard() bool { return s >= 0 && s < 64 }

func (s Square) String() string {
	if !s.OnBoard() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, fmt.Errorf("%q is not a square", name)
	}
	return MakeSquare(int(name[0]-'a'), int(name[1]-'1')), nil
}

// Bitboard is a set of squares, bit n for square n.
type Bitboard uint64

// Bit returns the set holding only s.
func (s Square) Bit() Bitboard { return 1 << uint(s) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<uint(s)) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Squares lists the set's squares in ascending order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b != 0 {
		out = append(out, b.PopFirst())
	}
	return out
}

// Rotate turns the whole set 180°.
func (b Bitboard) Rotate() Bitboard { return Bitboard(bits.Reverse64(uint64(b))) }

func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(MakeSquare(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Vec is a displacement: DF files to the right, DR ranks up.
type Vec struct{ DF, DR int }

// Neg is the vector turned 180°, Black's version of a White vector.
func (v Vec) Neg() Vec { return Vec{-v.DF, -v.DR} }

// shift moves a whole set of squares by one vector at once; squares that
// would leave the board are dropped. It is how pawns are generated set-wise.
type shift struct {
	delta int      // square index difference
	src   Bitboard // squares whose image stays on the board
}

func newShift(v Vec) shift {
	var src Bitboard
	for s := Square(0); s < 64; s++ {
		if s.Offset(v) != NoSquare {
			src |= s.Bit()
		}
	}
	return shift{delta: v.DR*8 + v.DF, src: src}
}

func (sh shift) apply(b Bitboard) Bitboard {
	b &= sh.src
	if sh.delta >= 0 {
		return b << uint(sh.delta)
	}
	return b >> uint(-sh.delta)
}

// betweenBB holds the squares strictly between two aligned squares, lineBB
// the whole line through them; both are empty for squares not in line.
// (Package variables rather than init functions, so that Go initialises
// them before the variants that are built from them.)
var betweenBB, lineBB = buildLines()

var kingVecs = []Vec{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func buildLines() (between, line *[64][64]Bitboard) {
	between, line = new([64][64]Bitboard), new([64][64]Bitboard)
	for a := Square(0); a < 64; a++ {
		for _, v := range kingVecs {
			var ray Bitboard
			for s := a.Offset(v); s != NoSquare; s = s.Offset(v) {
				between[a][s] = ray
				ray |= s.Bit()
			}
			for s := a.Offset(v); s != NoSquare; s = s.Offset(v) {
				line[a][s] = ray | a.Bit() | rayFrom(a, v.Neg())
			}
		}
	}
	return between, line
}

func rayFrom(a Square, v Vec) Bitboard {
	var ray Bitboard
	for s := a.Offset(v); s != NoSquare; s = s.Offset(v) {
		ray |= s.Bit()
	}
	return ray
}
