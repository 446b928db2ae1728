package saves

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
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
	line, col int   // 1-based; columns count characters
	lineStart int64 // byte offset in the input of the token's line

	// A comment's text is kept up to maxComment characters (one may run
	// to megabytes), and only when the lexer keeps comments; its first
	// [%clk] command is always read.
	clock    time.Duration
	hasClock bool
	cut      bool // the comment was longer than maxComment
}

// maxComment bounds the text kept of one comment, in bytes; the rest is
// read and dropped.
const maxComment = 64 << 10

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
// keeps a file that is not PGN at all from filling memory. A longer line
// is read to its end and dropped, and is a syntax error of its game.
const maxLine = 1 << 20

// lexer reads PGN one line at a time, so positions are simple to track
// and a huge file streams. It accepts LF, CRLF and lone CR line ends, a
// UTF-8 byte-order mark, and bytes that are not UTF-8 (read as Latin-1,
// the encoding older Windows programs export).
type lexer struct {
	in        *bufio.Reader
	offset    int64     // bytes read from in so far
	line      []rune    // the current line without its ending
	lineNo    int       // 1-based number of the current line
	lineStart int64     // byte offset of the current line
	long      bool      // the current line was longer than maxLine and dropped
	pos       int       // index into line of the next character
	pending   []rawLine // the pieces of the last raw line (split at lone CRs)
	pieceAt   int       // the next of them to load
	eof       bool
	err       error // a read error other than EOF
	peeked    token
	hasPeek   bool

	// keepComments keeps comments' text in their tokens; a listing of a
	// file's games (IndexFile) needs none of it.
	keepComments bool
	commentBuf   strings.Builder
	commentSpace bool // a space is due before the comment's next character

	// The current line's bytes, while it is scanned, and when it is all
	// ASCII its text as one string that tokens are cut from, so a line
	// costs one allocation however many tokens it holds.
	raw     []byte
	ascii   bool
	lineStr string
	runeBuf []rune
	rawBuf  []byte
}

// rawLine is one line of the input, as bytes, and where it starts. The
// bytes are valid until the next line is read from the input.
type rawLine struct {
	text  []byte
	start int64
	long  bool
}

func newLexer(r io.Reader) *lexer {
	return &lexer{in: bufio.NewReaderSize(r, 64<<10), keepComments: true}
}

// newLexerAt reads input that starts at byte offset of a larger file,
// on line lineNo of it, so positions are those of the file.
func newLexerAt(r io.Reader, offset int64, lineNo int) *lexer {
	l := newLexer(r)
	l.offset, l.lineNo = offset, lineNo-1
	return l
}

// nextLine loads the next physical line; false at the end of input.
func (l *lexer) nextLine() bool {
	if l.pieceAt == len(l.pending) {
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
			if len(raw.text) == 0 && !raw.long {
				return false
			}
		}
		l.pieceAt = 0
		if raw.long {
			l.pending = append(l.pending[:0], raw)
		} else {
			// A CR without LF also ends a line (classic Mac files).
			text := bytes.TrimSuffix(bytes.TrimSuffix(raw.text, []byte("\n")), []byte("\r"))
			start := raw.start
			l.pending = l.pending[:0]
			for {
				i := bytes.IndexByte(text, '\r')
				if i < 0 {
					l.pending = append(l.pending, rawLine{text: text, start: start})
					break
				}
				l.pending = append(l.pending, rawLine{text: text[:i], start: start})
				text, start = text[i+1:], start+int64(i)+1
			}
		}
	}
	next := l.pending[l.pieceAt]
	l.pieceAt++
	l.raw, l.lineStart, l.long, l.lineStr = next.text, next.start, next.long, ""
	l.runeBuf, l.ascii = decodeLine(l.runeBuf[:0], next.text)
	l.line = l.runeBuf
	l.lineNo++
	l.pos = 0
	// A byte-order mark is no character of the text: at the start of a
	// file, or of a file concatenated onto another, it shifts no column.
	if len(l.line) > 0 && l.line[0] == '\uFEFF' {
		l.line = l.line[1:]
	}
	return true
}

// text is the current line's characters from start to end, as a string.
func (l *lexer) text(start, end int) string {
	if !l.ascii {
		return string(l.line[start:end])
	}
	if l.lineStr == "" {
		l.lineStr = string(l.raw)
	}
	return l.lineStr[start:end]
}

// readRaw reads one line with its ending. A line longer than maxLine is
// read to its end but not kept.
func (l *lexer) readRaw() (rawLine, error) {
	raw := rawLine{start: l.offset}
	chunk, err := l.in.ReadSlice('\n')
	l.offset += int64(len(chunk))
	if !errors.Is(err, bufio.ErrBufferFull) {
		raw.text = chunk // the common case: the line fits the buffer
		return raw, err
	}
	buf := append(l.rawBuf[:0], chunk...)
	for errors.Is(err, bufio.ErrBufferFull) {
		chunk, err = l.in.ReadSlice('\n')
		l.offset += int64(len(chunk))
		if !raw.long && len(buf)+len(chunk) > maxLine {
			raw.long = true
			buf = buf[:0]
		}
		if !raw.long {
			buf = append(buf, chunk...)
		}
	}
	if cap(buf) <= 4<<10 {
		l.rawBuf = buf // keep a small buffer for the next long line
	}
	raw.text = buf
	return raw, err
}

