package tui

import tea "github.com/charmbracelet/bubbletea"

// splitKeys calls handle for each key of a message. Keys typed faster
// than the screen reads them arrive as one message with several runes;
// outside text input each is a command of its own. typing, when given,
// says whether text is being typed: once a key has opened a line to
// type on, the rest of the runes go to it as they came (":e4" opens the
// prompt and types e4 into it).
func splitKeys(k tea.KeyMsg, handle func(tea.KeyMsg) tea.Cmd, typing func() bool) tea.Cmd {
	typed := func() bool { return typing != nil && typing() }
	if k.Type != tea.KeyRunes || len(k.Runes) < 2 || k.Paste || typed() {
		return handle(k)
	}
	var cmds []tea.Cmd
	for i, r := range k.Runes {
		if typed() {
			cmds = append(cmds, handle(tea.KeyMsg{Type: tea.KeyRunes, Runes: k.Runes[i:], Alt: k.Alt}))
			break
		}
		cmds = append(cmds, handle(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt}))
	}
	return tea.Batch(cmds...)
}
