package saves

import (
	"errors"
	"io/fs"
	"os"
	"time"

	"varia/rules"
)

// Keeper keeps one game on disk while it is played: its own file among
// the unfinished games, rewritten whole after every change; the file the
// player saved it to; and, once it ends, a file in the saves folder in
// place of the unfinished one. What to write and when is the caller's
// policy; how and where is the Keeper's.
//
// Its requests do file I/O, so they never run on the caller's goroutine:
// each is queued at once (a Queue) and carried out in the order asked,
// one at a time; the returned channel gets the Result.
type Keeper struct {
	q Queue

	// Used by the queue's goroutine only (one request at a time, in turn).
	file    *Unfinished // the game's unfinished file, once it has one
	started time.Time   // when the game started, for its file's name
	dir     string      // the saves folder; "" for DefaultDir
	udir    string      // the unfinished folder, as it was when the game started
	udirErr error
	saved   savedState // where the player last saved it, and as what
	filed   bool       // saved.path is the saves folder's file Finish made
	closed  bool
}

// savedState is the game as it stood when the player (or the end of the
// game) last saved it, to tell whether the unfinished file holds anything
// the saved file does not.
type savedState struct {
	path   string
	plies  int
	result rules.Result
}

// Result is what became of a request.
type Result struct {
	// Skipped: a newer Keep was queued behind this one and wrote instead.
	Skipped bool
	// File is the game's unfinished file after the request ("" when it
	// has none: nothing kept yet, or removed once saved).
	File string
	// SavedTo is where Finish or SaveAs saved the game.
	SavedTo string
	// Exists: SaveAs found a file at the path and was not told to
	// replace it; nothing was written.
	Exists bool
	// NoFolder: SaveAs found no folder at the path and was not told to
	// create it; nothing was written.
	NoFolder bool
	// Err is why the save asked for (Finish, SaveAs) failed.
	Err error
	// KeepErr is why writing the unfinished file failed (the game is
	// then only as safe as the last write that worked).
	KeepErr error
	// RemoveErr is why the unfinished file of a saved, finished game
	// could not be removed.
	RemoveErr error
}

// NewKeeper keeps a game that started at started, saving finished games
// in dir ("" for DefaultDir). file is the claimed unfinished file of a
// resumed game (nil for a new game, which gets one with its first Keep);
// resumed is that game as it was read, whose SavedAsTag says where the
// player saved it as it stands (heeded only inside the saves folder).
func NewKeeper(file *Unfinished, resumed *SavedGame, started time.Time, dir string) *Keeper {
	if dir == "" {
		if d, err := DefaultDir(); err == nil {
			dir = d // as it is now: the folders are the game's for good
		}
	}
	k := &Keeper{file: file, started: started, dir: dir}
	k.udir, k.udirErr = UnfinishedDir()
	if resumed != nil {
		if path, ok := SavedAsPath(resumed.Tags, dir); ok {
			k.saved = savedState{path, resumed.Game.Len(), resumed.Game.Result()}
		}
	}
	return k
}

// Keep writes sg, a game in progress, to its unfinished file, giving it
// one the first time. No other game ever writes that file, whatever other
// Varias run.
func (k *Keeper) Keep(sg *SavedGame) <-chan Result {
	return k.q.Submit(true, func() Result {
		var r Result
		r.KeepErr = k.keep(sg)
		return k.withFile(r)
	})
}

// Finish saves a game as it ends: in its file if the player saved it
// before (replacing it), else in a new file of the saves folder, and
// removes its unfinished file, so a finished game is never offered to
// resume. If saving fails the unfinished file keeps the game, finished,
// and the menu files it later (FileFinished).
func (k *Keeper) Finish(sg *SavedGame) <-chan Result {
	return k.q.Submit(false, func() Result {
		var r Result
		if k.closed {
			return r
		}
		path := k.saved.path
		var err error
		if path != "" {
			err = SaveAs(path, sg, true, true)
		} else {
			path, err = SaveFile(k.dir, sg)
			k.filed = err == nil
		}
		if err != nil {
			r.Err = err
			r.KeepErr = k.keep(sg)
			return k.withFile(r)
		}
		k.saved = savedState{path, sg.Game.Len(), sg.Game.Result()}
		r.SavedTo = path
		r.RemoveErr = k.remove()
		return k.withFile(r)
	})
}

