package config

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The configuration file is TOML, read by this small strict reader of the
// part of TOML it needs: [section] and [dotted.section] headers, bare or
// quoted keys (dotted keys too), and values that are strings, booleans,
// integers or arrays of strings (which may span lines). Anything else
// TOML allows (floats, dates, inline tables, multi-line strings, arrays
// of tables) is reported as not used here.
//
// Why not a TOML library: the file must report every bad line and carry
// on with the rest, say which key is wrong on which line, and be updated
// in place when the settings screen changes one value, keeping the
// player's comments and layout. Libraries stop at the first syntax error
// and rewrite the whole document when encoding; a reader of this subset
// is a few hundred lines and does all three.

// tomlKind is the type of a value.
type tomlKind uint8

const (
	tomlString tomlKind = iota
	tomlBool
	tomlInt
	tomlArray // of strings
)

func (k tomlKind) String() string {
	return [...]string{"a string", "true or false", "a whole number", "an array of strings"}[k]
}

type tomlValue struct {
	kind tomlKind
	str  string
	b    bool
	n    int64
	arr  []string
}

// tomlEntry is one key = value, with where its value text is, so the
// value can be replaced without touching the rest of the file.
type tomlEntry struct {
	section, key string
	value        tomlValue
	line         int // 1-based line of the key
	endLine      int // last line of the value (arrays may span lines)
	// the value's text spans columns [valueStart, valueEnd) of line (the
	// start) and of endLine (the end)
	valueStart, valueEnd int
}

// tomlSection is a [header] and where it is.
type tomlSection struct {
	name string
	line int
}

// tomlError is a problem at a line of the file.
type tomlError struct {
	line int
	key  string // the key the problem is about, if any
	text string
}

// tomlDoc is what the reader found: every good entry, every header, and a
// problem for every line it could not read.
type tomlDoc struct {
	entries  []tomlEntry
	sections []tomlSection
	errors   []tomlError
	// broken are the keys whose value could not be read (pieces =
	// letters), with where the value's text starts: a change to the
	// setting replaces it rather than adding the key again.
	broken []tomlEntry
}

// parseTOML reads text; it never stops early, so one bad line costs only
// that line.
func parseTOML(text string) *tomlDoc {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) > 0 {
		lines[0] = strings.TrimPrefix(lines[0], "\uFEFF")
	}
	p := &tomlParser{lines: lines, doc: &tomlDoc{}, seenKey: map[string]int{}, seenSection: map[string]int{}}
	p.run()
	return p.doc
}

type tomlParser struct {
	lines       []string
	doc         *tomlDoc
	section     string
	seenKey     map[string]int // "section\x00key" -> line
	seenSection map[string]int
}

func (p *tomlParser) fail(line int, key, format string, args ...any) {
	p.doc.errors = append(p.doc.errors, tomlError{line: line, key: key, text: fmt.Sprintf(format, args...)})
}

func (p *tomlParser) run() {
	for i := 0; i < len(p.lines); i++ {
		lineNo := i + 1
		raw := p.lines[i]
		if !utf8.ValidString(raw) {
			p.fail(lineNo, "", "not valid UTF-8 text")
			continue
		}
		trimmed := strings.TrimSpace(raw)
		switch {
		case trimmed == "" || trimmed[0] == '#':
			continue
		case strings.HasPrefix(trimmed, "[["):
			p.fail(lineNo, "", "arrays of tables ([[...]]) are not used in this file")
		case trimmed[0] == '[':
			p.header(lineNo, raw)
		default:
			i = p.keyValue(i)
		}
	}
}

// header reads "[name]" or "[a.b]".
func (p *tomlParser) header(lineNo int, raw string) {
	s := &scanner{text: raw, pos: strings.IndexByte(raw, '[') + 1}
	var parts []string
	for {
		s.skipSpace()
		part, err := s.key()
		if err != nil {
			p.fail(lineNo, "", "section header: %v", err)
			return
		}
		parts = append(parts, part)
		s.skipSpace()
		if s.peek() == '.' {
			s.pos++
			continue
		}
		break
	}
	if s.peek() != ']' {
		p.fail(lineNo, "", "section header: want ] after %q", strings.Join(parts, "."))
		return
	}
	s.pos++
	if err := s.endOfLine(); err != nil {
		p.fail(lineNo, "", "section header: %v", err)
		return
	}
	name := strings.Join(parts, ".")
	if first, ok := p.seenSection[name]; ok {
		p.fail(lineNo, "", "section [%s] appears twice (first on line %d); its keys are read as one section", name, first)
	} else {
		p.seenSection[name] = lineNo
		p.doc.sections = append(p.doc.sections, tomlSection{name: name, line: lineNo})
	}
	p.section = name
}

