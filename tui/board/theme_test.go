package board

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"varia/rules"
)

var profiles = []struct {
	name    string
	profile termenv.Profile
}{
	{"true colour", termenv.TrueColor},
	{"256 colours", termenv.ANSI256},
	{"16 colours", termenv.ANSI},
}

// themeStyles are a theme's styles for a colour profile, on a dark
// terminal background, whatever the environment says.
func themeStyles(theme Theme, p termenv.Profile, pieces PieceStyle) *Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	r.SetHasDarkBackground(true)
	return NewStyles(r, theme, pieces)
}

// themeShowcase draws what a theme colours: the sample position in both
// views, the check sample, every hint mark and the text styles.
func themeShowcase(st *Styles) string {
	pos, hl := ThemeSample()
	cpos, chl := checkSample()
	square := strings.Split(Render(pos, &hl, NewLayout(SquareView, 1, false), st), "\n")
	check := strings.Split(Render(cpos, &chl, NewLayout(SquareView, 0, false), st), "\n")
	var b strings.Builder
	for i, l := range square {
		b.WriteString(l)
		if i < len(check) {
			b.WriteString("   " + check[i])
		}
		b.WriteByte('\n')
	}
	b.WriteString(Render(pos, &hl, NewLayout(DiamondView, 0, false), st))
	b.WriteByte('\n')
	var marks []string
	for k := HintKind(0); k < NumHintKinds; k++ {
		marks = append(marks, st.HintMark(k)+" "+k.String())
	}
	b.WriteString(strings.Join(marks, "  ") + "\n")
	b.WriteString(st.Title.Render("Title") + " " + st.Accent.Render("accent") + " " + st.Subtle.Render("subtle") + " " +
		st.Error.Render("error") + " " + st.Warning.Render("warning") + " " + st.CurrentMove.Render("current move") + "\n")
	return b.String()
}

// Each theme in each colour depth.
func TestThemeGoldens(t *testing.T) {
	needNarrowSymbols(t)
	for _, theme := range Themes() {
		t.Run(theme.Name, func(t *testing.T) {
			var b strings.Builder
			for _, p := range profiles {
				fmt.Fprintf(&b, "== %s ==\n", p.name)
				b.WriteString(themeShowcase(themeStyles(theme, p.profile, PiecesFilled)))
			}
			golden.RequireEqual(t, []byte(b.String()))
		})
	}
}

var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// Themes change colours only: with the escapes taken out, every theme
// draws the same marks in the same places.
func TestThemesKeepTheMarks(t *testing.T) {
	pieceRunes := map[rune]bool{}
	for _, g := range []Glyphs{UnicodeGlyphs(true, true), UnicodeGlyphs(false, false)} {
		for c := range g.Pieces {
			for _, r := range g.Pieces[c][1:] {
				pieceRunes[r] = true
			}
		}
	}
	plain := func(st *Styles) string {
		text := ansiEscape.ReplaceAllString(themeShowcase(st), "")
		// White's pieces are outlines in one-ink themes: a piece is a piece
		return strings.Map(func(r rune) rune {
			if pieceRunes[r] {
				return 'P'
			}
			return r
		}, text)
	}
	for _, pieces := range []PieceStyle{PiecesFilled, PiecesOutline, PiecesLetters} {
		want := plain(themeStyles(Themes()[0], termenv.TrueColor, pieces))
		for _, theme := range Themes() {
			for _, p := range profiles {
				st := themeStyles(theme, p.profile, pieces)
				if st.Glyphs.Hints != themeStyles(Themes()[0], p.profile, pieces).Glyphs.Hints {
					t.Errorf("%s %s: hint glyphs differ", theme.Name, p.name)
				}
				if got := plain(st); got != want {
					t.Errorf("%s %s %v: the marks differ from the default theme's:\n%s", theme.Name, p.name, pieces, got)
				}
			}
		}
	}
}

