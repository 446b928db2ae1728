package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FENError says which field of a FEN is wrong and how.
type FENError struct {
	Field   string // "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "two-square rights", or "position"
	Problem string
}

func (e *FENError) Error() string { return "fen: " + e.Field + ": " + e.Problem }

func fenErr(field, format string, args ...any) error {
	return &FENError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// ParseFEN reads a position of variant v. It takes the six FEN fields, or
// only the first four (clocks then default to 0 and 1), plus the seventh
// two-square-rights field where the variant defines one. Anything malformed
// or impossible is an error naming the field; no input panics.
func ParseFEN(v *Variant, fen string) (*Position, error) {
	f := strings.Fields(fen)
	maxFields := 6
	if v.Pawn.RightsField != NoRightsField {
		maxFields = 7
	}
	if len(f) != 4 && (len(f) < 6 || len(f) > maxFields) {
		want := "6"
		if maxFields == 7 {
			want = "6 or 7"
		}
		return nil, fenErr("fields", "got %s, want %s (or 4, without the clocks)", countOf(len(f), "field", "fields"), want)
	}
	p := &Position{v: v, ep: NoSquare, victim: NoSquare}
	board, err := parsePlacement(v, f[0])
	if err != nil {
		return nil, err
	}
	for s, pc := range board {
		if pc != NoPiece {
			p.place(pc, Square(s))
		}
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fenErr("side to move", "%s is not w or b", quoteText(f[1]))
	}
	if err := p.parseCastling(f[2]); err != nil {
		return nil, chess960Hint(v, fen, err)
	}
	if err := p.parseEnPassant(f[3]); err != nil {
		return nil, err
	}
	full := 1
	if len(f) >= 6 {
		if p.rule50, err = parseCounter("halfmove clock", "a number of plies", f[4], MaxHalfmoveClock); err != nil {
			return nil, err
		}
		if full, err = parseCounter("fullmove number", "a move number", f[5], MaxFullmove); err != nil {
			return nil, err
		}
		full = max(full, 1) // some programs write 0
	}
	p.ply = 2*(full-1) + int(p.side)
	p.rights = p.defaultRights()
	if len(f) == 7 {
		if p.rights, err = p.parseRights(f[6]); err != nil {
			return nil, err
		}
	}
	if p.AttackersTo(p.King(p.side.Other()), p.Occupied())&p.byColor[p.side] != 0 {
		return nil, fenErr("position", "the side not to move (%s) is in check", p.side.Other())
	}
	p.count = -1
	if v.CountLimit > 0 {
		p.updateCount(false)
	}
	p.key = p.computeKey()
	return p, nil
}

// MaxFullmove is the last move number Varia counts to, and
// MaxHalfmoveClock the most plies its halfmove clock counts. They are far
// beyond any game (the 75-move rule ends one at 150 plies), and keep every
// count well inside an int on any platform: a FEN beyond them is refused,
// and a game stops taking moves there (Position.AtMoveLimit), so every
// position Varia writes reads back.
const (
	MaxFullmove      = 1_000_000
	MaxHalfmoveClock = 2 * MaxFullmove
)

// parseCounter reads one of the FEN's two numbers: digits only, at most
// limit.
func parseCounter(field, what, s string, limit int) (int, error) {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fenErr(field, "%s is not %s", quoteText(s), what)
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > limit {
		return 0, fenErr(field, "%s is more than Varia counts (at most %d)", quoteText(s), limit)
	}
	return n, nil
}

// AtMoveLimit reports whether the next move would take the move number or
// the halfmove clock past what Varia counts (MaxFullmove,
// MaxHalfmoveClock); a game takes no more moves then.
func (p *Position) AtMoveLimit() bool {
	return p.side == Black && p.FullmoveNumber() >= MaxFullmove || p.rule50 >= MaxHalfmoveClock
}

// quoteText quotes text from a FEN for an error message, shortened when
// long, with every character whole.
func quoteText(s string) string {
	const maxRunes = 40
	if r := []rune(s); len(r) > maxRunes {
		s = string(r[:maxRunes]) + "…"
	}
	return strconv.Quote(s)
}

// countOf writes a count with its noun: "1 field", "2 fields".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// charAt quotes the character starting at byte i of s for an error
// message: the whole character, not its first byte, or the byte itself
// when it starts no valid UTF-8.
func charAt(s string, i int) string {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte %#02x", s[i])
	}
	return strconv.QuoteRune(r)
}

