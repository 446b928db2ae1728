package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/saves"
	"varia/tui/config"
	"varia/tui/words"
)

// gameList is the picker's list of the games of one PGN file. The file
// is listed (saves.IndexFile: where each game starts and the tags a list
// shows) off the interface's goroutine, with its progress shown while it
// takes long, and a game is read with the rules only when it is opened
// (Index.ReadEntry), so a file of a hundred thousand games lists in
// about a second and holds little memory. Every game is listed; one that
// cannot be read is marked, and why is said when the cursor is on it.
type gameList struct {
	path  string
	seq   int          // this listing's, to drop messages of an earlier one
	ix    *saves.Index // nil while the file is being listed
	index int          // the game the cursor is on

	cancel      context.CancelFunc // stops the listing
	done, total int64              // how far the listing has read, in bytes
	reading     bool               // a game is being read to open it

	// want is the game to open as soon as the file is listed (varia
	// replay --game N), from 1; 0 for none. alone: the list was opened
	// from the command line, not from the folder list, and a game it
	// opens by itself takes its place.
	want  int
	alone bool

	problem string // why a game could not be opened, or was not found
}

type (
	// gamesProgressMsg is how far a listing has read.
	gamesProgressMsg struct {
		seq         int
		done, total int64
		ch          <-chan [2]int64
	}
	// gamesListedMsg is a file listed, or why it could not be.
	gamesListedMsg struct {
		seq int
		ix  *saves.Index
		err error
	}
	// gameReadMsg is a game of the list read to be opened, or why not.
	gameReadMsg struct {
		seq, i int
		sg     *saves.SavedGame
		err    error
	}
)

// listGames shows the games of the file at path, listing it off the
// interface's goroutine; want and alone are the gameList's.
func (o *openScreen) listGames(path string, want int, alone bool) tea.Cmd {
	if l := o.games; l != nil && l.cancel != nil {
		l.cancel()
	}
	o.listSeq++
	ctx, cancel := context.WithCancel(context.Background())
	l := &gameList{path: path, seq: o.listSeq, cancel: cancel, want: want, alone: alone}
	o.games = l
	o.problem = ""
	seq := l.seq
	progress := make(chan [2]int64, 1)
	list := func() tea.Msg {
		defer close(progress)
		ix, err := saves.IndexFile(ctx, path, func(done, total int64) {
			// Only the latest report matters: replace one not yet read.
			select {
			case <-progress:
			default:
			}
			select {
			case progress <- [2]int64{done, total}:
			default:
			}
		})
		return gamesListedMsg{seq: seq, ix: ix, err: err}
	}
	return tea.Batch(list, listenGamesProgress(seq, progress))
}

// listenGamesProgress waits for a listing's next progress report; nil
// once the listing has ended.
func listenGamesProgress(seq int, ch <-chan [2]int64) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return gamesProgressMsg{seq: seq, done: p[0], total: p[1], ch: ch}
	}
}

// gamesMsg follows the messages of a listing and of reading its games;
// ok is false for other messages.
func (o *openScreen) gamesMsg(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	l := o.games
	switch msg := msg.(type) {
	case gamesProgressMsg:
		if l != nil && l.seq == msg.seq && l.ix == nil {
			l.done, l.total = msg.done, msg.total
		}
		return listenGamesProgress(msg.seq, msg.ch), true
	case gamesListedMsg:
		if l == nil || l.seq != msg.seq {
			return nil, true // a listing since left
		}
		return o.gamesListed(msg.ix, msg.err), true
	case gameReadMsg:
		if l == nil || l.seq != msg.seq {
			return nil, true
		}
		return o.gameRead(msg), true
	}
	return nil, false
}

// gamesListed shows the list, or opens the game that was asked for or
// is the file's only one.
func (o *openScreen) gamesListed(ix *saves.Index, err error) tea.Cmd {
	l := o.games
	l.cancel = nil
	name := displayPath(l.path)
	switch {
	case err != nil:
		return o.leaveGames("Cannot read it: " + pathErrText(err))
	case len(ix.Games) == 0:
		return o.leaveGames(fmt.Sprintf("%s holds no game.", name))
	}
	l.ix = ix
	switch {
	case l.want > len(ix.Games):
		l.problem = fmt.Sprintf("%s has %s; there is no game %d.", name, words.Count(len(ix.Games), "game", "games"), l.want)
	case l.want > 0:
		l.index = l.want - 1
		return o.openGame(l.index)
	case len(ix.Games) == 1 && ix.Games[0].Err != nil && !l.alone:
		return o.leaveGames("Cannot read it: " + ix.Games[0].Err.Error())
	case len(ix.Games) == 1:
		return o.openGame(0)
	}
	return nil
}

