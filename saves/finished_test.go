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

// A saved-as tag is a hint at most: a finished game is always filed in
// the saves folder unless the tag names a file inside it that holds this
// very game, and nothing outside the folder is touched.
func TestFileFinishedDistrustsTheTag(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "precious.txt")
	if err := os.WriteFile(victim, []byte("not a game"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.pgn")
	if err := os.WriteFile(other, []byte("1. d4 d5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{victim, filepath.Join(dir, "..", filepath.Base(outside), "precious.txt"), other, dir} {
		g := rules.NewGame(rules.Standard)
		g.PlayText("e4")
		g.Resign(rules.Black)
		tags := NewTags("Ann", "Bob", time.Now())
		tags.Set(SavedAsTag, target)
		sg := &SavedGame{Game: g, Tags: tags}
		u, err := NewUnfinished(sg, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		path, err := FileFinished(u, sg, dir)
		if err != nil || path == "" || filepath.Dir(path) != dir {
			t.Errorf("tag %s: filed to %q, %v; want a new file in the saves folder", target, path, err)
			continue
		}
		if games, err := ReadFile(path); err != nil || len(games) != 1 || games[0].Game.Len() != 1 {
			t.Errorf("tag %s: the filed game: %v", target, err)
		}
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "not a game" {
		t.Errorf("the file outside the saves folder: %q, %v", data, err)
	}
	if data, _ := os.ReadFile(other); string(data) != "1. d4 d5 *\n" {
		t.Errorf("another game's file: %q", data)
	}
}

func TestWithin(t *testing.T) {
	dir := t.TempDir()
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{
		filepath.Join(dir, "a.pgn"):                true,
		filepath.Join(dir, "sub", "b.pgn"):         true,
		filepath.Join(dir, "new", "c.pgn"):         true,
		filepath.Join(dir, "sub", "..", "d.pgn"):   true,
		dir:                                        false,
		filepath.Join(dir, "..", "e.pgn"):          false,
		filepath.Join(dir, "link", "f.pgn"):        false,
		filepath.Join(elsewhere, "g.pgn"):          false,
		"/etc/passwd":                              false,
		filepath.Join(dir+"-sibling", "h.pgn"):     false,
		filepath.Join(dir, "sub", "..", "..", "x"): false,
	} {
		if got := Within(dir, path); got != want {
			t.Errorf("Within(%s, %s) = %v, want %v", dir, path, got, want)
		}
	}
}

// A resumed game keeps its saved-as tag only for a file inside the saves
// folder that holds the game as it stands.
func TestTrustSavedAs(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	g := rules.NewGame(rules.Standard)
	g.PlayText("e4")
	game := func(target string) *SavedGame {
		tags := NewTags("Ann", "Bob", time.Now())
		if target != "" {
			tags.Set(SavedAsTag, target)
		}
		return &SavedGame{Game: g.Clone(), Tags: tags}
	}
	own, err := SaveFile(dir, game(""))
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.pgn")
	os.WriteFile(other, []byte("1. d4 *\n"), 0o644)
	copied := filepath.Join(outside, "copy.pgn")
	data, _ := os.ReadFile(own)
	os.WriteFile(copied, data, 0o644)
	for target, want := range map[string]string{own: own, other: "", copied: "", filepath.Join(dir, "gone.pgn"): ""} {
		sg := game(target)
		if got := TrustSavedAs(sg, dir); got != want || sg.Tags.Get(SavedAsTag) != want {
			t.Errorf("tag %s: kept %q (tag now %q), want %q", target, got, sg.Tags.Get(SavedAsTag), want)
		}
	}
}
