package tui

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"varia/rules"
)

// The rules guide explains what a variant changes from chess. Every
// sentence and diagram is made from the variant's own data, the same the
// move generator reads (setup, piece and pawn vectors, promotion squares,
// castling table, draw patterns, count), compared with standard chess:
// the text is keyed on features of the data, never on a variant's name,
// so it cannot drift from the rules. Diagrams are positions built for the
// purpose and drawn by the board renderer with the legal moves rules
// gives, marked by their kinds, and the notation examples are rules' SAN
// of those moves.

// guidePage is one variant's page.
type guidePage struct {
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
	hl      Highlights
}

// guideBuilder collects a page, and the example moves the notation section
// quotes.
type guideBuilder struct {
	v        *rules.Variant
	chess    *rules.Variant
	st       *Styles
	keys     *Keymap
	page     *guidePage
	examples map[HintKind][]string // SAN of diagram moves, by kind
	pawnSAN  struct {
		move     string
		captures []string
		twoFiles string // a move that names its pawn's file ("ab4")
	}
	promoSAN string
}

// buildGuide makes a variant's page. The styles give the glyphs the
// captions name; keys give the keys the text mentions.
func buildGuide(v *rules.Variant, st *Styles, keys *Keymap) *guidePage {
	b := &guideBuilder{v: v, chess: rules.Standard, st: st, keys: keys, page: &guidePage{variant: v}, examples: map[HintKind][]string{}}
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

// glyph is a hint's mark as the board shows it, on a light square (hint
// colours are chosen for the squares, not for the terminal's background).
func (b *guideBuilder) glyph(k HintKind) string {
	return b.st.Hint[k].Background(b.st.Palette.LightSquare).Render(string(b.st.Glyphs.Hints[k]))
}

func (b *guideBuilder) name(t rules.PieceType) string { return b.v.PieceName(t) }

func lower(s string) string { return strings.ToLower(s) }

// ---- setup ----------------------------------------------------------------

func placementOf(fen string) string { return strings.Fields(fen)[0] }

func (b *guideBuilder) setup() {
	sec := guideSection{title: "Setup"}
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
	sec.diagrams = append(sec.diagrams, guideDiagram{caption: "The start position.", pos: start, hl: NoHighlights()})
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
	return "one jump " + orList(parts)
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
		subject := capitalise(andList(names))
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
				verb("It", "They"), verb("has", "have"), b.glyph(HintKingsStep), where)
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
			d := chebyshev(at, s)
			if b.v.Pieces[t].Slides != 0 && d < 2 {
				d += 8
			}
			return s.Rank()*16 - d
		}
		for _, m := range probe.Legal() {
			if m.From() == at && m.Kind() == rules.Quiet && chebyshev(at, m.To()) <= 2 && (victim == rules.NoSquare || score(m.To()) > score(victim)) {
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
		hl := NoHighlights()
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
	byKind := map[HintKind][]rules.Move{}
	for _, m := range pos.Legal() {
		if m.From() == from {
			byKind[HintFor(m)] = append(byKind[HintFor(m)], m)
		}
	}
	var parts []string
	for k := HintKind(0); k < numHintKinds; k++ {
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

// ---- pawns ----------------------------------------------------------------

var vecNames = map[rules.Vec]string{
	{DF: 0, DR: 1}: "up the file", {DF: 0, DR: -1}: "down the file",
	{DF: 1, DR: 0}: "right along the rank", {DF: -1, DR: 0}: "left along the rank",
	{DF: 1, DR: 1}: "diagonally up and right (toward h8)", {DF: -1, DR: 1}: "diagonally up and left (toward a8)",
	{DF: 1, DR: -1}: "diagonally down and right (toward h1)", {DF: -1, DR: -1}: "diagonally down and left (toward a1)",
}

// vecWords says where a vector goes, as White sees the board.
func vecWords(v rules.Vec) string {
	if w, ok := vecNames[v]; ok {
		return w
	}
	return fmt.Sprintf("%+d files and %+d ranks", v.DF, v.DR)
}

// vecPairs are pairs of directions said in fewer words together.
var vecPairs = []struct {
	a, b  rules.Vec
	words string
}{
	{rules.Vec{DF: -1, DR: 0}, rules.Vec{DF: 1, DR: 0}, "left or right along the rank"},
	{rules.Vec{DF: -1, DR: 1}, rules.Vec{DF: 1, DR: 1}, "diagonally forward (toward a8 or h8)"},
	{rules.Vec{DF: 1, DR: -1}, rules.Vec{DF: -1, DR: -1}, "diagonally backward (toward h1 or a1)"},
}

func vecList(vs []rules.Vec) string {
	for _, p := range vecPairs {
		if sameVecs(vs, []rules.Vec{p.a, p.b}) {
			return p.words
		}
	}
	var parts []string
	for _, v := range vs {
		parts = append(parts, vecWords(v))
	}
	return orList(parts)
}

func (b *guideBuilder) pawns() {
	p, c := b.v.Pawn, b.chess.Pawn
	var quiet []rules.Vec
	steps := map[rules.Kind][]rules.Vec{}
	var stepKinds []rules.Kind
	for _, m := range p.Moves {
		if m.Kind.IsStep() {
			if len(steps[m.Kind]) == 0 {
				stepKinds = append(stepKinds, m.Kind)
			}
			steps[m.Kind] = append(steps[m.Kind], m.Vec)
		} else {
			quiet = append(quiet, m.Vec)
		}
	}
	var chessQuiet []rules.Vec
	for _, m := range c.Moves {
		chessQuiet = append(chessQuiet, m.Vec)
	}
	sameMoves := sameVecs(quiet, chessQuiet) && sameVecs(p.Captures, c.Captures)
	sameDouble := sameVecs(p.DoubleStep, c.DoubleStep)

	sec := guideSection{title: "Pawns"}
	if sameMoves {
		sec.paras = append(sec.paras, "A pawn moves one square up the file and captures one square diagonally forward, as in chess.")
	} else {
		text := fmt.Sprintf("A White pawn moves one square %s onto an empty square, and captures one square %s.", vecList(quiet), vecList(p.Captures))
		if disjoint(quiet, p.Captures) {
			text += " It never captures the way it moves."
		}
		text += " Black's pawns do the same turned 180°" + blackExample(quiet) + "."
		sec.paras = append(sec.paras, text)
	}
	for _, k := range stepKinds {
		hk := hintForKind(k)
		sec.paras = append(sec.paras, fmt.Sprintf("A pawn may also make a %s (%s): one square %s onto an empty square. Steps never capture and attack nothing.",
			hk, b.glyph(hk), vecList(steps[k])))
	}
	switch {
	case sameDouble && len(p.DoubleStep) > 0:
		sec.paras = append(sec.paras, "As in chess, a pawn that has not moved yet may go two squares up the file, and may then be taken en passant.")
	case len(p.DoubleStep) > 0:
		sec.paras = append(sec.paras, fmt.Sprintf("A pawn that has not moved yet may move two squares %s (%s) when both squares are empty. Right after that, an enemy pawn that attacks the square it crossed may take it there, en passant.",
			vecList(p.DoubleStep), b.glyph(HintDoubleStep)))
	case len(c.DoubleStep) > 0:
		sec.paras = append(sec.paras, "There is no two-square move, and so no en passant.")
	}
	if len(p.DoubleStep) > 0 && len(p.Moves) > 1 {
		sec.paras = append(sec.paras, "The two-square move belongs to the pawn, not to its square: a pawn that has made any move has lost it, even when it comes back to a starting square.")
	}
	if !sameMoves || len(stepKinds) > 0 {
		if d, ok := b.pawnDiagram(); ok {
			sec.diagrams = append(sec.diagrams, d)
		}
	}
	if !sameDouble && len(p.DoubleStep) > 0 {
		if d, ok := b.doubleStepDiagram(); ok {
			sec.diagrams = append(sec.diagrams, d)
		}
	}
	b.add(sec)
}

func disjoint(a, b []rules.Vec) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// blackExample names Black's first move direction.
func blackExample(quiet []rules.Vec) string {
	if len(quiet) == 0 {
		return ""
	}
	return ": they move " + vecList(negated(quiet))
}

func negated(vs []rules.Vec) []rules.Vec {
	out := make([]rules.Vec, len(vs))
	for i, v := range vs {
		out[i] = v.Neg()
	}
	return out
}

// pawnDiagram shows a White pawn away from its start with every move and
// capture it has: enemy pawns stand where it captures, leaving empty the
// squares where it may also step.
func (b *guideBuilder) pawnDiagram() (guideDiagram, bool) {
	p := b.v.Pawn
	start := rules.NewPosition(b.v).Pieces(rules.White, rules.Pawn)
	promo := b.v.PromotionSquares(rules.White)
	var moveTargets []rules.Vec
	for _, m := range p.Moves {
		moveTargets = append(moveTargets, m.Vec)
	}
	var victims []rules.Vec
	for _, v := range p.Captures {
		if !slices.Contains(moveTargets, v) {
			victims = append(victims, v)
		}
	}
	if len(victims) == 0 && len(p.Captures) > 0 {
		victims = p.Captures[:1]
	}
	for _, at := range centreSquares() {
		if start.Has(at) || promo.Has(at) {
			continue
		}
		fits := true
		for _, v := range append(append([]rules.Vec(nil), moveTargets...), p.Captures...) {
			t, ok := shift(at, v)
			fits = fits && ok && !promo.Has(t)
		}
		if !fits {
			continue
		}
		for _, enemy := range []rules.PieceType{rules.Pawn, rules.Knight} {
			pl := placement{at: rules.MakePiece(rules.White, rules.Pawn)}
			for _, v := range victims {
				t, _ := shift(at, v)
				pl[t] = rules.MakePiece(rules.Black, enemy)
			}
			pos, ok := b.position(pl, "", at)
			if !ok {
				continue
			}
			hl := NoHighlights()
			hl.Selected = at
			hl.SetTargets(pos.Legal(), at)
			for _, m := range pos.Legal() {
				if m.From() != at {
					continue
				}
				if m.Kind() == rules.Quiet && b.pawnSAN.move == "" {
					b.pawnSAN.move = pos.SAN(m)
				}
				if m.Kind() == rules.Capture {
					b.pawnSAN.captures = append(b.pawnSAN.captures, pos.SAN(m))
				}
			}
			caption := fmt.Sprintf("The pawn on %s: %s.", at, b.describeTargets(pos, at))
			return guideDiagram{caption: caption, pos: pos, hl: hl}, true
		}
	}
	return guideDiagram{}, false
}

// doubleStepDiagram shows the start position with the pawn that has the
// most two-square moves selected.
func (b *guideBuilder) doubleStepDiagram() (guideDiagram, bool) {
	pos := rules.NewPosition(b.v)
	best, bestN := rules.NoSquare, 0
	for _, s := range pos.Pieces(rules.White, rules.Pawn).Squares() {
		n := 0
		for _, m := range pos.Legal() {
			if m.From() == s && m.Kind() == rules.DoubleStep {
				n++
			}
		}
		if n > bestN || n == bestN && n > 0 && centreDistance(s) < centreDistance(best) {
			best, bestN = s, n
		}
	}
	if best == rules.NoSquare {
		return guideDiagram{}, false
	}
	hl := NoHighlights()
	hl.Selected = best
	hl.SetTargets(pos.Legal(), best)
	for _, m := range pos.Legal() {
		if san := pos.SAN(m); pos.PieceAt(m.From()).Type() == rules.Pawn && len(san) == 3 && san[0] != san[1] && san[1] >= 'a' && san[1] <= 'h' {
			b.pawnSAN.twoFiles = san
			break
		}
	}
	caption := fmt.Sprintf("At the start, the pawn on %s: %s.", best, b.describeTargets(pos, best))
	return guideDiagram{caption: caption, pos: pos, hl: hl}, true
}

// ---- promotion ------------------------------------------------------------

func (b *guideBuilder) promotion() {
	white, black := b.v.PromotionSquares(rules.White), b.v.PromotionSquares(rules.Black)
	to := b.v.Promotions()
	sec := guideSection{title: "Promotion"}
	var pieces []string
	for _, t := range to {
		pieces = append(pieces, lower(b.name(t)))
	}
	if white == b.chess.PromotionSquares(rules.White) && slices.Equal(to, b.chess.Promotions()) {
		sec.paras = append(sec.paras, "As in chess: a pawn reaching the last rank becomes a queen, rook, bishop or knight, the player's choice.")
		b.add(sec)
		return
	}
	where := func(bb rules.Bitboard) string {
		if r := fullRank(bb); r >= 0 {
			return fmt.Sprintf("rank %d", r+1)
		}
		return strings.Join(sortedSquares(bb), " ")
	}
	text := fmt.Sprintf("A White pawn promotes on reaching %s, a Black pawn on %s", where(white), where(black))
	start := rules.NewPosition(b.v)
	officers := func(c rules.Color) rules.Bitboard { return start.ColorPieces(c) &^ start.Pieces(c, rules.Pawn) }
	if white == officers(rules.Black) && black == officers(rules.White) {
		text += ": the squares where the other side's pieces start"
	}
	text += "."
	if len(to) == 1 {
		text += fmt.Sprintf(" It becomes a %s at once, by a move or a capture; there is no other choice.", b.name(to[0]))
	} else {
		text += fmt.Sprintf(" It becomes a %s, the player's choice; promotion is compulsory.", orList(pieces))
	}
	sec.paras = append(sec.paras, text)
	if d, ok := b.promotionDiagram(); ok {
		sec.diagrams = append(sec.diagrams, d)
	}
	b.add(sec)
}

// fullRank returns the rank bb is exactly, or -1.
func fullRank(bb rules.Bitboard) int {
	for r := 0; r < 8; r++ {
		if bb == rules.Bitboard(0xFF)<<(8*r) {
			return r
		}
	}
	return -1
}

// promotionDiagram marks White's promotion squares and selects a pawn
// that promotes with its next move.
func (b *guideBuilder) promotionDiagram() (guideDiagram, bool) {
	promo := b.v.PromotionSquares(rules.White)
	start := rules.NewPosition(b.v).Pieces(rules.White, rules.Pawn)
	for _, at := range centreSquaresFrom(promo) {
		if promo.Has(at) || start.Has(at) {
			continue
		}
		pos, ok := b.position(placement{at: rules.MakePiece(rules.White, rules.Pawn)}, "", at)
		if !ok {
			continue
		}
		var promoting []rules.Move
		for _, m := range pos.Legal() {
			if m.From() == at && m.Promotion() != rules.NoPieceType {
				promoting = append(promoting, m)
			}
		}
		if len(promoting) == 0 {
			continue
		}
		hl := NoHighlights()
		hl.Selected = at
		hl.SetTargets(pos.Legal(), at)
		for _, s := range promo.Squares() {
			hl.Targets |= s.Bit()
			hl.Hint[s] = HintPromotion
		}
		b.promoSAN = pos.SAN(promoting[0])
		caption := fmt.Sprintf("%s marks White's promotion squares. The pawn on %s promotes with %s.", b.glyph(HintPromotion), at, b.promoSAN)
		return guideDiagram{caption: caption, pos: pos, hl: hl}, true
	}
	return guideDiagram{}, false
}

// ---- castling -------------------------------------------------------------

func (b *guideBuilder) castling() {
	rs := b.v.CastlingRules()
	sec := guideSection{title: "Castling"}
	switch {
	case len(rs) == 0:
		sec.paras = append(sec.paras, "There is no castling.")
		b.add(sec)
		return
	case slices.Equal(rs, b.chess.CastlingRules()):
		sec.paras = append(sec.paras, "As in chess.")
		b.add(sec)
		return
	}
	var white, black []string
	for _, r := range rs {
		line := fmt.Sprintf("%s: king %s→%s, rook %s→%s, along the king's %s", r.SAN, r.King, r.KingTo, r.Rook, r.RookTo, castleLine(r))
		if r.Letter >= 'a' {
			black = append(black, line)
		} else {
			white = append(white, line)
		}
	}
	sec.paras = append(sec.paras,
		"The king moves two squares toward a rook and the rook lands on the square the king crossed. As in chess, neither may have moved, the squares between them must be empty, and the king may not be in check, cross an attacked square or land on one.",
		"White: "+strings.Join(white, "; ")+".",
		"Black: "+strings.Join(black, "; ")+".",
	)
	if d, ok := b.castlingDiagram(); ok {
		sec.diagrams = append(sec.diagrams, d)
	}
	b.add(sec)
}

func castleLine(r rules.CastlingRule) string {
	if r.King.Rank() == r.KingTo.Rank() {
		return "rank"
	}
	return "file"
}

// castlingDiagram shows White's king and castling rooks alone, the king
// selected, each castle marked.
func (b *guideBuilder) castlingDiagram() (guideDiagram, bool) {
	pl := placement{}
	letters := ""
	var king rules.Square
	for _, r := range b.v.CastlingRules() {
		if r.Letter >= 'a' {
			continue
		}
		king = r.King
		pl[r.King] = rules.MakePiece(rules.White, rules.King)
		pl[r.Rook] = rules.MakePiece(rules.White, rules.Rook)
		letters += string(r.Letter)
	}
	pos, ok := b.position(pl, letters, king)
	if !ok {
		return guideDiagram{}, false
	}
	hl := NoHighlights()
	hl.Selected = king
	var castles []rules.Move
	for _, m := range pos.Legal() {
		if m.From() == king && m.Kind() == rules.Castling {
			castles = append(castles, m)
		}
	}
	hl.SetTargets(castles, king)
	var parts []string
	for _, m := range castles {
		parts = append(parts, fmt.Sprintf("%s (%s)", pos.SAN(m), m.UCI()))
	}
	caption := fmt.Sprintf("%s marks where the king lands: %s.", b.glyph(HintCastling), andList(parts))
	return guideDiagram{caption: caption, pos: pos, hl: hl}, true
}

// ---- count and draws ------------------------------------------------------

func (b *guideBuilder) count() {
	if b.v.CountLimit == 0 {
		return
	}
	b.add(guideSection{title: "The count", paras: []string{fmt.Sprintf(
		"While at least one side has no pawns left, a count runs: it starts on the move that removes a side's last pawn (captured or promoted), and every capture starts it again from zero. When %d moves (%d plies) have been played in the count without checkmate, the game is drawn; a checkmate given on the last of them still wins. The side panel shows the count while it runs.",
		b.v.CountLimit/2, b.v.CountLimit)}})
}

func (b *guideBuilder) draws() {
	if slices.Equal(b.v.InsufficientMaterial, b.chess.InsufficientMaterial) && b.v.SameColourBishopsDraw == b.chess.SameColourBishopsDraw {
		return
	}
	var cases []string
	for _, pat := range b.v.InsufficientMaterial {
		cases = append(cases, b.materialWords(pat))
	}
	text := "The game is drawn at once when only this material is left: " + strings.Join(cases, "; ") + "."
	switch {
	case b.v.SameColourBishopsDraw:
		text += " Also a king and bishop against a king and bishop with both bishops on squares of one colour."
	case b.chess.SameColourBishopsDraw && len(b.v.Pieces[rules.Bishop].Steps) > 0:
		text += " Unlike chess, bishops on squares of one colour are no draw: a bishop's King's Step changes its colour."
	}
	b.add(guideSection{title: "Draws", paras: []string{text}})
}

// materialWords reads "KN v K" as "king and knight against king".
func (b *guideBuilder) materialWords(pat string) string {
	sides := strings.Split(pat, " v ")
	var out []string
	for _, side := range sides {
		var names []string
		for i := 0; i < len(side); i++ {
			names = append(names, lower(b.name(rules.PieceTypeFromLetter(side[i]))))
		}
		out = append(out, andList(names))
	}
	return strings.Join(out, " against ")
}

// ---- notation -------------------------------------------------------------

func (b *guideBuilder) notation() {
	sec := guideSection{title: "Notation"}
	sec.paras = append(sec.paras, fmt.Sprintf("Moves are written in SAN. In a game, %s opens a prompt that reads SAN and UCI (the squares from and to: e2e4).", firstKey(b.keys.Game.Type)))
	var stepNames, stepEx []string
	for _, k := range []HintKind{HintKingsStep, HintPawnLateral, HintPawnDiagonal} {
		if ex := b.examples[k]; len(ex) > 0 {
			stepNames = append(stepNames, k.String()+"s")
			stepEx = append(stepEx, ex[0])
		}
	}
	if len(stepNames) > 0 {
		sec.paras = append(sec.paras, fmt.Sprintf("Moves that never capture — %s — name their starting square and are written with a tilde: %s. Other moves are plain SAN, and a plain move is never disambiguated because of a step.",
			andList(stepNames), strings.Join(stepEx, ", ")))
	}
	offFile := false
	for _, m := range b.v.Pawn.Moves {
		offFile = offFile || (m.Kind == rules.Quiet && m.Vec.DF != 0)
	}
	if offFile && b.pawnSAN.move != "" && len(b.pawnSAN.captures) > 0 {
		sort.Strings(b.pawnSAN.captures)
		text := fmt.Sprintf("A pawn move is written by its destination (%s)", b.pawnSAN.move)
		if len(quietPawnVecs(b.v)) > 1 {
			text += ", with the pawn's file in front when two pawns could make it"
			if b.pawnSAN.twoFiles != "" {
				text += " (" + b.pawnSAN.twoFiles + ")"
			}
		}
		text += fmt.Sprintf("; a pawn capture by the pawn's file, x and the destination (%s)", strings.Join(b.pawnSAN.captures, ", "))
		if sameFileCaptures(b.v.Pawn.Captures) {
			text += ", with the pawn's rank added when two pawns on one file could make the capture"
		}
		sec.paras = append(sec.paras, text+".")
	}
	alongFile := false
	for _, r := range b.v.CastlingRules() {
		alongFile = alongFile || castleLine(r) == "file"
	}
	if alongFile {
		sec.paras = append(sec.paras, "O-O is the castle along the king's rank and O-O-O the one along its file. In UCI a castle is the king's move.")
	}
	if b.promoSAN != "" {
		sec.paras = append(sec.paras, fmt.Sprintf("A promotion adds = and the new piece's letter: %s.", b.promoSAN))
	}
	var renamed []string
	for t := rules.Knight; t <= rules.King; t++ {
		if b.v.Pieces[t].Name != b.chess.Pieces[t].Name {
			renamed = append(renamed, fmt.Sprintf("%c stands for the %s", t.Letter(), b.name(t)))
		}
	}
	if len(renamed) > 0 {
		sec.paras = append(sec.paras, capitalise(andList(renamed))+", in SAN, FEN and on the board in letters.")
	}
	b.add(sec)
}

func quietPawnVecs(v *rules.Variant) []rules.Vec {
	var out []rules.Vec
	for _, m := range v.Pawn.Moves {
		if m.Kind == rules.Quiet {
			out = append(out, m.Vec)
		}
	}
	return out
}

// sameFileCaptures reports whether two pawns on one file can capture on
// the same square: two capture directions that change the file alike.
func sameFileCaptures(vs []rules.Vec) bool {
	for i, a := range vs {
		for _, b := range vs[i+1:] {
			if a.DF == b.DF {
				return true
			}
		}
	}
	return false
}

// ---- positions for diagrams -----------------------------------------------

// placement is pieces on squares.
type placement map[rules.Square]rules.Piece

// centreSquares are squares from the middle of the board outwards, where a
// diagram's piece has room to show its moves.
func centreSquares() []rules.Square {
	return centreSquaresFrom(0)
}

// centreSquaresFrom orders squares by distance from the middle, then (when
// near is not empty) by distance to the nearest square of near.
func centreSquaresFrom(near rules.Bitboard) []rules.Square {
	var sqs []rules.Square
	for s := rules.Square(0); s < 64; s++ {
		sqs = append(sqs, s)
	}
	dist := func(s rules.Square) int {
		if near != 0 {
			best := 99
			for _, t := range near.Squares() {
				best = min(best, chebyshev(s, t))
			}
			return best*100 + centreDistance(s)
		}
		return centreDistance(s)
	}
	sort.SliceStable(sqs, func(i, j int) bool { return dist(sqs[i]) < dist(sqs[j]) })
	return sqs
}

// centreDistance counts in half squares from the board's middle, so d4,
// e4, d5 and e5 come first (d4 before e5: White's side first).
func centreDistance(s rules.Square) int {
	df, dr := abs(2*s.File()-7), abs(2*s.Rank()-7)
	return (df+dr)*4 + s.Rank()/4*2 + s.File()/4
}

func chebyshev(a, b rules.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func shift(s rules.Square, v rules.Vec) (rules.Square, bool) {
	f, r := s.File()+v.DF, s.Rank()+v.DR
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return rules.NoSquare, false
	}
	return rules.MakeSquare(f, r), true
}

// position builds a legal position from a placement, White to move, with
// the given castling rights. Kings missing from the placement are put as
// far as possible from focus, where neither is in check and neither
// stands next to the other or the pieces placed.
func (b *guideBuilder) position(pl placement, castling string, focus rules.Square) (*rules.Position, bool) {
	hasKing := [2]bool{}
	for _, pc := range pl {
		if pc.Type() == rules.King {
			hasKing[pc.Color()] = true
		}
	}
	var candidates [2][]rules.Square
	for c := rules.White; c <= rules.Black; c++ {
		if hasKing[c] {
			candidates[c] = []rules.Square{rules.NoSquare}
			continue
		}
		sqs := centreSquares()
		slices.Reverse(sqs)
		// far from the focus first
		sort.SliceStable(sqs, func(i, j int) bool { return chebyshev(sqs[i], focus) > chebyshev(sqs[j], focus) })
		for _, s := range sqs {
			// White's king on White's half, Black's on Black's
			if (c == rules.White) == (s.Rank() < 4) {
				candidates[c] = append(candidates[c], s)
			}
		}
	}
	for _, wk := range candidates[rules.White] {
		for _, bk := range candidates[rules.Black] {
			full := placement{}
			for s, pc := range pl {
				full[s] = pc
			}
			if !b.placeKing(full, wk, rules.White) || !b.placeKing(full, bk, rules.Black) {
				continue
			}
			if castling == "" {
				castling = "-"
			}
			pos, err := rules.ParseFEN(b.v, placementFEN(full)+" w "+castling+" - 0 1")
			if err != nil || pos.InCheck() || pos.Attacked(pos.King(rules.Black), rules.White) {
				continue
			}
			return pos, true
		}
	}
	return nil, false
}

// placeKing puts a king on s unless s is taken or next to another piece.
func (b *guideBuilder) placeKing(pl placement, s rules.Square, c rules.Color) bool {
	if s == rules.NoSquare {
		return true
	}
	for t := range pl {
		if chebyshev(s, t) <= 1 {
			return false
		}
	}
	pl[s] = rules.MakePiece(c, rules.King)
	return true
}

func placementFEN(pl placement) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc, ok := pl[rules.MakeSquare(f, r)]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// ---- words ----------------------------------------------------------------

func andList(items []string) string { return joinList(items, "and") }
func orList(items []string) string  { return joinList(items, "or") }

func joinList(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return items[0] + " " + conj + " " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}
