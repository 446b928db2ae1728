package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
)

// settingsWithFile is a settings screen whose context saves to a fresh
// configuration file.
func settingsWithFile(t *testing.T) (*settingsScreen, *config.File) {
	t.Helper()
	isolate(t)
	s, f := config.LoadDefault()
	ctx := testContext(false)
	ctx.Settings = s
	ctx.Config = f
	return newSettingsScreen(ctx, GameOptions{Variant: rules.Asha}), f
}

// goTo moves the cursor to a setting.
func goTo(t *testing.T, s *settingsScreen, section, key string) {
	t.Helper()
	for i, r := range s.rows {
		if r.setting != nil && r.setting.Section == section && r.setting.Key == key {
			s.cursor = i
			return
		}
	}
	t.Fatalf("no setting %s.%s", section, key)
}

func fileValue(t *testing.T, f *config.File) config.Settings {
	t.Helper()
	s, f2 := config.Load(f.Path)
	if len(f2.Problems) > 0 {
		t.Fatalf("the saved file has problems:\n%s", problemsText(f2.Problems))
	}
	return s
}

func TestSettingsScreenChangesAndSaves(t *testing.T) {
	s, f := settingsWithFile(t)
	ctx := s.ctx
	// the first setting is the menu's variant; down moves past headings
	if s.current().Key != "variant" {
		t.Fatalf("cursor starts on %s", s.current().Key)
	}
	settle(s, press(s, "right"))
	if ctx.Settings.Variant != rules.Asha || fileValue(t, f).Variant != rules.Asha {
		t.Error("right should choose the next variant and save it")
	}
	goTo(t, s, "board", "theme")
	settle(s, press(s, "right"))
	if ctx.Settings.Theme != "ocean" || ctx.Styles.Theme.Name != "ocean" {
		t.Errorf("theme %s, styles %s", ctx.Settings.Theme, ctx.Styles.Theme.Name)
	}
	if fileValue(t, f).Theme != "ocean" || !strings.Contains(s.View(), "Saved.") {
		t.Error("the theme should be saved and the screen say so")
	}
	settle(s, press(s, "left"))
	settle(s, press(s, "left"))
	if ctx.Settings.Theme != "colour-blind" {
		t.Errorf("left twice from ocean wraps to %s", ctx.Settings.Theme)
	}
	goTo(t, s, "board", "pieces")
	settle(s, press(s, "enter"))
	settle(s, press(s, "enter"))
	if ctx.Settings.Pieces != board.PiecesLetters || !ctx.Styles.ASCII {
		t.Error("enter steps the piece style; letters restyle the board")
	}
	goTo(t, s, "play", "turn_board")
	settle(s, press(s, " "))
	if !ctx.Settings.TurnBoard || !fileValue(t, f).TurnBoard {
		t.Error("space should turn the switch on and save it")
	}
	goTo(t, s, "view", "edgy")
	settle(s, press(s, "right"))
	if ctx.Settings.ViewFor(rules.Edgy) != config.ViewSquare || fileValue(t, f).ViewFor(rules.Edgy) != config.ViewSquare {
		t.Error("edgy's view should now be square")
	}

	// a typed value
	goTo(t, s, "play", "clock")
	press(s, "enter")
	if !s.editing() {
		t.Fatal("enter should edit the clock")
	}
	for range 4 {
		press(s, "backspace")
	}
	typeText(s, "7+2")
	settle(s, press(s, "enter"))
	if s.editing() || ctx.Settings.Clock.String() != "7+2" || fileValue(t, f).Clock.String() != "7+2" {
		t.Errorf("typed clock: editing %v, clock %v", s.editing(), ctx.Settings.Clock)
	}
	press(s, "enter")
	for range 3 {
		press(s, "backspace")
	}
	typeText(s, "soon")
	press(s, "enter")
	if !s.editing() || !strings.Contains(s.View(), `clock "soon"`) || ctx.Settings.Clock.String() != "7+2" {
		t.Error("a bad clock should be refused, explained, and keep the editor open")
	}
	press(s, "esc")
	if s.editing() || fileValue(t, f).Clock.String() != "7+2" {
		t.Error("esc should close the editor and keep the last good value")
	}
	// the left/right choices of a typed value
	settle(s, press(s, "right"))
	if ctx.Settings.Clock.String() != "none" {
		t.Errorf("a clock not in the list steps to the first: %v", ctx.Settings.Clock)
	}

	// the user's comments survive
	data, _ := os.ReadFile(f.Path)
	if !strings.Contains(string(data), "# Board theme:") || !strings.Contains(string(data), `theme = "colour-blind"`) {
		t.Errorf("the file lost its comments or the value:\n%s", data)
	}

	cmd := press(s, "esc")
	msg, ok := cmd().(openMenuMsg)
	if !ok || msg.opts.Variant != rules.Asha {
		t.Errorf("esc should return to the menu on its variant: %#v", cmd())
	}
}

