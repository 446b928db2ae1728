package analysis

import (
	"varia/rules"
	"varia/saves"
)

// Walk is a place in a saved game's tree of moves: its main line and
// the variations its notes hold, nested. The line walked is a list of
// moves from the game's start: the main line, or, inside a side line,
// the moves that led to it followed by the side line's own. Stepping
// goes along that line; entering a side line swaps the move just played
// for one of its alternatives, and leaving goes back to the move it
// replaced. A Walk never changes the game it walks.
type Walk struct {
	sg *saves.SavedGame
	// The position shown: on the main line mainGame, walked with Undo and
	// Redo (so a result declared at its end stays), in a side line
	// sideGame, walked with Undo and Play.
	game     *rules.Game
	mainGame *rules.Game
	sideGame *rules.Game
	main     []Entry
	line     []Entry
	cur      int    // moves of line played to reach the position shown
	forks    []fork // side lines entered, the innermost last
}

// Entry is one move of the line walked.
type Entry struct {
	Record rules.Record
	// Main is the move's index in the game's main line, or -1 for a
	// move of a side line.
	Main int
	note *saves.Note // nil for none
}

// Note is what the game's text says of the move; nil when nothing.
func (e Entry) Note() *saves.Note {
	if e.note == nil || e.note.Empty() {
		return nil
	}
	return e.note
}

// fork is a side line entered: where it branches from its parent line,
// which of the replaced move's variations it is, and the parent line.
type fork struct {
	at     int // the parent line's moves before the side line (the replaced move is line[at])
	which  int // index into the replaced move's Variations
	parent []Entry
}

// NewWalk starts at the game's first position.
func NewWalk(sg *saves.SavedGame) *Walk {
	w := &Walk{sg: sg, mainGame: sg.Game.Clone()}
	for w.mainGame.Undo() {
	}
	w.sideGame = w.mainGame.Clone()
	w.sideGame.ContinueAfterDraws(true) // as the game was read
	w.game = w.mainGame
	for i, rec := range sg.Game.Line()[:sg.Game.Len()] {
		w.main = append(w.main, Entry{Record: rec, Main: i, note: sg.NoteAt(i)})
	}
	w.line = w.main
	return w
}

// Game is the game shown, at the position shown. It is the Walk's own:
// read it, never play on it.
func (w *Walk) Game() *rules.Game { return w.game }

// Position is the position shown.
func (w *Walk) Position() *rules.Position { return w.game.Position() }

// Ply is the number of moves of the line played to reach the position.
func (w *Walk) Ply() int { return w.cur }

// Line is the line walked: the main line, or the side line entered with
// the moves that lead to it.
func (w *Walk) Line() []Entry { return w.line }

// Records are the line's moves as the move list shows them.
func (w *Walk) Records() []rules.Record {
	out := make([]rules.Record, len(w.line))
	for i, e := range w.line {
		out[i] = e.Record
	}
	return out
}

// Main is the game's main line.
func (w *Walk) Main() []Entry { return w.main }

// InSideLine reports whether a side line is entered; Depth says how
// deeply nested.
func (w *Walk) InSideLine() bool { return len(w.forks) > 0 }
func (w *Walk) Depth() int       { return len(w.forks) }

// SideLineStart is the number of moves before the innermost side line
// entered, and which of its alternatives it is (from 0) of how many;
// zeros on the main line.
func (w *Walk) SideLineStart() (at, which, of int) {
	if len(w.forks) == 0 {
		return 0, 0, 0
	}
	f := w.forks[len(w.forks)-1]
	return f.at, f.which, len(f.parent[f.at].note.Variations)
}

// MainPly is the main-line ply of the position shown, or -1 inside a
// side line past where it branched.
func (w *Walk) MainPly() int {
	if len(w.forks) == 0 || w.cur <= w.forks[0].at {
		return w.cur
	}
	return -1
}

// Current is the move that led to the position shown; false at the
// start.
func (w *Walk) Current() (Entry, bool) {
	if w.cur == 0 {
		return Entry{}, false
	}
	return w.line[w.cur-1], true
}

// Comment is the game's opening comment, shown at the start.
func (w *Walk) Comment() string { return w.sg.Comment }

