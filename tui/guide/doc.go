// Package guide writes the rules guide: a page for each variant that
// explains what it changes from chess. Every sentence and diagram is
// made from the variant's own data, the same the move generator reads (setup, piece and pawn vectors, promotion squares,
// castling table, draw patterns, count), compared with standard chess:
// the text is keyed on features of the data, never on a variant's name,
// so it cannot drift from the rules. Diagrams are positions built for the
// purpose and drawn by the board renderer with the legal moves rules
// gives, marked by their kinds, and the notation examples are rules' SAN
// of those moves.
//
// Build makes a variant's Page; Render lays it out for a width, each
// diagram with its caption beside it or below it.
package guide
