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

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
	"varia/tui/config"
	"varia/tui/words"
)

// openScreen picks a saved game: a list of the PGN files and folders of
// a folder (the saves folder first), a typed path for anywhere else, and,
// for a file of many games, a list of its games. The saves folder's list
// starts with the unfinished games' folder when there are any; there a
// game is resumed rather than replayed. Folders are listed and files
// read off the interface's goroutine.
type openScreen struct {
	ctx     *Context
	keys    config.OpenKeys
	help    help.Model
	playing string // the unfinished file of the game being played, if any

	dir     string
	entries []fileEntry
	index   int
	dialog  *dialog // typing a path
	problem string
	reading bool // a folder is being listed or a file read

	// The games of a file, once one is open.
	games   *gameList
	listSeq int          // counts the files listed
	pending *pendingList // a file to list as the screen starts
}

// pendingList is the file varia replay opens the picker on, and the game
// it names (0 for none).
type pendingList struct {
	path string
	want int
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

// newOpenScreen lists dir (the saves folder when empty); playing is the
// unfinished file of the game being played, marked as this game.
func newOpenScreen(ctx *Context, playing, dir string) *openScreen {
	o := &openScreen{ctx: ctx, keys: ctx.Settings.Keys.Open, help: newHelp(ctx.Styles), playing: playing, dir: dir}
	o.help.Width = ctx.Width
	return o
}

func (o *openScreen) SetSize(w, _ int) { o.help.Width = w }

// start lists the folder as the picker comes on.
func (o *openScreen) start() tea.Cmd {
	if p := o.pending; p != nil {
		o.pending = nil
		return o.listGames(p.path, p.want, true)
	}
	if o.entries != nil || o.games != nil {
		return nil // back from the viewer: the list as it was
	}
	return o.list(o.dir, "")
}

// listedMsg is a folder's list.
type listedMsg struct {
	dir     string
	entries []fileEntry
	index   int
	problem string
}

// openedMsg is a path opened: a folder to list, an unfinished game to
// resume, a file of games to list, or why none.
type openedMsg struct {
	path    string
	folder  bool
	resume  bool
	file    bool
	problem string
}

// list reads a folder off the interface's goroutine; problem, when set,
// is said over the list's own.
func (o *openScreen) list(dir, problem string) tea.Cmd {
	o.reading = true
	typeKey := config.FirstKey(o.keys.Type)
	saveDirPath, saveDirErr := saveDir(o.ctx)
	return func() tea.Msg {
		if dir == "" {
			if saveDirErr == nil {
				dir = saveDirPath
			} else if wd, err := os.Getwd(); err == nil {
				dir = wd
			}
		}
		msg := readFolder(dir, saveDirPath, saveDirErr, typeKey)
		if problem != "" {
			msg.problem = problem
		}
		return msg
	}
}

// readFolder lists a folder: its sub-folders by name, then its PGN
// files, newest first. The saves folder's list starts with the
// unfinished games, the unfinished folder's lists them.
func readFolder(dir, saveDirPath string, saveDirErr error, typeKey string) listedMsg {
	o := listedMsg{dir: dir}
	if filepath.Dir(dir) != dir {
		o.entries = append(o.entries, fileEntry{name: "..", dir: true})
	}
	udir, _ := saves.UnfinishedDir()
	if udir != "" && filepath.Clean(dir) == udir {
		listUnfinished(&o)
		return o
	}
	if saveDirErr == nil && udir != "" && filepath.Clean(dir) == filepath.Clean(saveDirPath) {
		if games, _ := saves.ListUnfinished(); len(games) > 0 {
			o.entries = append(o.entries, fileEntry{name: filepath.Base(udir), dir: true, path: udir, count: len(games)})
			o.index = len(o.entries) - 1
		}
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			o.problem = fmt.Sprintf("%s does not exist yet: no game has been saved there. Type a path with %s.", displayPath(dir), typeKey)
		} else {
			o.problem = err.Error()
		}
		return o
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
		if de.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil {
				info = st // what the link points at
			}
		}
		switch {
		case info.IsDir():
			dirs = append(dirs, fileEntry{name: name, dir: true, mod: info.ModTime()})
		case info.Mode().IsRegular() && strings.EqualFold(filepath.Ext(name), ".pgn"):
			// Regular files only: a FIFO named x.pgn is no game file,
			// and opening it would wait for a writer.
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
	return o
}

// listUnfinished lists the unfinished games, most recently played
// first, and starts on the first that can be resumed.
func listUnfinished(o *listedMsg) {
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

func (o *openScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	if cmd, ok := o.gamesMsg(msg); ok {
		return o, cmd
	}
	switch msg := msg.(type) {
	case listedMsg:
		o.reading = false
		o.dir, o.entries, o.index, o.problem = msg.dir, msg.entries, msg.index, msg.problem
		return o, nil
	case openedMsg:
		return o, o.opened(msg)
	case problemMsg:
		// A game to resume could not be: the list as it stands now.
		return o, o.list(o.dir, msg.text)
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		if o.dialog != nil {
			cmd, _, _ := o.dialog.update(msg, o.ctx.Settings.Keys.Choice, o.ctx.Settings.Keys.Prompt)
			return o, cmd
		}
		return o, nil
	}
	if d := o.dialog; d != nil {
		cmd, closed, _ := d.update(k, o.ctx.Settings.Keys.Choice, o.ctx.Settings.Keys.Prompt)
		if closed && o.dialog == d {
			o.dialog = nil
		}
		return o, cmd
	}
	if o.games != nil {
		return o, o.gameKey(k)
	}
	switch {
	case key.Matches(k, o.keys.Quit):
		return o, tea.Quit
	case key.Matches(k, o.keys.Back):
		return o, goBack()
	case o.reading:
	case key.Matches(k, o.keys.Up):
		o.index = max(0, o.index-1)
	case key.Matches(k, o.keys.Down):
		o.index = min(len(o.entries)-1, o.index+1)
	case key.Matches(k, o.keys.Parent):
		return o, o.list(filepath.Dir(o.dir), "")
	case key.Matches(k, o.keys.Type):
		o.dialog = o.pathDialog()
		return o, o.dialog.open()
	case key.Matches(k, o.keys.Delete):
		o.askDelete()
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
			return o, openReplay(e.game.Game)
		case e.game != nil:
			return o, resume(e.game.Path)
		case e.path != "":
			return o, o.list(e.path, "")
		case e.name == "..":
			return o, o.list(filepath.Dir(o.dir), "")
		}
		return o, o.open(filepath.Join(o.dir, e.name))
	}
	return o, nil
}

// askDelete asks before deleting the unfinished game chosen; the game
// being played here is not deleted.
func (o *openScreen) askDelete() {
	if o.index < 0 || o.index >= len(o.entries) || o.entries[o.index].game == nil {
		o.problem = "Only unfinished games are deleted here."
		return
	}
	ug := o.entries[o.index].game
	if o.playing != "" && ug.Path == o.playing {
		o.problem = "That is the game being played; it leaves the unfinished games when it ends."
		return
	}
	what := filepath.Base(ug.Path)
	if ug.Err == nil {
		what = unfinishedSummary(ug.Game)
	}
	path := ug.Path
	o.dialog = askFor("Delete "+what+"?", func(a dialogAnswer) (tea.Cmd, bool) {
		if !a.yes {
			return nil, false
		}
		return o.deleteGame(path), false
	})
	o.dialog.name = "delete"
}

// deleteGame deletes an unfinished game, off the interface's goroutine,
// and lists the folder again saying how it went.
func (o *openScreen) deleteGame(path string) tea.Cmd {
	list := o.list(o.dir, "")
	return func() tea.Msg {
		problem := "Deleted."
		if err := saves.DeleteUnfinished(path); errors.Is(err, saves.ErrInUse) {
			problem = "That game is being played in another Varia; it was not deleted."
		} else if err != nil {
			problem = fmt.Sprintf("Not deleted: %v", err)
		}
		msg := list().(listedMsg)
		msg.problem = problem
		return msg
	}
}

// pathDialog takes a typed path. It starts with the folder shown, to
// go on from; a path typed after it that starts again (with / or ~)
// stands on its own. A path that cannot be opened keeps the prompt open,
// saying why, for another try.
func (o *openScreen) pathDialog() *dialog {
	var d *dialog
	d = newInput(o.ctx.Styles, "Path: ", displayPath(o.dir)+string(filepath.Separator), func(a dialogAnswer) (tea.Cmd, bool) {
		path, _ := saves.ExpandHome(typedPath(a.text)) // without a home, ~ stays and the path is not found
		switch {
		case a.cancel:
			return nil, false
		case path == "" || d.saving:
			return nil, true
		}
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		d.saving = true // until the path is opened, or said why not
		return o.open(path), true
	})
	d.name = "path"
	d.input.Width = max(10, o.ctx.Width-12)
	return d
}

// typedPath is the path in what was typed at the prompt: where a new
// path starts after the folder it was given ("~/games//tmp/x.pgn",
// "~/games/~/x.pgn"), from there.
func typedPath(text string) string {
	text = strings.TrimSpace(text)
	sep := string(filepath.Separator)
	if i := strings.LastIndex(text, sep+sep); i >= 0 {
		text = text[i+1:]
	}
	if i := strings.LastIndex(text, sep+"~"); i >= 0 && (i+2 == len(text) || text[i+2:i+3] == sep) {
		text = text[i+1:]
	}
	return text
}

// open lists a folder, or reads a file, off the interface's goroutine:
// one game goes straight to the replay viewer, several to the game
// picker, an unfinished one is resumed.
func (o *openScreen) open(path string) tea.Cmd {
	o.reading = true
	return func() tea.Msg {
		msg := openedMsg{path: path}
		fi, err := os.Stat(path)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			msg.problem = fmt.Sprintf("Cannot open %s: %v", displayPath(path), err)
			return msg
		}
		if fi.IsDir() {
			msg.folder = true
			return msg
		}
		if !fi.Mode().IsRegular() {
			// A FIFO would block the reading for ever, a device fill
			// memory: games are read from regular files only.
			msg.problem = fmt.Sprintf("Cannot open %s: it is not a regular file", displayPath(path))
			return msg
		}
		if udir, err := saves.UnfinishedDir(); err == nil && filepath.Dir(path) == udir {
			msg.resume = true
			return msg
		}
		msg.file = true
		return msg
	}
}

