package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrFolder is the error for a save to a path that is a folder.
var ErrFolder = errors.New("is a folder")

// ErrNoFolder is the error for a save to a folder that does not exist,
// when creating it was not asked for: a typing slip should not leave
// folders behind.
var ErrNoFolder = errors.New("no such folder")

// SaveAs writes a game to a file at path, creating its folder (and the
// folders above it) only with makeFolder: without, a missing folder is
// an error wrapping ErrNoFolder. Unless replace is set it never replaces
// a file: when path exists the error wraps fs.ErrExist; when it is a
// folder, ErrFolder. The file appears whole or not at all.
func SaveAs(path string, sg *SavedGame, replace, makeFolder bool) error {
	if path == "" {
		return fmt.Errorf("save: no file name")
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("save %s: %w", path, ErrFolder)
	}
	if !makeFolder {
		dir := filepath.Dir(path)
		if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("save %s: %s: %w", path, dir, ErrNoFolder)
		} else if err == nil && !fi.IsDir() {
			return fmt.Errorf("save %s: %s is not a folder", path, dir)
		}
	}
	var buf bytes.Buffer
	if err := sg.format(&buf); err != nil {
		return err
	}
	return WriteFile(path, buf.Bytes(), replace)
}
