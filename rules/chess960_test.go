package rules_test

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"varia/rules"
)

type epdCase struct {
	fen    string
	counts []uint64 // depth 1, 2, ...
}

// readEPD reads perft cases written "FEN ;D1 n ;D2 n ...", skipping # lines.
func readSuite(t testing.TB, path string) []epdCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []epdCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		c := epdCase{fen: strings.TrimSpace(parts[0])}
		for i, p := range parts[1:] {
			f := strings.Fields(p)
			n, err := strconv.ParseUint(f[1], 10, 64)
			if len(f) != 2 || f[0] != "D"+strconv.Itoa(i+1) || err != nil {
				t.Fatalf("%s: bad count %q", path, p)
			}
			c.counts = append(c.counts, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestChess960Perft counts the public Chess960 suite: by default every
// 20th position to depth 4 and all to depth 2; with -deep every position
// to depth 5 and every 40th to depth 6.
func TestChess960Perft(t *testing.T) {
	cases := readSuite(t, "testdata/chess960.epd")
	if len(cases) != 960 {
		t.Fatalf("suite has %d positions, want 960", len(cases))
	}
	for i, c := range cases {
		depth := 2
		switch {
		case testing.Short():
			depth = 1
			if i%10 == 0 {
				depth = 3
			}
		case deep() && i%40 == 0:
			depth = 6
		case deep():
			depth = 5
		case i%20 == 0:
			depth = 4
		}
		p, err := rules.ParseFEN(rules.Chess960, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for d := 1; d <= depth; d++ {
			if got := p.Perft(d); got != c.counts[d-1] {
				t.Errorf("%d %q depth %d: got %d, want %d", i, c.fen, d, got, c.counts[d-1])
				break
			}
		}
	}
}

// deep reports the -deep flag, which the package's own tests define.
func deep() bool {
	f := flag.Lookup("deep")
	return f != nil && f.Value.String() == "true"
}
