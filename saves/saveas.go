package saves

import (
	"bytes"
	"errors"
	"fmt"
	"os"
)

// ErrFolder is the error for a save to a path that is a folder.
var ErrFolder = errors.New("is a folder")

// SaveAs writes a game to a file at path, creating its folder if
// needed. Unless replace is set it never replaces a file: when path
// exists the error wraps fs.ErrExist; when it is a folder, ErrFolder.
// The file appears whole or not at all.
func SaveAs(path string, sg *SavedGame, replace bool) error {
	if path == "" {
		return fmt.Errorf("save: no file name")
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("save %s: %w", path, ErrFolder)
	}
	var buf bytes.Buffer
	if err := formatGame(&buf, sg.Game, sg.Tags, sg.Clocks); err != nil {
		return err
	}
	return WriteFile(path, buf.Bytes(), replace)
}