// keyValue reads "key = value" starting at line i and returns the index of
// the last line it used.
func (p *tomlParser) keyValue(i int) int {
	lineNo := i + 1
	raw := p.lines[i]
	s := &scanner{text: raw}
	s.skipSpace()
	var parts []string
	for {
		part, err := s.key()
		if err != nil {
			p.fail(lineNo, "", "want key = value: %v", err)
			return i
		}
		parts = append(parts, part)
		s.skipSpace()
		if s.peek() == '.' {
			s.pos++
			s.skipSpace()
			continue
		}
		break
	}
	keyName := parts[len(parts)-1]
	section := p.section
	if len(parts) > 1 {
		section = strings.Join(append(nonEmpty(section), parts[:len(parts)-1]...), ".")
	}
	if s.peek() != '=' {
		p.fail(lineNo, keyName, "want = after the key")
		return i
	}
	s.pos++
	s.skipSpace()
	e := tomlEntry{section: section, key: keyName, line: lineNo, endLine: lineNo, valueStart: s.pos}
	last := i
	var err error
	if s.peek() == '[' {
		e.value, last, e.valueEnd, err = p.array(i, s.pos)
	} else {
		e.value, err = s.scalar()
		e.valueEnd = s.pos
		if err == nil {
			err = s.endOfLine()
		}
	}
	if err != nil {
		p.fail(lineNo, keyName, "%v", err)
		e.endLine = last + 1
		p.doc.broken = append(p.doc.broken, e)
		return last
	}
	e.endLine = last + 1
	id := section + "\x00" + keyName
	if first, ok := p.seenKey[id]; ok {
		p.fail(lineNo, keyName, "set twice (first on line %d); the first is used", first)
		return last
	}
	p.seenKey[id] = lineNo
	p.doc.entries = append(p.doc.entries, e)
	return last
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// array reads an array of strings that starts at column col of line i and
// may continue over the following lines, with comments and a trailing
// comma. It returns the index of its last line and the column after ].
// An array left open ends before a line that starts a section or a key:
// that line is read on its own, so a missing ] costs no header or key
// after it.
func (p *tomlParser) array(i, col int) (tomlValue, int, int, error) {
	v := tomlValue{kind: tomlArray, arr: []string{}}
	first := i
	s := &scanner{text: p.lines[i], pos: col + 1}
	wantValue := true
	fail := func(err error) (tomlValue, int, int, error) {
		if i > first && startsEntry(p.lines[i]) {
			return v, i - 1, 0, fmt.Errorf("array not closed: want ] before line %d", i+1)
		}
		return v, i, 0, err
	}
	for {
		s.skipSpace()
		c := s.peek()
		switch {
		case c == 0 || c == '#':
			// the array goes on on the next line
			if i+1 >= len(p.lines) {
				return v, i, 0, fmt.Errorf("array not closed: want ]")
			}
			i++
			s = &scanner{text: p.lines[i]}
			continue
		case c == ']':
			s.pos++
			end := s.pos
			return v, i, end, s.endOfLine()
		case !wantValue:
			return fail(fmt.Errorf("array: want , or ] after %q", v.arr[len(v.arr)-1]))
		}
		item, err := s.scalar()
		if err != nil {
			return fail(fmt.Errorf("array: %v", err))
		}
		if item.kind != tomlString {
			return fail(fmt.Errorf("want an array of strings, found %s", item.kind))
		}
		v.arr = append(v.arr, item.str)
		s.skipSpace()
		if s.peek() == ',' {
			s.pos++
		} else {
			wantValue = false
		}
	}
}

// startsEntry reports whether a line reads as a section header or a
// bare key = value, which no line of an array's items does.
func startsEntry(line string) bool {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "[") {
		return true
	}
	n := 0
	for n < len(t) && (isBareKeyChar(t[n]) || t[n] == '.' || t[n] == ' ' || t[n] == '\t') {
		n++
	}
	return n > 0 && n < len(t) && t[n] == '='
}

// scanner reads one line.
type scanner struct {
	text string
	pos  int
}

func (s *scanner) peek() byte {
	if s.pos < len(s.text) {
		return s.text[s.pos]
	}
	return 0
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.text) && (s.text[s.pos] == ' ' || s.text[s.pos] == '\t') {
		s.pos++
	}
}

// endOfLine accepts spaces and a comment after a value.
func (s *scanner) endOfLine() error {
	s.skipSpace()
	if c := s.peek(); c != 0 && c != '#' {
		return fmt.Errorf("unexpected %q after the value (a comment starts with #)", s.text[s.pos:])
	}
	return nil
}

func isBareKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// key reads a bare or quoted key.
func (s *scanner) key() (string, error) {
	switch s.peek() {
	case '"', '\'':
		v, err := s.scalar()
		if err != nil {
			return "", err
		}
		return v.str, nil
	}
	start := s.pos
	for s.pos < len(s.text) && isBareKeyChar(s.text[s.pos]) {
		s.pos++
	}
	if s.pos == start {
		rest := strings.TrimSpace(s.text[start:])
		if rest == "" || rest[0] == ']' {
			return "", fmt.Errorf("missing name")
		}
		return "", fmt.Errorf("%q is not a key (keys are letters, digits, _ and -)", rest)
	}
	return s.text[start:s.pos], nil
}

// scalar reads a string, boolean or integer.
func (s *scanner) scalar() (tomlValue, error) {
	rest := s.text[s.pos:]
	switch {
	case strings.HasPrefix(rest, `"""`) || strings.HasPrefix(rest, "'''"):
		return tomlValue{}, fmt.Errorf("multi-line strings are not used in this file")
	case strings.HasPrefix(rest, `"`):
		return s.basicString()
	case strings.HasPrefix(rest, "'"):
		end := strings.IndexByte(rest[1:], '\'')
		if end < 0 {
			return tomlValue{}, fmt.Errorf("string not closed: want '")
		}
		s.pos += end + 2
		return tomlValue{kind: tomlString, str: rest[1 : end+1]}, nil
	case rest == "":
		return tomlValue{}, fmt.Errorf("missing value")
	case rest[0] == '{':
		return tomlValue{}, fmt.Errorf("inline tables are not used in this file")
	}
	end := 0
	for end < len(rest) && rest[end] != ' ' && rest[end] != '\t' && rest[end] != '#' && rest[end] != ',' && rest[end] != ']' {
		end++
	}
	word := rest[:end]
	s.pos += end
	switch word {
	case "true":
		return tomlValue{kind: tomlBool, b: true}, nil
	case "false":
		return tomlValue{kind: tomlBool, b: false}, nil
	}
	if n, err := strconv.ParseInt(strings.ReplaceAll(word, "_", ""), 10, 64); err == nil && word != "" {
		return tomlValue{kind: tomlInt, n: n}, nil
	}
	if _, err := strconv.ParseFloat(word, 64); err == nil {
		return tomlValue{}, fmt.Errorf("numbers with a fraction are not used in this file")
	}
	if looksLikeDate(word) {
		return tomlValue{}, fmt.Errorf("dates are not used in this file")
	}
	return tomlValue{}, fmt.Errorf("%q is not a value: strings need quotes (\"%s\")", word, word)
}

func looksLikeDate(w string) bool {
	return len(w) >= 10 && w[4] == '-' && w[7] == '-'
}

// basicString reads a "double-quoted" string with TOML's escapes.
func (s *scanner) basicString() (tomlValue, error) {
	var b strings.Builder
	i := s.pos + 1
	for i < len(s.text) {
		c := s.text[i]
		switch {
		case c == '"':
			s.pos = i + 1
			return tomlValue{kind: tomlString, str: b.String()}, nil
		case c == '\\':
			if i+1 >= len(s.text) {
				return tomlValue{}, fmt.Errorf("string not closed: want \"")
			}
			esc := s.text[i+1]
			i += 2
			switch esc {
			case 'b':
				b.WriteByte('\b')
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'f':
				b.WriteByte('\f')
			case 'r':
				b.WriteByte('\r')
			case '"', '\\':
				b.WriteByte(esc)
			case 'u', 'U':
				n := 4
				if esc == 'U' {
					n = 8
				}
				if i+n > len(s.text) {
					return tomlValue{}, fmt.Errorf("string: \\%c needs %d hex digits", esc, n)
				}
				code, err := strconv.ParseUint(s.text[i:i+n], 16, 32)
				if err != nil || !utf8.ValidRune(rune(code)) {
					return tomlValue{}, fmt.Errorf("string: bad escape \\%c%s", esc, s.text[i:i+n])
				}
				b.WriteRune(rune(code))
				i += n
			default:
				return tomlValue{}, fmt.Errorf("string: unknown escape \\%c (a backslash is written \\\\)", esc)
			}
		case c < 0x20 && c != '\t':
			return tomlValue{}, fmt.Errorf("string: control character %q", c)
		default:
			b.WriteByte(c)
			i++
		}
	}
	return tomlValue{}, fmt.Errorf("string not closed: want \"")
}

// tomlQuote writes a string as a TOML basic string.
func tomlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlStringArray writes ["a", "b"].
func tomlStringArray(items []string) string {
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = tomlQuote(it)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
