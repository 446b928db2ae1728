package serve

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"varia/ai"
	"varia/rules"
)

func TestConnectionsPerKeyAndInTotal(t *testing.T) {
	ts := startServer(t, "", func(c *Config) { c.Limits.ConnsPerKey, c.Limits.ConnsTotal = 2, 3 })
	alice := ts.dial(t, "alice", newKey(t))
	a1 := open(t, alice, "", 80, 24)
	a1.waitFor("rooms on this server")
	a2 := open(t, alice, "", 80, 24)
	a2.waitFor("rooms on this server")
	a3 := open(t, alice, "", 80, 24)
	if status, msg := a3.wait(); status != 1 || !strings.Contains(msg, "your key already has 2 connections") {
		t.Errorf("third session of one key: exit %d, %q", status, msg)
	}
	if r := run(t, alice, "pgn ABCDE"); !strings.Contains(r.stderr, "already has 2 connections") {
		t.Errorf("a command past the limit: %q", r.stderr)
	}

	bob := open(t, ts.dial(t, "bob", newKey(t)), "", 80, 24)
	bob.waitFor("rooms on this server")
	carol := open(t, ts.dial(t, "carol", newKey(t)), "", 80, 24)
	if status, msg := carol.wait(); status != 1 || !strings.Contains(msg, "the server is full (3 connections)") {
		t.Errorf("a session past the total: exit %d, %q", status, msg)
	}

	// A session that ends makes room for another.
	a1.keys("q")
	a1.wait()
	waitUntil(t, "the session to be counted out", func() bool {
		return !strings.Contains(run(t, alice, "pgn ABCDE").stderr, "already has")
	})
	a4 := open(t, alice, "", 80, 24)
	a4.waitFor("rooms on this server")
}

