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
