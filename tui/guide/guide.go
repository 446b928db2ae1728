package guide

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/words"
)

// Page is one variant's page.
type Page struct {
	variant  *rules.Variant
	sections []guideSection
}

type guideSection struct {
	title    string
	paras    []string
	diagrams []guideDiagram
}

// guideDiagram is a position with highlights and what it shows.
type guideDiagram struct {
	caption string
	pos     *rules.Position
	hl      board.Highlights
}

// guideBuilder collects a page, and the example moves the notation section
// quotes.
type guideBuilder struct {
	v        *rules.Variant
	chess    *rules.Variant
	st       *board.Styles
	keys     *config.Keymap
	page     *Page
	examples map[board.HintKind][]string // SAN of diagram moves, by kind
	pawnSAN  struct {
		move     string
		captures []string
		twoFiles string // a move that names its pawn's file ("ab4")
	}
	promoSAN string
}

// Build makes a variant's page. The styles give the glyphs the
// captions name; keys give the keys the text mentions.
func Build(v *rules.Variant, st *board.Styles, keys *config.Keymap) *Page {
	b := &guideBuilder{v: v, chess: rules.Standard, st: st, keys: keys, page: &Page{variant: v}, examples: map[board.HintKind][]string{}}
	b.source()
	b.setup()
	b.pieces()
	b.pawns()
	b.promotion()
	b.castling()
	b.count()
	b.draws()
	b.notation()
	return b.page
}

func (b *guideBuilder) add(s guideSection) { b.page.sections = append(b.page.sections, s) }

func (b *guideBuilder) glyph(k board.HintKind) string { return b.st.HintMark(k) }

func (b *guideBuilder) name(t rules.PieceType) string { return b.v.PieceName(t) }

func lower(s string) string { return strings.ToLower(s) }

// ---- where the rules come from ----------------------------------------------

// sourceNotes say, for a variant whose name others play by other rules,
// whose rules Varia follows and how those others differ.
var sourceNotes = map[string]string{
	"asean": "Varia plays ASEAN chess as the text its rules were written from describes it, not by the rules of the ASEAN Chess Confederation. Those differ: there the pawns start on the third rank and promote on the eighth, the bishop moves one square diagonally or one straight forward, and the count depends on the pieces left (16, 44 or 64 moves against a lone king).",
}

func (b *guideBuilder) source() {
	note, ok := sourceNotes[b.v.ID]
	if !ok {
		return
	}
	start := rules.NewPosition(b.v)
	var here []string
	if pawns := start.Pieces(rules.White, rules.Pawn); pawns != 0 {
		here = append(here, fmt.Sprintf("the pawns start on rank %d", pawns.Squares()[0].Rank()+1))
	}
	if r := fullRank(b.v.PromotionSquares(rules.White)); r >= 0 {
		here = append(here, fmt.Sprintf("promote on rank %d", r+1))
	}
	if b.v.CountLimit > 0 {
		here = append(here, fmt.Sprintf("the count is %d moves, whatever is left", b.v.CountLimit/2))
	}
	if len(here) > 0 {
		note += " Here " + words.And(here) + ", as this page describes."
	}
	note += " Stalemate, repetition and the 50-move rule draw as in chess (see Draws)."
	b.add(guideSection{title: "These rules", paras: []string{note}})
}

// ---- setup ----------------------------------------------------------------

func placementOf(fen string) string { return strings.Fields(fen)[0] }

