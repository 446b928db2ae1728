package saves

import (
	"path/filepath"
	"slices"
	"strings"
)

// SavedAsTag marks an unfinished file whose game is exactly the one
// saved in the file it names: resumed, the game goes on saving there,
// and found finished it is simply removed rather than saved twice. It is
// written to unfinished files only, never to a saved file. Read back it
// is a hint and no more (SavedAsPath): a file can say anything.
const SavedAsTag = "VariaSavedAs"

// SavedAsPath returns the file an unfinished game's SavedAsTag names,
// only when that file lies inside the saves folder dir (DefaultDir when
// empty): Varia writes or removes a file only where the player chose it
// or inside its own folders, never where a tag read from a file says.
func SavedAsPath(tags Tags, dir string) (string, bool) {
	path := tags.Get(SavedAsTag)
	if path == "" {
		return "", false
	}
	if dir == "" {
		var err error
		if dir, err = DefaultDir(); err != nil {
			return "", false
		}
	}
	if !Within(dir, path) {
		return "", false
	}
	return path, true
}

// TrustSavedAs keeps sg's SavedAsTag only when it names a file inside
// the saves folder dir (DefaultDir when empty) that holds sg's game as it
// stands, as Varia writes the tag; otherwise it drops the tag. A game
// resumed with the tag goes on saving to that file, replacing it, so a
// tag naming another game's file, even one in the saves folder, must not
// survive. It reads that file: it is for a goroutine that may wait for
// the disk. It returns the path kept ("" when none).
func TrustSavedAs(sg *SavedGame, dir string) string {
	if dir == "" {
		if d, err := DefaultDir(); err == nil {
			dir = d
		}
	}
	if path, ok := SavedAsPath(sg.Tags, dir); ok && holdsGame(path, sg) {
		return path
	}
	sg.Tags.Delete(SavedAsTag)
	return ""
}

// Within reports whether path names a file inside the folder dir, at any
// depth (not dir itself). Both are made absolute and clean, and links
// among the folders that exist are followed, so neither "dir/../x" nor a
// link inside dir to a folder elsewhere counts as inside. The file
// itself may be a link: writing replaces a link and removing removes it,
// never what it points to.
func Within(dir, path string) bool {
	d, err := resolvedDir(dir)
	if err != nil {
		return false
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	parent, err := resolvedDir(filepath.Dir(abs))
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(d, filepath.Join(parent, filepath.Base(abs)))
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// resolvedDir makes a folder absolute and follows its links as far as
// it exists; the part that does not exist yet is kept as written.
func resolvedDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	var missing []string
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			slices.Reverse(missing)
			return filepath.Join(append([]string{real}, missing...)...), nil
		}
		if filepath.Dir(p) == p {
			return abs, nil
		}
		missing = append(missing, filepath.Base(p))
	}
}

// FileFinished moves a finished game found among the unfinished ones
// (the program stopped before it could save it) to the saved games in
// dir (DefaultDir when empty), removes its unfinished file and returns
// the new path. The game is always saved before its unfinished file
// goes: a new file unless its SavedAsTag names a file inside dir that
// holds this very game (the player saved it as it stands), when the
// unfinished file is only removed (the path is then empty).
func FileFinished(u *Unfinished, sg *SavedGame, dir string) (string, error) {
	if dir == "" {
		var err error
		if dir, err = DefaultDir(); err != nil {
			return "", err
		}
	}
	if path, ok := SavedAsPath(sg.Tags, dir); ok && holdsGame(path, sg) {
		return "", u.Remove()
	}
	sg.Tags.Delete(SavedAsTag)
	path, err := SaveFile(dir, sg)
	if err != nil {
		return "", err
	}
	return path, u.Remove()
}

// holdsGame reports whether the file at path holds sg's game as its
// first: the same start, moves and result.
func holdsGame(path string, sg *SavedGame) bool {
	saved, err := readFirstGame(path)
	if err != nil {
		return false
	}
	a, b := saved.Game, sg.Game
	if a.Variant() != b.Variant() || a.StartFEN() != b.StartFEN() || a.Result() != b.Result() || a.Len() != b.Len() {
		return false
	}
	ha, hb := a.History(), b.History()
	for i := range ha {
		if ha[i].Move != hb[i].Move {
			return false
		}
	}
	return true
}
