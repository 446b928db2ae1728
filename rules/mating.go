package rules

// CanMate reports whether colour c has enough material to checkmate a
// lone king, judged from the variant's own list of drawn material
// (RULES.md): c cannot mate when its pieces alone, set against a bare
// king, form one of the variant's insufficient patterns (a lone king
// always does), or, in a variant where bishops never change colour
// (SameColourBishopsDraw), when all c has beside its king are bishops
// standing on squares of one colour. Pawns can always promote, so any
// pawn is enough.
//
// A flag fall uses it: running out of time loses, unless the opponent
// could not mate even against a bare king, which draws.
func (p *Position) CanMate(c Color) bool {
	own := p.ColorPieces(c)
	if own == p.Pieces(c, King) {
		return false
	}
	if p.Pieces(c, Pawn) != 0 {
		return true
	}
	mine := p.material(c)
	for _, pat := range p.v.InsufficientMaterial {
		x, y, _ := parseMaterialPattern(pat)
		if x == mine && y == "K" || y == mine && x == "K" {
			return false
		}
	}
	if p.v.SameColourBishopsDraw {
		bishops := p.Pieces(c, Bishop)
		if own == bishops|p.Pieces(c, King) && (bishops&lightSquares == 0 || bishops&^lightSquares == 0) {
			return false
		}
	}
	return true
}
