package tui

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Keymap is every screen's keys. The configuration file can rebind any
// action; the help line and the full help read the bindings, so they show
// the keys actually bound.
type Keymap struct {
	Menu     MenuKeys
	Game     GameKeys
	Prompt   PromptKeys
	Choice   ChoiceKeys
	Open     OpenKeys
	Replay   ReplayKeys
	Continue ContinueKeys
	Guide    GuideKeys
	Settings SettingsKeys
}

// DefaultKeymap is the standard binding of every screen.
func DefaultKeymap() Keymap {
	k := Keymap{
		Menu:     DefaultMenuKeys(),
		Game:     DefaultGameKeys(),
		Prompt:   DefaultPromptKeys(),
		Choice:   DefaultChoiceKeys(),
		Open:     DefaultOpenKeys(),
		Replay:   DefaultReplayKeys(),
		Continue: DefaultContinueKeys(),
		Guide:    DefaultGuideKeys(),
		Settings: DefaultSettingsKeys(),
	}
	k.relabel()
	return k
}

// GuideKeys are the rules guide's keys.
type GuideKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Prev, Next, Close                       key.Binding
}

// DefaultGuideKeys is the standard binding.
func DefaultGuideKeys() GuideKeys {
	return GuideKeys{
		Up:       bind("scroll up", "up", "k"),
		Down:     bind("scroll down", "down", "j"),
		PageUp:   bind("page up", "pgup", "b"),
		PageDown: bind("page down", "pgdown", " ", "f"),
		Top:      bind("top", "home"),
		Bottom:   bind("bottom", "end", "G"),
		Prev:     bind("previous variant", "left", "h"),
		Next:     bind("next variant", "right", "l", "tab"),
		Close:    bind("back", "esc", "q", "g"),
	}
}

// ShortHelp is the one-line help.
func (k GuideKeys) ShortHelp() []key.Binding {
	return shortBindings(k.Down, k.Up, k.PageDown, k.Prev, k.Next, k.Close)
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

// DefaultSettingsKeys is the standard binding.
func DefaultSettingsKeys() SettingsKeys {
	return SettingsKeys{
		Up:     bind("up", "up", "k"),
		Down:   bind("down", "down", "j"),
		Prev:   bind("previous value", "left", "h"),
		Next:   bind("next value", "right", "l"),
		Change: bind("change", "enter", " "),
		Close:  bind("back", "esc", "q"),
	}
}

// ShortHelp is the one-line help.
func (k SettingsKeys) ShortHelp() []key.Binding {
	return shortBindings(k.Up, k.Down, k.Prev, k.Next, k.Change, k.Close)
}

// bind makes a binding whose help shows its keys.
func bind(desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(keyLabel(keys), desc))
}

// rebind gives a binding new keys, keeping its description.
func rebind(b *key.Binding, keys []string) {
	b.SetKeys(keys...)
	b.SetHelp(keyLabel(keys), b.Help().Desc)
}

// keyLabel shows keys as the help lists them: "↑/k", "enter/space".
func keyLabel(keys []string) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = keyDisplay(k)
	}
	return strings.Join(names, "/")
}

// keyDisplay is one key as people read it.
func keyDisplay(k string) string {
	switch k {
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "left":
		return "←"
	case "right":
		return "→"
	case " ":
		return "space"
	}
	return k
}

// firstKey is the key a binding is known by in one-line help and in
// messages ("u takes a move back"); empty when it has none.
func firstKey(b key.Binding) string {
	if keys := b.Keys(); len(keys) > 0 {
		return keyDisplay(keys[0])
	}
	return ""
}

// shortBindings copies bindings for the one-line help, which has room for
// only each one's first key.
func shortBindings(bs ...key.Binding) []key.Binding {
	out := make([]key.Binding, len(bs))
	for i, b := range bs {
		b.SetHelp(firstKey(b), b.Help().Desc)
		out[i] = b
	}
	return out
}

// arrowsLabel joins the first keys of four movement bindings: "←↓↑→", or
// "a/s/w/d" where a key is more than one character.
func arrowsLabel(bs ...key.Binding) string {
	names := make([]string, len(bs))
	single := true
	for i, b := range bs {
		names[i] = firstKey(b)
		single = single && utf8.RuneCountInString(names[i]) == 1
	}
	if single {
		return strings.Join(names, "")
	}
	return strings.Join(names, "/")
}

// relabel refreshes help texts that combine several bindings.
func (k *Keymap) relabel() {
	k.Choice.Prev.SetHelp(firstKey(k.Choice.Prev)+"/"+firstKey(k.Choice.Next), "choose")
}

