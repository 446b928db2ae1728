package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/saves"
)

// Two Varias play at once (two game screens over one data folder): each
// autosaves its own game after every move, in turn, and neither touches
// the other's. Both games are there afterwards, the one played last
// offered by r and the other in the picker.
func TestTwoVariasPlayAtOnce(t *testing.T) {
	ctx1, _ := playContext(t, &fakeEngine{})
	ctx2 := testContext(false)
	ctx2.Services = ctx1.Services
	a, qa := newPlayGame(t, ctx1, GameOptions{Variant: rules.Asha})
	b, qb := newPlayGame(t, ctx2, GameOptions{Variant: rules.Standard})
	movesA := []string{"e4", "e7~d6", "Nf3", "Nc6"}
	movesB := []string{"d4", "d5", "c4", "e6"}
	for i := range movesA {
		typeMove(a, qa, movesA[i])
		typeMove(b, qb, movesB[i])
		if got, want := historySAN(gameFile(t, a, qa).Game), strings.Join(movesA[:i+1], " "); got != want {
			t.Fatalf("after move %d the first game's file holds %q, want %q", i+1, got, want)
		}
		if got, want := historySAN(gameFile(t, b, qb).Game), strings.Join(movesB[:i+1], " "); got != want {
			t.Fatalf("after move %d the second game's file holds %q, want %q", i+1, got, want)
		}
	}
	pathA, pathB := a.match.Saves().File, b.match.Saves().File
	if pathA == pathB || len(unfinishedFiles(t)) != 2 {
		t.Fatalf("two games, two files: %s, %s", pathA, pathB)
	}

	// A third Varia started meanwhile offers neither: both are being played.
	busy := newTestMenu(testContext(false), GameOptions{})
	if busy.play.resume != nil || !strings.Contains(busy.View(), "2 games are being played in other Varias") {
		t.Errorf("the menu while both games are played:\n%s", busy.View())
	}
	if _, problem := resumeOptions(pathA, "", ctx1.Settings.ViewFor); !strings.Contains(problem, "another Varia") {
		t.Errorf("resuming a game being played: %q", problem)
	}

	// Both quit, the second last. The next Varia offers the second and
	// counts the first.
	closeGame(a)
	closeGame(b)
	earlier := time.Now().Add(-time.Minute)
	os.Chtimes(pathA, earlier, earlier)
	menu := newTestMenu(ctx1, GameOptions{})
	view := menu.View()
	if menu.play.resume == nil || menu.play.resume.Path != pathB || !strings.Contains(view, "r to resume your game: Chess, 2 moves") ||
		!strings.Contains(view, "1 other unfinished game: o lists it at the") {
		t.Fatalf("the menu after both quit:\n%s", view)
	}
	rb, qrb := newPlayGame(t, ctx1, resumeLatest(t, ctx1))
	if historySAN(rb.game()) != strings.Join(movesB, " ") || rb.match.Saves().File != pathB {
		t.Fatalf("r resumed %q from %s", historySAN(rb.game()), rb.match.Saves().File)
	}

	// The picker lists the unfinished games first; the other one
	// resumes from there.
	o := newTestPicker(ctx1, "")
	if e := o.entries[o.index]; e.path == "" || e.count != 2 || !strings.Contains(o.View(), "unfinished/  2 unfinished games: enter lists them") {
		t.Fatalf("the picker should start on the unfinished games:\n%s", o.View())
	}
	settle(o, press(o, "enter"))
	view = o.View()
	if !strings.Contains(view, "Resume an unfinished game") || !strings.Contains(view, "Chess, 2 moves, White v Black (being played in another Varia)") ||
		!strings.Contains(view, "Asha chess, 2 moves, White v Black") {
		t.Fatalf("the unfinished folder in the picker:\n%s", view)
	}
	if o.entries[1].game.Path != pathB || o.entries[o.index].game.Path != pathA {
		t.Errorf("the most recently played should come first, the cursor on the first free one")
	}
	o.Update(keyMsg("up"))
	if opts, ok := pickerResume(t, o, press(o, "enter")); ok || !strings.Contains(o.problem, "being played in another Varia") { // the game rb plays
		t.Errorf("opening a game being played: %q, %+v", o.problem, opts)
	}
	o.Update(keyMsg("down"))
	opts, ok := pickerResume(t, o, press(o, "enter"))
	if !ok || !opts.Resume || opts.Unfinished == nil || opts.Unfinished.Path() != pathA {
		t.Fatalf("enter on the other game: %+v, problem %q", opts, o.problem)
	}
	ra, qra := newPlayGame(t, ctx1, opts)
	typeMove(ra, qra, "Bc4")
	typeMove(rb, qrb, "Nc3")
	if historySAN(gameFile(t, ra, qra).Game) != "e4 e7~d6 Nf3 Nc6 Bc4" || historySAN(gameFile(t, rb, qrb).Game) != "d4 d5 c4 e6 Nc3" {
		t.Error("each resumed game should go on in its own file")
	}
	closeGame(ra)
	closeGame(rb)
}

