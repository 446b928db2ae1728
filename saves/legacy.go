package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Earlier versions kept the game in progress in one file,
// DataDir/autosave.pgn, shared by every Varia running.
const legacyAutosave = "autosave.pgn"

// moveLegacyAutosave moves an earlier version's autosave into the
// unfinished folder dir, under a name of its own, so it is offered like
// any game in progress. It is moved, not copied: it happens once, and
// when two Varias try at once one finds nothing left to do. A file that
// cannot be read is moved too, and reported where it lands. It returns
// the autosave's path.
func moveLegacyAutosave(dir string) (string, error) {
	old := filepath.Join(filepath.Dir(dir), legacyAutosave)
	info, err := os.Lstat(old)
	if errors.Is(err, fs.ErrNotExist) {
		return old, nil
	}
	if err != nil {
		return old, err
	}
	if !info.Mode().IsRegular() {
		return old, nil
	}
	sg, readErr := readFirstGame(old)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return old, err
	}
	for range 100 {
		name := info.ModTime().Format("2006-01-02-150405") + "-autosave-" + randomSuffix() + ".pgn"
		if readErr == nil {
			name = unfinishedName(sg, info.ModTime())
		}
		path := filepath.Join(dir, name)
		// Claimed first, as a new game's name is, so no game can take
		// the name between the check and the rename.
		u, err := claimName(path)
		if errors.Is(err, ErrInUse) {
			continue
		}
		if err != nil {
			return old, err
		}
		if _, err := os.Lstat(path); err == nil {
			u.Release()
			continue
		}
		if err := os.Rename(old, path); err != nil {
			u.drop()
			if errors.Is(err, fs.ErrNotExist) {
				return old, nil // another Varia moved it first
			}
			return old, err
		}
		u.Release()
		syncDir(dir)
		syncDir(filepath.Dir(old))
		return old, nil
	}
	return old, errors.New("no free file name")
}
