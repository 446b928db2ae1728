package board

import "varia/rules"

// View is how the board is turned on screen.
type View uint8

const (
	SquareView  View = iota
	DiamondView      // turned 45°: a1 at the bottom, h8 top, a8 left, h1 right
)

func (v View) String() string {
	if v == DiamondView {
		return "diamond"
	}
	return "square"
}

// cellSize is a square view cell in characters, or, in the diamond view,
// the diamond's half width and half height (the lattice pitch).
type cellSize struct{ w, h int }

// Board sizes from smallest to largest; a screen picks the largest that
// fits. Square cells are 2h+1 wide and h high, roughly square on a
// terminal whose characters are about twice as tall as wide. The
// diamond's 2:1 pitch keeps its edges at 45°, apart from the second
// size, which trades that for wider squares where room is short.
var (
	squareSizes  = sizesFrom([]cellSize{{3, 1}}, 1, maxCellRows, func(h int) cellSize { return cellSize{2*h + 1, h} })
	diamondSizes = sizesFrom([]cellSize{{2, 1}, {3, 1}}, 2, maxDiamondRows, func(h int) cellSize { return cellSize{2 * h, h} })
)

// The largest boards: a square view 170×81 and a diamond view 195×95
// characters, for the largest windows people use.
const (
	maxCellRows    = 10
	maxDiamondRows = 6
)

func sizesFrom(first []cellSize, from, to int, size func(h int) cellSize) []cellSize {
	out := append([]cellSize(nil), first...)
	for h := from; h <= to; h++ {
		if c := size(h); c != out[len(out)-1] {
			out = append(out, c)
		}
	}
	return out
}

func boardSizes(v View) []cellSize {
	if v == DiamondView {
		return diamondSizes
	}
	return squareSizes
}

// boardDims is the width and height of a board of cell size c, labels
// included.
func boardDims(v View, c cellSize) (w, h int) {
	if v == DiamondView {
		return 16*c.w - 1 + 2*diamondLabelW, 16*c.h - 1
	}
	return squareLabelW + 8*c.w, 8*c.h + 1
}

// cellRole says what a character cell of the board area shows.
type cellRole uint8

const (
	roleOutside cellRole = iota // beyond the board: blank
	roleGap                     // diamond view: where squares meet at a corner or edge
	roleFill                    // inside a square, no slot
	roleGlyph                   // the square's piece or hint glyph
	roleInnerL                  // beside the glyph: hint markers on occupied targets
	roleInnerR
	roleOuterL // the square's edges on the glyph row: cursor, selection, check, last move
	roleOuterR
	roleLabel  // a file or rank label
	roleCorner // where a square with a figure shows that it is a destination
	roleEdge   // diamond view: just outside the board's outline
)

type gridCell struct {
	sq    rules.Square // NoSquare unless the cell belongs to a square
	role  cellRole
	label rune // a label's character; a gap's shape
}

// The shapes of the diamond view's gaps: on an edge between two squares
// rising or falling, or where squares meet at a corner.
const (
	gapVertex rune = iota
	gapRise
	gapFall
)

type point struct{ x, y int }

// Layout is the geometry of one board drawing: which character cell
// belongs to which square, where each square's glyph goes, and where the
// labels are. It is computed once per view, size and orientation, and both
// the renderer and mouse hit-testing read it, so they cannot disagree.
type Layout struct {
	View          View
	Flip          bool // Black at the bottom
	Size          int  // index into the view's sizes, 0 = smallest
	Width, Height int  // characters, labels included

	cell   cellSize
	wide   bool       // squares have inner slots beside the glyph
	fig    int        // the size of figures that fits a square, from 1; 0 for none
	figRef *figure    // that size
	cells  []gridCell // Width*Height, row by row
	centre [64]point
	// lattice position of each square: row from the top, column from the
	// left, in the view's own lattice (see latticeOf)
	row, col [64]int
}

// NumSizes reports how many sizes a view offers.
func NumSizes(v View) int { return len(boardSizes(v)) }

// NewLayout computes the layout of a view at a size (clamped to the
// sizes the view has).
func NewLayout(v View, size int, flip bool) *Layout {
	sizes := boardSizes(v)
	size = max(0, min(size, len(sizes)-1))
	l := &Layout{View: v, Flip: flip, Size: size, cell: sizes[size]}
	for s := rules.Square(0); s < 64; s++ {
		l.row[s], l.col[s] = l.latticeOf(s)
	}
	if v == DiamondView {
		l.buildDiamond()
	} else {
		l.buildSquare()
	}
	l.fitFigures()
	return l
}

