package tui

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"varia/rules"
	"varia/saves"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
)

// midGame is a screen after 19 moves of a real game, a knight selected.
func midGame(b *testing.B, view config.ViewChoice, profile termenv.Profile) *gameScreen {
	ctx := testContextProfile(false, profile)
	g, err := testGameScreen(b, ctx, GameOptions{Variant: rules.Standard, View: view})
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 " +
		"c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6") {
		mv, err := g.game().Position().ParseMove(m)
		if err != nil {
			b.Fatal(err)
		}
		fx, err := g.match.Play(g.game().Position().SideToMove(), mv)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range fx {
			if w, ok := e.(match.AwaitSave); ok {
				g.match.Handle(match.Saved{Match: w.Match, Kind: w.Kind, Version: w.Version, Result: <-w.Done})
			}
		}
	}
	g.follow()
	g.msg = message{} // the frame as it was measured before: no message
	g.board.cursor = g.game().Position().King(rules.Black)
	g.board.selected = sq(b, "d7")
	return g
}

// BenchmarkView draws a whole mid-game frame at 100×32 in colour.
func BenchmarkView(b *testing.B) {
	for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
		b.Run(view.String(), func(b *testing.B) {
			g := midGame(b, view, termenv.TrueColor)
			b.ReportAllocs()
			for b.Loop() {
				_ = g.View()
			}
		})
	}
}

// BenchmarkRenderBoard draws only the board, at every size.
func BenchmarkRenderBoard(b *testing.B) {
	g := midGame(b, config.ViewSquare, termenv.TrueColor)
	hl := g.board.highlights(g.game().Position(), g.legal)
	for _, v := range []board.View{board.SquareView, board.DiamondView} {
		for size := 0; size < board.NumSizes(v); size++ {
			l := board.NewLayout(v, size, false)
			b.Run(v.String()+"/"+string(rune('0'+size)), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = board.Render(g.game().Position(), &hl, l, g.ctx.Styles)
				}
			})
		}
	}
}

// pickerBigFile writes, once per test binary, a PGN file of 100,000
// games as Varia writes them: 400 random games of every variant (up to
// 80 plies), each written again and again under other players and dates.
var pickerBigFile = sync.OnceValues(func() (string, error) {
	rng := rand.New(rand.NewPCG(13, 10))
	var pool []*rules.Game
	variants := rules.Variants()
	for i := range 400 {
		g := rules.NewGame(variants[i%len(variants)])
		for n := rng.IntN(80); n > 0 && !g.Result().Over(); n-- {
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				return "", err
			}
		}
		pool = append(pool, g)
	}
	dir, err := os.MkdirTemp("", "varia-picker-bench-")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "big.pgn")
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	for i := range 100_000 {
		tags := saves.NewTags(fmt.Sprintf("Player %d", i%997), fmt.Sprintf("Player %d", i%1009),
			time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%2000))
		if err := saves.Write(w, pool[i%len(pool)], tags); err != nil {
			return "", err
		}
	}
	return path, w.Flush()
})

// BenchmarkPickerBigFile opens a file of 100,000 games in the picker, as
// choosing it in the folder list does: listing it (with its progress),
// drawing the list and going to its last game, then opening that game.
// It reports the processor time and (peak-MB) how far the heap rose
// while the picker held the list. The budget: under 2 s and 100 MB.
func BenchmarkPickerBigFile(b *testing.B) {
	path, err := pickerBigFile()
	if err != nil {
		b.Fatal(err)
	}
	defer os.RemoveAll(filepath.Dir(path))
	ctx := testContext(false)
	var peak uint64
	start := time.Now()
	cpu := cpuTime()
	for b.Loop() {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		base := ms.HeapAlloc
		stop := make(chan struct{})
		sampled := make(chan uint64)
		go func() {
			high := base
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				high = max(high, ms.HeapAlloc)
				select {
				case <-stop:
					sampled <- high
					return
				case <-tick.C:
				}
			}
		}()
		o := newOpenScreen(ctx, "", "")
		if msg := drive(o, o.listGames(path, 0, false)); msg != nil || o.games == nil || o.games.ix == nil || len(o.games.ix.Games) != 100_000 {
			b.Fatalf("listing: %#v", msg)
		}
		o.View()
		o.Update(keyMsg("end"))
		if !strings.Contains(o.View(), "100000") {
			b.Fatal("the last game is not shown")
		}
		if msg, ok := drive(o, press(o, "enter")).(openReplayMsg); !ok || msg.game.Number != 100_000 {
			b.Fatalf("opening the last game: %#v", msg)
		}
		close(stop)
		peak = max(peak, <-sampled-base)
		runtime.KeepAlive(o)
	}
	b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "wall-s/op")
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}

// cpuTime is the processor time this process has used: on a machine
// busy with other work it measures the work itself, where wall time
// measures the queue.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFigures draws the board of a 200×60 terminal with its pieces
// as figures and, for comparison, as one character each.
func BenchmarkFigures(b *testing.B) {
	g := midGame(b, config.ViewSquare, termenv.TrueColor)
	hl := g.board.highlights(g.game().Position(), g.legal)
	for _, v := range []board.View{board.SquareView, board.DiamondView} {
		l, _ := board.Fit(v, false, 200-1-panelGap-minPanelW, 60-helpRows)
		for _, figures := range []bool{true, false} {
			st := *g.ctx.Styles
			st.Figures = figures
			name := v.String() + "/letters"
			if figures {
				name = v.String() + "/figures"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = board.Render(g.game().Position(), &hl, l, &st)
				}
			})
		}
	}
}
