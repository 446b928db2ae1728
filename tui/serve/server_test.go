package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

func TestUnknownCommandsAreOneLineErrors(t *testing.T) {
	ts := startServer(t, "", nil)
	c := ts.dial(t, "alice", newKey(t))
	for _, cmd := range []string{
		"frob", "sh", "bash -c id", "help", "ls /", "cat /etc/passwd", "scp -t /tmp",
		"new --variant nope", "new --clock 5x3", "new extra", "new --white",
		"join", "join ABCDE FGHJK", "join 0O1I9", "watch", "pgn",
		"play --level grandmaster", "play --clock 5+3",
	} {
		r := run(t, c, cmd)
		if r.code == 0 {
			t.Errorf("%q: exit status 0", cmd)
		}
		lines := strings.Split(strings.TrimRight(r.stderr, "\r\n"), "\n")
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "varia: ") {
			t.Errorf("%q: want one line of error, got %q", cmd, r.stderr)
		}
		if r.stdout != "" {
			t.Errorf("%q: printed %q", cmd, r.stdout)
		}
	}
	r := run(t, c, "frob --now")
	for _, want := range []string{`"frob"`, "new", "join CODE", "watch CODE", "play", "pgn CODE", "lobby"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the error %q does not name %s", r.stderr, want)
		}
	}
	if r.code != 2 {
		t.Errorf("unknown command: exit status %d, want 2", r.code)
	}
}

func TestScreensNeedATerminal(t *testing.T) {
	ts := startServer(t, "", nil)
	c := ts.dial(t, "alice", newKey(t))
	for _, cmd := range []string{"new", "play", "join ABCDE", "watch ABCDE"} {
		r := run(t, c, cmd)
		if r.code != 1 || !strings.Contains(r.stderr, "needs a terminal") || !strings.Contains(r.stderr, "-t") {
			t.Errorf("%q without a terminal: exit %d, %q", cmd, r.code, r.stderr)
		}
	}
	if n := len(ts.reg.list()); n != 0 {
		t.Errorf("%d rooms made by commands that were refused", n)
	}
}

func TestNoShellNoForwardingNoFiles(t *testing.T) {
	ts := startServer(t, "", nil)
	c := ts.dial(t, "alice", newKey(t))

	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestSubsystem("sftp"); err == nil {
		t.Error("the sftp subsystem was granted")
	}
	s.Close()

	if conn, err := c.Dial("tcp", ts.addr); err == nil {
		conn.Close()
		t.Error("a direct-tcpip channel (ssh -L) was opened")
	}
	if ln, err := c.Listen("tcp", "127.0.0.1:0"); err == nil {
		ln.Close()
		t.Error("a remote forward (ssh -R) was granted")
	}
	if ok, _, _ := c.SendRequest("tcpip-forward", true, gossh.Marshal(struct {
		Addr string
		Port uint32
	}{"127.0.0.1", 0})); ok {
		t.Error("tcpip-forward was accepted")
	}

	s, err = c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, req := range []string{"auth-agent-req@openssh.com", "x11-req"} {
		ok, err := s.SendRequest(req, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			t.Errorf("%s was accepted", req)
		}
	}
	if ch, _, err := c.OpenChannel("auth-agent@openssh.com", nil); err == nil {
		ch.Close()
		t.Error("an agent channel was opened")
	}

	// The command line reaches no shell: quoting, pipes and redirections
	// are words of an unknown command.
	marker := filepath.Join(t.TempDir(), "made")
	for _, cmd := range []string{"touch " + marker, "pgn ABCDE; touch " + marker, "$(touch " + marker + ")", "pgn ABCDE > " + marker} {
		if r := run(t, c, cmd); r.code == 0 {
			t.Errorf("%q: exit status 0", cmd)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("a command made a file on the server")
	}
}

func TestOnlyPublicKeysLogIn(t *testing.T) {
	ts := startServer(t, "", nil)
	for name, auth := range map[string]gossh.AuthMethod{
		"password": gossh.Password("secret"),
		"keyboard-interactive": gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		}),
	} {
		if c, err := ts.tryDial("alice", auth); err == nil {
			c.Close()
			t.Errorf("logged in with %s", name)
		}
	}
	if c, err := ts.tryDial("alice"); err == nil {
		c.Close()
		t.Error("logged in with no authentication")
	}
	ts.dial(t, "alice", newKey(t))
}

func TestAllowListsTheKeysThatMayConnect(t *testing.T) {
	alice, bob, carol := newKey(t), newKey(t), newKey(t)
	allow := filepath.Join(t.TempDir(), "authorized_keys")
	write := func(text string) {
		t.Helper()
		// A new modification time each write, whatever the file system's granularity.
		if err := os.WriteFile(allow, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		later := time.Now().Add(time.Duration(len(text)) * time.Second)
		os.Chtimes(allow, later, later)
	}
	line := func(k gossh.Signer, comment string) string {
		return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k.PublicKey()))) + " " + comment + "\n"
	}
	write("# friends\n\n" + line(alice, "alice@home") + `from="10.0.0.1" ` + line(bob, "bob"))
	ts := startServer(t, "", func(c *Config) { c.Allow = allow })

	can := func(k gossh.Signer) bool {
		c, err := ts.tryDial("x", gossh.PublicKeys(k))
		if err == nil {
			c.Close()
		}
		return err == nil
	}
	if !can(alice) || !can(bob) {
		t.Error("a listed key was refused")
	}
	if can(carol) {
		t.Error("an unlisted key was let in")
	}

	write(line(carol, "carol"))
	if !can(carol) || can(alice) {
		t.Error("a change to the allow list was not followed")
	}
	write(line(carol, "carol") + "ssh-ed25519 AAAAnot-a-key\n")
	if can(carol) {
		t.Error("a broken allow list let a key in")
	}
	if !strings.Contains(ts.logs.String(), "key refused") {
		t.Error("refused keys are not logged")
	}

	for name, text := range map[string]string{"empty": "# nobody\n", "broken": "ssh-rsa ???\n"} {
		write(text)
		if _, err := New(Config{DataDir: t.TempDir(), Allow: allow}); err == nil {
			t.Errorf("a server started with an %s allow list", name)
		}
	}
	if _, err := New(Config{DataDir: t.TempDir(), Allow: filepath.Join(t.TempDir(), "missing")}); err == nil {
		t.Error("a server started with a missing allow list")
	}
}

func TestLoginTimeout(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", func(c *Config) { c.Limits.LoginTimeout = 200 * time.Millisecond })
	conn, err := (&netDialer{}).dial(ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 256)
	for {
		if _, err := conn.Read(buf); err != nil {
			if ne, ok := err.(interface{ Timeout() bool }); ok && ne.Timeout() {
				t.Fatal("a connection that never logged in was kept open")
			}
			return // closed by the server
		}
	}
}
