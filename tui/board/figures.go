package board

import (
	"strings"
	"sync"

	"github.com/charmbracelet/lipgloss"

	"varia/rules"
)

// Figures are pieces drawn over several characters, for squares large
// enough to hold them: a board across the room reads by its figures, not
// by one character in a big square. Each piece type's silhouette is a
// bitmap of two pixels a character each way, drawn with the quadrant
// block characters. Black's figures are solid; White's are the same
// silhouettes hollowed to an outline, so the sides differ by shape as
// well as by ink. ASEAN's Ferz stands in the Queen's slot and is drawn
// as a queen. Letters (--ascii) have no figures: those fonts may lack
// the blocks.

// figureArt is one size of figures: each piece type's silhouette, '#'
// for ink, 2w pixels wide and 2h high.
type figureArt struct {
	w, h int // characters
	// thin: White's outline is one pixel wide all round (small figures,
	// which a thicker outline would fill)
	thin bool
	art  [7][]string
}

// figureArts are the sizes, smallest first.
var figureArts = []figureArt{
	{w: 5, h: 3, thin: true, art: [7][]string{
		rules.Pawn: {
			"..........",
			"....##....",
			"...####...",
			"....##....",
			"...####...",
			"..######..",
		},
		rules.Knight: {
			"....#.....",
			"..#####...",
			".##.####..",
			"....####..",
			"...####...",
			"..######..",
		},
		rules.Bishop: {
			"....##....",
			"...#.##...",
			"...####...",
			"....##....",
			"...####...",
			"..######..",
		},
		rules.Rook: {
			"..#.##.#..",
			"..######..",
			"...####...",
			"...####...",
			"..######..",
			".########.",
		},
		rules.Queen: {
			".#..##..#.",
			".##.##.##.",
			"..######..",
			"...####...",
			"..######..",
			".########.",
		},
		rules.King: {
			"....##....",
			"..#.##.#..",
			".########.",
			"..######..",
			"...####...",
			"..######..",
		},
	}},
	{w: 7, h: 4, art: [7][]string{
		rules.Pawn: {
			"..............",
			".....####.....",
			"....######....",
			".....####.....",
			"......##......",
			".....####.....",
			"...########...",
			"..##########..",
		},
		rules.Knight: {
			".......#.#....",
			"......######..",
			"....###.####..",
			"...#########..",
			"...###..####..",
			".......####...",
			"....########..",
			"...##########.",
		},
		rules.Bishop: {
			"......##......",
			".....####.....",
			"....##.###....",
			"....#.####....",
			".....####.....",
			"......##......",
			"....######....",
			"..##########..",
		},
		rules.Rook: {
			"...##.##.##...",
			"...########...",
			"....######....",
			"....######....",
			"....######....",
			"....######....",
			"...########...",
			"..##########..",
		},
		rules.Queen: {
			"..#...##...#..",
			"..##.####.##..",
			"..##.####.##..",
			"...########...",
			"....######....",
			".....####.....",
			"...########...",
			"..##########..",
		},
		rules.King: {
			"......##......",
			".....####.....",
			"..###.##.###..",
			".############.",
			"..##########..",
			"...########...",
			"...########...",
			"..##########..",
		},
	}},
	{w: 9, h: 5, art: [7][]string{
		rules.Pawn: {
			"..................",
			".......####.......",
			"......######......",
			".......####.......",
			"........##........",
			".......####.......",
			".......####.......",
			"......######......",
			"....##########....",
			"...############...",
		},
		rules.Knight: {
			".........##.##....",
			"........########..",
			"......##########..",
			"....####.#######..",
			"...#############..",
			"...#####..######..",
			"..........######..",
			".........######...",
			".....###########..",
			"....#############.",
		},
		rules.Bishop: {
			"........##........",
			".......####.......",
			"......###.##......",
			".....###.####.....",
			".....##.#####.....",
			"......######......",
			".......####.......",
			"......######......",
			"....##########....",
			"...############...",
		},
		rules.Rook: {
			"...###.####.###...",
			"...############...",
			"....##########....",
			".....########.....",
			".....########.....",
			".....########.....",
			".....########.....",
			"....##########....",
			"...############...",
			"..##############..",
		},
		rules.Queen: {
			"..#.....##.....#..",
			"..##...####...##..",
			"..###..####..###..",
			"...############...",
			"....##########....",
			".....########.....",
			"......######......",
			".....########.....",
			"....##########....",
			"...############...",
		},
		rules.King: {
			"........##........",
			".......####.......",
			"........##........",
			"...####.##.####...",
			"..##############..",
			"..##############..",
			"...############...",
			"....##########....",
			"....##########....",
			"...############...",
		},
	}},
}

