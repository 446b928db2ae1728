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
	"varia/tui/words"
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
	// passOn: a page to read (info) closes on any key but those that
	// scroll it, and the keys that opened it are taken by it; others go
	// on to the screen.
	passOn []key.Binding
	// passRest: an act dialog that a key not its own closes, the key
	// going on to the screen (the question after a game ends does not
	// stand in the way of saving it or looking back).
	passRest bool
	// A page to read scrolls with the rules guide's keys: offset is its
	// first line shown, rows how many were shown last (a page down).
	scroll       config.GuideKeys
	offset, rows int
	// pageText, when set, is a page to read (info) drawn width wide in
	// place of the panel's own lines.
	pageText func(width int) []string
	// complete, when set, is what the prompt's complete key makes of the
	// text typed (input).
	complete func(text string) string
}

type dialogKind uint8

const (
	askDialog    dialogKind = iota // a yes/no question
	chooseDialog                   // one of several options, by arrows or letter
	actDialog                      // a few keys, each with what it does
	inputDialog                    // a line of text
	infoDialog                     // something to read; any key but scrolling closes it
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

// helpPage is a page of every key to read: it scrolls with the guide's
// keys, and any other key closes it; the keys in taken only close it,
// others go on to the screen.
func helpPage(scroll config.GuideKeys, taken ...key.Binding) *dialog {
	return &dialog{kind: infoDialog, name: "help", passOn: taken, scroll: scroll}
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
		if d.passRest {
			return nil, true, true
		}
	case inputDialog:
		switch {
		case key.Matches(k, p.Cancel):
			return finish(dialogAnswer{cancel: true})
		case key.Matches(k, p.Submit):
			d.problem = ""
			return finish(dialogAnswer{text: d.input.Value()})
		case d.complete != nil && key.Matches(k, p.Complete):
			d.input.SetValue(d.complete(d.input.Value()))
			d.input.CursorEnd()
			return nil, false, false
		}
		d.input, cmd = d.input.Update(k)
		return cmd, false, false
	case infoDialog:
		s := d.scroll
		switch {
		case key.Matches(k, s.Down):
			d.offset++
		case key.Matches(k, s.Up):
			d.offset--
		case key.Matches(k, s.PageDown):
			d.offset += max(1, d.rows-1)
		case key.Matches(k, s.PageUp):
			d.offset -= max(1, d.rows-1)
		case key.Matches(k, s.Top):
			d.offset = 0
		case key.Matches(k, s.Bottom):
			d.offset = 1 << 30 // clamped as drawn
		default:
			return nil, true, !key.Matches(k, d.passOn...)
		}
		d.offset = max(0, d.offset)
		return nil, false, false
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

// page shows a page's lines in rows lines of width: the window the dialog has
// scrolled to, and a last line saying what is above and below and how to
// scroll and close. It remembers the window's height for a page down.
func (d *dialog) page(st *board.Styles, all []string, rows, width int) []string {
	if rows <= 0 {
		return nil
	}
	room := rows - 1 // the last line says how to go on
	if len(all) <= rows-1 {
		d.offset, d.rows = 0, len(all)
		return append(append([]string(nil), all...), st.Subtle.Render("Any key closes this."))
	}
	d.offset = max(0, min(d.offset, len(all)-room))
	d.rows = room
	out := append([]string(nil), all[d.offset:d.offset+room]...)
	s := d.scroll
	var where string
	switch below := len(all) - d.offset - room; {
	case d.offset == 0:
		where = fmt.Sprintf("%s %s: %s", config.FirstKey(s.Down), config.FirstKey(s.PageDown), words.Count(below, "more line", "more lines"))
	case below == 0:
		where = fmt.Sprintf("%s %s: back · any other key closes", config.FirstKey(s.Up), config.FirstKey(s.PageUp))
	default:
		where = fmt.Sprintf("%s%s scroll: %s", config.FirstKey(s.Up), config.FirstKey(s.Down), words.Count(below, "more line", "more lines"))
	}
	return append(out, st.Subtle.Render(words.Truncate(where, width)))
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
