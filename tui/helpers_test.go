package tui

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
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
	g.start()
	t.Cleanup(func() { closeGame(g) }) // every write done before the next test's home
	return g
}

// dialogName is the name of the dialog open on a game screen ("" for
// none).
func dialogName(g *gameScreen) string {
	if g.dialog == nil {
		return ""
	}
	return g.dialog.name
}

// promptErr is why the move typed at the prompt was refused.
func promptErr(g *gameScreen) string {
	if g.dialog == nil || g.dialog.name != "prompt" {
		return ""
	}
	return g.dialog.problem
}

// settle runs a command as Bubble Tea would, and hands the screen what
// comes back from the disk (lists, reads, saves), until nothing more
// does. Other messages (ticks, the cursor's blink) are dropped.
func settle(s screen, cmd tea.Cmd) {
	for _, msg := range collect(cmd) {
		_, next := s.Update(msg)
		settle(s, next)
	}
}

// collect runs a command and its batches, each in a goroutine of its
// own, and returns the disk's answers once every one has ended.
func collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msgs := make(chan tea.Msg)
	running := 0
	launch := func(c tea.Cmd) {
		running++
		go func() { msgs <- c() }()
	}
	launch(cmd)
	var out []tea.Msg
	deadline := time.After(5 * time.Second)
	for running > 0 {
		select {
		case msg := <-msgs:
			running--
			switch msg := msg.(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					if c != nil {
						launch(c)
					}
				}
			case listedMsg, openedMsg, unfinishedScannedMsg, settingSavedMsg, match.Saved, claimedMsg,
				gamesListedMsg, gamesProgressMsg, gameReadMsg, analysisProgressMsg, analysisDoneMsg:
				out = append(out, msg)
			}
		case <-deadline:
			panic("a command ran for more than 5 s")
		}
	}
	return out
}

// newTestMenu opens the start menu as the App does, having looked at the
// unfinished games.
func newTestMenu(ctx *Context, opts GameOptions) *menuScreen {
	m := newMenuScreen(ctx, opts)
	settle(m, m.start())
	return m
}

// newTestPicker opens the file picker as the App does, its folder
// listed; playing is the file of the game being played.
func newTestPicker(ctx *Context, playing string) *openScreen {
	o := newOpenScreen(ctx, playing, "")
	settle(o, o.start())
	return o
}

// resumeLatest does what r in the menu does: it claims the unfinished
// game offered and gives the options that resume it.
func resumeLatest(t *testing.T, ctx *Context) GameOptions {
	t.Helper()
	menu := newTestMenu(ctx, GameOptions{})
	cmd := press(menu, "r")
	if cmd == nil {
		t.Fatalf("the menu offers no game to resume:\n%s", menu.View())
	}
	r, ok := cmd().(resumeMsg)
	if !ok {
		t.Fatalf("r: %T", cmd())
	}
	claimed := claimCmd(r.path, "", r.view)().(claimedMsg)
	if claimed.problem != "" {
		t.Fatalf("resuming: %s", claimed.problem)
	}
	return claimed.opts
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

// replayDialog is the name of the dialog open on the replay viewer.
func replayDialog(r *replayScreen) string {
	if r.dialog == nil {
		return ""
	}
	return r.dialog.name
}

// testGameScreen is newGameScreen for a test: the game's files are let go
// (every save written) before the test's home goes.
func testGameScreen(t testing.TB, ctx *Context, opts GameOptions) (*gameScreen, error) {
	g, err := newGameScreen(ctx, opts)
	if err == nil {
		t.Cleanup(func() { closeGame(g) })
	}
	return g, err
}