// decodeLine reads UTF-8 into dst, taking each byte that is not part of
// valid UTF-8 as a Latin-1 character; ascii reports that every byte was
// ASCII, so character and byte positions agree.
func decodeLine(dst []rune, s []byte) (out []rune, ascii bool) {
	ascii = true
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			dst = append(dst, rune(s[i]))
			i++
			continue
		}
		ascii = false
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			r = rune(s[i])
		}
		dst = append(dst, r)
		i += size
	}
	return dst, ascii
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
// digits and _+#=:-/ plus ~ for tilde moves, . for "e.p.", ½ for "½-½"
// and @ for the null move "@@@@".
func isSymbolRune(r rune) bool {
	return r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		strings.ContainsRune("_+#=:-/~.@", r)) || r == '½'
}

func (l *lexer) scan() (token, error) {
	for {
		for l.pos >= len(l.line) {
			if !l.nextLine() {
				if l.err != nil {
					return token{}, l.err
				}
				return token{kind: tokEOF, line: l.lineNo + 1, col: 1, lineStart: l.offset}, nil
			}
			if l.long {
				return token{line: l.lineNo, col: 1, lineStart: l.lineStart}, l.longLineError()
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
		tok := token{line: l.lineNo, col: start + 1, lineStart: l.lineStart}
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
			tok.kind = tokComment
			tok.clock, tok.hasClock = findClock(l.line[start+1:])
			if l.keepComments {
				l.commentBuf.Reset()
				l.commentSpace = false
				tok.cut = l.keepCommentText(start+1, len(l.line))
				tok.text = l.commentBuf.String()
			}
			l.pos = len(l.line)
		case r == '$':
			l.pos++
			for l.pos < len(l.line) && l.line[l.pos] >= '0' && l.line[l.pos] <= '9' {
				l.pos++
			}
			tok.kind, tok.text = tokNAG, l.text(start, l.pos)
			if l.pos == start+1 {
				return tok, &syntaxError{tok.line, tok.col, "$", "a NAG is $ followed by a number, like $1"}
			}
		case r == '!' || r == '?':
			for l.pos < len(l.line) && (l.line[l.pos] == '!' || l.line[l.pos] == '?') {
				l.pos++
			}
			tok.kind, tok.text = tokNAG, l.text(start, l.pos)
		case r == '.' || r == '…':
			l.pos = l.skipPeriods(l.pos)
			tok.kind, tok.text = tokPeriods, l.text(start, l.pos)
		case r >= '1' && r <= '9':
			// A move number ("12.", "12...", "12…", or a bare "12")
			// unless more symbol characters follow ("1-0", "1/2-1/2").
			end := l.pos
			for end < len(l.line) && l.line[end] >= '0' && l.line[end] <= '9' {
				end++
			}
			if end == len(l.line) || !isSymbolRune(l.line[end]) || l.line[end] == '.' {
				l.pos = l.skipPeriods(end)
				tok.kind, tok.text = tokMoveNumber, l.text(start, l.pos)
				break
			}
			fallthrough
		case isSymbolRune(r):
			for l.pos < len(l.line) && isSymbolRune(l.line[l.pos]) {
				l.pos++
			}
			tok.kind, tok.text = tokSymbol, l.text(start, l.pos)
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
	// Most values have no escape: cut them from the line.
	for i := l.pos + 1; i < len(l.line) && l.line[i] != '\\'; i++ {
		if l.line[i] == '"' {
			tok.kind, tok.text = tokString, l.text(l.pos+1, i)
			l.pos = i + 1
			return tok, nil
		}
	}
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
// Its text is kept up to maxComment bytes, whitespace collapsed, so a comment of any length costs little memory; the first [%clk]
// command in it is read.
func (l *lexer) scanBraceComment(tok token) (token, error) {
	tok.kind = tokComment
	i := l.pos + 1
	l.commentBuf.Reset()
	l.commentSpace = false
	for {
		end := i
		for end < len(l.line) && l.line[end] != '}' {
			end++
		}
		if !tok.hasClock {
			tok.clock, tok.hasClock = findClock(l.line[i:end])
		}
		if l.keepComments && !tok.cut {
			if i == 0 {
				l.commentSpace = l.commentBuf.Len() > 0 // the line end
			}
			tok.cut = l.keepCommentText(i, end)
		}
		if end < len(l.line) {
			l.pos = end + 1
			if l.keepComments {
				tok.text = l.commentBuf.String()
				if !tok.hasClock && strings.Contains(tok.text, "[%clk") {
					// a command some program broke across lines
					tok.clock, tok.hasClock = findClock([]rune(tok.text))
				}
			}
			return tok, nil
		}
		if !l.nextLine() {
			l.pos = len(l.line) // every error moves on, so a reader can go past it
			if l.err != nil {
				return tok, l.err
			}
			return tok, &syntaxError{tok.line, tok.col, "{", "the comment is not closed: no '}' before the end of the file"}
		}
		if l.long {
			return tok, l.longLineError()
		}
		i = 0
	}
}

// keepCommentText adds the current line's characters from start to end
// to the comment being read, whitespace collapsed to single spaces (none
// at the ends), up to maxComment bytes; true once the comment is cut
// there.
func (l *lexer) keepCommentText(start, end int) bool {
	b := &l.commentBuf
	for _, r := range l.line[start:end] {
		if unicode.IsSpace(r) {
			l.commentSpace = b.Len() > 0
			continue
		}
		n := utf8.RuneLen(r)
		if l.commentSpace {
			n++
		}
		if b.Len()+n > maxComment {
			return true
		}
		if l.commentSpace {
			b.WriteByte(' ')
			l.commentSpace = false
		}
		b.WriteRune(r)
	}
	return false
}

func (l *lexer) longLineError() error {
	l.pos = len(l.line)
	return &syntaxError{l.lineNo, 1, "", fmt.Sprintf("line %d is longer than %d bytes; this is not PGN", l.lineNo, maxLine)}
}

// findClock finds the first valid [%clk H:MM:SS] command in a piece of
// comment. It
// looks at the characters where they are: comments are most of a big
// file, and nothing of them is copied.
func findClock(text []rune) (time.Duration, bool) {
	const cmd = "[%clk"
	for i := 0; i+len(cmd) <= len(text); i++ {
		if text[i] != '[' || text[i+1] != '%' || text[i+2] != 'c' || text[i+3] != 'l' || text[i+4] != 'k' {
			continue
		}
		rest := text[i+len(cmd):]
		if len(rest) == 0 || rest[0] != ' ' && rest[0] != '\t' {
			continue // "[%clkx" is another command, or none
		}
		for len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			rest = rest[1:]
		}
		end := 0
		for end < len(rest) && end < 32 && rest[end] != ']' && rest[end] != ' ' && rest[end] != '\t' {
			end++
		}
		close := end
		for close < len(rest) && (rest[close] == ' ' || rest[close] == '\t') {
			close++
		}
		if end == 32 || close == len(rest) || rest[close] != ']' {
			continue // a command is closed by ']'
		}
		var value [32]byte
		n := 0
		for _, r := range rest[:end] {
			if r >= utf8.RuneSelf {
				break
			}
			value[n] = byte(r)
			n++
		}
		if n < end {
			continue
		}
		if d, ok := parseClockValue(string(value[:n])); ok {
			return d, true
		}
	}
	return 0, false
}

// skipGame moves past the rest of a game whose text broke the syntax, so
// the games after it can still be read: in the tag section past the
// game's remaining tag lines, then through its movetext to its result
// (and any text after it that starts no game) or to the next line that
// starts a tag pair. Nothing is skipped when the next game's tags are
// already next.
func (l *lexer) skipGame(inTags bool) {
	if l.hasPeek && l.peeked.kind == tokTagOpen {
		return
	}
	l.hasPeek = false
	if inTags {
		l.pos = len(l.line)
		for {
			if !l.nextLine() {
				return
			}
			if l.long || !isTagLine(l.line) {
				break
			}
		}
	}
	for {
		tok, err := l.scan()
		if err != nil {
			var se *syntaxError
			if errors.As(err, &se) {
				continue
			}
			return // a read error: the next read meets it again
		}
		switch {
		case tok.kind == tokEOF:
			l.peeked, l.hasPeek = tok, true
			return
		case tok.kind == tokTagOpen && isTagLine(l.line[tok.col-1:]):
			l.peeked, l.hasPeek = tok, true
			return
		case tok.kind == tokSymbol && isResult(tok.text):
			skipTrailing(l, nil)
			return
		}
	}
}

// isTagLine reports whether a line starts (after blanks) with a tag pair:
// '[', a tag name and a quote.
func isTagLine(line []rune) bool {
	i := 0
	for i < len(line) && isSpace(line[i]) {
		i++
	}
	if i == len(line) || line[i] != '[' {
		return false
	}
	i++
	for i < len(line) && isSpace(line[i]) {
		i++
	}
	start := i
	for i < len(line) && (line[i] >= 'A' && line[i] <= 'Z' || line[i] >= 'a' && line[i] <= 'z' ||
		i > start && (line[i] >= '0' && line[i] <= '9' || line[i] == '_')) {
		i++
	}
	if i == start {
		return false
	}
	for i < len(line) && isSpace(line[i]) {
		i++
	}
	return i < len(line) && line[i] == '"'
}

// startAt moves to the character at col (1-based) of the first line, for
// reading a game that starts there.
func (l *lexer) startAt(col int) error {
	if !l.nextLine() {
		return l.err
	}
	l.pos = min(max(col-1, 0), len(l.line))
	return nil
}