// Quitting in the middle of a game and starting another keeps both; the
// menu offers the latest and counts the other. The app lets a game go
// when another game or the menu takes its place.
func TestQuitThenNewGameKeepsBoth(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	app, err := New(ctx, GameOptions{Variant: rules.Edgy})
	if err != nil {
		t.Fatal(err)
	}
	q := newMsgQueue()
	q.run(app.Init())
	first := app.current().(*gameScreen)
	playAnyMove(t, first, q)
	firstPath := first.match.Saves().File
	_, cmd := app.Update(keyMsg("q"))
	_, cmd = app.Update(keyMsg("y"))
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatalf("q, y: %#v", cmd())
	}
	app.Close() // as Run does once the program ends

	// The next start: the menu offers the game; enter starts another.
	app, err = New(ctx, GameOptions{})
	t.Cleanup(func() { app.Close() }) // every save written before the test's home goes
	if err != nil {
		t.Fatal(err)
	}
	menu := app.current().(*menuScreen)
	settle(menu, app.Init())
	if menu.play.resume == nil || menu.play.resume.Path != firstPath {
		t.Fatalf("the menu should offer the quit game:\n%s", menu.View())
	}
	_, cmd = app.Update(keyMsg("enter"))
	_, cmd = app.Update(cmd())
	q.run(cmd)
	second := app.current().(*gameScreen)
	playAnyMove(t, second, q)
	secondPath := second.match.Saves().File
	if len(unfinishedFiles(t)) != 2 || secondPath == firstPath || len(readGame(t, firstPath).Game.History()) != 1 {
		t.Fatalf("both games should be kept: %v", unfinishedFiles(t))
	}

	// n, m: the menu takes the game's place and the game is let go,
	// so the menu offers it, and counts the first.
	_, cmd = app.Update(keyMsg("n"))
	_, cmd = app.Update(keyMsg("m"))
	earlier := time.Now().Add(-time.Minute)
	os.Chtimes(firstPath, earlier, earlier)
	_, cmd = app.Update(cmd())
	menu = app.current().(*menuScreen)
	runSequence(menu, cmd)
	if app.live != nil || menu.play.resume == nil || menu.play.resume.Path != secondPath || menu.play.others != 1 {
		t.Fatalf("after leaving the second game:\n%s", menu.View())
	}
}

func playAnyMove(t *testing.T, g *gameScreen, q *msgQueue) {
	t.Helper()
	typeMove(g, q, g.game().Position().SAN(g.game().Legal()[0]))
	flush(t, g, q)
	if g.game().Len() == 0 || g.match.Saves().File == "" {
		_, problem := g.panel.saveStatus()
		t.Fatalf("no move, or no unfinished file after it: %s", problem)
	}
}

