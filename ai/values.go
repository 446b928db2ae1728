package ai

import "varia/rules"

// PieceValues is what the evaluation counts each piece type of v as
// worth in material, in centipawns, by rules.PieceType (the king 0): the
// values it derives from how the variant's pieces move, or those tuned
// from its games. People see material counted with them.
func PieceValues(v *rules.Variant) [7]int {
	e := newEvaluator(v)
	var out [7]int
	for t := rules.Pawn; t < rules.King; t++ {
		out[t] = int(e.value[t])
	}
	return out
}
