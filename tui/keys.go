package tui

import "github.com/charmbracelet/bubbles/key"

// Keymaps are plain data: one struct per screen, built from bindings, so
// the configuration file can rebind them (keymap.go) and bubbles/help can
// list them.

// GameKeys are the game screen's keys.
type GameKeys struct {
	Up, Down, Left, Right key.Binding
	Select, Cancel        key.Binding
	Type                  key.Binding
	Undo, Redo            key.Binding
	Flip, View            key.Binding
	Draw, Resign          key.Binding
	New, Guide, Help      key.Binding
	Quit                  key.Binding
}

// DefaultGameKeys is the standard binding.
func DefaultGameKeys() GameKeys {
	return GameKeys{
		Up:     bind("up", "up", "k"),
		Down:   bind("down", "down", "j"),
		Left:   bind("left", "left", "h"),
		Right:  bind("right", "right", "l"),
		Select: bind("select", "enter", " "),
		Cancel: bind("cancel", "esc"),
		Type:   bind("type move", ":"),
		Undo:   bind("undo", "u"),
		Redo:   bind("redo", "U", "ctrl+r"),
		Flip:   bind("flip", "f"),
		View:   bind("view", "v"),
		Draw:   bind("offer draw", "d"),
		Resign: bind("resign", "r"),
		New:    bind("new game", "n"),
		Guide:  bind("rules", "g"),
		Help:   bind("more keys", "?"),
		Quit:   bind("quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the one-line help under the board.
func (k GameKeys) ShortHelp() []key.Binding {
	move := key.NewBinding(key.WithKeys("up"), key.WithHelp(arrowsLabel(k.Left, k.Down, k.Up, k.Right), "move"))
	return append([]key.Binding{move}, shortBindings(k.Select, k.Type, k.Undo, k.Flip, k.View, k.Guide, k.Help, k.Quit)...)
}

// FullHelp is every key, in groups.
func (k GameKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Select, k.Cancel, k.Type},
		{k.Undo, k.Redo, k.Flip, k.View},
		{k.Draw, k.Resign, k.New, k.Guide, k.Help, k.Quit},
	}
}

// MenuKeys are the start menu's keys.
type MenuKeys struct {
	Up, Down           key.Binding
	Mode, View, Pieces key.Binding
	Start              key.Binding
	Guide, Settings    key.Binding
	Help, Quit         key.Binding
}

// DefaultMenuKeys is the standard binding.
func DefaultMenuKeys() MenuKeys {
	return MenuKeys{
		Up:       bind("previous variant", "up", "k"),
		Down:     bind("next variant", "down", "j"),
		Mode:     bind("mode", "m"),
		View:     bind("board view", "v"),
		Pieces:   bind("pieces", "a"),
		Start:    bind("start", "enter", " "),
		Guide:    bind("rules guide", "g"),
		Settings: bind("settings", "s"),
		Help:     bind("all keys", "?"),
		Quit:     bind("quit", "q", "esc", "ctrl+c"),
	}
}

// ShortHelp is the one-line help.
func (k MenuKeys) ShortHelp() []key.Binding {
	move := key.NewBinding(key.WithKeys("up"), key.WithHelp(arrowsLabel(k.Up, k.Down), "variant"))
	// mode, view and pieces show their keys beside their values
	return append([]key.Binding{move}, shortBindings(k.Start, k.Guide, k.Settings, k.Help, k.Quit)...)
}

// FullHelp is every key, in groups.
func (k MenuKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Start}, {k.Mode, k.View, k.Pieces}, {k.Guide, k.Settings, k.Help, k.Quit}}
}

// PromptKeys are the typed-move prompt's keys (text editing is the text
// input's own).
type PromptKeys struct {
	Submit, Complete, Cancel key.Binding
}

// DefaultPromptKeys is the standard binding.
func DefaultPromptKeys() PromptKeys {
	return PromptKeys{
		Submit:   bind("play", "enter"),
		Complete: bind("complete", "tab"),
		Cancel:   bind("cancel", "esc"),
	}
}

// ShortHelp is the one-line help.
func (k PromptKeys) ShortHelp() []key.Binding {
	return shortBindings(k.Submit, k.Complete, k.Cancel)
}

// FullHelp is every key, in groups.
func (k PromptKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Submit, k.Complete, k.Cancel}}
}

// ChoiceKeys serve the promotion picker and yes/no questions.
type ChoiceKeys struct {
	Prev, Next, Choose, Yes, No, Cancel key.Binding
}

// DefaultChoiceKeys is the standard binding. Prev's help names both
// directions (Keymap.relabel).
func DefaultChoiceKeys() ChoiceKeys {
	return ChoiceKeys{
		Prev:   bind("choose", "left", "h", "up", "k"),
		Next:   bind("next", "right", "l", "down", "j"),
		Choose: bind("confirm", "enter", " "),
		Yes:    bind("yes", "y", "Y"),
		No:     bind("no", "n", "N"),
		Cancel: bind("cancel", "esc"),
	}
}
