package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"varia/rules"
)

// newSavedGame plays moves, or the first legal move when none are given.
func newSavedGame(t *testing.T, v *rules.Variant, white, black string, moves ...string) *SavedGame {
	t.Helper()
	g := rules.NewGame(v)
	if len(moves) == 0 {
		playAll(t, g, g.Position().SAN(g.Legal()[0]))
	}
	playAll(t, g, moves...)
	return &SavedGame{Game: g, Tags: NewTags(white, black, testDate)}
}

// Two Varias playing at once, standing here for two claims: each writes
// only its own file, after every move in turn, and both games are there
// to resume afterwards with all their moves.
func TestUnfinishedGamesOfTwoVarias(t *testing.T) {
	dataHome(t)
	a := &SavedGame{Game: rules.NewGame(rules.Asha), Tags: NewTags("Ann", "Varia Easy", testDate)}
	b := &SavedGame{Game: rules.NewGame(rules.Standard), Tags: NewTags("Bob", "Cy", testDate)}
	var ua, ub *Unfinished
	for i, pair := range [][2]string{{"e4", "d4"}, {"e7~d6", "d5"}, {"d2~e3", "c4"}, {"a5", "e6"}} {
		playAll(t, a.Game, pair[0])
		playAll(t, b.Game, pair[1])
		a.Clocks = append(a.Clocks, time.Minute)
		if i == 0 {
			// Started in the same second: the names still differ.
			var err error
			if ua, err = NewUnfinished(a, testDate); err != nil {
				t.Fatal(err)
			}
			if ub, err = NewUnfinished(b, testDate); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := ua.Save(a); err != nil {
			t.Fatal(err)
		}
		if err := ub.Save(b); err != nil {
			t.Fatal(err)
		}
	}
	if ua.Path() == ub.Path() {
		t.Fatalf("two games share %s", ua.Path())
	}
	dir, _ := UnfinishedDir()
	for _, u := range []*Unfinished{ua, ub} {
		if filepath.Dir(u.Path()) != dir {
			t.Errorf("%s is not in %s", u.Path(), dir)
		}
	}
	if !regexp.MustCompile(`^2026-03-14-150926-asha-ann-vs-varia-easy-[a-z0-9]{6}\.pgn$`).MatchString(filepath.Base(ua.Path())) {
		t.Errorf("file name %s", filepath.Base(ua.Path()))
	}
	assertNoTemporaryFiles(t, dir)

	list, err := ListUnfinished()
	if err != nil || len(list) != 2 {
		t.Fatalf("ListUnfinished: %d games, %v", len(list), err)
	}
	for _, ug := range list {
		if !ug.InUse || ug.Err != nil {
			t.Errorf("%s while both play: in use %v, error %v", ug.Path, ug.InUse, ug.Err)
		}
	}
	// Nobody else may claim a game being played.
	if _, _, err := ClaimUnfinished(ua.Path()); !errors.Is(err, ErrInUse) {
		t.Errorf("claiming a game being played: %v, want ErrInUse", err)
	}

	// Both quit; both games can be resumed, moves and clocks intact.
	ua.Release()
	ub.Release()
	ua.Release() // twice does nothing
	for _, c := range []struct {
		u    *Unfinished
		want *SavedGame
	}{{ua, a}, {ub, b}} {
		u, back, err := ClaimUnfinished(c.u.Path())
		if err != nil {
			t.Fatalf("resuming %s: %v", c.u.Path(), err)
		}
		compareGames(t, filepath.Base(c.u.Path()), back, c.want)
		u.Release()
	}
	if err := ua.Save(a); err == nil {
		t.Error("a released game's file was written")
	}
}

// The most recently played game comes first.
func TestListUnfinishedOrder(t *testing.T) {
	dataHome(t)
	var paths []string
	for i, v := range []*rules.Variant{rules.Edgy, rules.Standard, rules.Asha} {
		u, err := NewUnfinished(newSavedGame(t, v, "W", "B"), testDate)
		if err != nil {
			t.Fatal(err)
		}
		u.Release()
		when := time.Now().Add(time.Duration(i-5) * time.Minute)
		os.Chtimes(u.Path(), when, when)
		paths = append(paths, u.Path())
	}
	// The first game is played again: it is now the most recent.
	u, _, err := ClaimUnfinished(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Save(newSavedGame(t, rules.Edgy, "W", "B")); err != nil {
		t.Fatal(err)
	}
	u.Release()
	list, err := ListUnfinished()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ug := range list {
		got = append(got, ug.Game.Game.Variant().ID)
		if ug.InUse {
			t.Errorf("%s is in use after its release", ug.Path)
		}
	}
	if strings.Join(got, " ") != "edgy asha standard" {
		t.Errorf("order %v, want edgy asha standard", got)
	}
}

// A finished game's file is removed with its lock; claiming it then
// finds nothing, and leaves nothing behind.
func TestUnfinishedRemove(t *testing.T) {
	dataHome(t)
	u, err := NewUnfinished(newSavedGame(t, rules.ASEAN, "W", "B"), testDate)
	if err != nil {
		t.Fatal(err)
	}
	path := u.Path()
	if _, err := os.Stat(lockPath(path)); err != nil {
		t.Errorf("no lock file while the game is played: %v", err)
	}
	if err := u.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ClaimUnfinished(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("claiming a removed game: %v, want fs.ErrNotExist", err)
	}
	if des, _ := os.ReadDir(filepath.Dir(path)); len(des) != 0 {
		t.Errorf("the folder still holds %d files", len(des))
	}
}

// A file that cannot be read is listed with its error, cannot be
// claimed, and is never deleted.
func TestUnfinishedUnreadable(t *testing.T) {
	dataHome(t)
	dir, _ := UnfinishedDir()
	os.MkdirAll(dir, 0o700)
	bad := filepath.Join(dir, "damaged.pgn")
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(bad, []byte("1. e4 e4 *\n"), 0o644)
	os.WriteFile(empty, []byte("{nothing}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a game"), 0o644)
	list, err := ListUnfinished()
	if err != nil || len(list) != 2 {
		t.Fatalf("ListUnfinished: %d entries, %v", len(list), err)
	}
	for _, ug := range list {
		if ug.Game != nil || ug.Err == nil {
			t.Errorf("%s: game %v, error %v", ug.Path, ug.Game != nil, ug.Err)
		}
	}
	var pe *ParseError
	if _, _, err := ClaimUnfinished(bad); !errors.As(err, &pe) || pe.File != bad || pe.Line != 1 {
		t.Errorf("claiming a damaged game: %v", err)
	}
	if _, _, err := ClaimUnfinished(empty); err == nil || !strings.Contains(err.Error(), "holds no game") {
		t.Errorf("claiming a file without a game: %v", err)
	}
	// Still there, and still free for anyone to look at.
	for _, p := range []string{bad, empty} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		if gameLocked(lockPath(p)) {
			t.Errorf("a failed claim kept %s locked", p)
		}
	}
	// A new game never takes an existing file.
	u, err := NewUnfinished(newSavedGame(t, rules.Standard, "W", "B", "d4"), testDate)
	if err != nil {
		t.Fatal(err)
	}
	defer u.Release()
	if b, _ := os.ReadFile(bad); string(b) != "1. e4 e4 *\n" {
		t.Errorf("the damaged file now holds %q", b)
	}
}

// The one autosave of earlier versions moves into the unfinished folder
// once, whole, under a name of its own; one that cannot be read moves
// too and is reported there.
func TestLegacyAutosaveMoved(t *testing.T) {
	d := dataHome(t)
	data := filepath.Join(d, "varia")
	os.MkdirAll(data, 0o700)
	legacy := filepath.Join(data, "autosave.pgn")
	sg := newSavedGame(t, rules.Asha, "Me", "Varia Easy", "e4", "e7~d6")
	text, err := gameBytes(sg)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(legacy, text, 0o644)
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.Local)
	os.Chtimes(legacy, when, when)

	list, err := ListUnfinished()
	if err != nil || len(list) != 1 || list[0].Err != nil {
		t.Fatalf("ListUnfinished after the upgrade: %v, %v", list, err)
	}
	moved := list[0].Path
	if !strings.HasPrefix(filepath.Base(moved), "2026-01-02-030405-asha-me-vs-varia-easy-") || filepath.Dir(moved) != filepath.Join(data, "unfinished") {
		t.Errorf("moved to %s", moved)
	}
	if b, _ := os.ReadFile(moved); string(b) != string(text) {
		t.Errorf("the moved game differs:\n%s", b)
	}
	if _, err := os.Stat(legacy); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the old autosave is still there: %v", err)
	}
	compareGames(t, "moved autosave", list[0].Game, sg)
	if again, _ := ListUnfinished(); len(again) != 1 || again[0].Path != moved {
		t.Errorf("a second look moved something again: %v", again)
	}

	os.WriteFile(legacy, []byte("1. e4 e4 *\n"), 0o644)
	list, _ = ListUnfinished()
	if len(list) != 2 {
		t.Fatalf("after a damaged old autosave: %d games", len(list))
	}
	var damaged *UnfinishedGame
	for i := range list {
		if list[i].Err != nil {
			damaged = &list[i]
		}
	}
	if damaged == nil || !strings.Contains(filepath.Base(damaged.Path), "-autosave-") || filepath.Dir(damaged.Path) != filepath.Join(data, "unfinished") {
		t.Fatalf("the damaged autosave should be moved and reported: %+v", list)
	}
	if b, _ := os.ReadFile(damaged.Path); string(b) != "1. e4 e4 *\n" {
		t.Errorf("the damaged autosave was changed: %q", b)
	}
}

// A lock file whose game is gone is cleared once it is old; a young one
// (a game being created) and one of an existing game are left.
func TestStaleLockRemoved(t *testing.T) {
	dataHome(t)
	dir, _ := UnfinishedDir()
	os.MkdirAll(dir, 0o700)
	old, young, kept := filepath.Join(dir, ".gone.pgn.lock"), filepath.Join(dir, ".new.pgn.lock"), filepath.Join(dir, ".here.pgn.lock")
	os.WriteFile(filepath.Join(dir, "here.pgn"), []byte("1. e4 *\n"), 0o644)
	twoHoursAgo := time.Now().Add(-2 * time.Hour)
	for _, p := range []string{old, young, kept} {
		os.WriteFile(p, nil, 0o600)
		if p != young {
			os.Chtimes(p, twoHoursAgo, twoHoursAgo)
		}
	}
	if _, err := ListUnfinished(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale lock still there: %v", err)
	}
	for _, p := range []string{young, kept} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", filepath.Base(p), err)
		}
	}
}
