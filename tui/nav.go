package tui

import (
	"errors"
	"fmt"
	"io/fs"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/saves"
	"varia/tui/config"
	"varia/tui/match"
)

// Every switch between screens is one of these messages, handled here by
// the App, which keeps the screens in a stack: a screen opened over
// another (the guide, the file picker, the replay viewer) goes back to it
// as it was; a new game or the menu starts the stack again.
type (
	// startGameMsg starts a game with these options (the menu's start,
	// the new game dialog, continuing a replay, a resumed game).
	startGameMsg struct{ opts GameOptions }
	// openMenuMsg shows the start menu, preselecting these options.
	openMenuMsg struct{ opts GameOptions }
	// openGuideMsg opens the rules guide on a variant's page.
	openGuideMsg struct{ variant *rules.Variant }
	// openSettingsMsg opens the settings screen; closing it opens the
	// menu again with these options.
	openSettingsMsg struct{ opts GameOptions }
	// openFilesMsg opens the file picker.
	openFilesMsg struct{}
	// openEditorMsg opens the position editor, for a game with these
	// options (its variant, players and clock).
	openEditorMsg struct{ opts GameOptions }
	// openReplayMsg shows a game in the replay viewer; with replace it
	// takes the place of the screen shown (the list varia replay opened
	// it from), else it goes over it.
	openReplayMsg struct {
		game    *saves.SavedGame
		replace bool
	}
	// backMsg goes back to the screen under this one (the menu when
	// there is none).
	backMsg struct{}
	// resumeMsg resumes an unfinished game: the one being played goes
	// back to its screen, another is claimed and read and opens in the
	// view view chooses (nil: the settings').
	resumeMsg struct {
		path string
		view func(*rules.Variant) config.ViewChoice
	}
	// claimedMsg is an unfinished game claimed to resume, or why it
	// cannot be (then the screen that asked is told, with a problemMsg).
	claimedMsg struct {
		opts    GameOptions
		problem string
	}
	// problemMsg tells the screen on top why what it asked for failed.
	problemMsg struct{ text string }
)