// keyAction is one rebindable action: its name in the configuration file,
// its binding, and what it does.
type keyAction struct {
	name string
	b    *key.Binding
	doc  string
}

// keyGroup is one screen's actions: [keys.NAME] in the configuration
// file. Keys must differ within a group; groups are never active at once.
type keyGroup struct {
	name    string
	doc     string
	actions []keyAction
}

// groups lists every rebindable action, by screen, in file order.
func (k *Keymap) groups() []keyGroup {
	m, g, p, c, gd, s := &k.Menu, &k.Game, &k.Prompt, &k.Choice, &k.Guide, &k.Settings
	o, r, rc := &k.Open, &k.Replay, &k.Continue
	return []keyGroup{
		{"menu", "the start menu", []keyAction{
			{"up", &m.Up, "previous variant"}, {"down", &m.Down, "next variant"},
			{"mode", &m.Mode, "change the mode"}, {"level", &m.Level, "change the computer's level"},
			{"clock", &m.Clock, "change the clock"}, {"view", &m.View, "change the board view"},
			{"pieces", &m.Pieces, "change the piece style"}, {"start", &m.Start, "start the game"},
			{"resume", &m.Resume, "resume the most recently played unfinished game"}, {"open", &m.Open, "open or replay a saved game"},
			{"guide", &m.Guide, "open the rules guide"}, {"settings", &m.Settings, "open the settings"},
			{"help", &m.Help, "show every key"}, {"quit", &m.Quit, "quit"},
		}},
		{"game", "a game", []keyAction{
			{"up", &g.Up, "cursor up"}, {"down", &g.Down, "cursor down"},
			{"left", &g.Left, "cursor left"}, {"right", &g.Right, "cursor right"},
			{"select", &g.Select, "select a piece, play to a square"}, {"cancel", &g.Cancel, "cancel the selection"},
			{"type", &g.Type, "type a move"}, {"undo", &g.Undo, "take back a move"}, {"redo", &g.Redo, "replay a move"},
			{"flip", &g.Flip, "flip the board"}, {"view", &g.View, "switch square and diamond view"},
			{"draw", &g.Draw, "claim or offer a draw"}, {"resign", &g.Resign, "resign"},
			{"new", &g.New, "new game"}, {"move_now", &g.MoveNow, "make the computer move now"},
			{"hint", &g.Hint, "ask the computer for a hint"}, {"save", &g.Save, "save the game"},
			{"open", &g.Open, "open a saved game"}, {"scroll_up", &g.ScrollUp, "scroll the move list to earlier moves"},
			{"scroll_down", &g.ScrollDown, "scroll the move list to later moves"}, {"guide", &g.Guide, "open the rules guide"},
			{"help", &g.Help, "show every key"}, {"quit", &g.Quit, "quit"},
		}},
		{"prompt", "typing a move, a setting, a file name or a path", []keyAction{
			{"submit", &p.Submit, "play the move, keep the value, save or open"}, {"complete", &p.Complete, "complete the move"},
			{"cancel", &p.Cancel, "close the prompt"},
		}},
		{"choice", "the promotion picker, yes/no questions and the new game dialog", []keyAction{
			{"previous", &c.Prev, "previous choice"}, {"next", &c.Next, "next choice"},
			{"choose", &c.Choose, "take the choice"}, {"yes", &c.Yes, "answer yes"},
			{"no", &c.No, "answer no"}, {"cancel", &c.Cancel, "cancel"},
			{"menu", &c.Menu, "new game dialog: back to the menu"},
		}},
		{"open", "the file and game picker", []keyAction{
			{"up", &o.Up, "previous entry"}, {"down", &o.Down, "next entry"},
			{"open", &o.Open, "open the game or folder"}, {"parent", &o.Parent, "up a folder; from a file's games, back to the files"},
			{"type", &o.Type, "type a path"}, {"back", &o.Back, "back to where it was opened"},
			{"quit", &o.Quit, "quit"},
		}},
		{"replay", "the replay viewer", []keyAction{
			{"previous", &r.Prev, "one move back"}, {"next", &r.Next, "one move forward"},
			{"start", &r.Start, "to the start"}, {"end", &r.End, "to the end"},
			{"autoplay", &r.Auto, "play the moves through; again to stop"},
			{"faster", &r.Faster, "faster autoplay"}, {"slower", &r.Slower, "slower autoplay"},
			{"continue", &r.Continue, "continue from here as a live game"},
			{"flip", &r.Flip, "flip the board"}, {"view", &r.View, "switch square and diamond view"},
			{"back", &r.Back, "back to the picker or the menu"}, {"help", &r.Help, "show every key"},
			{"quit", &r.Quit, "quit"},
		}},
		{"continue", "the replay viewer's continue dialog", []keyAction{
			{"two_players", &rc.TwoPlayers, "two players"}, {"play_white", &rc.White, "you play White against the computer"},
			{"play_black", &rc.Black, "you play Black against the computer"}, {"level", &rc.Level, "change the computer's level"},
			{"cancel", &rc.Cancel, "back to the replay"},
		}},
		{"guide", "the rules guide", []keyAction{
			{"up", &gd.Up, "scroll up"}, {"down", &gd.Down, "scroll down"},
			{"page_up", &gd.PageUp, "page up"}, {"page_down", &gd.PageDown, "page down"},
			{"top", &gd.Top, "to the top"}, {"bottom", &gd.Bottom, "to the bottom"},
			{"previous", &gd.Prev, "previous variant"}, {"next", &gd.Next, "next variant"},
			{"close", &gd.Close, "back to where it was opened"},
		}},
		{"settings", "the settings screen", []keyAction{
			{"up", &s.Up, "previous setting"}, {"down", &s.Down, "next setting"},
			{"previous", &s.Prev, "previous value"}, {"next", &s.Next, "next value"},
			{"change", &s.Change, "change or edit the value"}, {"close", &s.Close, "back to the menu"},
		}},
	}
}