// The single autosave of earlier versions is moved in with the
// unfinished games and offered like them.
func TestLegacyAutosaveResumed(t *testing.T) {
	ctx, now := playContext(t, &fakeEngine{})
	data, _ := saves.DataDir()
	os.MkdirAll(data, 0o700)
	g := rules.NewGame(rules.Asha)
	g.PlayText("e4")
	g.PlayText("e7~d6")
	var text strings.Builder
	if err := saves.Write(&text, g, saves.NewTags("Me", "You", now.Now())); err != nil {
		t.Fatal(err)
	}
	legacy := filepath.Join(data, "autosave.pgn")
	os.WriteFile(legacy, []byte(text.String()), 0o644)

	menu := newTestMenu(ctx, GameOptions{})
	if menu.play.resume == nil || unfinishedSummary(menu.play.resume.Game) != "Asha chess, 1 move, Me v You" {
		t.Fatalf("the old autosave should be offered:\n%s", menu.View())
	}
	if _, err := os.Stat(legacy); err == nil {
		t.Error("the old autosave should have moved")
	}
	r, q := newPlayGame(t, ctx, resumeLatest(t, ctx))
	typeMove(r, q, "Nf3")
	if sg := gameFile(t, r, q); historySAN(sg.Game) != "e4 e7~d6 Nf3" {
		t.Errorf("the resumed game holds %q", historySAN(sg.Game))
	}
	if files := unfinishedFiles(t); len(files) != 1 || files[0] != r.match.Saves().File {
		t.Errorf("the resumed game should go on in its moved file: %v", files)
	}
	closeGame(r)
}

// An unfinished file that cannot be read is reported in the menu and
// the picker, never deleted nor written, and the other games go on.
func TestUnreadableUnfinishedGame(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	g, q := newPlayGame(t, ctx, GameOptions{Variant: rules.Asha})
	typeMove(g, q, "e4")
	good := gameFileName(t, g, q)
	closeGame(g)
	dir, _ := saves.UnfinishedDir()
	bad := filepath.Join(dir, "damaged.pgn")
	const damaged = "[Variant \"Asha\"]\n\n1. e4 e4 *\n"
	os.WriteFile(bad, []byte(damaged), 0o644)
	later := time.Now().Add(time.Minute) // the most recent file
	os.Chtimes(bad, later, later)

	menu := newTestMenu(ctx, GameOptions{})
	view := menu.View()
	// The file's path is wrapped where the temporary folder's name
	// happens to make it: look for its name with the breaks taken out.
	unwrapped := strings.Join(strings.Fields(view), "")
	if menu.play.resume == nil || menu.play.resume.Path != good ||
		!strings.Contains(view, "r to resume your game: Asha chess, 1 move") || !strings.Contains(view, "cannot be read") || !strings.Contains(unwrapped, "damaged.pgn") {
		t.Fatalf("the menu with a damaged file:\n%s", view)
	}
	o := newTestPicker(ctx, "")
	settle(o, press(o, "enter")) // the unfinished games
	if !strings.Contains(o.View(), "damaged.pgn: cannot be read") || o.entries[1].name != "damaged.pgn" || o.entries[o.index].game.Path != good {
		t.Fatalf("the picker with a damaged file:\n%s", o.View())
	}
	o.Update(keyMsg("up"))
	if _, cmd := o.Update(keyMsg("enter")); cmd != nil || !strings.Contains(o.problem, "Cannot read it") || !strings.Contains(o.problem, `"e4"`) {
		t.Errorf("opening the damaged file: %q", o.problem)
	}

	// Resuming the readable game and starting another leave it alone.
	r, rq := newPlayGame(t, ctx, resumeLatest(t, ctx))
	typeMove(r, rq, "e7~d6")
	n, nq := newPlayGame(t, ctx, GameOptions{})
	typeMove(n, nq, "d4")
	flush(t, r, rq)
	flush(t, n, nq)
	if b, err := os.ReadFile(bad); err != nil || string(b) != damaged {
		t.Errorf("the damaged file was changed: %q, %v", b, err)
	}
	if len(unfinishedFiles(t)) != 3 {
		t.Errorf("unfinished files: %v", unfinishedFiles(t))
	}
	closeGame(r)
	closeGame(n)
}