// fitFigures picks the largest figures whose box, with a cell to spare
// left and right on every row, lies inside a square and clear of its
// edges' markers, and marks the cells where a square holding a figure
// shows that it is a destination: its corners, or the diamond's top and
// bottom.
func (l *Layout) fitFigures() {
	const s = rules.Square(0) // every square has the same shape
	c := l.centre[s]
	fits := func(f figure) bool {
		for dy := 0; dy < f.h; dy++ {
			y := c.y - f.h/2 + dy
			for x := c.x - f.w/2 - 1; x <= c.x-f.w/2+f.w; x++ {
				if x < 0 || y < 0 || x >= l.Width || y >= l.Height {
					return false
				}
				if cell := l.at(x, y); cell.sq != s || cell.role == roleOuterL || cell.role == roleOuterR {
					return false
				}
			}
		}
		return true
	}
	figs := figures()
	for i := len(figs) - 1; i >= 0 && l.fig == 0; i-- {
		if fits(figs[i]) {
			l.fig = i + 1
		}
	}
	if l.fig == 0 {
		return
	}
	l.figRef = &figs[l.fig-1]
	for sq := rules.Square(0); sq < 64; sq++ {
		c := l.centre[sq]
		if l.View == SquareView {
			x0, y0 := c.x-l.cell.w/2, c.y-(l.cell.h-1)/2
			for _, p := range [4]point{{x0, y0}, {x0 + l.cell.w - 1, y0}, {x0, y0 + l.cell.h - 1}, {x0 + l.cell.w - 1, y0 + l.cell.h - 1}} {
				l.at(p.x, p.y).role = roleCorner
			}
			continue
		}
		for _, y := range [2]int{c.y - l.cell.h + 1, c.y + l.cell.h - 1} {
			for x := c.x - l.cell.w; x <= c.x+l.cell.w; x++ {
				if cell := l.at(x, y); cell.sq == sq {
					cell.role = roleCorner
				}
			}
		}
	}
}

// figure is the size of figures that fits the squares; nil for none.
func (l *Layout) figure() *figure { return l.figRef }

// figureAt is the cell (fx, fy) of a square's figure box that (x, y)
// is, or false outside the box.
func (l *Layout) figureAt(s rules.Square, f *figure, x, y int) (fx, fy int, ok bool) {
	c := l.centre[s]
	fx, fy = x-c.x+f.w/2, y-c.y+f.h/2
	return fx, fy, fx >= 0 && fy >= 0 && fx < f.w && fy < f.h
}

// Fit returns the largest layout of the view that fits in w×h, or
// false when even the smallest does not.
func Fit(v View, flip bool, w, h int) (*Layout, bool) {
	sizes := boardSizes(v)
	for size := len(sizes) - 1; size >= 0; size-- {
		if bw, bh := boardDims(v, sizes[size]); bw <= w && bh <= h {
			return NewLayout(v, size, flip), true
		}
	}
	return NewLayout(v, 0, flip), false
}

// oriented returns a square's file and rank as seen from the bottom of the
// screen: turned 180° when the board is flipped.
func (l *Layout) oriented(s rules.Square) (f, r int) {
	f, r = s.File(), s.Rank()
	if l.Flip {
		f, r = 7-f, 7-r
	}
	return f, r
}

// latticeOf places a square on the view's lattice. Square view: rows 0-7
// top to bottom, columns 0-7 left to right. Diamond view: a 15×15 lattice
// where row = 14-(file+rank) and column = 7+file-rank, so a1 is at the
// bottom (row 14), h8 at the top, a8 at the left (column 0), h1 at the
// right; squares sharing an edge are one row and one column apart.
func (l *Layout) latticeOf(s rules.Square) (row, col int) {
	f, r := l.oriented(s)
	if l.View == DiamondView {
		return 14 - (f + r), 7 + f - r
	}
	return 7 - r, f
}

