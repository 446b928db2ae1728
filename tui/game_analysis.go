package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"varia/tui/analysis"
)

// The engine's analysis on the game screen: of the position shown (a)
// and of the whole game (A), as in the replay viewer. It is there once
// the game is over, and during it when the players at this screen play
// each other, or the computer if the settings allow; never while a
// person elsewhere (a game on a server) waits for a move.

// analysis is the screen's analysis, for its searches' messages.
func (g *gameScreen) analysis() *analysis.Board { return g.an }

// analysisAllowed says whether the analysis may run now, and if not why.
func (g *gameScreen) analysisAllowed() (bool, string) {
	if g.game().Result().Over() {
		return true, ""
	}
	players := g.match.Players()
	computer, elsewhere := false, false
	for c, p := range players {
		switch {
		case p.Computer:
			computer = true
		case !g.seats[c]:
			elsewhere = true
		}
	}
	switch {
	case elsewhere:
		return false, "The engine's analysis is there once the game is over."
	case computer && (g.seats[0] || g.seats[1]) && !g.ctx.Settings.AnalysisVsComputer:
		return false, "Against the computer the engine's analysis is there once the game is over (the settings can allow it during the game: [computer] analysis)."
	}
	return true, ""
}

// toggleAnalysis switches the analysis of the position shown on or off.
func (g *gameScreen) toggleAnalysis() tea.Cmd {
	if ok, why := g.analysisAllowed(); !ok && !g.an.On {
		g.msg.complain("%s", why)
		return nil
	}
	cmd := runAnalysis(g.an, g.an.Toggle(g.hist.shown(g.match).Position()))
	g.relayout()
	return cmd
}

// reviewGame analyses the whole game, or stops doing so.
func (g *gameScreen) reviewGame() tea.Cmd {
	if g.an.Reviewing {
		return runAnalysis(g.an, g.an.StopReview())
	}
	if ok, why := g.analysisAllowed(); !ok {
		g.msg.complain("%s", why)
		return nil
	}
	if g.game().Len() == 0 {
		g.msg.complain("No move to analyse yet.")
		return nil
	}
	if r := g.an.Review; r != nil && len(r.Moves) != g.game().Len() {
		g.an.Review = nil // the game has gone on: its review starts again
	}
	return runAnalysis(g.an, g.an.StartReview(g.game()))
}

// followAnalysis keeps the analysis on the position shown, stops it
// when it is no longer allowed (a game taken back against the
// computer), and drops a review the game has gone past.
func (g *gameScreen) followAnalysis() tea.Cmd {
	b := g.an
	if !b.On && b.Review == nil {
		return nil
	}
	if ok, why := g.analysisAllowed(); !ok {
		b.Stop()
		b.Review = nil
		if b.On {
			b.On = false
			g.relayout()
			g.msg.say("%s", why)
		}
		return nil
	}
	if r := b.Review; r != nil && !b.Reviewing && len(r.Moves) != g.game().Len() {
		b.Review = nil
	}
	return runAnalysis(b, b.Show(g.hist.shown(g.match).Position()))
}

// keepReview writes a finished review into the game's record, so the
// game is saved with its evaluations and marks (as varia analyse writes
// them), for as long as its moves stand.
func (g *gameScreen) keepReview() {
	r := g.an.Review
	// On a server the game's record is the table's, filed as it ended: one
	// client's review is its own.
	if g.served() || r == nil || g.an.Reviewing || r == g.kept || !r.Done() || len(r.Moves) != g.game().Len() {
		return
	}
	g.kept = r
	sg := g.match.Snapshot()
	analysis.Annotate(sg, r, fmt.Sprintf("depth %d", analysis.ReviewLimits.Depth))
	g.match.SetNotes(sg.Comment, sg.Notes)
}
