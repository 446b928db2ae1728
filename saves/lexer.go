package saves

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenKind is what a PGN token is. The lexer knows nothing of games: it
// turns text into tokens with their line and column, and the parser gives
// them meaning.
type tokenKind uint8

const (
	tokEOF        tokenKind = iota
	tokTagOpen              // [
	tokTagClose             // ]
	tokString               // "..." with escapes resolved
	tokSymbol               // a move, tag name or result
	tokMoveNumber           // 12. or 12... (also 12 without a period)
	tokPeriods              // dots standing alone: "12 ... e5"
	tokNAG                  // $14, or a suffix such as !? or ??
	tokComment              // {...} or ;... (text without the delimiters)
	tokVarOpen              // (
	tokVarClose             // )
)

func (k tokenKind) String() string {
	switch k {
	case tokEOF:
		return "end of file"
	case tokTagOpen:
		return "'['"
	case tokTagClose:
		return "']'"
	case tokString:
		return "quoted string"
	case tokSymbol:
		return "symbol"
	case tokMoveNumber:
		return "move number"
	case tokPeriods:
		return "periods"
	case tokNAG:
		return "annotation"
	case tokComment:
		return "comment"
	case tokVarOpen:
		return "'('"
	case tokVarClose:
		return "')'"
	}
	return "token"
}

type token struct {
	kind      tokenKind
	text      string
	line, col int // 1-based; columns count characters
}

// syntaxError is a lexing or parsing problem at a position; the reader
// turns it into a *ParseError naming the file and game.
type syntaxError struct {
	line, col int
	text      string
	reason    string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.line, e.col, e.reason)
}

// maxLine bounds one physical line. PGN lines are short (export format
// wraps at 80 columns, and import format allows 255); the bound only
// keeps a file that is not PGN at all from filling memory.
const maxLine = 1 << 20

// lexer reads PGN one line at a time, so positions are simple to track
// and a huge file streams. It accepts LF, CRLF and lone CR line ends, a
// UTF-8 byte-order mark, and bytes that are not UTF-8 (read as Latin-1,
// the encoding older Windows programs export).
type lexer struct {
	in      *bufio.Reader
	line    []rune // the current line without its ending
	lineNo  int    // 1-based number of the current line
	pos     int    // index into line of the next character
	pending []string
	eof     bool
	err     error // a read error other than EOF, or a too-long line
	peeked  token
	hasPeek bool
}

func newLexer(r io.Reader) *lexer {
	return &lexer{in: bufio.NewReaderSize(r, 64<<10)}
}

// nextLine loads the next physical line; false at the end of input.
func (l *lexer) nextLine() bool {
	if len(l.pending) == 0 {
		if l.eof || l.err != nil {
			return false
		}
		raw, err := l.readRaw()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				l.err = err
				return false
			}
			l.eof = true
			if raw == "" {
				return false
			}
		}
		// A CR without LF also ends a line (classic Mac files).
		raw = strings.TrimSuffix(strings.TrimSuffix(raw, "\n"), "\r")
		l.pending = strings.Split(raw, "\r")
	}
	l.line = decodeLine(l.pending[0])
	l.pending = l.pending[1:]
	l.lineNo++
	l.pos = 0
	// A byte-order mark is no character of the text: at the start of a
	// file, or of a file concatenated onto another, it shifts no column.
	if len(l.line) > 0 && l.line[0] == '\uFEFF' {
		l.line = l.line[1:]
	}
	return true
}

func (l *lexer) readRaw() (string, error) {
	var sb strings.Builder
	for {
		chunk, err := l.in.ReadSlice('\n')
		sb.Write(chunk)
		if sb.Len() > maxLine {
			return "", fmt.Errorf("line %d is longer than %d bytes; this is not PGN", l.lineNo+1+len(l.pending), maxLine)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return sb.String(), err
	}
}

// decodeLine reads UTF-8, taking each byte that is not part of valid
// UTF-8 as a Latin-1 character.
func decodeLine(s string) []rune {
	out := make([]rune, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			r = rune(s[i])
		}
		out = append(out, r)
		i += size
	}
	return out
}

// peek returns the next token without consuming it.
func (l *lexer) peek() (token, error) {
	if !l.hasPeek {
		t, err := l.scan()
		if err != nil {
			return token{}, err
		}
		l.peeked, l.hasPeek = t, true
	}
	return l.peeked, nil
}

// next returns the next token.
func (l *lexer) next() (token, error) {
	if l.hasPeek {
		l.hasPeek = false
		return l.peeked, nil
	}
	return l.scan()
}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == '\u00A0' || r == '\uFEFF'
}

// isSymbolRune reports whether r continues a symbol: PGN's letters,
// digits and _+#=:-/ plus ~ for tilde moves, . for "e.p." and ½ for
// "½-½".
func isSymbolRune(r rune) bool {
	return r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		strings.ContainsRune("_+#=:-/~.", r)) || r == '½'
}

