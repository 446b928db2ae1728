package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
	"varia/tui/config"
	"varia/tui/words"
)

// openScreen picks a saved game: a list of the PGN files and folders of
// a folder (the saves folder first), a typed path for anywhere else, and,
// for a file of many games, a list of its games. The saves folder's list
// starts with the unfinished games' folder when there are any; there a
// game is resumed rather than replayed.
type openScreen struct {
	ctx   *Context
	keys  config.OpenKeys
	pkeys config.PromptKeys // typing a path
	help  help.Model
	back  screen // esc returns here; the menu when nil

	dir     string
	entries []fileEntry
	index   int
	typing  bool
	input   textinput.Model
	problem string

	// The game picker, once a file of several games is open.
	file   string
	games  []*saves.SavedGame
	gindex int
	warn   string // an error after the games that could be read
}

type fileEntry struct {
	name string
	dir  bool
	mod  time.Time
	size int64

	path  string                // the unfinished games' folder, listed with the saves folder
	count int                   // how many games it holds
	game  *saves.UnfinishedGame // a game in the unfinished folder
}

func newOpenScreen(ctx *Context, back screen, dir string) *openScreen {
	o := &openScreen{ctx: ctx, keys: ctx.Settings.Keys.Open, pkeys: ctx.Settings.Keys.Prompt, help: newHelp(ctx.Styles), back: back}
	o.help.Width = ctx.Width
	in := textinput.New()
	in.Prompt = "Path: "
	in.CharLimit = 4096
	in.PromptStyle = ctx.Styles.Prompt
	in.Cursor.SetMode(cursor.CursorStatic)
	o.input = in
	if dir == "" {
		if d, err := saveDir(ctx); err == nil {
			dir = d
		} else if wd, err := os.Getwd(); err == nil {
			dir = wd
		}
	}
	o.list(dir)
	return o
}

func (o *openScreen) SetSize(w, _ int) {
	o.help.Width = w
	o.input.Width = max(10, w-12)
}

// list reads a folder: its sub-folders by name, then its PGN files,
// newest first. The saves folder's list starts with the unfinished
// games, the unfinished folder's lists them.
func (o *openScreen) list(dir string) {
	o.dir, o.entries, o.index, o.problem = dir, nil, 0, ""
	if filepath.Dir(dir) != dir {
		o.entries = append(o.entries, fileEntry{name: "..", dir: true})
	}
	udir, _ := saves.UnfinishedDir()
	if udir != "" && filepath.Clean(dir) == udir {
		o.listUnfinished()
		return
	}
	if sd, err := saveDir(o.ctx); err == nil && udir != "" && filepath.Clean(dir) == filepath.Clean(sd) {
		if games, _ := saves.ListUnfinished(); len(games) > 0 {
			o.entries = append(o.entries, fileEntry{name: filepath.Base(udir), dir: true, path: udir, count: len(games)})
			o.index = len(o.entries) - 1
		}
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			o.problem = fmt.Sprintf("%s does not exist yet: no game has been saved there. Type a path with %s.", displayPath(dir), config.FirstKey(o.keys.Type))
		} else {
			o.problem = err.Error()
		}
		return
	}
	var dirs, files []fileEntry
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue
		}
		isDir := info.IsDir()
		if !isDir && de.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil {
				isDir = st.IsDir()
			}
		}
		switch {
		case isDir:
			dirs = append(dirs, fileEntry{name: name, dir: true, mod: info.ModTime()})
		case strings.EqualFold(filepath.Ext(name), ".pgn"):
			files = append(files, fileEntry{name: name, mod: info.ModTime(), size: info.Size()})
		}
	}
	sort.Slice(dirs, func(i, j int) bool { return dirs[i].name < dirs[j].name })
	sort.SliceStable(files, func(i, j int) bool { return files[i].mod.After(files[j].mod) })
	o.entries = append(append(o.entries, dirs...), files...)
	if len(files) == 0 && o.problem == "" {
		o.problem = "No PGN files here."
	}
	// Start on the newest game rather than on ".." (or on the
	// unfinished games when there is no saved one).
	for i, e := range o.entries {
		if !e.dir {
			o.index = i
			break
		}
	}
}

// listUnfinished lists the unfinished games, most recently played
// first, and starts on the first that can be resumed.
func (o *openScreen) listUnfinished() {
	games, err := saves.ListUnfinished()
	if err != nil {
		o.problem = err.Error()
	}
	first := len(o.entries)
	o.index = -1
	for i := range games {
		o.entries = append(o.entries, fileEntry{name: filepath.Base(games[i].Path), mod: games[i].ModTime, game: &games[i]})
		if o.index < 0 && games[i].Err == nil && !games[i].InUse {
			o.index = len(o.entries) - 1
		}
	}
	if o.index < 0 {
		o.index = min(first, len(o.entries)-1)
	}
	if len(games) == 0 && o.problem == "" {
		o.problem = "No unfinished games."
	}
}

