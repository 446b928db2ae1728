//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package saves

import (
	"errors"
	"os"
	"syscall"
)

// gameLock is the lock file of a game in progress, held open with an
// exclusive flock(2) lock. The system drops the lock when the process
// ends, however it ends, so a crash never leaves a game locked.
type gameLock struct{ f *os.File }

// lockGame takes the lock at path, creating the file if needed. When
// another holder has it the error is ErrInUse. flock locks belong to
// an open file, so two locks in one process exclude each other too.
func lockGame(path string) (*gameLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrInUse
		}
		return nil, err
	}
	return &gameLock{f}, nil
}

func (l *gameLock) unlock() { l.f.Close() }

// gameLocked tells whether someone holds the lock at path, by taking a
// shared lock for an instant: it fails while an exclusive one is held.
func gameLocked(path string) bool {
	f, err := OpenRegular(path)
	if err != nil {
		return false // no lock file (or no regular one): nobody has claimed the game
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	return false
}
