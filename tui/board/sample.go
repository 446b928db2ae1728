package board

import "varia/rules"

// ThemeSample is a position that shows what a theme colours: the last
// move, a selected pawn with four kinds of move (a move, a capture, en
// passant and a sideways step) and the cursor.
func ThemeSample() (*rules.Position, Highlights) {
	pos, err := rules.ParseFEN(rules.Asha, "4k3/8/5n2/3pP3/8/8/8/R3K2R w KQ d6 0 2")
	if err != nil {
		panic("theme sample: " + err.Error())
	}
	hl := NoHighlights()
	hl.LastFrom, hl.LastTo = rules.MakeSquare(3, 6), rules.MakeSquare(3, 4)
	hl.Selected = rules.MakeSquare(4, 4)
	hl.SetTargets(pos.Legal(), hl.Selected)
	hl.Cursor = rules.MakeSquare(0, 0)
	return pos, hl
}
