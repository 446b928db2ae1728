package match

import (
	"fmt"
	"strings"

	"varia/rules"
)

// Setup is a position being set up for a new game, in any variant:
// pieces put and taken away freely, the side to move and the castling
// rights chosen. It need not be a legal position while it is set up;
// Check reads it with the rules' FEN reader, whose error says what is
// wrong, and gives the game that starts from it.
type Setup struct {
	variant  *rules.Variant
	board    [64]rules.Piece
	side     rules.Color
	castling []byte        // the variant's castling letters, in FEN order
	rights   map[byte]bool // the ones granted
}

// NewSetup starts from a position of v given as FEN, or from v's start
// position when the FEN cannot be read.
func NewSetup(v *rules.Variant, fen string) *Setup {
	s := &Setup{variant: v, rights: map[byte]bool{}}
	seen := map[byte]bool{}
	for _, c := range v.CastlingRules() {
		if !seen[c.Letter] {
			seen[c.Letter] = true
			s.castling = append(s.castling, c.Letter)
		}
	}
	pos, err := rules.ParseFEN(v, fen)
	if err != nil {
		pos = rules.NewPosition(v)
	}
	s.from(pos)
	return s
}

// from takes a position's pieces, side to move and castling rights.
func (s *Setup) from(pos *rules.Position) {
	for sq := rules.Square(0); sq < 64; sq++ {
		s.board[sq] = pos.PieceAt(sq)
	}
	s.side = pos.SideToMove()
	field := strings.Fields(pos.FEN())[2]
	for _, l := range s.castling {
		s.rights[l] = strings.IndexByte(field, l) >= 0
	}
}

// Variant is the variant the position is for.
func (s *Setup) Variant() *rules.Variant { return s.variant }

// PieceAt is the piece on a square (NoPiece when empty).
func (s *Setup) PieceAt(sq rules.Square) rules.Piece { return s.board[sq] }

// Put puts a piece on a square, replacing what stood there; NoPiece
// empties it.
func (s *Setup) Put(sq rules.Square, pc rules.Piece) {
	if sq < 64 {
		s.board[sq] = pc
	}
}

// Clear empties the board.
func (s *Setup) Clear() { s.board = [64]rules.Piece{} }

// Reset goes back to the variant's start position.
func (s *Setup) Reset() { s.from(rules.NewPosition(s.variant)) }

// SideToMove is who moves first.
func (s *Setup) SideToMove() rules.Color { return s.side }

// SetSideToMove chooses who moves first.
func (s *Setup) SetSideToMove(c rules.Color) { s.side = c }

// Castling lists the variant's castling rights by FEN letter (upper
// case White's), and whether each is granted.
func (s *Setup) Castling() ([]byte, map[byte]bool) { return s.castling, s.rights }

// ToggleCastling grants or withdraws the right of a letter.
func (s *Setup) ToggleCastling(letter byte) {
	if _, ok := s.rights[letter]; ok {
		s.rights[letter] = !s.rights[letter]
	}
}

// FEN writes the position set up: its pieces, side to move and castling
// rights, no en passant square, the clocks at their start.
func (s *Setup) FEN() string {
	castling := ""
	for _, l := range s.castling {
		if s.rights[l] {
			castling += string(l)
		}
	}
	if castling == "" {
		castling = "-"
	}
	side := "w"
	if s.side == rules.Black {
		side = "b"
	}
	return fmt.Sprintf("%s %s %s - 0 1", rules.PlacementFEN(&s.board), side, castling)
}

// Check reads the position with the rules and gives the game that starts
// from it, or why none can: the FEN reader's error (two white kings, a
// pawn where none may stand, a castling right without its rook, the side
// not to move in check), or that the game would be over at once.
func (s *Setup) Check() (*rules.Game, error) {
	g, err := rules.NewGameFromFEN(s.variant, s.FEN())
	if err != nil {
		return nil, err
	}
	if res := g.Result(); res.Over() {
		return nil, fmt.Errorf("the game would be over at once: %s", res.Reason)
	}
	return g, nil
}
