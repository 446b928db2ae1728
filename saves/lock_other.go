//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package saves

import (
	"os"
	"path/filepath"
	"sync"
)

// Without flock(2) a game's lock only holds within this process: it
// keeps one Varia from opening a game twice, but not two Varias from
// opening the same one.
type gameLock struct{ path string }

var (
	heldMu sync.Mutex
	held   = map[string]bool{}
)

func lockKey(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

func lockGame(path string) (*gameLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	f.Close()
	key := lockKey(path)
	heldMu.Lock()
	defer heldMu.Unlock()
	if held[key] {
		return nil, ErrInUse
	}
	held[key] = true
	return &gameLock{key}, nil
}

func (l *gameLock) unlock() {
	heldMu.Lock()
	delete(held, l.path)
	heldMu.Unlock()
}

func gameLocked(path string) bool {
	heldMu.Lock()
	defer heldMu.Unlock()
	return held[lockKey(path)]
}