// resume resumes an unfinished game: the game this picker was opened
// from is returned to, one that cannot be read or is being played in
// another Varia is reported.
func (o *openScreen) resume(path string) tea.Cmd {
	if g, ok := o.back.(*gameScreen); ok && g.match.store.file != nil && g.match.store.file.Path() == path {
		return goBack(o.back)
	}
	opts, problem := resumeOptions(path, o.ctx.Settings.ViewFor)
	if problem != "" {
		o.list(o.dir) // as it stands now
		o.problem = problem
		return nil
	}
	return startGame(opts)
}

func (o *openScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return o, nil
	}
	if o.typing {
		return o, o.typeKey(k)
	}
	if o.games != nil {
		return o, o.gameKey(k)
	}
	switch {
	case key.Matches(k, o.keys.Quit):
		return o, tea.Quit
	case key.Matches(k, o.keys.Back):
		return o, goBack(o.back)
	case key.Matches(k, o.keys.Up):
		o.index = max(0, o.index-1)
	case key.Matches(k, o.keys.Down):
		o.index = min(len(o.entries)-1, o.index+1)
	case key.Matches(k, o.keys.Parent):
		o.list(filepath.Dir(o.dir))
	case key.Matches(k, o.keys.Type):
		o.typing = true
		o.input.SetValue(displayPath(o.dir) + string(filepath.Separator))
		o.input.CursorEnd()
		return o, o.input.Focus()
	case key.Matches(k, o.keys.Open):
		if o.index < 0 || o.index >= len(o.entries) {
			return o, nil
		}
		e := o.entries[o.index]
		switch {
		case e.game != nil && e.game.Err != nil:
			o.problem = "Cannot read it (the file is left as it is): " + e.game.Err.Error()
			return o, nil
		case e.game != nil && e.game.Game.Game.Result().Over():
			return o, openReplay(e.game.Game, o)
		case e.game != nil:
			return o, o.resume(e.game.Path)
		case e.path != "":
			o.list(e.path)
			return o, nil
		case e.name == "..":
			o.list(filepath.Dir(o.dir))
			return o, nil
		}
		return o, o.open(filepath.Join(o.dir, e.name))
	}
	return o, nil
}

func (o *openScreen) typeKey(k tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(k, o.pkeys.Cancel):
		o.typing = false
		o.input.Blur()
		return nil
	case key.Matches(k, o.pkeys.Submit):
		path, _ := saves.ExpandHome(strings.TrimSpace(o.input.Value())) // without a home, ~ stays and the path is not found
		if path == "" {
			return nil
		}
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		o.typing = false
		o.input.Blur()
		return o.open(path)
	}
	var cmd tea.Cmd
	o.input, cmd = o.input.Update(k)
	return cmd
}

// open lists a folder, or reads a file: one game goes straight to the
// replay viewer, several to the game picker.
func (o *openScreen) open(path string) tea.Cmd {
	fi, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		o.problem = fmt.Sprintf("Cannot open %s: %v", displayPath(path), err)
		return nil
	}
	if fi.IsDir() {
		o.list(path)
		return nil
	}
	if udir, err := saves.UnfinishedDir(); err == nil && filepath.Dir(path) == udir {
		return o.resume(path)
	}
	games, err := saves.ReadFile(path)
	if len(games) == 0 {
		if err == nil {
			o.problem = fmt.Sprintf("%s holds no game.", displayPath(path))
		} else {
			o.problem = "Cannot read it: " + err.Error()
		}
		return nil
	}
	if len(games) == 1 && err == nil {
		return openReplay(games[0], o)
	}
	o.showGames(path, games, err)
	return nil
}

// showGames turns the screen into the picker of a file's games.
func (o *openScreen) showGames(path string, games []*saves.SavedGame, err error) {
	o.file, o.games, o.gindex, o.warn = path, games, 0, ""
	if err != nil {
		o.warn = fmt.Sprintf("Only the first %d games could be read: %v", len(games), err)
	}
}

func (o *openScreen) gameKey(k tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(k, o.keys.Quit):
		return tea.Quit
	case key.Matches(k, o.keys.Back, o.keys.Parent):
		o.games, o.file, o.warn = nil, "", ""
	case key.Matches(k, o.keys.Up):
		o.gindex = max(0, o.gindex-1)
	case key.Matches(k, o.keys.Down):
		o.gindex = min(len(o.games)-1, o.gindex+1)
	case key.Matches(k, o.keys.Open):
		return openReplay(o.games[o.gindex], o)
	}
	return nil
}

