package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"

	"varia/ai"
	"varia/rules"
	"varia/tui/match"
)

// DefaultListen is where the server listens unless told otherwise: this
// machine only. Listening on every interface (":2222") is a choice the
// host makes.
const DefaultListen = "localhost:2222"

// Config is how the server is set up.
type Config struct {
	Listen  string // ADDR:PORT; DefaultListen when empty
	HostKey string // the host key's file; HostKeyName in DataDir when empty
	Allow   string // an authorized_keys file of the keys that may connect; anyone with a key when empty
	DataDir string // the server's data folder: the host key, rooms, finished games, names
	Limits  Limits
	Log     *log.Logger // connections, rooms and errors; a logger to stderr when nil
	Now     func() time.Time
}

// Server is Varia over SSH: the lobby, rooms and games against the
// engine, one terminal interface per connection.
type Server struct {
	cfg   Config
	ssh   *ssh.Server
	reg   *registry
	names *nameBook
	allow *allowList // nil: any key
	queue *searchQueue
	conns connCounter
	raw   atomic.Int64 // TCP connections open, logged in or not
	log   *log.Logger

	mu        sync.Mutex
	sessions  map[*session]bool
	active    sync.WaitGroup // the sessions in sessions
	stopping  bool
	listeners []net.Listener
	done      chan struct{} // closed when the server stops
	sweeps    sync.WaitGroup
}

// New sets up a server: it reads or makes the host key, reads the allow
// list and brings back the rooms a previous run left unfinished.
func New(cfg Config) (*Server, error) {
	if cfg.Listen == "" {
		cfg.Listen = DefaultListen
	}
	if cfg.DataDir == "" {
		return nil, errors.New("no data folder for the server")
	}
	if cfg.HostKey == "" {
		cfg.HostKey = filepath.Join(cfg.DataDir, HostKeyName)
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = DefaultLimits()
	}
	if cfg.Log == nil {
		cfg.Log = log.NewWithOptions(os.Stderr, log.Options{ReportTimestamp: true, Prefix: "varia serve"})
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	s := &Server{
		cfg: cfg, log: cfg.Log, queue: newSearchQueue(cfg.Limits),
		sessions: map[*session]bool{}, done: make(chan struct{}),
	}
	signer, created, err := LoadHostKey(cfg.HostKey)
	if err != nil {
		return nil, err
	}
	if created {
		s.log.Info("made a new host key", "file", cfg.HostKey)
	}
	s.log.Info("host key", "fingerprint", gossh.FingerprintSHA256(signer.PublicKey()))
	if cfg.Allow != "" {
		if s.allow, err = loadAllowList(cfg.Allow); err != nil {
			return nil, err
		}
	}
	if s.names, err = loadNameBook(filepath.Join(cfg.DataDir, "names")); err != nil {
		return nil, fmt.Errorf("names: %w", err)
	}
	s.reg = newRegistry(store{dir: cfg.DataDir}, cfg.Limits, cfg.Now, s.log, func() match.Engine {
		return s.queue.engine(match.NewAIEngine(ai.NewEngine(engineHashMiB)))
	})
	for _, err := range s.reg.restore() {
		s.log.Error("room not restored", "err", err)
	}
	if n := len(s.reg.rooms); n > 0 {
		s.log.Info("rooms restored", "count", n)
	}

	s.ssh, err = wish.NewServer(
		wish.WithAddress(cfg.Listen),
		wish.WithVersion("Varia"),
		wish.WithPublicKeyAuth(s.authorize),
		wish.WithMiddleware(
			bm.MiddlewareWithProgramHandler(s.program, termenv.Ascii),
			s.admit,
		),
		func(srv *ssh.Server) error {
			srv.AddHostKey(signer)
			// Nothing but sessions: no port forwarding (no direct-tcpip
			// channel, no tcpip-forward request), no subsystems (no sftp
			// or scp), no agent or X11 (refused by refuseForwarding).
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": refuseForwarding}
			srv.RequestHandlers = map[string]ssh.RequestHandler{}
			srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{}
			srv.LocalPortForwardingCallback = nil
			srv.ReversePortForwardingCallback = nil
			srv.ConnCallback = s.wrapConn
			// A backstop for a connection where nothing at all happens; the
			// session's own idle timeout, which counts key presses, comes first.
			srv.IdleTimeout = cfg.Limits.IdleTimeout + time.Minute
			return nil
		},
	)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Addr is the address the server was set to listen on.
func (s *Server) Addr() string { return s.cfg.Listen }

// ListenAndServe listens on the configured address and serves until
// Shutdown.
func (s *Server) ListenAndServe() error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return err
	}
	return s.Serve(ln)
}

