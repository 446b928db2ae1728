package saves

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"
)

// DeleteUnfinished deletes a game of the unfinished folder, once no
// Varia plays it: it is claimed first, so a game being played (here or
// in another Varia) is never deleted; then it fails with an error
// wrapping ErrInUse.
func DeleteUnfinished(path string) error {
	dir, err := UnfinishedDir()
	if err != nil {
		return err
	}
	if filepath.Dir(filepath.Clean(path)) != dir {
		return fmt.Errorf("%s is not an unfinished game", path)
	}
	var u *Unfinished
	for try := 0; try < 5; try++ {
		if u, err = claimName(path); !errors.Is(err, ErrInUse) {
			break
		}
		time.Sleep(20 * time.Millisecond) // listing tests each lock for an instant
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := u.Remove(); err != nil {
		u.Release()
		return err
	}
	return nil
}

// PruneUnfinished deletes the unfinished games that were hardly begun
// and then left: fewer than plies moves, none of them for longer than
// idle before now. Games being played, games that cannot be read and
// finished games (the menu files those) are left alone. It returns how
// many it deleted.
func PruneUnfinished(plies int, idle time.Duration, now time.Time) (int, error) {
	list, err := ListUnfinished()
	n := 0
	for _, ug := range list {
		if ug.Err != nil || ug.InUse || ug.Game == nil || ug.Game.Game.Result().Over() ||
			ug.Game.Game.Len() >= plies || now.Sub(ug.ModTime) <= idle {
			continue
		}
		if DeleteUnfinished(ug.Path) == nil {
			n++
		}
	}
	return n, err
}