// Rows under the picker's list: a blank line, the problem or the typed
// path, and the help.
const openFootRows = 3

func (o *openScreen) View() string {
	st := o.ctx.Styles
	w, h := max(o.ctx.Width, 20), max(o.ctx.Height, 10)
	var lines []string
	add := func(s ...string) { lines = append(lines, s...) }
	var rows []string
	index := 0
	if o.games != nil {
		add(st.Title.Render("Choose a game"), st.Subtle.Render(words.Truncate(fmt.Sprintf("%s: %d games", displayPath(o.file), len(o.games)), w-2)), "")
		add(st.Bold.Render(words.Truncate(fmt.Sprintf("  %-4s%-18s %-18s %-8s %-11s %-12s %s", "#", "White", "Black", "Result", "Date", "Variant", "Moves"), w-2)))
		for _, g := range o.games {
			t := g.Tags
			rows = append(rows, words.Truncate(fmt.Sprintf("%-4d%-18s %-18s %-8s %-11s %-12s %d", g.Number,
				words.Truncate(t.Get("White"), 18), words.Truncate(t.Get("Black"), 18), g.Game.Result().Status.PGN(),
				t.Get("Date"), saves.VariantTag(g.Game.Variant()), (g.Game.Len()+1)/2), w-4))
		}
		index = o.gindex
	} else {
		title, folder := "Open a saved game", "Folder: "+displayPath(o.dir)
		if udir, _ := saves.UnfinishedDir(); filepath.Clean(o.dir) == udir {
			title, folder = "Resume an unfinished game", folder+" · most recently played first"
		}
		add(st.Title.Render(title), st.Subtle.Render(words.Truncate(folder, w-2)), "")
		for _, e := range o.entries {
			switch {
			case e.game != nil:
				rows = append(rows, o.unfinishedRow(e, w))
			case e.path != "":
				rows = append(rows, st.Accent.Render(words.Truncate(fmt.Sprintf("%s/  %s: enter lists them", e.name, words.Count(e.count, "unfinished game", "unfinished games")), w-4)))
			case e.name == "..":
				rows = append(rows, "../  (the folder above)")
			case e.dir:
				rows = append(rows, words.Truncate(e.name+"/", w-4))
			default:
				info := fmt.Sprintf("  %s  %s", e.mod.Format("2006-01-02 15:04"), sizeText(e.size))
				name := words.Truncate(e.name, max(10, w-4-len([]rune(info))))
				rows = append(rows, fmt.Sprintf("%-*s%s", max(10, w-4-len([]rune(info))), name, info))
			}
		}
		index = o.index
	}
	room := max(1, h-openFootRows-len(lines))
	start := 0
	if len(rows) > room {
		start = max(0, min(index-room/2, len(rows)-room))
	}
	for i := start; i < len(rows) && i < start+room; i++ {
		if i == index {
			add(string(st.Glyphs.Current) + " " + st.CurrentMove.Render(rows[i]))
		} else {
			add("  " + rows[i])
		}
	}
	for len(lines) < h-openFootRows {
		add("")
	}
	lines = lines[:h-openFootRows]
	add("")
	switch {
	case o.typing:
		add(o.input.View())
	case o.warn != "" && o.games != nil:
		add(st.Warning.Render(words.Truncate(o.warn, w-2)))
	case o.problem != "":
		add(st.Error.Render(words.Truncate(o.problem, w-2)))
	default:
		add("")
	}
	add(shortHelp(o.help, o.keys.ShortHelp()))
	return strings.Join(lines, "\n")
}

// unfinishedRow describes an unfinished game: variant, moves, players,
// when it was last played, and whether it is being played or cannot be
// read.
func (o *openScreen) unfinishedRow(e fileEntry, w int) string {
	ug := e.game
	info := "  " + e.mod.Format("2006-01-02 15:04")
	var text string
	switch {
	case ug.Err != nil:
		text = e.name + ": cannot be read"
	default:
		text = unfinishedSummary(ug.Game)
		if ug.Game.Game.Result().Over() {
			text += ", over"
		}
	}
	if g, ok := o.back.(*gameScreen); ok && g.match.store.file != nil && g.match.store.file.Path() == ug.Path {
		text += " (this game)"
	} else if ug.InUse {
		text += " (being played in another Varia)"
	}
	width := max(10, w-4-len([]rune(info)))
	return fmt.Sprintf("%-*s%s", width, words.Truncate(text, width), info)
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
