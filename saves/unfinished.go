package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Every game in progress has a file of its own in the unfinished
// folder, named once when the game is first saved and replaced whole
// after every move by the one Varia playing it. Any number of Varias can
// run at once: each writes only the files it has claimed, so none
// replaces another's game. A claim is a lock on a hidden lock file
// beside the game's file (".NAME.lock"), held while the game is played;
// the system drops it if the program dies, so a crash leaves the game
// free to resume.
const unfinishedFolder = "unfinished"

// ErrInUse is the error for a game another Varia is playing (or this
// one already is).
var ErrInUse = errors.New("the game is open in another Varia")

// UnfinishedDir is the folder of the games in progress: the unfinished
// folder inside DataDir. It is created when the first game is kept.
func UnfinishedDir() (string, error) {
	d, err := DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, unfinishedFolder), nil
}

// Unfinished is the file of one game in progress, claimed by the caller:
// nobody else writes it until Release or Remove.
type Unfinished struct {
	path string
	lock *gameLock // nil once released
}

// Path is the game's file.
func (u *Unfinished) Path() string { return u.path }

// NewUnfinished gives a new game a file of its own in the unfinished
// folder, claims it and writes sg to it. The name comes from the time
// the game started, its variant and players, and a random suffix
// ("2026-11-29-150926-asha-ann-vs-bob-k3x9q2.pgn"); it is never one
// that exists.
func NewUnfinished(sg *SavedGame, started time.Time) (*Unfinished, error) {
	dir, err := UnfinishedDir()
	if err != nil {
		return nil, err
	}
	return newUnfinishedIn(dir, sg, started)
}

// newUnfinishedIn is NewUnfinished in the unfinished folder dir.
func newUnfinishedIn(dir string, sg *SavedGame, started time.Time) (*Unfinished, error) {
	data, err := gameBytes(sg)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	for range 100 {
		path := filepath.Join(dir, unfinishedName(sg, started))
		u, err := claimName(path)
		if errors.Is(err, ErrInUse) {
			continue
		}
		if err != nil {
			return nil, err
		}
		err = writeAtomic(path, data, false)
		if errors.Is(err, fs.ErrExist) {
			u.Release() // a game of its own: leave it and its lock file be
			continue
		}
		if err != nil {
			u.drop()
			return nil, err
		}
		return u, nil
	}
	return nil, fmt.Errorf("no free file name for a new game in %s", dir)
}

