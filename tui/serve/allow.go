package serve

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// allowList is the --allow file: the public keys that may connect, in
// OpenSSH's authorized_keys format. It is read again when the file
// changes, so the host can add or remove a friend without a restart.
// Options before a key (from=, command=, ...) are not applied: a listed
// key may connect, an unlisted one may not.
type allowList struct {
	path string

	mu      sync.Mutex
	keys    map[string]bool // gossh.PublicKey.Marshal() of each listed key
	modTime time.Time
	size    int64
	err     error // the file's latest problem; while set, nobody is let in
}

// loadAllowList reads the file once, so a missing or broken file stops
// the server from starting instead of locking everyone out unnoticed.
func loadAllowList(path string) (*allowList, error) {
	a := &allowList{path: path}
	a.refresh()
	if a.err != nil {
		return nil, a.err
	}
	if len(a.keys) == 0 {
		return nil, fmt.Errorf("--allow %s lists no keys, so nobody could connect", path)
	}
	return a, nil
}

// allows reports whether key is listed, reading the file again first if
// it has changed. A file that has become unreadable or broken lets
// nobody in until it is fixed: the host may have been removing a key.
func (a *allowList) allows(key gossh.PublicKey) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.refreshLocked()
	if a.err != nil {
		return false
	}
	return a.keys[string(identityKey(key).Marshal())]
}

func (a *allowList) refresh() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.refreshLocked()
}

func (a *allowList) refreshLocked() {
	info, err := os.Stat(a.path)
	if err != nil {
		a.err = fmt.Errorf("--allow: %w", err)
		return
	}
	if a.keys != nil && a.err == nil && info.ModTime().Equal(a.modTime) && info.Size() == a.size {
		return
	}
	data, err := os.ReadFile(a.path)
	if err != nil {
		a.err = fmt.Errorf("--allow: %w", err)
		return
	}
	keys, err := parseAuthorizedKeys(a.path, data)
	if err != nil {
		a.err = err
		return
	}
	a.keys, a.modTime, a.size, a.err = keys, info.ModTime(), info.Size(), nil
}

// parseAuthorizedKeys reads an authorized_keys file, naming the line of
// the first entry it cannot read.
func parseAuthorizedKeys(name string, data []byte) (map[string]bool, error) {
	keys := map[string]bool{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("--allow %s:%d: %v", name, n+1, err)
		}
		keys[string(identityKey(key).Marshal())] = true
	}
	return keys, nil
}
