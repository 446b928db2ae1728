package main

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// startServe runs varia serve in a process of its own with a data
// folder of its own, and returns it with the address it listens on.
func startServe(t *testing.T, home string, args ...string) (*exec.Cmd, string, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--listen", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), runAsVaria+"=1", "XDG_DATA_HOME="+home, "HOME="+home)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	var logs bytes.Buffer
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		listening := regexp.MustCompile(`listening addr=(\S+)`)
		for sc.Scan() {
			logs.WriteString(sc.Text() + "\n")
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		close(addr)
	}()
	select {
	case a, ok := <-addr:
		if !ok {
			cmd.Wait()
			t.Fatalf("varia serve did not start:\n%s", logs.String())
		}
		return cmd, a, &logs
	case <-time.After(10 * time.Second):
		t.Fatalf("varia serve did not start:\n%s", logs.String())
	}
	return nil, "", nil
}

func TestServeStopsOnSIGTERMAndKeepsTheGames(t *testing.T) {
	home := t.TempDir()
	proc, addr, logs := startServe(t, home)

	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	signer, _ := gossh.NewSignerFromKey(priv)
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "alice", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	out, _ := sess.StdoutPipe()
	in, _ := sess.StdinPipe() // open: a client whose input ends has left
	defer in.Close()
	var errOut bytes.Buffer
	sess.Stderr = &errOut
	if err := sess.Start("new --variant asha"); err != nil {
		t.Fatal(err)
	}
	code := make(chan string, 1)
	go func() {
		room := regexp.MustCompile(`Room ([2-9A-Z]{5})`)
		var seen []byte
		buf := make([]byte, 4096)
		for {
			n, err := out.Read(buf)
			seen = append(seen, buf[:n]...)
			// Answer the terminal queries as a terminal does.
			if bytes.Contains(buf[:n], []byte("\x1b]11;?")) {
				io.WriteString(in, "\x1b]11;rgb:0000/0000/0000\x07\x1b[?62c")
			}
			if m := room.FindSubmatch(seen); m != nil {
				code <- string(m[1])
				io.Copy(io.Discard, out)
				return
			}
			if err != nil {
				close(code)
				return
			}
		}
	}()
	var room string
	select {
	case room = <-code:
	case <-time.After(10 * time.Second):
		t.Fatalf("no room on the screen\n%s", logs.String())
	}

	start := time.Now()
	proc.Process.Signal(syscall.SIGTERM)
	exited := make(chan error, 1)
	go func() { exited <- proc.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("varia serve after SIGTERM: %v\n%s", err, logs.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("varia serve did not stop on SIGTERM")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopping took %v", d)
	}
	sess.Wait()
	if !strings.Contains(errOut.String(), "your game is saved") {
		t.Errorf("the player was told %q\n%s", errOut.String(), logs.String())
	}
	if _, err := os.Stat(filepath.Join(home, "varia", "server", "rooms", room+".pgn")); err != nil {
		t.Errorf("the room's game: %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, "varia", "server", "host_ed25519")); err != nil {
		t.Errorf("the host key: %v", err)
	}
}

func TestServeRefusesWhatItCannotUse(t *testing.T) {
	home := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--allow", filepath.Join(home, "missing")}, 1, "--allow"},
		{[]string{"--host-key", filepath.Join(home, "nokey", "..", "..")}, 1, "host key"},
		{[]string{"--port", "22"}, 2, "flag provided but not defined"},
		{[]string{"now"}, 2, `unexpected argument "now"`},
	} {
		cmd := exec.Command(os.Args[0], append([]string{"serve", "--listen", "127.0.0.1:0"}, tc.args...)...)
		cmd.Env = append(os.Environ(), runAsVaria+"=1", "XDG_DATA_HOME="+home, "HOME="+home)
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		err := cmd.Run()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		}
		if code != tc.code || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("serve %q: exit %d, %q; want %d and %q", tc.args, code, errOut.String(), tc.code, tc.want)
		}
	}
}
