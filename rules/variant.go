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
	// StartCount is how many numbered start positions the variant has:
	// 960 for Chess960, numbered as Chess960Start does, StartFEN being
	// number 518. Zero means the one fixed StartFEN.
	StartCount int

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
//
// In Chess960 castling King and Rook are NoSquare: the king and its rooks
// start anywhere on the back rank, so each position's FEN says which rooks
// still have a right. The rook stands on the side of the king that RookTo
// to KingTo points to (toward h for O-O), and the castle ends with king and
// rook on KingTo and RookTo wherever they started.
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
	color  Color
	right  uint8    // bit in Position.castle
	empty  Bitboard // must be empty, apart from this king and rook
	path   Bitboard // squares the king crosses or lands on; none may be attacked
	moveTo Square   // the Move's destination: KingTo, or Rook in Chess960
}

// castleTable is the castles of a game and what each square does to their
// rights. Variants with fixed castles share one table; a Chess960 position
// builds its own from its FEN, since the rooks start anywhere.
type castleTable struct {
	castles []castle
	keep    [64]uint8    // castling rights kept when a move touches the square
	keys    *[256]uint64 // Zobrist key of each rights byte
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

	castles   castleTable // the fixed castles (empty in Chess960)
	chess960  bool        // castles are the templates of Chess960 castling
	templates []castle    // Chess960: one per colour and side, King and Rook unset
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

	if len(v.Castling) > 8 {
		return fmt.Errorf("%s: at most 8 castles", v.ID)
	}
	for i := range g.castles.keep {
		g.castles.keep[i] = 0xFF
	}
	g.castles.keys = &zobrist.castle
	for i, cr := range v.Castling {
		c := White
		if cr.Letter >= 'a' {
			c = Black
		}
		free := cr.King == NoSquare
		if free != (cr.Rook == NoSquare) || free != (v.Castling[0].King == NoSquare) {
			return fmt.Errorf("%s: castles must all name king and rook squares, or none (Chess960)", v.ID)
		}
		if free {
			g.chess960 = true
			if cr.KingTo.Rank() != cr.RookTo.Rank() || abs(cr.KingTo.File()-cr.RookTo.File()) != 1 {
				return fmt.Errorf("%s: Chess960 castle %c must end with king and rook side by side on a rank", v.ID, cr.Letter)
			}
			for _, t := range g.templates {
				if t.color == c && t.side() == (castle{CastlingRule: cr}).side() {
					return fmt.Errorf("%s: two Chess960 castles of one side toward one wing", v.ID)
				}
			}
			g.templates = append(g.templates, castle{CastlingRule: cr, color: c})
			continue
		}
		k := newCastle(cr, c, uint8(1)<<i, false)
		if lineBB[cr.King][cr.Rook] == 0 || !lineBB[cr.King][cr.Rook].Has(cr.KingTo) {
			return fmt.Errorf("%s: castle %c does not move along the king's line to the rook", v.ID, cr.Letter)
		}
		g.castles.add(k)
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

// newCastle derives a castle's squares from its rule. In Chess960 the
// move is written as the king taking its own rook, since the king may
// already stand where it ends.
func newCastle(cr CastlingRule, c Color, right uint8, chess960 bool) castle {
	k := castle{CastlingRule: cr, color: c, right: right, moveTo: cr.KingTo}
	if chess960 {
		k.moveTo = cr.Rook
	}
	k.empty = (betweenBB[cr.King][cr.Rook] | betweenBB[cr.King][cr.KingTo] | cr.KingTo.Bit() |
		betweenBB[cr.Rook][cr.RookTo] | cr.RookTo.Bit()) &^ (cr.King.Bit() | cr.Rook.Bit())
	k.path = betweenBB[cr.King][cr.KingTo] | cr.KingTo.Bit()
	return k
}

// side is +1 for a castle with the rook toward the h-file (the king's
// rank direction RookTo to KingTo points along), -1 toward the a-file.
func (c castle) side() int {
	if c.KingTo.File() > c.RookTo.File() {
		return 1
	}
	return -1
}

// add puts a castle in the table: touching its king's or rook's square
// ends its right.
func (t *castleTable) add(k castle) {
	t.keep[k.King] &^= k.right
	t.keep[k.Rook] &^= k.right
	t.castles = append(t.castles, k)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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

// CastlingRules returns the variant's castles, White's first. In Chess960
// they are those of the default start (number 518, chess's setup); a
// game's own are its Position's Castles.
func (v *Variant) CastlingRules() []CastlingRule {
	if v.g.chess960 {
		return NewPosition(v).Castles()
	}
	return v.Castling
}

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