// keyConflicts lists, within each group, keys bound to more than one
// action: "game: u is bound to undo and flip".
func (k *Keymap) keyConflicts() []keyConflict {
	var out []keyConflict
	for _, g := range k.groups() {
		owner := map[string]string{}
		for _, a := range g.actions {
			for _, name := range a.b.Keys() {
				if first, ok := owner[name]; ok && first != a.name {
					out = append(out, keyConflict{group: g.name, key: name, first: first, second: a.name})
					continue
				}
				owner[name] = a.name
			}
		}
	}
	return out
}

type keyConflict struct{ group, key, first, second string }

// namedKeys are the key names Bubble Tea reports, beyond single characters.
var namedKeys = func() map[string]bool {
	names := map[string]bool{}
	for t := tea.KeyType(-200); t < 200; t++ {
		if n := t.String(); n != "" && n != "runes" && n != " " {
			names[n] = true
		}
	}
	return names
}()

// keyNameAliases are friendlier spellings for keys.
var keyNameAliases = map[string]string{
	"space": " ", "return": "enter", "escape": "esc", "pageup": "pgup", "pagedown": "pgdown",
	"pgdn": "pgdown", "del": "delete",
}

// normalizeKey checks a key name from the configuration file and returns
// it as Bubble Tea spells it: one character ("k", "?", "U"), or a name
// ("enter", "space", "ctrl+r", "f1"), optionally with "alt+".
func normalizeKey(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("an empty key name")
	}
	if utf8.RuneCountInString(name) == 1 {
		r, _ := utf8.DecodeRuneInString(name)
		if !unicode.IsPrint(r) || r == ' ' {
			return "", fmt.Errorf("key %q: write space as \"space\"", name)
		}
		return name, nil
	}
	lower := strings.ToLower(name)
	if rest, ok := strings.CutPrefix(lower, "alt+"); ok {
		inner, err := normalizeKey(name[len("alt+"):])
		if err != nil || rest == "" {
			return "", fmt.Errorf("unknown key %q", name)
		}
		return "alt+" + inner, nil
	}
	if alias, ok := keyNameAliases[lower]; ok {
		return alias, nil
	}
	if namedKeys[lower] {
		return lower, nil
	}
	return "", fmt.Errorf("unknown key %q (keys are single characters or names such as %s)", name, keyNameExamples)
}

const keyNameExamples = "enter, esc, tab, space, up, down, left, right, pgup, home, backspace, ctrl+r, alt+x, f1"

// configKeyName is how the configuration file writes a key.
func configKeyName(k string) string {
	if k == " " {
		return "space"
	}
	return k
}

// fillDefaults gives every binding without keys the standard ones, so a
// Keymap left zero (or partly filled) works.
func (k *Keymap) fillDefaults() {
	def := DefaultKeymap()
	mine, theirs := k.groups(), def.groups()
	for i := range mine {
		for j, a := range mine[i].actions {
			if len(a.b.Keys()) == 0 {
				*a.b = *theirs[i].actions[j].b
			}
		}
	}
	k.relabel()
}

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
