package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/tui/board"
	"varia/tui/config"
)

// dialog is whatever takes the keyboard from a screen for a moment: a
// yes/no question, a choice among options, a few keys each with what it
// does, a line of text to type, a page to read. Every screen's dialogs
// are this one type: the screen opens one with what to do with the
// answer, hands it the keys while it is open, and draws it where it
// fits (the side panel, the bottom line, a row of a list).
type dialog struct {
	kind  dialogKind
	name  string       // which dialog of its screen it is ("prompt", "save")
	title string       // the question, or what is asked for
	items []dialogItem // choose: the options; act: the keys
	index int          // choose: the option marked
	input textinput.Model
	// problem is why the text last entered was refused; the dialog stays
	// open for another try.
	problem string
	// saving: what was entered is being written; the answer is awaited.
	saving bool
	// answer does what the player chose; stay keeps the dialog open (a
	// refused entry, a change of level).
	answer func(a dialogAnswer) (cmd tea.Cmd, stay bool)
	// draw, when set, draws the dialog in the panel instead of its kind's
	// standard look.
	draw func(pw *panelWriter)
	// passOn: a page to read (info) closes on any key, and the keys that
	// opened it are taken by it; others go on to the screen.
	passOn []key.Binding
}

type dialogKind uint8

const (
	askDialog    dialogKind = iota // a yes/no question
	chooseDialog                   // one of several options, by arrows or letter
	actDialog                      // a few keys, each with what it does
	inputDialog                    // a line of text
	infoDialog                     // something to read; any key closes it
)

// dialogItem is an option (choose) or a key and what it does (act).
type dialogItem struct {
	label  string
	letter rune        // choose: typing it takes the option
	key    key.Binding // act
}

// dialogAnswer is what the player answered.
type dialogAnswer struct {
	yes    bool   // ask
	index  int    // choose, act: the item taken
	text   string // input
	cancel bool   // closed without an answer (esc, or no)
}

func askFor(question string, answer func(dialogAnswer) (tea.Cmd, bool)) *dialog {
	return &dialog{kind: askDialog, title: question, answer: answer}
}

// newInput is a dialog for a line of text, starting with value.
func newInput(st *board.Styles, prompt, value string, answer func(dialogAnswer) (tea.Cmd, bool)) *dialog {
	in := textinput.New()
	in.Prompt = prompt
	in.CharLimit = 4096
	in.PromptStyle = st.Prompt
	in.Cursor.SetMode(cursor.CursorStatic)
	in.SetValue(value)
	in.CursorEnd()
	return &dialog{kind: inputDialog, input: in, answer: answer}
}

// open focuses the dialog's text, when it has one.
func (d *dialog) open() tea.Cmd {
	if d.kind == inputDialog {
		return d.input.Focus()
	}
	return nil
}

// update hands the dialog a message. closed says it is done with (the
// screen drops it); passOn says the key is the screen's too.
func (d *dialog) update(msg tea.Msg, c config.ChoiceKeys, p config.PromptKeys) (cmd tea.Cmd, closed, passOn bool) {
	k, isKey := msg.(tea.KeyMsg)
	if !isKey {
		if d.kind == inputDialog {
			d.input, cmd = d.input.Update(msg)
		}
		return cmd, false, false
	}
	finish := func(a dialogAnswer) (tea.Cmd, bool, bool) {
		cmd, stay := d.answer(a)
		if !stay {
			d.input.Blur()
		}
		return cmd, !stay, false
	}
	switch d.kind {
	case askDialog:
		switch {
		case key.Matches(k, c.Yes):
			return finish(dialogAnswer{yes: true})
		case key.Matches(k, c.No, c.Cancel):
			return finish(dialogAnswer{cancel: true})
		}
	case chooseDialog:
		n := len(d.items)
		switch {
		case key.Matches(k, c.Cancel):
			return finish(dialogAnswer{cancel: true})
		case key.Matches(k, c.Prev):
			d.index = (d.index + n - 1) % n
		case key.Matches(k, c.Next):
			d.index = (d.index + 1) % n
		case key.Matches(k, c.Choose):
			return finish(dialogAnswer{index: d.index})
		default:
			if r := k.Runes; len(r) == 1 {
				for i, it := range d.items {
					if it.letter != 0 && (r[0] == it.letter || r[0] == it.letter+'a'-'A') {
						return finish(dialogAnswer{index: i})
					}
				}
			}
		}
	case actDialog:
		for i, it := range d.items {
			if key.Matches(k, it.key) {
				return finish(dialogAnswer{index: i})
			}
		}
	case inputDialog:
		switch {
		case key.Matches(k, p.Cancel):
			return finish(dialogAnswer{cancel: true})
		case key.Matches(k, p.Submit):
			d.problem = ""
			return finish(dialogAnswer{text: d.input.Value()})
		}
		d.input, cmd = d.input.Update(k)
		return cmd, false, false
	case infoDialog:
		return nil, true, !key.Matches(k, d.passOn...)
	}
	return nil, false, false
}

// lines draws the dialog in a side panel: the question and its keys, the
// options, the text being typed.
func (d *dialog) lines(pw *panelWriter, st *board.Styles, c config.ChoiceKeys) {
	if d.draw != nil {
		d.draw(pw)
		return
	}
	switch d.kind {
	case askDialog:
		pw.blank()
		pw.wrap(d.title, st.Warning)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s yes · %s no", config.FirstKey(c.Yes), config.FirstKey(c.No))))
	case chooseDialog:
		pw.blank()
		pw.line(st.Bold.Render(d.title))
		var parts []string
		for i, it := range d.items {
			if i == d.index {
				parts = append(parts, st.CurrentMove.Render("["+it.label+"]"))
			} else {
				parts = append(parts, " "+it.label+" ")
			}
		}
		pw.wrap(strings.Join(parts, " "), st.Move)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s and %s, or the letter; %s", c.Prev.Help().Key, config.FirstKey(c.Choose), config.FirstKey(c.Cancel))))
	case inputDialog:
		pw.blank()
		pw.wrap(d.title, st.Bold)
		pw.line(d.input.View())
		if d.problem != "" {
			pw.wrap(d.problem, st.Error)
		}
	}
}

// helpKeys are the keys the help line shows while the dialog is open;
// nil leaves the screen's own.
func (d *dialog) helpKeys(c config.ChoiceKeys, p config.PromptKeys) []key.Binding {
	switch d.kind {
	case askDialog:
		return config.ShortBindings(c.Yes, c.No)
	case chooseDialog:
		return append([]key.Binding{c.Prev}, config.ShortBindings(c.Choose, c.Cancel)...)
	case inputDialog:
		return p.ShortHelp()
	}
	return nil
}