func (b *guideBuilder) setup() {
	sec := guideSection{title: "Setup"}
	if b.v.StartCount > 0 {
		sec.paras = append(sec.paras, fmt.Sprintf("Pawns start as in chess. The pieces behind them stand in one of %d arrangements, numbered 0 to %d (518 is chess's own): the bishops on squares of opposite colours, the king somewhere between the rooks, and Black's pieces facing White's on the same files.", b.v.StartCount, b.v.StartCount-1))
		b.add(sec)
		return
	}
	if placementOf(b.v.StartFEN) == placementOf(b.chess.StartFEN) {
		sec.paras = append(sec.paras, "The pieces start on the same squares as in chess.")
		b.add(sec)
		return
	}
	start := rules.NewPosition(b.v)
	sec.paras = append(sec.paras, "White: "+b.pieceList(start, rules.White)+".")
	switch {
	case sideTurned(start, func(s rules.Square) rules.Square { return s.Rotate() }):
		sec.paras = append(sec.paras, fmt.Sprintf("Black's pieces stand on the same squares turned 180° (%s for %s).",
			start.King(rules.White).Rotate(), start.King(rules.White)))
	case sideTurned(start, func(s rules.Square) rules.Square { return rules.MakeSquare(s.File(), 7-s.Rank()) }):
		sec.paras = append(sec.paras, "Black's pieces face them on the same files.")
	default:
		sec.paras = append(sec.paras, "Black: "+b.pieceList(start, rules.Black)+".")
	}
	if k := start.King(rules.White); (k.File() == 0 || k.File() == 7) && (k.Rank() == 0 || k.Rank() == 7) {
		sec.paras = append(sec.paras, "The kings start in opposite corners, so the game runs along the long diagonal: the diamond view (turned 45°) puts each side's corner at the bottom and top of the screen.")
	}
	if pawnsOnRank(start, rules.White, 0) != "" && !b.v.HasDoubleStep() && slices.Equal(b.v.Pawn.Moves, b.chess.Pawn.Moves) {
		sec.paras = append(sec.paras, fmt.Sprintf("A pawn on White's first rank (%s) simply moves up from there.", pawnsOnRank(start, rules.White, 0)))
	}
	sec.diagrams = append(sec.diagrams, guideDiagram{caption: "The start position.", pos: start, hl: board.NoHighlights()})
	b.add(sec)
}

// pieceList is "King a1, Queen a2, Bishops a3 b1, ..." for one side.
func (b *guideBuilder) pieceList(pos *rules.Position, c rules.Color) string {
	var parts []string
	for _, t := range []rules.PieceType{rules.King, rules.Queen, rules.Rook, rules.Bishop, rules.Knight, rules.Pawn} {
		squares := sortedSquares(pos.Pieces(c, t))
		if len(squares) == 0 {
			continue
		}
		n := b.name(t)
		if len(squares) > 1 {
			n = plural(n)
		}
		parts = append(parts, n+" "+strings.Join(squares, " "))
	}
	return strings.Join(parts, ", ")
}

func sortedSquares(bb rules.Bitboard) []string {
	sqs := bb.Squares()
	sort.Slice(sqs, func(i, j int) bool {
		if sqs[i].File() != sqs[j].File() {
			return sqs[i].File() < sqs[j].File()
		}
		return sqs[i].Rank() < sqs[j].Rank()
	})
	out := make([]string, len(sqs))
	for i, s := range sqs {
		out[i] = s.String()
	}
	return out
}

func plural(name string) string {
	if strings.HasSuffix(name, "s") || strings.HasSuffix(name, "z") || strings.HasSuffix(name, "x") {
		return name + "es"
	}
	return name + "s"
}

// sideTurned reports whether Black's pieces stand where White's do, moved
// by turn.
func sideTurned(pos *rules.Position, turn func(rules.Square) rules.Square) bool {
	for s := rules.Square(0); s < 64; s++ {
		pc := pos.PieceAt(s)
		if pc == rules.NoPiece || pc.Color() != rules.White {
			continue
		}
		if pos.PieceAt(turn(s)) != rules.MakePiece(rules.Black, pc.Type()) {
			return false
		}
	}
	return pos.ColorPieces(rules.White).Count() == pos.ColorPieces(rules.Black).Count()
}

func pawnsOnRank(pos *rules.Position, c rules.Color, rank int) string {
	var out []string
	for _, s := range pos.Pieces(c, rules.Pawn).Squares() {
		if s.Rank() == rank {
			out = append(out, s.String())
		}
	}
	return strings.Join(out, " ")
}

// ---- pieces ---------------------------------------------------------------

