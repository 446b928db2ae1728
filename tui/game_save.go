package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
	"varia/tui/config"
	"varia/tui/match"
)

// saveDialogs save the game where the player says: a dialog for the
// name (typed on the bottom line, where a long path fits), a question
// before replacing another file or making a folder. The match does the
// saving, off the interface's goroutine; its note says how it went.
type saveDialogs struct{ s *stage }

// open asks for a file name, proposing the last one used or one made
// from the date, variant and players.
func (v saveDialogs) open() tea.Cmd {
	s := v.s
	game := s.game()
	if game.Len() == 0 && !game.Result().Over() {
		s.msg.complain("Nothing to save yet: no move has been played.")
		return nil
	}
	name := saves.FileName(s.match.Snapshot(), s.match.Now())
	if saved := s.match.Saves().SavedPath; saved != "" {
		name = saved
		if dir, err := saveDir(s.ctx); err == nil && filepath.Dir(name) == dir {
			name = filepath.Base(name)
		}
	}
	d := newInput(s.ctx.Styles, "Save as: ", name, nil)
	d.name = "save"
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if d.saving {
			return nil, true // the answer to the last entry is awaited
		}
		if a.cancel {
			s.msg.say("Not saved.")
			return nil, false
		}
		path, err := savePath(s.ctx, a.text)
		if err != nil {
			s.msg.complain("%v", err)
			return nil, true
		}
		return v.saveTo(d, path, path == s.match.Saves().SavedPath, inSaveDir(s.ctx, path)), true
	}
	dir := "the saves folder"
	if sd, err := saveDir(s.ctx); err == nil {
		dir = displayPath(sd)
	}
	d.draw = func(pw *panelWriter) {
		st := s.ctx.Styles
		pw.blank()
		if d.saving {
			pw.wrap("Saving…", st.Bold)
			return
		}
		pw.wrap("Save the game: type a file name below (it goes in "+dir+"), or a path.", st.Bold)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s saves · %s cancels", config.FirstKey(s.pkeys.Submit), config.FirstKey(s.pkeys.Cancel))))
	}
	s.dialog = d
	s.msg = message{}
	return d.open()
}

// saveTo asks the match to write the game. An existing file is replaced
// only when it is this game's own, or the player said yes; a missing
// folder is made only when it is the saves folder, or the player said
// yes; the answer comes as a note (savedAs).
func (v saveDialogs) saveTo(d *dialog, path string, replace, makeFolder bool) tea.Cmd {
	s := v.s
	fx, err := s.match.SaveAs(path, replace, makeFolder)
	if err != nil {
		s.msg.complain("%s", s.panel.refusal(err))
		return nil
	}
	d.saving = true
	return s.run(fx)
}

// savedAs follows the answer to the player's save: done, asked about
// replacing a file or making a folder, or failed (the name can be
// changed).
func (v saveDialogs) savedAs(n match.Note) {
	s := v.s
	d := s.dialog
	if d == nil || d.name != "save" {
		d = nil
	} else {
		d.saving = false
	}
	back := func() { s.dialog = d }
	switch n.Kind {
	case match.NoteSavedAs:
		if d != nil {
			s.dialog = nil
		}
		s.msg.say("Saved to %s.", displayPath(n.Path))
	case match.NoteSaveExists:
		if d == nil {
			return
		}
		s.dialog = saveQuestion(s.ctx, "replace", displayPath(n.Path)+" exists. Replace it?", "replace", "choose another name", back,
			func() tea.Cmd { return v.saveTo(d, n.Path, true, true) })
	case match.NoteSaveNoFolder:
		if d == nil {
			return
		}
		// (A slip in a typed path should not leave folders behind.)
		s.dialog = saveQuestion(s.ctx, "make folder", displayPath(filepath.Dir(n.Path))+" does not exist. Create it and save there?", "create", "change the name", back,
			func() tea.Cmd { return v.saveTo(d, n.Path, false, true) })
	case match.NoteSaveFailed:
		if errors.Is(n.Err, saves.ErrFolder) {
			s.msg.complain("%s is a folder; add a file name", displayPath(strings.TrimSuffix(n.Path, string(filepath.Separator))))
			return
		}
		s.msg.complain("Not saved: %v", n.Err)
	}
}

