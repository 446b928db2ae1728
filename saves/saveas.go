package saves

import (
	"bytes"
	"fmt"
)

// SaveAs writes a game to a file at path, creating its folder if
// needed. Unless replace is set it never replaces a file: when path
// exists the error wraps fs.ErrExist. The file appears whole or not at
// all.
func SaveAs(path string, sg *SavedGame, replace bool) error {
	if path == "" {
		return fmt.Errorf("save: no file name")
	}
	var buf bytes.Buffer
	if err := formatGame(&buf, sg.Game, sg.Tags, sg.Clocks); err != nil {
		return err
	}
	return WriteFile(path, buf.Bytes(), replace)
}
