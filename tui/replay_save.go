package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
	"varia/tui/analysis"
	"varia/tui/config"
)

// Saving a game from the replay viewer: its comments, glyphs and side
// lines as they were read, and the engine's review of it when there is
// one, written off the interface's goroutine.

// replaySavedMsg is how a save went.
type replaySavedMsg struct {
	path string
	err  error
}

// annotated is the game as the viewer saves it: the game read, with the
// review's evaluations and marks written into a copy of its notes.
func (r *replayScreen) annotated() *saves.SavedGame {
	sg := *r.sg
	sg.Notes = slices.Clone(r.sg.Notes)
	sg.Tags = r.sg.Tags.Clone()
	if rv := r.an.Review; rv != nil && !r.an.Reviewing {
		done, _ := r.an.ReviewProgress()
		if done > len(rv.Moves)/2 {
			analysis.Annotate(&sg, rv, fmt.Sprintf("depth %d", analysis.ReviewLimits.Depth))
		}
	}
	return &sg
}

// saveDialog asks where to save, proposing a new file in the saves
// folder named from the game.
func (r *replayScreen) saveDialog() *dialog {
	name := saves.FileName(r.sg, time.Now())
	d := newInput(r.ctx.Styles, "Save as: ", name, nil)
	d.name = "save"
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if d.saving {
			return nil, true
		}
		if a.cancel {
			r.message = "Not saved."
			return nil, false
		}
		path, err := savePath(r.ctx, a.text)
		if err != nil {
			d.problem = err.Error()
			return nil, true
		}
		return r.saveTo(d, path, false, inSaveDir(r.ctx, path)), true
	}
	d.draw = func(pw *panelWriter) {
		st := r.ctx.Styles
		pw.blank()
		switch {
		case d.saving:
			pw.wrap("Saving…", st.Bold)
			return
		case d.problem != "":
			pw.wrap(d.problem, st.Error)
		}
		what := "the game with its comments and side lines"
		if r.an.Review != nil && !r.an.Reviewing {
			what = "the game with the engine's analysis"
		}
		pw.wrap("Save "+what+": type a file name below, or a path.", st.Bold)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s saves · %s cancels", config.FirstKey(r.ctx.Settings.Keys.Prompt.Submit), config.FirstKey(r.ctx.Settings.Keys.Prompt.Cancel))))
	}
	return d
}

// saveTo writes the game in a command.
func (r *replayScreen) saveTo(d *dialog, path string, replace, makeFolder bool) tea.Cmd {
	d.saving = true
	sg := r.annotated()
	return func() tea.Msg {
		return replaySavedMsg{path: path, err: saves.SaveAs(path, sg, replace, makeFolder)}
	}
}

// saved follows a save: done, a question before replacing a file or
// making a folder, or why it failed (the name can be changed).
func (r *replayScreen) saved(msg replaySavedMsg) {
	d := r.dialog
	if d == nil || d.name != "save" {
		if msg.err == nil {
			r.message = "Saved to " + displayPath(msg.path) + "."
		}
		return
	}
	d.saving = false
	switch {
	case msg.err == nil:
		r.dialog = nil
		r.message = "Saved to " + displayPath(msg.path) + "."
	case errors.Is(msg.err, fs.ErrExist):
		r.dialog = r.askSave(d, displayPath(msg.path)+" exists. Replace it?", msg.path, true)
	case errors.Is(msg.err, saves.ErrNoFolder):
		r.dialog = r.askSave(d, displayPath(filepath.Dir(msg.path))+" does not exist. Create it and save there?", msg.path, false)
	case errors.Is(msg.err, saves.ErrFolder):
		d.problem = fmt.Sprintf("%s is a folder; add a file name", displayPath(strings.TrimSuffix(msg.path, string(filepath.Separator))))
	default:
		d.problem = fmt.Sprintf("Not saved: %v", msg.err)
	}
}

// askSave asks before replacing a file (replace) or making a folder; no
// goes back to the name.
func (r *replayScreen) askSave(save *dialog, question, path string, replace bool) *dialog {
	return saveQuestion(r.ctx, "ask", question, "yes", "choose another name", func() { r.dialog = save },
		func() tea.Cmd { return r.saveTo(save, path, replace, true) })
}
