package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

// Every move is autosaved with its players and clock; the menu offers
// the game back, and resuming restores moves, players and clocks.
func TestAutosaveAndResume(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("e7e5", "b8c6"))
	ctx, now := playContext(t, eng)
	tc := Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}
	g, q := newPlayGame(t, ctx, GameOptions{Variant: rules.Asha, Players: [2]Player{Human, ComputerAt(easy(t))}, Clock: tc})
	typeMove(g, q, "e4")
	now.advance(4 * time.Second)
	awaitSearch(t, g, q)
	sg, err := saves.LoadAutosave()
	if err != nil {
		t.Fatalf("no autosave after the engine's move: %v", err)
	}
	if got := historySAN(sg.Game); got != "e4 e5" {
		t.Errorf("autosaved moves %q", got)
	}
	if sg.Tags.Get("BlackType") != "program" || sg.Tags.Get("Black") != "Varia Easy" || sg.Tags.Get("TimeControl") != "300+3" {
		t.Errorf("autosaved tags %v", sg.Tags)
	}
	if len(sg.Clocks) != 2 || sg.Clocks[0] != 5*time.Minute+3*time.Second || sg.Clocks[1] != 4*time.Minute+59*time.Second {
		t.Errorf("autosaved clocks %v", sg.Clocks)
	}

	// Quitting leaves it there; the next start offers it.
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
	// n, enter: a new game with the same players and clock, from the start.
	keys(r, q2, "n")
	_, cmd = r.Update(keyMsg("enter"))
	if again := cmd().(startGameMsg).opts; again.Continue != nil || again.Resume || again.Mode != PlayWhite || !again.Clock.On() {
		t.Errorf("a new game after resuming: %+v", again)
	}
	// The resumed game owns the autosave: its next move replaces it
	// without archiving anything.
	typeMove(r, q2, "Nf3")
	awaitSearch(t, r, q2)
	if sg, err := saves.LoadAutosave(); err != nil || historySAN(sg.Game) != "e4 e5 Nf3 Nc6" {
		t.Fatalf("autosave after resuming: %v", err)
	}
	if dir, _ := saves.DefaultDir(); fileCount(dir) != 0 {
		t.Error("resuming should not archive its own game")
	}

	// A new game keeps the one in progress in the saved games.
	n, q3 := newPlayGame(t, ctx, GameOptions{})
	typeMove(n, q3, "d4")
	dir, _ := saves.DefaultDir()
	if fileCount(dir) != 1 || !strings.Contains(n.match.store.notice, "saved games") {
		t.Fatalf("the earlier game in progress should be archived: %d files, notice %q", fileCount(dir), n.match.store.notice)
	}
	if sg, err := saves.LoadAutosave(); err != nil || historySAN(sg.Game) != "d4" {
		t.Fatalf("the autosave should now hold the new game: %v", err)
	}

	// A game that ends is saved at once, and leaves the autosave.
	keys(n, q3, "r", "y")
	if !n.game.Result().Over() {
		t.Fatal("resigning should end the game")
	}
	if fileCount(dir) != 2 || !strings.Contains(n.match.store.notice, "Game saved in") {
		t.Fatalf("the finished game should be saved: %d files, notice %q", fileCount(dir), n.match.store.notice)
	}
	if _, err := saves.LoadAutosave(); err == nil {
		t.Error("the finished game should have left the autosave")
	}
	// s then proposes that file, and saving replaces it.
	keys(n, q3, "s")
	if !strings.HasPrefix(n.match.input.Value(), "2026-03-14-standard-white-vs-black") {
		t.Errorf("s after the end proposes %q", n.match.input.Value())
	}
	keys(n, q3, "enter")
	if fileCount(dir) != 2 {
		t.Errorf("saving the ended game again should replace its file: %d files", fileCount(dir))
	}

	// A finished game left in the autosave (the program stopped before
	// it could save) goes to the saved games when the menu opens, and
	// is not offered for resuming.
	g2 := rules.NewGame(rules.Edgy)
	g2.Resign(rules.White)
	if err := saves.Autosave(&saves.SavedGame{Game: g2, Tags: saves.NewTags("A", "B", now.Now())}); err != nil {
		t.Fatal(err)
	}
	menu = newMenuScreen(ctx, GameOptions{})
	if menu.play.resume != nil || fileCount(dir) != 3 || !strings.Contains(menu.View(), "Your last game is in your saved games") {
		t.Fatalf("finished autosave: resume %v, %d files\n%s", menu.play.resume != nil, fileCount(dir), menu.View())
	}
	if _, err := saves.LoadAutosave(); err == nil {
		t.Error("the finished game should have left the autosave")
	}
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
	// The autosave knows it is saved: resuming proposes the same file,
	// and a new game drops it rather than archive a second copy.
	if sg, err := saves.LoadAutosave(); err != nil || sg.Tags.Get(savedAsTag) != path {
		t.Fatalf("the autosave should name the file it is saved in: %v", err)
	}
	resumed, _ := newPlayGame(t, ctx, GameOptions{Continue: mustAutosave(t), Resume: true})
	if resumed.match.store.savedPath != path || resumed.match.store.tags.Get(savedAsTag) != "" {
		t.Errorf("resumed: saved path %q, tags %v", resumed.match.store.savedPath, resumed.match.store.tags)
	}
	fresh, fq := newPlayGame(t, ctx, GameOptions{})
	typeMove(fresh, fq, "c4")
	if n := fileCount(dir); n != 1 {
		t.Errorf("a game saved as it stands should not be archived again: %d files", n)
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
	// A finished game that is saved leaves the autosave.
	keys(g, q, "r", "y", "s", "enter")
	if _, err := saves.LoadAutosave(); err == nil {
		t.Error("a finished, saved game should leave the autosave")
	}
}

func mustAutosave(t *testing.T) *saves.SavedGame {
	t.Helper()
	sg, err := saves.LoadAutosave()
	if err != nil {
		t.Fatal(err)
	}
	return sg
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
