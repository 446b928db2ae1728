package config

import "github.com/charmbracelet/bubbles/key"

// Keymaps are plain data: one struct per screen, built from bindings, so
// the configuration file can rebind them and bubbles/help can list them.
// Each action's name in the file, help words, comment and standard keys
// are given once, in Keymap.groups (keymap.go).

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
	Back, Forward         key.Binding // through the game's earlier positions
	Copy                  key.Binding // the position's FEN or the game's PGN, to the clipboard
	Analysis, Review      key.Binding // the engine's view of the position, of the whole game
	Chat                  key.Binding // a game on a server only
}

// ShortHelp is the one-line help under the board.
func (k GameKeys) ShortHelp() []key.Binding {
	move := key.NewBinding(key.WithKeys("up"), key.WithHelp(arrowsLabel(k.Left, k.Down, k.Up, k.Right), "move"))
	return append([]key.Binding{move}, ShortBindings(k.Select, k.Type, k.Undo, k.Flip, k.View, k.Guide, k.Help, k.Quit)...)
}

// FullHelp is every key, in groups.
func (k GameKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Select, k.Cancel, k.Type},
		{k.Undo, k.Redo, k.Flip, k.View},
		{k.MoveNow, k.Hint, k.Save, k.Open, k.Copy, k.ScrollUp, k.ScrollDown, k.Back, k.Forward},
		{k.Analysis, k.Review, k.Chat},
		{k.Draw, k.Resign, k.New, k.Guide, k.Help, k.Quit},
	}
}

// MenuKeys are the start menu's keys.
type MenuKeys struct {
	Up, Down           key.Binding
	Mode, View, Pieces key.Binding
	Level, Clock       key.Binding
	StartPosition      key.Binding // Chess960: which of its start positions
	Start              key.Binding
	Resume, Open       key.Binding
	Editor             key.Binding // set up a position
	Guide, Settings    key.Binding
	Help, Quit         key.Binding
}

// ShortHelp is the one-line help.
func (k MenuKeys) ShortHelp() []key.Binding {
	move := key.NewBinding(key.WithKeys("up"), key.WithHelp(arrowsLabel(k.Up, k.Down), "variant"))
	// mode, level, clock, view and pieces show their keys beside their
	// values, resume and open on their own lines
	return append([]key.Binding{move}, ShortBindings(k.Start, k.Guide, k.Settings, k.Help, k.Quit)...)
}

// FullHelp is every key, in groups.
func (k MenuKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Start, k.Resume, k.Open, k.Editor},
		{k.Mode, k.Level, k.Clock, k.StartPosition, k.View, k.Pieces},
		{k.Guide, k.Settings, k.Help, k.Quit},
	}
}

// PromptKeys are the typed-move prompt's keys (text editing is the text
// input's own).
type PromptKeys struct {
	Submit, Complete, Cancel key.Binding
}

// ShortHelp is the one-line help.
func (k PromptKeys) ShortHelp() []key.Binding {
	return ShortBindings(k.Submit, k.Complete, k.Cancel)
}

// FullHelp is every key, in groups.
func (k PromptKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Submit, k.Complete, k.Cancel}}
}

// ChoiceKeys serve the promotion picker, yes/no questions and the new
// game dialog.
type ChoiceKeys struct {
	Prev, Next, Choose, Yes, No, Cancel key.Binding
	Menu                                key.Binding // new game and quit dialogs: back to the menu
	Rematch                             key.Binding // new game dialog: the colours swapped
}

// pairHelp is one help entry for two bindings that go together, each
// named by its first key: "←/→ step".
func pairHelp(a, b key.Binding, desc string) key.Binding {
	a.SetHelp(FirstKey(a)+"/"+FirstKey(b), desc)
	return a
}

