package serve

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

func TestHostKeyIsMadeOnceAndKeptPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "server", HostKeyName)
	first, created, err := LoadHostKey(path)
	if err != nil || !created {
		t.Fatalf("first start: created %v, %v", created, err)
	}
	if runtime.GOOS != "windows" {
		for p, want := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
			info, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := info.Mode().Perm(); got != want {
				t.Errorf("%s: mode %#o, want %#o", p, got, want)
			}
		}
	}
	second, created, err := LoadHostKey(path)
	if err != nil || created {
		t.Fatalf("second start: created %v, %v", created, err)
	}
	if !bytes.Equal(first.PublicKey().Marshal(), second.PublicKey().Marshal()) {
		t.Error("the host key changed between starts")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".host-key-*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestHostKeyProblems(t *testing.T) {
	dir := t.TempDir()
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	write := func(name string, block *pem.Block, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(block), mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, mode)
		return p
	}
	plain, _ := gossh.MarshalPrivateKey(priv, "")
	locked, _ := gossh.MarshalPrivateKeyWithPassphrase(priv, "", []byte("secret"))
	cases := map[string]string{
		write("locked", locked, 0o600):                                      "has a passphrase",
		write("garbage", &pem.Block{Type: "JUNK", Bytes: []byte{1}}, 0o600): "host key",
	}
	if runtime.GOOS != "windows" {
		cases[write("shared", plain, 0o644)] = "chmod 600"
	}
	for path, want := range cases {
		if _, _, err := LoadHostKey(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", filepath.Base(path), err, want)
		}
	}
	// A key of the host's own, given with --host-key, is used as it is.
	own := write("own", plain, 0o600)
	s, created, err := LoadHostKey(own)
	if err != nil || created {
		t.Fatalf("own key: %v, created %v", err, created)
	}
	want, _ := gossh.NewSignerFromKey(priv)
	if !bytes.Equal(s.PublicKey().Marshal(), want.PublicKey().Marshal()) {
		t.Error("--host-key was not the key used")
	}
}

func TestTheServerShowsTheSameHostKeyFromRunToRun(t *testing.T) {
	dir := t.TempDir()
	var seen [][]byte
	for i := 0; i < 2; i++ {
		ts := startServer(t, dir, nil)
		c, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
			User: "alice", Auth: []gossh.AuthMethod{gossh.PublicKeys(newKey(t))},
			HostKeyCallback: func(_ string, _ net.Addr, key gossh.PublicKey) error {
				seen = append(seen, key.Marshal())
				return nil
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		c.Close()
	}
	if len(seen) != 2 || !bytes.Equal(seen[0], seen[1]) {
		t.Error("the host key changed between runs")
	}
}
