package config

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/board"
	"varia/tui/words"
)

// Setting is one preference in the configuration file: where it is, what
// the file's comment and the settings screen say about it, and how it is
// read and written. The file's reader, the default file and the settings
// screen all work from this one list.
type Setting struct {
	Section, Key string
	Label        string   // on the settings screen
	Doc          string   // the comment above it in the file
	kind         tomlKind // tomlString or tomlBool
	// Choices are the values the settings screen steps through; nil for a
	// value that is typed. typed also allows typing one not listed.
	Choices func() []string
	Typed   bool
	Restart bool // takes effect at the next start
	// Explain says what the current value means, where that is more
	// than its name
	Explain func(*Settings) string
	Get     func(*Settings) string
	Set     func(*Settings, string) error
}

// TOML is the setting's current value written as TOML.
func (st *Setting) TOML(s *Settings) string {
	if st.kind == tomlBool {
		return st.Get(s)
	}
	return tomlQuote(st.Get(s))
}

// IsBool reports whether the setting is true or false.
func (st *Setting) IsBool() bool { return st.kind == tomlBool }

// IsText reports whether the setting is text (which may be empty, for
// the default).
func (st *Setting) IsText() bool { return st.kind == tomlString }

func boolSetting(section, key, label, doc string, field func(*Settings) *bool) Setting {
	return Setting{
		Section: section, Key: key, Label: label, Doc: doc, kind: tomlBool,
		Choices: func() []string { return []string{"false", "true"} },
		Get:     func(s *Settings) string { return fmt.Sprint(*field(s)) },
		Set: func(s *Settings, v string) error {
			*field(s) = v == "true"
			return nil
		},
	}
}

