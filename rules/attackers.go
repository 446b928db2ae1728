package rules

// AttackersTo returns every piece, of either colour, that attacks s when
// only the squares of occ are occupied: the board's pieces outside occ are
// treated as gone. Static exchange evaluation lifts the pieces that have
// already captured on s this way, which uncovers the sliders behind them.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return p.attackersTo(s, occ)
}
