package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/saves"
)

// untrustedUnfinished leaves an unfinished game of Asha (two moves; over
// when finished says so) whose saved-as tag names target, as a file
// could: the tag is a hint, never a place to write.
func untrustedUnfinished(t *testing.T, ctx *Context, target string, finished bool) {
	t.Helper()
	g := rules.NewGame(rules.Asha)
	for _, m := range []string{"e4", "e7~d6"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if finished {
		g.Resign(rules.White)
	}
	tags := saves.NewTags("Ann", "Bob", ctx.Services.Now())
	tags.Set(saves.SavedAsTag, target)
	u, err := saves.NewUnfinished(&saves.SavedGame{Game: g, Tags: tags}, ctx.Services.Now())
	if err != nil {
		t.Fatal(err)
	}
	u.Release()
}

// precious writes a file that is not Varia's to write, and returns a
// check that it is still there as it was.
func precious(t *testing.T, path, text string) func() {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return func() {
		t.Helper()
		if data, err := os.ReadFile(path); err != nil || string(data) != text {
			t.Errorf("%s was changed or removed: %q, %v", path, data, err)
		}
	}
}

// A resumed game whose saved-as tag names a file outside the saves
// folder, or a file inside it that holds another game, never writes
// there: not while it is played, not when the player saves (the name
// proposed is a new one), not when it ends (it is saved under a name of
// its own in the saves folder).
func TestResumedSavedAsNeverTrusted(t *testing.T) {
	for _, where := range []string{"outside", "another game"} {
		t.Run(where, func(t *testing.T) {
			ctx, _ := playContext(t, &fakeEngine{})
			dir, _ := saves.DefaultDir()
			target := filepath.Join(t.TempDir(), "precious.pgn")
			text := "not a game of this Varia"
			if where == "another game" {
				target = filepath.Join(dir, "other.pgn")
				text = "[White \"Cy\"]\n[Black \"Di\"]\n\n1. d4 d5 *\n"
			}
			intact := precious(t, target, text)
			untrustedUnfinished(t, ctx, target, false)

			r, q := newPlayGame(t, ctx, resumeLatest(t, ctx))
			if historySAN(r.game()) != "e4 e7~d6" || r.match.Saves().SavedPath != "" {
				t.Fatalf("resumed %q, saved path %q", historySAN(r.game()), r.match.Saves().SavedPath)
			}
			typeMove(r, q, "Nf3")
			flush(t, r, q)
			keys(r, q, "s")
			if name := r.dialog.input.Value(); strings.Contains(name, "precious") || strings.Contains(name, "other") {
				t.Errorf("s proposes %q", name)
			}
			keys(r, q, "esc")
			keys(r, q, "r", "y")
			flush(t, r, q)
			saved := r.match.Saves().SavedTo
			if !r.game().Result().Over() || filepath.Dir(saved) != dir || saved == target {
				t.Fatalf("the ended game went to %q, want a new file in %s", saved, dir)
			}
			if sg := readGame(t, saved); historySAN(sg.Game) != "e4 e7~d6 Nf3" {
				t.Errorf("the saved game holds %q", historySAN(sg.Game))
			}
			if files := unfinishedFiles(t); len(files) != 0 {
				t.Errorf("the ended game's unfinished copy stays: %v", files)
			}
			intact()
		})
	}
}

// A finished game found among the unfinished ones whose saved-as tag
// names a file outside the saves folder, or one inside it holding
// another game, is filed in the saves folder under a new name before its
// unfinished copy goes; the named file is neither changed nor removed.
func TestFinishedSavedAsNeverTrusted(t *testing.T) {
	for _, where := range []string{"outside", "another game"} {
		t.Run(where, func(t *testing.T) {
			ctx, _ := playContext(t, &fakeEngine{})
			dir, _ := saves.DefaultDir()
			target := filepath.Join(t.TempDir(), "precious.pgn")
			text := "not a game of this Varia"
			if where == "another game" {
				target = filepath.Join(dir, "other.pgn")
				text = "[White \"Cy\"]\n[Black \"Di\"]\n\n1. d4 d5 *\n"
			}
			intact := precious(t, target, text)
			untrustedUnfinished(t, ctx, target, true)

			menu := newTestMenu(ctx, GameOptions{})
			if menu.play.resume != nil || len(unfinishedFiles(t)) != 0 || !strings.Contains(menu.View(), "Your last game is in your saved games") {
				t.Fatalf("the finished game: unfinished %v\n%s", unfinishedFiles(t), menu.View())
			}
			filed, _ := filepath.Glob(filepath.Join(dir, "*-asha-ann-vs-bob*.pgn"))
			if len(filed) != 1 {
				t.Fatalf("filed as %v", filed)
			}
			if sg := readGame(t, filed[0]); historySAN(sg.Game) != "e4 e7~d6" || !sg.Game.Result().Over() || sg.Tags.Get(saves.SavedAsTag) != "" {
				t.Errorf("the filed game: %q, %v, tags %v", historySAN(sg.Game), sg.Game.Result(), sg.Tags)
			}
			intact()
		})
	}
}

// A resumed game whose TimeControl tag Varia cannot read (a control of
// several periods) is played without a clock, and keeps the clock times
// its moves were written with: resuming and quitting drops no %clk.
func TestResumeKeepsClocksOfUnreadTimeControl(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	g := rules.NewGame(rules.Standard)
	for _, m := range []string{"e4", "e5", "Nf3"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	tags := saves.NewTags("Ann", "Bob", ctx.Services.Now())
	tags.Set("TimeControl", "40/5400+30:1800+30")
	clocks := []time.Duration{5399 * time.Second, 5397 * time.Second, saves.NoClock}
	u, err := saves.NewUnfinished(&saves.SavedGame{Game: g, Tags: tags, Clocks: clocks}, ctx.Services.Now())
	if err != nil {
		t.Fatal(err)
	}
	path := u.Path()
	u.Release()

	check := func(when string, want []time.Duration) {
		t.Helper()
		sg := readGame(t, path)
		if sg.Tags.Get("TimeControl") != "40/5400+30:1800+30" || !slices.Equal(sg.Clocks, want) {
			t.Errorf("%s: TimeControl %q, clocks %v, want %v", when, sg.Tags.Get("TimeControl"), sg.Clocks, want)
		}
	}
	r, q := newPlayGame(t, ctx, resumeLatest(t, ctx))
	if r.match.Clock() != nil {
		t.Fatal("a clock Varia cannot read should not run")
	}
	flush(t, r, q)
	closeGame(r)
	check("resumed and quit", clocks)

	r, q = newPlayGame(t, ctx, resumeLatest(t, ctx))
	typeMove(r, q, "Nc6")
	flush(t, r, q)
	check("after a move", append(slices.Clone(clocks), saves.NoClock))
	keys(r, q, "u", "u", "u")
	typeMove(r, q, "d5")
	flush(t, r, q)
	check("after another move in place of the last ones", []time.Duration{clocks[0], saves.NoClock})
	closeGame(r)
}

// With autosave failing, q says the game is not safely on disk and
// offers to save it elsewhere or to stay; once it is saved, quitting is
// safe and q asks as usual. The new game dialog warns the same way.
func TestQuitWhenAutosaveFails(t *testing.T) {
	for _, fault := range []string{"unfinished folder is a file", "no home"} {
		t.Run(fault, func(t *testing.T) {
			ctx, _ := playContext(t, &fakeEngine{})
			elsewhere := t.TempDir()
			switch fault {
			case "unfinished folder is a file":
				data, _ := saves.DataDir()
				os.MkdirAll(data, 0o700)
				os.WriteFile(filepath.Join(data, "unfinished"), []byte("in the way"), 0o644)
			case "no home":
				t.Setenv("HOME", "")
				t.Setenv("XDG_DATA_HOME", "")
			}
			ctx.Settings.ConfirmQuit = false // asked all the same: the game would be lost
			g, q := newPlayGame(t, ctx, GameOptions{})
			typeMove(g, q, "e4")
			flush(t, g, q)
			if !g.match.Saves().Unsafe {
				t.Fatalf("autosave should fail: %+v", g.match.Saves())
			}
			for _, k := range []string{"q", "n"} {
				if cmd := press(g, k); cmd != nil || dialogName(g) != "unsafe" {
					t.Fatalf("%s with the game on disk nowhere: dialog %q", k, dialogName(g))
				}
				view := g.View()
				if !strings.Contains(view, "not safely on disk") || strings.Contains(view, "It is kept") || !strings.Contains(view, "save it elsewhere") {
					t.Errorf("%s should tell the truth:\n%s", k, view)
				}
				if cmd := press(g, "n"); cmd != nil || dialogName(g) != "" {
					t.Errorf("n should stay: dialog %q", dialogName(g))
				}
			}
			keys(g, q, "q", "y")
			if dialogName(g) != "save" {
				t.Fatalf("y should open the save dialog: %q", dialogName(g))
			}
			path := filepath.Join(elsewhere, "safe.pgn")
			g.dialog.input.SetValue(path)
			keys(g, q, "enter")
			flush(t, g, q)
			if g.match.Saves().Unsafe || readGame(t, path).Game.Len() != 1 {
				t.Fatalf("saved elsewhere: %+v", g.match.Saves())
			}
			if cmd := press(g, "q"); cmd == nil || cmd() != tea.Quit() {
				t.Errorf("q once the game is saved (quitting without asking, as the settings say): %q", dialogName(g))
			}
			g.ctx.Settings.ConfirmQuit = true
			if press(g, "q"); dialogName(g) != "quit" || !strings.Contains(g.View(), "It is saved in") || strings.Contains(g.View(), "It is kept") {
				t.Errorf("q asking, once the game is saved elsewhere:\n%s", g.View())
			}
			press(g, "n")
			if cmd := press(g, "ctrl+c"); cmd == nil || cmd() != tea.Quit() {
				t.Error("ctrl+c always quits")
			}
		})
	}
}

// A game that ends while nothing can save it (the saves folder and the
// unfinished folder both files) is not left from the new game dialog
// that opens at its end: the dialog's choices to leave bring up the
// warning instead.
func TestEndedGameNothingSaves(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	data, _ := saves.DataDir()
	os.MkdirAll(data, 0o700)
	os.WriteFile(filepath.Join(data, "unfinished"), []byte("in the way"), 0o644)
	os.WriteFile(filepath.Join(data, "games"), []byte("in the way"), 0o644)
	g, q := newPlayGame(t, ctx, GameOptions{})
	for _, m := range []string{"f3", "e5", "g4", "Qh4#"} {
		typeMove(g, q, m)
	}
	flush(t, g, q)
	if st := g.match.Saves(); !g.game().Result().Over() || st.FinishErr == nil || !st.Unsafe {
		t.Fatalf("the mated game: %v, %+v", g.game().Result(), st)
	}
	if dialogName(g) != "new game" {
		t.Fatalf("the end of the game opens %q", dialogName(g))
	}
	if cmd := press(g, "enter"); cmd != nil || dialogName(g) != "unsafe" {
		t.Errorf("enter in the new game dialog: dialog %q", dialogName(g))
	}
	for _, k := range []string{"n", "q"} {
		press(g, "esc")
		if cmd := press(g, k); cmd != nil || dialogName(g) != "unsafe" {
			t.Errorf("%s: dialog %q", k, dialogName(g))
		}
	}
}

// Counts shown to the player agree with their number: "1 more line".
func TestPageCountsOneLine(t *testing.T) {
	ctx := testContext(false)
	d := helpPage(ctx.Settings.Keys.Guide)
	lines := []string{"a", "b", "c", "d"}
	if out := d.page(ctx.Styles, lines, 4, 80); !strings.HasSuffix(out[len(out)-1], ": 1 more line") {
		t.Errorf("at the top: %q", out[len(out)-1])
	}
	d.offset = 0
	lines = append(lines, "e")
	if out := d.page(ctx.Styles, lines, 4, 80); !strings.HasSuffix(out[len(out)-1], ": 2 more lines") {
		t.Errorf("two below: %q", out[len(out)-1])
	}
}

// Quitting from a screen over a game that is on disk nowhere (q in the
// picker or the replay viewer) brings the game back with its warning.
func TestQuitOverUnsafeGame(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	data, _ := saves.DataDir()
	os.MkdirAll(data, 0o700)
	os.WriteFile(filepath.Join(data, "unfinished"), []byte("in the way"), 0o644)
	app, err := New(ctx, GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	q := newMsgQueue()
	q.run(app.Init())
	g := app.current().(*gameScreen)
	typeMove(g, q, "e4")
	flush(t, g, q)
	if !g.match.Saves().Unsafe {
		t.Fatal("autosave should fail")
	}
	for _, over := range []tea.Msg{openFilesMsg{}, openReplayMsg{game: g.match.Snapshot()}} {
		app.Update(over)
		if app.current() == screen(g) {
			t.Fatalf("%T should open over the game", over)
		}
		_, cmd := app.Update(keyMsg("q"))
		if cmd == nil {
			t.Fatalf("q over the game (%T) did nothing", over)
		}
		msg := cmd()
		if _, ok := msg.(tea.QuitMsg); ok {
			t.Fatalf("q over the game (%T) quits, losing it", over)
		}
		app.Update(msg)
		if app.current() != screen(g) || dialogName(g) != "unsafe" {
			t.Fatalf("q over the game (%T): %T, dialog %q", over, app.current(), dialogName(g))
		}
		press(g, "n")
	}
	if _, cmd := app.Update(keyMsg("ctrl+c")); cmd == nil || cmd() != tea.Quit() {
		t.Error("ctrl+c always quits")
	}
}
