package saves

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

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
	return writeGame(w, g, tags, nil)
}

// Write writes the game as PGN, as the package's Write does, with a
// [%clk] comment after each move that has a clock.
func (sg *SavedGame) Write(w io.Writer) error {
	return writeGame(w, sg.Game, sg.Tags, sg.Clocks)
}

func writeGame(w io.Writer, g *rules.Game, tags Tags, clocks []time.Duration) error {
	var buf bytes.Buffer
	if err := formatGame(&buf, g, tags, clocks); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func formatGame(buf *bytes.Buffer, g *rules.Game, tags Tags, clocks []time.Duration) error {
	for _, t := range tags {
		if err := validTagName(t.Name); err != nil {
			return err
		}
	}
	for _, t := range Header(g, tags) {
		fmt.Fprintf(buf, "[%s %s]\n", t.Name, quoteTagValue(t.Value))
	}
	buf.WriteByte('\n')

	lw := lineWrapper{buf: buf}
	needNumber := true
	for i, rec := range g.History() {
		var unit strings.Builder
		if rec.Color() == rules.White {
			unit.WriteString(strconv.Itoa(rec.MoveNumber()) + ". ")
		} else if needNumber {
			unit.WriteString(strconv.Itoa(rec.MoveNumber()) + "... ")
		}
		unit.WriteString(rec.SAN)
		lw.add(unit.String())
		needNumber = false
		if i < len(clocks) && clocks[i] >= 0 {
			lw.add("{[%clk " + formatClock(clocks[i]) + "]}")
			needNumber = true // as PGN writers do after a comment
		}
	}
	lw.add(g.Result().Status.PGN())
	buf.WriteString("\n\n")
	return nil
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
	lw.buf.WriteString(unit)
	lw.col += n
}
