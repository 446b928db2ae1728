// Package ai is Varia's built-in opponent: an alpha-beta search over the
// rules package's positions, an evaluation derived from each variant's own
// data, the playing levels offered to people, the UCI engine loop that lets
// other chess programs drive it, and the bench that measures it.
//
// # Search
//
// Negamax alpha-beta with principal variation search, iterative deepening
// and aspiration windows; a transposition table keyed by the Zobrist key;
// quiescence search over captures and promotions (and every evasion when in
// check); check extension; null move, reverse futility, late move
// reductions and pruning near the leaves; moves ordered by the table's
// move, static exchange evaluation and victim value, killers and history.
// Repetition (once is enough inside the search), the fifty-move rule,
// insufficient material and ASEAN's counting rule are draws in the search;
// a position without legal moves is mate or stalemate.
//
// An Engine keeps its table between searches. Search works on a copy of
// the position it is given (history included, so repeating one of the
// game's earlier positions is seen as a draw), stops within milliseconds of
// its time limit or of its context being cancelled with the best move found
// so far, and is deterministic: the same position, limits and seed give the
// same move.
//
// # Evaluation
//
// Nothing in the evaluation knows a variant by name; every table is built
// from the variant's data. A piece's value follows from how many squares it
// reaches on a typical board (which puts chess's pieces near their usual
// values and gives ASEAN's Ferz and one-step Bishop, and Asha's stepping
// pieces, values of their own). Pawns gain value as they near their own
// promotion squares, counted in pawn moves, scaled by what promotion gains;
// passed pawns are found along each variant's pawn paths. Officers prefer
// squares from which they reach more; the king keeps to its home corner or
// castled square in the middlegame and heads for the centre in the endgame.
// Mobility, king attack and pawn shelter, pawn threats and chains, pairs of
// colour-bound pieces and development are added, and the sum is blended
// between middlegame and endgame by the material left.
package ai
