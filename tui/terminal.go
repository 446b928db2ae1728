package tui

import (
	"encoding/base64"
	"os"
	"sync"
)

// terminal is the program's output. Bubble Tea draws each frame through
// it in one write; the bell and the clipboard's escape sequences go
// through it too, between frames and never inside one, where they could
// cut a sequence of the frame's in two.
type terminal struct {
	mu sync.Mutex
	f  *os.File
}

func (t *terminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.f.Write(p)
}

// Read, Close and Fd make it a terminal file to Bubble Tea, which sizes
// the window and sets its modes through the descriptor.
func (t *terminal) Read(p []byte) (int, error) { return t.f.Read(p) }
func (t *terminal) Close() error               { return nil } // os.Stdout stays open
func (t *terminal) Fd() uintptr                { return t.f.Fd() }

// control writes an escape sequence (or the bell) to the terminal.
func (t *terminal) control(seq string) { _, _ = t.Write([]byte(seq)) }

// bellSeq rings the terminal's bell.
const bellSeq = "\a"

// copySeq is OSC 52: it asks the terminal to put text on the system
// clipboard. It goes through SSH and, where allowed, tmux; terminals that
// refuse it ignore it.
func copySeq(text string) string {
	return "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\a"
}
