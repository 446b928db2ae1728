package tui

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
	"varia/tui/words"
)

// Engine finds moves. The game screen only ever gives it a copy of the
// position, from a goroutine of its own, and cancels ctx to ask for the
// best move found so far. The built-in engine (NewAIEngine) is one;
// tests use a fake.
type Engine interface {
	Search(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error)
}

// NewAIEngine plays with the built-in engine. One per game keeps its
// hash table from move to move.
func NewAIEngine(e *ai.Engine) Engine { return aiEngine{e} }

type aiEngine struct{ e *ai.Engine }

func (a aiEngine) Search(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
	res := a.e.Search(ctx, pos, lim)
	if res.Move == rules.NoMove && len(pos.Legal()) > 0 {
		return res, errors.New("the search ended without a move")
	}
	return res, nil
}

// searchPurpose says what a search is for: the engine's own move, or a
// hint for the person to move.
type searchPurpose uint8

const (
	searchMove searchPurpose = iota
	searchHint
)

// gameIDs tell games apart, so that a message meant for a game the
// player has left is dropped by the one now on screen.
var gameIDs atomic.Int64

func nextGameID() int64 { return gameIDs.Add(1) }

// engineDoneMsg is a finished search. It names the game, the search, and
// the position it was for (ply and key), so that a result for a position
// that has since changed (undo, new game, quit) is dropped.
type engineDoneMsg struct {
	game    int64
	search  int
	purpose searchPurpose
	ply     int
	key     uint64
	res     ai.Result
	err     error
}

// engineProgressMsg is a completed depth of a running search.
type engineProgressMsg struct {
	game     int64
	search   int
	progress ai.Progress
	ch       <-chan ai.Progress
}

// searchJob is what a search needs, taken on the interface's goroutine:
// the position is already a copy.
type searchJob struct {
	game    int64
	search  int
	purpose searchPurpose
	engine  Engine
	pos     *rules.Position
	lim     ai.Limits
	ctx     context.Context
}

// runSearch is the tea.Cmd that searches, in the goroutine Bubble Tea
// runs commands in. Progress goes out on ch, which is closed when the
// search ends; a panic in the engine becomes an error, never a crash.
func runSearch(job searchJob, ch chan ai.Progress) tea.Cmd {
	return func() (msg tea.Msg) {
		done := engineDoneMsg{game: job.game, search: job.search, purpose: job.purpose, ply: job.pos.Ply(), key: job.pos.Key()}
		defer close(ch)
		defer func() {
			if r := recover(); r != nil {
				done.err = fmt.Errorf("the engine failed: %v", r)
				msg = done
			}
		}()
		lim := job.lim
		lim.Progress = func(p ai.Progress) {
			// Only the latest report matters: replace one not yet read.
			select {
			case <-ch:
			default:
			}
			select {
			case ch <- p:
			default:
			}
		}
		done.res, done.err = job.engine.Search(job.ctx, job.pos, lim)
		return done
	}
}

// listenProgress waits for the next progress report of a search; nil
// once the search has ended.
func listenProgress(game int64, search int, ch <-chan ai.Progress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return engineProgressMsg{game: game, search: search, progress: p, ch: ch}
	}
}

// scoreText shows a score from White's side, as chess programs do:
// "+0.35", "-1.20", or "White mates in 3".
func scoreText(s ai.Score, side rules.Color) string {
	if s.IsMate() {
		n := s.MateMoves()
		winner := side
		if n < 0 {
			winner, n = side.Other(), -n
		}
		return fmt.Sprintf("%s mates in %d", words.Capitalise(colourName(winner)), n)
	}
	if side == rules.Black {
		s = -s
	}
	return s.String()
}

// countText writes a node count in thousands and millions.
func countText(n uint64) string {
	switch {
	case n >= 10_000_000:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}
