package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
)

// A FIFO named like a game file in the saves folder is not listed, and
// typed as a path it is refused at once: nothing waits for a writer that
// never comes, and ctrl+c quits whatever the picker is doing.
func TestPickerFIFO(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	dir, _ := saves.DefaultDir()
	os.MkdirAll(dir, 0o700)
	fifo := filepath.Join(dir, "stuck.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	copyFile(t, replayFile, filepath.Join(dir, "game.pgn"))
	if err := os.Symlink(fifo, filepath.Join(dir, "link.pgn")); err != nil {
		t.Fatal(err)
	}
	done := make(chan *openScreen, 1)
	go func() { done <- newTestPicker(testContext(false), "") }()
	var o *openScreen
	select {
	case o = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("listing a folder with a FIFO hangs")
	}
	var names []string
	for _, e := range o.entries {
		names = append(names, e.name)
	}
	if got := strings.Join(names, " "); got != ".. game.pgn" {
		t.Errorf("entries %q: only regular files are game files", got)
	}
	o.Update(keyMsg("/"))
	o.dialog.input.SetValue(fifo)
	opened := make(chan struct{})
	go func() {
		settle(o, press(o, "enter"))
		close(opened)
	}()
	select {
	case <-opened:
	case <-time.After(5 * time.Second):
		t.Fatal("opening a FIFO hangs")
	}
	if o.dialog == nil || !strings.Contains(o.dialog.problem, "not a regular file") {
		t.Errorf("opening a FIFO: %q", o.View())
	}

	// ctrl+c quits while the picker waits for the disk.
	app, _ := New(testContext(false), GameOptions{})
	app.Update(openFilesMsg{})
	app.current().(*openScreen).reading = true
	if _, cmd := app.Update(keyMsg("ctrl+c")); cmd == nil || cmd() != tea.Quit() {
		t.Error("ctrl+c should quit")
	}
}

// Every game of a file is listed, those that cannot be read marked with
// why, and the others open; no game is hidden behind a bad one.
func TestGameListMarksBadGames(t *testing.T) {
	ctx := testContext(false)
	path := filepath.Join(t.TempDir(), "mixed.pgn")
	text := "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n\n" +
		"[White \"Cy\"]\n[Black \"Di\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
		"[White \"Ed\"]\n[Black \"Flo\n\n1. d4 *\n\n" +
		"[White \"Gus\"]\n[Black \"Hal\"]\n\n1. c4 *\n"
	os.WriteFile(path, []byte(text), 0o644)
	o := newOpenScreen(ctx, "", "")
	if msg := drive(o, o.listGames(path, 0, false)); msg != nil {
		t.Fatalf("a file of several games should be listed: %#v", msg)
	}
	view := o.View()
	if !strings.Contains(view, "mixed.pgn: 4 games · 1 cannot be read") || !strings.Contains(view, "Gus") || !strings.Contains(view, "cannot be read") {
		t.Fatalf("the list:\n%s", view)
	}
	if strings.Contains(view, "Only the first") {
		t.Error("no game is hidden behind a bad one")
	}
	// The illegal move is found when the game is opened, and marked.
	o.Update(keyMsg("down"))
	if msg := drive(o, press(o, "enter")); msg != nil || !strings.Contains(o.View(), "Game 2 cannot be read") || !strings.Contains(o.View(), "Ke3") {
		t.Errorf("opening game 2: %#v\n%s", msg, o.View())
	}
	if !strings.Contains(o.View(), "mixed.pgn: 4 games · 2 cannot be read") {
		t.Errorf("game 2 should be marked:\n%s", o.View())
	}
	o.Update(keyMsg("down"))
	if !strings.Contains(o.View(), "Game 3 cannot be read") {
		t.Errorf("the cursor on game 3 says why:\n%s", o.View())
	}
	o.Update(keyMsg("down"))
	if msg, ok := drive(o, press(o, "enter")).(openReplayMsg); !ok || historySAN(msg.game.Game) != "c4" || msg.game.Number != 4 {
		t.Errorf("game 4 opens: %#v", msg)
	}
}

// A long listing shows how far it has read, and esc stops it.
func TestGameListProgress(t *testing.T) {
	ctx := testContext(false)
	o := newOpenScreen(ctx, "", "")
	o.entries = []fileEntry{{name: "..", dir: true}}
	o.listSeq = 7
	cancelled := false
	o.games = &gameList{path: "/data/big.pgn", seq: 7, cancel: func() { cancelled = true }}
	ch := make(chan [2]int64)
	close(ch)
	o.Update(gamesProgressMsg{seq: 7, done: 5 << 20, total: 10 << 20, ch: ch})
	if view := o.View(); !strings.Contains(view, "Listing the games… 50% (5.0 MB of 10.0 MB)") {
		t.Errorf("progress:\n%s", view)
	}
	o.Update(keyMsg("down")) // nothing to choose yet
	o.Update(keyMsg("esc"))
	if !cancelled || o.games != nil {
		t.Error("esc should stop the listing and go back to the files")
	}
	// What the stopped listing sends afterwards changes nothing.
	o.Update(gamesListedMsg{seq: 7, err: fmt.Errorf("stopped")})
	if o.games != nil || o.problem != "" {
		t.Errorf("a listing since left: %q", o.problem)
	}
}

// A long list is drawn around the cursor: the page keys move a page, the
// rows drawn are only those on screen.
func TestGameListPages(t *testing.T) {
	ctx := testContext(false)
	path := filepath.Join(t.TempDir(), "many.pgn")
	var b strings.Builder
	for i := 1; i <= 500; i++ {
		fmt.Fprintf(&b, "[White \"W%d\"]\n[Black \"B%d\"]\n\n1. e4 *\n\n", i, i)
	}
	os.WriteFile(path, []byte(b.String()), 0o644)
	o := newOpenScreen(ctx, "", "")
	drive(o, o.listGames(path, 0, false))
	if n := len(strings.Split(o.View(), "\n")); n != testH {
		t.Errorf("the view is %d lines, want %d", n, testH)
	}
	o.Update(keyMsg("end"))
	if o.games.index != 499 || !strings.Contains(o.View(), "W500") || strings.Contains(o.View(), "W1 ") {
		t.Errorf("end: index %d\n%s", o.games.index, o.View())
	}
	o.Update(keyMsg("pgup"))
	if o.games.index != 499-o.gameRows() {
		t.Errorf("page up: index %d", o.games.index)
	}
	o.Update(keyMsg("home"))
	if o.games.index != 0 || !strings.Contains(o.View(), "W1 ") {
		t.Errorf("home: index %d", o.games.index)
	}
}
