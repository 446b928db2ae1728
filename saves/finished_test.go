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

// A finished game left among the unfinished ones goes to the saved
// games; one saved as it stands is only removed; a saved-as file that
// is gone does not stop it being saved.
func TestFileFinished(t *testing.T) {
	dir := t.TempDir()
	finished := func(tags Tags) (*Unfinished, *SavedGame) {
		g := rules.NewGame(rules.Standard)
		g.PlayText("e4")
		g.Resign(rules.Black)
		sg := &SavedGame{Game: g, Tags: tags}
		u, err := NewUnfinished(sg, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		return u, sg
	}
	gone := func(u *Unfinished) bool {
		_, err := os.Stat(u.Path())
		return errors.Is(err, fs.ErrNotExist)
	}

	u, sg := finished(NewTags("Ann", "Bob", time.Now()))
	path, err := FileFinished(u, sg, dir)
	if err != nil || filepath.Dir(path) != dir || !gone(u) {
		t.Fatalf("filed to %q, %v; unfinished file gone: %v", path, err, gone(u))
	}
	if games, err := ReadFile(path); err != nil || len(games) != 1 || games[0].Game.Result().Status != rules.WhiteWins {
		t.Fatalf("the filed game: %v", err)
	}

	tags := NewTags("Ann", "Bob", time.Now())
	tags.Set(SavedAsTag, path)
	u, sg = finished(tags)
	if again, err := FileFinished(u, sg, dir); err != nil || again != "" || !gone(u) {
		t.Errorf("a game saved as it stands: filed to %q, %v", again, err)
	}

	tags.Set(SavedAsTag, filepath.Join(dir, "deleted.pgn"))
	u, sg = finished(tags)
	again, err := FileFinished(u, sg, dir)
	if err != nil || again == "" || again == path {
		t.Errorf("a game whose saved file is gone: filed to %q, %v", again, err)
	}
	if games, _ := ReadFile(again); len(games) != 1 || games[0].Tags.Get(SavedAsTag) != "" {
		t.Error("the saved-as mark belongs to unfinished files only")
	}
}
