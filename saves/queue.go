package saves

import "sync"

// Queue carries out a game's writes in the order asked, one at a time,
// on a goroutine of its own that ends when none are left: a slow disk
// delays the writes, never the caller, and a write never overtakes one
// asked for before it. A Keep (a write of the whole game in progress)
// followed in the queue by another Keep is skipped, reporting Skipped:
// the later one writes the newer game. The zero Queue is ready.
type Queue struct {
	mu      sync.Mutex
	jobs    []queued
	working bool
}

type queued struct {
	keep bool
	do   func() Result
	done chan Result
}

// Submit queues do, a Keep when keep is set; the channel gets its
// Result.
func (q *Queue) Submit(keep bool, do func() Result) <-chan Result {
	done := make(chan Result, 1)
	q.mu.Lock()
	defer q.mu.Unlock()
	q.jobs = append(q.jobs, queued{keep, do, done})
	if !q.working {
		q.working = true
		go q.work()
	}
	return done
}

// work carries out the queued requests in order, and ends when there
// are none left (the next request starts it again).
func (q *Queue) work() {
	for {
		q.mu.Lock()
		if len(q.jobs) == 0 {
			q.working = false
			q.mu.Unlock()
			return
		}
		j := q.jobs[0]
		q.jobs = q.jobs[1:]
		stale := j.keep && len(q.jobs) > 0 && q.jobs[0].keep
		q.mu.Unlock()
		if stale {
			j.done <- Result{Skipped: true}
			continue
		}
		j.done <- j.do()
	}
}
