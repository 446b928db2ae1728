package board

import (
	"fmt"
	"math"
	"testing"

	"varia/rules"
)

// paintedGlyph is a character the board draws and what it stands on.
type paintedGlyph struct {
	bg   bgKind
	fg   fgKind
	r    rune
	what string
}

// everyGlyph draws a light and a dark square, empty or with a piece of
// either side, under every mix of highlights (cursor, selection, check,
// last move, a destination of each kind), in narrow, wide and large
// squares of both views, and reports each character drawn.
func everyGlyph(st *Styles, report func(paintedGlyph)) {
	layouts := []*Layout{
		NewLayout(SquareView, 0, false), NewLayout(SquareView, 1, false), NewLayout(SquareView, NumSizes(SquareView)-1, false),
		NewLayout(DiamondView, 0, false), NewLayout(DiamondView, 2, false), NewLayout(DiamondView, NumSizes(DiamondView)-1, false),
	}
	a1, b1 := rules.MakeSquare(0, 0), rules.MakeSquare(1, 0)
	var positions []*rules.Position
	for _, fen := range []string{"5K1k/8/8/8/8/8/8/8 w - - 0 1", "5K1k/8/8/8/8/8/8/NN6 w - - 0 1", "5K1k/8/8/8/8/8/8/nn6 w - - 0 1"} {
		pos, err := rules.ParseFEN(rules.Standard, fen)
		if err != nil {
			panic(err)
		}
		positions = append(positions, pos)
	}
	for _, l := range layouts {
		cells := map[rules.Square][][2]int{}
		for y := 0; y < l.Height; y++ {
			for x := 0; x < l.Width; x++ {
				if s := l.at(x, y).sq; s == a1 || s == b1 {
					cells[s] = append(cells[s], [2]int{x, y})
				}
			}
		}
		for _, pos := range positions {
			for _, s := range []rules.Square{a1, b1} {
				for flags := 0; flags < 32; flags++ {
					kinds := 1
					if flags&16 != 0 {
						kinds = int(NumHintKinds)
					}
					for k := 0; k < kinds; k++ {
						hl := NoHighlights()
						if flags&1 != 0 {
							hl.Cursor = s
						}
						if flags&2 != 0 {
							hl.Selected = s
						}
						if flags&4 != 0 {
							hl.Check = s
						}
						if flags&8 != 0 {
							hl.LastTo = s
						}
						if flags&16 != 0 {
							hl.Targets = s.Bit()
							hl.Hint[s] = HintKind(k)
						}
						what := fmt.Sprintf("%v size %d, %v with %q, highlights %05b kind %v", l.View, l.Size, s, pos.PieceAt(s).Letter(), flags, HintKind(k))
						for _, c := range cells[s] {
							bg, fg, r := l.paint(pos, &hl, st, c[0], c[1])
							report(paintedGlyph{bg, fg, r, what})
						}
					}
				}
			}
		}
	}
}

// Every piece and every mark stands out from the square or highlight it
// is drawn on by at least 3:1 (WCAG's contrast for graphics), in every
// theme, in true colour, 256 colours and 16. The lowest ratio of each is
// logged (go test -v).
func TestEveryMarkStandsOut(t *testing.T) {
	for _, theme := range Themes() {
		for _, pr := range profiles {
			for _, pieces := range []PieceStyle{PiecesFilled, PiecesLetters} {
				st := themeStyles(theme, pr.profile, pieces)
				lowest, where := math.Inf(1), ""
				failures := 0
				everyGlyph(st, func(g paintedGlyph) {
					if g.r == ' ' {
						return
					}
					bc, fc := st.bgColour(g.bg), st.fgColour(g.bg, g.fg)
					if bc == nil || fc == nil {
						t.Fatalf("%s %s: %q drawn without a colour (bg %d, fg %d): %s", theme.Name, pr.name, g.r, g.bg, g.fg, g.what)
					}
					b, _ := shownRGB(bc, pr.profile)
					f, _ := shownRGB(fc, pr.profile)
					r := contrastRatio(f, b)
					if r < lowest {
						lowest, where = r, fmt.Sprintf("%q %v on %v: %s", g.r, fc, bc, g.what)
					}
					if r < minContrast && failures < 5 {
						failures++
						t.Errorf("%s, %s: %q in %v on %v is %.2f:1 (%s)", theme.Name, pr.name, g.r, fc, bc, r, g.what)
					}
				})
				if pieces == PiecesFilled {
					t.Logf("%-13s %-12s lowest %.2f:1 (%s)", theme.Name, pr.name, lowest, where)
				}
			}
		}
	}
}
