package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/tui/analysis"
)

// The engine's analysis runs as the match's searches do: each search in
// a command of its own, its progress sent on a channel the screen keeps
// listening to while it lasts, its result a message. The messages name
// the analysis.Board they belong to, and the App hands them to the
// screen that holds it, shown or covered by another.

// analysisMsg is a message for one screen's analysis.
type analysisMsg interface{ analysisBoard() *analysis.Board }

// analysisProgressMsg is a search's report of a completed depth, with the
// channel to go on listening to.
type analysisProgressMsg struct {
	board    *analysis.Board
	seq      int
	progress ai.Progress
	ch       <-chan ai.Progress
}

// analysisDoneMsg is a finished search.
type analysisDoneMsg struct {
	board  *analysis.Board
	seq    int
	result ai.Result
	err    error
}

func (m analysisProgressMsg) analysisBoard() *analysis.Board { return m.board }
func (m analysisDoneMsg) analysisBoard() *analysis.Board     { return m.board }

// analysisOwner is a screen with an analysis.
type analysisOwner interface{ analysis() *analysis.Board }

// runAnalysis runs a job of b's in a command; nil for no job.
func runAnalysis(b *analysis.Board, j *analysis.Job) tea.Cmd {
	if j == nil {
		return nil
	}
	var ch chan ai.Progress
	lim := j.Limits
	if !j.Review {
		ch = make(chan ai.Progress, 1)
		lim.Progress = keepLatest(ch)
	}
	search := func() (msg tea.Msg) {
		done := analysisDoneMsg{board: b, seq: j.Seq}
		if ch != nil {
			defer close(ch)
		}
		defer func() {
			if r := recover(); r != nil {
				done.err = fmt.Errorf("the engine failed: %v", r)
				msg = done
			}
		}()
		done.result = j.Engine.Search(j.Ctx, j.Pos, lim)
		return done
	}
	if ch == nil {
		return search
	}
	return tea.Batch(search, listenAnalysis(b, j.Seq, ch))
}

// listenAnalysis waits for a search's next report; nil once it has
// ended.
func listenAnalysis(b *analysis.Board, seq int, ch <-chan ai.Progress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return analysisProgressMsg{board: b, seq: seq, progress: p, ch: ch}
	}
}

// handleAnalysis gives b a message of its searches and returns what to
// run next; changed says the screen has something new to show.
func handleAnalysis(b *analysis.Board, msg tea.Msg) (cmd tea.Cmd, changed bool) {
	switch msg := msg.(type) {
	case analysisProgressMsg:
		return listenAnalysis(b, msg.seq, msg.ch), b.Progress(msg.seq, msg.progress)
	case analysisDoneMsg:
		return runAnalysis(b, b.Done(msg.seq, msg.result, msg.err)), true
	}
	return nil, false
}
