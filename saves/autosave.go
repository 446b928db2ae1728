package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The game in progress is kept in one PGN file in the data folder,
// replaced after every move, so a crash or a closed terminal loses
// nothing: the interface offers to resume it at start.
const autosaveName = "autosave.pgn"

// AutosavePath is where the game in progress is kept.
func AutosavePath() (string, error) {
	d, err := DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, autosaveName), nil
}

// Autosave replaces the kept game in progress with sg. The file is
// replaced whole or not at all: a crash mid-write leaves the previous
// move's save.
func Autosave(sg *SavedGame) error {
	path, err := AutosavePath()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := formatGame(&buf, sg.Game, sg.Tags, sg.Clocks); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return writeAtomic(path, buf.Bytes(), true)
}

// LoadAutosave reads the kept game in progress. Without one it returns
// an error wrapping fs.ErrNotExist.
func LoadAutosave() (*SavedGame, error) {
	path, err := AutosavePath()
	if err != nil {
		return nil, err
	}
	games, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("%s holds no game: %w", path, fs.ErrNotExist)
	}
	return games[0], nil
}

// ClearAutosave removes the kept game in progress, if there is one.
func ClearAutosave() error {
	path, err := AutosavePath()
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// ArchiveAutosave saves a finished game as SaveFile does (dir empty for
// DefaultDir) and then removes the kept game in progress. If the save
// fails, the autosave stays.
func ArchiveAutosave(dir string, sg *SavedGame) (string, error) {
	path, err := SaveFile(dir, sg)
	if err != nil {
		return "", err
	}
	return path, ClearAutosave()
}
