package board

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/lipgloss"
)

// Theme is a named board palette. Themes change colours only: every
// highlight keeps its glyph or marker in every theme, so nothing is told
// by colour alone.
type Theme struct {
	Name        string
	Description string
	Palette     Palette
	// OneInk draws both sides' pieces in the same ink, for the most
	// contrast against the squares; White's pieces are then outlines so
	// the sides still differ (letters differ by case anyway).
	OneInk bool
}

// DefaultThemeName is the theme of a fresh configuration.
const DefaultThemeName = "wood"

// themeAliases are other spellings a configuration file may use.
var themeAliases = map[string]string{"color-blind": "colour-blind"}

// Themes lists the board themes, the default first.
func Themes() []Theme { return append([]Theme(nil), themes()...) }

// themes are built once: choosing each colour's 256-colour form takes a
// moment.
var themes = sync.OnceValue(func() []Theme {
	return []Theme{
		{Name: "wood", Description: "brown wooden board", Palette: DefaultPalette()},
		{Name: "ocean", Description: "blue-grey board", Palette: oceanPalette()},
		{Name: "high-contrast", Description: "black ink on white and grey, bright highlights", Palette: highContrastPalette(), OneInk: true},
		{Name: "colour-blind", Description: "blue board, amber, teal and vermillion highlights, black ink: readable with red-green colour blindness", Palette: colourBlindPalette(), OneInk: true},
	}
})

// ThemeNames lists the themes' names, the default first.
func ThemeNames() []string {
	var names []string
	for _, t := range Themes() {
		names = append(names, t.Name)
	}
	return names
}

// ThemeByName finds a theme by name, case-insensitively.
func ThemeByName(name string) (Theme, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if alias, ok := themeAliases[name]; ok {
		name = alias
	}
	for _, t := range themes() {
		if t.Name == name {
			return t, nil
		}
	}
	return Theme{}, fmt.Errorf("unknown theme %q (known: %s)", name, strings.Join(ThemeNames(), ", "))
}

// rgb is a colour given as a hex true colour, whose 256-colour form is the
// nearest to the eye in the xterm palette, and a hand-picked 16-colour
// form (no automatic choice keeps a board readable in 16 colours).
func rgb(hex string, ansi16 int) lipgloss.CompleteColor {
	return lipgloss.CompleteColor{TrueColor: hex, ANSI256: strconv.Itoa(nearest256(hex)), ANSI: strconv.Itoa(ansi16)}
}

// pinned is a colour whose 256-colour form is chosen by hand, where the
// nearest xterm colour would be lighter or darker than the squares'
// inks allow.
func pinned(hex string, ansi256, ansi16 int) lipgloss.CompleteColor {
	return lipgloss.CompleteColor{TrueColor: hex, ANSI256: strconv.Itoa(ansi256), ANSI: strconv.Itoa(ansi16)}
}