// leaveGames goes back from the games to the folder list, saying why.
func (o *openScreen) leaveGames(problem string) tea.Cmd {
	l := o.games
	if l.alone {
		l.problem = problem
		return nil // nothing to go back to: the list says why
	}
	o.games = nil
	o.problem = problem
	return nil
}

// openGame reads game i of the list off the interface's goroutine, to
// show it in the replay viewer.
func (o *openScreen) openGame(i int) tea.Cmd {
	l := o.games
	e := l.ix.Games[i]
	if e.Err != nil {
		l.problem = gameErrText(e)
		return nil
	}
	l.reading = true
	ix, seq := l.ix, l.seq
	return func() tea.Msg {
		sg, err := ix.ReadEntry(e)
		return gameReadMsg{seq: seq, i: i, sg: sg, err: err}
	}
}

// gameRead opens the game read, or marks it with why it cannot be.
func (o *openScreen) gameRead(msg gameReadMsg) tea.Cmd {
	l := o.games
	l.reading = false
	if msg.err != nil {
		var pe *saves.ParseError
		if errors.As(msg.err, &pe) {
			l.ix.Games[msg.i].Err = msg.err // marked in the list from now on
			if len(l.ix.Games) == 1 && !l.alone {
				return o.leaveGames("Cannot read it: " + msg.err.Error())
			}
			l.problem = gameErrText(l.ix.Games[msg.i])
		} else {
			l.problem = "Cannot read it: " + pathErrText(msg.err)
		}
		return nil
	}
	auto := l.want > 0 || len(l.ix.Games) == 1
	l.want = 0
	if auto && l.alone {
		return msgCmd(openReplayMsg{game: msg.sg, replace: true})
	}
	if auto {
		o.games = nil // back from the viewer: the folder, not a list of one
	}
	return openReplay(msg.sg)
}

// gameErrText says why a game of the list cannot be read, and where in
// the file (whose name the list shows).
func gameErrText(e saves.IndexEntry) string {
	var pe *saves.ParseError
	if errors.As(e.Err, &pe) {
		why := pe.Reason
		if pe.Text != "" {
			why = fmt.Sprintf("%q: %s", pe.Text, pe.Reason)
		}
		return fmt.Sprintf("Game %d cannot be read (line %d, column %d): %s", e.Number, pe.Line, pe.Col, why)
	}
	return fmt.Sprintf("Game %d cannot be read: %v", e.Number, e.Err)
}

// pathErrText is an error about a file without the path the screen
// already shows.
func pathErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// gameKey handles a key while the games are shown.
func (o *openScreen) gameKey(k tea.KeyMsg) tea.Cmd {
	l := o.games
	page := o.ctx.Settings.Keys.Guide
	switch {
	case key.Matches(k, o.keys.Quit):
		return tea.Quit
	case key.Matches(k, o.keys.Back, o.keys.Parent):
		if l.cancel != nil {
			l.cancel()
		}
		if l.alone && (key.Matches(k, o.keys.Back) || o.entries == nil) {
			// Opened from the command line: back leaves the list, and
			// parent lists the file's folder.
			if key.Matches(k, o.keys.Back) {
				return goBack()
			}
			o.games = nil
			return o.list(filepath.Dir(l.path), "")
		}
		o.games = nil
		return nil
	case l.ix == nil || l.reading:
		return nil // listing, or opening a game: only back and quit
	}
	n := len(l.ix.Games)
	l.problem = ""
	switch {
	case key.Matches(k, o.keys.Up):
		l.index = max(0, l.index-1)
	case key.Matches(k, o.keys.Down):
		l.index = min(n-1, l.index+1)
	case key.Matches(k, page.PageUp):
		l.index = max(0, l.index-o.gameRows())
	case key.Matches(k, page.PageDown):
		l.index = min(n-1, l.index+o.gameRows())
	case key.Matches(k, page.Top):
		l.index = 0
	case key.Matches(k, page.Bottom):
		l.index = n - 1
	case key.Matches(k, o.keys.Open):
		return o.openGame(l.index)
	}
	return nil
}

