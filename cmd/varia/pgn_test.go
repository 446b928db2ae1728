package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const pgnTestdata = "../../saves/testdata"

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPGNCommand(t *testing.T) {
	code, out, errOut := runCmd("pgn", filepath.Join(pgnTestdata, "multi.pgn"))
	want := `1 0-1 4 rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
2 1/2-1/2 19 5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10
3 1/2-1/2 26 r4qn1/pp1b1k1p/2nbp3/1p1p2B1/3P4/2P2N2/PP3PPP/RN1QR1K1 w - - 3 14
4 * 14 r1bq1rk1/ppp2pbp/2np1np1/4p3/2PPP3/2N2N2/PP2BPPP/R1BQ1RK1 w - - 2 8
5 * 10 rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6
`
	if code != 0 || out != want || errOut != "" {
		t.Errorf("code %d\nstdout:\n%s\nwant:\n%s\nstderr: %s", code, out, want, errOut)
	}
}

func TestPGNCommandUCIAndFiles(t *testing.T) {
	empty := writeTemp(t, "empty.pgn", "[Event \"nothing yet\"]\n*\n")
	asha := filepath.Join(pgnTestdata, "asha.pgn")
	code, out, errOut := runCmd("pgn", asha, "--uci", empty)
	want := "==> " + asha + ` <==
1 1-0 23 Q1bqk3/1p3pbr/2p1pnp1/nBNp3p/8/4P3/P1PP1PPP/RNBQK2R b KQ - 0 12
  b2b4 b8c6 b4b5 c6a5 b5b6 e7e6 b6a7 g8f6 a7b8q h7h6 e2e3 h6h5 f1b5 g7g6 g1e2 h8h7 e2d4 f8g7 d4c6 d7d5 c6c5 c7c6 b8a8
2 * 6 8/8/3k4/8/3N4/8/5K2/2R5 w - - 1 53
  e4d4 e8d7 g1f2 b2c1q e1c1 d7d6
3 * 6 3R4/6k1/8/8/8/8/8/KB6 w - - 2 4
  c2d1 h7g8 g7h8q g8h8 d1d8 h8g7

==> ` + empty + ` <==
1 * 0 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
  -
`
	if code != 0 || out != want || errOut != "" {
		t.Errorf("code %d\nstdout:\n%s\nwant:\n%s\nstderr: %s", code, out, want, errOut)
	}
}

// One bad game hides none of the others: each is reported as
// FILE:LINE:COL: message, the rest are read, and the status is 1.
func TestPGNCommandBadGame(t *testing.T) {
	bad := writeTemp(t, "bad.pgn", "1. e4 e5 *\n\n[Variant \"Asha\"]\n1. e4 e7~d6 2. Ng1~g2 *\n\n1. d4 *\n"+
		"[Event \"broken\"]\n1. e4 <e5> 2. Nf3 *\n[Event \"after\"]\n1. Nf3 *\n")
	never := writeTemp(t, "never.pgn", "1. c4 *\n")
	code, out, errOut := runCmd("pgn", bad, never)
	if code != 1 {
		t.Errorf("status %d, want 1", code)
	}
	want := "==> " + bad + " <==\n" +
		"1 * 2 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n" +
		"3 * 1 rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n" +
		"5 * 1 rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\n" +
		"\n==> " + never + " <==\n" +
		"1 * 1 rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant every good game:\n%s", out, want)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	wantErr := []string{
		bad + ":4:16: game 2: \"Ng1~g2\": illegal move 2.: the knight on g1 cannot move to g2",
		bad + ":8:7: game 4: \"<\": unexpected character '<'",
	}
	if len(lines) != len(wantErr) {
		t.Fatalf("stderr %q, want %d lines", errOut, len(wantErr))
	}
	for i := range wantErr {
		if !strings.HasPrefix(lines[i], wantErr[i]) {
			t.Errorf("stderr line %d: %q, want it to start %q", i+1, lines[i], wantErr[i])
		}
	}
}

// Warnings go to standard error and leave the status 0.
func TestPGNCommandWarnings(t *testing.T) {
	f := writeTemp(t, "w.pgn", "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 149 80\"]\n80. Rh2 Kd7 81. Rh3 1-0 82. Rh4\n")
	code, out, errOut := runCmd("pgn", f)
	if code != 0 || out != "1 1/2-1/2 3 8/3k4/8/8/8/7R/8/4K3 b - - 152 81\n" {
		t.Errorf("status %d, stdout %q", code, out)
	}
	want := []string{
		f + ":2:9: warning: game 1: the rules drew the game after 80.Rh2 (75-move rule); the moves after it are read as played",
		f + ":2:21: warning: game 1: the result 1-0 is not the rules' 1/2-1/2 (75-move rule); read as the rules have it",
		f + ":2:25: warning: game 1: text after the result 1-0 is part of no game; skipped up to the next game",
	}
	if got := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, strings.Join(want, "\n"))
	}
}

func TestPGNCommandErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"pgn"}, 2, "usage: varia pgn"},
		{[]string{"pgn", "--bogus", "x.pgn"}, 2, "flag provided but not defined"},
		{[]string{"pgn", filepath.Join(pgnTestdata, "no-such-file.pgn")}, 1, "varia pgn: open"},
		{[]string{"pgn", writeTemp(t, "v.pgn", "[Variant \"Shogi\"]\n*")}, 1, `v.pgn:1:10: game 1: "Shogi": unknown variant`},
		{[]string{"pgn", writeTemp(t, "c.pgn", "1. e4 {never closed")}, 1, `c.pgn:1:7: game 1: "{": the comment is not closed`},
	}
	for _, c := range cases {
		code, out, errOut := runCmd(c.args...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want status %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}
