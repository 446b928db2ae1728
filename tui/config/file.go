package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/charmbracelet/bubbles/key"

	"varia/rules"
	"varia/saves"
)

// Problem is something wrong in the configuration file: a line that
// cannot be read, or a value that cannot be used (its setting keeps its
// default). Line is 0 when the problem is about the whole file.
type Problem struct {
	File string
	Line int
	Key  string
	Text string
}

// Error reads like a compiler's message: `config.toml:12: key "theme":
// unknown theme "neon" (known: ...)`.
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
	}
	b.WriteString(": ")
	if p.Key != "" {
		fmt.Fprintf(&b, "key %q: ", p.Key)
	}
	b.WriteString(p.Text)
	return b.String()
}

// File is where the settings live, and what was wrong in it when it
// was last read.
type File struct {
	Path     string // empty when there is no folder for it
	Problems []Problem
	Created  bool // written with the defaults at this start

	writing sync.Mutex // one write of the file at a time
	queue   sync.Mutex // guards asked and latest
	asked   int        // changes asked for so far
	latest  map[string]int
}

// Path is $XDG_CONFIG_HOME/varia/config.toml, or
// ~/.config/varia/config.toml when XDG_CONFIG_HOME is unset or not
// absolute (as the XDG base directory specification asks).
func Path() (string, error) {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "varia", "config.toml"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no folder for the configuration file: %w (set XDG_CONFIG_HOME)", err)
	}
	return filepath.Join(home, ".config", "varia", "config.toml"), nil
}

// maxConfigSize is the largest settings file read: a thousand times the
// default one, and small enough that a mistaken path (a log, a device
// file) never fills memory.
const maxConfigSize = 1 << 20

// LoadDefault reads the configuration file at Path.
func LoadDefault() (Settings, *File) {
	path, err := Path()
	if err != nil {
		return DefaultSettings(), &File{Problems: []Problem{{File: "config.toml", Text: err.Error() + "; using the defaults"}}}
	}
	return Load(path)
}

// Load reads the settings from a configuration file, creating it
// with commented defaults when it does not exist. It never fails: what
// cannot be read or written is reported in the file's Problems and the
// settings concerned keep their defaults.
func Load(path string) (Settings, *File) {
	f := &File{Path: path}
	data, err := readConfig(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := saves.WriteFile(path, []byte(DefaultText()), false); err != nil {
			f.problem(0, "", "could not create it (%v); using the defaults", unwrapPathError(err))
		} else {
			f.Created = true
		}
		return DefaultSettings(), f
	case err != nil:
		f.problem(0, "", "could not read it (%v); using the defaults", readError(err))
		return DefaultSettings(), f
	}
	s, problems := Read(path, string(data))
	f.Problems = problems
	return s, f
}

func (f *File) problem(line int, key, format string, args ...any) {
	f.Problems = append(f.Problems, Problem{File: f.Path, Line: line, Key: key, Text: fmt.Sprintf(format, args...)})
}

// readConfig reads the settings file: only a regular file (or a link to
// one) of at most maxConfigSize bytes, so that a FIFO never hangs the
// start and a device never fills memory.
func readConfig(path string) ([]byte, error) {
	return saves.ReadRegular(path, maxConfigSize)
}

// readError says why the settings file could not be read, in the words
// of the problems list.
func readError(err error) error {
	if errors.Is(err, saves.ErrTooLarge) {
		return fmt.Errorf("it is larger than %d MB", maxConfigSize>>20)
	}
	return unwrapPathError(err)
}

