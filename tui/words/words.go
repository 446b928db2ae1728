// Package words holds the small text helpers every part of the
// interface writes with: capitals, lists, counts, and cutting text to
// the width of a terminal's cells.
package words

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Capitalise puts the first letter in upper case: "white" → "White".
func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// And joins items as a sentence does: "a", "a and b", "a, b and c".
func And(items []string) string { return join(items, "and") }

// Or joins items as a sentence does: "a", "a or b", "a, b or c".
func Or(items []string) string { return join(items, "or") }

func join(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return items[0] + " " + conj + " " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// Count writes a count with its noun: "1 game", "2 games".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Truncate shortens plain text to w cells, marking the cut.
func Truncate(s string, w int) string {
	r := []rune(s)
	if len(r) <= w {
		return s
	}
	if w <= 1 {
		return string(r[:max(w, 0)])
	}
	return string(r[:w-1]) + "…"
}

// Width is the width of styled text on screen, escapes left out.
func Width(s string) int { return lipgloss.Width(s) }
