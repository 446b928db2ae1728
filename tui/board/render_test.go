package board

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"varia/rules"
)

// Every line of a board is exactly the layout's width on screen, with or
// without colour and in both piece sets.
func TestRenderBoardWidth(t *testing.T) {
	needNarrowSymbols(t)
	pos := rules.NewPosition(rules.Asha)
	hl := NoHighlights()
	hl.Cursor, hl.Selected = sq(t, "e2"), sq(t, "e2")
	hl.SetTargets(pos.Legal(), hl.Selected)
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.TrueColor} {
		for _, ascii := range []bool{false, true} {
			st := testStyles(ascii, profile)
			eachLayout(t, func(t *testing.T, l *Layout) {
				lines := strings.Split(Render(pos, &hl, l, st), "\n")
				if len(lines) != l.Height {
					t.Fatalf("%d lines, want %d", len(lines), l.Height)
				}
				for i, line := range lines {
					if w := lipgloss.Width(line); w != l.Width {
						t.Fatalf("line %d is %d wide, want %d: %q", i, w, l.Width, line)
					}
				}
			})
		}
	}
}

// Colour is never the only signal: without colour, each highlight still
// changes what the board shows.
func TestHighlightsVisibleWithoutColour(t *testing.T) {
	pos, err := rules.ParseFEN(rules.Standard, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	base := NoHighlights()
	cases := map[string]func(h *Highlights){
		"cursor":    func(h *Highlights) { h.Cursor = sq(t, "d4") },
		"selected":  func(h *Highlights) { h.Selected = sq(t, "h1") },
		"check":     func(h *Highlights) { h.Check = sq(t, "e8") },
		"last move": func(h *Highlights) { h.LastFrom, h.LastTo = sq(t, "h2"), sq(t, "h1") },
		"targets":   func(h *Highlights) { h.SetTargets(pos.Legal(), sq(t, "e1")) },
	}
	for _, ascii := range []bool{false, true} {
		st := testStyles(ascii, termenv.Ascii)
		for _, v := range []View{SquareView, DiamondView} {
			for size := 0; size < NumSizes(v); size++ {
				l := NewLayout(v, size, false)
				plain := Render(pos, &base, l, st)
				for name, set := range cases {
					h := NoHighlights()
					set(&h)
					if Render(pos, &h, l, st) == plain {
						t.Errorf("ascii=%v %v size %d: %s does not show without colour", ascii, v, size, name)
					}
				}
			}
		}
	}
}

// Each kind of destination has its own glyph, distinct from pieces and
// markers, in both sets.
func TestHintGlyphsDistinct(t *testing.T) {
	for name, g := range map[string]Glyphs{"unicode": UnicodeGlyphs(true, false), "ascii": ASCIIGlyphs()} {
		seen := map[rune]string{}
		add := func(r rune, what string) {
			if other, dup := seen[r]; dup {
				t.Errorf("%s: %q is both %s and %s", name, r, other, what)
			}
			seen[r] = what
		}
		for c := rules.White; c <= rules.Black; c++ {
			for p := rules.Pawn; p <= rules.King; p++ {
				add(g.Pieces[c][p], "a piece")
			}
		}
		for k := HintKind(0); k < NumHintKinds; k++ {
			add(g.Hints[k], k.String())
		}
		add(g.DarkEmpty, "a dark square")
		add(g.CursorL, "cursor")
		add(g.SelectedL, "selection")
		add(g.CheckL, "check")
		add(g.LastL, "last move")
	}
}

// Destinations are marked by the kinds rules gives the moves.
func TestSetTargets(t *testing.T) {
	tests := []struct {
		variant *rules.Variant
		fen     string
		from    string
		want    map[string]HintKind
	}{
		{rules.Asha, "", "e2", map[string]HintKind{"e3": HintQuiet, "e4": HintDoubleStep, "d3": HintPawnDiagonal, "f3": HintPawnDiagonal}},
		{rules.Asha, "", "b1", map[string]HintKind{"a3": HintQuiet, "c3": HintQuiet}},
		{rules.Asha, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1", map[string]HintKind{
			"e2": HintQuiet, "f3": HintQuiet, "h3": HintQuiet,
			"f1": HintKingsStep, "h1": HintKingsStep, "f2": HintKingsStep, "g2": HintKingsStep, "h2": HintKingsStep}},
		{rules.Standard, "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 2", "e5", map[string]HintKind{"e6": HintQuiet, "d6": HintEnPassant}},
		{rules.Standard, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1", map[string]HintKind{
			"d1": HintQuiet, "d2": HintQuiet, "e2": HintQuiet, "f2": HintQuiet, "f1": HintQuiet, "g1": HintCastling}},
		{rules.Standard, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7", map[string]HintKind{"a8": HintPromotion, "b8": HintPromotion}},
		{rules.Asha, "4k3/8/8/8/3Pp3/8/8/4K3 w - - 0 1", "d4", map[string]HintKind{
			"d5": HintQuiet, "c4": HintPawnLateral, "c5": HintPawnDiagonal, "e5": HintPawnDiagonal}},
		{rules.Edgy, "", "b5", map[string]HintKind{"c6": HintQuiet}},
	}
	for _, tc := range tests {
		pos := rules.NewPosition(tc.variant)
		if tc.fen != "" {
			var err error
			if pos, err = rules.ParseFEN(tc.variant, tc.fen); err != nil {
				t.Fatal(err)
			}
		}
		h := NoHighlights()
		h.SetTargets(pos.Legal(), sq(t, tc.from))
		got := map[string]HintKind{}
		for _, s := range h.Targets.Squares() {
			got[s.String()] = h.Hint[s]
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s %s: targets %v, want %v", tc.variant.ID, tc.from, got, tc.want)
			continue
		}
		for s, k := range tc.want {
			if got[s] != k {
				t.Errorf("%s %s: %s marked %v, want %v", tc.variant.ID, tc.from, s, got[s], k)
			}
		}
	}
}
