package main

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"varia/rules"
)

// TestLabelBySearch answers as a Stockfish would: the last score before
// "bestmove" is the label, turned to White's view and bounded, and a
// position with no move is dropped.
func TestLabelBySearch(t *testing.T) {
	lines := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.5;0;0",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1;1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	}
	answers := strings.Join([]string{
		"info depth 1 score cp 20 nodes 20",
		"info depth 2 score cp 10 nodes 40",
		"info string a line without a score",
		"bestmove e7e5 ponder g1f3",
		"info depth 0 score mate 0",
		"bestmove (none)",
		"info depth 6 score mate 4 nodes 500",
		"bestmove e2e4",
	}, "\n")
	var asked, out bytes.Buffer
	kept, err := labelBySearch(lines, 6, &asked, bufio.NewScanner(strings.NewReader(answers)), &out)
	if err != nil || kept != 2 {
		t.Fatalf("kept %d, err %v", kept, err)
	}
	want := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.5;-10;e7e5\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5;3000;e2e4\n"
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
