// Package ai is Varia's built-in opponent: an alpha-beta search over the
// rules package's positions, an evaluation derived from each variant's own
// data, the playing levels offered to people, and the UCI engine loop that
// lets other chess programs drive it.
//
// An Engine keeps its transposition table between searches; it searches a
// copy of the position it is given and never changes the caller's.
package ai
