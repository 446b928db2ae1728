package rules

import "strings"

// InsufficientMaterial reports whether neither side can ever give mate,
// by the variant's list of drawn material (RULES.md): "KB v K" matches a
// lone king against king and bishop, and, where bishops never change
// colour, K+B v K+B with both bishops on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	// Every listed pattern has at most four pieces; most positions stop here.
	if p.Occupied().Count() > 4 {
		return false
	}
	w, b := p.material(White), p.material(Black)
	for _, pat := range p.v.InsufficientMaterial {
		x, y, _ := parseMaterialPattern(pat)
		if x == w && y == b || x == b && y == w {
			return true
		}
	}
	if p.v.SameColourBishopsDraw && w == "KB" && b == "KB" {
		bishops := p.byType[Bishop]
		return bishops&lightSquares == 0 || bishops&^lightSquares == 0
	}
	return false
}

// lightSquares are the light squares (a1 is dark).
const lightSquares Bitboard = 0x55AA55AA55AA55AA

// material writes colour c's pieces as letters, king first ("KBN").
func (p *Position) material(c Color) string {
	var sb strings.Builder
	for t := King; t >= Pawn; t-- {
		for n := p.Pieces(c, t).Count(); n > 0; n-- {
			sb.WriteByte(t.Letter())
		}
	}
	return sb.String()
}