// squareAtLattice is latticeOf's inverse; NoSquare off the board.
func (l *Layout) squareAtLattice(row, col int) rules.Square {
	var f, r int
	if l.View == DiamondView {
		sum, diff := 14-row, col-7
		if (sum+diff)%2 != 0 {
			return rules.NoSquare
		}
		f, r = (sum+diff)/2, (sum-diff)/2
	} else {
		f, r = col, 7-row
	}
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return rules.NoSquare
	}
	if l.Flip {
		f, r = 7-f, 7-r
	}
	return rules.MakeSquare(f, r)
}

func (l *Layout) at(x, y int) *gridCell { return &l.cells[y*l.Width+x] }

func (l *Layout) alloc() {
	l.cells = make([]gridCell, l.Width*l.Height)
	for i := range l.cells {
		l.cells[i].sq = rules.NoSquare
	}
}

// setSlots marks a square's glyph row: glyph in the centre, inner slots
// beside it when the square is at least five wide, outer slots at its
// edges (the same cells as the inner ones in a three-wide square).
func (l *Layout) setSlots(s rules.Square, left, right int) {
	c := l.centre[s]
	if right-left >= 4 {
		l.wide = true
		l.at(c.x-1, c.y).role = roleInnerL
		l.at(c.x+1, c.y).role = roleInnerR
	}
	l.at(left, c.y).role = roleOuterL
	l.at(right, c.y).role = roleOuterR
	l.at(c.x, c.y).role = roleGlyph
}

const (
	squareLabelW  = 2 // rank digit and a space, left of the square view
	diamondLabelW = 2
)

func (l *Layout) buildSquare() {
	w, h := l.cell.w, l.cell.h
	l.Width, l.Height = boardDims(SquareView, l.cell)
	l.alloc()
	for s := rules.Square(0); s < 64; s++ {
		x0, y0 := squareLabelW+l.col[s]*w, l.row[s]*h
		for y := y0; y < y0+h; y++ {
			for x := x0; x < x0+w; x++ {
				*l.at(x, y) = gridCell{sq: s, role: roleFill}
			}
		}
		l.centre[s] = point{x0 + w/2, y0 + (h-1)/2}
		l.setSlots(s, x0, x0+w-1)
	}
	// Labels follow flipping: each names the squares beside it.
	for row := 0; row < 8; row++ {
		s := l.squareAtLattice(row, 0)
		*l.at(0, l.centre[s].y) = gridCell{sq: rules.NoSquare, role: roleLabel, label: rune('1' + s.Rank())}
	}
	for col := 0; col < 8; col++ {
		s := l.squareAtLattice(7, col)
		*l.at(l.centre[s].x, l.Height-1) = gridCell{sq: rules.NoSquare, role: roleLabel, label: rune('a' + s.File())}
	}
}

