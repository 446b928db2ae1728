package saves

import (
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile writes data to path whole or not at all: through a
// temporary file in the same folder, synced before it takes the final
// name, so a crash never leaves a partial file. It creates the folder
// (private) when needed. With replace an existing file is replaced and
// keeps its permissions; without, an existing file is an error wrapping
// fs.ErrExist. Every file Varia writes, games and settings alike, is
// written this way. A link (a settings file kept with one's dotfiles) is
// written through: its target is replaced, atomically in the target's
// folder, and the link stays.
func WriteFile(path string, data []byte, replace bool) error {
	if replace {
		if info, err := os.Lstat(path); err == nil && info.Mode()&fs.ModeSymlink != 0 {
			if target, err := filepath.EvalSymlinks(path); err == nil {
				path = target
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return writeAtomic(path, data, replace)
}

// newFileMode is the permission a written file gets: that of the file it
// replaces, else readable by all and writable by its owner.
func newFileMode(path string, replace bool) fs.FileMode {
	if replace {
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			return info.Mode().Perm()
		}
	}
	return 0o644
}