func (l *lexer) scan() (token, error) {
	for {
		for l.pos >= len(l.line) {
			if !l.nextLine() {
				if l.err != nil {
					return token{}, l.err
				}
				return token{kind: tokEOF, line: l.lineNo + 1, col: 1}, nil
			}
			// PGN's escape mechanism: a line starting with % is ignored.
			if len(l.line) > 0 && l.line[0] == '%' {
				l.pos = len(l.line)
			}
		}
		r := l.line[l.pos]
		if isSpace(r) {
			l.pos++
			continue
		}
		start := l.pos
		tok := token{line: l.lineNo, col: start + 1}
		switch {
		case r == '[':
			l.pos++
			tok.kind, tok.text = tokTagOpen, "["
		case r == ']':
			l.pos++
			tok.kind, tok.text = tokTagClose, "]"
		case r == '(':
			l.pos++
			tok.kind, tok.text = tokVarOpen, "("
		case r == ')':
			l.pos++
			tok.kind, tok.text = tokVarClose, ")"
		case r == '"':
			return l.scanString(tok)
		case r == '{':
			return l.scanBraceComment(tok)
		case r == ';':
			tok.kind, tok.text = tokComment, string(l.line[start+1:])
			l.pos = len(l.line)
		case r == '$':
			l.pos++
			for l.pos < len(l.line) && l.line[l.pos] >= '0' && l.line[l.pos] <= '9' {
				l.pos++
			}
			tok.kind, tok.text = tokNAG, string(l.line[start:l.pos])
			if l.pos == start+1 {
				return tok, &syntaxError{tok.line, tok.col, "$", "a NAG is $ followed by a number, like $1"}
			}
		case r == '!' || r == '?':
			for l.pos < len(l.line) && (l.line[l.pos] == '!' || l.line[l.pos] == '?') {
				l.pos++
			}
			tok.kind, tok.text = tokNAG, string(l.line[start:l.pos])
		case r == '.' || r == '…':
			l.pos = l.skipPeriods(l.pos)
			tok.kind, tok.text = tokPeriods, string(l.line[start:l.pos])
		case r >= '1' && r <= '9':
			// A move number ("12.", "12...", "12…", or a bare "12")
			// unless more symbol characters follow ("1-0", "1/2-1/2").
			end := l.pos
			for end < len(l.line) && l.line[end] >= '0' && l.line[end] <= '9' {
				end++
			}
			if end == len(l.line) || !isSymbolRune(l.line[end]) || l.line[end] == '.' {
				l.pos = l.skipPeriods(end)
				tok.kind, tok.text = tokMoveNumber, string(l.line[start:l.pos])
				break
			}
			fallthrough
		case isSymbolRune(r):
			for l.pos < len(l.line) && isSymbolRune(l.line[l.pos]) {
				l.pos++
			}
			tok.kind, tok.text = tokSymbol, string(l.line[start:l.pos])
		case r == '*':
			l.pos++
			tok.kind, tok.text = tokSymbol, "*"
		default:
			l.pos++
			return tok, &syntaxError{tok.line, tok.col, string(r), fmt.Sprintf("unexpected character %s", describeRune(r))}
		}
		return tok, nil
	}
}

func (l *lexer) skipPeriods(i int) int {
	for i < len(l.line) && (l.line[i] == '.' || l.line[i] == '…') {
		i++
	}
	return i
}

func describeRune(r rune) string {
	if unicode.IsPrint(r) {
		return fmt.Sprintf("%q", r)
	}
	return fmt.Sprintf("%U", r)
}

// scanString reads a tag value. PGN escapes only \" and \\; a backslash
// before anything else stands for itself. A string never spans lines.
func (l *lexer) scanString(tok token) (token, error) {
	var sb strings.Builder
	for i := l.pos + 1; i < len(l.line); i++ {
		switch r := l.line[i]; {
		case r == '\\' && i+1 < len(l.line) && (l.line[i+1] == '"' || l.line[i+1] == '\\'):
			sb.WriteRune(l.line[i+1])
			i++
		case r == '"':
			l.pos = i + 1
			tok.kind, tok.text = tokString, sb.String()
			return tok, nil
		default:
			sb.WriteRune(r)
		}
	}
	l.pos = len(l.line)
	return tok, &syntaxError{tok.line, tok.col, `"` + sb.String(), "the quoted string is not closed on its line"}
}

// scanBraceComment reads {...}, which may span lines and does not nest.
func (l *lexer) scanBraceComment(tok token) (token, error) {
	var sb strings.Builder
	i := l.pos + 1
	for {
		for ; i < len(l.line); i++ {
			if l.line[i] == '}' {
				l.pos = i + 1
				tok.kind, tok.text = tokComment, sb.String()
				return tok, nil
			}
			sb.WriteRune(l.line[i])
		}
		if !l.nextLine() {
			if l.err != nil {
				return tok, l.err
			}
			return tok, &syntaxError{tok.line, tok.col, "{", "the comment is not closed: no '}' before the end of the file"}
		}
		sb.WriteByte('\n')
		i = 0
	}
}
