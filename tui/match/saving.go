package match

import (
	"time"

	"varia/rules"
	"varia/saves"
)

// When the game goes to disk is the match's policy, how and where is the
// saves.Keeper's: every change to a game in progress is kept in its
// unfinished file from its first move on; a game that ends is saved in
// the saves folder at once; the player saves it where they like. The
// Keeper does the writing off the host's goroutine, in order; the match
// only queues requests and follows their results (Saved).

// files is the match's part that follows its files.
type files struct {
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
	held int
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

// newFiles takes the tags and the claimed file of a resumed game, or
// writes the tags of a new one (players, date, time control, and the
// host's own); the Keeper is the host's, or one of the unfinished games
// and the saves folder.
func newFiles(o Options, started time.Time) files {
	f := files{held: -1}
	f.keeper = o.Keeper
	if o.Resumed != nil {
		f.held = 0 // the game as read is its unfinished file
		f.tags = o.Resumed.Tags.Clone()
		f.savedPath, _ = saves.SavedAsPath(f.tags, o.SaveDir)
		f.tags.Delete(saves.SavedAsTag)
		if o.File != nil {
			f.file = o.File.Path()
		}
		if f.keeper == nil {
			f.keeper = saves.NewKeeper(o.File, o.Resumed, started, o.SaveDir)
		}
		return f
	}
	if o.File != nil {
		o.File.Release() // not resumed: the game gets a file of its own
	}
	p := o.Players
	f.tags = saves.NewTags(p[rules.White].Name(rules.White, p), p[rules.Black].Name(rules.Black, p), started)
	f.tags.SetPlayerTypes([2]bool{p[rules.White].Computer, p[rules.Black].Computer})
	if o.Clock.On() {
		f.tags.Set("TimeControl", o.Clock.Tag())
	}
	for _, t := range o.Tags {
		f.tags.Set(t.Name, t.Value)
	}
	if f.keeper == nil {
		f.keeper = saves.NewKeeper(nil, nil, started, o.SaveDir)
	}
	return f
}

// await is the effect that waits for a request to the keeper about
// the game at version.
func (f *files) await(id ID, kind SaveKind, version int, done <-chan saves.Result, now time.Time) Effect {
	if f.busy == 0 {
		f.since = now
	}
	f.busy++
	return AwaitSave{Match: id, Kind: kind, Version: version, Done: done}
}

// wrote notes that the game at version is on disk.
func (f *files) wrote(version int) { f.held = max(f.held, version) }

// saved follows what became of a save; the player's own saves are told
// in a note.
func (f *files) saved(ev Saved) (Note, bool) {
	f.busy = max(f.busy-1, 0)
	r := ev.Result
	if r.Skipped || ev.Kind == SaveClose {
		return Note{}, false // a later write wrote; or the file is let go, and stays where it is
	}
	f.file = r.File
	switch ev.Kind {
	case SaveKeep:
		f.status.KeepErr = r.KeepErr
		if r.KeepErr == nil {
			f.wrote(ev.Version)
		}
	case SaveFinish:
		if r.Err != nil {
			f.status = SaveStatus{FinishErr: r.Err, KeepErr: r.KeepErr}
			if r.KeepErr == nil {
				f.wrote(ev.Version) // kept with the unfinished games
			}
			break
		}
		f.wrote(ev.Version)
		f.savedPath = r.SavedTo
		f.status = SaveStatus{SavedTo: r.SavedTo, RemoveErr: r.RemoveErr}
	case SaveAsked:
		path := ""
		if len(f.asked) > 0 {
			path, f.asked = f.asked[0], f.asked[1:]
		}
		switch {
		case r.Exists:
			return Note{Kind: NoteSaveExists, Path: path}, true
		case r.NoFolder:
			return Note{Kind: NoteSaveNoFolder, Path: path}, true
		case r.Err != nil:
			return Note{Kind: NoteSaveFailed, Err: r.Err, Path: path}, true
		}
		f.wrote(ev.Version)
		f.savedPath = r.SavedTo
		f.status.KeepErr, f.status.RemoveErr = r.KeepErr, r.RemoveErr
		return Note{Kind: NoteSavedAs, Path: r.SavedTo}, true
	}
	return Note{}, false
}

// annotations are what the game's record says besides its moves: kept
// with the moves they were made for, so a move taken back and replaced
// loses its note.
type annotations struct {
	comment string
	notes   []saves.Note
	moves   []rules.Move // the moves the notes are for
}

// SetNotes gives the game's moves so far annotations to be written with
// them (an analysis of the game, a continued game's comments): the
// game's opening comment and a note for each move, index by index.
func (m *Match) SetNotes(comment string, notes []saves.Note) {
	a := annotations{comment: comment, notes: append([]saves.Note(nil), notes...)}
	for _, rec := range m.game.History() {
		a.moves = append(a.moves, rec.Move)
	}
	if len(a.notes) > len(a.moves) {
		a.notes = a.notes[:len(a.moves)]
	}
	m.annotations = a
}

// Snapshot is the game as it is written: tags, moves, clock times and
// the annotations of the moves they were made for, a copy that does not
// change as the game goes on.
func (m *Match) Snapshot() *saves.SavedGame {
	sg := &saves.SavedGame{Tags: m.files.tags.Clone(), Game: m.game.Clone(), Comment: m.annotations.comment}
	a := &m.annotations
	for i, rec := range m.game.History() {
		if i >= len(a.notes) || i >= len(a.moves) || a.moves[i] != rec.Move {
			break
		}
		sg.SetNote(i, a.notes[i])
	}
	switch {
	case m.clock != nil:
		sg.Clocks = make([]time.Duration, m.game.Len())
		for i := range sg.Clocks {
			sg.Clocks[i] = saves.NoClock
			if i < len(m.clocks) {
				sg.Clocks[i] = m.clocks[i]
			}
		}
	case m.readClocks != nil:
		// The times read stay with the moves they were read with, as
		// long as the game still has them.
		hist := m.game.History()
		same := 0
		for same < len(hist) && same < len(m.readLine) && hist[same].Move == m.readLine[same] {
			same++
		}
		sg.Clocks = make([]time.Duration, len(hist))
		for i := range sg.Clocks {
			sg.Clocks[i] = saves.NoClock
			if i < same && i < len(m.readClocks) {
				sg.Clocks[i] = m.readClocks[i]
			}
		}
	}
	return sg
}

// keep keeps the game on disk after a change: a game in progress in its
// unfinished file (from its first move on, so a closed terminal or a
// crash loses nothing), a game that has just ended in the saves folder.
func (m *Match) keep(ended bool) {
	k := m.files.keeper
	switch {
	case ended:
		m.fx = append(m.fx, m.files.await(m.id, SaveFinish, m.version, k.Finish(m.Snapshot()), m.now()))
	case !m.game.Result().Over() && (m.game.Len() > 0 || m.files.file != "" || m.files.savedPath != ""):
		// From the first move on; back to none, the file goes (and a
		// finished game's file is re-filed).
		m.fx = append(m.fx, m.files.await(m.id, SaveKeep, m.version, k.Keep(m.Snapshot()), m.now()))
	}
}

// SaveAs saves the game to path as the player asked, replacing a file
// there only with replace and creating its folder only with makeFolder;
// the answer comes as a NoteSavedAs, NoteSaveExists, NoteSaveNoFolder or
// NoteSaveFailed.
func (m *Match) SaveAs(path string, replace, makeFolder bool) ([]Effect, error) {
	if m.game.Len() == 0 && !m.game.Result().Over() {
		return nil, RefusedNothingToSave
	}
	m.files.asked = append(m.files.asked, path)
	return []Effect{m.files.await(m.id, SaveAsked, m.version, m.files.keeper.SaveAs(m.Snapshot(), path, replace, makeFolder), m.now())}, nil
}

// Close is called when the match is done with (another game or the menu
// takes its place, or the program ends): once every save before it is
// written, the game's unfinished file is let go, for this or another
// Varia to resume. The host may wait for the AwaitSave it returns.
func (m *Match) Close() []Effect {
	m.Pause()
	return []Effect{m.files.await(m.id, SaveClose, m.version, m.files.keeper.Close(), m.now())}
}

// Saves is what became of the game's files.
func (m *Match) Saves() Saves {
	f := &m.files
	nothing := m.game.Len() == 0 && !m.game.Result().Over()
	unsafe := f.status.KeepErr != nil && f.held < m.version && !nothing
	return Saves{SaveStatus: f.status, Busy: f.busy > 0, Since: f.since, SavedPath: f.savedPath, File: f.file, Unsafe: unsafe}
}