// unwrapPathError drops the path from an error about the file itself: the
// problem's position already names it.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Read reads settings from the text of a configuration file (name
// is used in problems). Each bad value is reported and leaves its setting
// at the default.
func Read(name, text string) (Settings, []Problem) {
	s := DefaultSettings()
	var problems []Problem
	report := func(line int, key, format string, args ...any) {
		problems = append(problems, Problem{File: name, Line: line, Key: key, Text: fmt.Sprintf(format, args...)})
	}
	doc := parseTOML(text)
	for _, e := range doc.errors {
		report(e.line, e.key, "%s", e.text)
	}

	schema := Schema()
	bySection := map[string][]*Setting{}
	for i := range schema {
		st := &schema[i]
		bySection[st.Section] = append(bySection[st.Section], st)
	}
	groups := map[string]keyGroup{}
	for _, g := range s.Keys.groups() {
		groups["keys."+g.name] = g
	}
	known := func(section string) bool {
		_, isSetting := bySection[section]
		_, isKeys := groups[section]
		return isSetting || isKeys
	}
	reported := map[string]bool{}
	unknownSection := func(line int, name string) {
		if !reported[name] {
			reported[name] = true
			report(line, "", "unknown section [%s] (known: %s)", name, strings.Join(knownSections(schema, s.Keys.groups()), ", "))
		}
	}
	for _, sec := range doc.sections {
		// [keys] alone may hold dotted keys (game.up = ...)
		if !known(sec.name) && sec.name != "keys" {
			unknownSection(sec.line, sec.name)
		}
	}

	userKeys := map[*key.Binding]int{} // bindings the file sets, and on which line
	for _, e := range doc.entries {
		switch {
		case e.section == "":
			report(e.line, e.key, "belongs in a section; the file's sections are %s", strings.Join(knownSections(schema, s.Keys.groups()), ", "))
		case bySection[e.section] != nil:
			st := findSetting(bySection[e.section], e.key)
			if st == nil {
				report(e.line, e.key, "unknown setting in [%s] (known: %s)", e.section, strings.Join(settingKeys(bySection[e.section]), ", "))
				continue
			}
			if e.value.kind != st.kind {
				report(e.line, e.key, "want %s, found %s", st.kind, e.value.kind)
				continue
			}
			if err := st.Set(&s, e.value.text()); err != nil {
				report(e.line, e.key, "%v", err)
			}
		case groups[e.section].name != "":
			g := groups[e.section]
			a := findAction(g, e.key)
			if a == nil {
				report(e.line, e.key, "unknown action in [%s] (known: %s)", e.section, strings.Join(actionNames(g), ", "))
				continue
			}
			keys, err := bindingKeys(e.value)
			if err != nil {
				report(e.line, e.key, "%v", err)
				continue
			}
			if slices.Contains(keys, "ctrl+c") && a.name != "quit" {
				// ctrl+c quits from every screen before any action sees it
				report(e.line, e.key, "ctrl+c always quits; %s keeps its keys (%s)", a.name, strings.Join(configKeyNames(a.b.Keys()), ", "))
				continue
			}
			// a binding the file sets to its default keys changes nothing,
			// and so gives way in a conflict like one it leaves out
			if !slices.Equal(keys, a.b.Keys()) {
				userKeys[a.b] = e.line
			}
			rebind(a.b, keys)
		default:
			if e.section != "keys" {
				unknownSection(e.line, e.section)
			} else {
				report(e.line, e.key, "key bindings go in a screen's section: %s", strings.Join(knownKeySections(s.Keys.groups()), ", "))
			}
		}
	}
	problems = append(problems, settleConflicts(&s.Keys, name, userKeys)...)
	s.Keys.relabel()
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Line < problems[j].Line })
	return s, problems
}

