package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"varia/rules"
	"varia/saves"
	"varia/tui/match"
)

const replayFile = "testdata/replay/asha.pgn"

// replayKey also knows the keys only the replay viewer uses.
func replayKey(name string) tea.KeyMsg {
	switch name {
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	}
	return keyMsg(name)
}

// The replay viewer as a program: step through a PGN from testdata,
// jump to the end and back, and see each position and the tags.
func TestReplayProgram(t *testing.T) {
	needNarrowSymbols(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	app, err := New(testContext(false), GameOptions{ReplayFile: replayFile})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, app, teatest.WithInitialTermSize(testW, testH))
	waitFor := func(text string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
			teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
	waitFor("Ply 0 of 6")
	tm.Send(replayKey("right"))
	waitFor("Ply 1 of 6 · after 1. e4")
	tm.Send(replayKey("right"))
	waitFor("Ply 2 of 6 · after 1... h7~g6")
	tm.Send(replayKey("end"))
	waitFor("Ply 6 of 6 · after 3... Nxe4")
	tm.Send(replayKey("left"))
	waitFor("Ply 5 of 6 · after 3. Bc4")
	tm.Send(replayKey("home"))
	waitFor("Ply 0 of 6 · start position")
	for range 4 {
		tm.Send(replayKey("right"))
	}
	waitFor("Ply 4 of 6")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*App)
	r, ok := final.current().(*replayScreen)
	if !ok {
		t.Fatalf("screen %T", final.current())
	}
	if got := r.game().Position().FEN(); got != "rnbqkb1r/ppppppp1/5np1/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" {
		t.Errorf("position after four plies: %s", got)
	}
	teatest.RequireEqualOutput(t, []byte(final.View()))
}

func loadReplay(t *testing.T) *replayScreen {
	t.Helper()
	games, err := saves.ReadFile(replayFile)
	if err != nil {
		t.Fatal(err)
	}
	return newReplayScreen(testContext(false), games[0])
}

func TestReplayPanel(t *testing.T) {
	r := loadReplay(t)
	view := r.View()
	for _, want := range []string{"Replay · Asha chess", "asha.pgn", "White    Player", "Black    Varia Easy", "Result   0-1 (resignation)", "Clock    5+3", "Ply 0 of 6"} {
		if !strings.Contains(view, want) {
			t.Errorf("the replay panel should show %q:\n%s", want, view)
		}
	}
	r.goTo(3)
	if !strings.Contains(r.View(), "White 4:58  Black 5:02") {
		t.Errorf("the clocks at ply 3 come from the %%clk comments:\n%s", r.View())
	}
	r.goTo(6)
	if !strings.Contains(r.View(), "Game over: 0-1, Black wins by") {
		t.Error("at the end the result shows")
	}
}

