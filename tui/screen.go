package tui

import tea "github.com/charmbracelet/bubbletea"

// screen is one full-window component the App stacks and shows the top
// of. Screens never build, hold or read one another: they ask the App
// for a switch with the messages of nav.go.
type screen interface {
	Update(msg tea.Msg) (screen, tea.Cmd)
	View() string
	// SetSize tells the screen the terminal's size (also in the context).
	SetSize(width, height int)
}

// A screen may want to know when it comes on and goes off: a game starts
// the engine and runs its clock, and stops both when another screen
// covers it (it may come back: the file picker returns to it); the menu
// and the picker look at the disk as they come on.
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

func leaveScreen(s screen) {
	if l, ok := s.(leaver); ok {
		l.leave()
	}
}
