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
	"varia/tui/match"
)

// Every move is autosaved with its players and clock in the game's own
// unfinished file; the menu offers the game back, and resuming restores
// moves, players and clocks and goes on writing the same file.
func TestAutosaveAndResume(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("e7e5", "b8c6"))
	ctx, now := playContext(t, eng)
	tc := saves.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}
	g, q := newPlayGame(t, ctx, GameOptions{Variant: rules.Asha, Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}, Clock: tc})
	typeMove(g, q, "e4")
	now.advance(4 * time.Second)
	awaitSearch(t, g, q)
	sg := gameFile(t, g, q)
	if got := historySAN(sg.Game); got != "e4 e5" {
		t.Errorf("autosaved moves %q", got)
	}
	if sg.Tags.Get("BlackType") != "program" || sg.Tags.Get("Black") != "Varia Easy" || sg.Tags.Get("TimeControl") != "300+3" {
		t.Errorf("autosaved tags %v", sg.Tags)
	}
	if len(sg.Clocks) != 2 || sg.Clocks[0] != 5*time.Minute+3*time.Second || sg.Clocks[1] != 4*time.Minute+59*time.Second {
		t.Errorf("autosaved clocks %v", sg.Clocks)
	}
	path := g.match.Saves().File
	if !strings.HasPrefix(filepath.Base(path), "2026-03-14-150926-asha-player-vs-varia-easy-") {
		t.Errorf("the game's file is %s", path)
	}

	// Quitting leaves it there; the next start offers it.
	closeGame(g)
	menu := newTestMenu(ctx, GameOptions{})
	if menu.play.resume == nil || !strings.Contains(menu.View(), "r to resume your game: Asha chess, 1 move") {
		t.Fatalf("the menu should offer the game in progress:\n%s", menu.View())
	}
	r, q2 := newPlayGame(t, ctx, resumeLatest(t, ctx))
	if got := historySAN(r.game()); got != "e4 e5" || r.opts.Mode != match.PlayWhite || r.match.Players()[rules.Black].Level.Name != "Easy" {
		t.Fatalf("resumed: moves %q, mode %v", got, r.opts.Mode)
	}
	if c := r.match.Clock(); c == nil || c.Remaining(rules.White, now.Now()) != 5*time.Minute+3*time.Second || c.Remaining(rules.Black, now.Now()) != 4*time.Minute+59*time.Second || running(c) {
		t.Fatalf("resumed clock: %+v", c)
	}
	if r.match.Saves().File != path || r.opts.Unfinished != nil {
		t.Fatalf("the resumed game should own its file %s", path)
	}
	// n, enter: a new game with the same players and clock, from the start.
	keys(r, q2, "n")
	_, cmd := r.Update(keyMsg("enter"))
	if again := cmd().(startGameMsg).opts; again.Continue != nil || again.Resume || again.Unfinished != nil || again.Mode != match.PlayWhite || !again.Clock.On() {
		t.Errorf("a new game after resuming: %+v", again)
	}
	// The resumed game's next move goes to its own file; nothing is
	// saved elsewhere.
	typeMove(r, q2, "Nf3")
	awaitSearch(t, r, q2)
	if got := historySAN(gameFile(t, r, q2).Game); got != "e4 e5 Nf3 Nc6" {
		t.Fatalf("the file after resuming holds %q", got)
	}
	dir, _ := saves.DefaultDir()
	if fileCount(dir) != 0 || len(unfinishedFiles(t)) != 1 {
		t.Errorf("resuming should write the game's own file only: %d saved, unfinished %v", fileCount(dir), unfinishedFiles(t))
	}

	// A new game gets a file of its own: both are kept.
	n, q3 := newPlayGame(t, ctx, GameOptions{})
	typeMove(n, q3, "d4")
	flush(t, n, q3)
	if got := unfinishedFiles(t); len(got) != 2 || fileCount(dir) != 0 {
		t.Fatalf("two unfinished games should be kept, nothing saved: %v", got)
	}
	if historySAN(gameFile(t, n, q3).Game) != "d4" || historySAN(gameFile(t, r, q2).Game) != "e4 e5 Nf3 Nc6" {
		t.Fatal("each game should hold its own moves")
	}

	// A game that ends is saved at once, and leaves no unfinished file.
	nPath := n.match.Saves().File
	keys(n, q3, "r", "y")
	if !n.game().Result().Over() {
		t.Fatal("resigning should end the game")
	}
	flush(t, n, q3)
	if notice, _ := n.panel.saveStatus(); fileCount(dir) != 1 || !strings.Contains(notice, "Game saved in") {
		t.Fatalf("the finished game should be saved: %d files, notice %q", fileCount(dir), notice)
	}
	if _, err := os.Stat(nPath); !errors.Is(err, fs.ErrNotExist) || n.match.Saves().File != "" {
		t.Errorf("the finished game should have left the unfinished games: %v", err)
	}
	if got := unfinishedFiles(t); len(got) != 1 || got[0] != path {
		t.Errorf("the other game should stay: %v", got)
	}
	// s then proposes that file, and saving replaces it.
	keys(n, q3, "s")
	if !strings.HasPrefix(n.dialog.input.Value(), "2026-03-14-standard-white-vs-black") {
		t.Errorf("s after the end proposes %q", n.dialog.input.Value())
	}
	keys(n, q3, "enter")
	flush(t, n, q3)
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
	menu := newTestMenu(ctx, GameOptions{})
	if menu.play.resume != nil || fileCount(dir) != 1 || len(unfinishedFiles(t)) != 0 || !strings.Contains(menu.View(), "Your last game is in your saved games") {
		t.Fatalf("a finished game: resume %v, %d files, unfinished %v\n%s", menu.play.resume != nil, fileCount(dir), unfinishedFiles(t), menu.View())
	}
	saved, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	tags := saves.NewTags("A", "B", now.Now())
	tags.Set(saves.SavedAsTag, saved[0])
	finished(tags)
	newTestMenu(ctx, GameOptions{})
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

