package main

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"varia/rules"
)

func TestSearchScore(t *testing.T) {
	cases := []struct {
		line string
		want int
		ok   bool
	}{
		{"info depth 6 seldepth 8 multipv 1 score cp 35 nodes 900 pv e2e4", 35, true},
		{"info depth 6 score cp -120 lowerbound nodes 10", 0, false},
		{"info depth 9 score mate 3 nodes 5 pv h5f7", mateLabel, true},
		{"info depth 9 score mate -2 nodes 5", -mateLabel, true},
		{"info string NNUE evaluation using nn.nnue", 0, false},
	}
	for _, c := range cases {
		got, ok := searchScore(strings.Fields(c.line))
		if got != c.want || ok != c.ok {
			t.Errorf("%q: got %d %v, want %d %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

// TestLabelBySearch answers as a Stockfish would: the last exact score
// before "bestmove" is the label, turned to White's view, and a position
// with no move is dropped.
func TestLabelBySearch(t *testing.T) {
	lines := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.5;0;0",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1;1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	}
	answers := strings.Join([]string{
		"info depth 1 score cp 20 nodes 20",
		"info depth 2 score cp 10 upperbound nodes 40",
		"bestmove e7e5 ponder g1f3",
		"info depth 0 score mate 0",
		"bestmove (none)",
		"info depth 6 score cp 25 nodes 500",
		"bestmove e2e4",
	}, "\n")
	var asked, out bytes.Buffer
	kept, err := labelBySearch(lines, 6, &asked, bufio.NewScanner(strings.NewReader(answers)), &out)
	if err != nil || kept != 2 {
		t.Fatalf("kept %d, err %v", kept, err)
	}
	want := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.5;-20;e7e5\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5;25;e2e4\n"
	if out.String() != want {
		t.Errorf("labelled:\n%s\nwant:\n%s", out.String(), want)
	}
	if !strings.Contains(asked.String(), "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 6\n") {
		t.Errorf("questions:\n%s", asked.String())
	}
}

func TestIsQuiet(t *testing.T) {
	p, err := rules.ParseFEN(rules.Standard, "4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for move, want := range map[string]bool{"e4e5": true, "e1d2": true, "e4d5": false, "b7b8q": false, "e4e6": false} {
		if got := isQuiet(p, move); got != want {
			t.Errorf("%s: quiet %v, want %v", move, got, want)
		}
	}
}