// settleConflicts gives keys that two actions of one screen share back to
// the action the file did not change, reporting each binding it resets to
// its default; it repeats until no key is shared, since a reset binding
// may itself collide with another the file set.
func settleConflicts(k *Keymap, name string, userKeys map[*key.Binding]int) []Problem {
	var problems []Problem
	def := DefaultKeymap()
	for round := 0; round < 64; round++ {
		conflicts := k.keyConflicts()
		if len(conflicts) == 0 {
			break
		}
		progress := false
		groups, defGroups := k.groups(), def.groups()
		for _, c := range conflicts {
			for gi, g := range groups {
				if g.name != c.group {
					continue
				}
				for ai := range g.actions {
					a := &g.actions[ai]
					if a.name != c.first && a.name != c.second {
						continue
					}
					line, set := userKeys[a.b]
					if !set {
						continue
					}
					other := c.first
					if a.name == c.first {
						other = c.second
					}
					d := defGroups[gi].actions[ai].b
					problems = append(problems, Problem{File: name, Line: line, Key: a.name, Text: fmt.Sprintf(
						"%q is also bound to %s in [keys.%s]; %s keeps its default keys (%s)",
						configKeyName(c.key), other, g.name, a.name, strings.Join(configKeyNames(d.Keys()), ", "))})
					*a.b = *d
					delete(userKeys, a.b)
					progress = true
				}
			}
		}
		if !progress {
			break
		}
	}
	return problems
}

func configKeyNames(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = configKeyName(k)
	}
	return out
}

