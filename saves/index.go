package saves

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"varia/rules"
)

// Index lists the games of a PGN file without applying the rules: where
// each game starts, the tags a list shows and how many moves it has. A
// file of a hundred thousand games lists in about a second, holding
// little more than those tags; a game is read, every move checked, only
// when it is wanted (Read).
type Index struct {
	Path  string
	Games []IndexEntry

	// Variant, if set, is the variant Read reads games without a
	// Variant tag in (as Reader.Variant).
	Variant *rules.Variant

	size    int64 // the file as it was listed, to notice a change
	modTime time.Time
}

// IndexEntry is one game of an Index.
type IndexEntry struct {
	Number int  // the game's number in the file, from 1
	Line   int  // the line its first tag or move stands on
	Tags   Tags // the tags of ListTags the game has, in file order
	Plies  int  // the moves of its main line, as written
	// Err says why the game cannot be read: broken PGN syntax, found
	// while listing, or (once Read has tried) anything the rules refuse.
	// A game with an error is listed all the same.
	Err error

	offset int64 // byte offset of Line in the file
	col    int   // column of the game's first tag or move on that line
}

// ListTags are the tags an Index keeps of each game: the Seven Tag
// Roster and Variant.
var ListTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant"}

// progressEvery is how many bytes IndexFile reads between two progress
// reports.
const progressEvery = 1 << 20

// IndexFile lists the games of a regular file (OpenRegular). progress,
// if not nil, is called as the file is read, with the bytes read so far
// and the file's size, every megabyte and at the end. Cancelling ctx
// stops the listing with ctx's error. Every game is listed, one that
// cannot be read with its error: only an error reading the file itself
// fails the listing.
func IndexFile(ctx context.Context, path string, progress func(done, total int64)) (*Index, error) {
	f, info, err := openRegularInfo(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ix := &Index{Path: path, size: info.Size(), modTime: info.ModTime()}
	r := NewReader(f, path)
	r.lx.keepComments = false // a list shows none of them
	interned := map[string]string{}
	intern := func(s string) string {
		if v, ok := interned[s]; ok {
			return v
		}
		interned[s] = s
		return s
	}
	reported := int64(0)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil && r.lx.offset-reported >= progressEvery {
			reported = r.lx.offset
			progress(reported, ix.size)
		}
		raw, err := r.nextRaw()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *ParseError
		switch {
		case errors.As(err, &pe):
			e := IndexEntry{Number: pe.Game, Line: pe.Line, Err: pe}
			if raw != nil && raw.line > 0 {
				e.Line, e.Tags = raw.line, listTags(raw.tags, intern)
			}
			ix.Games = append(ix.Games, e)
			continue
		case err != nil:
			return nil, err
		}
		ix.Games = append(ix.Games, IndexEntry{Number: r.number, Line: raw.line, Tags: listTags(raw.tags, intern),
			Plies: len(raw.moves), offset: raw.lineStart, col: raw.col})
	}
	if progress != nil {
		progress(ix.size, ix.size)
	}
	return ix, nil
}

// listTags keeps the tags of ListTags, their values shared with every
// other game's equal values (most are: dates, events, results).
func listTags(tags Tags, intern func(string) string) Tags {
	var out Tags
	for _, t := range tags {
		for _, name := range ListTags {
			if t.Name == name {
				out = append(out, Tag{name, intern(t.Value)})
			}
		}
	}
	return slices.Clip(out)
}

// ErrFileChanged is the error (wrapped) for reading a game of an Index
// whose file has changed since it was listed.
var ErrFileChanged = errors.New("the file has changed since it was listed")

// Read reads game i (an index into Games) of the file, applying the
// rules to every move, as Reader.Next does. An error is also kept in the
// game's entry, so a list shows it from then on (Read is not safe for
// use by several goroutines at once). A file changed since it was listed
// is an error wrapping ErrFileChanged.
func (ix *Index) Read(i int) (*SavedGame, error) {
	if i < 0 || i >= len(ix.Games) {
		return nil, fmt.Errorf("%s: no game %d in the list of %s", ix.Path, i+1, countOf(len(ix.Games), "game", "games"))
	}
	e := &ix.Games[i]
	sg, err := ix.ReadEntry(*e)
	var pe *ParseError
	if errors.As(err, &pe) {
		e.Err = err
	}
	return sg, err
}

// ReadEntry reads the game of e, an entry of Games, as Read does, but
// keeps its error nowhere: any number of goroutines may read games at
// once while another shows the list, and the caller notes the error
// where it likes.
func (ix *Index) ReadEntry(e IndexEntry) (*SavedGame, error) {
	if e.Err != nil {
		return nil, e.Err
	}
	f, info, err := openRegularInfo(ix.Path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.Size() != ix.size || !info.ModTime().Equal(ix.modTime) {
		return nil, fmt.Errorf("%s: %w", ix.Path, ErrFileChanged)
	}
	if _, err := f.Seek(e.offset, io.SeekStart); err != nil {
		return nil, err
	}
	r := &Reader{lx: newLexerAt(f, e.offset, e.Line), name: ix.Path, number: e.Number - 1, Variant: ix.Variant}
	if err := r.lx.startAt(e.col); err != nil {
		return nil, err
	}
	sg, err := r.Next()
	if errors.Is(err, io.EOF) {
		err = fmt.Errorf("%s: game %d is no longer where it was listed: %w", ix.Path, e.Number, ErrFileChanged)
	}
	return sg, err
}

// countOf writes a count with its noun: "1 game", "2 games".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
