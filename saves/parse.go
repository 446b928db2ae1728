package saves

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// rawGame is one game as the PGN text has it, before any rule is applied.
type rawGame struct {
	line, col int     // where the game's first tag or move stands
	lineStart int64   // byte offset of that line
	tags      Tags    // in file order; a repeated tag keeps its last value
	tagPos    []token // each tag's value token, for error positions, as tags is ordered
	moves     []rawMove
	result    *token // the result token ending the movetext; nil if missing
	end       token  // without a result: what ended the movetext (a new game's '[' or EOF)
	inMoves   bool   // the movetext has begun (for skipping a broken game)
	trailing  *token // the first text after the result that is not a new game, if any
	comment   string // the comment before the first move
	noteBytes int    // comment text kept so far, bounded by maxNoteBytes
	dropped   []droppedNote
}

// droppedNote is an annotation the reader left out, for a warning.
type droppedNote struct {
	at      token
	message string
}

// Bounds on what a game's annotations may hold, so no file can fill the
// memory: comment text in all (each comment is also cut at maxComment),
// and how deep variations nest.
const (
	maxNoteBytes = 4 << 20
	maxVarDepth  = 64
)

// setTag sets a tag from its value token; a repeated tag keeps its last
// value.
func (g *rawGame) setTag(name string, value token) {
	for i := range g.tags {
		if g.tags[i].Name == name {
			g.tags[i].Value, g.tagPos[i] = value.text, value
			return
		}
	}
	g.tags = append(g.tags, Tag{name, value.text})
	g.tagPos = append(g.tagPos, value)
}

// tagAt returns the value token of a tag, if the game has it.
func (g *rawGame) tagAt(name string) (token, bool) {
	for i := range g.tags {
		if g.tags[i].Name == name {
			return g.tagPos[i], true
		}
	}
	return token{}, false
}

// rawMove is one move text and what the text around it says of it.
type rawMove struct {
	tok      token
	clock    time.Duration // a main-line move's [%clk]
	hasClock bool
	before   string // a comment before the move
	nags     []int
	comment  string
	vars     [][]rawMove // variations replacing the move
}

// openLine is a line of moves being read: the main line, or a variation
// nested in it.
type openLine struct {
	moves    *[]rawMove
	open     token  // the '(' that opened it (none for the main line)
	pending  string // a comment waiting for the next move
	afterVar bool   // a variation closed since the line's last move
}

// isResult reports whether a symbol is a game termination marker.
func isResult(s string) bool {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*", "½-½":
		return true
	}
	return false
}

// normalResult writes a result token as Status.PGN does.
func normalResult(s string) string {
	if s == "½-½" {
		return "1/2-1/2"
	}
	return s
}

// parseGame reads the next game's tags and movetext; nil at the end of
// the input. The movetext ends at a result token, at the end of the file
// (a missing result), or where the next game's tags begin. Comments,
// NAGs (suffixes read as theirs) and variations nested up to maxVarDepth
// are kept with their moves when the lexer keeps comments, and skipped
// otherwise (only %clk is always read); move numbers are skipped.
func parseGame(lx *lexer, moveBuf []rawMove) (*rawGame, error) {
	for {
		g, err := parseSection(lx, moveBuf)
		if err != nil || g == nil || len(g.tags) > 0 || len(g.moves) > 0 || g.result != nil {
			return g, err
		}
		// Only comments or move numbers: text around games, not a game.
	}
}

