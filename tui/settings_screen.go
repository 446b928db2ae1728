package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/words"
)

// configProblemsNote says how many problems the configuration file has and
// where they are listed (settingsKey empty: in the menu's settings).
func configProblemsNote(f *config.File, settingsKey string) string {
	name := "config.toml"
	if f.Path != "" {
		name = filepath.Base(f.Path)
	}
	n := len(f.Problems)
	what := fmt.Sprintf("%d problems; those settings keep their defaults", n)
	if n == 1 {
		what = "1 problem; that setting keeps its default"
	}
	where := "The menu's settings screen lists them."
	if settingsKey != "" {
		where = fmt.Sprintf("The settings screen (%s) lists them.", settingsKey)
	}
	if n == 1 {
		where = strings.Replace(where, "lists them", "shows it", 1)
	}
	return fmt.Sprintf("%s has %s. %s", name, what, where)
}

// settingsRow is a heading or one setting.
type settingsRow struct {
	heading string
	setting *config.Setting
}

var sectionTitles = map[string]string{
	"play":     "Play",
	"board":    "Board",
	"view":     "Board view of each variant",
	"computer": "Playing the computer",
}

// settingsScreen edits the preferences; each change applies at once and
// is saved to the configuration file in place.
type settingsScreen struct {
	ctx     *Context
	keys    config.SettingsKeys
	pkeys   config.PromptKeys
	help    help.Model
	opts    GameOptions
	schema  []config.Setting
	rows    []settingsRow
	cursor  int     // index into rows, never a heading
	dialog  *dialog // a value being typed
	input   textinput.Model
	status  string
	isError bool
	saveSeq int // changes told so far, so an earlier save's answer says nothing
}

func newSettingsScreen(ctx *Context, opts GameOptions) *settingsScreen {
	s := &settingsScreen{
		ctx:    ctx,
		keys:   ctx.Settings.Keys.Settings,
		pkeys:  ctx.Settings.Keys.Prompt,
		help:   newHelp(ctx.Styles),
		opts:   opts,
		schema: config.Schema(),
	}
	section := ""
	for i := range s.schema {
		st := &s.schema[i]
		if st.Section != section {
			section = st.Section
			s.rows = append(s.rows, settingsRow{heading: sectionTitles[section]})
		}
		s.rows = append(s.rows, settingsRow{setting: st})
	}
	s.cursor = 1
	s.input = newPrompt(ctx.Styles)
	s.input.Prompt = ""
	s.input.Placeholder = ""
	s.input.ShowSuggestions = false
	s.SetSize(ctx.Width, ctx.Height)
	return s
}

func (s *settingsScreen) SetSize(w, _ int) {
	s.help.Width = w
	s.input.Width = max(10, min(40, w-settingsLabelW-8))
}

func (s *settingsScreen) current() *config.Setting { return s.rows[s.cursor].setting }

// editing reports whether a value is being typed.
func (s *settingsScreen) editing() bool { return s.dialog != nil }

func (s *settingsScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	if saved, ok := msg.(settingSavedMsg); ok {
		s.saved(saved)
		return s, nil
	}
	k, isKey := msg.(tea.KeyMsg)
	if d := s.dialog; d != nil {
		cmd, closed, _ := d.update(msg, s.ctx.Settings.Keys.Choice, s.pkeys)
		if closed && s.dialog == d {
			s.dialog = nil
		}
		return s, cmd
	}
	if !isKey {
		return s, nil
	}
	return s, splitKeys(k, s.handleKey, nil)
}

func (s *settingsScreen) handleKey(k tea.KeyMsg) tea.Cmd {
	if s.editing() {
		return nil // a value is typed: one key of the paste opened the editor
	}
	switch {
	case key.Matches(k, s.keys.Close):
		return openMenu(s.opts)
	case key.Matches(k, s.keys.Up):
		s.move(-1)
	case key.Matches(k, s.keys.Down):
		s.move(1)
	case key.Matches(k, s.keys.Prev):
		return s.step(-1)
	case key.Matches(k, s.keys.Next):
		return s.step(1)
	case key.Matches(k, s.keys.Change):
		st := s.current()
		if st.Typed || st.Choices == nil {
			return s.edit(st)
		}
		return s.step(1)
	}
	return nil
}

