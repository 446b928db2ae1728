package saves

import (
	"os"
)

// SavedAsTag marks an unfinished file whose game is exactly the one
// saved in the file it names: resumed, the game goes on saving there,
// and found finished it is simply removed rather than saved twice. It is
// written to unfinished files only, never to a saved file.
const SavedAsTag = "VariaSavedAs"

// FileFinished moves a finished game found among the unfinished ones
// (the program stopped before it could save it) to the saved games in
// dir (DefaultDir when empty), removes its unfinished file and returns
// the new path. A game the player saved as it stands is only removed
// (the path is then empty).
func FileFinished(u *Unfinished, sg *SavedGame, dir string) (string, error) {
	if path := sg.Tags.Get(SavedAsTag); path != "" {
		if _, err := os.Stat(path); err == nil {
			return "", u.Remove()
		}
		sg.Tags.Delete(SavedAsTag)
	}
	path, err := SaveFile(dir, sg)
	if err != nil {
		return "", err
	}
	return path, u.Remove()
}