func parseSection(lx *lexer, moveBuf []rawMove) (*rawGame, error) {
	first, err := lx.peek()
	if err != nil {
		return nil, err
	}
	if first.kind == tokEOF {
		return nil, nil
	}
	g := &rawGame{moves: moveBuf[:0], tags: make(Tags, 0, 12), tagPos: make([]token, 0, 12)}
	if err := parseTags(lx, g); err != nil {
		return g, err
	}
	g.inMoves = true
	keep := lx.keepComments
	lines := []openLine{{moves: &g.moves}}
	var skipped []token // the '(' of each variation being skipped, innermost last
	for {
		tok, err := lx.peek()
		if err != nil {
			return g, err
		}
		if tok.kind == tokEOF || tok.kind == tokTagOpen {
			if len(lines) > 1 || len(skipped) > 0 {
				open := lines[len(lines)-1].open
				if len(skipped) > 0 {
					open = skipped[len(skipped)-1]
				}
				return g, &syntaxError{open.line, open.col, "(",
					fmt.Sprintf("the variation opened here is not closed before %s", describeEnd(tok))}
			}
			g.end = tok
			g.finishLine(&lines[0])
			return g, nil
		}
		lx.next()
		if g.line == 0 && tok.kind != tokComment {
			g.line, g.col, g.lineStart = tok.line, tok.col, tok.lineStart
		}
		if len(skipped) > 0 {
			switch tok.kind {
			case tokVarOpen:
				skipped = append(skipped, tok)
			case tokVarClose:
				skipped = skipped[:len(skipped)-1]
			case tokSymbol, tokComment, tokNAG, tokMoveNumber, tokPeriods:
			default:
				// As in a variation kept: a skipped one is skipped, not
				// taken for something else.
				return g, unexpectedInMoves(tok)
			}
			continue
		}
		cur := &lines[len(lines)-1]
		var last *rawMove
		if n := len(*cur.moves); n > 0 {
			last = &(*cur.moves)[n-1]
		}
		switch tok.kind {
		case tokVarOpen:
			switch {
			case !keep:
				skipped = append(skipped, tok)
			case last == nil:
				g.drop(tok, "a variation before any move of its line is skipped")
				skipped = append(skipped, tok)
			case len(lines) > maxVarDepth:
				g.drop(tok, fmt.Sprintf("variations nested more than %d deep are skipped", maxVarDepth))
				skipped = append(skipped, tok)
			default:
				last.vars = append(last.vars, nil)
				lines = append(lines, openLine{moves: &last.vars[len(last.vars)-1], open: tok})
			}
		case tokVarClose:
			if len(lines) == 1 {
				return g, &syntaxError{tok.line, tok.col, ")", "')' closes no variation"}
			}
			g.finishLine(cur)
			lines = lines[:len(lines)-1]
			parent := &lines[len(lines)-1]
			parent.afterVar = true
			if p := *parent.moves; len(p) > 0 {
				if vs := p[len(p)-1].vars; len(vs) > 0 && len(vs[len(vs)-1]) == 0 {
					p[len(p)-1].vars = vs[:len(vs)-1] // "()" holds nothing
				}
			}
		case tokSymbol:
			if isResult(tok.text) {
				if len(lines) > 1 {
					continue // a result inside a variation ends nothing
				}
				result := tok // a copy, so tok itself stays off the heap
				g.result = &result
				g.finishLine(cur)
				return g, skipTrailing(lx, g)
			}
			if strings.EqualFold(tok.text, "e.p.") && last != nil {
				continue // "exd6 e.p.": the marker belongs to the move before
			}
			*cur.moves = append(*cur.moves, rawMove{tok: tok, before: cur.pending})
			cur.pending, cur.afterVar = "", false
		case tokComment:
			if len(lines) == 1 && last != nil && tok.hasClock {
				last.clock, last.hasClock = tok.clock, true
			}
			if !keep {
				continue
			}
			text := commentPiece(tok.text)
			if len(lines) == 1 && last != nil && tok.hasClock {
				// kept in Clocks
				text = commentPiece(withoutClocks(text))
			}
			if tok.cut {
				g.drop(tok, fmt.Sprintf("a comment longer than %d KiB is cut there", maxComment>>10))
			}
			if text == "" {
				continue
			}
			if g.noteBytes+len(text) > maxNoteBytes {
				g.drop(tok, fmt.Sprintf("comments past %d MiB in one game are skipped", maxNoteBytes>>20))
				continue
			}
			g.noteBytes += len(text)
			switch {
			case last != nil && !cur.afterVar:
				last.comment = joinComments(last.comment, text)
			case last == nil && len(lines) == 1:
				g.comment = joinComments(g.comment, text)
			default:
				cur.pending = joinComments(cur.pending, text)
			}
		case tokNAG:
			if !keep || last == nil {
				continue
			}
			if n, ok := nagOf(tok.text); ok {
				last.nags = append(last.nags, n)
			}
		case tokMoveNumber, tokPeriods:
		default:
			return g, unexpectedInMoves(tok)
		}
	}
}

// unexpectedInMoves is the error for a token no movetext holds.
func unexpectedInMoves(tok token) error {
	return &syntaxError{tok.line, tok.col, tok.text, fmt.Sprintf("unexpected %s in the moves", tok.kind)}
}

// finishLine gives a comment left at the end of a line, after its last
// variation, to the line's last move.
func (g *rawGame) finishLine(l *openLine) {
	if l.pending == "" {
		return
	}
	if n := len(*l.moves); n > 0 {
		m := &(*l.moves)[n-1]
		m.comment = joinComments(m.comment, l.pending)
	} else if l.open.line == 0 {
		g.comment = joinComments(g.comment, l.pending)
	}
	l.pending = ""
}

// drop notes an annotation left out.
func (g *rawGame) drop(at token, message string) {
	if len(g.dropped) < 16 {
		g.dropped = append(g.dropped, droppedNote{at, message})
	}
}

