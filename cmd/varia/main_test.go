package main

import (
	"fmt"
	"os"
	"testing"
)

// runAsVaria, set to 1 in the environment, makes the test binary run as
// the varia command with its arguments.
const runAsVaria = "VARIA_TEST_AS_COMMAND"

// TestMain gives the whole package a home of its own: a game started
// here would autosave, and no test may write to the real home folder.
func TestMain(m *testing.M) {
	// The test binary doubles as the varia command, for tests that need
	// it in a process of its own (signals).
	if os.Getenv(runAsVaria) == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
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