// Before is the position before the move that led to the position shown
// (where its alternatives start); the start position at the start.
func (w *Walk) Before() *rules.Position {
	p := w.game.Position().Clone()
	if e, ok := w.Current(); ok {
		if e.Record.Move == rules.NullMove {
			p.UnmakeNull()
		} else {
			p.Unmake()
		}
	}
	return p
}

// Alternatives are the variations played instead of the move that led
// to the position shown.
func (w *Walk) Alternatives() []saves.Variation {
	if e, ok := w.Current(); ok && e.note != nil {
		return e.note.Variations
	}
	return nil
}

// GoTo shows the position after n moves of the line (clamped). Going
// back before where a side line branches leaves it.
func (w *Walk) GoTo(n int) {
	n = max(0, min(n, len(w.line)))
	for len(w.forks) > 0 && n < w.forks[len(w.forks)-1].at {
		w.leave()
	}
	w.cur = n
	w.sync()
}

// Step moves by d moves along the line.
func (w *Walk) Step(d int) { w.GoTo(w.cur + d) }

// Home goes to the start of the game, on the main line.
func (w *Walk) Home() {
	for len(w.forks) > 0 {
		w.leave()
	}
	w.GoTo(0)
}

// End goes to the end of the line walked.
func (w *Walk) End() { w.GoTo(len(w.line)) }

// Enter swaps the move that led to the position shown for its first
// alternative; at the first move of a side line, for the next
// alternative (after the last, the move they replace). False when there
// is none.
func (w *Walk) Enter() bool {
	if n := len(w.forks); n > 0 && w.cur == w.forks[n-1].at+1 {
		f := w.forks[n-1]
		alts := f.parent[f.at].note.Variations
		w.leave()
		if f.which+1 < len(alts) {
			w.enter(f.at, f.which+1)
		} else {
			w.cur = f.at + 1
		}
		w.sync()
		return true
	}
	if len(w.Alternatives()) == 0 {
		return false
	}
	w.enter(w.cur-1, 0)
	w.sync()
	return true
}

// Leave goes back from the side line entered last to the move it
// replaced; false on the main line.
func (w *Walk) Leave() bool {
	if len(w.forks) == 0 {
		return false
	}
	at := w.forks[len(w.forks)-1].at
	w.leave()
	w.cur = at + 1
	w.sync()
	return true
}

// enter takes variation which of line[at], showing its first move.
func (w *Walk) enter(at, which int) {
	v := w.line[at].note.Variations[which]
	w.forks = append(w.forks, fork{at: at, which: which, parent: w.line})
	line := append([]Entry(nil), w.line[:at]...)
	for i := range v {
		rec := rules.Record{Move: v[i].Move, SAN: v[i].SAN, Ply: v[i].Ply}
		line = append(line, Entry{Record: rec, Main: -1, note: &v[i].Note})
	}
	w.line = line
	w.cur = at + 1
}

// leave returns to the parent line of the innermost side line, at the
// position where it branches.
func (w *Walk) leave() {
	f := w.forks[len(w.forks)-1]
	w.forks = w.forks[:len(w.forks)-1]
	w.line = f.parent
	w.cur = min(w.cur, f.at)
}

// sync plays the game to the position after cur moves of the line: on
// the main line by undoing and redoing, in a side line back to where the
// game and the line agree, then forward.
func (w *Walk) sync() {
	if len(w.forks) == 0 {
		w.game = w.mainGame
		for w.game.Len() > w.cur && w.game.Undo() {
		}
		for w.game.Len() < w.cur && w.game.Redo() {
		}
		return
	}
	w.game = w.sideGame
	played := w.game.Line()[:w.game.Len()]
	common := 0
	for common < len(played) && common < w.cur && played[common].Move == w.line[common].Record.Move {
		common++
	}
	for w.game.Len() > common && w.game.Undo() {
	}
	for i := w.game.Len(); i < w.cur; i++ {
		m := w.line[i].Record.Move
		var err error
		if m == rules.NullMove {
			err = w.game.PlayNull()
		} else {
			err = w.game.Play(m)
		}
		if err != nil {
			// Every move was checked when the game was read; a move the
			// rules refuse now ends the line here rather than showing a
			// position it does not reach.
			w.line = w.line[:i]
			w.cur = i
			return
		}
	}
}