// gameFile reads a game screen's own unfinished file, once every save
// asked for is written.
func gameFile(t *testing.T, g *gameScreen, q *msgQueue) *saves.SavedGame {
	t.Helper()
	flush(t, g, q)
	f := g.match.Saves().File
	if f == "" {
		t.Fatal("the game has no unfinished file")
	}
	return readGame(t, f)
}

// running reports whether a clock's time runs.
func running(c *match.Clock) bool {
	_, r := c.Running()
	return r
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
	if dialogName(g) != "" || !strings.Contains(g.msg.text, "Nothing to save") {
		t.Fatalf("saving before any move: dialog %q, %q", dialogName(g), g.msg.text)
	}
	typeMove(g, q, "e4")
	keys(g, q, "s")
	if dialogName(g) != "save" || g.dialog.input.Value() != "2026-03-14-asha-white-vs-black.pgn" {
		t.Fatalf("proposed name %q", g.dialog.input.Value())
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
	flush(t, g, q)
	dir, _ := saves.DefaultDir()
	path := filepath.Join(dir, "first.pgn")
	games, err := saves.ReadFile(path)
	if err != nil || len(games) != 1 || historySAN(games[0].Game) != "e4" {
		t.Fatalf("saved file: %v", err)
	}
	if dialogName(g) != "" || !strings.Contains(g.msg.text, "Saved to") {
		t.Errorf("after saving: dialog %q, message %q", dialogName(g), g.msg.text)
	}
	// Saving again offers the same file and replaces it without asking.
	typeMove(g, q, "e5")
	keys(g, q, "s")
	if g.dialog.input.Value() != "first.pgn" {
		t.Errorf("second save proposes %q", g.dialog.input.Value())
	}
	keys(g, q, "enter")
	flush(t, g, q)
	if games, _ := saves.ReadFile(path); len(games) != 1 || historySAN(games[0].Game) != "e4 e5" {
		t.Error("the second save should replace the game's own file")
	}
	// The unfinished file knows it is saved: resumed, the game proposes
	// the same file.
	if sg := gameFile(t, g, q); sg.Tags.Get(saves.SavedAsTag) != path {
		t.Fatalf("the unfinished file should name the file it is saved in: %v", sg.Tags)
	}
	closeGame(g)
	g, q = newPlayGame(t, ctx, resumeLatest(t, ctx))
	if tags := g.match.Snapshot().Tags; g.match.Saves().SavedPath != path || tags.Get(saves.SavedAsTag) != "" {
		t.Errorf("resumed: saved path %q, tags %v", g.match.Saves().SavedPath, tags)
	}
	// Another game's file is replaced only on yes.
	other := filepath.Join(t.TempDir(), "other.pgn")
	os.WriteFile(other, []byte("keep me"), 0o644)
	keys(g, q, "s")
	g.dialog.input.SetValue(other)
	keys(g, q, "enter")
	flush(t, g, q)
	if dialogName(g) != "replace" || !strings.Contains(g.View(), "exists. Replace it?") {
		t.Fatalf("saving over another file should ask: dialog %q", dialogName(g))
	}
	keys(g, q, "n", "esc")
	flush(t, g, q)
	if b, _ := os.ReadFile(other); string(b) != "keep me" {
		t.Error("no must keep the other file")
	}
	// A finished game that is saved leaves no unfinished file.
	keys(g, q, "r", "y")
	flush(t, g, q)
	keys(g, q, "s", "enter")
	flush(t, g, q)
	if files := unfinishedFiles(t); len(files) != 0 || g.match.Saves().File != "" {
		t.Errorf("a finished, saved game should leave the unfinished games: %v", files)
	}
	if games, _ := saves.ReadFile(path); len(games) != 1 || !games[0].Game.Result().Over() {
		t.Error("the finished game should be in its file")
	}
	// A folder that does not exist is made only on yes.
	deep := filepath.Join(t.TempDir(), "no", "such", "x.pgn")
	keys(g, q, "s")
	g.dialog.input.SetValue(deep)
	keys(g, q, "enter")
	flush(t, g, q)
	if dialogName(g) != "make folder" || !strings.Contains(g.View(), "does not exist. Create it") {
		t.Fatalf("saving into a missing folder should ask: dialog %q\n%s", dialogName(g), g.View())
	}
	if _, err := os.Stat(filepath.Dir(filepath.Dir(deep))); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a folder was made before asking: %v", err)
	}
	keys(g, q, "n")
	if dialogName(g) != "save" {
		t.Errorf("no should go back to the name: dialog %q", dialogName(g))
	}
	keys(g, q, "enter")
	flush(t, g, q)
	keys(g, q, "y")
	flush(t, g, q)
	if games, _ := saves.ReadFile(deep); len(games) != 1 || dialogName(g) != "" {
		t.Errorf("yes should make the folder and save: dialog %q, %d games", dialogName(g), len(games))
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
