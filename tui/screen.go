package tui

import tea "github.com/charmbracelet/bubbletea"

// screen is one full-window component the root model switches between.
type screen interface {
	Update(msg tea.Msg) (screen, tea.Cmd)
	View() string
	// SetSize tells the screen the terminal's size (also in the context).
	SetSize(width, height int)
}

// Messages that switch screens: the root model reacts to them, so a screen
// never builds another.
type (
	// startGameMsg starts a game with these options.
	startGameMsg struct{ opts GameOptions }
	// openMenuMsg shows the start menu, preselecting these options.
	openMenuMsg struct{ opts GameOptions }
)

func startGame(opts GameOptions) tea.Cmd {
	return func() tea.Msg { return startGameMsg{opts} }
}

func openMenu(opts GameOptions) tea.Cmd {
	return func() tea.Msg { return openMenuMsg{opts} }
}