// edit opens the editor on a value; enter keeps a value that can be
// used, and a refused one is explained with the editor left open.
func (s *settingsScreen) edit(st *config.Setting) tea.Cmd {
	in := s.input
	in.SetValue(st.Get(&s.ctx.Settings))
	in.CursorEnd()
	s.status = ""
	d := &dialog{kind: inputDialog, name: "value", input: in}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel {
			return nil, false
		}
		cmd, ok := s.apply(st, a.text)
		return cmd, !ok
	}
	s.dialog = d
	return d.open()
}

// move goes to the next setting up or down, skipping headings.
func (s *settingsScreen) move(d int) {
	for i := s.cursor + d; i >= 0 && i < len(s.rows); i += d {
		if s.rows[i].setting != nil {
			s.cursor = i
			return
		}
	}
}

// step changes the setting to its previous or next choice.
func (s *settingsScreen) step(d int) tea.Cmd {
	st := s.current()
	if st.Choices == nil {
		return nil
	}
	choices := st.Choices()
	i := slices.Index(choices, st.Get(&s.ctx.Settings))
	switch {
	case i < 0 && d > 0:
		i = 0
	case i < 0:
		i = len(choices) - 1
	default:
		i = (i + d + len(choices)) % len(choices)
	}
	cmd, _ := s.apply(st, choices[i])
	return cmd
}

// apply sets a value and restyles when it changes the look; the command
// saves it, off the interface's goroutine. ok says whether the value
// could be used.
func (s *settingsScreen) apply(st *config.Setting, value string) (cmd tea.Cmd, ok bool) {
	ctx := s.ctx
	if err := st.Set(&ctx.Settings, value); err != nil {
		s.status, s.isError = err.Error(), true
		return nil, false
	}
	if st.Section == "board" {
		ctx.restyle()
		s.help = newHelp(ctx.Styles)
		s.help.Width = ctx.Width
	}
	if st.Section == "view" {
		s.opts.View = config.ViewAuto // the menu reads the new view from the settings
	}
	if st.Key == "variant" {
		s.opts.Variant = ctx.Settings.Variant
	}
	s.status, s.isError = st.Label+": "+st.Get(&ctx.Settings), false
	if st.Explain != nil {
		if e := st.Explain(&ctx.Settings); e != "" {
			s.status += " (" + strings.TrimSuffix(e, ".") + ")"
		}
	}
	if st.Restart {
		s.status += " (from the next start)"
	}
	if ctx.Config == nil {
		s.status += "; not saved (no configuration file)"
		return nil, true
	}
	s.saveSeq++
	seq, said := s.saveSeq, s.status
	s.status += " (saving…)"
	write := ctx.Config.Change(st.Section, st.Key, st.TOML(&ctx.Settings))
	return func() tea.Msg {
		problems, err := write()
		return settingSavedMsg{seq: seq, said: said, problems: problems, err: err}
	}, true
}

// settingSavedMsg is what became of a change written to the file.
type settingSavedMsg struct {
	seq      int
	said     string // the status the change was told with
	problems *[]config.Problem
	err      error
}

// saved follows a change written: the file's problems as it now is, and
// the status, unless a later change has been told since.
func (s *settingsScreen) saved(msg settingSavedMsg) {
	if msg.problems != nil {
		s.ctx.Config.Problems = *msg.problems
	}
	if msg.seq != s.saveSeq {
		return
	}
	if msg.err != nil {
		s.status, s.isError = msg.err.Error()+"; the change holds until you quit", true
		return
	}
	s.status = msg.said + ". Saved."
}

const settingsLabelW = 32

