package tui

import "github.com/charmbracelet/bubbles/key"

// Keymaps are plain data: one struct per screen, built from bindings, so a
// configuration file can rebind them later and bubbles/help can list them.

// GameKeys are the game screen's keys.
type GameKeys struct {
	Up, Down, Left, Right key.Binding
	Select, Cancel        key.Binding
	Type                  key.Binding
	Undo, Redo            key.Binding
	Flip, View            key.Binding
	Draw, Resign          key.Binding
	New, Help, Quit       key.Binding
}

// DefaultGameKeys is the standard binding.
func DefaultGameKeys() GameKeys {
	return GameKeys{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Left:   key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "left")),
		Right:  key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "right")),
		Select: key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "select")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Type:   key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "type move")),
		Undo:   key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		Redo:   key.NewBinding(key.WithKeys("U", "ctrl+r"), key.WithHelp("U", "redo")),
		Flip:   key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "flip")),
		View:   key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "view")),
		Draw:   key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "offer draw")),
		Resign: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "resign")),
		New:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new game")),
		Help:   key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more keys")),
		Quit:   key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// ShortHelp is the one-line help under the board.
func (k GameKeys) ShortHelp() []key.Binding {
	move := key.NewBinding(key.WithKeys("up"), key.WithHelp("←↓↑→", "move"))
	return []key.Binding{move, k.Select, k.Type, k.Undo, k.Flip, k.View, k.Help, k.Quit}
}

// FullHelp is every key, in groups.
func (k GameKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Select, k.Cancel, k.Type},
		{k.Undo, k.Redo, k.Flip, k.View},
		{k.Draw, k.Resign, k.New, k.Help, k.Quit},
	}
}

// MenuKeys are the start menu's keys.
type MenuKeys struct {
	Up, Down           key.Binding
	Mode, View, Pieces key.Binding
	Start, Help, Quit  key.Binding
}

// DefaultMenuKeys is the standard binding.
func DefaultMenuKeys() MenuKeys {
	return MenuKeys{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "previous variant")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next variant")),
		Mode:   key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "mode")),
		View:   key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "board view")),
		Pieces: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "pieces")),
		Start:  key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "start")),
		Help:   key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "all keys")),
		Quit:   key.NewBinding(key.WithKeys("q", "esc", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// ShortHelp is the one-line help.
func (k MenuKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Mode, k.View, k.Pieces, k.Start, k.Quit}
}

// FullHelp is every key, in groups.
func (k MenuKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Start}, {k.Mode, k.View, k.Pieces}, {k.Help, k.Quit}}
}

// PromptKeys are the typed-move prompt's keys (text editing is the text
// input's own).
type PromptKeys struct {
	Submit, Complete, Cancel key.Binding
}

// DefaultPromptKeys is the standard binding.
func DefaultPromptKeys() PromptKeys {
	return PromptKeys{
		Submit:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play")),
		Complete: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp is the one-line help.
func (k PromptKeys) ShortHelp() []key.Binding { return []key.Binding{k.Submit, k.Complete, k.Cancel} }

// FullHelp is every key, in groups.
func (k PromptKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// ChoiceKeys serve the promotion picker and yes/no questions.
type ChoiceKeys struct {
	Prev, Next, Choose, Yes, No, Cancel key.Binding
}

// DefaultChoiceKeys is the standard binding.
func DefaultChoiceKeys() ChoiceKeys {
	return ChoiceKeys{
		Prev:   key.NewBinding(key.WithKeys("left", "h", "up", "k"), key.WithHelp("←/→", "choose")),
		Next:   key.NewBinding(key.WithKeys("right", "l", "down", "j")),
		Choose: key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "confirm")),
		Yes:    key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:     key.NewBinding(key.WithKeys("n", "N"), key.WithHelp("n", "no")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}
