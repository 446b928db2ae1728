package saves

import (
	"os"
	"path/filepath"
	"testing"
)

func TestExpandHome(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home folder")
	}
	for in, want := range map[string]string{
		"~":             home,
		"~/games/a.pgn": filepath.Join(home, "games", "a.pgn"),
		"~ann/a.pgn":    "~ann/a.pgn",
		"/tmp/~/a.pgn":  "/tmp/~/a.pgn",
		"games/a.pgn":   "games/a.pgn",
		"":              "",
	} {
		if got, err := ExpandHome(in); err != nil || got != want {
			t.Errorf("ExpandHome(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	t.Setenv("HOME", "")
	if _, err := ExpandHome("~/a.pgn"); err == nil {
		t.Error("~ without a home folder should fail")
	}
	if got, err := ExpandHome("a.pgn"); err != nil || got != "a.pgn" {
		t.Error("a path without ~ needs no home folder")
	}
}
