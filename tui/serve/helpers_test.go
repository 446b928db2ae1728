package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"varia/saves"

	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// testLimits are small enough for tests to reach, and large enough not
// to get in the way of tests about something else.
func testLimits() Limits {
	l := DefaultLimits()
	l.IdleTimeout = time.Minute
	l.LoginTimeout = 5 * time.Second
	return l
}

// testServer is a server on a loopback port, stopped when the test ends.
type testServer struct {
	*Server
	addr string
	dir  string
	logs *syncBuffer
}

// startServer starts a server in dir (a new folder when empty), with
// cfg's limits and allow list.
func startServer(t *testing.T, dir string, change func(*Config)) *testServer {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	logs := &syncBuffer{}
	cfg := Config{
		Listen:  "127.0.0.1:0",
		DataDir: dir,
		Limits:  testLimits(),
		Log:     log.NewWithOptions(logs, log.Options{Level: log.DebugLevel}),
	}
	if change != nil {
		change(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	ts := &testServer{Server: srv, addr: ln.Addr().String(), dir: dir, logs: logs}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return ts
}

// newKey makes a client key.
func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// dial connects and logs in with key as user.
func (ts *testServer) dial(t *testing.T, user string, key gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := ts.tryDial(user, gossh.PublicKeys(key))
	if err != nil {
		t.Fatalf("dial as %s: %v", user, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func (ts *testServer) tryDial(user string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
		User:            user,
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         5 * time.Second,
	})
}

// result is what a command without a terminal gave back.
type result struct {
	stdout, stderr string
	code           int
}

// run runs a command without a terminal, as a script would.
func run(t *testing.T, c *gossh.Client, cmd string) result {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var out, errOut bytes.Buffer
	s.Stdout, s.Stderr = &out, &errOut
	done := make(chan error, 1)
	go func() { done <- s.Run(cmd) }()
	var runErr error
	select {
	case runErr = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%q did not finish", cmd)
	}
	r := result{stdout: out.String(), stderr: errOut.String()}
	var exit *gossh.ExitError
	switch {
	case errors.As(runErr, &exit):
		r.code = exit.ExitStatus()
	case runErr != nil:
		t.Fatalf("%q: %v", cmd, runErr)
	}
	return r
}

// term is a session with a terminal, as a person at a terminal has: it
// collects the screen output, answers the terminal queries a real
// terminal answers, and types keys.
type term struct {
	t    *testing.T
	s    *gossh.Session
	in   io.WriteCloser
	mu   sync.Mutex
	out  strings.Builder // all output, escape sequences removed
	raw  strings.Builder // all output as it came
	mark int             // where the next wait starts looking
	errs bytes.Buffer
	done chan error
}

// open starts cmd ("" for the lobby) on a w×h terminal.
func open(t *testing.T, c *gossh.Client, cmd string, w, h int) *term {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, s: s, done: make(chan error, 1)}
	tm.in, err = s.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := s.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.Stderr = &tm.errs
	if cmd == "" {
		err = s.Shell()
	} else {
		err = s.Start(cmd)
	}
	if err != nil {
		t.Fatal(err)
	}
	go tm.read(stdout)
	go func() { tm.done <- s.Wait() }()
	t.Cleanup(func() { s.Close() })
	return tm
}

// read keeps the output and answers the background colour and device
// attribute queries, as a terminal does.
func (tm *term) read(r io.Reader) {
	buf := make([]byte, 32*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			chunk := string(buf[:n])
			if strings.Contains(chunk, "\x1b]11;?") {
				io.WriteString(tm.in, "\x1b]11;rgb:1e1e/1e1e/1e1e\x07")
			}
			if strings.Contains(chunk, "\x1b[c") {
				io.WriteString(tm.in, "\x1b[?62;22c")
			}
			tm.mu.Lock()
			tm.out.WriteString(ansi.Strip(chunk))
			tm.raw.WriteString(chunk)
			tm.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// waitFor waits for text to appear in the output after the last text
// waited for, and moves past it.
func (tm *term) waitFor(text string) {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		tm.mu.Lock()
		all := tm.out.String()
		i := strings.Index(all[tm.mark:], text)
		if i >= 0 {
			tm.mark += i + len(text)
		}
		tm.mu.Unlock()
		if i >= 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	tm.mu.Lock()
	defer tm.mu.Unlock()
	tm.t.Fatalf("%q not shown; the screen since the last wait:\n%s", text, tm.out.String()[tm.mark:])
}

// screen is everything shown so far, without escape sequences.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()
}

// rawOutput is everything received, escape sequences and all.
func (tm *term) rawOutput() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.raw.String()
}

// keys types text.
func (tm *term) keys(text string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.in, text); err != nil {
		tm.t.Fatalf("typing %q: %v", text, err)
	}
}

// wait waits for the session to end and returns its exit status and
// error output.
func (tm *term) wait() (int, string) {
	tm.t.Helper()
	select {
	case err := <-tm.done:
		var exit *gossh.ExitError
		code := 0
		if errors.As(err, &exit) {
			code = exit.ExitStatus()
		} else if err != nil {
			code = -1
		}
		return code, tm.errs.String()
	case <-time.After(10 * time.Second):
		tm.t.Fatalf("the session did not end; screen:\n%s", tm.screen())
	}
	return 0, ""
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type netDialer struct{}

func (netDialer) dial(addr string) (net.Conn, error) {
	return net.DialTimeout("tcp", addr, 5*time.Second)
}

func mustClock(t *testing.T, s string) saves.TimeControl {
	t.Helper()
	c, err := saves.ParseTimeControl(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func discardLog() *log.Logger { return log.New(io.Discard) }
