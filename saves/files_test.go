package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varia/rules"
)

// dataHome points XDG_DATA_HOME at a fresh temporary folder.
func dataHome(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	t.Setenv("XDG_DATA_HOME", d)
	return d
}

func TestDefaultDir(t *testing.T) {
	d := dataHome(t)
	if got, err := DefaultDir(); err != nil || got != filepath.Join(d, "varia", "games") {
		t.Errorf("DefaultDir with XDG_DATA_HOME: %q, %v", got, err)
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, xdg := range []string{"", "relative/path"} {
		t.Setenv("XDG_DATA_HOME", xdg)
		if got, err := DefaultDir(); err != nil || got != filepath.Join(home, ".local", "share", "varia", "games") {
			t.Errorf("DefaultDir with XDG_DATA_HOME=%q: %q, %v", xdg, got, err)
		}
	}
}

func TestFileName(t *testing.T) {
	g := rules.NewGame(rules.Asha)
	cases := []struct {
		tags Tags
		want string
	}{
		{NewTags("Alice", "Bob", testDate), "2026-03-14-asha-alice-vs-bob.pgn"},
		{Tags{{"Date", "2025.12.01"}, {"White", "Anna Müller"}, {"Black", "Varia (level 3)"}}, "2025-12-01-asha-anna-müller-vs-varia-level-3.pgn"},
		{Tags{{"Date", "????.??.??"}, {"White", "../../etc/passwd"}, {"Black", "?"}}, "2026-03-14-asha-etc-passwd-vs-unknown.pgn"},
		{Tags{{"White", strings.Repeat("long name ", 10)}}, "2026-03-14-asha-long-name-long-name-long-vs-unknown.pgn"},
	}
	for _, c := range cases {
		if got := FileName(&SavedGame{Game: g, Tags: c.tags}, testDate); got != c.want {
			t.Errorf("FileName(%q) = %q, want %q", c.tags, got, c.want)
		}
	}
}

func TestSaveFile(t *testing.T) {
	d := dataHome(t)
	g := rules.NewGame(rules.Diagonal8)
	playAll(t, g, g.Position().SAN(g.Legal()[0]))
	sg := &SavedGame{Game: g, Tags: NewTags("Ann", "Bob", testDate)}

	var paths []string
	for i := 0; i < 3; i++ {
		p, err := SaveFile("", sg)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	dir := filepath.Join(d, "varia", "games")
	want := []string{"2026-03-14-diagonal8-ann-vs-bob.pgn", "2026-03-14-diagonal8-ann-vs-bob-2.pgn", "2026-03-14-diagonal8-ann-vs-bob-3.pgn"}
	for i, w := range want {
		if paths[i] != filepath.Join(dir, w) {
			t.Errorf("save %d went to %s, want %s", i+1, paths[i], w)
		}
		games, err := ReadFile(paths[i])
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: %d games, %v", paths[i], len(games), err)
		}
		compareGames(t, w, games[0], sg)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("the folder holds %d files, want the 3 saves and nothing else", len(entries))
	}
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("games folder: %v, %v", info.Mode(), err)
	}

	other := filepath.Join(t.TempDir(), "nested", "folder")
	if p, err := SaveFile(other, sg); err != nil || filepath.Dir(p) != other {
		t.Errorf("SaveFile to a given folder: %q, %v", p, err)
	}
}

// TestSaveNeverOverwrites: a file taken between the name check and the
// write is not replaced.
func TestSaveNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "x.pgn")
	os.WriteFile(target, []byte("precious"), 0o644)
	err := writeAtomic(target, []byte("new"), false)
	if !errors.Is(err, fs.ErrExist) {
		t.Errorf("writing over an existing file: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "precious" {
		t.Errorf("the existing file now holds %q", b)
	}
	assertNoTemporaryFiles(t, dir)
}

// TestAtomicWrite: at the moment before the new file takes its name (a
// crash there loses the new save, never the old one) the old content is
// whole, and a failure there leaves the old file and no temporary file.
func TestAtomicWrite(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "autosave.pgn")
	os.WriteFile(target, []byte("old game"), 0o644)

	var sawTemp string
	beforeCommit = func(tmp string) error {
		sawTemp = tmp
		if b, _ := os.ReadFile(target); string(b) != "old game" {
			t.Errorf("before the rename the target holds %q", b)
		}
		if b, _ := os.ReadFile(tmp); string(b) != "new game" {
			t.Errorf("before the rename the temporary file holds %q", b)
		}
		if filepath.Dir(tmp) != dir {
			t.Errorf("temporary file %s is not in the target's folder", tmp)
		}
		return errors.New("killed")
	}
	defer func() { beforeCommit = nil }()
	if err := writeAtomic(target, []byte("new game"), true); err == nil {
		t.Fatal("the injected failure was not reported")
	}
	if sawTemp == "" {
		t.Fatal("no temporary file was written")
	}
	if b, _ := os.ReadFile(target); string(b) != "old game" {
		t.Errorf("after a failed write the target holds %q", b)
	}
	assertNoTemporaryFiles(t, dir)

	beforeCommit = nil
	if err := writeAtomic(target, []byte("new game"), true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new game" {
		t.Errorf("after the write the target holds %q", b)
	}
	assertNoTemporaryFiles(t, dir)
}

func assertNoTemporaryFiles(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestSaveFileErrors(t *testing.T) {
	dir := t.TempDir()
	g := rules.NewGame(rules.Standard)
	if _, err := SaveFile(dir, &SavedGame{Game: g, Tags: Tags{{"Bad name", "x"}}}); err == nil {
		t.Error("a bad tag name was saved")
	}
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o644)
	if _, err := SaveFile(filepath.Join(blocker, "games"), &SavedGame{Game: g}); err == nil {
		t.Error("saving below a file succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("failed saves left %d entries", len(entries))
	}
}

// A temporary file left by a killed write is cleared by the next save;
// one young enough to belong to a write in progress is left alone.
func TestStaleTempFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, ".varia-123.tmp")
	fresh := filepath.Join(dir, ".varia-456.tmp")
	for _, f := range []string{old, fresh} {
		if err := os.WriteFile(f, []byte("[Event"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	twoHoursAgo := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(old, twoHoursAgo, twoHoursAgo); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(filepath.Join(dir, "game.pgn"), []byte("*\n"), false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale temporary file still there: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh temporary file was removed: %v", err)
	}
}