// opened follows a path opened. A typed path that could not be opened
// keeps its prompt open, saying why; otherwise the prompt is done.
func (o *openScreen) opened(msg openedMsg) tea.Cmd {
	o.reading = false
	if d := o.dialog; d != nil && d.name == "path" {
		d.saving = false
		if msg.problem != "" {
			d.problem = msg.problem
			return nil
		}
		d.input.Blur()
		o.dialog = nil
	}
	switch {
	case msg.problem != "":
		o.problem = msg.problem
	case msg.folder:
		return o.list(msg.path, "")
	case msg.resume:
		return resume(msg.path)
	case msg.file:
		return o.listGames(msg.path, 0, false)
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
	gamesFoot := "" // under the games: the listing's progress, or a problem
	if o.games != nil {
		var head []string
		head, rows, index, gamesFoot = o.gamesView(w)
		add(head...)
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
	start := listWindow(len(rows), room, index, room/2)
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
	case o.dialog != nil && o.dialog.kind == askDialog:
		add(st.Warning.Render(words.Truncate(o.dialog.title, w-16)) + "  " + st.Subtle.Render(fmt.Sprintf("%s yes · %s no", config.FirstKey(o.ctx.Settings.Keys.Choice.Yes), config.FirstKey(o.ctx.Settings.Keys.Choice.No))))
	case o.dialog != nil:
		if o.dialog.problem != "" {
			// over the blank line above the prompt
			lines[len(lines)-1] = st.Error.Render(words.Truncate(o.dialog.problem, w-2))
		}
		add(o.dialog.input.View())
	case o.games != nil:
		add(st.Warning.Render(words.Truncate(gamesFoot, w-2)))
	case o.problem != "":
		add(st.Error.Render(words.Truncate(o.problem, w-2)))
	default:
		add("")
	}
	help := o.keys.ShortHelp()
	if udir, _ := saves.UnfinishedDir(); o.games == nil && filepath.Clean(o.dir) == udir {
		help = append(help[:1], append(config.ShortBindings(o.keys.Delete), help[1:]...)...)
	}
	if o.games != nil && o.games.ix != nil && len(o.games.ix.Games) > o.gameRows() {
		help = append(help[:1:1], append([]key.Binding{o.pageHelp()}, help[1:]...)...)
	}
	if d := o.dialog; d != nil && d.kind == askDialog {
		help = d.helpKeys(o.ctx.Settings.Keys.Choice, o.ctx.Settings.Keys.Prompt)
	}
	add(shortHelp(o.help, help))
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
	if o.playing != "" && o.playing == ug.Path {
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
