package saves

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is the error (wrapped) for a path that is not a regular
// file: a folder, a FIFO, a device or a socket. Games and settings are
// read only from regular files, so a FIFO never hangs a read and a
// device never fills memory.
var ErrNotRegular = errors.New("not a regular file")

// OpenRegular opens a regular file (or a link to one) for reading. Any
// other kind of file is refused with an error wrapping ErrNotRegular, at
// once: opening never waits for a FIFO's writer.
func OpenRegular(path string) (*os.File, error) {
	f, _, err := openRegularInfo(path)
	return f, err
}

// openRegularInfo is OpenRegular, with what the open file's Stat said.
func openRegularInfo(path string) (*os.File, fs.FileInfo, error) {
	f, err := openNoWait(path)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular(path, info.Mode())
	}
	return f, info, nil
}

func notRegular(path string, mode fs.FileMode) error {
	kind := "special file"
	switch {
	case mode.IsDir():
		kind = "folder"
	case mode&fs.ModeNamedPipe != 0:
		kind = "FIFO"
	case mode&fs.ModeDevice != 0:
		kind = "device"
	case mode&fs.ModeSocket != 0:
		kind = "socket"
	}
	return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: it is a %s", ErrNotRegular, kind)}
}

// ErrTooLarge is the error (wrapped) for a file larger than a reader
// takes.
var ErrTooLarge = errors.New("file too large")

// ReadRegular reads a whole regular file of at most limit bytes, as
// OpenRegular opens it; a larger one is an error wrapping ErrTooLarge,
// found without reading more than limit+1 bytes of it.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)}
	}
	return data, nil
}
