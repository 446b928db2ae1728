package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// boundIn reports whether a key is bound to an action of one screen's
// group of the player's keymap. The keys of this file are not in the
// configuration file yet; where the player gave one of their keys to an
// action of the keymap, that action wins.
func boundIn(k *Keymap, group string, msg tea.KeyMsg) bool {
	for _, g := range k.groups() {
		if g.name != group {
			continue
		}
		for _, a := range g.actions {
			if key.Matches(msg, *a.b) {
				return true
			}
		}
	}
	return false
}

// PlayKeys are the game screen's keys for the computer, saving and
// loading, beside GameKeys.
type PlayKeys struct {
	MoveNow, Hint        key.Binding
	Save, Open           key.Binding
	ScrollUp, ScrollDown key.Binding
}

// DefaultPlayKeys is the standard binding.
func DefaultPlayKeys() PlayKeys {
	return PlayKeys{
		MoveNow:    key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "move now")),
		Hint:       key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "hint")),
		Save:       key.NewBinding(key.WithKeys("s", "ctrl+s"), key.WithHelp("s", "save")),
		Open:       key.NewBinding(key.WithKeys("o", "ctrl+o"), key.WithHelp("o", "open a saved game")),
		ScrollUp:   key.NewBinding(key.WithKeys("pgup", "["), key.WithHelp("pgup/[", "earlier moves")),
		ScrollDown: key.NewBinding(key.WithKeys("pgdown", "]"), key.WithHelp("pgdn/]", "later moves")),
	}
}

// FullHelp is every key, in groups.
func (k PlayKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.MoveNow, k.Hint, k.Save, k.Open, k.ScrollUp, k.ScrollDown}}
}

// ReplayKeys are the replay viewer's keys.
type ReplayKeys struct {
	Prev, Next, Start, End   key.Binding
	Auto, Faster, Slower     key.Binding
	Continue, Flip, View     key.Binding
	Back, Help, Quit         key.Binding
	TwoPlayers, White, Black key.Binding // the continue dialog
	Level, Cancel            key.Binding
}

// DefaultReplayKeys is the standard binding.
func DefaultReplayKeys() ReplayKeys {
	return ReplayKeys{
		Prev:       key.NewBinding(key.WithKeys("left", "h", "backspace"), key.WithHelp("←/→", "step")),
		Next:       key.NewBinding(key.WithKeys("right", "l")),
		Start:      key.NewBinding(key.WithKeys("home", "<", "up", "k"), key.WithHelp("home/end", "start/end")),
		End:        key.NewBinding(key.WithKeys("end", ">", "down", "j")),
		Auto:       key.NewBinding(key.WithKeys(" ", "p"), key.WithHelp("space", "autoplay")),
		Faster:     key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+/-", "speed")),
		Slower:     key.NewBinding(key.WithKeys("-", "_")),
		Continue:   key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "continue")),
		Flip:       key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "flip")),
		View:       key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "view")),
		Back:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Help:       key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more keys")),
		Quit:       key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		TwoPlayers: key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "two players")),
		White:      key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "you play White")),
		Black:      key.NewBinding(key.WithKeys("3"), key.WithHelp("3", "you play Black")),
		Level:      key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "level")),
		Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp is the one-line help.
func (k ReplayKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Prev, k.Start, k.Auto, k.Continue, k.Back, k.Help, k.Quit}
}

// FullHelp is every key, in groups.
func (k ReplayKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Prev, k.Start, k.Auto, k.Faster}, {k.Continue, k.Flip, k.View}, {k.Back, k.Help, k.Quit}}
}

// OpenKeys are the file and game pickers' keys.
type OpenKeys struct {
	Up, Down, Open, Parent, Type, Back, Quit key.Binding
}

// DefaultOpenKeys is the standard binding.
func DefaultOpenKeys() OpenKeys {
	return OpenKeys{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "choose")),
		Down:   key.NewBinding(key.WithKeys("down", "j")),
		Open:   key.NewBinding(key.WithKeys("enter", "right", "l"), key.WithHelp("enter", "open")),
		Parent: key.NewBinding(key.WithKeys("backspace", "left", "h"), key.WithHelp("←", "up a folder")),
		Type:   key.NewBinding(key.WithKeys("/", ":", "p"), key.WithHelp("/", "type a path")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Quit:   key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// ShortHelp is the one-line help.
func (k OpenKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Open, k.Parent, k.Type, k.Back, k.Quit}
}

// MenuPlayKeys are the start menu's keys for the computer, the clock,
// resuming and opening games.
type MenuPlayKeys struct {
	Level, Clock, Resume, Open key.Binding
}

// DefaultMenuPlayKeys is the standard binding.
func DefaultMenuPlayKeys() MenuPlayKeys {
	return MenuPlayKeys{
		Level:  key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "computer's level")),
		Clock:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "clock")),
		Resume: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "resume")),
		Open:   key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open or replay a saved game")),
	}
}
