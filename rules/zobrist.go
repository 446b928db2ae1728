package rules

// Zobrist keys: one random number per feature, XORed together. A fixed seed
// makes keys the same in every run, so they can be stored and compared.
type zobristKeys struct {
	piece  [16][64]uint64 // by Piece (colour<<3 | type) and square
	side   uint64
	castle [256]uint64 // by the whole castling-rights byte
	ep     [64]uint64
	rights [64]uint64 // a pawn on this square has its two-square move
	// rookRight: in Chess960 the rook on this square has a castling right
	rookRight [64]uint64
}

var zobrist = buildZobrist()

func buildZobrist() *zobristKeys {
	z := new(zobristKeys)
	rng := xorshift(0x2545F4914F6CDD1D)
	for pc := range z.piece {
		for s := range z.piece[pc] {
			z.piece[pc][s] = rng.next()
		}
	}
	z.side = rng.next()
	for i := range z.castle {
		z.castle[i] = rng.next()
	}
	for i := range z.ep {
		z.ep[i] = rng.next()
		z.rights[i] = rng.next()
	}
	// Drawn after the others, so their keys stay what they were.
	for i := range z.rookRight {
		z.rookRight[i] = rng.next()
	}
	return z
}
