package tui

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"varia/rules"
	"varia/saves"
	"varia/tui/config"
	"varia/tui/match"
)

// contextFromConfig is a test context whose settings come from the text
// of a configuration file, which must have no problems.
func contextFromConfig(t *testing.T, text string) *Context {
	t.Helper()
	s, problems := config.Read("config.toml", text)
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
// line and the ? screen say. The sample moves the cursor with WASD, so
// it moves save and hint off s and t too.
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
save = ["ctrl+s"]
hint = ["i"]
analysis = ["e"]
`)
	g, err := testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	// w moves the cursor up from e1; enter selects e2, w w plays e4
	press(g, "w", "enter", "w", "w", "enter")
	if got := historySAN(g.game()); got != "e4" {
		t.Fatalf("rebound cursor keys played %q (%s)", got, g.msg.text)
	}
	press(g, "k") // no longer bound: nothing happens
	if g.board.cursor != sq(t, "e8") {
		t.Errorf("k moved the cursor to %v", g.board.cursor)
	}
	press(g, "s")
	if g.board.cursor != sq(t, "e7") || dialogName(g) != "" {
		t.Errorf("s should move the cursor down (to %v), not save (dialog %q)", g.board.cursor, dialogName(g))
	}
	press(g, "ctrl+s")
	if dialogName(g) != "save" {
		t.Error("ctrl+s should open the save dialog")
	}
	press(g, "esc")
	press(g, "u")
	if !g.board.flip || g.game().Len() != 1 {
		t.Errorf("u should now flip (flip %v) and not undo (%d moves)", g.board.flip, g.game().Len())
	}
	press(g, "z")
	if g.game().Len() != 0 {
		t.Error("z should undo")
	}
	if !strings.Contains(g.msg.text, "U replays it") {
		t.Errorf("messages name the bound keys: %q", g.msg.text)
	}
	press(g, "t")
	typeText(g, "d4")
	press(g, "enter")
	if got := historySAN(g.game()); got != "d4" {
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
	for _, want := range []string{`w +up`, `z +undo`, `u/F +flip`, `U/ctrl\+r +redo`, `ctrl\+s +save`, `i +hint`} {
		if !regexp.MustCompile(want).MatchString(full) {
			t.Errorf("the ? screen lacks %q:\n%s", want, full)
		}
	}
}

// The same WASD sample without moving save: s for down clashes with s
// for save, as any two actions of the game would. It is reported, down
// keeps its default keys and s still saves.
func TestRebindingClashWithPlayKeyReported(t *testing.T) {
	s, problems := config.Read("config.toml", "[keys.game]\nup = [\"w\"]\ndown = [\"s\"]\nleft = [\"a\"]\nright = [\"d\"]\ndraw = [\"x\"]\nanalysis = [\"e\"]\n")
	want := `config.toml:3: key "down": "s" is also bound to save in [keys.game]; down keeps its default keys (down, j)`
	if got := problemsText(problems); got != want {
		t.Fatalf("problems:\n%s\nwant:\n%s", got, want)
	}
	ctx := testContext(false)
	ctx.Settings = s
	ctx.Config = &config.File{Path: "config.toml", Problems: problems}
	if v := newTestMenu(ctx, GameOptions{}).View(); !strings.Contains(v, "config.toml has 1 problem") {
		t.Errorf("the menu should count the problem:\n%s", v)
	}
	g, err := testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	press(g, "w", "enter", "w", "w", "enter")
	if got := historySAN(g.game()); got != "e4" {
		t.Fatalf("the other rebound keys played %q (%s)", got, g.msg.text)
	}
	press(g, "j")
	if g.board.cursor != sq(t, "e7") {
		t.Errorf("j (down's default) should move the cursor down: %v", g.board.cursor)
	}
	press(g, "s")
	if dialogName(g) != "save" {
		t.Error("s should still save")
	}
	press(g, "esc", "?")
	if full := g.View(); !regexp.MustCompile(`↓/j +down`).MatchString(full) || !regexp.MustCompile(`s/ctrl\+s +save`).MatchString(full) {
		t.Errorf("the ? screen should show down's default keys and save's:\n%s", full)
	}
}

// Save, open and the move list's scrolling are rebound like the board's
// keys: the new key acts, the old one no longer does, and the help line,
// the ? screen and the save dialog name the new keys.
func TestRebindingSaveAndOpen(t *testing.T) {
	isolate(t)
	ctx := contextFromConfig(t, `[keys.game]
save = ["w"]
open = ["O"]
scroll_up = ["{"]
[keys.prompt]
submit = ["ctrl+j", "enter"]
`)
	ctx.Width = 140 // room for save in the help line
	g, err := testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	typeText(g, ":e4")
	press(g, "enter")
	if got := historySAN(g.game()); got != "e4" {
		t.Fatalf("played %q", got)
	}
	if line := lastLine(g.View()); !strings.Contains(line, "w save") {
		t.Errorf("help line lacks w save: %s", line)
	}
	if press(g, "s"); dialogName(g) != "" {
		t.Error("s is no longer save's key")
	}
	if press(g, "w"); dialogName(g) != "save" {
		t.Fatal("w should open the save dialog")
	}
	if v := g.View(); !strings.Contains(v, "ctrl+j saves · esc cancels") {
		t.Errorf("the save dialog names the prompt's keys:\n%s", v)
	}
	press(g, "esc")
	if cmd := press(g, "o"); cmd != nil {
		t.Error("o is no longer open's key")
	}
	cmd := press(g, "O")
	if cmd == nil {
		t.Fatal("O should open the picker")
	}
	if _, ok := cmd().(openFilesMsg); !ok {
		t.Errorf("O: %#v", cmd())
	}
	g.moves = moveList{page: 3, furthest: 10} // as drawn for a long game
	press(g, "{")
	if g.moves.scroll != 3 {
		t.Error("{ should scroll the move list")
	}
	press(g, "?")
	full := g.View()
	for _, want := range []string{`w +save`, `O +open a saved game`, `{\s+earlier moves`} {
		if !regexp.MustCompile(want).MatchString(full) {
			t.Errorf("the ? screen lacks %q:\n%s", want, full)
		}
	}
	if strings.Contains(full, "s/ctrl+s") || strings.Contains(full, "o/ctrl+o") {
		t.Errorf("the ? screen still shows the default keys:\n%s", full)
	}
}

// Move now and hint are rebound: the panel, the help line and the
// messages name the new keys.
func TestRebindingMoveNowAndHint(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(thinkUntil(nil, "g8f6"))
	ctx, _ := playContext(t, eng)
	s, problems := config.Read("config.toml", "[keys.game]\nmove_now = [\"x\"]\nhint = [\"?\"]\nhelp = [\"f1\"]\n")
	if len(problems) > 0 {
		t.Fatal(problemsText(problems))
	}
	ctx.Settings = s
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "d4")
	if g.match.Computer().Search() == nil {
		t.Fatal("the engine should think")
	}
	v := g.View()
	if !strings.Contains(v, "is thinking… (x moves now)") || !strings.Contains(lastLine(v), "x move now") {
		t.Errorf("the panel and the help line should name x:\n%s", v)
	}
	keys(g, q, "m")
	if g.match.Computer().Search() == nil || strings.Contains(g.msg.text, "moves now") {
		t.Fatal("m is no longer move now's key")
	}
	keys(g, q, "x")
	send(g, q, await[match.SearchDone](t, q, g, true))
	if got := historySAN(g.game()); got != "d4 Nf6" {
		t.Errorf("x should make the engine move now: moves %q", got)
	}
	keys(g, q, "x")
	if !strings.Contains(g.msg.text, "x makes the computer move") {
		t.Errorf("the message names x: %q", g.msg.text)
	}
	eng.setReply(playFirst("e2e4"))
	keys(g, q, "?")
	if g.match.Computer().Search() == nil || g.match.Computer().Search().Purpose != match.ForHint {
		t.Fatal("? should ask for a hint")
	}
	send(g, q, await[match.SearchDone](t, q, g, true))
	if !strings.HasPrefix(g.msg.text, "Hint: e4") || !strings.Contains(g.msg.text, "Enter plays it") {
		t.Errorf("hint message %q", g.msg.text)
	}
}

// The replay viewer's keys and its continue dialog's are rebound: the
// new keys act and the help line and ? screen name them.
func TestRebindingReplay(t *testing.T) {
	ctx := contextFromConfig(t, `[keys.replay]
next = ["x", "right"]
continue = ["tab"]
help = ["f1"]
[keys.continue]
play_white = ["w"]
`)
	games, err := saves.ReadFile(replayFile)
	if err != nil {
		t.Fatal(err)
	}
	r := newReplayScreen(ctx, games[0])
	r.Update(keyMsg("x"))
	if r.ply() != 1 {
		t.Errorf("x should step forward: ply %d", r.ply())
	}
	line := lastLine(r.View())
	for _, want := range []string{"←/x step", "tab continue", "f1 more keys"} {
		if !strings.Contains(line, want) {
			t.Errorf("help line lacks %q: %s", want, line)
		}
	}
	r.Update(keyMsg("f1"))
	full := r.View()
	for _, want := range []string{`x/→ +move forward`, `←/h/backspace +move back`} {
		if !regexp.MustCompile(want).MatchString(full) {
			t.Errorf("the ? screen lacks %q:\n%s", want, full)
		}
	}
	r.Update(keyMsg("esc")) // closes the help only
	if r.dialog != nil {
		t.Fatal("esc should close the help")
	}
	r.Update(keyMsg("c"))
	if replayDialog(r) == "continue" {
		t.Fatal("c is no longer continue's key")
	}
	r.Update(tea.KeyMsg{Type: tea.KeyTab})
	if replayDialog(r) != "continue" {
		t.Fatal("tab should open the continue dialog")
	}
	v := r.View()
	if !strings.Contains(v, "w  you play White v Varia Easy") || !strings.Contains(lastLine(v), "w you play White") {
		t.Errorf("the dialog and its help line name w:\n%s", v)
	}
	if _, cmd := r.Update(keyMsg("2")); cmd != nil {
		t.Error("2 is no longer the key to play White")
	}
	_, cmd := r.Update(keyMsg("w"))
	if msg, ok := cmd().(startGameMsg); !ok || !msg.opts.Players[rules.Black].Computer || msg.opts.Players[rules.White].Computer {
		t.Errorf("w should continue with the player as White: %#v", cmd())
	}
}

// The picker's keys are rebound; typing a path uses the prompt's keys.
func TestRebindingPicker(t *testing.T) {
	isolate(t)
	dir, _ := saves.DefaultDir()
	os.MkdirAll(dir, 0o700)
	copyFile(t, replayFile, filepath.Join(dir, "one.pgn"))
	ctx := contextFromConfig(t, `[keys.open]
type = ["t"]
parent = ["u"]
[keys.prompt]
cancel = ["ctrl+g"]
`)
	o := newTestPicker(ctx, "")
	if line := lastLine(o.View()); !strings.Contains(line, "t type a path") || !strings.Contains(line, "u up a folder") {
		t.Errorf("help line: %s", line)
	}
	o.Update(keyMsg("/"))
	if o.dialog != nil {
		t.Fatal("/ is no longer the key to type a path")
	}
	o.Update(keyMsg("t"))
	if !(o.dialog != nil) {
		t.Fatal("t should start typing a path")
	}
	o.Update(keyMsg("esc"))
	if !(o.dialog != nil) {
		t.Error("esc no longer cancels typing")
	}
	o.Update(tea.KeyMsg{Type: tea.KeyCtrlG})
	if o.dialog != nil {
		t.Error("ctrl+g should cancel typing")
	}
	settle(o, press(o, "u"))
	if o.dir != filepath.Dir(dir) {
		t.Errorf("u should go up a folder: %s", o.dir)
	}
}

// The menu's keys for the computer, the clock and saved games are
// rebound like its others.
func TestRebindingMenuPlayKeys(t *testing.T) {
	isolate(t) // no autosave to resume
	ctx := contextFromConfig(t, "[keys.menu]\nopen = [\"f\"]\nlevel = [\"y\"]\nclock = [\"t\"]\n")
	m := newTestMenu(ctx, GameOptions{})
	if cmd := press(m, "o"); cmd != nil {
		t.Error("o is no longer open's key")
	}
	if cmd := press(m, "f"); cmd == nil {
		t.Error("f should open the picker")
	} else if _, ok := cmd().(openFilesMsg); !ok {
		t.Errorf("f: %#v", cmd())
	}
	press(m, "l", "c")
	if o := m.options(); o.Mode.Computer() || o.Clock.On() {
		t.Errorf("l and c are no longer bound: %+v", o)
	}
	press(m, "y", "t")
	if o := m.options(); !o.Mode.Computer() || !o.Clock.On() {
		t.Errorf("y and t should set the level and the clock: %+v", o)
	}
	press(m, "?")
	v := m.View()
	for _, want := range []string{`f to open or replay a saved game`, `Level   Medium ~1400 \(y\)`, `Clock   .*\(t\)`, `f +open a game`, `y +computer's level`, `t +clock`} {
		if !regexp.MustCompile(want).MatchString(v) {
			t.Errorf("menu lacks %q:\n%s", want, v)
		}
	}
}

