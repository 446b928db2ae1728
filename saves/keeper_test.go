package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"varia/rules"
)

func keeperGame(t *testing.T, moves ...string) *SavedGame {
	t.Helper()
	g := rules.NewGame(rules.Standard)
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	return &SavedGame{Game: g, Tags: NewTags("Ann", "Bob", time.Date(2026, 3, 14, 0, 0, 0, 0, time.UTC))}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// A game kept as it goes, saved by the player, then finished: one
// unfinished file, rewritten, marked as saved, removed at the end; the
// finished game replaces the player's saved file.
func TestKeeperLifecycle(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_DATA_HOME", home)
	dir := filepath.Join(home, "games")
	k := NewKeeper(nil, nil, time.Now(), dir)

	r := <-k.Keep(keeperGame(t, "e4"))
	if r.KeepErr != nil || r.File == "" || !exists(r.File) {
		t.Fatalf("first keep: %+v", r)
	}
	file := r.File
	r = <-k.Keep(keeperGame(t, "e4", "e5"))
	if r.File != file {
		t.Errorf("the game moved to another file: %s", r.File)
	}
	if sg, err := readFirstGame(file); err != nil || sg.Game.Len() != 2 || sg.Tags.Get(SavedAsTag) != "" {
		t.Fatalf("kept game: %v", err)
	}

	path := filepath.Join(t.TempDir(), "mine.pgn")
	sg := keeperGame(t, "e4", "e5")
	if r = <-k.SaveAs(sg, path, false, true); r.Err != nil || r.SavedTo != path {
		t.Fatalf("save as: %+v", r)
	}
	if got, _ := readFirstGame(file); got.Tags.Get(SavedAsTag) != path {
		t.Error("the unfinished file should say where the game is saved as it stands")
	}
	if r = <-k.SaveAs(sg, path, false, true); !r.Exists {
		t.Errorf("saving over a file without replace: %+v", r)
	}
	r = <-k.Keep(keeperGame(t, "e4", "e5", "Nf3"))
	if got, _ := readFirstGame(file); got.Tags.Get(SavedAsTag) != "" {
		t.Error("a move after saving leaves the saved file behind")
	}

	over := keeperGame(t, "e4", "e5", "Nf3")
	over.Game.Resign(rules.Black)
	r = <-k.Finish(over)
	if r.SavedTo != path || r.File != "" || exists(file) || r.Err != nil || r.RemoveErr != nil {
		t.Fatalf("finish: %+v", r)
	}
	if got, _ := readFirstGame(path); got.Game.Result().Status != rules.WhiteWins {
		t.Error("the finished game should replace the saved file")
	}
	<-k.Close()
}

// Requests are carried out in the order asked, however many are queued;
// a Keep with a newer one behind it is skipped; nothing is written after
// Close, which releases the file for another Varia.
func TestKeeperOrder(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	k := NewKeeper(nil, nil, time.Now(), "")
	moves := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}
	var results []<-chan Result
	for i := range moves {
		results = append(results, k.Keep(keeperGame(t, moves[:i+1]...)))
	}
	closed := k.Close()
	late := k.Keep(keeperGame(t, "d4"))
	var file string
	for _, ch := range results {
		if r := <-ch; !r.Skipped {
			file = r.File
		}
	}
	<-closed
	if r := <-late; r.File != "" {
		t.Errorf("a keep after close: %+v", r)
	}
	sg, err := readFirstGame(file)
	if err != nil || sg.Game.Len() != len(moves) {
		t.Fatalf("the file should end with the newest game: %v", err)
	}
	u, _, err := ClaimUnfinished(file)
	if err != nil {
		t.Fatalf("the file should be free after close: %v", err)
	}
	u.Release()
}

// A finished game that cannot be saved stays, finished, in its
// unfinished file, and the Result says why.
func TestKeeperFinishFails(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	blocker := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(blocker, nil, 0o600)
	k := NewKeeper(nil, nil, time.Now(), filepath.Join(blocker, "games"))
	<-k.Keep(keeperGame(t, "e4"))
	over := keeperGame(t, "e4")
	over.Game.Resign(rules.White)
	r := <-k.Finish(over)
	if r.Err == nil || r.File == "" || r.KeepErr != nil {
		t.Fatalf("finish into a file: %+v", r)
	}
	if sg, _ := readFirstGame(r.File); !sg.Game.Result().Over() {
		t.Error("the unfinished file should hold the finished game")
	}
}

