package config

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
	Editor   EditorKeys
}

// DefaultKeymap is the standard binding of every screen.
func DefaultKeymap() Keymap {
	var k Keymap
	for _, g := range k.groups() {
		for _, a := range g.actions {
			*a.b = bind(a.help, a.keys...)
		}
	}
	k.relabel()
	return k
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

// FirstKey is the key a binding is known by in one-line help and in
// messages ("u takes a move back"); empty when it has none.
func FirstKey(b key.Binding) string {
	if keys := b.Keys(); len(keys) > 0 {
		return keyDisplay(keys[0])
	}
	return ""
}

// ShortBindings copies bindings for the one-line help, which has room for
// only each one's first key.
func ShortBindings(bs ...key.Binding) []key.Binding {
	out := make([]key.Binding, len(bs))
	for i, b := range bs {
		b.SetHelp(FirstKey(b), b.Help().Desc)
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
		names[i] = FirstKey(b)
		single = single && utf8.RuneCountInString(names[i]) == 1
	}
	if single {
		return strings.Join(names, "")
	}
	return strings.Join(names, "/")
}

// relabel refreshes help texts that combine several bindings.
func (k *Keymap) relabel() {
	k.Choice.Prev.SetHelp(FirstKey(k.Choice.Prev)+"/"+FirstKey(k.Choice.Next), "choose")
}

// keyAction is one rebindable action, named once: its name in the
// configuration file, the binding it sets, its words in the help line,
// what the file's comment says it does, and its standard keys.
type keyAction struct {
	name string
	b    *key.Binding
	help string
	doc  string
	keys []string
}

func act(name string, b *key.Binding, help, doc string, keys ...string) keyAction {
	return keyAction{name: name, b: b, help: help, doc: doc, keys: keys}
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
	o, r, rc, ed := &k.Open, &k.Replay, &k.Continue, &k.Editor
	return []keyGroup{
		{"menu", "the start menu", []keyAction{
			act("up", &m.Up, "previous variant", "previous variant", "up", "k"),
			act("down", &m.Down, "next variant", "next variant", "down", "j"),
			act("mode", &m.Mode, "mode", "change the mode", "m"),
			act("level", &m.Level, "computer's level", "change the computer's level", "l"),
			act("clock", &m.Clock, "clock", "change the clock", "c"),
			act("start_position", &m.StartPosition, "start position", "Chess960: choose the start position (a number, or random)", "n"),
			act("view", &m.View, "board view", "change the board view", "v"),
			act("pieces", &m.Pieces, "pieces", "change the piece style", "a"),
			act("start", &m.Start, "start", "start the game", "enter", " "),
			act("resume", &m.Resume, "resume game", "resume the most recently played unfinished game", "r"),
			act("open", &m.Open, "open a game", "open or replay a saved game", "o"),
			act("editor", &m.Editor, "set up a position", "set up a position to start a game from", "e"),
			act("guide", &m.Guide, "rules guide", "open the rules guide", "g"),
			act("settings", &m.Settings, "settings", "open the settings", "s"),
			act("help", &m.Help, "all keys", "show every key", "?"),
			act("quit", &m.Quit, "quit", "quit", "q", "esc", "ctrl+c"),
		}},
		{"game", "a game", []keyAction{
			act("up", &g.Up, "up", "cursor up", "up", "k"),
			act("down", &g.Down, "down", "cursor down", "down", "j"),
			act("left", &g.Left, "left", "cursor left", "left", "h"),
			act("right", &g.Right, "right", "cursor right", "right", "l"),
			act("select", &g.Select, "select", "select a piece, play to a square", "enter", " "),
			act("cancel", &g.Cancel, "cancel", "cancel the selection", "esc"),
			act("type", &g.Type, "type move", "type a move", ":"),
			act("undo", &g.Undo, "undo", "take back a move", "u"),
			act("redo", &g.Redo, "redo", "replay a move", "U", "ctrl+r"),
			act("flip", &g.Flip, "flip", "flip the board", "f"),
			act("view", &g.View, "view", "switch square and diamond view", "v"),
			act("draw", &g.Draw, "offer draw", "claim or offer a draw", "d"),
			act("resign", &g.Resign, "resign", "resign", "r"),
			act("new", &g.New, "new game", "new game", "n"),
			act("move_now", &g.MoveNow, "move now", "make the computer move now", "m"),
			act("hint", &g.Hint, "hint", "ask the computer for a hint", "t"),
			act("save", &g.Save, "save", "save the game", "s", "ctrl+s"),
			act("open", &g.Open, "open a saved game", "open a saved game", "o", "ctrl+o"),
			act("copy", &g.Copy, "copy FEN/PGN", "copy the position's FEN or the game's PGN to the clipboard", "c"),
			act("scroll_up", &g.ScrollUp, "earlier moves", "scroll the move list to earlier moves", "pgup", "["),
			act("scroll_down", &g.ScrollDown, "later moves", "scroll the move list to later moves", "pgdown", "]"),
			act("back", &g.Back, "earlier position", "show the position a move earlier (the game goes on)", "<", ","),
			act("forward", &g.Forward, "later position", "show the position a move later; at the end, the game again", ">", "."),
			act("analysis", &g.Analysis, "analysis", "the engine's analysis of the position shown (two players, or once the game is over; against the computer as the settings allow)", "a"),
			act("review", &g.Review, "analyse the game", "analyse the whole game: every move judged, mistakes marked (once it is over, or as analysis is allowed)", "A"),
			act("chat", &g.Chat, "chat", "say a line to the others at the table (a game on a server)", "'"),
			act("guide", &g.Guide, "rules", "open the rules guide", "g"),
			act("help", &g.Help, "more keys", "show every key", "?"),
			act("quit", &g.Quit, "quit", "quit", "q", "ctrl+c"),
		}},
		{"prompt", "typing a move, a setting, a file name or a path", []keyAction{
			act("submit", &p.Submit, "play", "play the move, keep the value, save or open", "enter"),
			act("complete", &p.Complete, "complete", "complete the move", "tab"),
			act("cancel", &p.Cancel, "cancel", "close the prompt", "esc"),
		}},
		{"choice", "the promotion picker, yes/no questions and the new game and quit dialogs", []keyAction{
			act("previous", &c.Prev, "choose", "previous choice", "left", "h", "up", "k"),
			act("next", &c.Next, "next", "next choice", "right", "l", "down", "j"),
			act("choose", &c.Choose, "confirm", "take the choice", "enter", " "),
			act("yes", &c.Yes, "yes", "answer yes", "y", "Y"),
			act("no", &c.No, "no", "answer no", "n", "N"),
			act("cancel", &c.Cancel, "cancel", "cancel", "esc"),
			act("menu", &c.Menu, "back to the menu", "new game and quit dialogs: back to the menu", "m"),
			act("rematch", &c.Rematch, "rematch", "new game dialog: a rematch, the colours swapped", "r"),
		}},
		{"open", "the file and game picker", []keyAction{
			act("up", &o.Up, "up", "previous entry", "up", "k"),
			act("down", &o.Down, "down", "next entry", "down", "j"),
			act("open", &o.Open, "open", "open the game or folder", "enter", "right", "l"),
			act("parent", &o.Parent, "up a folder", "up a folder; from a file's games, back to the files", "left", "h", "backspace"),
			act("type", &o.Type, "type a path", "type a path", "/", ":", "p"),
			act("delete", &o.Delete, "delete", "delete an unfinished game (asks first)", "d", "delete"),
			act("back", &o.Back, "back", "back to where it was opened", "esc"),
			act("quit", &o.Quit, "quit", "quit", "q", "ctrl+c"),
		}},
		{"replay", "the replay viewer", []keyAction{
			act("previous", &r.Prev, "move back", "one move back", "left", "h", "backspace"),
			act("next", &r.Next, "move forward", "one move forward", "right", "l"),
			act("side_line", &r.SideLine, "side line", "play the side line given instead of the move shown; again for the next one", "enter"),
			act("main_line", &r.MainLine, "out of side line", "back from a side line to the move it replaces", "m"),
			act("analysis", &r.Analysis, "analysis", "the engine's analysis of the position shown: evaluation bar, score, best lines", "a"),
			act("review", &r.Review, "analyse game", "analyse the whole game: every move judged, mistakes marked, an evaluation graph; again to stop", "A"),
			act("next_mistake", &r.NextMistake, "next mistake", "to the next inaccuracy, mistake or blunder", "n"),
			act("previous_mistake", &r.PrevMistake, "previous mistake", "to the previous inaccuracy, mistake or blunder", "N"),
			act("save", &r.Save, "save", "save the game, with its analysis", "s", "ctrl+s"),
			act("start", &r.Start, "start", "to the start", "home", "<", "up", "k"),
			act("end", &r.End, "end", "to the end", "end", ">", "down", "j"),
			act("autoplay", &r.Auto, "autoplay", "play the moves through; again to stop", " ", "p"),
			act("faster", &r.Faster, "faster", "faster autoplay", "+", "="),
			act("slower", &r.Slower, "slower", "slower autoplay", "-", "_"),
			act("continue", &r.Continue, "continue", "continue from here as a live game", "c"),
			act("flip", &r.Flip, "flip", "flip the board", "f"),
			act("view", &r.View, "view", "switch square and diamond view", "v"),
			act("back", &r.Back, "back", "back to the picker or the menu", "esc"),
			act("help", &r.Help, "more keys", "show every key", "?"),
			act("quit", &r.Quit, "quit", "quit", "q", "ctrl+c"),
		}},
		{"continue", "the replay viewer's continue dialog", []keyAction{
			act("two_players", &rc.TwoPlayers, "two players", "two players", "1"),
			act("play_white", &rc.White, "you play White", "you play White against the computer", "2"),
			act("play_black", &rc.Black, "you play Black", "you play Black against the computer", "3"),
			act("level", &rc.Level, "change the level", "change the computer's level", "l"),
			act("cancel", &rc.Cancel, "cancel", "back to the replay", "esc"),
		}},
		{"guide", "the rules guide", []keyAction{
			act("up", &gd.Up, "scroll up", "scroll up", "up", "k"),
			act("down", &gd.Down, "scroll down", "scroll down", "down", "j"),
			act("page_up", &gd.PageUp, "page up", "page up", "pgup", "b"),
			act("page_down", &gd.PageDown, "page down", "page down", "pgdown", " ", "f"),
			act("top", &gd.Top, "top", "to the top", "home"),
			act("bottom", &gd.Bottom, "bottom", "to the bottom", "end", "G"),
			act("previous", &gd.Prev, "previous variant", "previous variant", "left", "h"),
			act("next", &gd.Next, "next variant", "next variant", "right", "l", "tab"),
			act("close", &gd.Close, "back", "back to where it was opened", "esc", "q", "g"),
		}},
		{"editor", "the position editor (the piece letters P N B R Q K, p n b r q k always put pieces)", []keyAction{
			act("up", &ed.Up, "up", "cursor up", "up"),
			act("down", &ed.Down, "down", "cursor down", "down"),
			act("left", &ed.Left, "left", "cursor left", "left"),
			act("right", &ed.Right, "right", "cursor right", "right"),
			act("put", &ed.Put, "put", "put the last piece chosen on the cursor's square", "enter", " "),
			act("remove", &ed.Remove, "remove", "empty the cursor's square", "x", "delete", "backspace"),
			act("turn", &ed.Turn, "side to move", "change the side to move", "t"),
			act("castling", &ed.Castling, "castling", "grant or withdraw a castling right, by its number", "1", "2", "3", "4"),
			act("clear", &ed.Clear, "empty board", "take every piece away", "e"),
			act("reset", &ed.Reset, "start position", "back to the variant's start position", "i"),
			act("flip", &ed.Flip, "flip", "flip the board", "f"),
			act("view", &ed.View, "view", "switch square and diamond view", "v"),
			act("start", &ed.Start, "start", "start a game from the position", "s", "ctrl+s"),
			act("back", &ed.Back, "back", "back to the menu", "esc"),
		}},
		{"settings", "the settings screen", []keyAction{
			act("up", &s.Up, "up", "previous setting", "up", "k"),
			act("down", &s.Down, "down", "next setting", "down", "j"),
			act("previous", &s.Prev, "previous value", "previous value", "left", "h"),
			act("next", &s.Next, "next value", "next value", "right", "l"),
			act("change", &s.Change, "change", "change or edit the value", "enter", " "),
			act("close", &s.Close, "back", "back to the menu", "esc", "q"),
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

// FillDefaults gives every binding without keys the standard ones, so a
// Keymap left zero (or partly filled) works.
func (k *Keymap) FillDefaults() {
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