// SaveAs writes the game to path as the player asked, replacing a file
// there only with replace (else the Result says it Exists), creating its
// folder only with makeFolder (else the Result says NoFolder). A game in
// progress goes on in its unfinished file, marked as saved there; a
// finished one leaves the unfinished games.
func (k *Keeper) SaveAs(sg *SavedGame, path string, replace, makeFolder bool) <-chan Result {
	return k.q.Submit(false, func() Result {
		var r Result
		err := SaveAs(path, sg, replace, makeFolder)
		switch {
		case errors.Is(err, fs.ErrExist) && !replace:
			r.Exists = true
			return k.withFile(r)
		case errors.Is(err, ErrNoFolder):
			r.NoFolder = true
			return k.withFile(r)
		case err != nil:
			r.Err = err
			return k.withFile(r)
		}
		k.saved = savedState{path, sg.Game.Len(), sg.Game.Result()}
		k.filed = false
		r.SavedTo = path
		if sg.Game.Result().Over() {
			r.RemoveErr = k.remove()
		} else if !k.closed && sg.Game.Len() > 0 {
			r.KeepErr = k.keep(sg) // marks the unfinished file as saved
		}
		return k.withFile(r)
	})
}

// Close gives up the game's unfinished file once every request before it
// is carried out: the file stays, for this or another Varia to resume.
// Nothing is written after it.
func (k *Keeper) Close() <-chan Result {
	return k.q.Submit(false, func() Result {
		if k.file != nil {
			k.file.Release()
			k.file = nil
		}
		k.closed = true
		return Result{}
	})
}

// keep writes the unfinished file, marked as saved when the saved file
// holds the game exactly as it stands.
func (k *Keeper) keep(sg *SavedGame) error {
	if k.closed {
		return nil
	}
	if err := k.refile(sg); err != nil {
		return err
	}
	if sg.Game.Len() == 0 {
		// Every move taken back: nothing to resume, no file.
		return k.remove()
	}
	if s := k.saved; s.path != "" && s.plies == sg.Game.Len() && s.result == sg.Game.Result() {
		marked := *sg
		marked.Tags = sg.Tags.Clone()
		marked.Tags.Set(SavedAsTag, s.path)
		sg = &marked
	}
	if k.file == nil {
		if k.udirErr != nil {
			return k.udirErr
		}
		f, err := newUnfinishedIn(k.udir, sg, k.started)
		if err != nil {
			return err
		}
		k.file = f
		return nil
	}
	return k.file.Save(sg)
}

// remove deletes the unfinished file of a game saved as it ended.
// refile follows a finished game that goes on (its end taken back): a
// file Finish made in the saves folder no longer says how the game ends,
// so it is removed, the game going back among the unfinished ones (its
// next end is filed under the same name); a file the player saved it to
// is rewritten as the game now stands.
func (k *Keeper) refile(sg *SavedGame) error {
	s := k.saved
	if s.path == "" || !s.result.Over() || sg.Game.Result().Over() {
		return nil
	}
	if k.filed {
		if err := os.Remove(s.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		k.saved = savedState{path: s.path, plies: -1} // the name, for the next end
		return nil
	}
	if err := SaveAs(s.path, sg, true, true); err != nil {
		return err
	}
	k.saved = savedState{s.path, sg.Game.Len(), sg.Game.Result()}
	return nil
}

func (k *Keeper) remove() error {
	if k.file == nil {
		return nil
	}
	if err := k.file.Remove(); err != nil {
		return err
	}
	k.file = nil
	return nil
}

func (k *Keeper) withFile(r Result) Result {
	if k.file != nil {
		r.File = k.file.Path()
	}
	return r
}
