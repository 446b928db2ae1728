package rules

import (
	"fmt"
	"sort"
	"strings"
)

// A Variant describes one game as data: how each piece moves, how pawns
// move, capture, double-step and promote, the castling table, the start
// position and the draw rules. One move generator serves every variant; it
// reads the tables built from these fields and never a variant's name.
//
// Vectors are White's; Black's are the same turned 180° (see RULES.md).
type Variant struct {
	ID          string // command-line and UCI_Variant name, e.g. "asha"
	Name        string // for people, e.g. "Asha chess"
	PGNName     string // the PGN Variant tag; empty for standard chess
	Description string // one line: what makes it different from chess
	StartFEN    string
	DiamondView bool // shown turned 45° by default (corner-king setups)

	Pieces   [7]PieceRule // by PieceType; the Pawn entry is only a name
	Pawn     PawnRule
	Castling []CastlingRule

	// InsufficientMaterial lists material patterns that can never mate,
	// written "KB v K" (either side may hold either half).
	InsufficientMaterial []string
	// SameColourBishopsDraw adds K+B v K+B with both bishops on one colour.
	SameColourBishopsDraw bool
	// CountLimit is the ASEAN counting rule in plies: while a side has no
	// pawns, this many plies without a capture draw. Zero means no count.
	CountLimit int

	g geometry // tables derived from the fields above
}

// Lines says along which lines a piece slides any distance.
type Lines uint8

const (
	Orthogonal Lines = 1 << iota // like a rook
	Diagonal                     // like a bishop
)

// PieceRule is how one piece type moves.
type PieceRule struct {
	Name   string
	Leaps  []Vec // single jumps that move and capture (knight, king, ferz)
	Slides Lines // lines it slides along, moving and capturing
	// Steps are one-square moves onto empty squares only, never captures
	// (Asha's King's Step). A step that is also an ordinary move of the
	// piece is that ordinary move.
	Steps []Vec
}

// PawnStep is a non-capturing pawn move and the kind it is listed as.
type PawnStep struct {
	Vec
	Kind Kind
}

// FENRights says how the optional seventh FEN field names the pawns that
// still have their two-square move.
type FENRights uint8

const (
	NoRightsField  FENRights = iota // six-field FEN only
	RightsByFile                    // "ABCFGHbcdefgh" (Asha)
	RightsBySquare                  // "a5b3b4c2" (Diagonal chess)
)

// PawnRule is how pawns move, capture and promote.
type PawnRule struct {
	Moves      []PawnStep // non-capturing moves
	Captures   []Vec
	DoubleStep []Vec // directions of the two-square move, for a pawn that has the right
	// Promotion lists White's promotion squares ("a8 b8 ..."); Black's are
	// the same squares turned 180°. Promotion is compulsory on arrival.
	Promotion string
	PromoteTo []PieceType
	// BackRankIllegal rejects a pawn on rank 1 or 8 in a FEN (variants whose
	// pawns start on ranks 2 and 7).
	BackRankIllegal bool
	RightsField     FENRights
}

// CastlingRule is one castle: the FEN letter (upper case for White), its SAN
// and where king and rook go.
type CastlingRule struct {
	Letter                     byte
	SAN                        string
	King, KingTo, Rook, RookTo Square
}

type pawnShift struct {
	shift
	kind Kind
}

type castle struct {
	CastlingRule
	color Color
	right uint8    // bit in Position.castle
	empty Bitboard // must be empty, apart from this king and rook
	path  Bitboard // squares the king crosses or lands on; none may be attacked
}

type geometry struct {
	leap   [7][64]Bitboard // jumps that capture, per type
	step   [7][64]Bitboard // non-capturing steps, overlap with ordinary moves removed
	slides [7]Lines

	// piece types by feature, so attack queries loop over few types
	leapers, orthSliders, diagSliders, officers []PieceType
	stepping                                    bool // some piece has Steps

	pawnAttack [2][64]Bitboard // squares a pawn of that colour attacks
	pawnMoves  [2][]pawnShift
	pawnCaps   [2][]shift
	pawnDouble [2][]shift

	promo         [2]Bitboard
	pawnForbidden [2]Bitboard // where a FEN may not put a pawn
	startPawns    [2]Bitboard // squares whose pawns start with the two-square right

	castles    []castle
	castleKeep [64]uint8 // castling rights kept when a move touches the square
}

