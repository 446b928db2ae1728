package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// WriteFile makes the folder, refuses to replace without being told,
// and keeps a replaced file's permissions.
func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "config.toml")
	if err := WriteFile(path, []byte("one"), false); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("two"), false); !errors.Is(err, fs.ErrExist) {
		t.Errorf("writing over a file without replace: %v", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("three"), true); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	info, _ := os.Stat(path)
	if string(data) != "three" || info.Mode().Perm() != 0o600 {
		t.Errorf("replaced: %q, mode %v", data, info.Mode().Perm())
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Errorf("the folder is %v, want private", dir.Mode().Perm())
	}
	temps, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*"))
	if len(temps) != 0 {
		t.Errorf("left behind: %v", temps)
	}
}

// A linked file is written through the link: the target changes, the
// link stays a link.
func TestWriteFileThroughLink(t *testing.T) {
	dotfiles, config := t.TempDir(), t.TempDir()
	target := filepath.Join(dotfiles, "varia.toml")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(config, "config.toml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), true); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", info.Mode(), err)
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Errorf("the target holds %q", data)
	}
	if info, _ := os.Stat(target); info.Mode().Perm() != 0o600 {
		t.Errorf("the target's mode became %v", info.Mode().Perm())
	}
	if err := WriteFile(link, []byte("again"), false); !errors.Is(err, fs.ErrExist) {
		t.Errorf("writing a new file over a link: %v", err)
	}
}
