package board

import (
	"strings"

	"varia/rules"
)

// Pieces is what the board shows: the piece on each square. A
// rules.Position is one; so is a board being set up, which need not be a
// legal position yet.
type Pieces interface {
	PieceAt(rules.Square) rules.Piece
}

// Render draws a position with highlights into a layout: Height lines
// of exactly Width cells, joined by newlines. It decides nothing about the
// game; it shows the position and the highlights it is given.
func Render(pos Pieces, hl *Highlights, l *Layout, st *Styles) string {
	var b strings.Builder
	b.Grow(l.Width * l.Height * 4)
	var run []rune
	runBg, runFg := bgNone, fgDefault
	flush := func() {
		if len(run) == 0 {
			return
		}
		k := &st.inks[runBg][runFg]
		b.WriteString(k.pre)
		b.WriteString(string(run))
		b.WriteString(k.post)
		run = run[:0]
	}
	run = make([]rune, 0, l.Width)
	for y := 0; y < l.Height; y++ {
		if y > 0 {
			flush()
			b.WriteByte('\n')
		}
		for x := 0; x < l.Width; x++ {
			bg, fg, ch := l.paint(pos, hl, st, x, y)
			if bg != runBg || fg != runFg {
				flush()
				runBg, runFg = bg, fg
			}
			run = append(run, ch)
		}
	}
	flush()
	return b.String()
}

// paint decides the character cell at (x, y): a figure's part where
// the square is large enough for figures, or what paintCell decides.
func (l *Layout) paint(pos Pieces, hl *Highlights, st *Styles, x, y int) (bgKind, fgKind, rune) {
	c := l.at(x, y)
	f := l.figure()
	if f == nil || !st.Figures || c.sq == rules.NoSquare {
		return paintCell(pos, hl, st, c, l, x, y)
	}
	if pc := pos.PieceAt(c.sq); pc != rules.NoPiece {
		if fx, fy, ok := l.figureAt(c.sq, f, x, y); ok {
			return squareBg(c.sq, hl), pieceInk(pc), f.runes[pc.Color()][pc.Type()][fy][fx]
		}
	}
	return paintCell(pos, hl, st, c, l, x, y)
}

// squareBg is a square's background: its colour, or a highlight's. A
// king in check shows it whatever else marks its square: the cursor's
// and the selection's brackets tell those.
func squareBg(s rules.Square, hl *Highlights) bgKind {
	dark := (s.File()+s.Rank())%2 == 0
	last := s == hl.LastFrom || s == hl.LastTo
	switch {
	case s == hl.Check:
		return bgCheck
	case s == hl.Cursor:
		return bgCursor
	case s == hl.Selected || s == hl.PremoveFrom || s == hl.PremoveTo:
		return bgSelected
	case last && dark:
		return bgLastDark
	case last:
		return bgLastLight
	case dark:
		return bgDark
	}
	return bgLight
}

func pieceInk(pc rules.Piece) fgKind {
	if pc.Color() == rules.Black {
		return fgBlack
	}
	return fgWhite
}

// paintCell decides one character cell of a square, or of the board
// around them. Squares with inner slots beside the glyph (wide ones)
// keep hint markers and the outer markers (cursor, selection, check,
// last move) apart; where figures are drawn, a destination holding a
// piece is marked in the square's corners.
func paintCell(pos Pieces, hl *Highlights, st *Styles, c *gridCell, l *Layout, x, y int) (bgKind, fgKind, rune) {
	g := &st.Glyphs
	switch c.role {
	case roleOutside:
		return bgNone, fgDefault, ' '
	case roleLabel:
		return bgNone, fgLabel, c.label
	case roleGap:
		if !st.Colour && l.cell.h > 1 {
			// without colour the gaps draw the squares' edges, so every
			// square of a large diamond shows
			switch c.label {
			case gapRise:
				return bgNone, fgDefault, g.EdgeRise
			case gapFall:
				return bgNone, fgDefault, g.EdgeFall
			}
			return bgNone, fgDefault, g.Gap
		}
		if !st.Colour {
			return bgNone, fgDefault, ' '
		}
		return bgGap, fgDefault, ' '
	case roleEdge:
		if !st.Colour {
			// and the board's outline
			midX, midY := l.Width/2, l.Height/2
			return bgNone, fgDefault, pick((x < midX) == (y < midY), g.EdgeRise, g.EdgeFall)
		}
		return bgNone, fgDefault, ' '
	}
	s := c.sq
	dark := (s.File()+s.Rank())%2 == 0
	bg := squareBg(s, hl)
	premove := s == hl.PremoveFrom || s == hl.PremoveTo
	pc := pos.PieceAt(s)
	target := hl.Targets.Has(s)
	hint := hl.Hint[s]
	chip := bgHint + bgKind(hint)
	flank := target && pc != rules.NoPiece
	figures := st.Figures && l.fig > 0
	// the check mark moves inside when the edges hold the cursor or the
	// selection
	bracketed := s == hl.Cursor || s == hl.Selected

	switch c.role {
	case roleGlyph:
		switch {
		case pc != rules.NoPiece:
			return bg, pieceInk(pc), g.Piece(pc)
		case target:
			return chip, fgMark, g.Hints[hint]
		case st.Colour:
		case l.View == SquareView && dark:
			return bg, fgDefault, g.DarkEmpty
		case l.View == DiamondView && l.cell.h == 1:
			// a small diamond's screen rows are one colour each: every
			// square is marked, or every other row would be blank
			return bg, fgDefault, g.DarkEmpty
		}
	case roleInnerL, roleInnerR:
		switch {
		case flank:
			return chip, fgMark, g.Hints[hint]
		case target:
			return chip, fgMark, ' ' // the empty square's mark is a wider chip
		case s == hl.Check && bracketed:
			return bg, fgMark, pick(c.role == roleInnerL, g.CheckL, g.CheckR)
		}
	case roleOuterL, roleOuterR:
		left := c.role == roleOuterL
		switch {
		case s == hl.Check && bracketed && !l.wide && !left:
			return bg, fgMark, g.CheckR
		case s == hl.Cursor:
			return bg, fgMark, pick(left, g.CursorL, g.CursorR)
		case s == hl.Selected:
			return bg, fgMark, pick(left, g.SelectedL, g.SelectedR)
		case premove:
			return bg, fgMark, pick(left, g.PremoveL, g.PremoveR)
		case flank && !l.wide:
			return chip, fgMark, g.Hints[hint]
		case s == hl.Check:
			return bg, fgMark, pick(left, g.CheckL, g.CheckR)
		case s == hl.LastFrom || s == hl.LastTo:
			return bg, fgMark, pick(left, g.LastL, g.LastR)
		}
	case roleCorner:
		switch {
		case flank && figures:
			return chip, fgMark, g.Hints[hint]
		case s == hl.Check && figures:
			// a figure covers the slots beside its middle
			return bg, fgMark, pick(x < l.centre[s].x, g.CheckL, g.CheckR)
		}
	case roleFill:
		if target && pc == rules.NoPiece && figures {
			// a larger chip for an empty destination in a large square
			if f := l.figure(); c.sq == s && abs(x-l.centre[s].x) < f.w/2 && y == l.centre[s].y {
				return chip, fgMark, ' '
			}
		}
	}
	return bg, fgDefault, ' '
}

func pick(left bool, l, r rune) rune {
	if left {
		return l
	}
	return r
}