// Where one ink draws both sides, White's pieces are outlines, Black's
// filled; letters differ by case.
func TestOneInkTellsSidesApart(t *testing.T) {
	for _, theme := range Themes() {
		for _, pieces := range []PieceStyle{PiecesFilled, PiecesOutline, PiecesLetters} {
			st := themeStyles(theme, termenv.TrueColor, pieces)
			w, b := st.Glyphs.Pieces[rules.White][rules.Knight], st.Glyphs.Pieces[rules.Black][rules.Knight]
			sameInk := theme.OneInk || theme.Palette.WhitePiece == theme.Palette.BlackPiece
			if sameInk && w == b {
				t.Errorf("%s %v: both sides drawn %q in one ink", theme.Name, pieces, w)
			}
		}
	}
	if st := themeStyles(Themes()[0], termenv.TrueColor, PiecesOutline); st.Glyphs.Pieces[rules.Black][rules.Knight] != '♘' {
		t.Error("outline style in colour should draw Black with outlines too")
	}
	if st := themeStyles(Themes()[0], termenv.Ascii, PiecesOutline); st.Glyphs.Pieces[rules.Black][rules.Knight] != '♞' {
		t.Error("without colour Black needs the filled symbols")
	}
}

// rgbOf is the colour a terminal of the profile shows (xterm's palette
// for 256 and 16 colours), and the palette index where there is one.
func rgbOf(c lipgloss.TerminalColor, p termenv.Profile) ([3]float64, string) {
	cc, ok := c.(lipgloss.CompleteColor)
	if !ok {
		panic(fmt.Sprintf("board colours are complete colours, got %T", c))
	}
	rgb, _ := shownRGB(c, p)
	switch p {
	case termenv.ANSI256:
		return rgb, cc.ANSI256
	case termenv.ANSI:
		return rgb, cc.ANSI
	}
	return rgb, cc.TrueColor
}

func contrast(a, b [3]float64) float64 { return contrastRatio(a, b) }

// The squares and highlights of every theme differ from each other in
// every colour depth (the last move's two shades may be one colour).
func TestThemeHighlightsDiffer(t *testing.T) {
	for _, theme := range Themes() {
		p := theme.Palette
		named := []struct {
			name string
			c    lipgloss.TerminalColor
		}{
			{"light square", p.LightSquare}, {"dark square", p.DarkSquare}, {"last move (light)", p.LastLight},
			{"last move (dark)", p.LastDark}, {"selected", p.Selected}, {"cursor", p.Cursor}, {"check", p.Check},
		}
		for _, pr := range profiles {
			for i := range named {
				for j := i + 1; j < len(named); j++ {
					if named[i].name[:4] == "last" && named[j].name[:4] == "last" {
						continue
					}
					_, a := rgbOf(named[i].c, pr.profile)
					_, b := rgbOf(named[j].c, pr.profile)
					if a == b {
						t.Errorf("%s, %s: %s and %s are both %s", theme.Name, pr.name, named[i].name, named[j].name, a)
					}
				}
			}
		}
	}
}

// The high-contrast theme's ink stands out from both squares, and from
// every highlight, by at least WCAG's 4.5:1 in true colour.
func TestHighContrastTheme(t *testing.T) {
	theme, err := ThemeByName("high-contrast")
	if err != nil {
		t.Fatal(err)
	}
	p := theme.Palette
	ink, _ := rgbOf(p.BlackPiece, termenv.TrueColor)
	for name, bg := range map[string]lipgloss.TerminalColor{
		"light square": p.LightSquare, "dark square": p.DarkSquare, "last move (light)": p.LastLight,
		"last move (dark)": p.LastDark, "selected": p.Selected, "cursor": p.Cursor, "check": p.Check,
	} {
		c, _ := rgbOf(bg, termenv.TrueColor)
		if r := contrast(ink, c); r < 4.5 {
			t.Errorf("pieces on %s: contrast %.1f:1", name, r)
		}
	}
}

// Colour-vision deficiency simulation (Machado, Oliveira and Fernandes
// 2009, full severity), applied to linear RGB.
var (
	protanopia   = [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}
	deuteranopia = [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}
)

