//go:build !unix

package saves

import "os"

// openNoWait opens a file for reading, checking first that it is a
// regular file: where opening cannot be told not to wait, a FIFO is
// refused before it is opened.
func openNoWait(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, notRegular(path, info.Mode())
	}
	return os.Open(path)
}
