package board

import (
	"fmt"
	"testing"

	"varia/rules"
)

func eachLayout(t *testing.T, f func(t *testing.T, l *Layout)) {
	for _, v := range []View{SquareView, DiamondView} {
		for size := 0; size < NumSizes(v); size++ {
			for _, flip := range []bool{false, true} {
				l := NewLayout(v, size, flip)
				t.Run(fmt.Sprintf("%v/%d/flip=%v", v, size, flip), func(t *testing.T) { f(t, l) })
			}
		}
	}
}

// Every square is drawn: one glyph cell, hit-testing finds it there, and
// all squares of a layout have the same number of cells.
func TestLayoutCellsBelongToSquares(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		var cells, glyphs [64]int
		for y := 0; y < l.Height; y++ {
			for x := 0; x < l.Width; x++ {
				c := l.at(x, y)
				s, ok := l.SquareAt(x, y)
				if ok != (c.sq != rules.NoSquare) || s != c.sq {
					t.Fatalf("SquareAt(%d,%d) = %v,%v; grid says %v", x, y, s, ok, c.sq)
				}
				if ok {
					cells[s]++
				}
				if c.role == roleGlyph {
					glyphs[s]++
				}
			}
		}
		for s := rules.Square(0); s < 64; s++ {
			if glyphs[s] != 1 {
				t.Errorf("%v has %d glyph cells", s, glyphs[s])
			}
			if x, y := l.Centre(s); l.at(x, y).role != roleGlyph || l.at(x, y).sq != s {
				t.Errorf("centre of %v at (%d,%d) is not its glyph cell", s, x, y)
			}
			if cells[s] != cells[0] {
				t.Errorf("%v has %d cells, a1 has %d", s, cells[s], cells[0])
			}
		}
		for _, p := range [][2]int{{-1, 0}, {0, -1}, {l.Width, 0}, {0, l.Height}} {
			if _, ok := l.SquareAt(p[0], p[1]); ok {
				t.Errorf("SquareAt(%d,%d) outside the board found a square", p[0], p[1])
			}
		}
	})
}

// The corners land where RULES.md puts them: square view a1 bottom left;
// diamond view a1 bottom, h8 top, a8 left, h1 right; flipping turns 180°.
func TestLayoutOrientation(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		want := map[string]string{} // extreme -> square
		if l.View == DiamondView {
			want = map[string]string{"bottom": "a1", "top": "h8", "left": "a8", "right": "h1"}
			if l.Flip {
				want = map[string]string{"bottom": "h8", "top": "a1", "left": "h1", "right": "a8"}
			}
		} else {
			want = map[string]string{"bottom-left": "a1", "top-right": "h8"}
			if l.Flip {
				want = map[string]string{"bottom-left": "h8", "top-right": "a1"}
			}
		}
		for where, name := range want {
			s := sq(t, name)
			x, y := l.Centre(s)
			for o := rules.Square(0); o < 64; o++ {
				ox, oy := l.Centre(o)
				bad := false
				switch where {
				case "bottom":
					bad = oy > y || oy == y && o != s
				case "top":
					bad = oy < y || oy == y && o != s
				case "left":
					bad = ox < x || ox == x && o != s
				case "right":
					bad = ox > x || ox == x && o != s
				case "bottom-left":
					bad = oy > y || ox < x
				case "top-right":
					bad = oy < y || ox > x
				}
				if bad {
					t.Errorf("%s should be the %s square, but %v is at (%d,%d) vs (%d,%d)", name, where, o, ox, oy, x, y)
				}
			}
		}
	})
}

// Labels name the squares beside them and follow flipping.
func TestLayoutLabels(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		n := 0
		for y := 0; y < l.Height; y++ {
			for x := 0; x < l.Width; x++ {
				c := l.at(x, y)
				if c.role != roleLabel {
					continue
				}
				n++
				// the nearest square on the label's row or column must
				// carry the label's rank or file
				ok := false
				for s := rules.Square(0); s < 64; s++ {
					sx, sy := l.Centre(s)
					if c.label >= '1' && c.label <= '8' && sy == y && s.Rank() == int(c.label-'1') && abs(sx-x) <= l.cell.w+2 {
						ok = true
					}
					if c.label >= 'a' && c.label <= 'h' && s.File() == int(c.label-'a') &&
						(l.View == SquareView && sx == x || l.View == DiamondView && sy == y && abs(sx-x) <= l.cell.w+2) {
						ok = true
					}
				}
				if !ok {
					t.Errorf("label %q at (%d,%d) is not beside a square it names", c.label, x, y)
				}
			}
		}
		if n != 16 {
			t.Errorf("%d labels, want 16 (eight ranks, eight files)", n)
		}
	})
}

