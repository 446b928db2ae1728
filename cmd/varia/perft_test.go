package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	code, out, errOut := runCmd("perft", "--variant", "asha", "3")
	if code != 0 || out != "Nodes: 45800\n" || !strings.Contains(errOut, "nodes/s") {
		t.Errorf("perft asha 3: code %d, stdout %q, stderr %q", code, out, errOut)
	}

	code, out, _ = runCmd("perft", "2", "--divide", "--variant", "edgy")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[0] != "a4b6 13" || lines[len(lines)-1] != "Nodes: 169" {
		t.Errorf("perft --divide: code %d, stdout %q", code, out)
	}
	if len(lines) != 13+2 { // 13 moves, a blank line, the total
		t.Errorf("perft --divide printed %d lines", len(lines))
	}

	code, out, _ = runCmd("perft", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4")
	if code != 0 || out != "Nodes: 43238\n" {
		t.Errorf("perft --fen: code %d, stdout %q", code, out)
	}
}

func TestPerftCommandErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--variant", "shogi", "2"}, `unknown variant "shogi"`},
		{[]string{"perft", "--fen", "8/8 w - - 0 1", "2"}, "fen: placement: got 2 ranks"},
		{[]string{"perft", "deep"}, `depth "deep" is not a number`},
		{[]string{"perft"}, "usage: varia perft"},
		{[]string{"perft", "--bogus", "2"}, "flag provided but not defined"},
		{[]string{"nonsense"}, `unknown command "nonsense"`},
		{[]string{"perft", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 4611686018427387904", "1"}, "fen: fullmove number: \"4611686018427387904\" is more than Varia counts"},
		{[]string{"perft", "--fen", "4k3/8/8/8/8/8/8/4K2ï w - - 0 1", "1"}, "'ï' is not a piece letter"},
	}
	for _, c := range cases {
		code, out, errOut := runCmd(c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(out, "Nodes") {
			t.Errorf("%v: code %d, stdout %q, stderr %q; want status 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// Every message on standard error ends its line, so two never share one.
func TestErrorsEndWithNewline(t *testing.T) {
	for _, args := range [][]string{
		{"perft"}, {"perft", "x"}, {"perft", "--fen", "x", "2"}, {"perft", "--variant", "zz", "2"}, {"perft", "2", "3"},
		{"perft", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 99999999999999999999", "1"}, {"perft", "0"},
		{"pgn"}, {"pgn", "/nonexistent/file.pgn"}, {"replay"}, {"replay", "/nonexistent/file.pgn"},
		{"replay", "--game", "0", "x.pgn"}, {"play", "--view", "sideways"}, {"play", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"},
		{"play", "extra"}, {"bench", "--depth", "0"}, {"config", "x"}, {"uci", "x"}, {"zzz"}, {"perft", "--bogus"},
	} {
		_, _, errOut := runCmd(args...)
		if errOut != "" && !strings.HasSuffix(errOut, "\n") {
			t.Errorf("%v: standard error %q does not end its line", args, errOut)
		}
	}
}

// Chess960 by number or by FEN, castles written both ways; the issue's
// example position (counted by Stockfish in UCI_Chess960 mode).
func TestPerftChess960(t *testing.T) {
	code, out, errOut := runCmd("perft", "--variant", "chess960", "--fen", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", "4")
	if code != 0 || out != "Nodes: 285754\n" {
		t.Errorf("chess960 perft 4: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ = runCmd("perft", "--variant", "chess960", "--start", "518", "3")
	if code != 0 || out != "Nodes: 8902\n" {
		t.Errorf("start 518: code %d, stdout %q", code, out)
	}
	fen := "1k6/8/8/8/8/8/8/RK5R w KQ - 0 1"
	_, out, _ = runCmd("perft", "--variant", "chess960", "--fen", fen, "--divide", "1")
	if !strings.Contains(out, "b1g1 1\n") || !strings.Contains(out, "b1a1 1\n") || strings.Contains(out, "b1h1") {
		t.Errorf("castles as the king's move where it cannot be another move:\n%s", out)
	}
	_, out, _ = runCmd("perft", "--variant", "chess960", "--fen", fen, "--divide", "--chess960", "1")
	if !strings.Contains(out, "b1h1 1\n") || !strings.Contains(out, "b1a1 1\n") || strings.Contains(out, "b1g1") {
		t.Errorf("castles king-takes-rook with --chess960:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--variant", "edgy", "--start", "3", "1"}, "Edgy chess has one start position"},
		{[]string{"perft", "--variant", "chess960", "--start", "960", "1"}, "not a number from 0 to 959"},
		{[]string{"perft", "--variant", "chess960", "--start", "x", "1"}, `--start "x": want a number from 0 to 959, or random`},
		{[]string{"perft", "--variant", "chess960", "--start", "1", "--fen", fen, "1"}, "not both"},
		{[]string{"perft", "--fen", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", "1"}, "use --variant chess960"},
	} {
		if code, _, errOut := runCmd(c.args...); code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: code %d, stderr %q; want %q", c.args, code, errOut, c.want)
		}
	}
}
