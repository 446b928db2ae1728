package saves

import (
	"fmt"
	"os"
	"testing"
	"time"
)

// TestMain gives the whole package a home of its own, so no test can
// write to the real one. With VARIA_TEST_CLAIM set the test binary
// stands for a second Varia instead: it claims that game, says so and
// waits to be killed.
func TestMain(m *testing.M) {
	if path := os.Getenv("VARIA_TEST_CLAIM"); path != "" {
		u, _, err := ClaimUnfinished(path)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("claimed")
		time.Sleep(time.Minute)
		u.Release()
		os.Exit(1)
	}
	home, err := os.MkdirTemp("", "varia-saves-test-")
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
