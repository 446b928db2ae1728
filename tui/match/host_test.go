package match

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"varia/ai"
	"varia/rules"
)

// TestMain gives the package's tests a home of their own: matches keep
// their games on disk.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "varia-match-test-")
	if err != nil {
		panic(err)
	}
	for _, v := range []string{"HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"} {
		os.Setenv(v, home)
	}
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
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

// scripted is an engine that answers with the first of its preferred
// moves that is legal, or the first legal move, and records its limits.
type scripted struct {
	prefer []string
	err    error
	limits []ai.Limits
}

func (e *scripted) Search(_ context.Context, pos *rules.Position, lim ai.Limits) (ai.Result, error) {
	e.limits = append(e.limits, lim)
	if e.err != nil {
		return ai.Result{}, e.err
	}
	legal := pos.Legal()
	for _, p := range e.prefer {
		for _, m := range legal {
			if m.UCI() == p {
				return ai.Result{Move: m, Depth: 1}, nil
			}
		}
	}
	return ai.Result{Move: legal[0], Depth: 1}, nil
}

// host carries out a match's effects in the test's goroutine: searches
// are run at once (unless held), saves waited for, wake-ups recorded
// for the test to deliver.
type host struct {
	t       *testing.T
	m       *Match
	hold    bool        // leave searches for the test to run
	pending []RunSearch // searches held
	wakes   []Wake
	saves   int // saves waited for
}

func (h *host) run(fx []Effect) {
	h.t.Helper()
	for len(fx) > 0 {
		e := fx[0]
		fx = fx[1:]
		switch e := e.(type) {
		case RunSearch:
			if h.hold {
				h.pending = append(h.pending, e)
				continue
			}
			fx = append(fx, h.m.Handle(h.finish(e))...)
		case Wake:
			h.wakes = append(h.wakes, e)
		case AwaitSave:
			h.saves++
			select {
			case r := <-e.Done:
				fx = append(fx, h.m.Handle(Saved{Match: e.Match, Kind: e.Kind, Version: e.Version, Result: r})...)
			case <-time.After(5 * time.Second):
				h.t.Fatal("a save took more than 5 s")
			}
		}
	}
}

// finish runs a search to its end.
func (h *host) finish(e RunSearch) SearchDone {
	res, err := e.Engine.Search(e.Ctx, e.Pos, e.Limits)
	return SearchDone{Match: e.Match, Seq: e.Seq, Purpose: e.Purpose, Ply: e.Pos.Ply(), Key: e.Pos.Key(), Result: res, Err: err}
}

// act carries out what an action returned and hands back its error.
func (h *host) act(fx []Effect, err error) error {
	h.t.Helper()
	h.run(fx)
	return err
}

func newHost(t *testing.T, o Options) (*host, *fakeTime) {
	t.Helper()
	clock := &fakeTime{now: time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)}
	if o.Now == nil {
		o.Now = clock.Now
	}
	if o.Game == nil {
		o.Game = rules.NewGame(rules.Standard)
	}
	if o.NewEngine == nil {
		o.NewEngine = func() Engine { return &scripted{} }
	}
	o.SaveDir = t.TempDir()
	h := &host{t: t, m: New(o)}
	h.run(h.m.Start())
	return h, clock
}

func (h *host) play(side rules.Color, san string) error {
	h.t.Helper()
	mv, err := h.m.Game().Position().ParseMove(san)
	if err != nil {
		h.t.Fatalf("%s: %v", san, err)
	}
	return h.act(h.m.Play(side, mv))
}

func history(g *rules.Game) string {
	out := ""
	for i, r := range g.History() {
		if i > 0 {
			out += " "
		}
		out += r.SAN
	}
	return out
}

func easy(t *testing.T) ai.Level {
	t.Helper()
	l, err := ai.LevelByName("easy")
	if err != nil {
		t.Fatal(err)
	}
	return l
}
