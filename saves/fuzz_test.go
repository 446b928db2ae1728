package saves

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead: no input panics the reader; every error is a *ParseError
// with a position; every game it accepts writes and reads back the same.
// The seeds are the test files and snippets of each construct; plain
// "go test" runs them.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.pgn"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"", "*", "1-0", "[", "[Event", `[Event "x`, `[Event "x\"]`, "{", "(", ")", "((", "$", "$99999999999999999999",
		"1.", "1...", "1. e4 (", "1. e4 {", "1. e4 ;", "%\n1. e4", "\uFEFF\uFEFF", "\r\r\n\n\r",
		"[Variant \"Asha\"]\n1. e4 e7~d6 2. Ng1~g2 *", "[Variant \"edgy\"]\n1. b6 *", "[Variant \"ASEAN\"]\n1. e3 *",
		"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*", "[SetUp \"1\"]\n*", "[Result \"1-0\"]\n1. e4 0-1",
		"1. e4 {[%clk 99:59:59.999999999]} e5 {[%clk 0:00:00]} *", "1. e8=Q", "1. O-O-O+#!?", "1. e4 e.p.",
		"\xff\xfe[Event \"\xe9\"]", strings.Repeat("(", 1000) + strings.Repeat(")", 1000),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Read(bytes.NewReader(data), "fuzz.pgn")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if pe.Line < 1 || pe.Col < 1 || pe.Game < 1 || pe.Reason == "" || pe.Game != len(games)+1 {
				t.Fatalf("error without a proper position: %+v", pe)
			}
		}
		for i, g := range games {
			var buf bytes.Buffer
			if err := g.Write(&buf); err != nil {
				continue // a tag name Write refuses; the reader is lenient
			}
			back, err := Read(&buf, "again.pgn")
			if err != nil || len(back) != 1 {
				t.Fatalf("game %d does not read back: %v\n%s", i+1, err, buf.String())
			}
			compareGames(t, "fuzzed game", back[0], g)
		}
	})
}
