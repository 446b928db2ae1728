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
}

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

// rawMove is one main-line move text and what the comments after it say.
type rawMove struct {
	tok      token
	clock    time.Duration
	hasClock bool
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
// (a missing result), or where the next game's tags begin. Variations are
// skipped at any depth, as are NAGs, suffixes and move numbers; comments
// are read only for %clk.
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
	var openVars []token // where each open variation began
	for {
		tok, err := lx.peek()
		if err != nil {
			return g, err
		}
		if tok.kind == tokEOF || tok.kind == tokTagOpen {
			if len(openVars) > 0 {
				open := openVars[len(openVars)-1]
				return g, &syntaxError{open.line, open.col, "(",
					fmt.Sprintf("the variation opened here is not closed before %s", describeEnd(tok))}
			}
			g.end = tok
			return g, nil
		}
		lx.next()
		if g.line == 0 && tok.kind != tokComment {
			g.line, g.col, g.lineStart = tok.line, tok.col, tok.lineStart
		}
		switch tok.kind {
		case tokVarOpen:
			openVars = append(openVars, tok)
		case tokVarClose:
			if len(openVars) == 0 {
				return g, &syntaxError{tok.line, tok.col, ")", "')' closes no variation"}
			}
			openVars = openVars[:len(openVars)-1]
		case tokSymbol:
			if len(openVars) > 0 {
				continue
			}
			if isResult(tok.text) {
				result := tok // a copy, so tok itself stays off the heap
				g.result = &result
				return g, skipTrailing(lx, g)
			}
			if strings.EqualFold(tok.text, "e.p.") && len(g.moves) > 0 {
				continue // "exd6 e.p.": the marker belongs to the move before
			}
			g.moves = append(g.moves, rawMove{tok: tok})
		case tokComment:
			if len(openVars) == 0 && len(g.moves) > 0 && tok.hasClock {
				m := &g.moves[len(g.moves)-1]
				m.clock, m.hasClock = tok.clock, true
			}
		case tokMoveNumber, tokPeriods, tokNAG:
		default:
			return g, &syntaxError{tok.line, tok.col, tok.text, fmt.Sprintf("unexpected %s in the moves", tok.kind)}
		}
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
// per line. Comments between tags are allowed and ignored.
func parseTags(lx *lexer, g *rawGame) error {
	for {
		open, err := lx.peek()
		if err != nil {
			g.inMoves = true // what follows the tags is broken, not a tag
			return err
		}
		if open.kind == tokComment {
			lx.next()
			continue
		}
		if open.kind != tokTagOpen {
			return nil
		}
		lx.next()
		if g.line == 0 {
			g.line, g.col, g.lineStart = open.line, open.col, open.lineStart
		}
		name, err := lx.next()
		if err != nil {
			return err
		}
		if name.kind != tokSymbol || validTagName(name.text) != nil {
			return &syntaxError{name.line, name.col, name.text, "a tag pair is [Name \"value\"]; the tag name is missing or not a name"}
		}
		value, err := lx.next()
		if err != nil {
			return err
		}
		if value.kind != tokString {
			return &syntaxError{value.line, value.col, value.text, fmt.Sprintf("tag %s: the value must be a quoted string", name.text)}
		}
		closing, err := lx.next()
		if err != nil {
			return err
		}
		if closing.kind != tokTagClose {
			return &syntaxError{closing.line, closing.col, closing.text, fmt.Sprintf("tag %s: expected ']' after the value", name.text)}
		}
		g.setTag(name.text, value)
	}
}

// parseClockValue reads H:MM:SS with optional fractions of a second.
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
	return d, true
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
// of a second when there is one.
func formatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int64(d / time.Second)
	out := fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	if frac := int64(d % time.Second); frac != 0 {
		out += strings.TrimRight(fmt.Sprintf(".%09d", frac), "0")
	}
	return out
}
