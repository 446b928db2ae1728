package config

import (
	"fmt"
	"strings"
	"testing"
)

// entriesText shows what the reader found, one "section.key=value@line"
// per entry.
func entriesText(doc *tomlDoc) string {
	var out []string
	for _, e := range doc.entries {
		v := e.value.text()
		if e.value.kind == tomlArray {
			v = fmt.Sprintf("%q", e.value.arr)
		}
		out = append(out, fmt.Sprintf("%s.%s=%s@%d", e.section, e.key, v, e.line))
	}
	return strings.Join(out, " ")
}

func errorsText(doc *tomlDoc) string {
	var out []string
	for _, e := range doc.errors {
		s := fmt.Sprintf("%d: %s", e.line, e.text)
		if e.key != "" {
			s = fmt.Sprintf("%d: %s: %s", e.line, e.key, e.text)
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

func TestTOMLReadsItsSubset(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"strings", "[a]\nx = \"plain\"\ny = 'C:\\path'\nz = \"tab\\there \\\"q\\\" \\u00e9\"",
			`a.x=plain@2 a.y=C:\path@3 a.z=tab	here "q" é@4`},
		{"bools and ints", "[a]\nb = true\nc = false\nn = -1_000", "a.b=true@2 a.c=false@3 a.n=-1000@4"},
		{"comments and spaces", "# top\n\n  [ a ]  # header\n  k   =   \"v\"   # trailing\n", "a.k=v@4"},
		{"dotted header and key", "[keys.game]\nundo = [\"u\"]\n[keys]\nmenu.up = [\"k\"]",
			`keys.game.undo=["u"]@2 keys.menu.up=["k"]@4`},
		{"quoted key", "[a]\n\"odd key\" = 1", "a.odd key=1@2"},
		{"array over lines", "[a]\nk = [\n  \"x\", # first\n  \"y\",\n]\nnext = 2",
			`a.k=["x" "y"]@2 a.next=2@6`},
		{"empty array", "[a]\nk = []", `a.k=[]@2`},
		{"byte order mark and CRLF", "\uFEFF[a]\r\nk = 1\r\n", "a.k=1@2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := parseTOML(tc.text)
			if len(doc.errors) > 0 {
				t.Fatalf("errors:\n%s", errorsText(doc))
			}
			if got := entriesText(doc); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// Each bad line is reported with its number, and reading goes on.
func TestTOMLErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"unclosed string", "[a]\nk = \"abc", `2: k: string not closed: want "`},
		{"missing equals", "[a]\nk \"v\"", "2: k: want = after the key"},
		{"missing value", "[a]\nk =", "2: k: missing value"},
		{"bare word", "[a]\nk = ocean", `2: k: "ocean" is not a value: strings need quotes ("ocean")`},
		{"float", "[a]\nk = 1.5", "2: k: numbers with a fraction are not used in this file"},
		{"date", "[a]\nk = 2024-01-02", "2: k: dates are not used in this file"},
		{"inline table", "[a]\nk = {x = 1}", "2: k: inline tables are not used in this file"},
		{"multi-line string", "[a]\nk = \"\"\"x\"\"\"", "2: k: multi-line strings are not used in this file"},
		{"junk after value", "[a]\nk = 1 2", `2: k: unexpected "2" after the value (a comment starts with #)`},
		{"bad escape", "[a]\nk = \"\\q\"", `2: k: string: unknown escape \q (a backslash is written \\)`},
		{"array of numbers", "[a]\nk = [1, 2]", "2: k: want an array of strings, found a whole number"},
		{"array without comma", "[a]\nk = [\"x\" \"y\"]", `2: k: array: want , or ] after "x"`},
		{"array not closed", "[a]\nk = [\"x\",", "2: k: array not closed: want ]"},
		{"array of tables", "[[a]]", "1: arrays of tables ([[...]]) are not used in this file"},
		{"bad header", "[a b]", `1: section header: want ] after "a"`},
		{"empty header", "[]", "1: section header: missing name"},
		{"not a key", "[a]\n= 1", `2: want key = value: "= 1" is not a key (keys are letters, digits, _ and -)`},
		{"duplicate key", "[a]\nk = 1\nk = 2", "3: k: set twice (first on line 2); the first is used"},
		{"duplicate section", "[a]\n[b]\n[a]", "3: section [a] appears twice (first on line 1); its keys are read as one section"},
		{"bad UTF-8", "[a]\nk = \"\xff\"", "2: not valid UTF-8 text"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := parseTOML(tc.text)
			if got := errorsText(doc); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
	// A bad line costs only that line.
	doc := parseTOML("[a]\nx = oops\ny = 2\nz = [\"q\",\n\"r\"]\nw = 3")
	if got, want := entriesText(doc), `a.y=2@3 a.z=["q" "r"]@4 a.w=3@6`; got != want {
		t.Errorf("after an error: got %s, want %s", got, want)
	}
}

func TestSetTOMLValue(t *testing.T) {
	const file = "# mine\n[board]\ntheme = \"wood\"   # my favourite\npieces = \"filled\"\n\n[keys.game]\nundo = [\n  \"u\",\n]\nflip = [\"f\"]\n"
	tests := []struct {
		name, section, key, value, want string
	}{
		{"in place, comment kept", "board", "theme", `"ocean"`,
			"# mine\n[board]\ntheme = \"ocean\"   # my favourite\npieces = \"filled\"\n\n[keys.game]\nundo = [\n  \"u\",\n]\nflip = [\"f\"]\n"},
		{"array over lines", "keys.game", "undo", `["z"]`,
			"# mine\n[board]\ntheme = \"wood\"   # my favourite\npieces = \"filled\"\n\n[keys.game]\nundo = [\"z\"]\nflip = [\"f\"]\n"},
		{"missing key joins its section", "board", "mouse", "false",
			"# mine\n[board]\ntheme = \"wood\"   # my favourite\npieces = \"filled\"\nmouse = false\n\n[keys.game]\nundo = [\n  \"u\",\n]\nflip = [\"f\"]\n"},
		{"missing section is added", "play", "clock", `"5+3"`,
			"# mine\n[board]\ntheme = \"wood\"   # my favourite\npieces = \"filled\"\n\n[keys.game]\nundo = [\n  \"u\",\n]\nflip = [\"f\"]\n\n[play]\nclock = \"5+3\"\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := setTOMLValue(file, tc.section, tc.key, tc.value); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	// An unquoted value, and one with a comment after it.
	for _, tc := range []struct{ file, want string }{
		{"[board]\npieces = letters\n", "[board]\npieces = \"letters\"\n"},
		{"[board]\npieces = letters   # mine\ntheme = \"wood\"\n", "[board]\npieces = \"letters\"   # mine\ntheme = \"wood\"\n"},
		{"[board]\npieces = [\"a\"\ntheme = \"wood\"\n", "[board]\npieces = \"letters\"\ntheme = \"wood\"\n"},
	} {
		if got := setTOMLValue(tc.file, "board", "pieces", `"letters"`); got != tc.want {
			t.Errorf("setting pieces in %q: got %q, want %q", tc.file, got, tc.want)
		}
	}
	crlf := "[board]\r\ntheme = \"wood\"\r\n"
	if got := setTOMLValue(crlf, "board", "theme", `"ocean"`); got != "[board]\r\ntheme = \"ocean\"\r\n" {
		t.Errorf("CRLF file: %q", got)
	}
}

func TestTOMLQuote(t *testing.T) {
	for _, s := range []string{"plain", `back\slash`, `"quoted"`, "tab\tnew\nline", "é ♞", "\x01"} {
		doc := parseTOML("[a]\nk = " + tomlQuote(s))
		if len(doc.errors) > 0 || len(doc.entries) != 1 || doc.entries[0].value.str != s {
			t.Errorf("%q does not read back: %s %s", s, entriesText(doc), errorsText(doc))
		}
	}
}

// An array left open ends where a header or a key starts: what follows
// is read, and a setting changed there reads back.
func TestTOMLArrayLeftOpen(t *testing.T) {
	text := "[keys.game]\nundo = [\"u\",\n# more to come\n[board]\ntheme = \"ocean\"\n"
	doc := parseTOML(text)
	if got := entriesText(doc); got != "board.theme=ocean@5" {
		t.Errorf("entries: %s", got)
	}
	if got := errorsText(doc); got != "2: undo: array not closed: want ] before line 4" {
		t.Errorf("errors:\n%s", got)
	}
	s, _ := Read("config.toml", setTOMLValue("[x]\nk = [\n\n[board]\n", "board", "theme", `"ocean"`))
	if s.Theme != "ocean" {
		t.Errorf("a setting after an open array: theme %q", s.Theme)
	}
	// An item that is not one is still said as it was.
	if got := errorsText(parseTOML("[a]\nk = [\n  \"u\"\n  \"z\",\n]\n")); !strings.HasPrefix(got, `2: k: array: want , or ] after "u"`) {
		t.Errorf("a missing comma:\n%s", got)
	}
}