func TestRebindingChangesMenuAndHelp(t *testing.T) {
	ctx := contextFromConfig(t, "[keys.menu]\nguide = [\"i\"]\nstart = [\"p\"]\nsettings = [\"ctrl+s\"]\n")
	m := newTestMenu(ctx, GameOptions{})
	if cmd := press(m, "g"); cmd != nil {
		t.Error("g is no longer the guide's key")
	}
	cmd := press(m, "i")
	if msg, ok := cmd().(openGuideMsg); !ok || msg.variant != rules.Standard {
		t.Errorf("i should open the guide: %#v", cmd())
	}
	cmd = press(m, "p")
	if _, ok := cmd().(startGameMsg); !ok {
		t.Error("p should start the game")
	}
	v := m.View()
	for _, want := range []string{"Press p to start.", "i: rules guide · ctrl+s: settings", "p start", "i rules guide", "ctrl+s settings"} {
		if !strings.Contains(v, want) {
			t.Errorf("menu lacks %q:\n%s", want, v)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(s, "\n")
	return lines[len(lines)-1]
}

// A keymap left empty gets the standard keys, so code that builds
// settings by hand still has working screens.
func TestEmptyKeymapGetsDefaults(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	ctx := NewContext(r, config.Settings{})
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
	m := newTestMenu(ctx, GameOptions{})
	m.Update(keyMsg("jj"))
	if m.variants[m.index] != rules.Edgy {
		t.Errorf("menu: jj went to %s", m.variants[m.index].ID)
	}
	g := newGuideScreen(ctx, rules.Standard)
	g.Update(keyMsg("ll"))
	if g.variant() != rules.Edgy {
		t.Errorf("guide: ll went to %s", g.variant().ID)
	}
}

// The new game dialog's way back to the menu is a choice key like the
// dialog's others.
func TestRebindingNewGameDialog(t *testing.T) {
	ctx := contextFromConfig(t, "[keys.choice]\nmenu = [\"b\"]\n")
	g, err := testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	press(g, "n")
	if v := g.View(); !strings.Contains(v, "b     back to the menu") {
		t.Errorf("the dialog should name b:\n%s", v)
	}
	if cmd := press(g, "m"); cmd != nil || dialogName(g) != "new game" {
		t.Error("m is no longer the dialog's way to the menu")
	}
	cmd := press(g, "b")
	if cmd == nil {
		t.Fatal("b should go back to the menu")
	}
	if _, ok := cmd().(openMenuMsg); !ok {
		t.Errorf("b: %#v", cmd())
	}
}