// parsePlacement reads the first FEN field into a board.
func parsePlacement(v *Variant, field string) ([64]Piece, error) {
	var board [64]Piece
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return board, fenErr("placement", "got %s, want 8", countOf(len(ranks), "rank", "ranks"))
	}
	var kings [2]int
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			t := PieceTypeFromLetter(c)
			if t == NoPieceType {
				return board, fenErr("placement", "rank %d: %s is not a piece letter", rank+1, charAt(row, j))
			}
			if file >= 8 {
				file++
				continue // reported below as too many squares
			}
			color := White
			if c >= 'a' {
				color = Black
			}
			s := MakeSquare(file, rank)
			if t == Pawn && v.g.pawnForbidden[color].Has(s) {
				return board, fenErr("placement", "%s pawn on %s, where it cannot stand in %s", color, s, v.Name)
			}
			if t == King {
				kings[color]++
			}
			board[s] = MakePiece(color, t)
			file++
		}
		if file != 8 {
			return board, fenErr("placement", "rank %d has %s, want 8", rank+1, countOf(file, "square", "squares"))
		}
	}
	for c, n := range kings {
		if n != 1 {
			return board, fenErr("placement", "%s has %s, want 1", Color(c), countOf(n, "king", "kings"))
		}
	}
	return board, nil
}

// parseCastling reads the castling field of a variant with fixed castles:
// each castle's letter, or the file letter of its rook (Shredder-FEN's
// HAha for chess's KQkq).
func (p *Position) parseCastling(field string) error {
	p.ct = &p.v.g.castles
	if p.v.g.chess960 {
		return p.parseChess960Castling(field)
	}
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		c := p.v.castleByLetter(field[i])
		if c == nil {
			return fenErr("castling", "%s is not a castling right in %s", charAt(field, i), p.v.Name)
		}
		if p.castle&c.right != 0 {
			return fenErr("castling", "%s is given twice", charAt(field, i))
		}
		if p.board[c.King] != MakePiece(c.color, King) || p.board[c.Rook] != MakePiece(c.color, Rook) {
			return fenErr("castling", "%c needs the %s king on %s and rook on %s", field[i], c.color, c.King, c.Rook)
		}
		p.castle |= c.right
	}
	return nil
}

// castleByLetter finds a fixed castle by its FEN letter or by its rook's
// file letter, when one castle of that colour has its rook on that file.
func (v *Variant) castleByLetter(l byte) *castle {
	cs := v.g.castles.castles
	for i := range cs {
		if cs[i].Letter == l {
			return &cs[i]
		}
	}
	color, file := White, int(l)-'A'
	if l >= 'a' {
		color, file = Black, int(l)-'a'
	}
	var found *castle
	for i := range cs {
		if cs[i].color == color && cs[i].Rook.File() == file {
			if found != nil {
				return nil
			}
			found = &cs[i]
		}
	}
	return found
}

// epVictims lists the pawns of the side that just moved that could have
// crossed s with a two-square move: standing one step beyond it, with the
// square one step before it empty and one of their starting squares.
func (p *Position) epVictims(s Square) Bitboard {
	mover := p.side.Other()
	var out Bitboard
	if p.Occupied().Has(s) {
		return 0
	}
	for _, d := range p.v.g.pawnDouble[mover] {
		before := s - Square(d.delta)
		if !before.OnBoard() || !d.src.Has(before) { // off the board or wrapped
			continue
		}
		beyond := d.apply(s.Bit())
		if beyond&p.byType[Pawn]&p.byColor[mover] == 0 || p.Occupied().Has(before) || !p.v.g.startPawns[mover].Has(before) {
			continue
		}
		out |= beyond
	}
	return out
}

func (p *Position) parseEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	if len(field) != 2 && len(field) != 4 || !isASCII(field) {
		return fenErr("en passant", "%s is not a square", quoteText(field))
	}
	crossed, err := ParseSquare(field[:2])
	if err != nil {
		return fenErr("en passant", "%v", err)
	}
	victims := p.epVictims(crossed)
	if victims == 0 {
		return fenErr("en passant", "no %s pawn can just have crossed %s with a two-square move", p.side.Other(), crossed)
	}
	var victim Square
	if len(field) == 4 {
		if victim, err = ParseSquare(field[2:]); err != nil {
			return fenErr("en passant", "%v", err)
		}
		if !victims.Has(victim) {
			return fenErr("en passant", "no pawn on %s can just have crossed %s", victim, crossed)
		}
	} else {
		if victims.Count() > 1 {
			return fenErr("en passant", "%s was crossed by one of the pawns on %v: name it, as in %s%s", crossed, victims.Squares(), crossed, victims.First())
		}
		victim = victims.First()
	}
	// Kept only when a pawn can take there, as Make does.
	if p.v.g.pawnAttack[p.side.Other()][crossed]&p.byType[Pawn]&p.byColor[p.side] != 0 {
		p.ep, p.victim = crossed, victim
	}
	return nil
}

// defaultRights is the two-square-rights set a six-field FEN implies: every
// pawn standing on one of its side's starting squares.
func (p *Position) defaultRights() Bitboard {
	g := &p.v.g
	return p.byType[Pawn] & (p.byColor[White]&g.startPawns[White] | p.byColor[Black]&g.startPawns[Black])
}

