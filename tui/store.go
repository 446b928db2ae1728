package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/saves"
	"varia/tui/config"
)

// gameStore is where a game goes on disk: its own file among the
// unfinished games, rewritten after every move, and the file the player
// saves it to.
type gameStore struct {
	tags      saves.Tags
	started   time.Time         // when the game started, for its file's name
	file      *saves.Unfinished // the game's unfinished file, once it has one
	savedPath string            // where the player last saved it
	notice    string            // what became of the game's files
	err       string            // why the last save failed
	replace   string            // the existing file the player was asked to replace

	// The game as it stood when last saved, to tell whether the
	// unfinished file holds anything the saved file does not.
	savedPlies  int
	savedResult rules.Result
}

// playDialog is a dialog of the save flow.
type playDialog uint8

const (
	dialogNone playDialog = iota
	dialogSave
	dialogReplace
)

// initStore takes the tags and the claimed file of a resumed game, or
// writes the tags of a new one (players, date, time control); a new
// game gets its file with its first autosave.
func (m *gameScreen) initStore() {
	s := &m.match.store
	o := &m.opts
	s.started = m.now()
	claim := o.Unfinished
	o.Unfinished = nil // the screen's own from now on: copies of opts must not write it
	if o.Continue != nil && o.Resume {
		s.tags = o.Continue.Tags.Clone()
		s.file = claim
		if path := s.tags.Get(saves.SavedAsTag); path != "" {
			s.savedPath, s.savedPlies, s.savedResult = path, m.game.Len(), m.game.Result()
		}
		s.tags.Delete(saves.SavedAsTag)
		return
	}
	if claim != nil {
		claim.Release()
	}
	p := m.match.players
	s.tags = saves.NewTags(playerName(p[rules.White], rules.White, p), playerName(p[rules.Black], rules.Black, p), m.now())
	s.tags.SetPlayerTypes([2]bool{p[rules.White].Computer, p[rules.Black].Computer})
	if o.Clock.On() {
		s.tags.Set("TimeControl", o.Clock.Tag())
	}
}

// close gives up the game's unfinished file when the screen is done
// with for good (another game or the menu takes over): the file stays
// for this or another Varia to resume.
func (m *gameScreen) close() {
	s := &m.match.store
	if s.file != nil {
		s.file.Release()
		s.file = nil
	}
}

// savedGame is the game as it is written: tags, moves and clock times.
func (m *gameScreen) savedGame() *saves.SavedGame {
	p := &m.match
	sg := &saves.SavedGame{Tags: p.store.tags.Clone(), Game: m.game}
	if p.clock != nil {
		n := m.game.Len()
		sg.Clocks = make([]time.Duration, n)
		for i := range sg.Clocks {
			sg.Clocks[i] = saves.NoClock
			if i < len(p.clocks) {
				sg.Clocks[i] = p.clocks[i]
			}
		}
	}
	return sg
}

// autosave keeps the game in progress on disk after every change, so a
// closed terminal or a crash loses nothing.
func (m *gameScreen) autosave() {
	if m.game.Len() == 0 || m.game.Result().Over() {
		return // nothing played yet, or saved as it ended
	}
	m.writeUnfinished()
}

// writeUnfinished writes the game to its own unfinished file, giving it
// one the first time. No other game ever writes that file, whatever
// other Varias run.
func (m *gameScreen) writeUnfinished() {
	s := &m.match.store
	sg := m.savedGame()
	if s.savedPath != "" && s.savedPlies == m.game.Len() && s.savedResult == m.game.Result() {
		sg.Tags.Set(saves.SavedAsTag, s.savedPath)
	}
	var err error
	if s.file == nil {
		s.file, err = saves.NewUnfinished(sg, s.started)
	} else {
		err = s.file.Save(sg)
	}
	if err != nil {
		s.err = fmt.Sprintf("Autosave failed: %v", err)
		return
	}
	s.err = ""
}

// saveFinished saves a game as it ends, in its file if the player saved
// it before (replacing it), else in a new file of the saves folder, and
// removes its unfinished file: a finished game is never offered to
// resume. If saving fails, the unfinished file keeps it, finished, and
// the menu moves it to the saves folder later.
func (m *gameScreen) saveFinished() {
	s := &m.match.store
	sg := m.savedGame()
	path := s.savedPath
	var err error
	if path != "" {
		err = saves.SaveAs(path, sg, true)
	} else {
		var dir string
		if dir, err = saveDir(m.ctx); err == nil {
			path, err = saves.SaveFile(dir, sg)
		}
	}
	if err != nil {
		m.writeUnfinished()
		if s.err == "" {
			s.err = fmt.Sprintf("The finished game could not be saved (%v); it is kept with the unfinished games.", err)
		} else {
			s.err = fmt.Sprintf("The finished game could not be saved (%v). %s", err, s.err)
		}
		return
	}
	s.savedPath, s.savedPlies, s.savedResult = path, m.game.Len(), m.game.Result()
	s.notice = "Game saved in " + displayPath(path) + "."
	m.removeUnfinished()
}