// ReplayKeys are the replay viewer's keys.
type ReplayKeys struct {
	Prev, Next, Start, End   key.Binding
	Auto, Faster, Slower     key.Binding
	Continue, Flip, View     key.Binding
	Back, Help, Quit         key.Binding
	Analysis, Review         key.Binding // the engine's view of the position, of the whole game
	NextMistake, PrevMistake key.Binding
	SideLine, MainLine       key.Binding // into a variation, back out of it
	Save                     key.Binding
}

// ShortHelp is the one-line help.
func (k ReplayKeys) ShortHelp() []key.Binding {
	return append([]key.Binding{pairHelp(k.Prev, k.Next, "step"), pairHelp(k.Start, k.End, "start/end")},
		ShortBindings(k.Analysis, k.Auto, k.Continue, k.Back, k.Help, k.Quit)...)
}

// FullHelp is every key, in groups.
func (k ReplayKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Prev, k.Next, k.Start, k.End}, {k.SideLine, k.MainLine},
		{k.Analysis, k.Review, k.NextMistake, k.PrevMistake}, {k.Auto, k.Faster, k.Slower},
		{k.Continue, k.Save, k.Flip, k.View}, {k.Back, k.Help, k.Quit}}
}

// ContinueKeys are the keys of the replay viewer's continue dialog: who
// plays on from the position shown.
type ContinueKeys struct {
	TwoPlayers, White, Black key.Binding
	Level, Cancel            key.Binding
}

// ShortHelp is the one-line help.
func (k ContinueKeys) ShortHelp() []key.Binding {
	return ShortBindings(k.TwoPlayers, k.White, k.Black, k.Level, k.Cancel)
}

// OpenKeys are the file and game pickers' keys (typing a path uses the
// prompt's keys).
type OpenKeys struct {
	Up, Down, Open, Parent, Type, Back, Quit key.Binding
	Delete                                   key.Binding // an unfinished game
}

// ShortHelp is the one-line help.
func (k OpenKeys) ShortHelp() []key.Binding {
	return append([]key.Binding{pairHelp(k.Up, k.Down, "choose")}, ShortBindings(k.Open, k.Parent, k.Type, k.Back, k.Quit)...)
}

// GuideKeys are the rules guide's keys.
type GuideKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Prev, Next, Close                       key.Binding
}

// ShortHelp is the one-line help.
func (k GuideKeys) ShortHelp() []key.Binding {
	return ShortBindings(k.Down, k.Up, k.PageDown, k.Prev, k.Next, k.Close)
}

// FullHelp is every key, in groups.
func (k GuideKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Prev, k.Next, k.Close}}
}

// SettingsKeys are the settings screen's keys (editing a text value uses
// the prompt's keys).
type SettingsKeys struct {
	Up, Down, Prev, Next, Change, Close key.Binding
}

// ShortHelp is the one-line help.
func (k SettingsKeys) ShortHelp() []key.Binding {
	return ShortBindings(k.Up, k.Down, k.Prev, k.Next, k.Change, k.Close)
}

// EditorKeys are the position editor's keys. The piece letters (P N B
// R Q K for White, p n b r q k for Black) always put a piece.
type EditorKeys struct {
	Up, Down, Left, Right key.Binding
	Put, Remove           key.Binding
	Turn, Castling        key.Binding
	Clear, Reset          key.Binding
	Flip, View            key.Binding
	Start, Back           key.Binding
}

// ShortHelp is the one-line help.
func (k EditorKeys) ShortHelp() []key.Binding {
	move := key.NewBinding(key.WithKeys("up"), key.WithHelp(arrowsLabel(k.Left, k.Down, k.Up, k.Right), "move"))
	return append([]key.Binding{move}, ShortBindings(k.Put, k.Remove, k.Turn, k.Castling, k.Clear, k.Reset, k.Flip, k.Start, k.Back)...)
}

// FullHelp is every key, in groups.
func (k EditorKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right, k.Put, k.Remove}, {k.Turn, k.Castling, k.Clear, k.Reset}, {k.Flip, k.View, k.Start, k.Back}}
}