// ClaimUnfinished claims the game in progress at path and reads it; the
// game read is the file as it stands once claimed, with every move the
// last Varia to play it made. It fails with an error wrapping ErrInUse
// while another claim holds it, fs.ErrNotExist when the file is gone,
// and a *ParseError (claiming nothing) when it cannot be read.
func ClaimUnfinished(path string) (*Unfinished, *SavedGame, error) {
	var u *Unfinished
	var err error
	// A moment's retry: listing the games tests each lock for an instant.
	for try := 0; try < 5; try++ {
		if u, err = claimName(path); !errors.Is(err, ErrInUse) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	sg, err := readFirstGame(path)
	if err != nil {
		if _, serr := os.Lstat(path); errors.Is(serr, fs.ErrNotExist) {
			u.drop()
		} else {
			u.Release()
		}
		return nil, nil, err
	}
	return u, sg, nil
}

// Save replaces the game's file with sg, whole or not at all: a crash
// mid-write leaves the previous move's save.
func (u *Unfinished) Save(sg *SavedGame) error {
	if u.lock == nil {
		return fmt.Errorf("save %s: the game's file is no longer claimed", u.path)
	}
	data, err := gameBytes(sg)
	if err != nil {
		return err
	}
	return writeAtomic(u.path, data, true)
}

// Remove deletes the game's file, once the game is kept elsewhere (it
// ended and is in the saves folder), and drops the claim. If the file
// cannot be deleted the claim stays.
func (u *Unfinished) Remove() error {
	if err := os.Remove(u.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	u.drop()
	return nil
}

// Release gives the game up, unfinished: its file stays for this or
// another Varia to claim. Releasing twice does nothing.
func (u *Unfinished) Release() {
	if u.lock != nil {
		u.lock.unlock()
		u.lock = nil
	}
}

// drop releases a claim on a file that does not exist (any more), and
// its lock file with it. Lock files of existing games are never
// deleted: a Varia holding the old one and another creating a new one
// would both think the game theirs.
func (u *Unfinished) drop() {
	os.Remove(lockPath(u.path))
	u.Release()
}

func claimName(path string) (*Unfinished, error) {
	l, err := lockGame(lockPath(path))
	if err != nil {
		return nil, err
	}
	return &Unfinished{path: path, lock: l}, nil
}

func lockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// UnfinishedGame is a game of the unfinished folder, as ListUnfinished
// found it.
type UnfinishedGame struct {
	Path    string
	ModTime time.Time  // when it was last written: its last move
	Game    *SavedGame // nil when it cannot be read
	Err     error      // why it cannot be read
	InUse   bool       // a Varia, this one or another, is playing it
}

// ListUnfinished reads the games in progress, most recently played
// first. It first moves the autosave of earlier versions
// (DataDir/autosave.pgn) into the folder; a game it cannot move stays
// where it is and comes back with the error. Files that cannot be read
// come back with their error, and are left alone.
func ListUnfinished() ([]UnfinishedGame, error) {
	dir, err := UnfinishedDir()
	if err != nil {
		return nil, err
	}
	var out []UnfinishedGame
	if old, err := moveLegacyAutosave(dir); err != nil {
		ug := UnfinishedGame{Path: old, Err: fmt.Errorf("it could not be moved to %s: %w", dir, err)}
		if info, err := os.Lstat(old); err == nil {
			ug.ModTime = info.ModTime()
		}
		out = append(out, ug)
	}
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	now := time.Now()
	for _, de := range des {
		name := de.Name()
		path := filepath.Join(dir, name)
		if strings.HasPrefix(name, ".") {
			removeStaleLock(dir, name, now)
			continue
		}
		if !de.Type().IsRegular() || !strings.EqualFold(filepath.Ext(name), ".pgn") {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue // removed since the folder was read
		}
		ug := UnfinishedGame{Path: path, ModTime: info.ModTime(), InUse: gameLocked(lockPath(path))}
		ug.Game, ug.Err = readFirstGame(path)
		if errors.Is(ug.Err, fs.ErrNotExist) {
			continue // finished and removed since the folder was read
		}
		out = append(out, ug)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].ModTime.Equal(out[j].ModTime) {
			return out[i].ModTime.After(out[j].ModTime)
		}
		return out[i].Path > out[j].Path
	})
	return out, nil
}

// removeStaleLock deletes the lock file of a game that is gone, left by
// a Varia that died between removing a finished game and its lock. A
// young one may belong to a game being created this moment.
func removeStaleLock(dir, name string, now time.Time) {
	game, ok := strings.CutSuffix(strings.TrimPrefix(name, "."), ".lock")
	if !ok || game == "" {
		return
	}
	if _, err := os.Lstat(filepath.Join(dir, game)); !errors.Is(err, fs.ErrNotExist) {
		return
	}
	path := filepath.Join(dir, name)
	if info, err := os.Lstat(path); err == nil && info.Mode().IsRegular() && now.Sub(info.ModTime()) > staleAfter && !gameLocked(path) {
		os.Remove(path)
	}
}

// unfinishedName is a new file name for a game that started at started.
func unfinishedName(sg *SavedGame, started time.Time) string {
	return fmt.Sprintf("%s-%s-%s-vs-%s-%s.pgn", started.Format("2006-01-02-150405"), sg.Game.Variant().ID,
		nameSlug(sg.Tags.Get("White")), nameSlug(sg.Tags.Get("Black")), randomSuffix())
}

// randomSuffix tells apart games started in the same second: 36^6
// names, and a taken one is never used.
func randomSuffix() string {
	const chars = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 6)
	for i := range b {
		b[i] = chars[rand.IntN(len(chars))]
	}
	return string(b)
}

func gameBytes(sg *SavedGame) ([]byte, error) {
	var buf bytes.Buffer
	if err := sg.format(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// readFirstGame reads the first game of a regular file.
func readFirstGame(path string) (*SavedGame, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sg, err := NewReader(f, path).Next()
	if err == io.EOF {
		return nil, fmt.Errorf("%s holds no game", path)
	}
	return sg, err
}
