package guide

import (
	"fmt"
	"slices"
	"strings"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/words"
)

// Pawns and promotion on a guide page.

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
	return words.Or(parts)
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
	if len(stepKinds) > 0 {
		var kinds []string
		for _, k := range stepKinds {
			hk := board.HintForKind(k)
			kinds = append(kinds, fmt.Sprintf("a %s (%s), one square %s", hk, b.glyph(hk), vecList(steps[k])))
		}
		sec.paras = append(sec.paras, fmt.Sprintf("A pawn may also make %s, onto an empty square. Steps never capture and attack nothing.",
			strings.Join(kinds, "; or ")))
	}
	switch {
	case sameDouble && len(p.DoubleStep) > 0:
		sec.paras = append(sec.paras, "As in chess, a pawn that has not moved yet may go two squares up the file, and may then be taken en passant.")
	case len(p.DoubleStep) > 0:
		sec.paras = append(sec.paras, fmt.Sprintf("A pawn that has not moved yet may move two squares %s (%s) when both squares are empty. Right after that, an enemy pawn that attacks the square it crossed may take it there, en passant.",
			vecList(p.DoubleStep), b.glyph(board.HintDoubleStep)))
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
			t := at.Offset(v)
			fits = fits && t != rules.NoSquare && !promo.Has(t)
		}
		if !fits {
			continue
		}
		for _, enemy := range []rules.PieceType{rules.Pawn, rules.Knight} {
			pl := placement{at: rules.MakePiece(rules.White, rules.Pawn)}
			for _, v := range victims {
				pl[at.Offset(v)] = rules.MakePiece(rules.Black, enemy)
			}
			pos, ok := b.position(pl, "", at)
			if !ok {
				continue
			}
			hl := board.NoHighlights()
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
	hl := board.NoHighlights()
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
		if forwardSteps(b.v) {
			sec.paras = append(sec.paras, "A step that reaches the last rank promotes too.")
		}
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
		text += fmt.Sprintf(" It becomes a %s, the player's choice; promotion is compulsory.", words.Or(pieces))
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
		hl := board.NoHighlights()
		hl.Selected = at
		hl.SetTargets(pos.Legal(), at)
		for _, s := range promo.Squares() {
			hl.Targets |= s.Bit()
			hl.Hint[s] = board.HintPromotion
		}
		b.promoSAN = pos.SAN(promoting[0])
		caption := fmt.Sprintf("%s marks White's promotion squares. The pawn on %s promotes with %s.", b.glyph(board.HintPromotion), at, b.promoSAN)
		return guideDiagram{caption: caption, pos: pos, hl: hl}, true
	}
	return guideDiagram{}, false
}

// forwardSteps reports whether a pawn step (a move of a step kind) can
// gain ground toward the last rank.
func forwardSteps(v *rules.Variant) bool {
	for _, m := range v.Pawn.Moves {
		if m.Kind.IsStep() && m.Vec.DR > 0 {
			return true
		}
	}
	return false
}
