package ai

import "varia/rules"

// PieceValues is what each piece type of v is worth in material, in
// centipawns, by rules.PieceType (the king 0), as derived from how the
// variant's pieces move. People see material counted with them: tuned
// values serve the search better but read oddly (a chess queen worth
// thirteen of its pawns).
func PieceValues(v *rules.Variant) [7]int {
	e := derivedTables(v)
	var out [7]int
	for t := rules.Pawn; t < rules.King; t++ {
		out[t] = int(e.value[t])
	}
	return out
}
