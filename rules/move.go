package rules

import "strings"

// Kind says what sort of move a legal move is. Every move has exactly one;
// the interface shows it and never decides legality itself.
type Kind uint8

const (
	Quiet        Kind = iota // an ordinary non-capturing move
	Capture                  // takes the piece on the destination square
	EnPassant                // a pawn takes the pawn that just passed it
	Castling                 // king and rook (see Move for how it is stored)
	KingsStep                // Asha: a knight, bishop or rook steps one square
	PawnLateral              // Asha: a pawn steps sideways
	PawnDiagonal             // Asha: a pawn steps diagonally forward without capturing
	DoubleStep               // a pawn's two-square move
	numKinds
)

var kindNames = [numKinds]string{"quiet", "capture", "en_passant", "castling", "kings_step", "pawn_lateral", "pawn_diagonal", "double_step"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "unknown"
}

// IsCapture reports whether the kind removes an enemy piece.
func (k Kind) IsCapture() bool { return k == Capture || k == EnPassant }

// Move packs origin, destination, kind and promotion piece in 32 bits.
// A castle is stored as the king's move, except in Chess960, where the king
// may already stand on its destination: there it is the king taking its
// own rook (e1h1), as UCI_Chess960 writes it. Position.CastleOf tells where
// king and rook go.
type Move uint32

// NoMove is the zero Move; no legal move equals it because a legal move
// never has the same origin and destination.
const NoMove Move = 0

// NullMove is the pass other programs write in their games ("--"): the
// side to move moves nothing. It is no legal move and the board never
// offers it; a Game holds one only when a game read from a file has it
// (Game.PlayNull). Its From and To mean nothing; UCI writes it "0000".
const NullMove Move = 1 << 20

func newMove(from, to Square, kind Kind, promo PieceType) Move {
	return Move(uint32(from) | uint32(to)<<6 | uint32(kind)<<12 | uint32(promo)<<16)
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns the move's kind.
func (m Move) Kind() Kind { return Kind(m >> 12 & 15) }

// Promotion returns the piece a pawn becomes, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 16 & 7) }

// IsTactical reports whether the move captures or promotes: the moves a
// quiescence search plays, and the ones quiet-move histories leave out.
func (m Move) IsTactical() bool {
	return m.Kind().IsCapture() || m.Promotion() != NoPieceType
}

// UCI writes the move as e2e4 or e7e8q.
func (m Move) UCI() string {
	if m == NoMove || m == NullMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += strings.ToLower(string(p.Letter()))
	}
	return s
}

func (m Move) String() string { return m.UCI() }
