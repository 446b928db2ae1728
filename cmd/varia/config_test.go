package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestConfigCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	path := filepath.Join(home, "cfg", "varia", "config.toml")

	var stdout, stderr bytes.Buffer
	if code := run([]string{"config"}, &stdout, &stderr); code != 0 {
		t.Fatalf("first run: exit %d, stderr %s", code, stderr.String())
	}
	if want := path + "\n(created with the default settings)\n"; stdout.String() != want {
		t.Errorf("stdout %q, want %q", stdout.String(), want)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), `theme = "wood"`, `theme = "neon"`, 1)
	os.WriteFile(path, []byte(text), 0o600)
	stdout.Reset()
	if code := run([]string{"config"}, &stdout, &stderr); code != 1 {
		t.Errorf("a bad value: exit %d, want 1", code)
	}
	if !strings.Contains(stderr.String(), path+":") || !strings.Contains(stderr.String(), `key "theme": unknown theme "neon"`) {
		t.Errorf("stderr %q", stderr.String())
	}

	// --config names another file; --defaults prints the default text.
	other := filepath.Join(t.TempDir(), "mine.toml")
	stdout.Reset()
	if code := run([]string{"config", "--config", other}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), other) {
		t.Errorf("--config: exit %d, stdout %q", code, stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"config", "--defaults"}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "[keys.game]") {
		t.Errorf("--defaults: exit %d", code)
	}
	if code := run([]string{"config", "extra"}, &stdout, &stderr); code != 2 {
		t.Errorf("an argument: exit %d, want 2", code)
	}
}

// varia config on a FIFO says what it is and ends at once, as a start
// would (it reads nothing from it).
func TestConfigCommandFIFO(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	fifo := filepath.Join(t.TempDir(), "config.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan int, 1)
	var stdout, stderr bytes.Buffer
	go func() { done <- run([]string{"config", "--config", fifo}, &stdout, &stderr) }()
	select {
	case code := <-done:
		if code != 1 || !strings.Contains(stderr.String(), "it is a FIFO); using the defaults") {
			t.Errorf("exit %d, stderr %q", code, stderr.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("varia config hangs on a FIFO")
	}
}