var (
	kingVectors   = []rules.Vec{{DF: -1, DR: -1}, {DF: -1, DR: 0}, {DF: -1, DR: 1}, {DF: 0, DR: -1}, {DF: 0, DR: 1}, {DF: 1, DR: -1}, {DF: 1, DR: 0}, {DF: 1, DR: 1}}
	ferzVectors   = []rules.Vec{{DF: -1, DR: -1}, {DF: -1, DR: 1}, {DF: 1, DR: -1}, {DF: 1, DR: 1}}
	wazirVectors  = []rules.Vec{{DF: -1, DR: 0}, {DF: 0, DR: -1}, {DF: 0, DR: 1}, {DF: 1, DR: 0}}
	knightVectors = []rules.Vec{{DF: -2, DR: -1}, {DF: -2, DR: 1}, {DF: -1, DR: -2}, {DF: -1, DR: 2}, {DF: 1, DR: -2}, {DF: 1, DR: 2}, {DF: 2, DR: -1}, {DF: 2, DR: 1}}
)

// sameVecs compares vector sets, in any order.
func sameVecs(a, b []rules.Vec) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(v rules.Vec) int { return v.DF*16 + v.DR }
	x, y := make([]int, len(a)), make([]int, len(b))
	for i := range a {
		x[i], y[i] = key(a[i]), key(b[i])
	}
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// jumpWords says where a set of single jumps goes.
func jumpWords(vs []rules.Vec) string {
	switch {
	case sameVecs(vs, kingVectors):
		return "one square in any direction"
	case sameVecs(vs, ferzVectors):
		return "one square diagonally"
	case sameVecs(vs, wazirVectors):
		return "one square along a rank or file"
	case sameVecs(vs, knightVectors):
		return "like a knight"
	}
	var parts []string
	for _, v := range vs {
		parts = append(parts, vecWords(v))
	}
	return "one jump " + words.Or(parts)
}

func slideWords(l rules.Lines) string {
	switch l {
	case rules.Orthogonal:
		return "any distance along ranks and files"
	case rules.Diagonal:
		return "any distance along diagonals"
	case rules.Orthogonal | rules.Diagonal:
		return "any distance along ranks, files and diagonals"
	}
	return ""
}

// movementWords is how a piece moves and captures.
func movementWords(r rules.PieceRule) string {
	var parts []string
	if len(r.Leaps) > 0 {
		parts = append(parts, jumpWords(r.Leaps))
	}
	if r.Slides != 0 {
		parts = append(parts, slideWords(r.Slides))
	}
	return "moves and captures " + strings.Join(parts, " or ")
}

func (b *guideBuilder) pieces() {
	type group struct {
		types  []rules.PieceType
		moves  bool // moves unlike the chess piece of its letter
		steps  []rules.Vec
		rename bool
	}
	var groups []*group
	for t := rules.Knight; t <= rules.King; t++ {
		r, c := b.v.Pieces[t], b.chess.Pieces[t]
		moves := !sameVecs(r.Leaps, c.Leaps) || r.Slides != c.Slides
		steps := !sameVecs(r.Steps, c.Steps)
		rename := r.Name != c.Name
		if !moves && !steps && !rename {
			continue
		}
		joined := false
		for _, g := range groups {
			g0 := b.v.Pieces[g.types[0]]
			sameMoves := !moves || sameVecs(g0.Leaps, r.Leaps) && g0.Slides == r.Slides
			if g.moves == moves && sameMoves && sameVecs(g.steps, r.Steps) && (moves || !rename && !g.rename) {
				g.types = append(g.types, t)
				g.rename = g.rename || rename
				joined = true
				break
			}
		}
		if !joined {
			groups = append(groups, &group{types: []rules.PieceType{t}, moves: moves, steps: r.Steps, rename: rename})
		}
	}
	if len(groups) == 0 {
		b.add(guideSection{title: "Pieces", paras: []string{"Kings, queens, rooks, bishops and knights move as in chess."}})
		return
	}
	sec := guideSection{title: "Pieces"}
	for _, g := range groups {
		var names []string
		for _, t := range g.types {
			name := "the " + b.name(t)
			if b.v.Pieces[t].Name != b.chess.Pieces[t].Name {
				name += fmt.Sprintf(" (letter %c, drawn as the chess %s)", t.Letter(), lower(b.chess.Pieces[t].Name))
			}
			names = append(names, name)
		}
		subject := words.Capitalise(words.And(names))
		one := len(g.types) == 1
		verb := func(single, many string) string {
			if one {
				return single
			}
			return many
		}
		r := b.v.Pieces[g.types[0]]
		text := fmt.Sprintf("%s %s as in chess.", subject, verb("moves", "move"))
		if g.moves {
			text = fmt.Sprintf("%s %s %s.", subject, verb("moves and captures", "move and capture"), strings.TrimPrefix(movementWords(r), "moves and captures "))
		}
		if len(g.steps) > 0 {
			where := strings.TrimPrefix(jumpWords(g.steps), "one square ")
			text += fmt.Sprintf(" %s also %s a King's Step (%s): one square %s onto an empty square, never capturing. A step that is also one of the piece's ordinary moves counts as that move. Steps attack nothing: only ordinary moves give check.",
				verb("It", "They"), verb("has", "have"), b.glyph(board.HintKingsStep), where)
		}
		sec.paras = append(sec.paras, text)
		show := g.types[0]
		for _, t := range g.types {
			if b.v.Pieces[t].Name != b.chess.Pieces[t].Name {
				show = t
				break
			}
		}
		if d, ok := b.pieceDiagram(show); ok {
			sec.diagrams = append(sec.diagrams, d)
		}
	}
	b.add(sec)
}