func sq(name string) Square {
	s, err := ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

func squareSet(names string) Bitboard {
	var b Bitboard
	for _, n := range strings.Fields(names) {
		b |= sq(n).Bit()
	}
	return b
}

func vecSet(vs []Vec, s Square) Bitboard {
	var b Bitboard
	for _, v := range vs {
		if t := s.Offset(v); t != NoSquare {
			b |= t.Bit()
		}
	}
	return b
}

// build derives the move generator's tables from the variant's fields and
// checks that the data is something the generator can play.
func (v *Variant) build() error {
	g := &v.g
	for t := Knight; t <= King; t++ {
		r := v.Pieces[t]
		g.slides[t] = r.Slides
		for s := Square(0); s < 64; s++ {
			g.leap[t][s] = vecSet(r.Leaps, s)
			ordinary := g.leap[t][s]
			if r.Slides&Orthogonal != 0 {
				ordinary |= rookAttacks(s, ^Bitboard(0))
			}
			if r.Slides&Diagonal != 0 {
				ordinary |= bishopAttacks(s, ^Bitboard(0))
			}
			g.step[t][s] = vecSet(r.Steps, s) &^ ordinary
		}
		// Attack queries look from the target square back to the attacker,
		// which is only right for geometry that is the same turned 180°.
		for _, l := range r.Leaps {
			if !containsVec(r.Leaps, l.Neg()) {
				return fmt.Errorf("%s: %s leap %v has no opposite", v.ID, r.Name, l)
			}
		}
		if len(r.Leaps) > 0 {
			g.leapers = append(g.leapers, t)
		}
		if r.Slides&Orthogonal != 0 {
			g.orthSliders = append(g.orthSliders, t)
		}
		if r.Slides&Diagonal != 0 {
			g.diagSliders = append(g.diagSliders, t)
		}
		if len(r.Steps) > 0 {
			g.stepping = true
		}
		if t != King {
			g.officers = append(g.officers, t)
		}
	}
	if len(v.Pieces[King].Steps) > 0 || v.Pieces[King].Slides != 0 {
		return fmt.Errorf("%s: the king must be a plain leaper", v.ID)
	}

	p := v.Pawn
	for c := White; c <= Black; c++ {
		for _, m := range p.Moves {
			vec := m.Vec
			if c == Black {
				vec = vec.Neg()
			}
			g.pawnMoves[c] = append(g.pawnMoves[c], pawnShift{newShift(vec), m.Kind})
		}
		for _, vec := range Orient(p.Captures, c) {
			g.pawnCaps[c] = append(g.pawnCaps[c], newShift(vec))
		}
		for _, vec := range Orient(p.DoubleStep, c) {
			g.pawnDouble[c] = append(g.pawnDouble[c], newShift(vec))
		}
		for s := Square(0); s < 64; s++ {
			g.pawnAttack[c][s] = vecSet(Orient(p.Captures, c), s)
		}
	}
	g.promo[White] = squareSet(p.Promotion)
	g.promo[Black] = g.promo[White].Rotate()
	for c := White; c <= Black; c++ {
		g.pawnForbidden[c] = g.promo[c]
		if p.BackRankIllegal {
			g.pawnForbidden[c] |= 0xFF | 0xFF<<56
		}
	}
	if len(p.PromoteTo) == 0 {
		return fmt.Errorf("%s: pawns must promote to something", v.ID)
	}

	for i := range g.castleKeep {
		g.castleKeep[i] = 0xFF
	}
	for i, cr := range v.Castling {
		c := White
		if cr.Letter >= 'a' {
			c = Black
		}
		k := castle{CastlingRule: cr, color: c, right: 1 << i}
		k.empty = (betweenBB[cr.King][cr.Rook] | betweenBB[cr.King][cr.KingTo] | cr.KingTo.Bit() |
			betweenBB[cr.Rook][cr.RookTo] | cr.RookTo.Bit()) &^ (cr.King.Bit() | cr.Rook.Bit())
		k.path = betweenBB[cr.King][cr.KingTo] | cr.KingTo.Bit()
		if lineBB[cr.King][cr.Rook] == 0 || !lineBB[cr.King][cr.Rook].Has(cr.KingTo) {
			return fmt.Errorf("%s: castle %c does not move along the king's line to the rook", v.ID, cr.Letter)
		}
		g.castleKeep[cr.King] &^= k.right
		g.castleKeep[cr.Rook] &^= k.right
		g.castles = append(g.castles, k)
	}
	if len(v.Castling) > 8 {
		return fmt.Errorf("%s: at most 8 castles", v.ID)
	}

	board, err := parsePlacement(v, strings.Fields(v.StartFEN)[0])
	if err != nil {
		return fmt.Errorf("%s: start FEN: %v", v.ID, err)
	}
	if len(p.DoubleStep) > 0 {
		for s, pc := range board {
			if pc.Type() == Pawn {
				g.startPawns[pc.Color()] |= Square(s).Bit()
			}
		}
	}
	if _, err := ParseFEN(v, v.StartFEN); err != nil {
		return fmt.Errorf("%s: start FEN: %v", v.ID, err)
	}
	for _, pat := range v.InsufficientMaterial {
		if _, _, err := parseMaterialPattern(pat); err != nil {
			return fmt.Errorf("%s: %v", v.ID, err)
		}
	}
	return nil
}

func containsVec(vs []Vec, x Vec) bool {
	for _, v := range vs {
		if v == x {
			return true
		}
	}
	return false
}

// Promotions lists the piece types a pawn may become, in the order SAN and
// menus offer them.
func (v *Variant) Promotions() []PieceType { return v.Pawn.PromoteTo }

// PromotionSquares returns the squares where a pawn of colour c promotes.
func (v *Variant) PromotionSquares(c Color) Bitboard { return v.g.promo[c] }

// HasDoubleStep reports whether pawns of this variant have a two-square move.
func (v *Variant) HasDoubleStep() bool { return len(v.Pawn.DoubleStep) > 0 }

// CastlingRules returns the variant's castles, White's first.
func (v *Variant) CastlingRules() []CastlingRule { return v.Castling }

// PieceName is what the variant calls a piece type ("Ferz" for ASEAN's Q).
func (v *Variant) PieceName(t PieceType) string { return v.Pieces[t].Name }

var registry []*Variant

// register builds a variant's tables; bad built-in data is a programming
// error, found by any test run.
func register(v *Variant) *Variant {
	if err := v.build(); err != nil {
		panic("rules: variant " + v.ID + ": " + err.Error())
	}
	registry = append(registry, v)
	return v
}

// Variants returns every variant, in menu order.
func Variants() []*Variant { return append([]*Variant(nil), registry...) }

// VariantIDs returns the ids of every variant, in menu order.
func VariantIDs() []string {
	ids := make([]string, len(registry))
	for i, v := range registry {
		ids[i] = v.ID
	}
	return ids
}

// VariantByID finds a variant by its id, case-insensitively; it also
// accepts the PGN name ("Diagonal8").
func VariantByID(id string) (*Variant, error) {
	for _, v := range registry {
		if strings.EqualFold(v.ID, id) || (v.PGNName != "" && strings.EqualFold(v.PGNName, id)) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", id, strings.Join(VariantIDs(), ", "))
}

// material patterns -------------------------------------------------------

// parseMaterialPattern reads "KB v K" into two sorted piece-letter strings.
func parseMaterialPattern(pat string) (string, string, error) {
	parts := strings.Split(pat, " v ")
	if len(parts) != 2 {
		return "", "", fmt.Errorf("material pattern %q: want \"K... v K...\"", pat)
	}
	for _, p := range parts {
		if !strings.HasPrefix(p, "K") || strings.Count(p, "K") != 1 {
			return "", "", fmt.Errorf("material pattern %q: each side needs one king", pat)
		}
		for i := 1; i < len(p); i++ {
			if PieceTypeFromLetter(p[i]) == NoPieceType {
				return "", "", fmt.Errorf("material pattern %q: unknown piece %q", pat, p[i])
			}
		}
	}
	return sortMaterial(parts[0]), sortMaterial(parts[1]), nil
}

func sortMaterial(s string) string {
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool {
		return strings.IndexByte(pieceLetters, b[i]) > strings.IndexByte(pieceLetters, b[j])
	})
	return string(b)
}
