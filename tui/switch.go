package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
)

// A screen may want to know when it comes on and goes off: a game starts
// the engine and runs its clock, and stops both when another screen
// takes its place (it may come back: the file picker returns to it).
type (
	starter interface{ start() tea.Cmd }
	leaver  interface{ leave() }
)

func startScreen(s screen) tea.Cmd {
	if st, ok := s.(starter); ok {
		return st.start()
	}
	return nil
}

// switchTo puts a screen on, telling the one it replaces.
func (a *App) switchTo(s screen) tea.Cmd {
	if l, ok := a.current.(leaver); ok && a.current != s {
		l.leave()
	}
	a.current = s
	s.SetSize(a.ctx.Width, a.ctx.Height)
	return startScreen(s)
}

// Messages that switch to the screens of saved games.
type (
	// openFilesMsg shows the file picker; esc returns to back (the
	// menu when nil).
	openFilesMsg struct{ back screen }
	// openReplayMsg shows a game in the replay viewer; esc returns to
	// back (the menu when nil).
	openReplayMsg struct {
		game *saves.SavedGame
		back screen
	}
)

func openFiles(back screen) tea.Cmd {
	return func() tea.Msg { return openFilesMsg{back} }
}

func openReplay(sg *saves.SavedGame, back screen) tea.Cmd {
	return func() tea.Msg { return openReplayMsg{sg, back} }
}

// goBack returns to a screen kept aside, or the menu.
func goBack(back screen) tea.Cmd {
	if back == nil {
		return openMenu(GameOptions{})
	}
	return returnTo(back)
}

// playScreenFor is the screen a saved-games message asks for.
func playScreenFor(ctx *Context, msg tea.Msg) (screen, bool) {
	switch msg := msg.(type) {
	case openFilesMsg:
		return newOpenScreen(ctx, msg.back, ""), true
	case openReplayMsg:
		return newReplayScreen(ctx, msg.game, msg.back), true
	}
	return nil, false
}

// openReplayFile opens `varia replay FILE [--game N]`: the viewer on
// the game, or the game picker when the file holds several and none
// was named.
func openReplayFile(ctx *Context, path string, number int) (screen, error) {
	games, err := saves.ReadFile(path)
	if len(games) == 0 {
		if err == nil {
			err = fmt.Errorf("%s holds no game", path)
		}
		return nil, err
	}
	switch {
	case number > len(games) && err != nil:
		return nil, fmt.Errorf("game %d: %w (the %d before it were read)", number, err, len(games))
	case number > len(games) || number < 0:
		return nil, fmt.Errorf("%s has %d games; there is no game %d", path, len(games), number)
	case number > 0:
		return newReplayScreen(ctx, games[number-1], nil), nil
	case len(games) == 1 && err == nil:
		return newReplayScreen(ctx, games[0], nil), nil
	}
	o := newOpenScreen(ctx, nil, "")
	o.showGames(path, games, err)
	return o, nil
}
