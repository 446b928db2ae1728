package tui

import (
	"io"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"varia/rules"
)

// contextFromConfig is a test context whose settings come from the text
// of a configuration file, which must have no problems.
func contextFromConfig(t *testing.T, text string) *Context {
	t.Helper()
	s, problems := readConfig("config.toml", text)
	if len(problems) > 0 {
		t.Fatalf("config problems:\n%s", problemsText(problems))
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	r.SetHasDarkBackground(true)
	ctx := NewContext(r, s)
	ctx.Width, ctx.Height = testW, testH
	return ctx
}

// Rebinding a key changes what the game does with it and what the help
// line and the ? screen say.
func TestRebindingChangesGameAndHelp(t *testing.T) {
	ctx := contextFromConfig(t, `[keys.game]
undo = ["z"]
flip = ["u", "F"]
up = ["w"]
down = ["s"]
left = ["a"]
right = ["d"]
type = ["t"]
help = ["f1"]
draw = ["x"]
`)
	g, err := newGameScreen(ctx, GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	// w moves the cursor up from e1; enter selects e2, w w plays e4
	press(g, "w", "enter", "w", "w", "enter")
	if got := historySAN(g.game); got != "e4" {
		t.Fatalf("rebound cursor keys played %q (%s)", got, g.message)
	}
	press(g, "k") // no longer bound: nothing happens
	if g.cursor != sq(t, "e8") {
		t.Errorf("k moved the cursor to %v", g.cursor)
	}
	press(g, "u")
	if !g.flip || len(g.game.History()) != 1 {
		t.Errorf("u should now flip (flip %v) and not undo (%d moves)", g.flip, len(g.game.History()))
	}
	press(g, "z")
	if len(g.game.History()) != 0 {
		t.Error("z should undo")
	}
	if !strings.Contains(g.message, "U replays it") {
		t.Errorf("messages name the bound keys: %q", g.message)
	}
	press(g, "t")
	typeText(g, "d4")
	press(g, "enter")
	if got := historySAN(g.game); got != "d4" {
		t.Errorf("t should open the prompt: played %q", got)
	}

	line := lastLine(g.View())
	for _, want := range []string{"aswd move", "t type move", "z undo", "u flip", "f1 more keys"} {
		if !strings.Contains(line, want) {
			t.Errorf("help line lacks %q: %s", want, line)
		}
	}
	if strings.Contains(line, "←↓↑→") {
		t.Errorf("help line still shows the arrows: %s", line)
	}
	g.Update(tea.KeyMsg{Type: tea.KeyF1})
	full := g.View()
	for _, want := range []string{`w +up`, `z +undo`, `u/F +flip`, `U/ctrl\+r +redo`} {
		if !regexp.MustCompile(want).MatchString(full) {
			t.Errorf("the ? screen lacks %q:\n%s", want, full)
		}
	}
}

func TestRebindingChangesMenuAndHelp(t *testing.T) {
	ctx := contextFromConfig(t, "[keys.menu]\nguide = [\"r\"]\nstart = [\"p\"]\nsettings = [\"ctrl+s\"]\n")
	m := newMenuScreen(ctx, GameOptions{})
	if cmd := press(m, "g"); cmd != nil {
		t.Error("g is no longer the guide's key")
	}
	cmd := press(m, "r")
	if msg, ok := cmd().(openGuideMsg); !ok || msg.variant != rules.Standard {
		t.Errorf("r should open the guide: %#v", cmd())
	}
	cmd = press(m, "p")
	if _, ok := cmd().(startGameMsg); !ok {
		t.Error("p should start the game")
	}
	v := m.View()
	for _, want := range []string{"Press p to start.", "r: rules guide · ctrl+s: settings", "p start", "r rules guide", "ctrl+s settings"} {
		if !strings.Contains(v, want) {
			t.Errorf("menu lacks %q:\n%s", want, v)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(s, "\n")
	return lines[len(lines)-1]
}

// A Keymap left empty gets the standard keys, so code that builds
// Settings by hand still has working screens.
func TestEmptyKeymapGetsDefaults(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	ctx := NewContext(r, Settings{})
	if got := strings.Join(ctx.Settings.Keys.Game.Undo.Keys(), " "); got != "u" {
		t.Errorf("undo keys %q", got)
	}
	if ctx.Settings.Keys.Choice.Prev.Help().Key != "←/→" {
		t.Errorf("the picker's help %q", ctx.Settings.Keys.Choice.Prev.Help().Key)
	}
}

// Keys typed faster than the screen reads them each act.
func TestFastKeysOnEveryScreen(t *testing.T) {
	ctx := testContext(false)
	m := newMenuScreen(ctx, GameOptions{})
	m.Update(keyMsg("jj"))
	if m.variants[m.index] != rules.Edgy {
		t.Errorf("menu: jj went to %s", m.variants[m.index].ID)
	}
	g := newGuideScreen(ctx, rules.Standard, m)
	g.Update(keyMsg("ll"))
	if g.variant() != rules.Edgy {
		t.Errorf("guide: ll went to %s", g.variant().ID)
	}
}
