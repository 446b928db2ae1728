package board

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

func TestXTune(t *testing.T) {
	cand := os.Getenv("CAND")
	if cand != "" {
		for _, h := range strings.Fields(cand) {
			c := rgb(h, 0)
			a, _ := shownRGB(c, termenv.TrueColor)
			b, _ := shownRGB(c, termenv.ANSI256)
			w, _ := shownRGB(whiteInk, termenv.TrueColor)
			k := [3]float64{16, 16, 16}
			fmt.Printf("%s L=%.3f w=%.2f k=%.2f | 256 %s L=%.3f w=%.2f k=%.2f\n", h, luminance(a), contrastRatio(a, w), contrastRatio(a, k), c.ANSI256, luminance(b), contrastRatio(b, w), contrastRatio(b, k))
		}
		return
	}
	for _, th := range Themes() {
		p := th.Palette
		fmt.Println("==", th.Name)
		for _, n := range []struct {
			name string
			c    lipgloss.TerminalColor
		}{{"light", p.LightSquare}, {"dark", p.DarkSquare}, {"lastL", p.LastLight}, {"lastD", p.LastDark}, {"sel", p.Selected}, {"cur", p.Cursor}, {"check", p.Check}} {
			var parts []string
			for _, pr := range profiles {
				b, _ := shownRGB(n.c, pr.profile)
				w, _ := shownRGB(p.WhitePiece, pr.profile)
				k, _ := shownRGB(p.BlackPiece, pr.profile)
				parts = append(parts, fmt.Sprintf("L=%.3f w=%.2f k=%.2f", luminance(b), contrastRatio(b, w), contrastRatio(b, k)))
			}
			fmt.Printf("%-6s %v %s\n", n.name, n.c, strings.Join(parts, " | "))
		}
	}
}
