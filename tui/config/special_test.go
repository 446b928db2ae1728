package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin runs Load, failing the test if it takes more than 5 s (a
// FIFO would block a plain read for ever).
func loadWithin(t *testing.T, path string) (Settings, *File) {
	t.Helper()
	type loaded struct {
		s Settings
		f *File
	}
	done := make(chan loaded, 1)
	go func() {
		s, f := Load(path)
		done <- loaded{s, f}
	}()
	select {
	case l := <-done:
		return l.s, l.f
	case <-time.After(5 * time.Second):
		t.Fatalf("Load(%s) hangs", path)
		return Settings{}, nil
	}
}

// A settings file that is a link to /dev/zero, a FIFO or larger than
// 1 MB is not read: the problems say why, the settings are the defaults,
// the file is left as it is and no change is written over it.
func TestConfigSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{}
	if _, err := os.Stat("/dev/zero"); err == nil {
		link := filepath.Join(dir, "zero.toml")
		if err := os.Symlink("/dev/zero", link); err != nil {
			t.Fatal(err)
		}
		cases[link] = "not a regular file: it is a device"
	}
	fifo := filepath.Join(dir, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		cases[fifo] = "not a regular file: it is a FIFO"
	} else {
		t.Logf("no FIFO here: %v", err)
	}
	huge := filepath.Join(dir, "huge.toml")
	big := "[board]\ntheme = \"ocean\"\n" + strings.Repeat("# padding\n", maxConfigSize/10+1)
	if err := os.WriteFile(huge, []byte(big), 0o600); err != nil {
		t.Fatal(err)
	}
	cases[huge] = "larger than 1 MB"

	for path, want := range cases {
		s, f := loadWithin(t, path)
		if summary(s) != summary(DefaultSettings()) || f.Created {
			t.Errorf("%s: the settings should be the defaults", filepath.Base(path))
		}
		if len(f.Problems) != 1 || !strings.Contains(f.Problems[0].Error(), want) || !strings.Contains(f.Problems[0].Error(), "using the defaults") {
			t.Errorf("%s: problems:\n%s", filepath.Base(path), problemsText(f.Problems))
		}
		done := make(chan error, 1)
		go func() { done <- f.Save("board", "theme", `"ocean"`) }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: a change was written over it", filepath.Base(path))
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: saving a change hangs", filepath.Base(path))
		}
	}
	if info, err := os.Lstat(filepath.Join(dir, "zero.toml")); err == nil && info.Mode()&os.ModeSymlink == 0 {
		t.Error("the link to /dev/zero was replaced")
	}
	if info, err := os.Lstat(fifo); err == nil && info.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the FIFO was replaced")
	}
	if data, _ := os.ReadFile(huge); string(data) != big {
		t.Error("the large file was changed")
	}
}

// A settings file kept with one's dotfiles, a link to a file elsewhere,
// stays a link when a setting changes: the change is written to its
// target, which is replaced whole, keeping its permissions.
func TestConfigSymlinkKept(t *testing.T) {
	configHome := isolate(t)
	dotfiles := filepath.Join(t.TempDir(), "dotfiles")
	if err := os.MkdirAll(dotfiles, 0o700); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dotfiles, "varia.toml")
	mine := strings.Replace(DefaultText(), `theme = "wood"`, `theme = "wood"  # mine`, 1)
	if err := os.WriteFile(target, []byte(mine), 0o640); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(configHome, "varia", "config.toml")
	os.MkdirAll(filepath.Dir(path), 0o700)
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	s, f := LoadDefault()
	if f.Created || len(f.Problems) > 0 || s.Theme != "wood" {
		t.Fatalf("reading through the link: created %v, theme %s, problems:\n%s", f.Created, s.Theme, problemsText(f.Problems))
	}
	if err := f.Save("board", "theme", `"ocean"`); err != nil {
		t.Fatal(err)
	}
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the settings file is no longer a link: %v, %v", info.Mode(), err)
	}
	if dest, _ := os.Readlink(path); dest != target {
		t.Errorf("the link points at %s", dest)
	}
	data, _ := os.ReadFile(target)
	if want := strings.Replace(mine, `theme = "wood"  # mine`, `theme = "ocean"  # mine`, 1); string(data) != want {
		t.Errorf("the target holds:\n%s", data)
	}
	if info, err := os.Stat(target); err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("the target's permissions: %v, %v", info.Mode(), err)
	}
	if s, f := Load(path); s.Theme != "ocean" || len(f.Problems) > 0 {
		t.Errorf("read back: theme %s, problems:\n%s", s.Theme, problemsText(f.Problems))
	}
	// No temporary file is left beside the link or the target.
	for _, d := range []string{filepath.Dir(path), dotfiles} {
		if tmp, _ := filepath.Glob(filepath.Join(d, ".varia-*")); len(tmp) > 0 {
			t.Errorf("temporary files left: %v", tmp)
		}
	}
}