// pieceDiagram shows one piece in the middle of an empty board, with an
// enemy pawn to take, and every legal move marked by its kind.
func (b *guideBuilder) pieceDiagram(t rules.PieceType) (guideDiagram, bool) {
	for _, at := range centreSquares() {
		pl := placement{at: rules.MakePiece(rules.White, t)}
		// an enemy pawn on the first square the piece captures on
		probe, ok := b.position(pl, "", at)
		if !ok {
			continue
		}
		// the victim stands up the board, near, but beyond the next
		// square where the piece slides
		victim := rules.NoSquare
		score := func(s rules.Square) int {
			d := rules.Distance(at, s)
			if b.v.Pieces[t].Slides != 0 && d < 2 {
				d += 8
			}
			return s.Rank()*16 - d
		}
		for _, m := range probe.Legal() {
			if m.From() == at && m.Kind() == rules.Quiet && rules.Distance(at, m.To()) <= 2 && (victim == rules.NoSquare || score(m.To()) > score(victim)) {
				victim = m.To()
			}
		}
		if victim != rules.NoSquare {
			for _, enemy := range []rules.PieceType{rules.Pawn, rules.Knight} {
				pl2 := placement{at: pl[at], victim: rules.MakePiece(rules.Black, enemy)}
				if pos, ok := b.position(pl2, "", at); ok {
					probe = pos
					break
				}
			}
		}
		hl := board.NoHighlights()
		hl.Selected = at
		hl.SetTargets(probe.Legal(), at)
		caption := fmt.Sprintf("The %s on %s: %s.", b.name(t), at, b.describeTargets(probe, at))
		return guideDiagram{caption: caption, pos: probe, hl: hl}, true
	}
	return guideDiagram{}, false
}

// describeTargets lists the kinds of move from a square with a mark and
// an example of each, and remembers the examples for the notation.
func (b *guideBuilder) describeTargets(pos *rules.Position, from rules.Square) string {
	byKind := map[board.HintKind][]rules.Move{}
	for _, m := range pos.Legal() {
		if m.From() == from {
			byKind[board.HintFor(m)] = append(byKind[board.HintFor(m)], m)
		}
	}
	var parts []string
	for k := board.HintKind(0); k < board.NumHintKinds; k++ {
		ms := byKind[k]
		if len(ms) == 0 {
			continue
		}
		sort.Slice(ms, func(i, j int) bool { return pos.SAN(ms[i]) < pos.SAN(ms[j]) })
		var sans []string
		for _, m := range ms {
			sans = append(sans, pos.SAN(m))
		}
		b.examples[k] = append(b.examples[k], sans[0])
		ex := sans[0]
		if len(sans) > 1 {
			ex += ", " + sans[1]
		}
		if len(sans) > 2 {
			ex += ", …"
		}
		parts = append(parts, fmt.Sprintf("%s %s (%s)", b.glyph(k), k, ex))
	}
	return strings.Join(parts, "; ")
}