func TestFitBoard(t *testing.T) {
	for _, v := range []View{SquareView, DiamondView} {
		small := NewLayout(v, 0, false)
		large := NewLayout(v, NumSizes(v)-1, false)
		if _, ok := Fit(v, false, small.Width-1, small.Height); ok {
			t.Errorf("%v: fits in %d columns, narrower than the smallest board", v, small.Width-1)
		}
		if l, ok := Fit(v, false, small.Width, small.Height); !ok || l.Size != 0 {
			t.Errorf("%v: smallest size does not fit its own size", v)
		}
		if l, ok := Fit(v, false, 500, 500); !ok || l.Size != large.Size {
			t.Errorf("%v: a huge area should get the largest board, got size %d", v, l.Size)
		}
		if l, _ := Fit(v, false, large.Width-1, 500); l.Size == large.Size {
			t.Errorf("%v: the largest board was chosen for too few columns", v)
		}
	}
}

func TestStep(t *testing.T) {
	tests := []struct {
		view View
		flip bool
		from string
		dir  Direction
		goal int // lattice column the cursor aims for; -1 = the square's own
		want string
	}{
		{SquareView, false, "e2", Up, -1, "e3"},
		{SquareView, false, "e2", Down, -1, "e1"},
		{SquareView, false, "e2", Left, -1, "d2"},
		{SquareView, false, "e2", Right, -1, "f2"},
		{SquareView, false, "e1", Down, -1, "-"},
		{SquareView, true, "e2", Up, -1, "e1"},
		{SquareView, true, "e2", Left, -1, "f2"},
		// diamond: left/right stay on the screen row (a diagonal neighbour)
		{DiamondView, false, "b2", Left, -1, "a3"},
		{DiamondView, false, "b2", Right, -1, "c1"},
		{DiamondView, false, "a8", Left, -1, "-"},
		// up/down go one screen row to an edge neighbour, toward the goal
		{DiamondView, false, "b2", Up, 6, "b3"},
		{DiamondView, false, "b2", Up, 8, "c2"},
		{DiamondView, false, "b3", Down, 5, "a3"},
		{DiamondView, false, "b3", Down, 7, "b2"},
		// equally near: toward the middle column (7), then right
		{DiamondView, false, "a1", Up, -1, "b1"},
		{DiamondView, false, "a2", Up, -1, "b2"},
		{DiamondView, false, "h8", Up, -1, "-"},
		{DiamondView, false, "a8", Up, -1, "b8"},
		{DiamondView, false, "a8", Down, -1, "a7"},
		{DiamondView, true, "h8", Up, -1, "g8"},
		{DiamondView, true, "b2", Left, -1, "c1"},
	}
	for _, tc := range tests {
		l := NewLayout(tc.view, 0, tc.flip)
		from := sq(t, tc.from)
		goal := tc.goal
		if goal < 0 {
			goal = l.Column(from)
		}
		got := "-"
		if s := l.Step(from, tc.dir, goal); s != rules.NoSquare {
			got = s.String()
		}
		if got != tc.want {
			t.Errorf("%v flip=%v: Step(%s, %v, goal %d) = %s, want %s", tc.view, tc.flip, tc.from, tc.dir, goal, got, tc.want)
		}
	}
}

// Cursor steps go to the visually adjacent square in the screen direction
// of the key, and every square can be reached.
func TestStepIsVisual(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		seen := map[rules.Square]bool{0: true}
		queue := []rules.Square{0}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			x, y := l.Centre(s)
			for d := Up; d <= Right; d++ {
				for _, goal := range []int{0, l.Column(s), 14} {
					n := l.Step(s, d, goal)
					if n == rules.NoSquare {
						continue
					}
					nx, ny := l.Centre(n)
					var ok bool
					switch d {
					case Up:
						ok = ny < y && abs(nx-x) < l.cell.w*2
					case Down:
						ok = ny > y && abs(nx-x) < l.cell.w*2
					case Left:
						ok = nx < x && ny == y
					case Right:
						ok = nx > x && ny == y
					}
					if !ok {
						t.Fatalf("Step(%v, %v) = %v: (%d,%d) -> (%d,%d) is not that way on screen", s, d, n, x, y, nx, ny)
					}
					if !seen[n] {
						seen[n] = true
						queue = append(queue, n)
					}
				}
			}
		}
		if len(seen) != 64 {
			t.Errorf("cursor reaches %d squares from a1, want 64", len(seen))
		}
	})
}

func (d Direction) String() string { return [...]string{"up", "down", "left", "right"}[d] }