// saveQuestion asks before a save replaces a file or makes a folder,
// naming what yes and no do; either answer goes back to the name being
// typed (back), yes saving again.
func saveQuestion(ctx *Context, name, question, yes, no string, back func(), again func() tea.Cmd) *dialog {
	q := askFor(question, func(a dialogAnswer) (tea.Cmd, bool) {
		back()
		if a.yes {
			return again(), true
		}
		return nil, true
	})
	q.name = name
	c := ctx.Settings.Keys.Choice
	q.draw = func(pw *panelWriter) {
		st := ctx.Styles
		pw.blank()
		pw.wrap(q.title, st.Warning)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s %s · %s %s", config.FirstKey(c.Yes), yes, config.FirstKey(c.No), no)))
	}
	return q
}

// inSaveDir reports whether path is a file right in the saves folder,
// which is made without asking.
func inSaveDir(ctx *Context, path string) bool {
	dir, err := saveDir(ctx)
	return err == nil && filepath.Dir(path) == filepath.Clean(dir)
}

// saveStatus is what became of the game's files lately: a notice, and
// a problem.
func (g *matchPanel) saveStatus() (notice, problem string) {
	st := g.match.Saves()
	if st.SavedTo != "" {
		notice = "Game saved in " + displayPath(st.SavedTo) + "."
	}
	if st.Busy && g.match.Now().Sub(st.Since) >= slowSave {
		notice = strings.TrimSpace(notice + " Saving…")
	}
	switch {
	case st.FinishErr != nil && st.KeepErr != nil:
		problem = fmt.Sprintf("The finished game could not be saved (%v). Autosave failed: %v", st.FinishErr, st.KeepErr)
	case st.FinishErr != nil:
		problem = fmt.Sprintf("The finished game could not be saved (%v); it is kept with the unfinished games.", st.FinishErr)
	case st.RemoveErr != nil:
		problem = fmt.Sprintf("The game is saved, but its unfinished copy could not be removed: %v", st.RemoveErr)
	case st.KeepErr != nil:
		problem = fmt.Sprintf("Autosave failed: %v", st.KeepErr)
	}
	return notice, problem
}

// slowSave is how long a save may take before the panel says it is
// under way.
const slowSave = time.Second

// saveDir is the folder games are saved in: the settings' folder, or
// the default one.
func saveDir(ctx *Context) (string, error) {
	d, err := ctx.Settings.SaveDir()
	if err != nil || d != "" {
		return d, err
	}
	return saves.DefaultDir()
}

// savePath turns what the player typed into a file path: a bare name
// goes in the saves folder, ~ is the home folder, and .pgn is added
// when there is no extension.
func savePath(ctx *Context, text string) (string, error) {
	name := strings.TrimSpace(text)
	if name == "" {
		return "", fmt.Errorf("type a file name, or %s", config.FirstKey(ctx.Settings.Keys.Prompt.Cancel))
	}
	if strings.HasSuffix(name, "/") || strings.HasSuffix(name, string(filepath.Separator)) {
		return "", fmt.Errorf("%q is a folder; add a file name", name)
	}
	name, err := saves.ExpandHome(name)
	if err != nil {
		return "", fmt.Errorf("no home folder for %q: %v", name, err)
	}
	if !strings.ContainsRune(name, '/') && !strings.ContainsRune(name, filepath.Separator) {
		dir, err := saveDir(ctx)
		if err != nil {
			return "", err
		}
		name = filepath.Join(dir, name)
	}
	if filepath.Ext(name) == "" {
		name += ".pgn"
	}
	return filepath.Abs(name)
}

// displayPath writes a path shortly: ~ for the home folder.
func displayPath(path string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		if rest, ok := strings.CutPrefix(path, home); ok && (rest == "" || rest[0] == filepath.Separator) {
			return "~" + rest
		}
	}
	return path
}
