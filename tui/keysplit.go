package tui

import tea "github.com/charmbracelet/bubbletea"

// splitKeys calls handle for each key of a message. Keys typed faster
// than the screen reads them arrive as one message with several runes;
// outside text input each is a command of its own.
func splitKeys(k tea.KeyMsg, handle func(tea.KeyMsg) tea.Cmd) tea.Cmd {
	if k.Type != tea.KeyRunes || len(k.Runes) < 2 || k.Paste {
		return handle(k)
	}
	var cmds []tea.Cmd
	for _, r := range k.Runes {
		cmds = append(cmds, handle(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt}))
	}
	return tea.Batch(cmds...)
}
