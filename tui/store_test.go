package tui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

// Every move is autosaved with its players and clock in the game's own
// unfinished file; the menu offers the game back, and resuming restores
// moves, players and clocks and goes on writing the same file.
func TestAutosaveAndResume(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("e7e5", "b8c6"))
	ctx, now := playContext(t, eng)
	tc := saves.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}
	g, q := newPlayGame(t, ctx, GameOptions{Variant: rules.Asha, Players: [2]Player{Human, ComputerAt(easy(t))}, Clock: tc})
	typeMove(g, q, "e4")
	now.advance(4 * time.Second)
	awaitSearch(t, g, q)
	sg := gameFile(t, g)
	if got := historySAN(sg.Game); got != "e4 e5" {
		t.Errorf("autosaved moves %q", got)
	}
	if sg.Tags.Get("BlackType") != "program" || sg.Tags.Get("Black") != "Varia Easy" || sg.Tags.Get("TimeControl") != "300+3" {
		t.Errorf("autosaved tags %v", sg.Tags)
	}
	if len(sg.Clocks) != 2 || sg.Clocks[0] != 5*time.Minute+3*time.Second || sg.Clocks[1] != 4*time.Minute+59*time.Second {
		t.Errorf("autosaved clocks %v", sg.Clocks)
	}
	path := g.match.store.file.Path()
	if !strings.HasPrefix(filepath.Base(path), "2026-03-14-150926-asha-player-vs-varia-easy-") {
		t.Errorf("the game's file is %s", path)
	}

	// Quitting leaves it there; the next start offers it.
	g.close()
	menu := newMenuScreen(ctx, GameOptions{})
	if menu.play.resume == nil || !strings.Contains(menu.View(), "r to resume your game: Asha chess, 1 move") {
		t.Fatalf("the menu should offer the game in progress:\n%s", menu.View())
	}
	cmd := press(menu, "r")
	start, ok := cmd().(startGameMsg)
	if !ok {
		t.Fatalf("r: %T", cmd())
	}
	r, q2 := newPlayGame(t, ctx, start.opts)
	if got := historySAN(r.game); got != "e4 e5" || r.opts.Mode != PlayWhite || r.match.players[rules.Black].Level.Name != "Easy" {
		t.Fatalf("resumed: moves %q, mode %v", got, r.opts.Mode)
	}
	if c := r.match.clock; c == nil || c.Remaining(rules.White, now.Now()) != 5*time.Minute+3*time.Second || c.Remaining(rules.Black, now.Now()) != 4*time.Minute+59*time.Second || c.running {
		t.Fatalf("resumed clock: %+v", c)
	}
	if r.match.store.file == nil || r.match.store.file.Path() != path || r.opts.Unfinished != nil {
		t.Fatalf("the resumed game should own its file %s", path)
	}
	// n, enter: a new game with the same players and clock, from the start.
	keys(r, q2, "n")
	_, cmd = r.Update(keyMsg("enter"))
	if again := cmd().(startGameMsg).opts; again.Continue != nil || again.Resume || again.Unfinished != nil || again.Mode != PlayWhite || !again.Clock.On() {
		t.Errorf("a new game after resuming: %+v", again)
	}
	// The resumed game's next move goes to its own file; nothing is
	// saved elsewhere.
	typeMove(r, q2, "Nf3")
	awaitSearch(t, r, q2)
	if got := historySAN(gameFile(t, r).Game); got != "e4 e5 Nf3 Nc6" {
		t.Fatalf("the file after resuming holds %q", got)
	}
	dir, _ := saves.DefaultDir()
	if fileCount(dir) != 0 || len(unfinishedFiles(t)) != 1 {
		t.Errorf("resuming should write the game's own file only: %d saved, unfinished %v", fileCount(dir), unfinishedFiles(t))
	}

	// A new game gets a file of its own: both are kept.
	n, q3 := newPlayGame(t, ctx, GameOptions{})
	typeMove(n, q3, "d4")
	if got := unfinishedFiles(t); len(got) != 2 || fileCount(dir) != 0 {
		t.Fatalf("two unfinished games should be kept, nothing saved: %v", got)
	}
	if historySAN(gameFile(t, n).Game) != "d4" || historySAN(gameFile(t, r).Game) != "e4 e5 Nf3 Nc6" {
		t.Fatal("each game should hold its own moves")
	}

	// A game that ends is saved at once, and leaves no unfinished file.
	nPath := n.match.store.file.Path()
	keys(n, q3, "r", "y")
	if !n.game.Result().Over() {
		t.Fatal("resigning should end the game")
	}
	if fileCount(dir) != 1 || !strings.Contains(n.match.store.notice, "Game saved in") {
		t.Fatalf("the finished game should be saved: %d files, notice %q", fileCount(dir), n.match.store.notice)
	}
	if _, err := os.Stat(nPath); !errors.Is(err, fs.ErrNotExist) || n.match.store.file != nil {
		t.Errorf("the finished game should have left the unfinished games: %v", err)
	}
	if got := unfinishedFiles(t); len(got) != 1 || got[0] != path {
		t.Errorf("the other game should stay: %v", got)
	}
	// s then proposes that file, and saving replaces it.
	keys(n, q3, "s")
	if !strings.HasPrefix(n.match.input.Value(), "2026-03-14-standard-white-vs-black") {
		t.Errorf("s after the end proposes %q", n.match.input.Value())
	}
	keys(n, q3, "enter")
	if fileCount(dir) != 1 || len(unfinishedFiles(t)) != 1 {
		t.Errorf("saving the ended game again should replace its file: %d files", fileCount(dir))
	}
}