// figure is one size of figures drawn: the characters of each piece,
// row by row, by colour and type.
type figure struct {
	w, h  int
	runes [2][7][][]rune
}

// figures are the figureArts drawn, once.
var figures = sync.OnceValue(func() []figure {
	out := make([]figure, len(figureArts))
	for i, a := range figureArts {
		f := figure{w: a.w, h: a.h}
		for t := rules.Pawn; t <= rules.King; t++ {
			f.runes[rules.Black][t] = quadrants(a.art[t], a.w, a.h)
			f.runes[rules.White][t] = quadrants(hollow(a.art[t], a.thin), a.w, a.h)
		}
		out[i] = f
	}
	return out
})

// quadrantRunes are the block characters by their four pixels: top
// left 8, top right 4, bottom left 2, bottom right 1.
var quadrantRunes = [16]rune{' ', '▗', '▖', '▄', '▝', '▐', '▞', '▟', '▘', '▚', '▌', '▙', '▀', '▜', '▛', '█'}

// quadrants draws a bitmap with one block character for each two by two
// pixels.
func quadrants(bm []string, w, h int) [][]rune {
	px := func(x, y int) int {
		if y < len(bm) && x < len(bm[y]) && bm[y][x] == '#' {
			return 1
		}
		return 0
	}
	out := make([][]rune, h)
	for y := range out {
		out[y] = make([]rune, w)
		for x := range out[y] {
			out[y][x] = quadrantRunes[px(2*x, 2*y)<<3|px(2*x+1, 2*y)<<2|px(2*x, 2*y+1)<<1|px(2*x+1, 2*y+1)]
		}
	}
	return out
}

// hollow keeps a silhouette's outline: a pixel goes when ink surrounds
// it, left and right two pixels deep (pixels are half as wide as high)
// unless thin, or where that would leave a slim figure solid.
func hollow(bm []string, thin bool) []string {
	if !thin {
		out := hollowBy(bm, false)
		if removed(bm, out) >= 4 {
			return out
		}
	}
	return hollowBy(bm, true)
}

// removed counts the pixels hollowing took out.
func removed(before, after []string) int {
	n := 0
	for y := range before {
		n += strings.Count(before[y], "#") - strings.Count(after[y], "#")
	}
	return n
}

func hollowBy(bm []string, thin bool) []string {
	in := func(x, y int) bool { return y >= 0 && y < len(bm) && x >= 0 && x < len(bm[y]) && bm[y][x] == '#' }
	out := make([]string, len(bm))
	for y, row := range bm {
		b := []byte(row)
		for x := range b {
			inside := in(x, y) && in(x-1, y) && in(x+1, y) && in(x, y-1) && in(x, y+1)
			if !thin {
				inside = inside && in(x-2, y) && in(x+2, y) && in(x-1, y-1) && in(x+1, y-1) && in(x-1, y+1) && in(x+1, y+1)
			}
			if inside {
				b[x] = '.'
			}
		}
		out[y] = string(b)
	}
	return out
}

// figuresNarrow reports whether every block character measures one cell.
func figuresNarrow() bool {
	for _, r := range quadrantRunes {
		if lipgloss.Width(string(r)) != 1 {
			return false
		}
	}
	return true
}