// Serve serves connections from ln until Shutdown. It returns nil after
// a shutdown.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	if s.stopping {
		s.mu.Unlock()
		ln.Close()
		return nil
	}
	// Shutdown closes the listener itself: it may come before the SSH
	// server has taken note of it.
	s.listeners = append(s.listeners, ln)
	s.sweeps.Add(1)
	s.mu.Unlock()
	s.log.Info("listening", "addr", ln.Addr().String())
	go s.sweepLoop()
	err := s.ssh.Serve(ln)
	if errors.Is(err, ssh.ErrServerClosed) || s.isStopping() {
		return nil
	}
	return err
}

// sweepLoop closes, now and then, the rooms their players abandoned.
func (s *Server) sweepLoop() {
	defer s.sweeps.Done()
	t := time.NewTicker(max(s.cfg.Limits.Grace/4, time.Second))
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
			s.reg.sweep()
		}
	}
}

// closeWait is how long a stopping server leaves its clients to close
// their connections themselves.
const closeWait = time.Second

// Shutdown stops the server: no new connections, every client told the
// server is stopping and given a moment to leave, every room's game
// saved, and then every connection closed. It returns when all that is
// done or ctx ends, whichever is first; the games are saved either way.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if s.stopping {
		s.mu.Unlock()
		return nil
	}
	s.stopping = true
	close(s.done)
	for _, ln := range s.listeners {
		ln.Close()
	}
	sessions := make([]*session, 0, len(s.sessions))
	for se := range s.sessions {
		sessions = append(sessions, se)
	}
	s.mu.Unlock()

	s.log.Info("stopping", "sessions", len(sessions))
	for _, se := range sessions {
		se.stop()
	}
	// Each client is told why its screen closes; the connections close
	// when they have had the time to say it, or when ctx says so.
	left := make(chan struct{})
	go func() {
		s.active.Wait()
		close(left)
	}()
	var errs []error
	select {
	case <-left:
	case <-ctx.Done():
		errs = append(errs, fmt.Errorf("sessions still open at shutdown: %w", ctx.Err()))
	}
	for _, w := range s.reg.closeAll() {
		select {
		case r := <-w:
			if err := errors.Join(r.Err, r.KeepErr); err != nil {
				s.log.Error("game not saved", "err", err)
				errs = append(errs, err)
			}
		case <-ctx.Done():
			errs = append(errs, fmt.Errorf("a game still being written at shutdown: %w", ctx.Err()))
		}
	}
	// A client closes its connection once its session has ended; closing
	// it from this side first could lose the last words it has not read.
	linger, cancel := context.WithTimeout(ctx, closeWait)
	s.ssh.Shutdown(linger)
	cancel()
	s.ssh.Close()
	s.sweeps.Wait()
	err := errors.Join(errs...)
	if err == nil {
		s.log.Info("stopped; every game is saved", "folder", s.cfg.DataDir)
	}
	return err
}

// authorize admits a public key: any key, or with --allow the listed
// ones. No other way of logging in exists, so no passwords are asked.
func (s *Server) authorize(ctx ssh.Context, key ssh.PublicKey) bool {
	if s.allow != nil && !s.allow.allows(key) {
		s.log.Warn("key refused", "key", Fingerprint(key), "addr", ctx.RemoteAddr().String())
		return false
	}
	return true
}