// removeUnfinished deletes the unfinished file of a game that is saved
// as it ended.
func (m *gameScreen) removeUnfinished() {
	s := &m.match.store
	if s.file == nil {
		return
	}
	if err := s.file.Remove(); err != nil {
		s.err = fmt.Sprintf("The game is saved, but its unfinished copy could not be removed: %v", err)
		return
	}
	s.file = nil
}

// saveDir is the folder games are saved in: the settings' folder, or
// the default one.
func saveDir(ctx *Context) (string, error) {
	d, err := ctx.Settings.SaveDir()
	if err != nil || d != "" {
		return d, err
	}
	return saves.DefaultDir()
}

// openSaveDialog asks for a file name, proposing the last one used or
// one made from the date, variant and players.
func (m *gameScreen) openSaveDialog() tea.Cmd {
	p := &m.match
	if m.game.Len() == 0 && !m.game.Result().Over() {
		m.complain("Nothing to save yet: no move has been played.")
		return nil
	}
	name := saves.FileName(m.savedGame(), m.now())
	if p.store.savedPath != "" {
		name = p.store.savedPath
		if dir, err := saveDir(m.ctx); err == nil && filepath.Dir(name) == dir {
			name = filepath.Base(name)
		}
	}
	in := textinput.New()
	in.Prompt = "Save as: "
	in.CharLimit = 4096
	in.Width = max(8, m.frame.width-len(in.Prompt)-2)
	in.PromptStyle = m.ctx.Styles.Prompt
	in.Cursor.SetMode(cursor.CursorStatic)
	in.SetValue(name)
	in.CursorEnd()
	p.input = in
	p.dialog = dialogSave
	m.overlay = overlayNone
	m.message = ""
	return p.input.Focus()
}

// dialogKey handles keys while a save dialog is open.
func (m *gameScreen) dialogKey(msg tea.KeyMsg) tea.Cmd {
	p := &m.match
	switch p.dialog {
	case dialogReplace:
		switch {
		case key.Matches(msg, m.choice.Yes):
			m.saveTo(p.store.replace, true)
		case key.Matches(msg, m.choice.No, m.choice.Cancel):
			p.dialog = dialogSave
		}
		return nil
	}
	switch {
	case key.Matches(msg, m.pkeys.Cancel):
		p.dialog = dialogNone
		p.input.Blur()
		m.say("Not saved.")
		return nil
	case key.Matches(msg, m.pkeys.Submit):
		path, err := savePath(m.ctx, p.input.Value())
		if err != nil {
			m.complain("%v", err)
			return nil
		}
		m.saveTo(path, path == p.store.savedPath)
		return nil
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return cmd
}

// saveTo writes the game. An existing file is replaced only when it is
// this game's own, or the player said yes.
func (m *gameScreen) saveTo(path string, replace bool) {
	p := &m.match
	err := saves.SaveAs(path, m.savedGame(), replace)
	if errors.Is(err, fs.ErrExist) {
		p.store.replace = path
		p.dialog = dialogReplace
		return
	}
	if err != nil {
		p.dialog = dialogSave
		m.complain("Not saved: %v", err)
		return
	}
	p.dialog = dialogNone
	p.input.Blur()
	s := &p.store
	s.savedPath, s.savedPlies, s.savedResult = path, m.game.Len(), m.game.Result()
	if m.game.Result().Over() {
		m.removeUnfinished() // a finished game that is saved is not unfinished
	} else {
		m.autosave() // marks the unfinished file as saved
	}
	m.say("Saved to %s.", displayPath(path))
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
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		return "", fmt.Errorf("%s is a folder; add a file name", displayPath(name))
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

// dialogLines explains the open save dialog in the panel; the name is
// typed on the bottom line, where a long path fits.
func (m *gameScreen) dialogLines(pw *panelWriter) {
	p := &m.match
	st := m.ctx.Styles
	switch p.dialog {
	case dialogSave:
		dir := "the saves folder"
		if d, err := saveDir(m.ctx); err == nil {
			dir = displayPath(d)
		}
		pw.blank()
		pw.wrap("Save the game: type a file name below (it goes in "+dir+"), or a path.", st.Bold)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s saves · %s cancels", config.FirstKey(m.pkeys.Submit), config.FirstKey(m.pkeys.Cancel))))
	case dialogReplace:
		pw.blank()
		pw.wrap(displayPath(p.store.replace)+" exists. Replace it?", st.Warning)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s replace · %s choose another name", config.FirstKey(m.choice.Yes), config.FirstKey(m.choice.No))))
	}
}

// dialogHelpLine is the save dialog's input, in place of the help line.
func (m *gameScreen) dialogHelpLine() (string, bool) {
	if m.match.dialog != dialogSave {
		return "", false
	}
	in := &m.match.input
	in.Width = max(8, m.frame.width-len(in.Prompt)-2)
	return in.View(), true
}
