package serve

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the package a home of its own: no test may write to
// the real home folder.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "varia-serve-test-")
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