// wrapConn counts TCP connections and gives one that has not logged in a
// deadline, so half-open handshakes cannot pile up. Past twice the
// session limit, new connections are closed at once: they could not
// have been let in anyway, and this is before any message can be sent.
func (s *Server) wrapConn(ctx ssh.Context, c net.Conn) net.Conn {
	if s.raw.Add(1) > int64(2*s.cfg.Limits.ConnsTotal) {
		s.raw.Add(-1)
		s.log.Warn("connection refused: too many open", "addr", c.RemoteAddr().String())
		c.Close()
		return nil
	}
	lc := &loginConn{Conn: c, deadline: time.Now().Add(s.cfg.Limits.LoginTimeout), release: func() { s.raw.Add(-1) }}
	ctx.SetValue(loginConnKey, lc)
	return lc
}

type contextKey struct{ name string }

var (
	loginConnKey = &contextKey{"login-conn"}
	sessionKey   = &contextKey{"session"}
)

// loginConn holds a connection to a deadline until its first session
// starts; after that the SSH server's own deadlines apply.
type loginConn struct {
	net.Conn
	deadline time.Time
	in       atomic.Bool
	once     sync.Once
	release  func()
}

func (c *loginConn) SetDeadline(t time.Time) error {
	if !c.in.Load() && (t.IsZero() || t.After(c.deadline)) {
		t = c.deadline
	}
	return c.Conn.SetDeadline(t)
}

func (c *loginConn) loggedIn() {
	c.in.Store(true)
	c.Conn.SetDeadline(time.Time{})
}

func (c *loginConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// refuseForwarding handles a session channel, refusing within it the
// requests for agent and X11 forwarding: the server never opens a
// channel back to the client, and says so instead of pretending.
func refuseForwarding(srv *ssh.Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx ssh.Context) {
	ssh.DefaultSessionHandler(srv, conn, filteredChannel{newChan}, ctx)
}

type filteredChannel struct{ gossh.NewChannel }

func (f filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		for r := range reqs {
			switch r.Type {
			case "auth-agent-req@openssh.com", "x11-req":
				if r.WantReply {
					r.Reply(false, nil)
				}
				continue
			}
			out <- r
		}
	}()
	return ch, out, nil
}

// admit runs first for every session: it counts the connection, reads
// the command, answers the commands that need no screen, and hands the
// others to the terminal interface (next). The exit status is sent
// last, once the session no longer counts against any limit, so a
// client may start its next command as soon as this one ends.
func (s *Server) admit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		code, msg := s.serveSession(sess, next)
		s.log.Debug("session ended", "code", code, "msg", msg)
		if msg != "" {
			fmt.Fprintf(sess.Stderr(), "varia: %s\r\n", msg)
		}
		sess.Exit(code)
	}
}

// serveSession runs one session and says how it ended: the exit status
// and a line for the client's error stream ("" for none).
func (s *Server) serveSession(sess ssh.Session, next ssh.Handler) (int, string) {
	if lc, ok := sess.Context().Value(loginConnKey).(*loginConn); ok {
		lc.loggedIn()
	}
	key := sess.PublicKey()
	if key == nil { // cannot happen: keys are the only way in
		return 1, "a public key is needed"
	}
	fp := Fingerprint(key)
	who := Identity{Key: fp, Name: s.names.name(fp, sess.User())}
	logger := s.log.With("key", fp, "addr", sess.RemoteAddr().String())
	cmd, err := ParseCommand(sess.Command())
	if err != nil {
		logger.Info("command refused", "command", printable(strings.Join(sess.Command(), " ")))
		return 2, err.Error()
	}
	if s.isStopping() {
		return 1, "the server is stopping; try again when it is back"
	}
	if err := s.conns.enter(fp, s.cfg.Limits); err != nil {
		logger.Warn("connection refused", "why", err)
		return 1, err.Error()
	}
	defer s.conns.leave(fp)
	logger.Info("connected", "name", who.Name, "command", cmd.Verb.String())
	defer func() { logger.Info("disconnected") }()

	if cmd.Verb == VerbPGN {
		return s.printPGN(sess, cmd.Code)
	}
	if _, _, ok := sess.Pty(); !ok {
		return 1, fmt.Sprintf("%s needs a terminal: add -t to the ssh command (ssh -t ...)", cmd.Verb)
	}
	se := &session{srv: s, sess: sess, cmd: cmd, who: who, log: logger, client: newClient(who), ended: make(chan struct{})}
	if !s.track(se) {
		return 1, "the server is stopping; try again when it is back"
	}
	defer s.untrack(se)
	if err := s.enterFirstRoom(se); err != nil {
		logger.Info("room refused", "why", err)
		return 1, err.Error()
	}
	defer se.leaveRoom()
	defer s.reg.leaveLobby(se.client)
	sess.Context().SetValue(sessionKey, se)
	next(sess)
	se.end(0, "") // the client quit: no message
	return se.exitCode, se.endMessage
}

