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
)

// gameStore is where a game goes on disk: the autosave after every
// move, and the file the player saves it to.
type gameStore struct {
	tags      saves.Tags
	owns      bool   // the autosave holds this game
	savedPath string // where the player last saved it
	notice    string // what became of an earlier game in progress
	err       string // why the last autosave failed
	replace   string // the existing file the player was asked to replace

	// The game as it stood when last saved, to tell whether the autosave
	// holds anything the saved file does not.
	savedPlies  int
	savedResult rules.Result
}

// savedAsTag marks an autosave whose game is exactly the one saved in
// the file it names, so it can be dropped rather than archived twice.
// It is written to the autosave only, never to a saved file.
const savedAsTag = "VariaSavedAs"

// playDialog is a dialog of the save flow.
type playDialog uint8

const (
	dialogNone playDialog = iota
	dialogSave
	dialogReplace
)

// initStore takes the tags of a resumed game, or writes those of a new
// one (players, date, time control). Only a resumed autosave owns the
// autosave file from the start; any other game takes it over with its
// first move, keeping the game that was there (see autosave).
func (m *gameScreen) initStore() {
	s := &m.match.store
	o := m.opts
	if o.Continue != nil && o.Resume {
		s.tags = o.Continue.Tags.Clone()
		s.owns = true
		if path := s.tags.Get(savedAsTag); path != "" {
			s.savedPath, s.savedPlies, s.savedResult = path, len(m.game.History()), m.game.Result()
		}
		s.tags.Delete(savedAsTag)
		return
	}
	p := m.match.players
	s.tags = saves.NewTags(playerName(p[rules.White], rules.White, p), playerName(p[rules.Black], rules.Black, p), m.now())
	for c, prefix := range [2]string{"White", "Black"} {
		kind := "human"
		if p[c].Computer {
			kind = "program"
		}
		s.tags.Set(prefix+"Type", kind)
	}
	if o.Clock.On() {
		s.tags.Set("TimeControl", o.Clock.PGN())
	}
}

// savedGame is the game as it is written: tags, moves and clock times.
func (m *gameScreen) savedGame() *saves.SavedGame {
	p := &m.match
	sg := &saves.SavedGame{Tags: p.store.tags.Clone(), Game: m.game}
	if p.clock != nil {
		n := len(m.game.History())
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
// closed terminal loses nothing. The first time, a game left in the
// autosave by an earlier session is moved to the saved games first.
func (m *gameScreen) autosave() {
	s := &m.match.store
	if len(m.game.History()) == 0 || m.game.Result().Over() {
		return // nothing played yet, or saved as it ended
	}
	if !s.owns {
		if err := keepEarlierAutosave(m.ctx, s); err != nil {
			s.err = fmt.Sprintf("Not autosaved: %v", err)
			return
		}
		s.owns = true
	}
	sg := m.savedGame()
	if s.savedPath != "" && s.savedPlies == len(m.game.History()) && s.savedResult == m.game.Result() {
		sg.Tags.Set(savedAsTag, s.savedPath)
	}
	if err := saves.Autosave(sg); err != nil {
		s.err = fmt.Sprintf("Autosave failed: %v", err)
		return
	}
	s.err = ""
}

// saveFinished saves a game as it ends, in its file if the player saved
// it before (replacing it), else in a new file of the saves folder, and
// clears the autosave: a finished game is never offered to resume. If
// saving fails, the autosave keeps it.
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
		s.err = fmt.Sprintf("The finished game could not be saved (%v); it is kept in the autosave.", err)
		m.autosave()
		return
	}
	s.savedPath, s.savedPlies, s.savedResult = path, len(m.game.History()), m.game.Result()
	s.notice = "Game saved in " + displayPath(path) + "."
	if s.owns {
		if err := saves.ClearAutosave(); err == nil {
			s.owns = false
		}
	}
}

// keepEarlierAutosave moves a game another session left in the autosave
// to the saved games, and one that cannot be read aside, so the next
// autosave replaces neither.
func keepEarlierAutosave(ctx *Context, s *gameStore) error {
	old, err := saves.LoadAutosave()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		path, perr := saves.AutosavePath()
		if perr != nil {
			return perr
		}
		aside := strings.TrimSuffix(path, ".pgn") + "-unreadable-" + time.Now().Format("20060102-150405") + ".pgn"
		if rerr := os.Rename(path, aside); rerr != nil {
			return fmt.Errorf("the earlier autosave cannot be read (%v) nor moved aside: %v", err, rerr)
		}
		s.notice = "The earlier autosave could not be read; it was kept as " + displayPath(aside) + "."
		return nil
	}
	path, err := archiveAutosave(ctx, old)
	if err != nil || path == "" {
		return err
	}
	s.notice = "The game in progress before this one is in your saved games: " + displayPath(path) + "."
	return nil
}

// archiveAutosave moves the autosaved game to the saved games and
// returns its new path; one the player saved as it stands is only
// removed (the path is then empty).
func archiveAutosave(ctx *Context, sg *saves.SavedGame) (string, error) {
	if path := sg.Tags.Get(savedAsTag); path != "" {
		if _, err := os.Stat(path); err == nil {
			return "", saves.ClearAutosave()
		}
		sg.Tags.Delete(savedAsTag)
	}
	dir, err := saveDir(ctx)
	if err != nil {
		return "", err
	}
	return saves.ArchiveAutosave(dir, sg)
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
	if len(m.game.History()) == 0 && !m.game.Result().Over() {
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
	s.savedPath, s.savedPlies, s.savedResult = path, len(m.game.History()), m.game.Result()
	if m.game.Result().Over() {
		// A finished game that is saved needs no autosave.
		if err := saves.ClearAutosave(); err == nil {
			s.owns = false
		}
	} else {
		m.autosave() // marks the autosave as saved
	}
	m.say("Saved to %s.", displayPath(path))
}

// savePath turns what the player typed into a file path: a bare name
// goes in the saves folder, ~ is the home folder, and .pgn is added
// when there is no extension.
func savePath(ctx *Context, text string) (string, error) {
	name := strings.TrimSpace(text)
	if name == "" {
		return "", fmt.Errorf("type a file name, or %s", firstKey(ctx.Settings.Keys.Prompt.Cancel))
	}
	if strings.HasSuffix(name, "/") || strings.HasSuffix(name, string(filepath.Separator)) {
		return "", fmt.Errorf("%q is a folder; add a file name", name)
	}
	if rest, ok := strings.CutPrefix(name, "~"); ok && (rest == "" || rest[0] == '/') {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home folder for %q: %v", name, err)
		}
		name = filepath.Join(home, rest)
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
		pw.line(st.Subtle.Render(fmt.Sprintf("%s saves · %s cancels", firstKey(m.pkeys.Submit), firstKey(m.pkeys.Cancel))))
	case dialogReplace:
		pw.blank()
		pw.wrap(displayPath(p.store.replace)+" exists. Replace it?", st.Warning)
		pw.line(st.Subtle.Render(fmt.Sprintf("%s replace · %s choose another name", firstKey(m.choice.Yes), firstKey(m.choice.No))))
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
