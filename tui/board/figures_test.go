package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"varia/rules"
)

// Every figure's art is the size its set says, and each piece type's
// figure differs from the others', and White's from Black's, in every
// set: the sides differ by shape, not only by ink.
func TestFigureArt(t *testing.T) {
	figs := figures()
	if len(figs) != len(figureArts) {
		t.Fatal("a set of figures was not drawn")
	}
	for i, a := range figureArts {
		for ty := rules.Pawn; ty <= rules.King; ty++ {
			if len(a.art[ty]) != 2*a.h {
				t.Errorf("set %d %v: %d rows, want %d", i, ty, len(a.art[ty]), 2*a.h)
			}
			for _, row := range a.art[ty] {
				if len(row) != 2*a.w || strings.Trim(row, "#.") != "" {
					t.Errorf("set %d %v: row %q is not %d pixels of # and .", i, ty, row, 2*a.w)
				}
			}
		}
		f := figs[i]
		seen := map[string]string{}
		for c := rules.White; c <= rules.Black; c++ {
			for ty := rules.Pawn; ty <= rules.King; ty++ {
				var b strings.Builder
				for _, row := range f.runes[c][ty] {
					if len(row) != f.w {
						t.Errorf("set %d: a row of %d characters", i, len(row))
					}
					b.WriteString(string(row) + "\n")
				}
				what := fmt.Sprintf("%v %v", c, ty)
				if other, dup := seen[b.String()]; dup {
					t.Errorf("set %d: %s and %s are drawn alike:\n%s", i, what, other, b.String())
				}
				seen[b.String()] = what
			}
		}
	}
}

// Where squares are large, the board draws each piece as its figure,
// inside its square and clear of the markers at the square's edges, in
// both views and with or without colour; letters (--ascii) keep one
// character.
func TestFiguresOnLargeSquares(t *testing.T) {
	needNarrowSymbols(t)
	pos := rules.NewPosition(rules.Standard)
	hl := NoHighlights()
	hl.Cursor = rules.MakeSquare(4, 0)
	withFigures := 0
	for _, v := range []View{SquareView, DiamondView} {
		for size := 0; size < NumSizes(v); size++ {
			l := NewLayout(v, size, false)
			f := l.figure()
			w, h := boardDims(v, l.cell)
			if (l.cell.h >= 4 && v == SquareView || l.cell.h >= 3 && v == DiamondView) != (f != nil) {
				t.Errorf("%v %dx%d cells (%d×%d): figures %v", v, l.cell.w, l.cell.h, w, h, f != nil)
			}
			if f == nil {
				continue
			}
			withFigures++
			for s := rules.Square(0); s < 64; s++ {
				for y := 0; y < l.Height; y++ {
					for x := 0; x < l.Width; x++ {
						if _, _, in := l.figureAt(s, f, x, y); in && (l.at(x, y).sq != s || l.at(x, y).role == roleOuterL || l.at(x, y).role == roleOuterR) {
							t.Fatalf("%v size %d: %v's figure covers (%d,%d), which is %v's %v", v, size, s, x, y, l.at(x, y).sq, l.at(x, y).role)
						}
					}
				}
			}
			for _, profile := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
				st := testStyles(false, profile)
				board := Render(pos, &hl, l, st)
				for _, want := range []rune{f.runes[rules.White][rules.Knight][f.h/2][f.w/2], '█'} {
					if !strings.ContainsRune(board, want) {
						t.Errorf("%v size %d %v: no figure drawn", v, size, profile)
					}
				}
				if strings.ContainsRune(board, st.Glyphs.Piece(rules.MakePiece(rules.White, rules.Knight))) {
					t.Errorf("%v size %d: a one-character knight beside the figures", v, size)
				}
			}
			ascii := Render(pos, &hl, l, testStyles(true, termenv.TrueColor))
			if strings.ContainsAny(ascii, "█▀▄") || !strings.Contains(ascii, "N") {
				t.Errorf("%v size %d: --ascii should draw letters, not figures", v, size)
			}
		}
	}
	if withFigures < 5 {
		t.Errorf("only %d board sizes draw figures", withFigures)
	}
}

