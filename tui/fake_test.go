package tui

import (
	"context"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/rules"
	"varia/tui/match"
)

// fakeEngine answers searches the way a test says: each search calls
// reply, which may block on the context. It records what it was asked.
type fakeEngine struct {
	mu       sync.Mutex
	reply    func(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error)
	searches []fakeSearch
}

type fakeSearch struct {
	fen       string
	lim       ai.Limits
	cancelled bool // the context was cancelled when the reply returned
}

func (f *fakeEngine) Search(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
	f.mu.Lock()
	reply := f.reply
	f.mu.Unlock()
	res, err := reply(ctx, pos, lim)
	f.mu.Lock()
	f.searches = append(f.searches, fakeSearch{fen: pos.FEN(), lim: lim, cancelled: ctx.Err() != nil})
	f.mu.Unlock()
	return res, err
}

func (f *fakeEngine) setReply(r func(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error)) {
	f.mu.Lock()
	f.reply = r
	f.mu.Unlock()
}

func (f *fakeEngine) calls() []fakeSearch {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeSearch(nil), f.searches...)
}

// playFirst answers at once with the first legal move in UCI order of
// a list, or the first legal move.
func playFirst(prefer ...string) func(context.Context, *rules.Position, ai.Limits) (ai.Result, error) {
	return func(_ context.Context, pos *rules.Position, _ ai.Limits) (ai.Result, error) {
		legal := pos.Legal()
		for _, p := range prefer {
			for _, m := range legal {
				if m.UCI() == p {
					return ai.Result{Move: m, Depth: 1}, nil
				}
			}
		}
		return ai.Result{Move: legal[0], Depth: 1}, nil
	}
}

// thinkUntil reports progress, then waits for the context or release and
// answers with the preferred move.
func thinkUntil(release <-chan struct{}, prefer string) func(context.Context, *rules.Position, ai.Limits) (ai.Result, error) {
	first := playFirst(prefer)
	return func(ctx context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
		if lim.Progress != nil {
			lim.Progress(ai.Progress{Depth: 3, Score: 25, Nodes: 12345})
		}
		select {
		case <-ctx.Done():
		case <-release:
		}
		return first(ctx, pos, lim)
	}
}

// fakeTime is a clock the test moves by hand.
type fakeTime struct {
	mu  sync.Mutex
	now time.Time
}

func (f *fakeTime) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeTime) advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	f.mu.Unlock()
}

// playContext is a test context with a fake engine and a fake clock,
// and a home of its own.
func playContext(t *testing.T, eng *fakeEngine) (*Context, *fakeTime) {
	t.Helper()
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	ctx := testContext(false)
	clock := &fakeTime{now: time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)}
	ctx.Services = Services{NewEngine: func() match.Engine { return eng }, Now: clock.Now}
	return ctx, clock
}

// newPlayGame opens a game screen and runs what it starts.
func newPlayGame(t *testing.T, ctx *Context, opts GameOptions) (*gameScreen, *msgQueue) {
	t.Helper()
	if opts.Variant == nil {
		opts.Variant = rules.Standard
	}
	g, err := newGameScreen(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	q := newMsgQueue()
	q.run(g.start())
	t.Cleanup(func() { closeGame(g) }) // every write done before the next test's home
	return g, q
}

// msgQueue runs commands in goroutines, as Bubble Tea does, and hands
// their messages to the test.
type msgQueue struct{ ch chan tea.Msg }

func newMsgQueue() *msgQueue { return &msgQueue{ch: make(chan tea.Msg, 64)} }

func (q *msgQueue) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				q.run(c)
			}
			return
		}
		if msg != nil {
			q.ch <- msg
		}
	}()
}

// await returns the next message of type T, handing the others
// (progress, ticks) to the screen when feed is set, and dropping them
// otherwise; saves are always handed over.
func await[T tea.Msg](t *testing.T, q *msgQueue, s screen, feed bool) T {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case msg := <-q.ch:
			if m, ok := msg.(T); ok {
				return m
			}
			if _, isSave := msg.(match.Saved); (feed || isSave) && s != nil {
				_, cmd := s.Update(msg)
				q.run(cmd)
			}
		case <-deadline:
			var zero T
			t.Fatalf("no %T within 5 s", zero)
			return zero
		}
	}
}

// send delivers a message to the screen and runs what it returns.
func send(s screen, q *msgQueue, msg tea.Msg) {
	_, cmd := s.Update(msg)
	q.run(cmd)
}

// keys presses keys one by one, running what each returns.
func keys(s screen, q *msgQueue, names ...string) {
	for _, k := range names {
		send(s, q, keyMsg(k))
	}
}

// typeMove types a move at the prompt.
func typeMove(s screen, q *msgQueue, move string) {
	keys(s, q, ":")
	for _, r := range move {
		keys(s, q, string(r))
	}
	keys(s, q, "enter")
}

// flush hands the game every save it is waiting for, so what it wrote is
// on disk; other messages wait in the queue.
func flush(t *testing.T, g *gameScreen, q *msgQueue) {
	t.Helper()
	var held []tea.Msg
	deadline := time.After(5 * time.Second)
	for g.match.Saves().Busy {
		select {
		case msg := <-q.ch:
			if _, ok := msg.(match.Saved); ok {
				send(g, q, msg)
			} else {
				held = append(held, msg)
			}
		case <-deadline:
			t.Fatal("a save took more than 5 s")
		}
	}
	for _, msg := range held {
		q.ch <- msg
	}
}

// closeGame lets a game's file go, as the App does when the game is
// left, and waits until it has.
func closeGame(g *gameScreen) {
	for _, e := range g.match.Close() {
		if w, ok := e.(match.AwaitSave); ok {
			<-w.Done
		}
	}
}