// buildDiamond assigns every character cell to the diamond whose centre is
// nearest in the lattice's own metric |dx|/P + |dy|/H. A cell exactly on
// the boundary of two or more squares is a gap; one on the boundary of a
// single square is outside the board.
func (l *Layout) buildDiamond() {
	p, h := l.cell.w, l.cell.h
	l.Width, l.Height = boardDims(DiamondView, l.cell)
	l.alloc()
	for s := rules.Square(0); s < 64; s++ {
		l.centre[s] = point{diamondLabelW + p - 1 + l.col[s]*p, h - 1 + l.row[s]*h}
	}
	unit := p * h // distance 1 in the metric, scaled to integers
	// Each cell within distance 1 of a square's centre: inside it, or on
	// its boundary (ties counts the squares it is on the boundary of).
	ties := make([]int8, len(l.cells))
	first := make([]rules.Square, len(l.cells)) // the first square a boundary cell is on
	slope := make([]rune, len(l.cells))
	for s := rules.Square(0); s < 64; s++ {
		c := l.centre[s]
		for y := max(0, c.y-h); y <= min(l.Height-1, c.y+h); y++ {
			for x := max(0, c.x-p); x <= min(l.Width-1, c.x+p); x++ {
				i := y*l.Width + x
				switch d := abs(x-c.x)*h + abs(y-c.y)*p; {
				case d < unit:
					*l.at(x, y) = gridCell{sq: s, role: roleFill}
				case d == unit:
					ties[i]++
					if ties[i] == 1 {
						first[i] = s
					} else if ties[i] == 2 {
						// between two squares sharing an edge: the edge rises
						// (╱) between squares down-right and up-left of each
						// other, and falls (╲) between the others
						slope[i] = gapFall
						if (l.row[s]-l.row[first[i]])*(l.col[s]-l.col[first[i]]) > 0 {
							slope[i] = gapRise
						}
					} else {
						slope[i] = gapVertex
					}
				}
			}
		}
	}
	// The board is itself a diamond of radius 8 around the lattice centre:
	// a cell between squares inside it is a gap, one on its outline an
	// edge, outside the board.
	midX, midY := diamondLabelW+p-1+7*p, h-1+7*h
	for y := 0; y < l.Height; y++ {
		for x := 0; x < l.Width; x++ {
			cell := l.at(x, y)
			if cell.sq != rules.NoSquare || ties[y*l.Width+x] == 0 {
				continue
			}
			if abs(x-midX)*h+abs(y-midY)*p < 8*unit {
				if ties[y*l.Width+x] >= 2 {
					cell.role, cell.label = roleGap, slope[y*l.Width+x]
				}
			} else {
				cell.role = roleEdge
			}
		}
	}
	for s := rules.Square(0); s < 64; s++ {
		c := l.centre[s]
		left, right := c.x, c.x
		for left > 0 && l.at(left-1, c.y).sq == s {
			left--
		}
		for right < l.Width-1 && l.at(right+1, c.y).sq == s {
			right++
		}
		l.setSlots(s, left, right)
		// Labels on the two lower edges: ranks along the lower left (the a
		// file when White is at the bottom), files along the lower right.
		row, col := l.row[s], l.col[s]
		if l.squareAtLattice(row+1, col-1) == rules.NoSquare {
			*l.at(left-2, c.y) = gridCell{sq: rules.NoSquare, role: roleLabel, label: rune('1' + s.Rank())}
		}
		if l.squareAtLattice(row+1, col+1) == rules.NoSquare {
			*l.at(right+2, c.y) = gridCell{sq: rules.NoSquare, role: roleLabel, label: rune('a' + s.File())}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// SquareAt is mouse hit-testing: the square drawn at (x, y), relative to
// the board's top-left corner, or false for labels, gaps and margins.
func (l *Layout) SquareAt(x, y int) (rules.Square, bool) {
	if x < 0 || y < 0 || x >= l.Width || y >= l.Height {
		return rules.NoSquare, false
	}
	s := l.at(x, y).sq
	return s, s != rules.NoSquare
}

// Centre returns where a square's glyph is drawn, relative to the board's
// top-left corner.
func (l *Layout) Centre(s rules.Square) (x, y int) {
	c := l.centre[s]
	return c.x, c.y
}

// Direction is a cursor move on screen.
type Direction uint8

const (
	Up Direction = iota
	Down
	Left
	Right
)

// Column is a square's lattice column; the cursor keeps it as its goal
// while moving up and down through the diamond view.
func (l *Layout) Column(s rules.Square) int { return l.col[s] }

// Step moves the cursor to the visually adjacent square in a screen
// direction, or returns NoSquare at the edge.
//
// Square view: the neighbouring square up, down, left or right on screen.
// Diamond view: left and right go to the next square on the same screen
// row (a diagonal neighbour on the board: one file and one rank away);
// up and down go one screen row, to one of the two squares that share an
// edge with this one, choosing the one nearer the goal column (so pressing
// up repeatedly climbs straight up the screen in a zigzag) and, when both
// are equally near, the one nearer the middle of the board.
func (l *Layout) Step(s rules.Square, d Direction, goalCol int) rules.Square {
	row, col := l.row[s], l.col[s]
	if l.View == SquareView {
		switch d {
		case Up:
			row--
		case Down:
			row++
		case Left:
			col--
		case Right:
			col++
		}
		return l.squareAtLattice(row, col)
	}
	switch d {
	case Left:
		return l.squareAtLattice(row, col-2)
	case Right:
		return l.squareAtLattice(row, col+2)
	}
	if d == Up {
		row--
	} else {
		row++
	}
	a, b := l.squareAtLattice(row, col-1), l.squareAtLattice(row, col+1)
	switch {
	case a == rules.NoSquare:
		return b
	case b == rules.NoSquare:
		return a
	}
	da, db := abs(col-1-goalCol), abs(col+1-goalCol)
	if da == db {
		da, db = abs(col-1-7), abs(col+1-7)
	}
	if da < db {
		return a
	}
	return b
}
