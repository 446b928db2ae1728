package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/tui/match"
)

// The interface hosts matches: it turns their effects into Bubble Tea
// commands, whose messages are the match's own events (tagged with its
// ID), handed back to it by whoever holds it (the App, or a screen).

// runEffects turns a match's effects into one command.
func runEffects(fx []match.Effect) tea.Cmd {
	var cmds []tea.Cmd
	for _, e := range fx {
		switch e := e.(type) {
		case match.RunSearch:
			ch := make(chan ai.Progress, 1)
			cmds = append(cmds, runSearch(e, ch), listenProgress(e.Match, e.Seq, ch))
		case match.Wake:
			cmds = append(cmds, tea.Tick(e.After, func(time.Time) tea.Msg { return e.Woke() }))
		case match.AwaitSave:
			cmds = append(cmds, func() tea.Msg { return e.Saved(<-e.Done) })
		}
	}
	return tea.Batch(cmds...)
}

// runSearch is the command that searches, in the goroutine Bubble Tea
// runs commands in. Progress goes out on ch, which is closed when the
// search ends.
func runSearch(job match.RunSearch, ch chan ai.Progress) tea.Cmd {
	return func() tea.Msg {
		defer close(ch)
		latest := keepLatest(ch)
		return job.Run(func(p match.SearchProgress) { latest(p.Progress) })
	}
}

// keepLatest hands progress reports to ch without waiting: only the
// latest matters, so it replaces one not yet read.
func keepLatest(ch chan ai.Progress) func(ai.Progress) {
	return func(p ai.Progress) {
		select {
		case <-ch:
		default:
		}
		select {
		case ch <- p:
		default:
		}
	}
}

// progressMsg is a search's progress report, with the channel to go on
// listening to.
type progressMsg struct {
	match.SearchProgress
	ch <-chan ai.Progress
}

// listenProgress waits for the next progress report of a search; nil
// once the search has ended.
func listenProgress(id match.ID, seq int, ch <-chan ai.Progress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return progressMsg{match.SearchProgress{Match: id, Seq: seq, Progress: p}, ch}
	}
}

// handleMatchMsg gives a match the event a message carries; keep
// listening to a search's progress until the search closes its channel,
// so its goroutine never blocks. ok is false for other messages.
func handleMatchMsg(m *match.Match, msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case progressMsg:
		return tea.Batch(runEffects(m.Handle(msg.SearchProgress)), listenProgress(msg.Match, msg.Seq, msg.ch)), true
	case match.Event:
		return runEffects(m.Handle(msg)), true
	}
	return nil, false
}

// matchIDOf is the match a message is for, if it is for one.
func matchIDOf(msg tea.Msg) (match.ID, bool) {
	switch msg := msg.(type) {
	case progressMsg:
		return msg.Match, true
	case match.Event:
		return msg.MatchID(), true
	}
	return 0, false
}
