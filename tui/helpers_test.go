package tui

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
)

// The size every screen test and golden file uses.
const testW, testH = 100, 32

// testContext is colourless whatever the environment says (TERM,
// NO_COLOR), so output is the same on every machine.
func testContext(ascii bool) *Context {
	return testContextProfile(ascii, termenv.Ascii)
}

func testContextProfile(ascii bool, p termenv.Profile) *Context {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	// Decided here, not by asking the environment (COLORFGBG).
	r.SetHasDarkBackground(true)
	s := config.DefaultSettings()
	if ascii {
		s.Pieces = board.PiecesLetters
	}
	ctx := NewContext(r, s)
	ctx.Width, ctx.Height = testW, testH
	return ctx
}

// newTestGame opens a game screen at the test size.
func newTestGame(t testing.TB, v *rules.Variant, view config.ViewChoice, fen string) *gameScreen {
	t.Helper()
	g, err := newGameScreen(testContext(false), GameOptions{Variant: v, View: view, FEN: fen})
	if err != nil {
		t.Fatalf("newGameScreen(%s, %q): %v", v.ID, fen, err)
	}
	return g
}

// keyMsg builds the message Bubble Tea sends for a key name as key.Binding
// spells it ("enter", "esc", "up", "ctrl+c", " ", or a rune).
func keyMsg(name string) tea.KeyMsg {
	named := map[string]tea.KeyType{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"ctrl+c": tea.KeyCtrlC, "ctrl+r": tea.KeyCtrlR, "ctrl+s": tea.KeyCtrlS, "ctrl+o": tea.KeyCtrlO, " ": tea.KeySpace, "backspace": tea.KeyBackspace,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd, "f1": tea.KeyF1,
	}
	if t, ok := named[name]; ok {
		if t == tea.KeySpace {
			return tea.KeyMsg{Type: t, Runes: []rune{' '}}
		}
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name)}
}

// press sends keys one by one and returns the last command.
func press(m screen, keys ...string) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(keyMsg(k))
	}
	return cmd
}

// typeText sends each rune of s as its own key.
func typeText(m screen, s string) {
	for _, r := range s {
		m.Update(keyMsg(string(r)))
	}
}

func sq(t testing.TB, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func historySAN(g *rules.Game) string {
	var s []string
	for _, r := range g.History() {
		s = append(s, r.SAN)
	}
	return strings.Join(s, " ")
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

// problemsText lists configuration problems one a line, for failures.
func problemsText(ps []config.Problem) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Error())
	}
	return strings.Join(out, "\n")
}

// isolate gives a test a home, settings and data folders of its own.
func isolate(t *testing.T) (configHome string) {
	t.Helper()
	home := t.TempDir()
	configHome = filepath.Join(home, "config")
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", configHome)
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	return configHome
}
