package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"varia/ai/review"
	"varia/rules"
	"varia/tui/analysis"
)

// gameAnalysis is the engine's analysis on the game screen: of the
// position shown (a) and of the whole game (A), as in the replay viewer.
// It is there once the game is over, and during it when the players at
// this screen play each other, or the computer if the settings allow;
// never while a person elsewhere (a game on a server) waits for a move.
// A finished review goes into the game's record.
type gameAnalysis struct {
	*analysis.Board
	s    *stage
	kept *review.Review // the review whose marks the game's record holds
}

// allowed says whether the analysis may run now, and if not why.
func (a *gameAnalysis) allowed() (bool, string) {
	s := a.s
	if s.game().Result().Over() {
		return true, ""
	}
	computer, elsewhere := false, false
	for c, p := range s.match.Players() {
		switch {
		case p.Computer:
			computer = true
		case !s.seats[c]:
			elsewhere = true
		}
	}
	switch {
	case elsewhere:
		return false, "The engine's analysis is there once the game is over."
	case computer && (s.seats[0] || s.seats[1]) && !s.ctx.Settings.AnalysisVsComputer:
		return false, "Against the computer the engine's analysis is there once the game is over (the settings can allow it during the game: [computer] analysis)."
	}
	return true, ""
}

// toggle switches the analysis of the position shown on or off; false
// when it may not run now.
func (a *gameAnalysis) toggle(shown *rules.Position) (tea.Cmd, bool) {
	if ok, why := a.allowed(); !ok && !a.On {
		a.s.msg.complain("%s", why)
		return nil, false
	}
	return runAnalysis(a.Board, a.Toggle(shown)), true
}

// review analyses the whole game, or stops doing so.
func (a *gameAnalysis) review() tea.Cmd {
	if a.Reviewing {
		return runAnalysis(a.Board, a.StopReview())
	}
	s := a.s
	if ok, why := a.allowed(); !ok {
		s.msg.complain("%s", why)
		return nil
	}
	if s.game().Len() == 0 {
		s.msg.complain("No move to analyse yet.")
		return nil
	}
	if r := a.Review; r != nil && len(r.Moves) != s.game().Len() {
		a.Review = nil // the game has gone on: its review starts again
	}
	return runAnalysis(a.Board, a.StartReview(s.game()))
}

// follow keeps the analysis on the position shown, stops it when it is
// no longer allowed (a game taken back against the computer), and drops
// a review the game has gone past. It reports whether the analysis went
// off (the screen lays out again without its bar).
func (a *gameAnalysis) follow(shown *rules.Position) (tea.Cmd, bool) {
	if !a.On && a.Review == nil {
		return nil, false
	}
	if ok, why := a.allowed(); !ok {
		a.Stop()
		a.Review = nil
		if a.On {
			a.On = false
			a.s.msg.say("%s", why)
			return nil, true
		}
		return nil, false
	}
	if r := a.Review; r != nil && !a.Reviewing && len(r.Moves) != a.s.game().Len() {
		a.Review = nil
	}
	return runAnalysis(a.Board, a.Show(shown)), false
}

// keep writes a finished review into the game's record, so the game is
// saved with its evaluations and marks (as varia analyse writes them),
// for as long as its moves stand.
func (a *gameAnalysis) keep() {
	s := a.s
	r := a.Review
	// On a server the game's record is the table's, filed as it ended: one
	// client's review is its own.
	if s.served() || r == nil || a.Reviewing || r == a.kept || !r.Done() || len(r.Moves) != s.game().Len() {
		return
	}
	a.kept = r
	sg := s.match.Snapshot()
	analysis.Annotate(sg, r, fmt.Sprintf("depth %d", analysis.ReviewLimits.Depth))
	s.match.SetNotes(sg.Comment, sg.Notes)
}