func (s *settingsScreen) View() string {
	ctx := s.ctx
	st := ctx.Styles
	// Text beside the preview board wraps before it.
	l := board.NewLayout(board.SquareView, 0, false)
	preview := ctx.Width >= 2+settingsLabelW+20+4+l.Width
	leftW := ctx.Width - 2
	if preview {
		leftW = ctx.Width - l.Width - 4
	}
	textW := max(20, leftW-2)
	var head, list, foot []string
	head = append(head, st.Title.Render("Settings"))
	if ctx.Config != nil && ctx.Config.Path != "" {
		head = append(head, st.Subtle.Render(words.Truncate("Saved in "+ctx.Config.Path, textW)))
	} else {
		head = append(head, st.Subtle.Render("Not saved: there is no configuration file."))
	}
	if f := ctx.Config; f != nil && len(f.Problems) > 0 {
		head = append(head, st.Warning.Render(fmt.Sprintf("Problems in %s (those settings keep their defaults):", filepath.Base(f.Path))))
		for _, p := range f.Problems {
			head = append(head, strings.Split(st.Error.Width(textW).Render("• "+problemText(f, p)), "\n")...)
		}
	}

	cursorLine := 0
	for i, row := range s.rows {
		if row.setting == nil {
			list = append(list, "", st.Bold.Render(row.heading))
			continue
		}
		r := row.setting
		value := r.Get(&ctx.Settings)
		if r.IsText() && value == "" {
			value = "(default)"
		}
		if r.IsBool() {
			value = map[string]string{"true": "yes", "false": "no"}[value]
		}
		label := fmt.Sprintf("%-*s", settingsLabelW, words.Truncate(r.Label, settingsLabelW))
		switch {
		case i == s.cursor && s.editing():
			list = append(list, string(st.Glyphs.Current)+" "+label+" "+s.dialog.input.View())
		case i == s.cursor:
			list = append(list, string(st.Glyphs.Current)+" "+label+st.CurrentMove.Render(" "+value+" "))
		default:
			list = append(list, "  "+label+" "+value)
		}
		if i == s.cursor {
			cursorLine = len(list) - 1
		}
	}

	foot = append(foot, "")
	switch r := s.current(); {
	case s.status != "":
		style := st.Accent
		if s.isError {
			style = st.Error
		}
		foot = append(foot, strings.Split(style.Width(textW).Render(s.status), "\n")...)
	case r.Explain != nil && r.Explain(&ctx.Settings) != "":
		foot = append(foot, strings.Split(st.Subtle.Width(textW).Render(r.Explain(&ctx.Settings)), "\n")...)
	case r.Typed && r.Choices != nil:
		foot = append(foot, st.Subtle.Render(fmt.Sprintf("%s edits this value, %s/%s step through common ones.", config.FirstKey(s.keys.Change), config.FirstKey(s.keys.Prev), config.FirstKey(s.keys.Next))))
	case r.Typed:
		foot = append(foot, st.Subtle.Render(fmt.Sprintf("%s edits this value; %s while editing keeps it, %s leaves it as it was.", config.FirstKey(s.keys.Change), config.FirstKey(s.pkeys.Submit), config.FirstKey(s.pkeys.Cancel))))
	default:
		foot = append(foot, st.Subtle.Render("Key bindings are changed in the file ([keys.*] sections)."))
	}

	// The list scrolls to keep the cursor in view when it does not fit.
	room := max(1, ctx.Height-helpRows-len(head)-len(foot))
	if len(list) > room {
		start := listWindow(len(list), room, cursorLine, room/2)
		list = list[start : start+room]
	}
	left := append(append(head, list...), foot...)

	// The preview shows the theme and piece style on a board.
	var right []string
	pos, hl := board.ThemeSample()
	if preview {
		right = append(right, "", st.Bold.Render("Preview"), "")
		right = append(right, strings.Split(board.Render(pos, &hl, l, st), "\n")...)
		if theme, err := board.ThemeByName(ctx.Settings.Theme); err == nil {
			right = append(right, "")
			right = append(right, strings.Split(st.Subtle.Width(l.Width).Render(theme.Description), "\n")...)
		}
	}
	var b strings.Builder
	for y := 0; y < ctx.Height-helpRows; y++ {
		line := ""
		if y < len(left) {
			line = left[y]
		}
		b.WriteString("  ")
		b.WriteString(line)
		if y < len(right) {
			b.WriteString(strings.Repeat(" ", max(1, leftW-words.Width(line))))
			b.WriteString(right[y])
		}
		b.WriteByte('\n')
	}
	b.WriteString(shortHelp(s.help, s.helpBindings()))
	return b.String()
}

// helpBindings are the keys the help line shows: the editor's while a
// value is typed.
func (s *settingsScreen) helpBindings() []key.Binding {
	if !s.editing() {
		return s.keys.ShortHelp()
	}
	keep, cancel := s.pkeys.Submit, s.pkeys.Cancel
	keep.SetHelp(config.FirstKey(keep), "keep the value")
	cancel.SetHelp(config.FirstKey(cancel), "leave it as it was")
	return []key.Binding{keep, cancel}
}

// problemText is a problem without the file's path, which the heading
// names: "line 12: key "theme": ...".
func problemText(f *config.File, p config.Problem) string {
	p.File = ""
	text := p.Error()
	if p.Line > 0 {
		return "line " + strings.TrimPrefix(text, ":")
	}
	return strings.TrimPrefix(text, ": ")
}