// A click on a move in the list jumps to the position after it; the
// wheel steps.
func TestReplayClickMoveList(t *testing.T) {
	r := loadReplay(t)
	pl := r.panel()
	if pl.listTop < 0 {
		t.Fatal("no move list")
	}
	click := func(x, y int) {
		r.Update(tea.MouseMsg{X: r.board.frame.panelX + x, Y: r.board.frame.panelY + pl.listTop + y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	}
	// Row 1 (2. Nf3 Nf6): Black's move is in the second cell.
	click(moveNumberW+moveCellW+1+2, 1)
	if r.ply() != 4 {
		t.Errorf("click on 2... Nf6: ply %d, want 4", r.ply())
	}
	click(moveNumberW+1, 2)
	if r.ply() != 5 {
		t.Errorf("click on 3. Bc4: ply %d, want 5", r.ply())
	}
	click(1, 0) // the move number: nothing
	if r.ply() != 5 {
		t.Errorf("a click on a move number moved to ply %d", r.ply())
	}
	r.Update(tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelUp})
	if r.ply() != 4 {
		t.Errorf("wheel up: ply %d", r.ply())
	}
}

// Space plays the moves one by one at the chosen speed; + and - change
// it; stepping stops it.
func TestReplayAutoplay(t *testing.T) {
	r := loadReplay(t)
	_, cmd := r.Update(keyMsg(" "))
	if !r.auto || cmd == nil {
		t.Fatal("space should start the autoplay")
	}
	r.Update(keyMsg("+"))
	if replaySpeeds[r.speed] != 500*time.Millisecond {
		t.Errorf("+ should play faster: %v", replaySpeeds[r.speed])
	}
	seq := r.autoSeq
	for i := 1; i <= 6; i++ {
		r.Update(replayTickMsg{seq})
		if r.ply() != i {
			t.Fatalf("tick %d: ply %d", i, r.ply())
		}
	}
	if r.auto {
		t.Error("the autoplay should stop at the end")
	}
	r.Update(keyMsg(" ")) // from the end it starts again from the start
	r.Update(replayTickMsg{r.autoSeq})
	r.Update(keyMsg("left"))
	if r.auto || r.ply() != 0 {
		t.Errorf("a step should stop the autoplay: auto %v, ply %d", r.auto, r.ply())
	}
	old := r.autoSeq - 1
	r.Update(replayTickMsg{old})
	if r.ply() != 0 {
		t.Error("a tick from a stopped autoplay moved")
	}
	r.Update(keyMsg("-"))
	r.Update(keyMsg("-"))
	if replaySpeeds[r.speed] != 2*time.Second {
		t.Errorf("- should play slower: %v", replaySpeeds[r.speed])
	}
}

// c continues from the position shown as a live game: the moves up to
// it kept, who plays chosen, the later moves dropped.
func TestReplayContinue(t *testing.T) {
	r := loadReplay(t)
	r.goTo(3)
	r.Update(keyMsg("c"))
	if replayDialog(r) != "continue" || !strings.Contains(r.View(), "Continue from this position") {
		t.Fatal("c should open the continue dialog")
	}
	if !strings.Contains(r.View(), "you play White v Varia Easy") {
		t.Error("continuing offers the level the engine played at")
	}
	r.Update(keyMsg("l")) // Easy -> Medium
	_, cmd := r.Update(keyMsg("3"))
	msg, ok := cmd().(startGameMsg)
	if !ok {
		t.Fatalf("3: %T", cmd())
	}
	o := msg.opts
	if o.Continue == nil || historySAN(o.Continue.Game) != "e4 h7~g6 Nf3" || o.Continue.Game.CanRedo() {
		t.Fatalf("continue game: %+v", o.Continue)
	}
	if !o.Players[rules.White].Computer || o.Players[rules.White].Level.Name != "Medium" || o.Players[rules.Black].Computer || o.Resume {
		t.Errorf("continue players: %+v", o.Players)
	}
	ctx, _ := playContext(t, &fakeEngine{reply: playFirst()})
	g, _ := newPlayGame(t, ctx, o)
	if g.opts.Mode != match.PlayBlack || historySAN(g.game()) != "e4 h7~g6 Nf3" {
		t.Errorf("the live game: mode %v, moves %q", g.opts.Mode, historySAN(g.game()))
	}
	if g.match.Snapshot().Tags.Get("Date") == "2026.03.14" && g.match.Snapshot().Tags.Get("Black") == "Varia Easy" {
		t.Error("a continued game is a new game with its own tags")
	}
	// At the final position there is nothing to continue after a resignation? The
	// moves are legal, so the game goes on from there.
	r.goTo(6)
	r.Update(keyMsg("c"))
	_, cmd = r.Update(keyMsg("1"))
	if msg, ok := cmd().(startGameMsg); !ok || msg.opts.Mode.Computer() {
		t.Errorf("1 continues as two players: %#v", cmd())
	}
}

// varia replay FILE: the file is listed as the program starts; one game
// opens at once in the list's place, a file of several offers a list
// unless --game names one; a game that is not there, or cannot be read,
// is said under the list.
func TestOpenReplayFile(t *testing.T) {
	ctx := testContext(false)
	start := func(path string, number int) (*openScreen, tea.Msg) {
		t.Helper()
		o := openReplayFile(ctx, path, number).(*openScreen)
		return o, drive(o, o.start())
	}
	o, msg := start("testdata/replay/two.pgn", 0)
	if msg != nil || o.games == nil || o.games.ix == nil || len(o.games.ix.Games) != 2 {
		t.Fatalf("two games: %#v", msg)
	}
	if view := o.View(); !strings.Contains(view, "Ann") || !strings.Contains(view, "Edgy") || !strings.Contains(view, "Standard") || !strings.Contains(view, "two.pgn: 2 games") {
		t.Errorf("the game list should show players and variants:\n%s", view)
	}
	o.Update(keyMsg("down"))
	if msg, ok := drive(o, press(o, "enter")).(openReplayMsg); !ok || msg.game.Number != 2 || msg.replace {
		t.Errorf("enter on the second game: %#v", msg)
	}
	_, msg = start("testdata/replay/two.pgn", 1)
	if m, ok := msg.(openReplayMsg); !ok || !m.replace || m.game.Game.Variant() != rules.Edgy {
		t.Errorf("--game 1: %#v", msg)
	}
	o, msg = start("testdata/replay/two.pgn", 3)
	if msg != nil || !strings.Contains(o.View(), "two.pgn has 2 games; there is no game 3") {
		t.Errorf("--game 3: %#v\n%s", msg, o.View())
	}
	o, msg = start("testdata/replay/missing.pgn", 0)
	if msg != nil || !strings.Contains(o.View(), "Cannot read it: no such file") {
		t.Errorf("a missing file: %#v\n%s", msg, o.View())
	}
	bad := filepath.Join(t.TempDir(), "bad.pgn")
	os.WriteFile(bad, []byte("1. e4 e5 2. Ke3 *\n"), 0o644)
	o, msg = start(bad, 0)
	if msg != nil || !strings.Contains(o.View(), "Ke3") {
		t.Errorf("an illegal move should be named: %#v\n%s", msg, o.View())
	}
	// esc leaves the list; parent lists the file's folder.
	if _, ok := press(o, "esc")().(backMsg); !ok {
		t.Error("esc should go back")
	}
	o, _ = start("testdata/replay/two.pgn", 0)
	settle(o, press(o, "left"))
	if abs, _ := filepath.Abs("testdata/replay"); o.games != nil || filepath.Clean(o.dir) != abs && o.dir != "testdata/replay" {
		t.Errorf("left from the list: dir %q", o.dir)
	}
}

// The file picker lists the saves folder (folders first, then games,
// newest first), opens folders and files, and takes a typed path.
func TestOpenScreen(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	dir, _ := saves.DefaultDir()
	os.MkdirAll(filepath.Join(dir, "club"), 0o700)
	copyFile(t, replayFile, filepath.Join(dir, "old.pgn"))
	copyFile(t, "testdata/replay/two.pgn", filepath.Join(dir, "new.pgn"))
	past := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "old.pgn"), past, past)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)

	o := newTestPicker(testContext(false), "")
	var names []string
	for _, e := range o.entries {
		names = append(names, e.name)
	}
	if got := strings.Join(names, " "); got != ".. club new.pgn old.pgn" {
		t.Fatalf("entries %q", got)
	}
	if o.entries[o.index].name != "new.pgn" {
		t.Errorf("the newest game should be chosen first, not %q", o.entries[o.index].name)
	}
	settle(o, press(o, "enter")) // two games: the game list
	if o.games == nil || o.games.ix == nil || len(o.games.ix.Games) != 2 {
		t.Fatalf("new.pgn has two games:\n%s", o.View())
	}
	o.Update(keyMsg("esc")) // back to the files
	o.Update(keyMsg("down"))
	msg := openedFile(t, o, press(o, "enter"))
	if m, ok := msg.(openReplayMsg); !ok || historySAN(m.game.Game) != "e4 h7~g6 Nf3 Nf6 Bc4 Nxe4" {
		t.Fatalf("old.pgn should open in the viewer: %#v", msg)
	}
	o.Update(keyMsg("up"))
	o.Update(keyMsg("up"))
	settle(o, press(o, "enter")) // into club/
	if o.dir != filepath.Join(dir, "club") || !strings.Contains(o.View(), "No PGN files here") {
		t.Errorf("club/: dir %q\n%s", o.dir, o.View())
	}
	// A path typed after the folder the prompt starts with stands on
	// its own; one that cannot be opened keeps the prompt open, saying
	// why, and what is typed next goes to the prompt, not the list.
	o.Update(keyMsg("/"))
	if v := o.dialog.input.Value(); v != displayPath(filepath.Join(dir, "club"))+"/" {
		t.Errorf("the prompt starts with %q", v)
	}
	typeText(o, filepath.Join(dir, "nothing.pgn"))
	settle(o, press(o, "enter"))
	if o.dialog == nil || !strings.Contains(o.dialog.problem, "Cannot open "+displayPath(filepath.Join(dir, "nothing.pgn"))) || !strings.Contains(o.View(), "Cannot open") {
		t.Fatalf("a missing path should keep the prompt open and say why:\n%s", o.View())
	}
	o.dialog.input.SetValue("")
	typeText(o, "j")
	if o.dialog == nil || o.dialog.input.Value() != "j" || o.dir != filepath.Join(dir, "club") {
		t.Fatalf("typing after an error goes to the prompt: %+v", o.dialog)
	}
	o.dialog.input.SetValue(displayPath(dir) + "/" + replayFile)
	if !filepath.IsAbs(replayFile) {
		abs, _ := filepath.Abs(replayFile)
		o.dialog.input.SetValue(displayPath(dir) + "/" + abs)
	}
	if msg := openedFile(t, o, press(o, "enter")); msg == nil {
		t.Errorf("a typed path should open: %#v", msg)
	} else if _, ok := msg.(openReplayMsg); !ok {
		t.Errorf("a typed path should open: %#v", msg)
	}
	if o.dialog != nil {
		t.Errorf("the prompt should close once its path is opened")
	}
	_, cmd := o.Update(keyMsg("esc"))
	if _, ok := cmd().(backMsg); !ok {
		t.Errorf("esc goes back: %#v", cmd())
	}
	// The App: esc from the picker with no screen under it opens the
	// menu; the viewer opened from the picker goes back to it.
	app, _ := New(testContext(false), GameOptions{})
	app.Update(openFilesMsg{})
	picker := app.current()
	app.Update(openReplayMsg{game: readGame(t, replayFile)})
	if _, ok := app.current().(*replayScreen); !ok {
		t.Fatalf("the viewer should open: %T", app.current())
	}
	app.Update(backMsg{})
	if app.current() != picker {
		t.Errorf("esc in the viewer should return to the picker: %T", app.current())
	}
	app.stack = app.stack[len(app.stack)-1:]
	app.Update(backMsg{})
	if _, ok := app.current().(*menuScreen); !ok {
		t.Errorf("back from the picker with nothing under it opens the menu: %T", app.current())
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// o in a game opens the picker with the game kept aside: esc comes back
// to it, its engine stopped while away and started again.
func TestOpenFromGameAndBack(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(thinkUntil(make(chan struct{}), "e7e5"))
	ctx, _ := playContext(t, eng)
	app, err := New(ctx, GameOptions{Variant: rules.Standard, Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	t.Cleanup(func() { app.Close() }) // every save written before the test's home goes
	if err != nil {
		t.Fatal(err)
	}
	g := app.current().(*gameScreen)
	q := newMsgQueue()
	q.run(app.Init())
	typeMove(app.current(), q, "e4")
	if g.match.Computer().Search() == nil {
		t.Fatal("the engine should think")
	}
	_, cmd := app.Update(keyMsg("o"))
	app.Update(cmd())
	if _, ok := app.current().(*openScreen); !ok || g.match.Computer().Search() != nil {
		t.Fatalf("o: screen %T, search %v", app.current(), g.match.Computer().Search())
	}
	_, cmd = app.Update(keyMsg("esc"))
	_, cmd = app.Update(cmd())
	if app.current() != screen(g) || g.match.Computer().Search() == nil {
		t.Fatalf("esc: screen %T, search %v", app.current(), g.match.Computer().Search())
	}
	q.run(cmd)
}

// openedFile runs what opening an entry asks for (reading the file off
// the interface's goroutine) and returns the screen switch it leads to.
func openedFile(t *testing.T, o *openScreen, cmd tea.Cmd) tea.Msg {
	t.Helper()
	if cmd == nil {
		t.Fatal("nothing was opened")
	}
	msg, ok := cmd().(openedMsg)
	if !ok {
		t.Fatalf("opening: %T", msg)
	}
	_, next := o.Update(msg)
	return drive(o, next)
}

// drive runs a command as Bubble Tea would, handing the picker what comes
// back from the disk (lists, games read) until something for the App
// comes back (a screen to open), which it returns; nil when nothing does.
func drive(o *openScreen, cmd tea.Cmd) tea.Msg {
	var out tea.Msg
	var run func(tea.Cmd)
	run = func(cmd tea.Cmd) {
		if cmd == nil || out != nil {
			return
		}
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				run(c)
			}
		case listedMsg, openedMsg, gamesListedMsg, gamesProgressMsg, gameReadMsg:
			_, next := o.Update(msg)
			run(next)
		case nil:
		default:
			out = msg
		}
	}
	run(cmd)
	return out
}

func TestTypedPath(t *testing.T) {
	for in, want := range map[string]string{
		"~/games/x.pgn":        "~/games/x.pgn",
		"~/games//tmp/x.pgn":   "/tmp/x.pgn",
		"/data/games/~/x.pgn":  "~/x.pgn",
		"/data/games/~":        "~",
		"/data/games/~x/y.pgn": "/data/games/~x/y.pgn",
		"  /a/b.pgn ":          "/a/b.pgn",
		"relative/b.pgn":       "relative/b.pgn",
	} {
		if got := typedPath(in); got != want {
			t.Errorf("typedPath(%q) = %q, want %q", in, got, want)
		}
	}
}
