package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// Bad players, clocks and replay arguments are refused before the
// terminal is touched.
func TestPlayAndReplayFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"play", "--black", "ai:grandmaster"}, 2, `--black: player "ai:grandmaster": unknown level "grandmaster"`},
		{[]string{"play", "--white", "robot"}, 2, `--white: player "robot": want human, or ai:LEVEL`},
		{[]string{"play", "--clock", "5+x"}, 2, `--clock: clock "5+x": the increment is not a whole number of seconds`},
		{[]string{"play", "--clock", "0"}, 2, `--clock: clock "0"`},
		{[]string{"replay"}, 2, "usage: varia replay FILE"},
		{[]string{"replay", "a.pgn", "b.pgn"}, 2, "usage: varia replay FILE"},
		{[]string{"replay", "a.pgn", "--game", "-1"}, 2, "--game -1: games are numbered from 1"},
		{[]string{"replay", "a.pgn", "--view", "round"}, 2, `--view "round"`},
		{[]string{"replay", "no-such-file.pgn"}, 1, "no-such-file.pgn: no such file"},
		{[]string{"replay", os.TempDir()}, 1, "not a regular file: it is a folder"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != tc.code {
			t.Errorf("varia %v: exit %d, want %d (%s)", tc.args, code, tc.code, stderr.String())
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("varia %v: stderr %q, want it to say %q", tc.args, stderr.String(), tc.want)
		}
	}
}

func TestHelpListsReplay(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"help"}, &stdout, &stderr)
	for _, want := range []string{"varia replay FILE [--game N]", "--white human|ai:LEVEL", "--clock MIN+SEC"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("help does not mention %q:\n%s", want, stdout.String())
		}
	}
}