// enterFirstRoom puts a session in the room its command names, before
// any screen is drawn, so a refusal is a one-line error and an exit
// status a script can read.
func (s *Server) enterFirstRoom(se *session) error {
	cmd := se.cmd
	var (
		r   *Room
		c   rules.Color
		err error
	)
	switch cmd.Verb {
	case VerbLobby:
		return nil
	case VerbWatch:
		if r, err = s.reg.watch(cmd.Code, se.client); err != nil {
			return err
		}
		se.enter(r, role{})
		return nil
	case VerbNew, VerbPlay:
		color, engine := rules.White, (*ai.Level)(nil)
		if cmd.Black {
			color = rules.Black
		}
		if cmd.Verb == VerbPlay {
			engine = &cmd.Level
		}
		if r, err = s.reg.create(se.who, cmd.Variant, cmd.Clock, color, engine); err != nil {
			return err
		}
		cmd.Code = r.Code
	}
	if r, c, err = s.reg.join(cmd.Code, se.client); err != nil {
		return err
	}
	se.enter(r, role{player: true, color: c})
	return nil
}

// printPGN answers pgn CODE with the room's game, the way the player
// takes a game home: the server never writes where a client says.
func (s *Server) printPGN(sess ssh.Session, code string) (int, string) {
	data, err := s.reg.store.pgn(code)
	if errors.Is(err, fs.ErrNotExist) {
		return 1, fmt.Sprintf("room %s: %v", code, errNoRoom)
	}
	if err != nil {
		s.log.Error("pgn not read", "room", code, "err", err)
		return 1, fmt.Sprintf("room %s: the game could not be read", code)
	}
	if _, _, ok := sess.Pty(); ok {
		// A terminal in raw mode starts no new line by itself.
		data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
	}
	sess.Write(data)
	return 0, ""
}

func (s *Server) isStopping() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopping
}

func (s *Server) track(se *session) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopping {
		return false
	}
	s.sessions[se] = true
	s.active.Add(1)
	return true
}

func (s *Server) untrack(se *session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, se)
	s.active.Done()
}

// program makes the terminal interface of one session: its own renderer,
// which knows the client's colours and background, its own input,
// slowed to the input limit, and its own size.
func (s *Server) program(sess ssh.Session) *tea.Program {
	se, ok := sess.Context().Value(sessionKey).(*session)
	if !ok {
		return nil
	}
	r := bm.MakeRenderer(sess)
	for _, kv := range sess.Environ() {
		if strings.HasPrefix(kv, "NO_COLOR=") && kv != "NO_COLOR=" {
			r.SetColorProfile(termenv.Ascii)
		}
	}
	se.out = &lockedWriter{w: sess}
	model := newSessionModel(se, r)
	in := newInputLimiter(sess, s.cfg.Limits, func() {
		se.end(1, fmt.Sprintf("input faster than %d bytes a second for too long; disconnected", s.cfg.Limits.InputRate))
	})
	in.closed = func(error) { se.end(0, "") }
	p := tea.NewProgram(model,
		tea.WithInput(in), tea.WithOutput(se.out),
		tea.WithAltScreen(), tea.WithMouseCellMotion(),
		tea.WithoutSignalHandler(), // the server, not each client's screen, answers signals
	)
	return p
}
