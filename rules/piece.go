package rules

// Color is the side a piece belongs to.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is the kind of piece. How each type moves is variant data: in
// ASEAN chess the Queen slot is the Ferz and the Bishop moves one square.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// pieceLetters are the FEN/SAN letters by type (upper case).
const pieceLetters = " PNBRQK"

// Letter returns the upper-case letter of the type, as SAN writes it.
func (t PieceType) Letter() byte { return pieceLetters[t] }

// PieceTypeFromLetter reads a piece letter of either case.
func PieceTypeFromLetter(c byte) PieceType {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if pieceLetters[t] == c {
			return t
		}
	}
	return NoPieceType
}

// Piece is a coloured piece; the zero value is an empty square.
type Piece uint8

const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<3 | uint8(t)) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p >> 3) }

// Letter returns the FEN letter: upper case for White, lower for Black.
func (p Piece) Letter() byte {
	l := p.Type().Letter()
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}