// nearest256 finds the xterm colour (16-255: the 6×6×6 cube and the grey
// ramp, which terminals rarely redefine) closest to a hex colour in CIE
// L*a*b*. Simpler matches in RGB turn dark blue-greys purple.
func nearest256(hex string) int {
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		panic("theme colour " + hex + ": want #RRGGBB")
	}
	want := labOf([3]float64{float64(v >> 16 & 255), float64(v >> 8 & 255), float64(v & 255)})
	best, bestD := 16, math.Inf(1)
	for n := 16; n < 256; n++ {
		c := labOf(xtermRGB(n))
		d := (c[0]-want[0])*(c[0]-want[0]) + (c[1]-want[1])*(c[1]-want[1]) + (c[2]-want[2])*(c[2]-want[2])
		if d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// xtermRGB is an xterm palette entry from 16 to 255.
func xtermRGB(n int) [3]float64 {
	if n >= 232 {
		g := float64(8 + 10*(n-232))
		return [3]float64{g, g, g}
	}
	n -= 16
	level := func(x int) float64 {
		if x == 0 {
			return 0
		}
		return float64(55 + 40*x)
	}
	return [3]float64{level(n / 36), level(n / 6 % 6), level(n % 6)}
}

// labOf converts sRGB (0-255) to CIE L*a*b* under D65.
func labOf(c [3]float64) [3]float64 {
	var l [3]float64
	for i, x := range c {
		x /= 255
		if x <= 0.04045 {
			l[i] = x / 12.92
		} else {
			l[i] = math.Pow((x+0.055)/1.055, 2.4)
		}
	}
	x := (0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]) / 0.95047
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := (0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// text is a colour for text on the terminal's own background: one form
// for dark backgrounds and one for light ones (lipgloss picks by the
// background the terminal reports).
func text(dark lipgloss.CompleteColor, light lipgloss.CompleteColor) lipgloss.CompleteAdaptiveColor {
	return lipgloss.CompleteAdaptiveColor{Dark: dark, Light: light}
}

// textColours fills a palette's colours for text around the board.
func textColours(p *Palette, accentDark, accentLight lipgloss.CompleteColor) {
	p.Accent = text(accentDark, accentLight)
	p.Subtle = text(rgb("#8A8A8A", 8), rgb("#6C6C6C", 8))
	p.Error = text(rgb("#FF6060", 9), rgb("#C00000", 1))
	p.Warning = text(rgb("#FFB040", 11), rgb("#A04F00", 3))
	p.CurrentMoveFg = rgb("#101010", 0)
	p.CurrentMoveBg = accentDark
}

func oceanPalette() Palette {
	p := Palette{
		LightSquare: pinned("#7590A8", 67, 7),
		DarkSquare:  pinned("#577699", 60, 6),
		LastLight:   pinned("#979253", 101, 11),
		LastDark:    pinned("#807D23", 100, 3),
		Selected:    pinned("#579557", 65, 2),
		Cursor:      pinned("#B07A20", 136, 5),
		Check:       pinned("#D34843", 167, 1),
		Gap:         rgb("#1F2A33", 0),
		WhitePiece:  rgb("#FFFFFF", 15),
		BlackPiece:  pinned("#0A0F14", 16, 0),
		Marker:      rgb("#FFFFFF", 15),
	}
	p.Hints = [NumHintKinds]lipgloss.TerminalColor{
		HintQuiet:        rgb("#0E3B12", 0),
		HintCapture:      rgb("#A01010", 1),
		HintEnPassant:    rgb("#6A1A90", 5),
		HintCastling:     rgb("#0A2A66", 4),
		HintKingsStep:    rgb("#004848", 0),
		HintPawnLateral:  rgb("#8A3A00", 3),
		HintPawnDiagonal: rgb("#5A2600", 3),
		HintDoubleStep:   rgb("#12123A", 4),
		HintPromotion:    rgb("#7A0060", 5),
	}
	textColours(&p, rgb("#5FB7D7", 6), rgb("#005F87", 4))
	p.CurrentMoveBg = rgb("#5FB7D7", 6)
	return p
}

// highContrastPalette prints pieces and marks in black on white and
// mid-grey squares, the contrast of a printed diagram, with highlights in
// bright colours that black stays readable on.
func highContrastPalette() Palette {
	p := Palette{
		LightSquare: rgb("#F2F2F2", 15),
		DarkSquare:  rgb("#A0A0A0", 8),
		LastLight:   rgb("#FFE27A", 11),
		LastDark:    rgb("#D7AF00", 3),
		Selected:    rgb("#5FFF5F", 10),
		Cursor:      rgb("#00D7FF", 14),
		Check:       rgb("#FF5F5F", 9),
		Gap:         rgb("#000000", 0),
		WhitePiece:  rgb("#000000", 0),
		BlackPiece:  rgb("#000000", 0),
		Marker:      rgb("#000000", 0),
	}
	p.Hints = [NumHintKinds]lipgloss.TerminalColor{
		HintQuiet:        rgb("#000000", 0),
		HintCapture:      rgb("#C00000", 1),
		HintEnPassant:    rgb("#8700AF", 5),
		HintCastling:     rgb("#0000AF", 4),
		HintKingsStep:    rgb("#005F5F", 6),
		HintPawnLateral:  rgb("#875F00", 3),
		HintPawnDiagonal: rgb("#5F3700", 3),
		HintDoubleStep:   rgb("#00005F", 4),
		HintPromotion:    rgb("#AF005F", 5),
	}
	textColours(&p, rgb("#FFFF00", 11), rgb("#0000AF", 4))
	p.Subtle = text(rgb("#D0D0D0", 7), rgb("#303030", 0))
	p.CurrentMoveFg = rgb("#000000", 0)
	p.CurrentMoveBg = rgb("#FFFF00", 11)
	return p
}

// colourBlindPalette never tells two things apart by red against green
// alone: on a blue board the cursor is amber, the selection teal, check
// vermillion and the last move olive, colours that differ in lightness as
// well as hue, so they stay apart without red or green cones; the marks
// are dark, and both sides' pieces are drawn in black (White's as
// outlines), so the squares can differ in lightness too.
func colourBlindPalette() Palette {
	p := Palette{
		LightSquare: rgb("#8DB2D4", 7),
		DarkSquare:  pinned("#3F6C99", 67, 8),
		LastLight:   rgb("#C9C07A", 11),
		LastDark:    pinned("#807850", 101, 3),
		Selected:    rgb("#44AA99", 6),
		Cursor:      rgb("#F0B000", 14),
		Check:       pinned("#D55E00", 166, 9),
		Gap:         rgb("#1B2733", 0),
		WhitePiece:  rgb("#000000", 0),
		BlackPiece:  rgb("#000000", 0),
		Marker:      rgb("#000000", 0),
	}
	p.Hints = [NumHintKinds]lipgloss.TerminalColor{
		HintQuiet:        rgb("#000000", 0),
		HintCapture:      rgb("#8F2D00", 1),
		HintEnPassant:    rgb("#5B1A6E", 5),
		HintCastling:     rgb("#00204A", 4),
		HintKingsStep:    rgb("#002E5C", 4),
		HintPawnLateral:  rgb("#6E3B00", 3),
		HintPawnDiagonal: rgb("#4A2A00", 3),
		HintDoubleStep:   rgb("#1A1A40", 0),
		HintPromotion:    rgb("#6E0050", 5),
	}
	textColours(&p, rgb("#E69F00", 3), rgb("#0072B2", 4))
	return p
}

// PieceStyle is how pieces are drawn.
type PieceStyle uint8

const (
	// PiecesFilled draws both sides with filled chess symbols told apart
	// by colour (White's become outlines where colour cannot tell them).
	PiecesFilled PieceStyle = iota
	// PiecesOutline draws both sides with outline symbols, likewise.
	PiecesOutline
	// PiecesLetters draws FEN letters, upper case for White: for fonts
	// without chess symbols (the --ascii flag).
	PiecesLetters
)

var pieceStyleNames = []string{"filled", "outline", "letters"}

func (p PieceStyle) String() string {
	if int(p) < len(pieceStyleNames) {
		return pieceStyleNames[p]
	}
	return "filled"
}

// PieceStyleNames lists the styles' names.
func PieceStyleNames() []string { return append([]string(nil), pieceStyleNames...) }

// ParsePieceStyle reads a style's name.
func ParsePieceStyle(name string) (PieceStyle, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	for i, n := range pieceStyleNames {
		if n == name {
			return PieceStyle(i), nil
		}
	}
	return PiecesFilled, fmt.Errorf("unknown piece style %q (known: %s)", name, strings.Join(pieceStyleNames, ", "))
}
