package match

import (
	"time"

	"varia/rules"
	"varia/saves"
)

// When the game goes to disk is the match's policy, how and where is the
// Keeper's: every change to a game in progress is kept in its
// unfinished file from its first move on; a game that ends is saved in
// the saves folder at once; the player saves it where they like. The
// Keeper does the writing off the host's goroutine, in order; the match
// only queues requests and follows their results (Saved).

// Keeper keeps the match's game on disk: what to write and when is the
// match's policy, how and where the Keeper's. A saves.Keeper keeps it
// among the unfinished games and in the saves folder; a server keeps its
// rooms' games in folders of its own. Each request is carried out off
// the caller's goroutine, in the order asked; the channel gets the
// result.
type Keeper interface {
	Keep(sg *saves.SavedGame) <-chan saves.Result
	Finish(sg *saves.SavedGame) <-chan saves.Result
	SaveAs(sg *saves.SavedGame, path string, replace, makeFolder bool) <-chan saves.Result
	Close() <-chan saves.Result
}

// record is the match's part that writes the game down and keeps it on
// disk: its tags, the annotations of its moves, the clock's times (from
// the timing), and the files it is kept and saved in.
type record struct {
	c         *core
	clock     *timing
	tags      saves.Tags
	keeper    Keeper
	busy      int // requests to the keeper not answered yet
	since     time.Time
	file      string   // the game's unfinished file, when it has one
	savedPath string   // where the game was last saved
	asked     []string // paths of the player's saves under way, in order
	status    SaveStatus
	// held is the latest Version of the game known to be on disk, in
	// its unfinished file or a file it was saved to (-1: none).
	held  int
	notes annotations
}

// annotations are what the game's record says besides its moves: kept
// with the moves they were made for, so a move taken back and replaced
// loses its note.
type annotations struct {
	comment string
	notes   []saves.Note
	moves   []rules.Move // the moves the notes are for
}

// SaveStatus is what became of the game's files lately.
type SaveStatus struct {
	SavedTo   string // the finished game was saved there
	KeepErr   error  // keeping the game in progress failed
	FinishErr error  // saving the finished game failed (it stays with the unfinished games)
	RemoveErr error  // the saved game's unfinished copy could not be removed
}

// Saves is what views show of the game's files.
type Saves struct {
	SaveStatus
	Busy      bool      // a save is under way
	Since     time.Time // since then
	SavedPath string    // where the game was last saved ("" when never)
	File      string    // the game's unfinished file ("" when it has none)
	// Unsafe: autosave is failing and the game as it stands is on disk
	// nowhere, so leaving it now would lose it; saving it elsewhere
	// (SaveAs) makes it safe.
	Unsafe bool
}

// newRecord takes the tags and the claimed file of a resumed game, or
// writes the tags of a new one (players, date, time control, and the
// host's own); the Keeper is the host's, or one of the unfinished games
// and the saves folder.
func newRecord(c *core, clock *timing, o Options, started time.Time) record {
	r := record{c: c, clock: clock, held: -1, keeper: o.Keeper}
	if o.Resumed != nil {
		r.held = 0 // the game as read is its unfinished file
		r.tags = o.Resumed.Tags.Clone()
		r.savedPath, _ = saves.SavedAsPath(r.tags, o.SaveDir)
		r.tags.Delete(saves.SavedAsTag)
		if o.File != nil {
			r.file = o.File.Path()
		}
		if r.keeper == nil {
			r.keeper = saves.NewKeeper(o.File, o.Resumed, started, o.SaveDir)
		}
	} else {
		if o.File != nil {
			o.File.Release() // not resumed: the game gets a file of its own
		}
		p := o.Players
		r.tags = saves.NewTags(p[rules.White].Name(rules.White, p), p[rules.Black].Name(rules.Black, p), started)
		r.tags.SetPlayerTypes([2]bool{p[rules.White].Computer, p[rules.Black].Computer})
		if o.Clock.On() {
			r.tags.Set("TimeControl", o.Clock.Tag())
		}
		for _, t := range o.Tags {
			r.tags.Set(t.Name, t.Value)
		}
		if r.keeper == nil {
			r.keeper = saves.NewKeeper(nil, nil, started, o.SaveDir)
		}
	}
	r.setNotes(o.Comment, o.Notes)
	return r
}

// setNotes gives the game's moves so far annotations to be written with
// them, index by index.
func (r *record) setNotes(comment string, notes []saves.Note) {
	a := annotations{comment: comment, notes: append([]saves.Note(nil), notes...)}
	for _, rec := range r.c.game.History() {
		a.moves = append(a.moves, rec.Move)
	}
	if len(a.notes) > len(a.moves) {
		a.notes = a.notes[:len(a.moves)]
	}
	r.notes = a
}

