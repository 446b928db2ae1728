package saves

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"varia/rules"
)

// bigFileGames is the size of the file the listing budget is measured
// on: a hundred thousand games, which must list in under 2 s and 100 MB.
const bigFileGames = 100_000

var (
	bigFileOnce sync.Once
	bigFilePath string
	bigFileErr  error
)

// bigFile writes, once per test binary and inside its own home folder,
// a PGN file of bigFileGames games as Varia writes them: 400 random
// games of every variant (up to 80 plies, some with clock comments),
// each written again and again under other players, dates and rounds.
func bigFile(b *testing.B) string {
	bigFileOnce.Do(func() {
		rng := rand.New(rand.NewPCG(13, 10))
		var pool []*SavedGame
		variants := rules.Variants()
		for i := range 400 {
			g := rules.NewGame(variants[i%len(variants)])
			for n := rng.IntN(80); n > 0 && !g.Result().Over(); n-- {
				legal := g.Legal()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					bigFileErr = err
					return
				}
			}
			sg := &SavedGame{Game: g}
			if i%3 == 0 {
				for range g.Len() {
					sg.Clocks = append(sg.Clocks, time.Duration(rng.IntN(600))*time.Second)
				}
			}
			pool = append(pool, sg)
		}
		bigFilePath = filepath.Join(os.Getenv("HOME"), "big.pgn")
		f, err := os.Create(bigFilePath)
		if err != nil {
			bigFileErr = err
			return
		}
		w := bufio.NewWriter(f)
		for i := range bigFileGames {
			sg := *pool[i%len(pool)]
			sg.Tags = NewTags(fmt.Sprintf("Player %d", i%997), fmt.Sprintf("Player %d", i%1009),
				time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%2000))
			sg.Tags.Set("Round", fmt.Sprint(i%50+1))
			if err := sg.Write(w); err != nil {
				bigFileErr = err
				return
			}
		}
		if err := w.Flush(); err != nil {
			bigFileErr = err
		}
		if err := f.Close(); err != nil && bigFileErr == nil {
			bigFileErr = err
		}
	})
	if bigFileErr != nil {
		b.Fatal(bigFileErr)
	}
	return bigFilePath
}

// cpuTime is the processor time this process has used, in user and
// system mode: on a machine busy with other work it measures the work
// itself, where wall time measures the queue.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakHeap samples the heap while f runs (at every progress report) and
// returns how far it rose above where it started.
func peakHeap(f func(sample func())) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	start, peak := ms.HeapAlloc, ms.HeapAlloc
	f(func() {
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
	})
	runtime.ReadMemStats(&ms)
	return max(peak, ms.HeapAlloc) - start
}

// BenchmarkIndexBigFile lists the hundred-thousand-game file: the time a
// listing takes, and (peak-MB) how far the heap rose while it ran, the
// list included. The budget: under 2 s and 100 MB. Compare
// BenchmarkReadAllBigFile, reading every game of it, in the same run.
func BenchmarkIndexBigFile(b *testing.B) {
	path := bigFile(b)
	info, _ := os.Stat(path)
	b.SetBytes(info.Size())
	var peak uint64
	cpu := cpuTime()
	for b.Loop() {
		peak = max(peak, peakHeap(func(sample func()) {
			ix, err := IndexFile(context.Background(), path, func(int64, int64) { sample() })
			if err != nil || len(ix.Games) != bigFileGames {
				b.Fatalf("%v, %v", ix, err)
			}
			sample()
			runtime.KeepAlive(ix)
		}))
	}
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(float64(info.Size())/(1<<20), "file-MB")
}

// BenchmarkReadAllBigFile reads every game of the hundred-thousand-game
// file with the rules, as listing a file did before it had an index.
func BenchmarkReadAllBigFile(b *testing.B) {
	path := bigFile(b)
	info, _ := os.Stat(path)
	b.SetBytes(info.Size())
	var peak uint64
	cpu := cpuTime()
	for b.Loop() {
		peak = max(peak, peakHeap(func(sample func()) {
			games, err := ReadFile(path)
			if err != nil || len(games) != bigFileGames {
				b.Fatalf("%d games, %v", len(games), err)
			}
			sample()
			runtime.KeepAlive(games)
		}))
	}
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}

// BenchmarkIndexRead reads one game from the big file's list, as showing
// it does.
func BenchmarkIndexRead(b *testing.B) {
	ix, err := IndexFile(context.Background(), bigFile(b), nil)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		if _, err := ix.Read(i % len(ix.Games)); err != nil {
			b.Fatal(err)
		}
		i += 7919
	}
}
