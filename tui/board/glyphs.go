package board

import (
	"github.com/charmbracelet/lipgloss"

	"varia/rules"
)

// Glyphs are the characters the board is drawn with. Two sets exist: Unicode
// chess symbols, and plain letters for terminals whose fonts break the
// symbols (the --ascii setting).
type Glyphs struct {
	// Pieces by colour and type. Unicode sets use outline symbols for White
	// where colour cannot tell the sides apart.
	Pieces [2][7]rune
	// Hints by the kind of move onto a square (see HintKind).
	Hints [NumHintKinds]rune
	// DarkEmpty marks an empty dark square when colour is off; without it
	// the two square colours would look the same.
	DarkEmpty rune
	// Without colour, the diamond view draws the gaps between its squares
	// and its outline (rising and falling edges), so its shape and every
	// square show.
	Gap, EdgeRise, EdgeFall rune
	// Markers around a square's glyph, drawn in the cell's outer slots.
	CursorL, CursorR     rune
	SelectedL, SelectedR rune
	CheckL, CheckR       rune
	LastL, LastR         rune
	PremoveL, PremoveR   rune
	// Current marks the current move in the move list; More says rows are
	// hidden above.
	Current rune
	More    string
}

// UnicodeGlyphs returns the chess-symbol set, with outline or filled
// symbols for each side. Filled shapes read better on coloured squares;
// without colour White needs the outlines to differ from Black.
func UnicodeGlyphs(whiteOutline, blackOutline bool) Glyphs {
	g := Glyphs{
		Hints:     [NumHintKinds]rune{'•', '×', '⊗', '⇄', '◇', '↔', '◊', '²', '='},
		DarkEmpty: '·',
		Gap:       '·', EdgeRise: '╱', EdgeFall: '╲',
	}
	g.setMarkers()
	g.Current, g.More = '▸', "…"
	filled := [7]rune{' ', '♟', '♞', '♝', '♜', '♛', '♚'}
	outline := [7]rune{' ', '♙', '♘', '♗', '♖', '♕', '♔'}
	g.Pieces[rules.White], g.Pieces[rules.Black] = filled, filled
	if whiteOutline {
		g.Pieces[rules.White] = outline
	}
	if blackOutline {
		g.Pieces[rules.Black] = outline
	}
	return g
}

// ASCIIGlyphs returns the letter set: FEN letters for pieces (upper case
// White) and plain punctuation for hints.
func ASCIIGlyphs() Glyphs {
	g := Glyphs{
		Hints:     [NumHintKinds]rune{'*', 'x', 'e', 'c', 's', '-', 'd', '2', '='},
		DarkEmpty: '.',
		Gap:       '.', EdgeRise: '/', EdgeFall: '\\',
	}
	g.setMarkers()
	for c := rules.White; c <= rules.Black; c++ {
		for t := rules.Pawn; t <= rules.King; t++ {
			g.Pieces[c][t] = rune(rules.MakePiece(c, t).Letter())
		}
	}
	return g
}

func (g *Glyphs) setMarkers() {
	g.Current, g.More = '>', "..."

	g.CursorL, g.CursorR = '[', ']'
	g.SelectedL, g.SelectedR = '(', ')'
	g.CheckL, g.CheckR = '!', '!'
	g.LastL, g.LastR = '\'', '\''
	g.PremoveL, g.PremoveR = '{', '}'
}

// Piece returns the glyph of a piece.
func (g *Glyphs) Piece(p rules.Piece) rune {
	return g.Pieces[p.Color()][p.Type()]
}

// narrow reports whether every board glyph measures one cell here.
func (g *Glyphs) narrow() bool {
	runes := []rune{g.DarkEmpty, g.Gap, g.EdgeRise, g.EdgeFall, g.CursorL, g.CursorR, g.SelectedL, g.SelectedR, g.CheckL, g.CheckR, g.LastL, g.LastR, g.PremoveL, g.PremoveR}
	runes = append(runes, g.Hints[:]...)
	for c := range g.Pieces {
		runes = append(runes, g.Pieces[c][1:]...)
	}
	for _, r := range runes {
		if lipgloss.Width(string(r)) != 1 {
			return false
		}
	}
	return true
}