// Problems in the file are listed; without a file the screen says the
// changes are not saved, and they still apply.
func TestSettingsScreenProblemsAndNoFile(t *testing.T) {
	isolate(t)
	path, _ := config.Path()
	os.MkdirAll(strings.TrimSuffix(path, "config.toml"), 0o700)
	os.WriteFile(path, []byte("[board]\ntheme = \"neon\"\n"), 0o600)
	s, f := config.Load(path)
	ctx := testContext(false)
	ctx.Settings, ctx.Config = s, f
	v := newSettingsScreen(ctx, GameOptions{}).View()
	if !strings.Contains(v, "Problems in config.toml") || !strings.Contains(v, `line 2: key "theme": unknown theme "neon"`) {
		t.Errorf("problems not listed:\n%s", v)
	}

	ctx = testContext(false)
	scr := newSettingsScreen(ctx, GameOptions{})
	goTo(t, scr, "board", "theme")
	press(scr, "right")
	if ctx.Settings.Theme != "ocean" || !strings.Contains(scr.View(), "not saved") {
		t.Errorf("without a file: theme %s\n%s", ctx.Settings.Theme, scr.View())
	}
}

// The settings screen as a person sees it.
func TestSettingsScreen(t *testing.T) {
	needNarrowSymbols(t)
	ctx := testContext(false)
	ctx.Config = &config.File{Path: "/home/player/.config/varia/config.toml"} // never written: nothing changes
	app, err := New(ctx, GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	runGoldenSteps(t, app, []goldenStep{
		{want: "Press enter"},
		{keys: []string{"s"}, want: "Preview"},
		{keys: []string{"down", "down", "down", "down", "down"}, want: "Clock for new games"},
	})
}

func TestMenuOpensSettings(t *testing.T) {
	ctx := testContext(false)
	app, _ := New(ctx, GameOptions{})
	menu := app.current().(*menuScreen)
	press(menu, "3")
	app.Update(press(menu, "s")())
	scr, ok := app.current().(*settingsScreen)
	if !ok {
		t.Fatalf("s should open the settings, got %T", app.current())
	}
	app.Update(press(scr, "q")())
	if m, ok := app.current().(*menuScreen); !ok || m.variants[m.index] != rules.Edgy {
		t.Error("q should return to the menu on Edgy")
	}
}

// Settings that change how a game behaves.
func TestGameFollowsSettings(t *testing.T) {
	play := func(g *gameScreen, moves ...string) {
		for _, m := range moves {
			press(g, ":")
			typeText(g, m)
			press(g, "enter")
		}
	}
	ctx := testContext(false)
	ctx.Settings.TurnBoard = true
	g, _ := testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	if g.board.flip {
		t.Error("White to move: not turned")
	}
	play(g, "e4")
	if !g.board.flip || !g.board.frame.board.Flip {
		t.Error("Black to move: the board should turn")
	}
	press(g, "u")
	if g.board.flip {
		t.Error("undo gives White the move and the board turns back")
	}
	g, _ = testGameScreen(t, ctx, GameOptions{Variant: rules.Standard, FEN: "4k3/8/8/8/8/8/8/4K3 b - - 0 1"})
	if !g.board.flip {
		t.Error("a position with Black to move starts turned")
	}

	ctx = testContext(false)
	ctx.Settings.ConfirmResign = false
	g, _ = testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	press(g, "r")
	if r := g.game().Result(); r.Reason != rules.Resignation || dialogName(g) != "new game" {
		t.Errorf("resign without asking: %v, dialog %q", r, dialogName(g))
	}

	ctx = testContext(false)
	ctx.Settings.ConfirmQuit = false
	g, _ = testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	play(g, "e4")
	if cmd := press(g, "q"); cmd == nil || cmd() != tea.Quit() {
		t.Error("q should quit without asking")
	}

	// A game started straight away opens in the view set for its variant.
	ctx = testContext(false)
	ctx.Settings.Views[rules.Edgy.ID] = config.ViewSquare
	app, _ := New(ctx, GameOptions{Variant: rules.Edgy})
	if app.current().(*gameScreen).board.view != board.SquareView {
		t.Error("Edgy set to square should open square")
	}
	// and the menu starts on the variant and view the settings name
	ctx.Settings.Variant = rules.Edgy
	m := newMenuScreen(ctx, GameOptions{})
	if o := m.options(); o.Variant != rules.Edgy || o.View != config.ViewSquare {
		t.Errorf("menu options %v %v", o.Variant.ID, o.View)
	}
}

// Without a writable folder for the settings the program still starts,
// and the menu says why nothing is saved.
func TestMenuWithoutWritableConfigFolder(t *testing.T) {
	isolate(t)
	blocker := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	// a folder inside a file cannot be made, whoever runs the test
	_, f := config.Load(filepath.Join(blocker, "varia", "config.toml"))
	ctx := testContext(false)
	ctx.Config = f
	if _, err := New(ctx, GameOptions{}); err != nil {
		t.Fatal(err)
	}
	if v := newMenuScreen(ctx, GameOptions{}).View(); !strings.Contains(v, "config.toml has 1 problem") {
		t.Errorf("the menu should mention the problem:\n%s", v)
	}
}