func TestTooManyOpenConnectionsAreClosed(t *testing.T) {
	ts := startServer(t, "", func(c *Config) { c.Limits.ConnsTotal = 1 })
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := 0; i < 2; i++ { // twice the session limit may be logging in
		c, err := net.Dial("tcp", ts.addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, err := c.Read(make([]byte, 4)); err != nil { // the server's version line
			t.Fatalf("connection %d: %v", i+1, err)
		}
	}
	c, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadAll(c); err != nil {
		t.Fatalf("the connection past the limit was not closed: %v", err)
	}
}

func TestRoomsPerKey(t *testing.T) {
	ts := startServer(t, "", func(c *Config) { c.Limits.RoomsPerKey = 1 })
	aliceKey := newKey(t)
	alice := ts.dial(t, "alice", aliceKey)
	first := open(t, alice, "new", 80, 24)
	code := roomCode(t, first)
	second := open(t, alice, "play", 80, 24)
	if status, msg := second.wait(); status != 1 || !strings.Contains(msg, "already plays in 1 unfinished room,") {
		t.Errorf("a second room: exit %d, %q", status, msg)
	}
	// Her own room is still hers to come back to.
	again := open(t, alice, "join "+code, 80, 24)
	again.waitFor("← you")
	// And the friend who has a room of their own may not take the seat.
	bob := ts.dial(t, "bob", newKey(t))
	open(t, bob, "new", 80, 24).waitFor("Waiting for a friend")
	join := open(t, bob, "join "+code, 80, 24)
	if status, msg := join.wait(); status != 1 || !strings.Contains(msg, "unfinished room") {
		t.Errorf("joining past the limit: exit %d, %q", status, msg)
	}
}

func TestIdleSessionsEnd(t *testing.T) {
	t.Parallel()
	// Keys come every 100 ms against a timeout six times that: a busy
	// machine does not make the test fail.
	ts := startServer(t, "", func(c *Config) { c.Limits.IdleTimeout = 600 * time.Millisecond })
	c := ts.dial(t, "alice", newKey(t))
	tm := open(t, c, "new", 80, 24)
	code := roomCode(t, tm)
	status, msg := tm.wait()
	if status != 1 || !strings.Contains(msg, "no key pressed for") || !strings.Contains(msg, "join "+code) {
		t.Errorf("idle player: exit %d, %q", status, msg)
	}

	// Keys keep a session alive.
	lobby := open(t, c, "", 80, 24)
	lobby.waitFor("rooms on this server")
	for i := 0; i < 12; i++ {
		time.Sleep(100 * time.Millisecond)
		lobby.keys("j")
	}
	select {
	case <-lobby.done:
		t.Fatal("a session that kept typing was ended as idle")
	default:
	}
	if status, msg := lobby.wait(); status != 1 || !strings.Contains(msg, "no key pressed") {
		t.Errorf("idle lobby: exit %d, %q", status, msg)
	}
}

func TestInputFloodEndsTheSession(t *testing.T) {
	ts := startServer(t, "", func(c *Config) {
		c.Limits.InputRate, c.Limits.InputBurst, c.Limits.FloodTime = 200, 200, 300*time.Millisecond
	})
	tm := open(t, ts.dial(t, "alice", newKey(t)), "", 80, 24)
	tm.waitFor("rooms on this server")
	go func() {
		junk := bytes.Repeat([]byte("jk"), 1024)
		for {
			if _, err := tm.in.Write(junk); err != nil {
				return
			}
		}
	}()
	if status, msg := tm.wait(); status != 1 || !strings.Contains(msg, "input faster than 200 bytes a second") {
		t.Errorf("flood: exit %d, %q", status, msg)
	}
}

func TestInputLimiterSlowsToTheRate(t *testing.T) {
	now := time.Unix(0, 0)
	var slept time.Duration
	flooded := false
	l := newInputLimiter(strings.NewReader(strings.Repeat("x", 1000)), Limits{InputRate: 100, InputBurst: 50, FloodTime: time.Hour}, func() { flooded = true })
	l.now = func() time.Time { return now }
	l.sleep = func(d time.Duration) { slept += d; now = now.Add(d) }
	total := 0
	buf := make([]byte, 1000)
	for total < 1000 {
		n, err := l.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		total += n
	}
	// 50 bytes at once, then 950 at 100 a second.
	if want := 9500 * time.Millisecond; slept < want-100*time.Millisecond || slept > want+100*time.Millisecond {
		t.Errorf("slept %v for 1000 bytes, want about %v", slept, want)
	}
	if flooded {
		t.Error("flooded within the flood time")
	}

	// Held back for longer than FloodTime: the input ends.
	l = newInputLimiter(strings.NewReader(strings.Repeat("x", 1000)), Limits{InputRate: 100, InputBurst: 50, FloodTime: time.Second}, func() { flooded = true })
	l.now = func() time.Time { return now }
	l.sleep = func(d time.Duration) { now = now.Add(d) }
	var err error
	for err == nil {
		_, err = l.Read(buf)
	}
	if !errors.Is(err, errFlood) || !flooded {
		t.Errorf("flood: err %v, flooded %v", err, flooded)
	}
}

func TestWindowsLargerThanTheLimitAreDrawnSmaller(t *testing.T) {
	ts := startServer(t, "", nil)
	se := &session{srv: ts.Server, client: newClient(Identity{Key: "SHA256:x", Name: "x"}), ended: make(chan struct{})}
	m := newSessionModel(se, lipgloss.NewRenderer(io.Discard))
	m.Update(tea.WindowSizeMsg{Width: 100000, Height: 100000})
	lim := ts.cfg.Limits
	if m.ctx.Width != lim.MaxWidth || m.ctx.Height != lim.MaxHeight {
		t.Fatalf("size %dx%d, want %dx%d", m.ctx.Width, m.ctx.Height, lim.MaxWidth, lim.MaxHeight)
	}
	lines := strings.Split(m.View(), "\n")
	if len(lines) > lim.MaxHeight {
		t.Errorf("%d lines drawn", len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > lim.MaxWidth {
			t.Errorf("a line %d wide", w)
		}
	}
	// And a tiny window still gets a frame that fits.
	m.Update(tea.WindowSizeMsg{Width: 10, Height: 3})
	for _, l := range strings.Split(m.View(), "\n") {
		if w := ansi.StringWidth(l); w > 10 {
			t.Errorf("a line %d wide in a 10-wide window: %q", w, l)
		}
	}
}

// fakeEngine counts the searches running at once.
type fakeEngine struct {
	running, most atomic.Int32
	took          time.Duration
	mu            sync.Mutex
	limits        []ai.Limits
}

func (f *fakeEngine) Search(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
	n := f.running.Add(1)
	defer f.running.Add(-1)
	for {
		m := f.most.Load()
		if n <= m || f.most.CompareAndSwap(m, n) {
			break
		}
	}
	f.mu.Lock()
	f.limits = append(f.limits, lim)
	f.mu.Unlock()
	if lim.Depth == 1 {
		return ai.Result{Move: pos.Legal()[0], Depth: 1}, nil
	}
	select {
	case <-ctx.Done():
		return ai.Result{Move: pos.Legal()[0]}, nil
	case <-time.After(f.took):
		return ai.Result{Move: pos.Legal()[0], Depth: 9}, nil
	}
}

func TestSearchQueue(t *testing.T) {
	pos := rules.NewGame(rules.Variants()[0]).Position()
	f := &fakeEngine{took: 50 * time.Millisecond}
	q := newSearchQueue(Limits{Searches: 2, SearchQueue: 3, SearchTime: time.Hour})
	e := q.engine(f)
	var wg sync.WaitGroup
	var busy atomic.Int32
	for i := 0; i < 5; i++ { // two run, three wait
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.Search(context.Background(), pos, ai.Limits{}); err != nil {
				busy.Add(1)
			}
		}()
	}
	wg.Wait()
	if f.most.Load() != 2 || busy.Load() != 0 {
		t.Errorf("at most %d searches ran at once (want 2), %d refused (want 0)", f.most.Load(), busy.Load())
	}

	// Beyond the queue, a search is refused at once.
	f.took = time.Second
	start := make(chan struct{})
	for i := 0; i < 5; i++ {
		go func() {
			<-start
			e.Search(context.Background(), pos, ai.Limits{})
		}()
	}
	close(start)
	waitUntil(t, "five searches to run or wait", func() bool { return q.waiting.Load()+int64(len(q.slots)) == 5 })
	if _, err := e.Search(context.Background(), pos, ai.Limits{}); !errors.Is(err, errEngineBusy) {
		t.Errorf("a sixth search: %v, want the engine busy", err)
	}

	// Asked to move now while waiting, it answers at once, with a
	// search of its own that need not wait.
	g := &fakeEngine{took: time.Hour}
	e = newSearchQueue(Limits{Searches: 1, SearchQueue: 1}).engine(g)
	go e.Search(context.Background(), pos, ai.Limits{}) // takes the slot for an hour
	waitUntil(t, "the slot to be taken", func() bool { return g.running.Load() == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	res, err := e.Search(ctx, pos, ai.Limits{Depth: 8})
	if err != nil || res.Move == rules.NoMove {
		t.Errorf("move now while waiting: %v, %v", res.Move, err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if last := g.limits[len(g.limits)-1]; last.Depth != 1 {
		t.Errorf("move now while waiting searched %+v, want one ply", last)
	}
}

func TestSearchTimeIsCapped(t *testing.T) {
	pos := rules.NewGame(rules.Variants()[0]).Position()
	f := &fakeEngine{took: time.Hour}
	e := newSearchQueue(Limits{Searches: 1, SearchQueue: 1, SearchTime: 50 * time.Millisecond}).engine(f)
	expert, err := ai.LevelByName("expert")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := e.Search(context.Background(), pos, expert.Limits)
	if err != nil || res.Move == rules.NoMove {
		t.Fatalf("%v, %v", res.Move, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("an Expert search took %v with a 50ms cap", d)
	}
}

// waitUntil waits for cond, for a few seconds at most.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