// pageHelp names the keys that move a page in a long list (the rules
// guide's, which every page to read scrolls with).
func (o *openScreen) pageHelp() key.Binding {
	page := o.ctx.Settings.Keys.Guide
	b := page.PageUp
	b.SetHelp(config.FirstKey(page.PageUp)+"/"+config.FirstKey(page.PageDown), "page")
	return b
}

// gameRows is how many games the list shows at once.
func (o *openScreen) gameRows() int {
	return max(1, max(o.ctx.Height, 10)-openFootRows-4)
}

// gamesView is the list of games: a title, the file and its count, a
// header and the rows around the cursor (only those are written, however
// long the file), and under the list the listing's progress or a
// problem.
func (o *openScreen) gamesView(w int) (head, rows []string, index int, foot string) {
	st := o.ctx.Styles
	l := o.games
	name := displayPath(l.path)
	if l.ix == nil {
		head = []string{st.Title.Render("Choose a game"), st.Subtle.Render(words.Truncate(name, w-2)), ""}
		if l.problem != "" {
			return head, nil, -1, l.problem // the file could not be listed
		}
		text := "Listing the games…"
		if l.total > 0 {
			text = fmt.Sprintf("Listing the games… %d%% (%s of %s)", l.done*100/l.total, sizeText(l.done), sizeText(l.total))
		}
		return head, []string{text}, -1, ""
	}
	games := l.ix.Games
	bad := 0
	for i := range games {
		if games[i].Err != nil {
			bad++
		}
	}
	count := words.Count(len(games), "game", "games")
	if bad > 0 {
		count += fmt.Sprintf(" · %d cannot be read", bad)
	}
	cols := gameColumns{number: max(4, len(fmt.Sprint(len(games)))+1), name: 18}
	if w < 96 {
		cols.name = 14 // the moves stay in 80 columns
	}
	head = []string{
		st.Title.Render("Choose a game"),
		st.Subtle.Render(words.Truncate(fmt.Sprintf("%s: %s", name, count), w-2)),
		"",
		st.Bold.Render(words.Truncate("  "+cols.row("#", "White", "Black", "Result", "Date", "Variant", "Moves"), w-2)),
	}
	room := o.gameRows()
	start := listWindow(len(games), room, l.index, room/2)
	for i := start; i < len(games) && i < start+room; i++ {
		rows = append(rows, cols.game(games[i], w-4))
	}
	switch {
	case l.reading:
		foot = "Reading the game…"
	case l.problem != "":
		foot = l.problem
	case games[l.index].Err != nil:
		foot = gameErrText(games[l.index])
	}
	return head, rows, l.index - start, foot
}

// gameColumns are the widths of the list's columns that vary: the
// game's number and the players' names.
type gameColumns struct{ number, name int }

func (c gameColumns) row(number, white, black, result, date, variant, moves string) string {
	return fmt.Sprintf("%-*s%-*s %-*s %-8s %-11s %-12s %s", c.number, number, c.name, words.Truncate(white, c.name),
		c.name, words.Truncate(black, c.name), words.Truncate(result, 8), words.Truncate(date, 11), words.Truncate(variant, 12), moves)
}

// game is one game of the list, w wide.
func (c gameColumns) game(e saves.IndexEntry, w int) string {
	t := e.Tags
	if e.Err != nil && len(t) == 0 {
		return words.Truncate(fmt.Sprintf("%-*d(cannot be read, line %d)", c.number, e.Number, e.Line), w)
	}
	result := t.Get("Result")
	if result == "" {
		result = "*"
	}
	variant := t.Get("Variant")
	if variant == "" {
		variant = "Standard"
	}
	moves := fmt.Sprint((e.Plies + 1) / 2)
	if e.Err != nil {
		moves = "cannot be read"
	}
	return words.Truncate(c.row(fmt.Sprint(e.Number), t.Get("White"), t.Get("Black"), result, t.Get("Date"), variant, moves), w)
}