// A resumed game saved as it stands goes on saving there, when the file
// it names is in the saves folder; a file named elsewhere is not
// written (a file can say anything): the game goes to a new file.
func TestKeeperResumedSavedAs(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	dir, _ := DefaultDir()
	for _, tc := range []struct {
		path   string
		heeded bool
	}{{filepath.Join(dir, "mine.pgn"), true}, {filepath.Join(t.TempDir(), "elsewhere.pgn"), false}} {
		sg := keeperGame(t, "e4")
		sg.Tags.Set(SavedAsTag, tc.path)
		u, err := NewUnfinished(sg, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		k := NewKeeper(u, sg, time.Now(), "")
		over := keeperGame(t, "e4")
		over.Game.Resign(rules.Black)
		r := <-k.Finish(over)
		if (r.SavedTo == tc.path) != tc.heeded || r.SavedTo == "" || exists(u.Path()) || exists(tc.path) != tc.heeded {
			t.Errorf("finish of a game saved as it stood in %s: %+v", tc.path, r)
		}
	}
}

// A finished game whose end is taken back is re-filed: the file the end
// made in the saves folder goes (the game is among the unfinished ones
// again) and its next end is filed under the same name; a file the player
// chose is rewritten as the game stands.
func TestKeeperRefilesATakenBackEnd(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_DATA_HOME", home)
	dir := filepath.Join(home, "games")
	k := NewKeeper(nil, nil, time.Now(), dir)
	<-k.Keep(keeperGame(t, "f3"))
	mated := keeperGame(t, "f3", "e5", "g4", "Qh4#")
	r := <-k.Finish(mated)
	filed := r.SavedTo
	if r.Err != nil || filed == "" || r.File != "" {
		t.Fatalf("finish: %+v", r)
	}
	r = <-k.Keep(keeperGame(t, "f3", "e5", "g4"))
	if r.KeepErr != nil || r.File == "" || exists(filed) {
		t.Fatalf("the mate taken back: %+v; the finished file should go (exists %v)", r, exists(filed))
	}
	if sg, _ := readFirstGame(r.File); sg == nil || sg.Game.Len() != 3 || sg.Game.Result().Over() {
		t.Error("the game goes on among the unfinished ones")
	}
	again := keeperGame(t, "f3", "e5", "g4", "d5")
	again.Game.Resign(rules.White)
	if r = <-k.Finish(again); r.SavedTo != filed {
		t.Errorf("the next end should be filed under the same name: %s, want %s", r.SavedTo, filed)
	}
	if sg, _ := readFirstGame(filed); sg == nil || sg.Game.Result().Reason != rules.Resignation {
		t.Error("the file should hold the game's new end")
	}
	<-k.Close()

	// The player's own file is rewritten instead.
	k = NewKeeper(nil, nil, time.Now(), dir)
	mine := filepath.Join(t.TempDir(), "mine.pgn")
	<-k.Keep(keeperGame(t, "f3"))
	<-k.SaveAs(keeperGame(t, "f3"), mine, false, true)
	<-k.Finish(keeperGame(t, "f3", "e5", "g4", "Qh4#"))
	if sg, _ := readFirstGame(mine); sg == nil || sg.Game.Result().Reason != rules.Checkmate {
		t.Fatal("the finished game should be in the player's file")
	}
	<-k.Keep(keeperGame(t, "f3", "e5", "g4"))
	if sg, _ := readFirstGame(mine); sg == nil || sg.Game.Result().Over() || sg.Game.Len() != 3 {
		t.Error("the player's file should hold the game as it now stands")
	}
	<-k.Close()
}

// A game whose every move is taken back keeps no unfinished file.
func TestKeeperForgetsAGameWithoutMoves(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	k := NewKeeper(nil, nil, time.Now(), t.TempDir())
	r := <-k.Keep(keeperGame(t, "e4"))
	if r.File == "" {
		t.Fatal("no file")
	}
	file := r.File
	if r = <-k.Keep(keeperGame(t)); r.File != "" || exists(file) || r.KeepErr != nil {
		t.Errorf("no moves left: %+v, the file exists %v", r, exists(file))
	}
	if r = <-k.Keep(keeperGame(t, "d4")); r.File == "" || !exists(r.File) {
		t.Errorf("a move again gives it a file: %+v", r)
	}
	<-k.Close()
}
