package serve

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Limits keep one client, or many, from taking the server from everyone
// else. A client that reaches one is told which, in a sentence.
type Limits struct {
	ConnsTotal  int // sessions at once, all clients together
	ConnsPerKey int // sessions at once with one key
	RoomsPerKey int // unfinished rooms one key holds a seat in

	// IdleTimeout ends a session after this long without a key press.
	// A player's seat is kept: they come back with join CODE.
	IdleTimeout time.Duration
	// LoginTimeout ends a connection that has not logged in by then.
	LoginTimeout time.Duration

	// InputRate is how many bytes a second a client may type, with bursts
	// of InputBurst; faster input is slowed to the rate, and input that
	// stays too fast for FloodTime ends the session. A person typing or
	// holding a key down stays far below it.
	InputRate  int
	InputBurst int
	FloodTime  time.Duration

	// A window larger than MaxWidth×MaxHeight is drawn as if it were
	// that large, so no client can make frames arbitrarily expensive.
	MaxWidth, MaxHeight int

	// Searches is how many engine searches run at once; SearchQueue more
	// may wait for a turn, and beyond that a search is refused. No search
	// runs longer than SearchTime (Expert's five seconds are capped to it).
	Searches    int
	SearchQueue int
	SearchTime  time.Duration

	// Grace is how long a player who dropped out keeps the seat before
	// the opponent may claim the game.
	Grace time.Duration
}

// DefaultLimits suit a small server on a home machine or a small VPS.
func DefaultLimits() Limits {
	return Limits{
		ConnsTotal:   64,
		ConnsPerKey:  4,
		RoomsPerKey:  3,
		IdleTimeout:  30 * time.Minute,
		LoginTimeout: 30 * time.Second,
		InputRate:    512,
		InputBurst:   4096,
		FloodTime:    10 * time.Second,
		MaxWidth:     320,
		MaxHeight:    120,
		Searches:     1,
		SearchQueue:  16,
		SearchTime:   2 * time.Second,
		Grace:        2 * time.Minute,
	}
}

// connCounter counts the sessions at once, in total and per key.
type connCounter struct {
	mu     sync.Mutex
	total  int
	perKey map[string]int
}

// enter admits a session of key, or says which limit it reached.
func (c *connCounter) enter(key string, lim Limits) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.total >= lim.ConnsTotal {
		return fmt.Errorf("the server is full (%s); try again later", plural(lim.ConnsTotal, "connection"))
	}
	if c.perKey[key] >= lim.ConnsPerKey {
		return fmt.Errorf("your key already has %s here, the most it may; close one first", plural(lim.ConnsPerKey, "connection"))
	}
	if c.perKey == nil {
		c.perKey = map[string]int{}
	}
	c.total++
	c.perKey[key]++
	return nil
}

func (c *connCounter) leave(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total--
	if c.perKey[key]--; c.perKey[key] <= 0 {
		delete(c.perKey, key)
	}
}

// inputLimiter slows a client's input to a rate, with bursts: a token
// bucket of bytes. Bytes beyond it wait in the client's SSH channel, whose
// window stops the client sending more, so a flood costs the server a
// bounded buffer and no work. When the input has been held back for
// floodTime in a row of reads, flooded is called once and Read ends.
type inputLimiter struct {
	r         io.Reader
	rate      float64 // bytes a second
	burst     float64
	floodTime time.Duration
	flooded   func()
	closed    func(error) // the client's input ended: it left

	now   func() time.Time
	sleep func(time.Duration)

	tokens  float64
	last    time.Time
	waited  time.Duration // held back in a row, without a read that found tokens to spare
	stopped bool
}

func newInputLimiter(r io.Reader, lim Limits, flooded func()) *inputLimiter {
	return &inputLimiter{
		r: r, rate: float64(lim.InputRate), burst: float64(lim.InputBurst),
		floodTime: lim.FloodTime, flooded: flooded,
		now: time.Now, sleep: time.Sleep,
		tokens: float64(lim.InputBurst),
	}
}

// errFlood ends the input of a client that kept typing too fast.
var errFlood = fmt.Errorf("input too fast for too long")

func (l *inputLimiter) Read(p []byte) (int, error) {
	if l.stopped {
		return 0, errFlood
	}
	if l.rate <= 0 {
		return l.r.Read(p)
	}
	l.refill()
	if l.tokens < 1 {
		wait := time.Duration((1 - l.tokens) / l.rate * float64(time.Second))
		l.waited += wait
		if l.floodTime > 0 && l.waited >= l.floodTime {
			l.stopped = true
			if l.flooded != nil {
				l.flooded()
			}
			return 0, errFlood
		}
		l.sleep(wait)
		l.refill()
	} else if l.tokens >= l.burst/2 {
		l.waited = 0 // the client has slowed down
	}
	if room := int(max(l.tokens, 1)); len(p) > room {
		p = p[:room]
	}
	n, err := l.r.Read(p)
	l.tokens -= float64(n)
	if err != nil && l.closed != nil {
		l.closed(err)
	}
	return n, err
}

func (l *inputLimiter) refill() {
	now := l.now()
	if !l.last.IsZero() {
		l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	}
	l.last = now
}
