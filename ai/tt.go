package ai

import (
	"math/bits"
	"sync/atomic"
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

// ttEntry is one stored search result, unpacked.
type ttEntry struct {
	move  rules.Move
	score int16
	eval  int16
	depth int8
	gen   uint8
	bound bound
	// pv says the position was once on a principal variation: searched
	// with an open window, then or in an earlier visit.
	pv bool
}

// An entry is two 64-bit words: the data, and the key XORed with the data.
// Threads read and write entries without locks; a reader that meets a
// half-written entry finds that the XOR does not give its key back and
// treats it as a miss. Four entries fill a 64-byte cache line.
//
// The data word: move (19 bits), score (16), eval (16), depth (7),
// bound (2), generation (3) and pv (1).
const (
	bucketSize  = 4
	bucketWords = 2 * bucketSize
	maxTTDepth  = 127
	genMask     = 7
)

// settles says whether the entry's score (read back as score) answers a
// search of the window alpha..beta: exact, or a bound beyond the window.
func (e ttEntry) settles(score, alpha, beta Score) bool {
	return e.bound == boundExact || e.bound == boundLower && score >= beta || e.bound == boundUpper && score <= alpha
}

func pack(e ttEntry) uint64 {
	return uint64(e.move)&(1<<19-1) |
		uint64(uint16(e.score))<<19 |
		uint64(uint16(e.eval))<<35 |
		uint64(uint8(e.depth)&127)<<51 |
		uint64(e.bound&3)<<58 |
		uint64(e.gen&genMask)<<60 |
		uint64(boolInt(e.pv))<<63
}

func unpack(w uint64) ttEntry {
	return ttEntry{
		move:  rules.Move(w & (1<<19 - 1)),
		score: int16(uint16(w >> 19)),
		eval:  int16(uint16(w >> 35)),
		depth: int8(w >> 51 & 127),
		bound: bound(w >> 58 & 3),
		gen:   uint8(w >> 60 & genMask),
		pv:    w>>63 != 0,
	}
}

// table is the transposition table: positions seen during search, keyed by
// the Zobrist key, so a position reached again (by transposition, in the
// next iteration or by another thread) reuses what was learned.
type table struct {
	words   []uint64 // buckets of bucketWords words, aligned to 64 bytes
	buckets uint64
	gen     uint8 // changed only between searches
}

// DefaultHashMiB is the transposition table size an Engine gets unless told.
const DefaultHashMiB = 64

func newTable(mib int) *table {
	n := max(1, mib*(1<<20)/(8*bucketWords))
	raw := make([]uint64, n*bucketWords+bucketWords)
	// Start at a cache-line boundary so a bucket never straddles two.
	off := int(uintptr(unsafe.Pointer(&raw[0]))&63) / 8
	if off != 0 {
		off = bucketWords - off
	}
	words := raw[off : off+n*bucketWords]
	adviseHugePages(words)
	// Writing the table once now makes the system map its memory before
	// the first search rather than during it.
	clear(words)
	return &table{words: words, buckets: uint64(n)}
}

func (t *table) clear() {
	clear(t.words)
	t.gen = 0
}

func (t *table) bucket(key uint64) []uint64 {
	hi, _ := bits.Mul64(key, t.buckets)
	return t.words[hi*bucketWords : hi*bucketWords+bucketWords]
}

// prefetch starts loading key's bucket into the cache, so that the probe
// a little later finds it there.
func (t *table) prefetch(key uint64) { prefetch(&t.bucket(key)[0]) }

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := t.bucket(key)
	for i := 0; i < bucketWords; i += 2 {
		data := atomic.LoadUint64(&b[i+1])
		if data != 0 && atomic.LoadUint64(&b[i])^data == key {
			return unpack(data), true
		}
	}
	return ttEntry{}, false
}

// store saves a result. It overwrites the same position's entry, unless
// that holds a deeper result of this search and the new one is not exact;
// otherwise it replaces the shallowest, oldest entry of the bucket.
func (t *table) store(key uint64, move rules.Move, score, eval Score, depth int, bd bound, pv bool) {
	b := t.bucket(key)
	victim := -1
	var old ttEntry
	for i := 0; i < bucketWords; i += 2 {
		data := atomic.LoadUint64(&b[i+1])
		if data != 0 && atomic.LoadUint64(&b[i])^data == key {
			victim, old = i, unpack(data)
			break
		}
	}
	depth = max(0, min(depth, maxTTDepth))
	if victim >= 0 {
		if move == rules.NoMove {
			move = old.move // keep the best move known for this position
		}
		if bd != boundExact && old.gen == t.gen&genMask && int(old.depth) > depth+2 {
			return
		}
	} else {
		worst := 1 << 30
		for i := 0; i < bucketWords; i += 2 {
			data := atomic.LoadUint64(&b[i+1])
			v := -1 << 30
			if data != 0 {
				e := unpack(data)
				v = int(e.depth) - 8*int((t.gen-e.gen)&genMask)
			}
			if v < worst {
				worst, victim = v, i
			}
		}
	}
	data := pack(ttEntry{move: move, score: int16(score), eval: int16(eval), depth: int8(depth), gen: t.gen & genMask, bound: bd, pv: pv})
	atomic.StoreUint64(&b[victim+1], data)
	atomic.StoreUint64(&b[victim], key^data)
}

// hashfull is the share, in permille, of sampled slots used this search.
func (t *table) hashfull() int {
	n, used := 0, 0
	for i := 0; i < len(t.words) && n < 1000; i += 2 {
		n++
		if data := atomic.LoadUint64(&t.words[i+1]); data != 0 && unpack(data).gen == t.gen&genMask {
			used++
		}
	}
	return used * 1000 / max(n, 1)
}