// bindingKeys reads an action's keys: an array of key names, or one name.
func bindingKeys(v tomlValue) ([]string, error) {
	var names []string
	switch v.kind {
	case tomlArray:
		names = v.arr
	case tomlString:
		names = []string{v.str}
	default:
		return nil, fmt.Errorf("want an array of key names such as [\"u\", \"ctrl+z\"], found %s", v.kind)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("an action needs at least one key")
	}
	var keys []string
	seen := map[string]bool{}
	for _, n := range names {
		k, err := normalizeKey(n)
		if err != nil {
			return nil, err
		}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// text is a scalar's value as the settings read it.
func (v tomlValue) text() string {
	switch v.kind {
	case tomlBool:
		if v.b {
			return "true"
		}
		return "false"
	case tomlInt:
		return fmt.Sprint(v.n)
	}
	return v.str
}

func findSetting(list []*Setting, key string) *Setting {
	for _, st := range list {
		if st.Key == key {
			return st
		}
	}
	return nil
}

func settingKeys(list []*Setting) []string {
	var out []string
	for _, st := range list {
		out = append(out, st.Key)
	}
	return out
}

func findAction(g keyGroup, name string) *keyAction {
	for i := range g.actions {
		if g.actions[i].name == name {
			return &g.actions[i]
		}
	}
	return nil
}

func actionNames(g keyGroup) []string {
	var out []string
	for _, a := range g.actions {
		out = append(out, a.name)
	}
	return out
}

func knownSections(schema []Setting, groups []keyGroup) []string {
	var out []string
	seen := map[string]bool{}
	for _, st := range schema {
		if !seen[st.Section] {
			seen[st.Section] = true
			out = append(out, "["+st.Section+"]")
		}
	}
	return append(out, knownKeySections(groups)...)
}

func knownKeySections(groups []keyGroup) []string {
	var out []string
	for _, g := range groups {
		out = append(out, "[keys."+g.name+"]")
	}
	return out
}

// Save sets one value in the file, in place: the line that holds the key
// gets the new value and keeps its comment; a key the file lacks is added
// to its section. Everything else in the file stays as the player wrote
// it. The file is then read again, so Problems describes it as it now is.
func (f *File) Save(section, key, value string) error {
	problems, err := f.Change(section, key, value)()
	if err == nil && problems != nil {
		f.Problems = *problems
	}
	return err
}

// Change asks for one value to be set in the file, as Save does, and
// returns the write, to be run off the interface's goroutine: it may
// wait for the disk. Writes run one at a time; of several changes to one
// setting only the latest asked for is written, whatever order the
// writes run in, so the file ends with the value chosen last. The write
// returns the file's problems as it now is (nil when a later change to
// the setting wrote instead), for the caller to put in Problems.
func (f *File) Change(section, key, value string) func() (*[]Problem, error) {
	name := section + "." + key
	f.queue.Lock()
	f.asked++
	n := f.asked
	if f.latest == nil {
		f.latest = map[string]int{}
	}
	f.latest[name] = n
	f.queue.Unlock()
	return func() (*[]Problem, error) {
		f.writing.Lock()
		defer f.writing.Unlock()
		f.queue.Lock()
		stale := f.latest[name] != n
		f.queue.Unlock()
		if stale {
			return nil, nil
		}
		problems, err := f.write(section, key, value)
		return &problems, err
	}
}

func (f *File) write(section, key, value string) ([]Problem, error) {
	if f.Path == "" {
		return nil, fmt.Errorf("settings are not saved: there is no folder for the configuration file")
	}
	data, err := readConfig(f.Path)
	text := string(data)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		text = DefaultText()
	case err != nil:
		// Nothing is written over a file that could not be read.
		return nil, fmt.Errorf("could not read %s: %v", f.Path, readError(err))
	}
	text = setTOMLValue(text, section, key, value)
	if err := saves.WriteFile(f.Path, []byte(text), true); err != nil {
		return nil, fmt.Errorf("could not save %s: %v", f.Path, unwrapPathError(err))
	}
	_, problems := Read(f.Path, text)
	return problems, nil
}

// setTOMLValue returns text with section.key set to value (TOML text).
func setTOMLValue(text, section, key, value string) string {
	doc := parseTOML(text)
	crlf := strings.Contains(text, "\r\n")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	join := func() string {
		out := strings.Join(lines, "\n")
		if crlf {
			out = strings.ReplaceAll(out, "\n", "\r\n")
		}
		return out
	}
	for _, e := range doc.entries {
		if e.section != section || e.key != key {
			continue
		}
		first, last := lines[e.line-1], lines[e.endLine-1]
		if e.line == 1 {
			// a byte order mark shifted nothing the parser measured
			first = strings.TrimPrefix(first, "\uFEFF")
			if e.endLine == 1 {
				last = first
			}
		}
		replaced := first[:e.valueStart] + value + last[e.valueEnd:]
		lines = append(lines[:e.line-1], append([]string{replaced}, lines[e.endLine:]...)...)
		return join()
	}
	for _, e := range doc.broken {
		if e.section != section || e.key != key || e.line == 1 && e.valueStart > len(lines[0]) {
			continue
		}
		// The value could not be read, so where it ends is a guess: the
		// rest of its line, less a comment when nothing quoted could hold
		// the #. Lines after it are left as they are: better a line
		// reported again than one of the player's lost.
		first := lines[e.line-1]
		if e.line == 1 {
			first = strings.TrimPrefix(first, "\uFEFF")
		}
		rest, comment := first[e.valueStart:], ""
		if i := strings.Index(rest, "#"); i >= 0 && !strings.ContainsAny(rest[:i], "\"'") {
			comment = rest[i:]
			rest = rest[:i]
		}
		replaced := first[:e.valueStart] + value
		if comment != "" {
			replaced += rest[len(strings.TrimRight(rest, " \t")):] + comment
		}
		lines[e.line-1] = replaced
		return join()
	}
	line := key + " = " + value
	header := -1
	for _, sec := range doc.sections {
		if sec.name == section {
			header = sec.line
		}
	}
	if header < 0 {
		for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		lines = append(lines, "", "["+section+"]", line, "")
		return join()
	}
	// after the section's last entry, or right after its header
	at := header
	next := len(lines) + 1
	for _, sec := range doc.sections {
		if sec.line > header && sec.line < next {
			next = sec.line
		}
	}
	for _, e := range doc.entries {
		if e.section == section && e.line > header && e.line < next && e.endLine > at {
			at = e.endLine
		}
	}
	lines = append(lines[:at], append([]string{line}, lines[at:]...)...)
	return join()
}

// variantByID is the rules' lookup, for settings.
func variantByID(id string) (*rules.Variant, error) { return rules.VariantByID(strings.TrimSpace(id)) }
