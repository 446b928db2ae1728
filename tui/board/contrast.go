package board

import (
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// The board's colours are chosen for contrast: every piece and every
// mark stands out from what it is drawn on by at least WCAG's 3:1 (the
// level for large text and graphics), in every theme and colour depth.
// These are the sums behind that: the colour a terminal shows for a
// palette entry, and the contrast of two colours.

// minContrast is the least contrast a piece or a mark has against the
// colour it stands on.
const minContrast = 3.0

// shownRGB is the colour a terminal of the profile shows for c: the true
// colour, or xterm's palette entry for 256 and 16 colours (terminals
// differ in their 16 colours; xterm's are the common reference). ok is
// false for a colour without a form for the profile.
func shownRGB(c lipgloss.TerminalColor, p termenv.Profile) (rgb [3]float64, ok bool) {
	cc, isComplete := c.(lipgloss.CompleteColor)
	if !isComplete {
		return rgb, false
	}
	switch p {
	case termenv.ANSI256:
		n, err := strconv.Atoi(cc.ANSI256)
		return xtermPalette(n), err == nil
	case termenv.ANSI:
		n, err := strconv.Atoi(cc.ANSI)
		return xtermPalette(n), err == nil
	case termenv.TrueColor:
		v, err := strconv.ParseUint(strings.TrimPrefix(cc.TrueColor, "#"), 16, 32)
		return [3]float64{float64(v >> 16 & 255), float64(v >> 8 & 255), float64(v & 255)}, err == nil
	}
	return rgb, false
}

// xtermPalette is xterm's colour n (0-255).
func xtermPalette(n int) [3]float64 {
	base := [16][3]float64{{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
		{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255}}
	if n >= 0 && n < 16 {
		return base[n]
	}
	return xtermRGB(max(16, min(n, 255)))
}

func linearRGB(c float64) float64 {
	c /= 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// luminance is WCAG's relative luminance.
func luminance(c [3]float64) float64 {
	return 0.2126*linearRGB(c[0]) + 0.7152*linearRGB(c[1]) + 0.0722*linearRGB(c[2])
}

// contrastRatio is WCAG's contrast ratio of two colours, from 1 to 21.
func contrastRatio(a, b [3]float64) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// The two inks a mark can be drawn in, whichever stands out more from
// what it is drawn on.
var (
	whiteInk = lipgloss.CompleteColor{TrueColor: "#FFFFFF", ANSI256: "231", ANSI: "15"}
	blackInk = lipgloss.CompleteColor{TrueColor: "#000000", ANSI256: "16", ANSI: "0"}
)

// inkOn is the colour to draw a mark in on bg: preferred when it stands
// out as well as text should (4.5:1), otherwise black or white,
// whichever stands out more.
func inkOn(bg, preferred lipgloss.TerminalColor, p termenv.Profile) lipgloss.TerminalColor {
	b, ok := shownRGB(bg, p)
	if !ok {
		return preferred
	}
	if f, ok := shownRGB(preferred, p); ok && contrastRatio(f, b) >= 4.5 {
		return preferred
	}
	w, _ := shownRGB(whiteInk, p)
	k, _ := shownRGB(blackInk, p)
	if contrastRatio(w, b) >= contrastRatio(k, b) {
		return whiteInk
	}
	return blackInk
}
