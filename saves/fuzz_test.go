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
	addSeeds(f)
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

// FuzzReader: reading game after game goes on past every bad one and
// ends; the games are numbered in order, errors and warnings have
// positions inside the text, and a game starts no later than it ends.
func FuzzReader(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1
		games, errs := readAllGoingOn(t, string(data), "fuzz.pgn")
		for i := range games {
			if errs[i] != nil {
				var pe *ParseError
				if !errors.As(errs[i], &pe) || pe.Game != i+1 || pe.Line < 1 || pe.Line > lines+1 || pe.Col < 1 {
					t.Fatalf("game %d: error %v without a proper position", i+1, errs[i])
				}
				continue
			}
			g := games[i]
			if g.Number != i+1 || g.Line < 1 || g.Line > lines {
				t.Fatalf("game %d numbered %d, on line %d of %d", i+1, g.Number, g.Line, lines)
			}
			for _, w := range g.Warnings {
				if w.Game != i+1 || w.Line < g.Line || w.Line > lines || w.Col < 1 || w.Message == "" {
					t.Fatalf("game %d: warning %+v", i+1, w)
				}
			}
		}
	})
}

// FuzzIndex: a file's list agrees with reading it through, game by game,
// and every game read from the list is the game read through.
func FuzzIndex(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkIndex(t, string(data))
	})
}

func addSeeds(f *testing.F) {
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
		"1. e4 -- 2. Z0 0000 3. @@@@ *", "1. e4 e5 1-0 2. Nf3 *", "1. e4 <e5> 2. Nf3 *\n[Event \"b\"]\n1. d4 *",
		"[Event \"x\n[Site \"y\"]\n1. e4 *\n1. d4 *", "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 149 80\"]\n80. Rh2 Kd7 1-0",
		"1. " + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 5) + "e4 *", "1. e4 {[%clk 0:01:00]\n[%clk 0:02:00]} e5 *",
		"1. d4 d5 1/2-1/2 {x} 1. c4 *\r[Event \"é\"]\n1. Nf3 *",
	} {
		f.Add([]byte(s))
	}
}