// Schema lists every preference, in file order.
func Schema() []Setting {
	list := []Setting{
		{
			Section: "play", Key: "variant", Label: "Variant the menu opens on",
			Doc:     "The variant the menu opens on: " + strings.Join(rules.VariantIDs(), ", ") + ".",
			kind:    tomlString,
			Choices: rules.VariantIDs,
			Get: func(s *Settings) string {
				if s.Variant == nil {
					return rules.Variants()[0].ID
				}
				return s.Variant.ID
			},
			Set: func(s *Settings, v string) error {
				found, err := variantByID(v)
				if err == nil {
					s.Variant = found
				}
				return err
			},
		},
		boolSetting("play", "turn_board", "Turn the board for each player",
			"In two-player games, turn the board so the side to move is at the bottom.",
			func(s *Settings) *bool { return &s.TurnBoard }),
		boolSetting("play", "confirm_resign", "Ask before resigning",
			"Ask before resigning.",
			func(s *Settings) *bool { return &s.ConfirmResign }),
		boolSetting("play", "confirm_quit", "Ask before leaving a game",
			"Ask before quitting a game in progress.",
			func(s *Settings) *bool { return &s.ConfirmQuit }),
		boolSetting("play", "bell", "Bell on moves, check, low time",
			"Ring the terminal's bell on the opponent's move, on check, and when your clock falls under 10 seconds.",
			func(s *Settings) *bool { return &s.Bell }),
		{
			Section: "play", Key: "clock", Label: "Clock for new games",
			Doc:     `Clock for new games: minutes each plus seconds added per move ("5+3"), minutes:seconds each ("0:30+1"), or "none".`,
			kind:    tomlString,
			Choices: func() []string { return clockChoices },
			Typed:   true,
			Get:     func(s *Settings) string { return s.Clock.String() },
			Set: func(s *Settings, v string) error {
				c, err := saves.ParseTimeControl(v)
				if err == nil {
					s.Clock = c
				}
				return err
			},
		},
		{
			Section: "play", Key: "save_folder", Label: "Folder for saved games",
			Doc:   `Folder for saved games: an absolute path or one starting with ~/; "" for the default ($XDG_DATA_HOME/varia/games, else ~/.local/share/varia/games).`,
			kind:  tomlString,
			Typed: true,
			Get:   func(s *Settings) string { return s.SaveFolder },
			Set: func(s *Settings, v string) error {
				v = strings.TrimSpace(v)
				if _, err := expandFolder(v); err != nil {
					return err
				}
				s.SaveFolder = v
				return nil
			},
		},
		func() Setting {
			st := boolSetting("play", "mouse", "Mouse clicks on the board",
				"Accept mouse clicks on the board (false leaves the mouse to the terminal, to select text).",
				func(s *Settings) *bool { return &s.Mouse })
			st.Restart = true
			return st
		}(),
		{
			Section: "board", Key: "theme", Label: "Board theme",
			Doc:     "Board theme: " + strings.Join(board.ThemeNames(), ", ") + ".",
			kind:    tomlString,
			Choices: board.ThemeNames,
			Explain: func(s *Settings) string {
				if t, err := board.ThemeByName(s.Theme); err == nil {
					return words.Capitalise(t.Description) + "."
				}
				return ""
			},
			Get: func(s *Settings) string { return s.Theme },
			Set: func(s *Settings, v string) error {
				t, err := board.ThemeByName(v)
				if err == nil {
					s.Theme = t.Name
				}
				return err
			},
		},
		{
			Section: "board", Key: "pieces", Label: "Pieces",
			Doc:     "Pieces: filled or outline chess symbols, or letters (for fonts without the symbols).",
			kind:    tomlString,
			Choices: board.PieceStyleNames,
			Get:     func(s *Settings) string { return s.Pieces.String() },
			Set: func(s *Settings, v string) error {
				p, err := board.ParsePieceStyle(v)
				if err == nil {
					s.Pieces = p
				}
				return err
			},
		},
	}
	for i, v := range rules.Variants() {
		doc := ""
		if i == 0 {
			doc = "The board view each variant's games open in: square or diamond (turned 45°)."
		}
		id := v.ID
		list = append(list, Setting{
			Section: "view", Key: id, Label: v.Name, Doc: doc, kind: tomlString,
			Choices: func() []string { return []string{"square", "diamond"} },
			Get: func(s *Settings) string {
				c, ok := s.Views[id]
				if !ok {
					c = ViewAuto
				}
				return viewChoiceName(c.Fixed(v))
			},
			Set: func(s *Settings, text string) error {
				c, err := parseViewChoice(text)
				if err == nil {
					s.Views[id] = c.Fixed(v)
				}
				return err
			},
		})
	}
	list = append(list, Setting{
		Section: "computer", Key: "level", Label: "Computer's level",
		Doc:     "The computer's playing level for new games: " + strings.Join(levelChoices(), ", ") + ".",
		kind:    tomlString,
		Choices: levelChoices,
		Explain: func(s *Settings) string {
			if l, err := ai.LevelByName(s.Level); err == nil {
				return l.Explanation
			}
			return ""
		},
		Get: func(s *Settings) string { return s.Level },
		Set: func(s *Settings, v string) error {
			l, err := parseLevel(v)
			if err == nil {
				s.Level = l
			}
			return err
		},
	}, Setting{
		Section: "computer", Key: "threads", Label: "Engine threads (Expert)",
		Doc:     `Threads the engine searches with at full strength (Expert, hints): "auto" for all cores but one, or a number. The rated levels search with one.`,
		kind:    tomlString,
		Choices: threadChoices,
		Typed:   true,
		Explain: func(s *Settings) string {
			return fmt.Sprintf("Expert thinks with %s on this machine (%d cores).", words.Count(s.EngineThreads(), "thread", "threads"), runtime.NumCPU())
		},
		Get: func(s *Settings) string {
			if s.Threads <= 0 {
				return "auto"
			}
			return strconv.Itoa(s.Threads)
		},
		Set: func(s *Settings, v string) error {
			v = strings.TrimSpace(v)
			if strings.EqualFold(v, "auto") || v == "" {
				s.Threads = 0
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > ai.MaxThreads {
				return fmt.Errorf("threads %q: want auto or a number from 1 to %d", v, ai.MaxThreads)
			}
			s.Threads = n
			return nil
		},
	}, boolSetting("computer", "analysis", "Analysis during a game v the computer",
		"Allow the engine's analysis of the position and of the whole game (a, A) while you play the computer; without it, once the game is over.",
		func(s *Settings) *bool { return &s.AnalysisVsComputer }))
	return list
}

// threadChoices are auto and the counts up to the machine's cores.
func threadChoices() []string {
	out := []string{"auto"}
	for n := 1; n <= runtime.NumCPU() && n <= ai.MaxThreads; n *= 2 {
		out = append(out, strconv.Itoa(n))
	}
	if n := runtime.NumCPU(); n > 1 && n&(n-1) != 0 && n <= ai.MaxThreads {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// expandFolder turns a folder setting into a path: "" stays "" (the
// default), ~/ is the home folder, anything else must be absolute.
func expandFolder(v string) (string, error) {
	switch {
	case v == "":
		return "", nil
	case v == "~" || strings.HasPrefix(v, "~/"):
		path, err := saves.ExpandHome(v)
		if err != nil {
			return "", fmt.Errorf("folder %q: no home folder to start from: %v", v, err)
		}
		return path, nil
	case !filepath.IsAbs(v):
		return "", fmt.Errorf("folder %q: want an absolute path or one starting with ~/", v)
	}
	return filepath.Clean(v), nil
}

// SaveDir is the folder saved games go to, with ~ expanded; "" means the
// default folder.
func (s Settings) SaveDir() (string, error) { return expandFolder(s.SaveFolder) }

const configHeader = `# Varia settings.
#
# Varia reads this file when it starts; the settings screen (s in the menu)
# changes it in place, keeping your comments. A line starting with # is a
# comment. A value that cannot be used is reported with its line and that
# setting keeps its default; delete the file to get every default back.
`

const keysHeader = `# Keys. Each action lists its keys: single characters ("k", "?", "U")
# or names: enter, esc, tab, space, backspace, delete, up, down, left,
# right, home, end, pgup, pgdown, ctrl+a to ctrl+z, alt+ any key, f1 to
# f20. Two actions of one section may not share a key; ctrl+c always
# quits. The help line and the ? screens show the keys bound here.
`

// DefaultText is the configuration file written on the first run:
// every setting at its default, each with a comment.
func DefaultText() string {
	s := DefaultSettings()
	var b strings.Builder
	b.WriteString(configHeader)
	section := ""
	for _, st := range Schema() {
		if st.Section != section {
			section = st.Section
			fmt.Fprintf(&b, "\n[%s]\n", section)
		}
		if st.Doc != "" {
			for _, line := range wrapComment(st.Doc, 76) {
				b.WriteString("# " + line + "\n")
			}
		}
		fmt.Fprintf(&b, "%s = %s\n", st.Key, st.TOML(&s))
	}
	b.WriteString("\n")
	b.WriteString(keysHeader)
	for _, g := range s.Keys.groups() {
		fmt.Fprintf(&b, "\n# %s\n[keys.%s]\n", words.Capitalise(g.doc), g.name)
		width := 0
		for _, a := range g.actions {
			width = max(width, len(a.name)+3+len(tomlStringArray(configKeyNames(a.b.Keys()))))
		}
		for _, a := range g.actions {
			line := a.name + " = " + tomlStringArray(configKeyNames(a.b.Keys()))
			fmt.Fprintf(&b, "%-*s  # %s\n", width, line, a.doc)
		}
	}
	return b.String()
}

// wrapComment breaks text into lines of at most width characters.
func wrapComment(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
