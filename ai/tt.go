package ai

import (
	"math/bits"
	"unsafe"

	"varia/rules"
)

// bound says what a stored score is: exact, or only a bound.
type bound uint8

const (
	boundNone  bound = iota
	boundUpper       // the true score is at most this (no move raised alpha)
	boundLower       // the true score is at least this (a move reached beta)
	boundExact
)

// ttEntry is one stored search result: 16 bytes, four to a cache line.
type ttEntry struct {
	check uint32 // the key's high half, to tell positions sharing a slot apart
	move  rules.Move
	score int16
	eval  int16
	depth int8
	gen   uint8 // search generation, to prefer replacing stale entries
	bound bound
	_     uint8
}

const bucketSize = 4

type ttBucket [bucketSize]ttEntry

// table is the transposition table: positions seen during search, keyed by
// the Zobrist key, so a position reached again (by transposition or in the
// next iteration) reuses what was learned. Single-threaded: one Engine
// searches at a time.
type table struct {
	buckets []ttBucket
	gen     uint8
}

// DefaultHashMiB is the transposition table size an Engine gets unless told.
const DefaultHashMiB = 64

func newTable(mib int) *table {
	n := max(1, mib*(1<<20)/int(unsafe.Sizeof(ttBucket{})))
	return &table{buckets: make([]ttBucket, n)}
}

func (t *table) clear() {
	clear(t.buckets)
	t.gen = 0
}

func (t *table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := t.bucket(key)
	check := uint32(key >> 32)
	for i := range b {
		if b[i].check == check && b[i].bound != boundNone {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// store saves a result. It overwrites the same position's entry, unless
// that holds a deeper result of this search and the new one is not exact;
// otherwise it replaces the shallowest, oldest entry of the bucket.
func (t *table) store(key uint64, move rules.Move, score, eval Score, depth int, bd bound) {
	b := t.bucket(key)
	check := uint32(key >> 32)
	var victim *ttEntry
	for i := range b {
		if b[i].check == check && b[i].bound != boundNone {
			victim = &b[i]
			break
		}
	}
	if victim != nil {
		if move == rules.NoMove {
			move = victim.move // keep the best move known for this position
		}
		if bd != boundExact && victim.gen == t.gen && int(victim.depth) > depth+2 {
			return
		}
	} else {
		worst := 1 << 30
		for i := range b {
			v := int(b[i].depth) - 8*int(t.gen-b[i].gen)
			if b[i].bound == boundNone {
				v = -1 << 30
			}
			if v < worst {
				worst, victim = v, &b[i]
			}
		}
	}
	*victim = ttEntry{check: check, move: move, score: int16(score), eval: int16(eval), depth: int8(depth), gen: t.gen, bound: bd}
}

// hashfull is the share, in permille, of sampled slots used this search.
func (t *table) hashfull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for _, e := range t.buckets[i] {
			n++
			if e.bound != boundNone && e.gen == t.gen {
				used++
			}
		}
	}
	return used * 1000 / max(n, 1)
}