func msgCmd(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

func startGame(opts GameOptions) tea.Cmd    { return msgCmd(startGameMsg{opts}) }
func openMenu(opts GameOptions) tea.Cmd     { return msgCmd(openMenuMsg{opts}) }
func openGuide(v *rules.Variant) tea.Cmd    { return msgCmd(openGuideMsg{v}) }
func openSettings(opts GameOptions) tea.Cmd { return msgCmd(openSettingsMsg{opts}) }
func openFiles() tea.Cmd                    { return msgCmd(openFilesMsg{}) }
func openEditor(opts GameOptions) tea.Cmd   { return msgCmd(openEditorMsg{opts}) }
func openReplay(sg *saves.SavedGame) tea.Cmd {
	return msgCmd(openReplayMsg{game: sg})
}
func goBack() tea.Cmd            { return msgCmd(backMsg{}) }
func resume(path string) tea.Cmd { return msgCmd(resumeMsg{path, nil}) }

// navigate handles a screen switch; ok is false for other messages.
// A server's client opens only what reads nothing from the server's disk
// and writes nothing to it (the guide, the replay of its game).
func (a *App) navigate(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	if a.ctx.Table != nil {
		switch msg.(type) {
		case startGameMsg, openMenuMsg, openSettingsMsg, openFilesMsg, resumeMsg, claimedMsg:
			return nil, true
		}
	}
	switch msg := msg.(type) {
	case startGameMsg:
		closed := a.closeGame()
		g, err := newGameScreen(a.ctx, msg.opts)
		if err != nil {
			if u := msg.opts.Unfinished; u != nil {
				u.Release()
			}
			menu := newMenuScreen(a.ctx, msg.opts)
			menu.problem = err.Error()
			return after(closed, a.reset(menu)), true
		}
		a.live = g.match
		return after(closed, a.reset(g)), true
	case openMenuMsg:
		closed := a.closeGame()
		return after(closed, a.reset(newMenuScreen(a.ctx, msg.opts))), true
	case openGuideMsg:
		return a.push(newGuideScreen(a.ctx, msg.variant)), true
	case openSettingsMsg:
		return a.push(newSettingsScreen(a.ctx, msg.opts)), true
	case openFilesMsg:
		return a.push(newOpenScreen(a.ctx, a.liveFile(), "")), true
	case openEditorMsg:
		return a.push(newEditorScreen(a.ctx, msg.opts)), true
	case openReplayMsg:
		if msg.replace {
			return a.replace(newReplayScreen(a.ctx, msg.game)), true
		}
		return a.push(newReplayScreen(a.ctx, msg.game)), true
	case backMsg:
		return a.pop(), true
	case unsafeQuitMsg:
		return a.backToUnsafeGame(), true
	case resumeMsg:
		if f := a.liveFile(); f != "" && f == msg.path {
			return a.pop(), true // the game this picker was opened from
		}
		view := msg.view
		if view == nil {
			view = a.ctx.Settings.ViewFor
		}
		dir, _ := a.ctx.Settings.SaveDir()
		return claimCmd(msg.path, dir, view), true
	case claimedMsg:
		if msg.problem != "" {
			cmd, _ := a.updateCurrent(problemMsg{msg.problem})
			return cmd, true
		}
		return a.navigate(startGameMsg{msg.opts})
	}
	return nil, false
}

// reset puts a screen alone on the stack.
func (a *App) reset(s screen) tea.Cmd {
	for _, old := range a.stack {
		leaveScreen(old)
	}
	a.stack = []screen{s}
	s.SetSize(a.ctx.Width, a.ctx.Height)
	return startScreen(s)
}

// push puts a screen over the current one, which waits as it is.
func (a *App) push(s screen) tea.Cmd {
	leaveScreen(a.current())
	a.stack = append(a.stack, s)
	s.SetSize(a.ctx.Width, a.ctx.Height)
	return startScreen(s)
}

// replace puts a screen in the current one's place.
func (a *App) replace(s screen) tea.Cmd {
	leaveScreen(a.current())
	a.stack[len(a.stack)-1] = s
	s.SetSize(a.ctx.Width, a.ctx.Height)
	return startScreen(s)
}

// pop goes back to the screen under the current one, laid out for the
// terminal as it is now; with none, to the menu.
func (a *App) pop() tea.Cmd {
	if len(a.stack) < 2 && a.ctx.Table != nil {
		return tea.Quit
	}
	if len(a.stack) < 2 {
		cmd, _ := a.navigate(openMenuMsg{})
		return cmd
	}
	leaveScreen(a.current())
	a.stack = a.stack[:len(a.stack)-1]
	s := a.current()
	s.SetSize(a.ctx.Width, a.ctx.Height)
	return startScreen(s)
}

// liveFile is the unfinished file of the game being played, if any.
func (a *App) liveFile() string {
	if a.live == nil {
		return ""
	}
	return a.live.Saves().File
}

// closeGame lets the game being played go when another game or the
// menu takes its place: nothing can come back to it any more, and its
// unfinished file is free, once written, for the menu, here or in
// another Varia, to offer. The channel is closed when the file is let
// go.
func (a *App) closeGame() <-chan struct{} {
	if a.live == nil {
		return nil
	}
	writes := match.Awaited(a.live.Close())
	a.live = nil
	closed := make(chan struct{})
	go func() {
		for _, s := range writes {
			<-s
		}
		close(closed)
	}()
	return closed
}

// after runs cmd once done is closed (at once when it is nil): the new
// screen looks at the disk after the old game has let its file go.
func after(done <-chan struct{}, cmd tea.Cmd) tea.Cmd {
	if done == nil || cmd == nil {
		return cmd
	}
	return func() tea.Msg {
		<-done
		return cmd()
	}
}

// claimCmd claims an unfinished game and reads it, off the interface's
// goroutine: the game is read as it stands once claimed, with every move
// made since the list was read. dir is the saves folder ("" for the
// default).
func claimCmd(path, dir string, view func(*rules.Variant) config.ViewChoice) tea.Cmd {
	return func() tea.Msg {
		opts, problem := resumeOptions(path, dir, view)
		return claimedMsg{opts, problem}
	}
}

// resumeOptions claims an unfinished game and gives the options that
// resume it with its players and clock, or says why it cannot be. The
// file it says it was saved to counts only when it is in the saves
// folder dir and holds the game (saves.TrustSavedAs): the game goes on
// saving there.
func resumeOptions(path, dir string, view func(*rules.Variant) config.ViewChoice) (GameOptions, string) {
	u, sg, err := saves.ClaimUnfinished(path)
	switch {
	case errors.Is(err, saves.ErrInUse):
		return GameOptions{}, "That game is being played in another Varia."
	case errors.Is(err, fs.ErrNotExist):
		return GameOptions{}, "That game is no longer unfinished: it was finished or removed."
	case err != nil:
		return GameOptions{}, fmt.Sprintf("That game cannot be read: %v", err)
	case sg.Game.Result().Over():
		u.Release()
		return GameOptions{}, fmt.Sprintf("That game is over (%s).", resultText(sg.Game.Result()))
	}
	saves.TrustSavedAs(sg, dir)
	players := match.PlayersFromTags(sg.Tags)
	o := GameOptions{Variant: sg.Game.Variant(), Players: players, Mode: match.ModeOf(players), Continue: sg, Resume: true, Unfinished: u}
	if tc, ok := saves.TimeControlFromTag(sg.Tags.Get("TimeControl")); ok {
		o.Clock = tc
	}
	o.View = view(o.Variant)
	return o, ""
}
