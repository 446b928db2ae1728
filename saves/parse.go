package saves

import (
	"fmt"
	"strings"
	"time"
)

// rawGame is one game as the PGN text has it, before any rule is applied.
type rawGame struct {
	line, col int              // where the game's first tag or move stands
	tags      Tags             // in file order; a repeated tag keeps its last value
	tagPos    map[string]token // each tag's value token, for error positions
	moves     []rawMove
	result    *token // the result token ending the movetext; nil if missing
	end       token  // without a result: what ended the movetext (a new game's '[' or EOF)
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
func parseGame(lx *lexer) (*rawGame, error) {
	for {
		g, err := parseSection(lx)
		if err != nil || g == nil || len(g.tags) > 0 || len(g.moves) > 0 || g.result != nil {
			return g, err
		}
		// Only comments or move numbers: text around games, not a game.
	}
}

func parseSection(lx *lexer) (*rawGame, error) {
	first, err := lx.peek()
	if err != nil {
		return nil, err
	}
	if first.kind == tokEOF {
		return nil, nil
	}
	g := &rawGame{tagPos: map[string]token{}}
	if err := parseTags(lx, g); err != nil {
		return g, err
	}
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
			g.line, g.col = tok.line, tok.col
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
				g.result = &tok
				return g, nil
			}
			if strings.EqualFold(tok.text, "e.p.") && len(g.moves) > 0 {
				continue // "exd6 e.p.": the marker belongs to the move before
			}
			g.moves = append(g.moves, rawMove{tok: tok})
		case tokComment:
			if len(openVars) == 0 && len(g.moves) > 0 {
				if d, ok := parseClock(tok.text); ok {
					m := &g.moves[len(g.moves)-1]
					m.clock, m.hasClock = d, true
				}
			}
		case tokMoveNumber, tokPeriods, tokNAG:
		default:
			return g, &syntaxError{tok.line, tok.col, tok.text, fmt.Sprintf("unexpected %s in the moves", tok.kind)}
		}
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
			g.line, g.col = open.line, open.col
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
		g.tags.Set(name.text, value.text)
		g.tagPos[name.text] = value
	}
}

// parseClock finds a [%clk H:MM:SS] command in a comment.
func parseClock(comment string) (time.Duration, bool) {
	i := strings.Index(comment, "[%clk")
	if i < 0 {
		return 0, false
	}
	rest := strings.TrimLeft(comment[i+len("[%clk"):], " \t\n")
	end := strings.IndexAny(rest, "] \t\n")
	if end < 0 {
		return 0, false
	}
	return parseClockValue(rest[:end])
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
