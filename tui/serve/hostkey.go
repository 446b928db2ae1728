package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	gossh "golang.org/x/crypto/ssh"
)

// HostKeyName is the host key's file in the server's data folder.
const HostKeyName = "host_ed25519"

// LoadHostKey reads the server's private host key from path, making an
// Ed25519 key there first if there is none, so the key clients learn on
// their first visit stays the same from run to run. created says a new
// key was made. A key other users could read is refused, as OpenSSH
// refuses one: whoever has it can pose as the server.
func LoadHostKey(path string) (signer gossh.Signer, created bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		if err := createHostKey(path); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, false, fmt.Errorf("host key %s: %w", path, err)
		} else if err == nil {
			created = true
		}
		data, err = os.ReadFile(path) // the new key, or one another server made first
	}
	if err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	if err := checkKeyPrivate(path); err != nil {
		return nil, false, err
	}
	signer, err = gossh.ParsePrivateKey(data)
	var missing *gossh.PassphraseMissingError
	if errors.As(err, &missing) {
		return nil, false, fmt.Errorf("host key %s has a passphrase; the server needs a key without one", path)
	}
	if err != nil {
		return nil, false, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, created, nil
}

// createHostKey writes a new Ed25519 key to path, readable by its owner
// only. It goes through a temporary file that takes the name only if it
// is still free, so a half-written key never exists and a key already
// there is never replaced (the error then wraps fs.ErrExist).
func createHostKey(path string) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	block, err := gossh.MarshalPrivateKey(priv, "varia serve")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".host-key-*.tmp") // made with mode 0600
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := pem.Encode(f, block); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Link(tmp, path) // fails with fs.ErrExist when the name is taken
}

// checkKeyPrivate refuses a key file that users other than its owner
// may read or write. Windows has no such mode bits to check.
func checkKeyPrivate(path string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	info, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("host key: %w", err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("host key %s can be read or changed by other users (mode %#o); make it private with: chmod 600 %s", path, perm, path)
	}
	return nil
}
