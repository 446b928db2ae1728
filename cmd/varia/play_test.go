package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// Bad flags are refused before the terminal is touched.
func TestPlayFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--view", "sideways"}, `--view "sideways": want square or diamond`},
		{[]string{"play", "--variant", "nope"}, `unknown variant "nope"`},
		{[]string{"play", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "--fen needs --variant"},
		{[]string{"play", "edgy"}, `unexpected argument "edgy"`},
		{[]string{"--variant", "nope"}, `unknown variant "nope"`}, // flags alone mean play
		{[]string{"--bogus"}, "flag provided but not defined: --bogus"},
		{[]string{"play", "--start", "5"}, "--start needs --variant"},
		{[]string{"play", "--variant", "asha", "--start", "5"}, "Asha chess has one start position"},
		{[]string{"play", "--variant", "chess960", "--start", "1000"}, "not a number from 0 to 959"},
		{[]string{"play", "--variant", "chess960", "--start", "5", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "not both"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != 2 {
			t.Errorf("varia %v: exit %d, want 2", tc.args, code)
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("varia %v: stderr %q, want it to say %q", tc.args, stderr.String(), tc.want)
		}
	}
}

func TestHelpListsPlay(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"help"}, &stdout, &stderr)
	if !strings.Contains(stdout.String(), "varia play [--variant ID]") {
		t.Errorf("help does not list play:\n%s", stdout.String())
	}
}

// Every subcommand's --help (and -h) prints its usage on stdout, with
// its flags spelled as the usage line spells them, and succeeds.
func TestSubcommandHelp(t *testing.T) {
	for _, c := range commands {
		if c.name == "help" {
			continue
		}
		for _, flag := range []string{"--help", "-h"} {
			var stdout, stderr bytes.Buffer
			if code := run([]string{c.name, flag}, &stdout, &stderr); code != 0 {
				t.Errorf("varia %s %s: exit %d, want 0 (stderr %q)", c.name, flag, code, stderr.String())
			}
			out := stdout.String()
			if !strings.HasPrefix(out, "usage: varia "+c.name) {
				t.Errorf("varia %s %s: stdout %q, want the usage", c.name, flag, out)
			}
			if stderr.Len() != 0 {
				t.Errorf("varia %s %s: stderr %q, want nothing", c.name, flag, stderr.String())
			}
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "  -") && !strings.HasPrefix(line, "  --") {
					t.Errorf("varia %s %s: flag spelled with one dash: %q", c.name, flag, line)
				}
				// Only strings are quoted, as the flag package does.
				if i := strings.Index(line, `(default "`); i >= 0 {
					if _, err := strconv.Atoi(strings.TrimSuffix(line[i+len(`(default "`):], `")`)); err == nil {
						t.Errorf("varia %s %s: a number quoted as a string: %q", c.name, flag, line)
					}
				}
			}
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--help"}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "varia play") {
		t.Errorf("varia --help: exit %d, stdout %q", code, stdout.String())
	}
	for _, line := range strings.Split(stdout.String(), "\n") {
		if strings.HasSuffix(line, " ") {
			t.Errorf("varia --help: trailing space in %q", line)
		}
	}
}
