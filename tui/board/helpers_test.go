package board

import (
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"varia/rules"
)

// testStyles are the default theme's styles for a colour profile, on a
// dark background whatever the environment says, with letters for
// pieces when ascii is set.
func testStyles(ascii bool, p termenv.Profile) *Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	r.SetHasDarkBackground(true)
	pieces := PiecesFilled
	if ascii {
		pieces = PiecesLetters
	}
	theme, _ := ThemeByName(DefaultThemeName)
	return NewStyles(r, theme, pieces)
}

func sq(t testing.TB, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// needNarrowSymbols skips tests of exact screen widths and golden screens
// where the environment (RUNEWIDTH_EASTASIAN) makes symbols of ambiguous
// width, such as · and •, measure two cells: they assume one.
func needNarrowSymbols(t *testing.T) {
	t.Helper()
	if lipgloss.Width("·•←") != 3 {
		t.Skip("ambiguous-width symbols measure two cells here (RUNEWIDTH_EASTASIAN); the expected screens assume one")
	}
}
