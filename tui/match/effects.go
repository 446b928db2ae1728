package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"varia/ai"
	"varia/rules"
	"varia/saves"
)

// ID tells matches apart, so that a report meant for a match that has
// been left is dropped by the one now played.
type ID int64

// An Effect is something the match needs done outside itself: a search
// run, a wake-up at a time, a save waited for. The host (the terminal
// interface, a test, a server) carries it out and reports back with the
// Event it names, through Match.Handle. Effects are plain values: a test
// can look at them, or carry them out itself.
type Effect interface{ isEffect() }

// RunSearch asks for Engine.Search(Ctx, Pos, Limits) on a goroutine of
// the host's: each progress report (Limits.Progress is the host's to
// set) comes back as a SearchProgress, the end as a SearchDone with the
// position's Ply and Key. Pos is the match's own copy.
type RunSearch struct {
	Match   ID
	Seq     int
	Purpose Purpose
	Engine  Engine
	Pos     *rules.Position
	Limits  ai.Limits
	Ctx     context.Context
}

// Wake asks for a Woke after After: the clock's tick (a flag may fall,
// views redraw); with Watch, the end of the pause before a move of a
// game the computer plays against itself; with Grace, the end of a
// remote player's grace period.
type Wake struct {
	Match ID
	Seq   int
	Watch bool
	Grace bool
	After time.Duration
}

// AwaitSave asks the host to wait, off its own goroutine, for a request
// the match made of its saves.Keeper, and to report the Result as a
// Saved.
type AwaitSave struct {
	Match ID
	Kind  SaveKind
	// Version is the game's Version the request writes; the Saved
	// report carries it back.
	Version int
	Done    <-chan saves.Result
}

// Run runs the search on the caller's goroutine, handing each
// completed depth to progress, and returns its end. A panic in the
// engine becomes an error (ErrEngineFailed), never a crash.
func (s RunSearch) Run(progress func(SearchProgress)) (done SearchDone) {
	done = SearchDone{Match: s.Match, Seq: s.Seq, Purpose: s.Purpose, Ply: s.Pos.Ply(), Key: s.Pos.Key()}
	defer func() {
		if r := recover(); r != nil {
			done.Err = fmt.Errorf("%w: %v", ErrEngineFailed, r)
		}
	}()
	lim := s.Limits
	lim.Progress = func(p ai.Progress) {
		progress(SearchProgress{Match: s.Match, Seq: s.Seq, Progress: p})
	}
	done.Result, done.Err = s.Engine.Search(s.Ctx, s.Pos, lim)
	return done
}

// ErrEngineFailed is a search that ended in a panic of the engine's.
var ErrEngineFailed = errors.New("the engine failed")

// Woke is the report the wake-up asks for, once its time has come.
func (w Wake) Woke() Woke { return Woke{Match: w.Match, Seq: w.Seq, Watch: w.Watch, Grace: w.Grace} }

// Saved is the report of the save awaited, once it is done.
func (a AwaitSave) Saved(r saves.Result) Saved {
	return Saved{Match: a.Match, Kind: a.Kind, Version: a.Version, Result: r}
}

// Awaited are the saves a list of effects waits for (those Close
// returns): once they are done, the game is on disk.
func Awaited(fx []Effect) []<-chan saves.Result {
	var out []<-chan saves.Result
	for _, e := range fx {
		if w, ok := e.(AwaitSave); ok {
			out = append(out, w.Done)
		}
	}
	return out
}

func (RunSearch) isEffect() {}
func (Wake) isEffect()      {}
func (AwaitSave) isEffect() {}

// An Event is a report coming back for an Effect.
type Event interface{ MatchID() ID }

// SearchDone is a finished search. It names the match, the search and
// the position it was for (ply and key), so that a result for a position
// that has since changed is dropped.
type SearchDone struct {
	Match   ID
	Seq     int
	Purpose Purpose
	Ply     int
	Key     uint64
	Result  ai.Result
	Err     error
}

// SearchProgress is a completed depth of a running search.
type SearchProgress struct {
	Match    ID
	Seq      int
	Progress ai.Progress
}

// Woke is the wake-up a Wake asked for.
type Woke struct {
	Match ID
	Seq   int
	Watch bool
	Grace bool
}

// SaveKind says what a save was: a game in progress kept, a finished
// game filed, the player's own save.
type SaveKind uint8

const (
	SaveKeep SaveKind = iota
	SaveFinish
	SaveAsked
	SaveClose
)

// Saved is what became of a save.
type Saved struct {
	Match   ID
	Kind    SaveKind
	Version int // the AwaitSave's
	Result  saves.Result
}

func (e SearchDone) MatchID() ID     { return e.Match }
func (e SearchProgress) MatchID() ID { return e.Match }
func (e Woke) MatchID() ID           { return e.Match }
func (e Saved) MatchID() ID          { return e.Match }
