package board

import (
	"strings"

	"varia/rules"
)

// Render draws a position with highlights into a layout: Height lines
// of exactly Width cells, joined by newlines. It decides nothing about the
// game; it shows the position and the highlights it is given.
func Render(pos *rules.Position, hl *Highlights, l *Layout, st *Styles) string {
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
			bg, fg, ch := paintCell(pos, hl, st, l.at(x, y), l.wide)
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

// paintCell decides one character cell. wide says the square has inner
// slots beside its glyph, so hint markers and the outer markers (cursor,
// selection, check, last move) do not compete for the same cells.
func paintCell(pos *rules.Position, hl *Highlights, st *Styles, c *gridCell, wide bool) (bgKind, fgKind, rune) {
	switch c.role {
	case roleOutside:
		return bgNone, fgDefault, ' '
	case roleLabel:
		return bgNone, fgLabel, c.label
	case roleGap:
		return bgGap, fgDefault, ' '
	}
	s := c.sq
	g := &st.Glyphs
	dark := (s.File()+s.Rank())%2 == 0
	bg := bgLight
	if dark {
		bg = bgDark
	}
	last := s == hl.LastFrom || s == hl.LastTo
	premove := s == hl.PremoveFrom || s == hl.PremoveTo
	switch {
	case s == hl.Cursor:
		bg = bgCursor
	case s == hl.Selected || premove:
		bg = bgSelected
	case s == hl.Check:
		bg = bgCheck
	case last && dark:
		bg = bgLastDark
	case last:
		bg = bgLastLight
	}
	pc := pos.PieceAt(s)
	target := hl.Targets.Has(s)
	hint := hl.Hint[s]
	flank := target && pc != rules.NoPiece

	switch c.role {
	case roleGlyph:
		switch {
		case pc != rules.NoPiece:
			fg := fgWhite
			if pc.Color() == rules.Black {
				fg = fgBlack
			}
			return bg, fg, g.Piece(pc)
		case target:
			return bg, fgHint + fgKind(hint), g.Hints[hint]
		case dark && !st.Colour:
			return bg, fgDefault, g.DarkEmpty
		}
	case roleInnerL, roleInnerR:
		if flank {
			return bg, fgHint + fgKind(hint), g.Hints[hint]
		}
	case roleOuterL, roleOuterR:
		left := c.role == roleOuterL
		pick := func(l, r rune) rune {
			if left {
				return l
			}
			return r
		}
		switch {
		case s == hl.Cursor:
			return bg, fgMarker, pick(g.CursorL, g.CursorR)
		case s == hl.Selected:
			return bg, fgMarker, pick(g.SelectedL, g.SelectedR)
		case premove:
			return bg, fgMarker, pick(g.PremoveL, g.PremoveR)
		case flank && !wide:
			return bg, fgHint + fgKind(hint), g.Hints[hint]
		case s == hl.Check:
			return bg, fgMarker, pick(g.CheckL, g.CheckR)
		case last:
			return bg, fgMarker, pick(g.LastL, g.LastR)
		}
	}
	return bg, fgDefault, ' '
}
