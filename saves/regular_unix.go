//go:build unix

package saves

import (
	"os"
	"syscall"
)

// openNoWait opens a file for reading without blocking: opening a FIFO
// returns at once instead of waiting for a writer. Reads of a regular
// file are unaffected by the flag.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