// pickerResume does what the App does when the picker asks to resume a
// game: it claims it, or tells the picker why not. ok says it was claimed.
func pickerResume(t *testing.T, o *openScreen, cmd tea.Cmd) (GameOptions, bool) {
	t.Helper()
	if cmd == nil {
		t.Fatal("the picker asked for nothing")
	}
	r, ok := cmd().(resumeMsg)
	if !ok {
		t.Fatalf("not a resume: %T", r)
	}
	view := r.view
	if view == nil {
		view = o.ctx.Settings.ViewFor
	}
	claimed := claimCmd(r.path, "", view)().(claimedMsg)
	if claimed.problem != "" {
		_, cmd := o.Update(problemMsg{claimed.problem})
		settle(o, cmd)
		return GameOptions{}, false
	}
	return claimed.opts, true
}

// gameFileName is a game's unfinished file, once written.
func gameFileName(t *testing.T, g *gameScreen, q *msgQueue) string {
	t.Helper()
	flush(t, g, q)
	return g.match.Saves().File
}

// runSequence runs what the App returns on a switch (the old game let go,
// then the new screen started), handing the screen the disk's answers.
func runSequence(s screen, cmd tea.Cmd) { settle(s, cmd) }

// A game hardly begun and left for over a day is removed when the menu
// looks, and the menu says so; the picker deletes an unfinished game
// after asking, never the one being played.
func TestUnfinishedPrunedAndDeleted(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	short, q := newPlayGame(t, ctx, GameOptions{})
	typeMove(short, q, "e4")
	flush(t, short, q)
	shortPath := short.match.Saves().File
	closeGame(short)
	old := time.Now().Add(-48 * time.Hour)
	os.Chtimes(shortPath, old, old)
	long, q := newPlayGame(t, ctx, GameOptions{})
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		typeMove(long, q, m)
	}
	flush(t, long, q)
	longPath := long.match.Saves().File
	closeGame(long)
	os.Chtimes(longPath, old, old)

	menu := newTestMenu(ctx, GameOptions{})
	if _, err := os.Stat(shortPath); !os.IsNotExist(err) || !strings.Contains(menu.View(), "1 unfinished game hardly begun") {
		t.Errorf("the short game should be removed and the menu say so (%v):\n%s", err, menu.View())
	}
	if _, err := os.Stat(longPath); err != nil {
		t.Fatalf("the longer game should stay: %v", err)
	}

	// The picker, on the unfinished games: d asks, n keeps, y deletes.
	playing, q := newPlayGame(t, ctx, GameOptions{})
	typeMove(playing, q, "d4")
	flush(t, playing, q)
	udir, _ := saves.UnfinishedDir()
	o := newOpenScreen(ctx, playing.match.Saves().File, udir)
	settle(o, o.start())
	at := func(path string) {
		for i, e := range o.entries {
			if e.game != nil && e.game.Path == path {
				o.index = i
				return
			}
		}
		t.Fatalf("%s is not listed", path)
	}
	at(playing.match.Saves().File)
	press(o, "d")
	if o.dialog != nil || !strings.Contains(o.View(), "the game being played") {
		t.Errorf("the game being played is not deleted:\n%s", o.View())
	}
	at(longPath)
	press(o, "d")
	if o.dialog == nil || !strings.Contains(o.View(), "Delete Chess, 2 moves") {
		t.Fatalf("d should ask:\n%s", o.View())
	}
	press(o, "n")
	if _, err := os.Stat(longPath); err != nil || o.dialog != nil {
		t.Fatalf("n keeps it: %v", err)
	}
	press(o, "d")
	settle(o, press(o, "y"))
	if _, err := os.Stat(longPath); !os.IsNotExist(err) || !strings.Contains(o.View(), "Deleted.") {
		t.Errorf("y deletes it (%v):\n%s", err, o.View())
	}
	for _, e := range o.entries {
		if e.game != nil && e.game.Path == longPath {
			t.Error("the deleted game is still listed")
		}
	}
}
