package main

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the whole package a home of its own: a game started
// here would autosave, and no test may write to the real home folder.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "varia-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, v := range []string{"HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"} {
		os.Setenv(v, home)
	}
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