// A destination holding a piece shows its mark in the corners of a
// square with a figure; an empty one a wide chip; the cursor's brackets
// stay at the edges.
func TestFigureMarks(t *testing.T) {
	needNarrowSymbols(t)
	pos, err := rules.ParseFEN(rules.Standard, "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	hl := NoHighlights()
	from := rules.MakeSquare(2, 2)
	hl.Selected, hl.Cursor = from, from
	hl.SetTargets(pos.Legal(), from)
	st := testStyles(false, termenv.Ascii)
	for _, v := range []View{SquareView, DiamondView} {
		l := NewLayout(v, NumSizes(v)-1, false)
		marks := map[rules.Square]string{}
		for y := 0; y < l.Height; y++ {
			for x := 0; x < l.Width; x++ {
				if s := l.at(x, y).sq; s != rules.NoSquare {
					_, _, r := l.paint(pos, &hl, st, x, y)
					marks[s] += string(r)
				}
			}
		}
		d5, b5 := rules.MakeSquare(3, 4), rules.MakeSquare(1, 4)
		if n := strings.Count(marks[d5], "×"); n < 2 {
			t.Errorf("%v: the capture on d5 shows %d marks", v, n)
		}
		if n := strings.Count(marks[b5], "•"); n != 1 {
			t.Errorf("%v: the move to b5 shows %d marks", v, n)
		}
		if !strings.Contains(marks[from], "[") || !strings.Contains(marks[from], "]") {
			t.Errorf("%v: the cursor's brackets are gone from c3", v)
		}
	}
}

// Without colour the diamond view still shows its shape and every
// square: no row of the board is blank, the outline is drawn, and every
// empty square is bounded by drawn edges (large diamonds) or marked
// (small ones).
func TestColourlessDiamond(t *testing.T) {
	pos, err := rules.ParseFEN(rules.Edgy, "k7/8/8/8/8/8/8/7K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	hl := NoHighlights()
	for _, ascii := range []bool{false, true} {
		st := testStyles(ascii, termenv.Ascii)
		for size := 0; size < NumSizes(DiamondView); size++ {
			l := NewLayout(DiamondView, size, false)
			lines := strings.Split(Render(pos, &hl, l, st), "\n")
			for y, line := range lines {
				if strings.TrimSpace(line) == "" {
					t.Errorf("ascii=%v size %d: row %d is blank", ascii, size, y)
				}
			}
			grid := make([][]rune, len(lines))
			for y, line := range lines {
				grid[y] = []rune(line)
			}
			drawn := func(x, y int) bool { return y >= 0 && y < len(grid) && x >= 0 && x < len(grid[y]) && grid[y][x] != ' ' }
			for s := rules.Square(0); s < 64; s++ {
				marked, edges := false, 0
				for y := 0; y < l.Height; y++ {
					for x := 0; x < l.Width; x++ {
						if l.at(x, y).sq != s {
							continue
						}
						marked = marked || drawn(x, y)
						for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
							if n := l.at(max(0, min(x+d[0], l.Width-1)), max(0, min(y+d[1], l.Height-1))); n.sq == rules.NoSquare && drawn(x+d[0], y+d[1]) {
								edges++
							}
						}
					}
				}
				if l.cell.h == 1 && !marked || l.cell.h > 1 && edges < 4 {
					t.Errorf("ascii=%v size %d: %v does not show (marked %v, %d edge cells)", ascii, size, s, marked, edges)
				}
			}
		}
	}
}

// The cursor's brackets do not hide a king in check: the check marks
// move inside them, and the square keeps check's colour.
func TestCursorKeepsCheckMark(t *testing.T) {
	pos, err := rules.ParseFEN(rules.Standard, "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	e1 := rules.MakeSquare(4, 0)
	for _, ascii := range []bool{false, true} {
		st := testStyles(ascii, termenv.Ascii)
		for _, v := range []View{SquareView, DiamondView} {
			for size := 0; size < NumSizes(v); size++ {
				l := NewLayout(v, size, false)
				for _, both := range []func(h *Highlights){
					func(h *Highlights) { h.Cursor = e1 },
					func(h *Highlights) { h.Selected = e1 },
				} {
					hl := NoHighlights()
					hl.Check = e1
					both(&hl)
					var marks string
					for y := 0; y < l.Height; y++ {
						for x := 0; x < l.Width; x++ {
							if l.at(x, y).sq == e1 {
								bg, _, r := l.paint(pos, &hl, st, x, y)
								marks += string(r)
								if bg != bgCheck {
									t.Fatalf("%v size %d: e1 drawn on %d, not check's colour", v, size, bg)
								}
							}
						}
					}
					if !strings.ContainsRune(marks, st.Glyphs.CheckR) || !strings.ContainsAny(marks, "[(") {
						t.Errorf("ascii=%v %v size %d: e1 shows %q: both the check and the cursor or selection should show", ascii, v, size, strings.TrimSpace(marks))
					}
				}
			}
		}
	}
}
