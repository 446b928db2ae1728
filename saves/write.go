package saves

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"varia/rules"
)

// lineWidth is the longest movetext line written, in characters.
const lineWidth = 80

// derivedTags are written from the game itself; values the caller passes
// for them are ignored.
var derivedTags = map[string]bool{"Result": true, "Variant": true, "SetUp": true, "FEN": true, "Termination": true}

// Header returns the tags Write writes for a game, in order: the Seven
// Tag Roster (taking the caller's values, "?" where missing, and the
// Result from the game), Variant, SetUp and FEN when the game did not
// start from the variant's start position or the variant has numbered
// starts, Termination when the game is
// over, TimeControl if given, then the caller's other tags in their
// order. Values lose control characters, which PGN strings cannot hold.
func Header(g *rules.Game, tags Tags) Tags {
	var out Tags
	for _, r := range rosterTags {
		v, ok := tags.Lookup(r.Name)
		if !ok || v == "" {
			v = r.Value
		}
		out = append(out, Tag{r.Name, v})
	}
	res := g.Result()
	out.Set("Result", res.Status.PGN())
	v := g.Variant()
	out = append(out, Tag{"Variant", VariantTag(v)})
	// A variant of numbered starts (Chess960) always names its start, as
	// other programs expect.
	if g.StartFEN() != rules.NewPosition(v).FEN() || v.StartCount > 0 {
		out = append(out, Tag{"SetUp", "1"}, Tag{"FEN", g.StartFEN()})
	}
	if res.Over() {
		out = append(out, Tag{"Termination", res.Reason.String()})
	}
	if tc, ok := tags.Lookup("TimeControl"); ok {
		out = append(out, Tag{"TimeControl", tc})
	}
	for _, t := range tags {
		if _, done := out.Lookup(t.Name); !done && !derivedTags[t.Name] {
			out = append(out, t)
		}
	}
	for i := range out {
		out[i].Value = cleanTagValue(out[i].Value)
	}
	return out
}

// cleanTagValue makes a value PGN can hold and read back unchanged.
func cleanTagValue(v string) string {
	v = strings.ToValidUTF8(v, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, v)
}

// Write writes a game as PGN: the tags of Header, then the moves up to
// the current position in SAN (tilde notation for steps) with move
// numbers, wrapped at 80 columns, and the result token, then a blank
// line, so games written one after another make a PGN file. A tag name
// PGN cannot hold (anything but a letter followed by letters, digits and
// underscores) is an error, and nothing is written.
func Write(w io.Writer, g *rules.Game, tags Tags) error {
	return (&SavedGame{Game: g, Tags: tags}).Write(w)
}

// Write writes the game as PGN, as the package's Write does, with its
// opening comment, each move's note (glyphs as $n, comments in braces,
// variations in parentheses, nested as they are) and a [%clk] command
// in the comment of each move that has a clock.
func (sg *SavedGame) Write(w io.Writer) error {
	var buf bytes.Buffer
	if err := sg.format(&buf); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func (sg *SavedGame) format(buf *bytes.Buffer) error {
	g := sg.Game
	for _, t := range sg.Tags {
		if err := validTagName(t.Name); err != nil {
			return err
		}
	}
	for _, t := range Header(g, sg.Tags) {
		fmt.Fprintf(buf, "[%s %s]\n", t.Name, quoteTagValue(t.Value))
	}
	buf.WriteByte('\n')

	mw := movetextWriter{lw: lineWrapper{buf: buf}, needNumber: true}
	mw.comment(sg.Comment)
	for i, rec := range g.History() {
		var note Note
		if n := sg.NoteAt(i); n != nil {
			note = *n
		}
		if i < len(sg.Clocks) && sg.Clocks[i] >= 0 {
			note.Comment = joinComments(note.Comment, "[%clk "+formatClock(sg.Clocks[i])+"]")
		}
		mw.move(rec.Ply, rec.SAN, &note)
	}
	mw.lw.add(g.Result().Status.PGN())
	buf.WriteString("\n\n")
	return nil
}

// movetextWriter writes moves with their notes, variations inside
// variations, wrapping lines.
type movetextWriter struct {
	lw         lineWrapper
	needNumber bool // the next move, if Black's, needs its number ("12...")
}

func (mw *movetextWriter) move(ply int, san string, n *Note) {
	mw.comment(n.Before)
	number := ""
	if ply%2 == 0 {
		number = strconv.Itoa(ply/2+1) + ". "
	} else if mw.needNumber {
		number = strconv.Itoa(ply/2+1) + "... "
	}
	mw.lw.add(number + san)
	mw.needNumber = false
	for _, nag := range n.NAGs {
		if nag >= 0 && nag <= 255 {
			mw.lw.add("$" + strconv.Itoa(nag))
		}
	}
	mw.comment(n.Comment)
	for _, v := range n.Variations {
		if len(v) == 0 {
			continue
		}
		mw.lw.add("(")
		mw.needNumber = true
		for i := range v {
			mw.move(v[i].Ply, v[i].SAN, &v[i].Note)
		}
		mw.lw.add(")")
		mw.needNumber = true
	}
}

// comment writes a comment in braces, word by word so long ones wrap; a
// '}' in it, which would end it early, is written as ')'.
func (mw *movetextWriter) comment(text string) {
	words := commentUnits(strings.ReplaceAll(text, "}", ")"))
	if len(words) == 0 {
		return
	}
	mw.lw.add("{")
	for _, w := range words {
		mw.lw.add(w)
	}
	mw.lw.add("}")
	mw.needNumber = true // as PGN writers do after a comment
}

// commentUnits splits a comment into the words lines may break between,
// keeping each command ([%clk 0:03:00]) whole on one line, as readers
// look for it there.
func commentUnits(text string) []string {
	var out []string
	open := false
	for _, w := range strings.Fields(text) {
		if open {
			out[len(out)-1] += " " + w
		} else {
			out = append(out, w)
		}
		if strings.HasPrefix(w, "[%") {
			open = true
		}
		if strings.Contains(w, "]") {
			open = false
		}
	}
	return out
}

// lineWrapper fills lines up to lineWidth with space-separated units,
// never splitting one.
type lineWrapper struct {
	buf *bytes.Buffer
	col int
}

func (lw *lineWrapper) add(unit string) {
	n := len([]rune(unit))
	switch {
	case lw.col == 0:
	case lw.col+1+n > lineWidth:
		lw.buf.WriteByte('\n')
		lw.col = 0
	default:
		lw.buf.WriteByte(' ')
		lw.col++
	}
	if lw.col == 0 && strings.HasPrefix(unit, "%") {
		// A line starting with % is an escape line readers skip.
		lw.buf.WriteByte(' ')
		lw.col++
	}
	lw.buf.WriteString(unit)
	lw.col += n
}