// A finished game found among the unfinished ones (the program stopped
// before it could save it) goes to the saved games when the menu opens,
// or is only removed when the player saved it as it stands; it is not
// offered for resuming.
func TestFinishedGameFiledByMenu(t *testing.T) {
	ctx, now := playContext(t, &fakeEngine{})
	dir, _ := saves.DefaultDir()
	finished := func(tags saves.Tags) {
		g := rules.NewGame(rules.Edgy)
		g.Resign(rules.White)
		u, err := saves.NewUnfinished(&saves.SavedGame{Game: g, Tags: tags}, now.Now())
		if err != nil {
			t.Fatal(err)
		}
		u.Release()
	}
	finished(saves.NewTags("A", "B", now.Now()))
	menu := newMenuScreen(ctx, GameOptions{})
	if menu.play.resume != nil || fileCount(dir) != 1 || len(unfinishedFiles(t)) != 0 || !strings.Contains(menu.View(), "Your last game is in your saved games") {
		t.Fatalf("a finished game: resume %v, %d files, unfinished %v\n%s", menu.play.resume != nil, fileCount(dir), unfinishedFiles(t), menu.View())
	}
	saved, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	tags := saves.NewTags("A", "B", now.Now())
	tags.Set(saves.SavedAsTag, saved[0])
	finished(tags)
	newMenuScreen(ctx, GameOptions{})
	if fileCount(dir) != 1 || len(unfinishedFiles(t)) != 0 {
		t.Errorf("a finished game saved as it stands should only be removed: %d files, unfinished %v", fileCount(dir), unfinishedFiles(t))
	}
}

// unfinishedFiles lists the games in the unfinished folder.
func unfinishedFiles(t *testing.T) []string {
	t.Helper()
	dir, err := saves.UnfinishedDir()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	return files
}

// gameFile reads a game screen's own unfinished file.
func gameFile(t *testing.T, g *gameScreen) *saves.SavedGame {
	t.Helper()
	f := g.match.store.file
	if f == nil {
		t.Fatal("the game has no unfinished file")
	}
	return readGame(t, f.Path())
}

// readGame reads a file of one game.
func readGame(t *testing.T, path string) *saves.SavedGame {
	t.Helper()
	games, err := saves.ReadFile(path)
	if err != nil || len(games) != 1 {
		t.Fatalf("%s: %d games, %v", path, len(games), err)
	}
	return games[0]
}

func fileCount(dir string) int {
	des, _ := os.ReadDir(dir)
	n := 0
	for _, d := range des {
		if strings.HasSuffix(d.Name(), ".pgn") {
			n++
		}
	}
	return n
}