func (p *Position) parseRights(field string) (Bitboard, error) {
	if field == "-" {
		return 0, nil
	}
	var rights Bitboard
	add := func(s Square, what string) error {
		pc := p.board[s]
		if pc.Type() != Pawn || !p.v.g.startPawns[pc.Color()].Has(s) {
			return fenErr("two-square rights", "%s: no pawn on its starting square %s", what, s)
		}
		if rights.Has(s) {
			return fenErr("two-square rights", "%s is listed twice", what)
		}
		rights |= s.Bit()
		return nil
	}
	switch p.v.Pawn.RightsField {
	case RightsByFile:
		for i := 0; i < len(field); i++ {
			c := field[i]
			color, file := White, int(c)-'A'
			if c >= 'a' && c <= 'h' {
				color, file = Black, int(c)-'a'
			}
			if file < 0 || file > 7 {
				return 0, fenErr("two-square rights", "%s is not a file letter", charAt(field, i))
			}
			start := p.v.g.startPawns[color] & fileMask(file)
			if start == 0 {
				return 0, fenErr("two-square rights", "%c: %s has no starting square on that file", c, color)
			}
			if err := add(start.First(), string(c)); err != nil {
				return 0, err
			}
		}
	case RightsBySquare:
		if len(field)%2 != 0 || !isASCII(field) {
			return 0, fenErr("two-square rights", "%s is not a list of squares", quoteText(field))
		}
		for i := 0; i < len(field); i += 2 {
			s, err := ParseSquare(field[i : i+2])
			if err != nil {
				return 0, fenErr("two-square rights", "%v", err)
			}
			if err := add(s, s.String()); err != nil {
				return 0, err
			}
		}
	}
	return rights, nil
}

func fileMask(file int) Bitboard { return 0x0101010101010101 << uint(file) }

// FEN writes the position. The en passant field names the crossed square
// only when it changes the legal moves, see EnPassantMatters (followed by
// the moved pawn's square when two two-square moves could have crossed
// it); the seventh
// field is written only when the two-square rights differ from what six
// fields imply.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.WriteString(PlacementFEN(&p.board))
	sb.WriteString([]string{" w ", " b "}[p.side])
	sb.WriteString(p.castlingField())
	sb.WriteByte(' ')
	sb.WriteString(p.epField())
	fmt.Fprintf(&sb, " %d %d", p.rule50, p.FullmoveNumber())
	if p.v.Pawn.RightsField != NoRightsField && p.rights != p.defaultRights() {
		sb.WriteByte(' ')
		sb.WriteString(p.rightsField())
	}
	return sb.String()
}

// LegalEnPassant reports whether the side to move has a legal en passant
// capture.
func (p *Position) LegalEnPassant() bool {
	if p.ep == NoSquare {
		return false
	}
	ksq := p.King(p.side)
	for f := p.v.g.pawnAttack[p.side.Other()][p.ep] & p.Pieces(p.side, Pawn); f != 0; {
		if p.epLegal(f.PopFirst(), ksq) {
			return true
		}
	}
	return false
}

// EnPassantMatters reports whether the en passant square changes the
// legal moves: the FEN names it and repetition compares it exactly then.
// That is when an en passant capture is legal, and, where pawns also step
// without capturing along a capture direction (Asha), when a pawn could
// otherwise step legally onto the square: the square forbids that step
// even when the capture itself is illegal.
func (p *Position) EnPassantMatters() bool {
	if p.ep == NoSquare {
		return false
	}
	if p.LegalEnPassant() {
		return true
	}
	g := &p.v.g
	us, them := p.side, p.side.Other()
	ksq := p.King(us)
	for f := g.pawnAttack[them][p.ep] & p.Pieces(us, Pawn); f != 0; {
		from := f.PopFirst()
		for _, ms := range g.pawnMoves[us] {
			if !ms.apply(from.Bit()).Has(p.ep) {
				continue
			}
			// A step captures nothing: it is legal when the king is not
			// attacked with the pawn moved.
			occ := p.Occupied()&^from.Bit() | p.ep.Bit()
			if p.AttackersTo(ksq, occ)&p.byColor[them] == 0 {
				return true
			}
		}
	}
	return false
}

func (p *Position) epField() string {
	if !p.EnPassantMatters() {
		return "-"
	}
	if p.epVictims(p.ep).Count() > 1 {
		return p.ep.String() + p.victim.String()
	}
	return p.ep.String()
}

func (p *Position) rightsField() string {
	if p.rights == 0 {
		return "-"
	}
	var sb strings.Builder
	for _, c := range []Color{White, Black} {
		// Squares ascend rank-major; the FEN orders by file, then rank.
		for f := 0; f < 8; f++ {
			for own := p.rights & p.byColor[c] & fileMask(f); own != 0; {
				s := own.PopFirst()
				if p.v.Pawn.RightsField == RightsBySquare {
					sb.WriteString(s.String())
				} else if c == White {
					sb.WriteByte(byte('A' + f))
				} else {
					sb.WriteByte(byte('a' + f))
				}
			}
		}
	}
	return sb.String()
}

// RepetitionKey identifies the position for the repetition rules: like Key,
// but an en passant square counts only when it changes the legal moves
// (EnPassantMatters).
func (p *Position) RepetitionKey() uint64 {
	if p.ep != NoSquare && !p.EnPassantMatters() {
		return p.key ^ zobrist.ep[p.ep]
	}
	return p.key
}
