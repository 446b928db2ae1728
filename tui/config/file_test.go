package config

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
	"varia/tui/board"
)

// isolate points every folder Varia uses at fresh temporary ones, so no
// test touches the real home folder.
func isolate(t *testing.T) (configHome string) {
	t.Helper()
	home := t.TempDir()
	configHome = filepath.Join(home, "config")
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", configHome)
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	return configHome
}

// summary shows every setting, keys included, one per line, sorted.
func summary(s Settings) string {
	lines := []string{}
	for _, st := range Schema() {
		lines = append(lines, fmt.Sprintf("%s.%s=%s", st.Section, st.Key, st.Get(&s)))
	}
	for _, g := range s.Keys.groups() {
		for _, a := range g.actions {
			lines = append(lines, fmt.Sprintf("keys.%s.%s=%q help=%q", g.name, a.name, a.b.Keys(), a.b.Help().Key))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func problemsText(ps []Problem) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Error())
	}
	return strings.Join(out, "\n")
}

// The first run writes the defaults; edited values are read back.
func TestConfigRoundTrip(t *testing.T) {
	configHome := isolate(t)
	path, err := Path()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(configHome, "varia", "config.toml"); path != want {
		t.Fatalf("Path %s, want %s", path, want)
	}
	s, f := LoadDefault()
	if !f.Created || len(f.Problems) > 0 {
		t.Fatalf("first run: created %v, problems:\n%s", f.Created, problemsText(f.Problems))
	}
	if got, want := summary(s), summary(DefaultSettings()); got != want {
		t.Errorf("first run settings differ from the defaults:\n%s", got)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != DefaultText() {
		t.Error("the file written is not the default text")
	}
	// The defaults file reads back as the defaults.
	s, f = Load(path)
	if f.Created || len(f.Problems) > 0 || summary(s) != summary(DefaultSettings()) {
		t.Fatalf("second run: created %v, problems:\n%s", f.Created, problemsText(f.Problems))
	}

	edits := map[string]string{
		`variant = "standard"`:                `variant = "Edgy"`,
		`turn_board = false`:                  `turn_board = true`,
		`confirm_resign = true`:               `confirm_resign = false`,
		`clock = "none"`:                      `clock = "5+3"`,
		`save_folder = ""`:                    `save_folder = "~/chess games"`,
		`mouse = true`:                        `mouse = false`,
		`theme = "wood"`:                      `theme = "colour-blind"`,
		`pieces = "filled"`:                   `pieces = "letters"`,
		`asean = "square"`:                    `asean = "diamond"`,
		`level = "medium"`:                    `level = "Hard"`,
		`undo = ["u"]`:                        `undo = ["z", "ctrl+z"]`,
		`flip = ["f"]`:                        `flip = "u"`,
		`save = ["s", "ctrl+s"]`:              `save = ["ctrl+s"]`,
		`continue = ["c"]`:                    `continue = ["tab"]`,
		`two_players = ["1"]`:                 `two_players = ["h"]`,
		`parent = ["left", "h", "backspace"]`: `parent = ["backspace"]`,
	}
	text := string(data)
	for from, to := range edits {
		if !strings.Contains(text, from) {
			t.Fatalf("the default file has no %q", from)
		}
		text = strings.Replace(text, from, to, 1)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, f = Load(path)
	if len(f.Problems) > 0 {
		t.Fatalf("edited file: problems:\n%s", problemsText(f.Problems))
	}
	home, _ := os.UserHomeDir()
	dir, _ := s.SaveDir()
	checks := []struct {
		what      string
		got, want any
	}{
		{"variant", s.Variant, rules.Edgy},
		{"turn board", s.TurnBoard, true},
		{"confirm resign", s.ConfirmResign, false},
		{"confirm quit", s.ConfirmQuit, true},
		{"clock", s.Clock, saves.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}},
		{"save folder", dir, filepath.Join(home, "chess games")},
		{"mouse", s.Mouse, false},
		{"theme", s.Theme, "colour-blind"},
		{"pieces", s.Pieces, board.PiecesLetters},
		{"asean view", s.ViewFor(rules.ASEAN), ViewDiamond},
		{"edgy view", s.ViewFor(rules.Edgy), ViewDiamond},
		{"level", s.Level, "hard"},
		{"undo keys", strings.Join(s.Keys.Game.Undo.Keys(), " "), "z ctrl+z"},
		{"undo help", s.Keys.Game.Undo.Help().Key, "z/ctrl+z"},
		{"flip keys", strings.Join(s.Keys.Game.Flip.Keys(), " "), "u"},
		{"save keys", strings.Join(s.Keys.Game.Save.Keys(), " "), "ctrl+s"},
		{"replay continue keys", strings.Join(s.Keys.Replay.Continue.Keys(), " "), "tab"},
		{"continue dialog keys", strings.Join(s.Keys.Continue.TwoPlayers.Keys(), " "), "h"},
		{"picker parent keys", strings.Join(s.Keys.Open.Parent.Keys(), " "), "backspace"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: read %v, want %v", c.what, c.got, c.want)
		}
	}
}

// The settings screen's saving changes one value in place and keeps the
// rest of the file, comments included.
func TestConfigSave(t *testing.T) {
	isolate(t)
	_, f := LoadDefault()
	before, _ := os.ReadFile(f.Path)
	mine := strings.Replace(string(before), `theme = "wood"`, `theme = "wood"  # my note`, 1) + "\n# the end\n"
	if err := os.WriteFile(f.Path, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(f.Path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := f.Save("board", "theme", tomlQuote("ocean")); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(f.Path)
	if want := strings.Replace(mine, `theme = "wood"  # my note`, `theme = "ocean"  # my note`, 1); string(after) != want {
		t.Errorf("save changed more than the value:\n%s", after)
	}
	if info, err := os.Stat(f.Path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("save should keep the file's mode: %v %v", info.Mode(), err)
	}
	s, f2 := Load(f.Path)
	if s.Theme != "ocean" || len(f2.Problems) > 0 {
		t.Errorf("saved theme reads back as %q, problems:\n%s", s.Theme, problemsText(f2.Problems))
	}
	// Saving a setting whose line holds a bad value replaces it and clears
	// the problem.
	bad := strings.Replace(string(after), `pieces = "filled"`, `pieces = "wooden"`, 1)
	os.WriteFile(f.Path, []byte(bad), 0o600)
	_, f = Load(f.Path)
	if len(f.Problems) != 1 {
		t.Fatalf("want one problem, got:\n%s", problemsText(f.Problems))
	}
	if err := f.Save("board", "pieces", tomlQuote("outline")); err != nil || len(f.Problems) != 0 {
		t.Errorf("after saving: %v, problems:\n%s", err, problemsText(f.Problems))
	}
	// A missing file is written whole before the value is set.
	os.Remove(f.Path)
	if err := f.Save("play", "clock", tomlQuote("3+2")); err != nil {
		t.Fatal(err)
	}
	if s, _ := Load(f.Path); s.Clock.String() != "3+2" || s.Theme != board.DefaultThemeName {
		t.Errorf("save into a missing file: clock %v theme %s", s.Clock, s.Theme)
	}
}

// Bad values are reported with their line and key, keep their defaults,
// and leave the other settings read.
func TestConfigProblems(t *testing.T) {
	const text = `[play]
variant = "crazyhouse"
turn_board = "yes"
clock = "5+x"
clock2 = "1+0"
confirm_quit = false
save_folder = "games"

[board]
theme = "neon"
pieces = "outline"

[view]
edgy = "sideways"
asha = "diamond"

[computer]
level = "grand master"

[colours]
light = "#fff"

[keys.game]
undo = ["ctlr+z"]
flip = []
draw = ["x"]
jump = ["j"]
redo = 5

[keys.menu]
up = ["space bar"]
`
	s, problems := Read("config.toml", text)
	want := []string{
		`config.toml:2: key "variant": unknown variant "crazyhouse" (known: ` + strings.Join(rules.VariantIDs(), ", ") + `)`,
		`config.toml:3: key "turn_board": want true or false, found a string`,
		`config.toml:4: key "clock": clock "5+x": the increment is not a whole number of seconds (want minutes+increment such as "5+3", minutes:seconds+increment such as "0:30+1", or "none")`,
		`config.toml:5: key "clock2": unknown setting in [play] (known: variant, turn_board, confirm_resign, confirm_quit, bell, clock, save_folder, mouse)`,
		`config.toml:7: key "save_folder": folder "games": want an absolute path or one starting with ~/`,
		`config.toml:10: key "theme": unknown theme "neon" (known: wood, ocean, high-contrast, colour-blind)`,
		`config.toml:14: key "edgy": unknown view "sideways" (known: square, diamond, auto)`,
		`config.toml:18: key "level": unknown level "grand master" (known: easy, medium, hard, master, expert)`,
		`config.toml:20: unknown section [colours] (known: [play], [board], [view], [computer], [keys.menu], [keys.game], [keys.prompt], [keys.choice], [keys.open], [keys.replay], [keys.continue], [keys.guide], [keys.editor], [keys.settings])`,
		`config.toml:24: key "undo": unknown key "ctlr+z" (keys are single characters or names such as ` + keyNameExamples + `)`,
		`config.toml:25: key "flip": an action needs at least one key`,
		`config.toml:27: key "jump": unknown action in [keys.game] (known: up, down, left, right, select, cancel, type, undo, redo, flip, view, draw, resign, new, move_now, hint, save, open, copy, scroll_up, scroll_down, back, forward, analysis, review, chat, guide, help, quit)`,
		`config.toml:28: key "redo": want an array of key names such as ["u", "ctrl+z"], found a whole number`,
		`config.toml:31: key "up": unknown key "space bar" (keys are single characters or names such as ` + keyNameExamples + `)`,
	}
	if got := problemsText(problems); got != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	def := DefaultSettings()
	checks := []struct {
		what      string
		got, want any
	}{
		{"variant keeps its default", s.Variant, def.Variant},
		{"turn board keeps its default", s.TurnBoard, false},
		{"clock keeps its default", s.Clock, saves.TimeControl{}},
		{"theme keeps its default", s.Theme, board.DefaultThemeName},
		{"edgy view keeps its default", s.ViewFor(rules.Edgy), ViewDiamond},
		{"level keeps its default", s.Level, DefaultLevel},
		{"undo keeps its default", s.Keys.Game.Undo.Help().Key, "u"},
		{"confirm quit is read", s.ConfirmQuit, false},
		{"pieces are read", s.Pieces, board.PiecesOutline},
		{"asha view is read", s.ViewFor(rules.Asha), ViewDiamond},
		{"draw is read", s.Keys.Game.Draw.Help().Key, "x"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
		}
	}
}

// Two actions of one screen sharing a key: the ones the file set go back
// to their defaults, and each is reported.
func TestConfigKeyConflicts(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
		keys       map[string]string // group.action: keys after reading
	}{
		{"takes a default's key", "[keys.game]\nflip = [\"u\"]\n",
			[]string{`config.toml:2: key "flip": "u" is also bound to undo in [keys.game]; flip keeps its default keys (f)`},
			map[string]string{"game.flip": "f", "game.undo": "u"}},
		{"two set alike", "[keys.game]\nflip = [\"x\"]\nview = [\"x\", \"w\"]\n",
			[]string{
				`config.toml:2: key "flip": "x" is also bound to view in [keys.game]; flip keeps its default keys (f)`,
				`config.toml:3: key "view": "x" is also bound to flip in [keys.game]; view keeps its default keys (v)`,
			},
			map[string]string{"game.flip": "f", "game.view": "v"}},
		{"swapped keys are no conflict", "[keys.game]\nflip = [\"u\"]\nundo = [\"f\"]\n", nil,
			map[string]string{"game.flip": "u", "game.undo": "f"}},
		{"listed at its default, a binding gives way", "[keys.game]\nundo = [\"u\"]\nflip = [\"u\"]\n",
			[]string{`config.toml:3: key "flip": "u" is also bound to undo in [keys.game]; flip keeps its default keys (f)`},
			map[string]string{"game.flip": "f", "game.undo": "u"}},
		{"a reset that collides again", "[keys.game]\nundo = [\"f\"]\nflip = [\"f\"]\nredo = [\"u\"]\n",
			[]string{
				`config.toml:2: key "undo": "f" is also bound to flip in [keys.game]; undo keeps its default keys (u)`,
				`config.toml:4: key "redo": "u" is also bound to undo in [keys.game]; redo keeps its default keys (U, ctrl+r)`,
			},
			map[string]string{"game.undo": "u", "game.flip": "f", "game.redo": "U ctrl+r"}},
		{"other screens may share", "[keys.menu]\nguide = [\"x\"]\n[keys.game]\nguide = [\"x\"]\n", nil,
			map[string]string{"menu.guide": "x", "game.guide": "x"}},
		// The keys for the computer, saving and opening are actions of
		// their screens like any other.
		{"a play key in the game", "[keys.game]\ndown = [\"s\"]\n",
			[]string{`config.toml:2: key "down": "s" is also bound to save in [keys.game]; down keeps its default keys (down, j)`},
			map[string]string{"game.down": "down j", "game.save": "s ctrl+s"}},
		{"a play key set to a board key", "[keys.game]\nmove_now = [\"u\"]\n",
			[]string{`config.toml:2: key "move_now": "u" is also bound to undo in [keys.game]; move_now keeps its default keys (m)`},
			map[string]string{"game.move_now": "m", "game.undo": "u"}},
		{"a play key in the menu", "[keys.menu]\nguide = [\"r\"]\n",
			[]string{`config.toml:2: key "guide": "r" is also bound to resume in [keys.menu]; guide keeps its default keys (g)`},
			map[string]string{"menu.guide": "g", "menu.resume": "r"}},
		{"the replay viewer", "[keys.replay]\nflip = [\"c\"]\n",
			[]string{`config.toml:2: key "flip": "c" is also bound to continue in [keys.replay]; flip keeps its default keys (f)`},
			map[string]string{"replay.flip": "f", "replay.continue": "c"}},
		{"the picker", "[keys.open]\ntype = [\"enter\"]\n",
			[]string{`config.toml:2: key "type": "enter" is also bound to open in [keys.open]; type keeps its default keys (/, :, p)`},
			map[string]string{"open.type": "/ : p", "open.open": "enter right l"}},
		{"the continue dialog", "[keys.continue]\nlevel = [\"1\", \"L\"]\n",
			[]string{`config.toml:2: key "level": "1" is also bound to two_players in [keys.continue]; level keeps its default keys (l)`},
			map[string]string{"continue.level": "l", "continue.two_players": "1"}},
		{"the replay and its dialog never share the screen", "[keys.replay]\nfaster = [\"1\"]\n[keys.continue]\ncancel = [\"c\"]\n", nil,
			map[string]string{"replay.faster": "1", "continue.cancel": "c", "replay.continue": "c"}},
		{"ctrl+c always quits", "[keys.game]\nsave = [\"ctrl+c\"]\n[keys.replay]\nquit = [\"ctrl+c\"]\n",
			[]string{`config.toml:2: key "save": ctrl+c always quits; save keeps its keys (s, ctrl+s)`},
			map[string]string{"game.save": "s ctrl+s", "replay.quit": "ctrl+c"}},
		{"the new game dialog's menu key", "[keys.choice]\nmenu = [\"n\"]\n",
			[]string{`config.toml:2: key "menu": "n" is also bound to no in [keys.choice]; menu keeps its default keys (m)`},
			map[string]string{"choice.menu": "m"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, problems := Read("config.toml", tc.text)
			if got := problemsText(problems); got != strings.Join(tc.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", got, strings.Join(tc.want, "\n"))
			}
			seen := 0
			for _, g := range s.Keys.groups() {
				for _, a := range g.actions {
					want, ok := tc.keys[g.name+"."+a.name]
					if !ok {
						continue
					}
					seen++
					if got := strings.Join(a.b.Keys(), " "); got != want {
						t.Errorf("%s.%s: keys %q, want %q", g.name, a.name, got, want)
					}
				}
			}
			if seen != len(tc.keys) {
				t.Errorf("only %d of the %d actions checked exist", seen, len(tc.keys))
			}
			if len(s.Keys.keyConflicts()) > 0 {
				t.Errorf("conflicts left: %v", s.Keys.keyConflicts())
			}
		})
	}
}

// The file written on the first run lists every action of every screen,
// each with its default keys and a comment, in its screen's section.
func TestDefaultConfigListsEveryAction(t *testing.T) {
	type line struct{ keys, comment string }
	found := map[string]line{}
	section := ""
	for _, l := range strings.Split(DefaultText(), "\n") {
		if strings.HasPrefix(l, "[") {
			section = strings.Trim(l, "[]")
			continue
		}
		name, rest, ok := strings.Cut(l, " = ")
		if !ok || !strings.HasPrefix(section, "keys.") {
			continue
		}
		keys, comment, _ := strings.Cut(rest, "  # ")
		found[section+"."+strings.TrimSpace(name)] = line{strings.TrimSpace(keys), comment}
	}
	def := DefaultKeymap()
	n := 0
	for _, g := range def.groups() {
		for _, a := range g.actions {
			n++
			name := "keys." + g.name + "." + a.name
			l, ok := found[name]
			if !ok {
				t.Errorf("%s is not in the default file", name)
				continue
			}
			if want := tomlStringArray(configKeyNames(a.b.Keys())); l.keys != want || l.comment != a.doc {
				t.Errorf("%s = %s  # %s; want %s  # %s", name, l.keys, l.comment, want, a.doc)
			}
		}
	}
	if n != len(found) {
		t.Errorf("the default file has %d key bindings, the keymap %d actions", len(found), n)
	}
	for _, want := range []string{"[keys.open]", "[keys.replay]", "[keys.continue]", `save = ["s", "ctrl+s"]`, `autoplay = ["space", "p"]`} {
		if !strings.Contains(DefaultText(), want) {
			t.Errorf("the default file lacks %s", want)
		}
	}
}

func TestDefaultKeysHaveNoConflicts(t *testing.T) {
	k := DefaultKeymap()
	if c := k.keyConflicts(); len(c) > 0 {
		t.Errorf("default bindings conflict: %v", c)
	}
	for _, g := range k.groups() {
		for _, a := range g.actions {
			for _, name := range a.b.Keys() {
				if n, err := normalizeKey(configKeyName(name)); err != nil || n != name {
					t.Errorf("keys.%s.%s: default key %q does not read back: %q %v", g.name, a.name, name, n, err)
				}
			}
		}
	}
}

func TestNormalizeKey(t *testing.T) {
	good := map[string]string{
		"k": "k", "U": "U", "?": "?", ":": ":", "é": "é", "space": " ", "Enter": "enter", "ESC": "esc",
		"ctrl+r": "ctrl+r", "alt+x": "alt+x", "alt+enter": "alt+enter", "pgdn": "pgdown", "f12": "f12",
		"shift+tab": "shift+tab", "backspace": "backspace",
	}
	for in, want := range good {
		if got, err := normalizeKey(in); err != nil || got != want {
			t.Errorf("normalizeKey(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", " ", "\t", "ctlr+x", "alt+", "f99", "enterr", "kk"} {
		if got, err := normalizeKey(bad); err == nil {
			t.Errorf("normalizeKey(%q) = %q, want an error", bad, got)
		}
	}
}

// Without a writable folder the program still starts with the defaults
// and says why nothing is saved.
func TestConfigWithoutWritableFolder(t *testing.T) {
	isolate(t)
	blocker := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	// a folder inside a file cannot be made, whoever runs the test
	path := filepath.Join(blocker, "varia", "config.toml")
	s, f := Load(path)
	if summary(s) != summary(DefaultSettings()) || f.Created {
		t.Error("an unwritable folder should give the defaults")
	}
	if len(f.Problems) != 1 || !strings.Contains(f.Problems[0].Error(), path+": could not") {
		t.Errorf("problems: %s", problemsText(f.Problems))
	}
	if err := f.Save("board", "theme", `"ocean"`); err == nil {
		t.Error("saving into an unwritable folder should fail")
	}

	// A folder where the file should be: reported, not fatal.
	dir := t.TempDir()
	_, f = Load(dir)
	if len(f.Problems) != 1 || !strings.Contains(f.Problems[0].Text, "could not read it") {
		t.Errorf("a folder as the file: %s", problemsText(f.Problems))
	}
}

func TestConfigPathFallsBackToHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "relative/is/ignored")
	path, err := Path()
	if err != nil || path != filepath.Join(home, ".config", "varia", "config.toml") {
		t.Errorf("Path() = %s, %v", path, err)
	}
}

// The level names are the engine's, and the default is one of them.
func TestLevels(t *testing.T) {
	if l, err := parseLevel(DefaultLevel); err != nil || l != DefaultLevel {
		t.Errorf("default level %q: %v", l, err)
	}
	if l, err := parseLevel(" EXPERT "); err != nil || l != "expert" {
		t.Errorf("parseLevel(EXPERT) = %q, %v", l, err)
	}
	if len(levelChoices()) < 2 {
		t.Error("the engine should offer levels")
	}
}

// Changes written off the interface's goroutine may run in any order:
// the file ends with the value chosen last for each setting, and every
// setting changed is written.
func TestConfigChangesInAnyOrder(t *testing.T) {
	configHome := isolate(t)
	_, f := LoadDefault()
	first := f.Change("board", "theme", `"ocean"`)
	second := f.Change("board", "theme", `"high-contrast"`)
	other := f.Change("play", "turn_board", "true")
	if p, err := second(); err != nil || p == nil {
		t.Fatalf("the latest change: %v, %v", p, err)
	}
	if p, err := first(); err != nil || p != nil {
		t.Errorf("an earlier change run later should write nothing: %v, %v", p, err)
	}
	if _, err := other(); err != nil {
		t.Fatal(err)
	}
	s, f2 := Load(filepath.Join(configHome, "varia", "config.toml"))
	if s.Theme != "high-contrast" || !s.TurnBoard || len(f2.Problems) > 0 {
		t.Errorf("the file holds theme %q, turn_board %v: %s", s.Theme, s.TurnBoard, problemsText(f2.Problems))
	}
}
