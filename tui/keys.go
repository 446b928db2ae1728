package tui

import "github.com/charmbracelet/bubbles/key"

// Keymaps are plain data: one struct per screen, built from bindings, so
// the configuration file can rebind them (keymap.go) and bubbles/help can
// list them.

// GameKeys are the game screen's keys, those for the computer, saving
// and the move list included.
type GameKeys struct {
	Up, Down, Left, Right key.Binding
	Select, Cancel        key.Binding
	Type                  key.Binding
	Undo, Redo            key.Binding
	Flip, View            key.Binding
	Draw, Resign          key.Binding
	New, Guide, Help      key.Binding
	Quit                  key.Binding
	MoveNow, Hint         key.Binding
	Save, Open            key.Binding
	ScrollUp, ScrollDown  key.Binding
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

		MoveNow:    bind("move now", "m"),
		Hint:       bind("hint", "t"),
		Save:       bind("save", "s", "ctrl+s"),
		Open:       bind("open a saved game", "o", "ctrl+o"),
		ScrollUp:   bind("earlier moves", "pgup", "["),
		ScrollDown: bind("later moves", "pgdown", "]"),
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
		{k.MoveNow, k.Hint, k.Save, k.Open, k.ScrollUp, k.ScrollDown},
		{k.Draw, k.Resign, k.New, k.Guide, k.Help, k.Quit},
	}
}

// MenuKeys are the start menu's keys.
type MenuKeys struct {
	Up, Down           key.Binding
	Mode, View, Pieces key.Binding
	Level, Clock       key.Binding
	Start              key.Binding
	Resume, Open       key.Binding
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
		Level:    bind("computer's level", "l"),
		Clock:    bind("clock", "c"),
		Start:    bind("start", "enter", " "),
		Resume:   bind("resume game", "r"),
		Open:     bind("open a game", "o"),
		Guide:    bind("rules guide", "g"),
		Settings: bind("settings", "s"),
		Help:     bind("all keys", "?"),
		Quit:     bind("quit", "q", "esc", "ctrl+c"),
	}
}

// ShortHelp is the one-line help.
func (k MenuKeys) ShortHelp() []key.Binding {
	move := key.NewBinding(key.WithKeys("up"), key.WithHelp(arrowsLabel(k.Up, k.Down), "variant"))
	// mode, level, clock, view and pieces show their keys beside their
	// values, resume and open on their own lines
	return append([]key.Binding{move}, shortBindings(k.Start, k.Guide, k.Settings, k.Help, k.Quit)...)
}

// FullHelp is every key, in groups.
func (k MenuKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Start, k.Resume, k.Open},
		{k.Mode, k.Level, k.Clock, k.View, k.Pieces},
		{k.Guide, k.Settings, k.Help, k.Quit},
	}
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

// ChoiceKeys serve the promotion picker, yes/no questions and the new
// game dialog.
type ChoiceKeys struct {
	Prev, Next, Choose, Yes, No, Cancel key.Binding
	Menu                                key.Binding // new game dialog: back to the menu
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
		Menu:   bind("back to the menu", "m"),
	}
}

// pairHelp is one help entry for two bindings that go together, each
// named by its first key: "←/→ step".
func pairHelp(a, b key.Binding, desc string) key.Binding {
	a.SetHelp(firstKey(a)+"/"+firstKey(b), desc)
	return a
}

// ReplayKeys are the replay viewer's keys.
type ReplayKeys struct {
	Prev, Next, Start, End key.Binding
	Auto, Faster, Slower   key.Binding
	Continue, Flip, View   key.Binding
	Back, Help, Quit       key.Binding
}

// DefaultReplayKeys is the standard binding.
func DefaultReplayKeys() ReplayKeys {
	return ReplayKeys{
		Prev:     bind("move back", "left", "h", "backspace"),
		Next:     bind("move forward", "right", "l"),
		Start:    bind("start", "home", "<", "up", "k"),
		End:      bind("end", "end", ">", "down", "j"),
		Auto:     bind("autoplay", " ", "p"),
		Faster:   bind("faster", "+", "="),
		Slower:   bind("slower", "-", "_"),
		Continue: bind("continue", "c"),
		Flip:     bind("flip", "f"),
		View:     bind("view", "v"),
		Back:     bind("back", "esc"),
		Help:     bind("more keys", "?"),
		Quit:     bind("quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the one-line help.
func (k ReplayKeys) ShortHelp() []key.Binding {
	return append([]key.Binding{pairHelp(k.Prev, k.Next, "step"), pairHelp(k.Start, k.End, "start/end")},
		shortBindings(k.Auto, k.Continue, k.Back, k.Help, k.Quit)...)
}

// FullHelp is every key, in groups.
func (k ReplayKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Prev, k.Next, k.Start, k.End}, {k.Auto, k.Faster, k.Slower}, {k.Continue, k.Flip, k.View}, {k.Back, k.Help, k.Quit}}
}

// ContinueKeys are the keys of the replay viewer's continue dialog: who
// plays on from the position shown.
type ContinueKeys struct {
	TwoPlayers, White, Black key.Binding
	Level, Cancel            key.Binding
}

// DefaultContinueKeys is the standard binding.
func DefaultContinueKeys() ContinueKeys {
	return ContinueKeys{
		TwoPlayers: bind("two players", "1"),
		White:      bind("you play White", "2"),
		Black:      bind("you play Black", "3"),
		Level:      bind("change the level", "l"),
		Cancel:     bind("cancel", "esc"),
	}
}

// ShortHelp is the one-line help.
func (k ContinueKeys) ShortHelp() []key.Binding {
	return shortBindings(k.TwoPlayers, k.White, k.Black, k.Level, k.Cancel)
}

// OpenKeys are the file and game pickers' keys (typing a path uses the
// prompt's keys).
type OpenKeys struct {
	Up, Down, Open, Parent, Type, Back, Quit key.Binding
}

// DefaultOpenKeys is the standard binding.
func DefaultOpenKeys() OpenKeys {
	return OpenKeys{
		Up:     bind("up", "up", "k"),
		Down:   bind("down", "down", "j"),
		Open:   bind("open", "enter", "right", "l"),
		Parent: bind("up a folder", "left", "h", "backspace"),
		Type:   bind("type a path", "/", ":", "p"),
		Back:   bind("back", "esc"),
		Quit:   bind("quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the one-line help.
func (k OpenKeys) ShortHelp() []key.Binding {
	return append([]key.Binding{pairHelp(k.Up, k.Down, "choose")}, shortBindings(k.Open, k.Parent, k.Type, k.Back, k.Quit)...)
}
