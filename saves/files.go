package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// DataDir is Varia's data folder: $XDG_DATA_HOME/varia, or
// ~/.local/share/varia when XDG_DATA_HOME is unset or not absolute (as
// the XDG base directory specification asks).
func DataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "varia"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no folder for saved games: %w (set XDG_DATA_HOME)", err)
	}
	return filepath.Join(home, ".local", "share", "varia"), nil
}

// DefaultDir is the folder saved games go to: the games folder inside
// DataDir. It is created when the first game is saved.
func DefaultDir() (string, error) {
	d, err := DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "games"), nil
}

// SaveFile writes a game to a new file in dir (DefaultDir when empty),
// creating the folder if needed, and returns the file's path. The name
// comes from the game's date, variant and players
// ("2026-11-29-asha-alice-vs-bob.pgn"); if that file exists a number is
// added ("...-2.pgn"), so no file is ever overwritten. The file appears
// whole or not at all.
func SaveFile(dir string, sg *SavedGame) (string, error) {
	if dir == "" {
		var err error
		if dir, err = DefaultDir(); err != nil {
			return "", err
		}
	}
	var buf bytes.Buffer
	if err := sg.format(&buf); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	base := FileName(sg, time.Now())
	stem := strings.TrimSuffix(base, ".pgn")
	for n := 1; n < 10000; n++ {
		name := base
		if n > 1 {
			name = stem + "-" + strconv.Itoa(n) + ".pgn"
		}
		path := filepath.Join(dir, name)
		err := writeAtomic(path, buf.Bytes(), false)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		return path, nil
	}
	return "", fmt.Errorf("save %s: too many games with this name in %s", base, dir)
}

// FileName is the file name SaveFile tries first for a game: the Date
// tag (or now, when the tag is missing or incomplete), the variant id and
// the players, lower case, with anything but letters and digits turned
// into dashes.
func FileName(sg *SavedGame, now time.Time) string {
	date := now.Format("2006-01-02")
	if d, err := time.Parse("2006.01.02", sg.Tags.Get("Date")); err == nil {
		date = d.Format("2006-01-02")
	}
	return fmt.Sprintf("%s-%s-%s-vs-%s.pgn", date, sg.Game.Variant().ID,
		nameSlug(sg.Tags.Get("White")), nameSlug(sg.Tags.Get("Black")))
}

// maxSlug keeps file names well inside every file system's limits.
const maxSlug = 24

func nameSlug(name string) string {
	var sb strings.Builder
	n, dash := 0, false
	for _, r := range strings.ToLower(name) {
		if n == maxSlug {
			break
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && sb.Len() > 0 {
				sb.WriteByte('-')
				n++
			}
			sb.WriteRune(r)
			n++
			dash = false
		} else {
			dash = true
		}
	}
	if sb.Len() == 0 {
		return "unknown"
	}
	return sb.String()
}

// beforeCommit, when set (by tests), runs after the temporary file is
// written and synced and before it takes the final name: the moment a
// crash would leave only the temporary file behind.
var beforeCommit func(tmp string) error

// writeAtomic writes data to path through a temporary file in the same
// folder, synced before it takes the final name, so path never holds a
// partial file. With replace it replaces an existing file; otherwise it
// fails with an error wrapping fs.ErrExist.
func writeAtomic(path string, data []byte, replace bool) (err error) {
	dir := filepath.Dir(path)
	removeStaleTemps(dir, time.Now())
	f, err := os.CreateTemp(dir, tempPattern)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err = f.Chmod(newFileMode(path, replace)); err != nil {
		f.Close()
		return err
	}
	if err = f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if beforeCommit != nil {
		if err = beforeCommit(tmp); err != nil {
			return err
		}
	}
	if replace {
		err = os.Rename(tmp, path)
	} else {
		err = commitNew(tmp, path)
	}
	if err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

const tempPattern = ".varia-*.tmp"

// staleAfter is how old a temporary file must be before it is taken for
// the leftover of a write that was killed; a write in progress, in this
// or another Varia, is far younger.
const staleAfter = time.Hour

// removeStaleTemps deletes temporary files that killed writes left in dir.
// Failing to is harmless: they never replace a save and are not PGN.
func removeStaleTemps(dir string, now time.Time) {
	matches, _ := filepath.Glob(filepath.Join(dir, tempPattern))
	for _, m := range matches {
		if info, err := os.Lstat(m); err == nil && info.Mode().IsRegular() && now.Sub(info.ModTime()) > staleAfter {
			os.Remove(m)
		}
	}
}

// commitNew gives tmp the name path only if path does not exist. A hard
// link fails atomically when the name is taken; where the file system
// has no hard links, a check before the rename has to do.
func commitNew(tmp, path string) error {
	err := os.Link(tmp, path)
	if err == nil {
		os.Remove(tmp) // the game is saved; a stray temporary file is harmless
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("save %s: %w", path, fs.ErrExist)
	}
	if _, statErr := os.Lstat(path); statErr == nil {
		return fmt.Errorf("save %s: %w", path, fs.ErrExist)
	}
	return os.Rename(tmp, path)
}

// syncDir makes a rename durable. Not every system can sync a folder;
// the file itself is already synced, so a failure here is not reported.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
