// Package board draws chess positions for the terminal: the square and
// the diamond view, the highlights on top of a position, the glyph sets,
// the colour themes and the one Styles value every screen shares.
//
// Render draws any rules.Position with any Highlights into a Layout, so
// a game, the menu's preview, the rules guide's diagrams and the
// settings preview share it. A Layout is computed once per view, size
// and orientation: it says which character cell belongs to which square,
// where each glyph and label goes, and both Render and mouse hit-testing
// (SquareAt) read it, so a click lands where the square was drawn.
//
// The diamond view turns the board 45°: a1 at the bottom, h8 at the top,
// a8 at the left, h1 at the right (turned 180° when flipped). Squares sit
// on a lattice where row = 14-(file+rank) and column = 7+file-rank; each
// square is a diamond around its centre, and squares sharing an edge are
// one row and one column apart. The cursor moves in screen directions
// (Step): left and right go to the next square on the same screen row
// (one file and one rank away on the board); up and down go one screen
// row, to the edge neighbour nearer the column the cursor aims for, so
// repeated presses go straight up or down the screen.
//
// Themes are palettes only: glyphs and marks belong to the piece style,
// and every highlight has a glyph as well as a colour. The package
// decides nothing about the game: it shows the position, and the kinds
// of the moves rules gives, that it is handed.
package board
