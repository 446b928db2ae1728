package serve

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"varia/saves"
)

// store keeps every room's game as PGN in the server's data folder: an
// unfinished game in rooms/CODE.pgn, rewritten whole after every change
// so a crash or restart loses nothing, and a finished one moved to
// games/CODE.pgn, where `pgn CODE` still finds it.
type store struct {
	dir string // the server's data folder
}

// PGN tags a room's file carries besides the game's own: which room it
// is and whose keys hold its seats, so a restarted server gives each
// seat back to its player.
const (
	tagRoom     = "VariaRoom"
	tagWhiteKey = "WhiteKey"
	tagBlackKey = "BlackKey"
)

func (s store) roomsDir() string { return filepath.Join(s.dir, "rooms") }
func (s store) gamesDir() string { return filepath.Join(s.dir, "games") }

func (s store) roomPath(code string) string { return filepath.Join(s.roomsDir(), code+".pgn") }
func (s store) gamePath(code string) string { return filepath.Join(s.gamesDir(), code+".pgn") }

// save writes a room's unfinished game.
func (s store) save(code string, sg *saves.SavedGame) error {
	return s.write(s.roomPath(code), sg)
}

// finish files a room's finished game under games/ and removes its
// unfinished file.
func (s store) finish(code string, sg *saves.SavedGame) error {
	if err := s.write(s.gamePath(code), sg); err != nil {
		return err
	}
	if err := os.Remove(s.roomPath(code)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// forget removes the file of a room that ended before a move was played:
// there is no game to keep.
func (s store) forget(code string) error {
	err := os.Remove(s.roomPath(code))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func (s store) write(path string, sg *saves.SavedGame) error {
	var buf bytes.Buffer
	if err := sg.Write(&buf); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return saves.WriteFile(path, buf.Bytes(), true)
}

// taken reports whether a code has a file, finished or not, so a new
// room never takes the code of an old game.
func (s store) taken(code string) bool {
	for _, p := range []string{s.roomPath(code), s.gamePath(code)} {
		if _, err := os.Lstat(p); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return true // a file, or one we cannot tell about: leave the code alone
		}
	}
	return false
}

// pgn returns the PGN text of a room's game, finished or not: the
// finished game first, which is the newer while both files exist (it is
// written before the room's file is removed).
func (s store) pgn(code string) ([]byte, error) {
	for _, p := range []string{s.gamePath(code), s.roomPath(code)} {
		data, err := os.ReadFile(p)
		if err == nil {
			return data, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return nil, fs.ErrNotExist
}

// storedRoom is an unfinished game found at start.
type storedRoom struct {
	code string
	game *saves.SavedGame
}

// unfinished reads every unfinished room's game, in code order. A file
// that cannot be read is reported and left where it is, for the host to
// look at; it does not stop the others.
func (s store) unfinished() ([]storedRoom, []error) {
	entries, err := os.ReadDir(s.roomsDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{err}
	}
	var rooms []storedRoom
	var problems []error
	for _, e := range entries {
		name := e.Name()
		code, ok := strings.CutSuffix(name, ".pgn")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(s.roomsDir(), name)
		if c, err := ParseCode(code); err != nil || c != code {
			problems = append(problems, fmt.Errorf("%s: not a room's file (the name is no room code)", path))
			continue
		}
		games, err := saves.ReadFile(path)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if len(games) != 1 {
			problems = append(problems, fmt.Errorf("%s: holds %d games, a room has one", path, len(games)))
			continue
		}
		rooms = append(rooms, storedRoom{code: code, game: games[0]})
	}
	sort.Slice(rooms, func(i, j int) bool { return rooms[i].code < rooms[j].code })
	return rooms, problems
}