// snapshot is the game as it is written: tags, moves, clock times and
// the annotations of the moves they were made for.
func (r *record) snapshot() *saves.SavedGame {
	g := r.c.game
	a := &r.notes
	sg := &saves.SavedGame{Tags: r.tags.Clone(), Game: g.Clone(), Comment: a.comment}
	for i, rec := range g.History() {
		if i >= len(a.notes) || i >= len(a.moves) || a.moves[i] != rec.Move {
			break
		}
		sg.SetNote(i, a.notes[i])
	}
	sg.Clocks = r.clock.times()
	return sg
}

// changed follows a change to the game: where a finished game was saved
// is said once, after the change that caused it.
func (r *record) changed() { r.status.SavedTo = "" }

// keep keeps the game on disk after a change: a game in progress in its
// unfinished file (from its first move on, so a closed terminal or a
// crash loses nothing), a game that has just ended in the saves folder.
func (r *record) keep(ended bool) {
	g := r.c.game
	switch {
	case ended:
		r.await(SaveFinish, r.keeper.Finish(r.snapshot()))
	case !g.Result().Over() && (g.Len() > 0 || r.file != "" || r.savedPath != ""):
		// From the first move on; back to none, the file goes (and a
		// finished game's file is re-filed).
		r.await(SaveKeep, r.keeper.Keep(r.snapshot()))
	}
}

// saveAs saves the game to path as the player asked.
func (r *record) saveAs(path string, replace, makeFolder bool) ([]Effect, error) {
	g := r.c.game
	if g.Len() == 0 && !g.Result().Over() {
		return nil, RefusedNothingToSave
	}
	r.asked = append(r.asked, path)
	r.await(SaveAsked, r.keeper.SaveAs(r.snapshot(), path, replace, makeFolder))
	return r.c.take(), nil
}

// close lets the game's unfinished file go once every save before it is
// written.
func (r *record) close() []Effect {
	r.await(SaveClose, r.keeper.Close())
	return r.c.take()
}

// await asks the host to wait for a request to the keeper about the game
// as it stands.
func (r *record) await(kind SaveKind, done <-chan saves.Result) {
	if r.busy == 0 {
		r.since = r.c.now()
	}
	r.busy++
	r.c.ask(AwaitSave{Match: r.c.id, Kind: kind, Version: r.c.version, Done: done})
}

// wrote notes that the game at version is on disk.
func (r *record) wrote(version int) { r.held = max(r.held, version) }

// saved follows what became of a save; the player's own saves are told
// in a note.
func (r *record) saved(ev Saved) (Note, bool) {
	r.busy = max(r.busy-1, 0)
	res := ev.Result
	if res.Skipped || ev.Kind == SaveClose {
		return Note{}, false // a later write wrote; or the file is let go, and stays where it is
	}
	r.file = res.File
	switch ev.Kind {
	case SaveKeep:
		r.status.KeepErr = res.KeepErr
		if res.KeepErr == nil {
			r.wrote(ev.Version)
		}
	case SaveFinish:
		if res.Err != nil {
			r.status = SaveStatus{FinishErr: res.Err, KeepErr: res.KeepErr}
			if res.KeepErr == nil {
				r.wrote(ev.Version) // kept with the unfinished games
			}
			break
		}
		r.wrote(ev.Version)
		r.savedPath = res.SavedTo
		r.status = SaveStatus{SavedTo: res.SavedTo, RemoveErr: res.RemoveErr}
	case SaveAsked:
		path := ""
		if len(r.asked) > 0 {
			path, r.asked = r.asked[0], r.asked[1:]
		}
		switch {
		case res.Exists:
			return Note{Kind: NoteSaveExists, Path: path}, true
		case res.NoFolder:
			return Note{Kind: NoteSaveNoFolder, Path: path}, true
		case res.Err != nil:
			return Note{Kind: NoteSaveFailed, Err: res.Err, Path: path}, true
		}
		r.wrote(ev.Version)
		r.savedPath = res.SavedTo
		r.status.KeepErr, r.status.RemoveErr = res.KeepErr, res.RemoveErr
		return Note{Kind: NoteSavedAs, Path: res.SavedTo}, true
	}
	return Note{}, false
}

// saves is what became of the game's files.
func (r *record) saves() Saves {
	g := r.c.game
	nothing := g.Len() == 0 && !g.Result().Over()
	unsafe := r.status.KeepErr != nil && r.held < r.c.version && !nothing
	return Saves{SaveStatus: r.status, Busy: r.busy > 0, Since: r.since, SavedPath: r.savedPath, File: r.file, Unsafe: unsafe}
}