// skipTrailing reads past text after a game's result up to what starts
// the next game: its tags, or for a game without tags its first move
// number 1. Anything else there (moves some program wrote after the
// result) belongs to no game: it is skipped, and the first of it noted
// for a warning, so it never reads as a game of its own.
func skipTrailing(lx *lexer, g *rawGame) error {
	if g == nil {
		g = &rawGame{}
	}
	for {
		tok, err := lx.peek()
		if err != nil {
			var se *syntaxError
			if !errors.As(err, &se) {
				return nil // the game is whole; the next read meets the error again
			}
			// Text that is not even PGN, after the result: skipped too.
			if g.trailing == nil {
				g.trailing = &token{line: se.line, col: se.col, text: se.text}
			}
			lx.hasPeek = false
			continue
		}
		switch {
		case tok.kind == tokEOF || tok.kind == tokTagOpen:
			return nil
		case tok.kind == tokMoveNumber && strings.TrimRight(tok.text, ".… ") == "1":
			return nil
		case tok.kind != tokComment && g.trailing == nil:
			trailing := tok
			g.trailing = &trailing
		}
		lx.next()
	}
}

func describeEnd(t token) string {
	if t.kind == tokEOF {
		return "the end of the file"
	}
	return fmt.Sprintf("the tags of the next game at line %d", t.line)
}

// parseTags reads the tag pair section: [Name "value"] pairs, any number
// per line. Comments between tags are allowed and ignored; a comment
// after the last tag opens the movetext (the game's comment).
func parseTags(lx *lexer, g *rawGame) error {
	comment := ""
	for {
		open, err := lx.peek()
		if err != nil {
			g.inMoves = true // what follows the tags is broken, not a tag
			return err
		}
		if open.kind == tokComment {
			// A comment between tags is dropped; one after the last
			// tag is the game's opening comment.
			lx.next()
			if lx.keepComments && !open.cut {
				comment = joinComments(comment, commentPiece(open.text))
			}
			continue
		}
		if open.kind != tokTagOpen {
			if comment != "" && g.noteBytes+len(comment) <= maxNoteBytes {
				g.comment, g.noteBytes = comment, len(comment)
			}
			return nil
		}
		comment = ""
		lx.next()
		if g.line == 0 {
			g.line, g.col, g.lineStart = open.line, open.col, open.lineStart
		}
		name, err := lx.next()
		if err != nil {
			return err
		}
		if name.kind != tokSymbol || validTagName(name.text) != nil {
			return tagSyntaxError(name, "a tag pair is [Name \"value\"]; the tag name is missing or not a name")
		}
		value, err := lx.next()
		if err != nil {
			return err
		}
		if value.kind != tokString {
			return tagSyntaxError(value, fmt.Sprintf("tag %s: the value must be a quoted string", name.text))
		}
		closing, err := lx.next()
		if err != nil {
			return err
		}
		if closing.kind != tokTagClose {
			return tagSyntaxError(closing, fmt.Sprintf("tag %s: expected ']' after the value", name.text))
		}
		g.setTag(name.text, value)
	}
}

// tagSyntaxError is a broken tag pair, quoting what was found in its
// place. A comment is named rather than quoted: its text is kept only
// when the lexer keeps comments, and the error must read the same in a
// listing (which keeps none) as in a full read.
func tagSyntaxError(tok token, reason string) error {
	if tok.kind == tokComment {
		return &syntaxError{tok.line, tok.col, "", reason + " (found a comment)"}
	}
	return &syntaxError{tok.line, tok.col, tok.text, reason}
}

// parseClockValue reads H:MM:SS with optional fractions of a second,
// kept to the millisecond, as formatClock writes them.
func parseClockValue(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return 0, false
	}
	h, okH := parseDigits(parts[0], 6)
	m, okM := parseDigits(parts[1], 2)
	secs, frac, _ := strings.Cut(parts[2], ".")
	sec, okS := parseDigits(secs, 2)
	if !okH || !okM || !okS || m > 59 || sec > 59 {
		return 0, false
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second
	if frac != "" {
		if len(frac) > 9 {
			frac = frac[:9]
		}
		f, ok := parseDigits(frac, 9)
		if !ok {
			return 0, false
		}
		for n := len(frac); n < 9; n++ {
			f *= 10
		}
		d += time.Duration(f)
	}
	return d.Truncate(time.Millisecond), true
}

func parseDigits(s string, maxLen int) (int, bool) {
	if s == "" || len(s) > maxLen {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// formatClock writes a duration as %clk does: H:MM:SS, with the fraction
// of a second when there is one, to the millisecond: as precise as any
// program writes it, so a clock read from a file is written back as it
// was, while one measured to the nanosecond is not written as such.
func formatClock(d time.Duration) string {
	d = max(d, 0).Truncate(time.Millisecond)
	s := int64(d / time.Second)
	out := fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	if ms := int64(d % time.Second / time.Millisecond); ms != 0 {
		out += strings.TrimRight(fmt.Sprintf(".%03d", ms), "0")
	}
	return out
}