// s asks for a name (proposing one), saves to the saves folder or a
// path, replaces its own file silently and asks before replacing
// another.
func TestSaveDialog(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	g, q := newPlayGame(t, ctx, GameOptions{Variant: rules.Asha})
	keys(g, q, "s")
	if g.match.dialog != dialogNone || !strings.Contains(g.message, "Nothing to save") {
		t.Fatalf("saving before any move: dialog %v, %q", g.match.dialog, g.message)
	}
	typeMove(g, q, "e4")
	keys(g, q, "s")
	if g.match.dialog != dialogSave || g.match.input.Value() != "2026-03-14-asha-white-vs-black.pgn" {
		t.Fatalf("proposed name %q", g.match.input.Value())
	}
	if !strings.Contains(g.View(), "Save as: 2026-03-14-asha-white-vs-black.pgn") {
		t.Error("the name is typed on the bottom line")
	}
	keys(g, q, "e") // typing while the dialog is open does not play
	for range len("2026-03-14-asha-white-vs-black.pgn") + 1 {
		keys(g, q, "backspace")
	}
	for _, r := range "first" {
		keys(g, q, string(r))
	}
	keys(g, q, "enter")
	dir, _ := saves.DefaultDir()
	path := filepath.Join(dir, "first.pgn")
	games, err := saves.ReadFile(path)
	if err != nil || len(games) != 1 || historySAN(games[0].Game) != "e4" {
		t.Fatalf("saved file: %v", err)
	}
	if g.match.dialog != dialogNone || !strings.Contains(g.message, "Saved to") {
		t.Errorf("after saving: dialog %v, message %q", g.match.dialog, g.message)
	}
	// Saving again offers the same file and replaces it without asking.
	typeMove(g, q, "e5")
	keys(g, q, "s")
	if g.match.input.Value() != "first.pgn" {
		t.Errorf("second save proposes %q", g.match.input.Value())
	}
	keys(g, q, "enter")
	if games, _ := saves.ReadFile(path); len(games) != 1 || historySAN(games[0].Game) != "e4 e5" {
		t.Error("the second save should replace the game's own file")
	}
	// The unfinished file knows it is saved: resumed, the game proposes
	// the same file.
	if sg := gameFile(t, g); sg.Tags.Get(saves.SavedAsTag) != path {
		t.Fatalf("the unfinished file should name the file it is saved in: %v", sg.Tags)
	}
	g.close()
	start := press(newMenuScreen(ctx, GameOptions{}), "r")().(startGameMsg)
	g, q = newPlayGame(t, ctx, start.opts)
	if g.match.store.savedPath != path || g.match.store.tags.Get(saves.SavedAsTag) != "" {
		t.Errorf("resumed: saved path %q, tags %v", g.match.store.savedPath, g.match.store.tags)
	}
	// Another game's file is replaced only on yes.
	other := filepath.Join(t.TempDir(), "other.pgn")
	os.WriteFile(other, []byte("keep me"), 0o644)
	keys(g, q, "s")
	g.match.input.SetValue(other)
	keys(g, q, "enter")
	if g.match.dialog != dialogReplace || !strings.Contains(g.View(), "exists. Replace it?") {
		t.Fatalf("saving over another file should ask: dialog %v", g.match.dialog)
	}
	keys(g, q, "n", "esc")
	if b, _ := os.ReadFile(other); string(b) != "keep me" {
		t.Error("no must keep the other file")
	}
	// A finished game that is saved leaves no unfinished file.
	keys(g, q, "r", "y", "s", "enter")
	if files := unfinishedFiles(t); len(files) != 0 || g.match.store.file != nil {
		t.Errorf("a finished, saved game should leave the unfinished games: %v", files)
	}
	if games, _ := saves.ReadFile(path); len(games) != 1 || !games[0].Game.Result().Over() {
		t.Error("the finished game should be in its file")
	}
}

func TestSavePath(t *testing.T) {
	dir, _ := saves.DefaultDir()
	home, _ := os.UserHomeDir()
	tests := []struct{ in, want, err string }{
		{"game", filepath.Join(dir, "game.pgn"), ""},
		{"game.txt", filepath.Join(dir, "game.txt"), ""},
		{"~/x/game", filepath.Join(home, "x", "game.pgn"), ""},
		{"/tmp/a/b.pgn", "/tmp/a/b.pgn", ""},
		{"  ", "", "type a file name"},
		{"folder/", "", "is a folder"},
	}
	ctx := testContext(false)
	for _, tc := range tests {
		got, err := savePath(ctx, tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("savePath(%q): error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("savePath(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	// The settings' save folder takes bare names.
	ctx.Settings.SaveFolder = "~/chess"
	if got, err := savePath(ctx, "game"); err != nil || got != filepath.Join(home, "chess", "game.pgn") {
		t.Errorf("with a save folder: %q, %v", got, err)
	}
}