// lab is CIE L*a*b* (D65) of an sRGB colour seen through m.
func lab(c [3]float64, m [3][3]float64) [3]float64 {
	l := [3]float64{linearRGB(c[0]), linearRGB(c[1]), linearRGB(c[2])}
	var s [3]float64
	for i := range 3 {
		s[i] = min(1, max(0, m[i][0]*l[0]+m[i][1]*l[1]+m[i][2]*l[2]))
	}
	x := (0.4124*s[0] + 0.3576*s[1] + 0.1805*s[2]) / 0.95047
	y := 0.2126*s[0] + 0.7152*s[1] + 0.0722*s[2]
	z := (0.0193*s[0] + 0.1192*s[1] + 0.9505*s[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func deltaE(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// The colour-blind theme's highlights stay apart for people without red
// or green cones: every pair of square colours differs by a clearly
// visible ΔE in simulated protanopia and deuteranopia (the wood theme's
// selection and check do not: ΔE 14 in deuteranopia).
func TestColourBlindTheme(t *testing.T) {
	identity := [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	theme, err := ThemeByName("color-blind")
	if err != nil {
		t.Fatal(err)
	}
	p := theme.Palette
	bgs := []struct {
		name string
		c    lipgloss.TerminalColor
	}{
		{"light square", p.LightSquare}, {"dark square", p.DarkSquare}, {"last move (light)", p.LastLight},
		{"last move (dark)", p.LastDark}, {"selected", p.Selected}, {"cursor", p.Cursor}, {"check", p.Check},
	}
	// ΔE 10 is clearly different; the simulations get a margin, as they
	// only approximate what people see.
	for name, vision := range map[string]struct {
		m        [3][3]float64
		minDelta float64
	}{"normal": {identity, 10}, "protanopia": {protanopia, 15}, "deuteranopia": {deuteranopia, 15}} {
		m, minDelta := vision.m, vision.minDelta
		for i := range bgs {
			for j := i + 1; j < len(bgs); j++ {
				a, _ := rgbOf(bgs[i].c, termenv.TrueColor)
				b, _ := rgbOf(bgs[j].c, termenv.TrueColor)
				if d := deltaE(lab(a, m), lab(b, m)); d < minDelta {
					t.Errorf("%s: %s and %s differ by ΔE %.1f", name, bgs[i].name, bgs[j].name, d)
				}
			}
		}
	}
}

// A theme looks the same in 256 colours: each board colour's nearest
// xterm colour is close to the eye (ΔE under 15).
func TestTheme256ColoursFit(t *testing.T) {
	identity := [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for _, theme := range Themes() {
		p := theme.Palette
		colours := map[string]lipgloss.TerminalColor{
			"light square": p.LightSquare, "dark square": p.DarkSquare, "last move (light)": p.LastLight,
			"last move (dark)": p.LastDark, "selected": p.Selected, "cursor": p.Cursor, "check": p.Check, "gap": p.Gap,
		}
		for name, c := range colours {
			a, _ := rgbOf(c, termenv.TrueColor)
			b, idx := rgbOf(c, termenv.ANSI256)
			if d := deltaE(lab(a, identity), lab(b, identity)); d > 15 {
				t.Errorf("%s %s: 256-colour %s is ΔE %.1f away", theme.Name, name, idx, d)
			}
		}
	}
}

func TestThemeByName(t *testing.T) {
	for _, name := range ThemeNames() {
		if th, err := ThemeByName(strings.ToUpper(name)); err != nil || th.Name != name {
			t.Errorf("ThemeByName(%q): %v %v", name, th.Name, err)
		}
	}
	if _, err := ThemeByName("neon"); err == nil || !strings.Contains(err.Error(), "known: wood, ocean") {
		t.Errorf("unknown theme: %v", err)
	}
	if len(Themes()) < 4 {
		t.Error("at least four themes")
	}
}

// Text colours follow the terminal's background: darker on light ones.
func TestAdaptiveTextColours(t *testing.T) {
	render := func(dark bool) string {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.TrueColor)
		r.SetHasDarkBackground(dark)
		return NewStyles(r, Themes()[0], PiecesFilled).Accent.Render("x")
	}
	if render(true) == render(false) {
		t.Error("accent text should differ on light and dark backgrounds")
	}
}

// checkSample is a position whose side to move is in check, after the
// move that gave it.
func checkSample() (*rules.Position, Highlights) {
	pos, err := rules.ParseFEN(rules.Standard, "4k3/8/8/8/1b6/8/8/4K1N1 w - - 1 2")
	if err != nil {
		panic("check sample: " + err.Error())
	}
	hl := NoHighlights()
	hl.LastFrom, hl.LastTo = rules.MakeSquare(5, 7), rules.MakeSquare(1, 3)
	hl.Check = pos.King(rules.White)
	hl.Cursor = rules.MakeSquare(6, 0)
	return pos, hl
}
