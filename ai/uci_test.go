package ai

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"varia/rules"
)

// uciClient drives a UCI session the way a GUI does: it sends a line and
// reads the engine's lines until the one it waits for.
type uciClient struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	log   []string
}

func startUCI(t *testing.T) *uciClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &uciClient{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		err := UCI(inR, outW)
		outW.Close()
		c.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c
}

func (c *uciClient) send(line string) {
	c.t.Helper()
	c.log = append(c.log, "> "+line)
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("send %q: %v", line, err)
	}
}

// until reads lines up to and including the first that starts with
// prefix, and returns them all.
func (c *uciClient) until(prefix string) []string {
	c.t.Helper()
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("engine closed output waiting for %q; transcript:\n%s", prefix, strings.Join(c.log, "\n"))
			}
			c.log = append(c.log, "< "+l)
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			c.t.Fatalf("no %q; transcript:\n%s", prefix, strings.Join(c.log, "\n"))
		}
	}
}

// noBestmove checks that no bestmove arrives for a while.
func (c *uciClient) noBestmove(d time.Duration) {
	c.t.Helper()
	timeout := time.After(d)
	for {
		select {
		case l := <-c.lines:
			c.log = append(c.log, "< "+l)
			if strings.HasPrefix(l, "bestmove") {
				c.t.Fatalf("unexpected %q; transcript:\n%s", l, strings.Join(c.log, "\n"))
			}
		case <-timeout:
			return
		}
	}
}

func hasLine(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// bestmove returns the move of the last line, which must be a bestmove.
func bestmove(t *testing.T, lines []string) string {
	t.Helper()
	f := strings.Fields(lines[len(lines)-1])
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("not a bestmove line: %q", lines[len(lines)-1])
	}
	return f[1]
}

func TestUCISession(t *testing.T) {
	c := startUCI(t)

	c.send("uci")
	got := c.until("uciok")
	for _, want := range []string{
		"id name Varia",
		"option name UCI_Variant type combo default standard var " + strings.Join(rules.VariantIDs(), " var "),
		"option name Hash type spin default 64",
		"option name Level type combo default Expert var Easy var Medium var Hard var Master var Expert",
	} {
		if !hasLine(got, want) {
			t.Errorf("uci: no line %q in %q", want, got)
		}
	}
	c.send("isready")
	c.until("readyok")

	// A variant, a position with moves, a fixed depth.
	c.send("setoption name UCI_Variant value edgy")
	c.send("setoption name Hash value 8")
	c.send("ucinewgame")
	c.send("position startpos moves b3c4 e7d6")
	c.send("go depth 4")
	got = c.until("bestmove")
	for d := 1; d <= 4; d++ {
		if !hasLine(got, fmt.Sprintf("info depth %d seldepth", d)) {
			t.Errorf("go depth 4: no info for depth %d in %q", d, got)
		}
	}
	if !strings.Contains(got[len(got)-2], " score cp ") || !strings.Contains(got[len(got)-2], " pv ") {
		t.Errorf("info line lacks score or pv: %q", got[len(got)-2])
	}
	p := rules.NewPosition(rules.Edgy)
	for _, s := range []string{"b3c4", "e7d6"} {
		m, _ := findUCIMove(p, s)
		p.Make(m)
	}
	if _, ok := findUCIMove(p, bestmove(t, got)); !ok {
		t.Errorf("bestmove %s is not legal in %s", bestmove(t, got), p.FEN())
	}

	// A FEN with the seventh field, and a node limit.
	c.send("setoption name UCI_Variant value asha")
	c.send("position fen rnbqkbnr/1ppppppp/8/p7/4P3/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3 ABCFGHbcdefgh moves a2a3")
	c.send("go nodes 2000")
	got = c.until("bestmove")
	if !hasLine(got, "info depth 1 ") {
		t.Errorf("go nodes: no info in %q", got)
	}
	c.send("d")
	if l := c.until("info string fen"); !strings.HasSuffix(l[len(l)-1], "/P7/1PP1PPPP/RNBQKBNR b KQkq - 0 3 BCFGHbcdefgh") {
		t.Errorf("position after a2a3: %q", l[len(l)-1])
	}

	// perft, checked against the rules package.
	c.send("setoption name UCI_Variant value diagonal")
	c.send("position startpos")
	c.send("go perft 3")
	got = c.until("Nodes searched")
	if want := fmt.Sprintf("Nodes searched: %d", rules.NewPosition(rules.DiagonalChess).Perft(3)); got[len(got)-1] != want {
		t.Errorf("perft: %q, want %q", got[len(got)-1], want)
	}
	if len(got) != 22+2 || got[0] != "a3b2: 0" && !strings.Contains(got[0], ": ") {
		t.Errorf("perft lines: %q", got)
	}

	// A mate is reported as a mate.
	c.send("setoption name UCI_Variant value standard")
	c.send("position fen 2K5/8/2p4P/4pQ2/3P4/r7/7R/4k3 w - - 0 1")
	c.send("go depth 3")
	got = c.until("bestmove")
	if bestmove(t, got) != "f5b1" || !strings.Contains(got[len(got)-2], "score mate 1 ") {
		t.Errorf("mate in 1: %q", got[len(got)-2:])
	}

	// An infinite search answers only after stop.
	c.send("position startpos moves e2e4")
	c.send("go infinite")
	c.until("info depth 3 ")
	c.noBestmove(300 * time.Millisecond)
	c.send("stop")
	got = c.until("bestmove")
	if bestmove(t, got) == "(none)" {
		t.Errorf("infinite: no move")
	}

	// Clock-based time control.
	c.send("position startpos")
	start := time.Now()
	c.send("go wtime 2000 btime 2000 winc 20 binc 20")
	c.until("bestmove")
	// The budget is a fraction of a second; the bound is loose because
	// wall time on a busy machine is not the engine's to keep.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("go wtime 2000 took %v, the whole clock", d)
	}
	c.send("go movetime 100")
	c.until("bestmove")

	// A rated level searches little.
	c.send("setoption name Level value medium")
	c.send("go depth 20")
	got = c.until("bestmove")
	if hasLine(got, "info depth 12 ") {
		t.Errorf("Medium searched 12 plies: %q", got)
	}
	c.send("setoption name Level value Expert")

	// No legal move.
	c.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	c.send("go depth 2")
	if got = c.until("bestmove"); bestmove(t, got) != "(none)" {
		t.Errorf("mated side: %q", got)
	}

	// Bad input is reported and ignored.
	bad := []struct{ cmd, want string }{
		{"fly away", `info string unknown command "fly"`},
		{"position fen 8/8/8 w - - 0 1", "info string position: fen:"},
		{"position startpos moves e2e4 e7e5 e4e5", `info string position: move 3, "e4e5", is not legal`},
		{"position middle", `info string position: "middle" is not startpos or fen`},
		{"setoption name Hash value lots", "info string setoption Hash:"},
		{"setoption name UCI_Variant value shogi", `info string setoption UCI_Variant: unknown variant "shogi"`},
		{"setoption name Level value Grandmaster", `info string setoption Level: unknown level "Grandmaster"`},
		{"setoption name Colour value blue", `info string setoption: unknown option "Colour"`},
		{"setoption value 3", "info string setoption: want"},
		{"go depth deep", `info string go: depth "deep" is not a number`},
		{"go movetime", "info string go: movetime needs a number"},
		{"go perft 0", "info string go perft: depth must be at least 1"},
	}
	for _, b := range bad {
		c.send(b.cmd)
		c.send("isready")
		got = c.until("readyok")
		if !hasLine(got, b.want) {
			t.Errorf("%q: got %q, want a line starting %q", b.cmd, got, b.want)
		}
	}
	// The moves before an illegal one stay played.
	c.send("d")
	if l := c.until("info string fen"); !strings.Contains(l[len(l)-1], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq") {
		t.Errorf("after the illegal move: %q", l[len(l)-1])
	}
	c.send("go depth 2")
	c.until("bestmove")

	c.send("quit")
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("UCI returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end the session")
	}
}

// A search running when input ends is stopped and still answers.
func TestUCIEndOfInput(t *testing.T) {
	var out strings.Builder
	err := UCI(strings.NewReader("position startpos\ngo infinite\n"), &out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !strings.HasPrefix(lines[len(lines)-1], "bestmove ") {
		t.Errorf("output %q", out.String())
	}
}

func TestUCIMateScores(t *testing.T) {
	for _, tc := range []struct {
		s    Score
		want string
	}{
		{35, "cp 35"}, {-120, "cp -120"}, {MateScore - 1, "mate 1"}, {MateScore - 3, "mate 2"},
		{-MateScore + 2, "mate -1"}, {-MateScore + 4, "mate -2"},
	} {
		if got := tc.s.UCI(); got != tc.want {
			t.Errorf("Score(%d).UCI() = %q, want %q", tc.s, got, tc.want)
		}
	}
	if s := (MateScore - 3).String(); s != "#2" {
		t.Errorf("String = %q", s)
	}
	if s := Score(-35).String(); s != "-0.35" {
		t.Errorf("String = %q", s)
	}
}

// MultiPV, searchmoves, mate search, threads and the strength limit, as a
// GUI's analysis uses them.
func TestUCIAnalysisOptions(t *testing.T) {
	c := startUCI(t)
	c.send("uci")
	got := c.until("uciok")
	for _, want := range []string{
		"option name Threads type spin default 1 min 1 max",
		"option name MultiPV type spin default 1 min 1 max",
		"option name UCI_LimitStrength type check default false",
		"option name Use NNUE type check default true",
		fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", DefaultElo, MinElo, MaxElo),
	} {
		if !hasLine(got, want) {
			t.Errorf("uci: no line %q in %q", want, got)
		}
	}

	// Three lines a depth, numbered, best first, each with its own move.
	c.send("setoption name MultiPV value 3")
	c.send("position startpos moves e2e4 e7e5")
	c.send("go depth 5")
	got = c.until("bestmove")
	var last [4]string
	for _, l := range got {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[0] == "info" && f[i] == "depth" && f[i+1] == "5" {
				for j := 0; j+1 < len(f); j++ {
					if f[j] == "multipv" {
						k := int(f[j+1][0] - '0')
						if k >= 1 && k <= 3 {
							last[k] = l
						}
					}
				}
			}
		}
	}
	var firsts []string
	var scores []int
	for k := 1; k <= 3; k++ {
		f := strings.Fields(last[k])
		if len(f) == 0 {
			t.Fatalf("depth 5: no line multipv %d in %q", k, got)
		}
		for j := 0; j+2 < len(f); j++ {
			if f[j] == "score" && f[j+1] == "cp" {
				var n int
				fmt.Sscan(f[j+2], &n)
				scores = append(scores, n)
			}
			if f[j] == "pv" {
				firsts = append(firsts, f[j+1])
			}
		}
	}
	if len(firsts) != 3 || firsts[0] == firsts[1] || firsts[1] == firsts[2] || firsts[0] == firsts[2] {
		t.Errorf("MultiPV 3: first moves %v", firsts)
	}
	if len(scores) != 3 || scores[0] < scores[1] || scores[1] < scores[2] {
		t.Errorf("MultiPV 3: scores %v not best first", scores)
	}
	if bestmove(t, got) != firsts[0] {
		t.Errorf("bestmove %s is not the first line's %s", bestmove(t, got), firsts[0])
	}
	c.send("setoption name MultiPV value 1")

	// searchmoves restricts the root.
	c.send("position startpos")
	c.send("go depth 4 searchmoves a2a3 h2h3")
	if m := bestmove(t, c.until("bestmove")); m != "a2a3" && m != "h2h3" {
		t.Errorf("searchmoves a2a3 h2h3: played %s", m)
	}

	// go mate finds the mate and stops.
	c.send("position fen 2Q3r1/4Pp2/3p2k1/8/6K1/8/7P/5R2 w - - 0 1")
	c.send("go mate 2")
	got = c.until("bestmove")
	if bestmove(t, got) != "c8g8" || !strings.Contains(got[len(got)-2], "score mate 2 ") {
		t.Errorf("go mate 2: %q", got[len(got)-2:])
	}

	// Two threads still answer with a legal move.
	c.send("setoption name Threads value 2")
	c.send("position startpos moves d2d4")
	c.send("go depth 6")
	if m := bestmove(t, c.until("bestmove")); m == "(none)" {
		t.Error("two threads: no move")
	}
	c.send("setoption name Threads value 1")

	// A limited strength searches little and still plays a legal move.
	c.send("setoption name UCI_LimitStrength value true")
	c.send("setoption name UCI_Elo value 800")
	c.send("position startpos")
	c.send("go movetime 5000")
	start := time.Now()
	got = c.until("bestmove")
	if time.Since(start) > 2*time.Second {
		t.Errorf("UCI_Elo 800 thought for %v", time.Since(start))
	}
	if _, ok := findUCIMove(rules.NewPosition(rules.Standard), bestmove(t, got)); !ok {
		t.Errorf("UCI_Elo 800: %q", got)
	}

	for _, b := range []struct{ cmd, want string }{
		{"setoption name Threads value 0", "info string setoption Threads:"},
		{"setoption name MultiPV value many", "info string setoption MultiPV:"},
		{"setoption name UCI_Elo value 100", "info string setoption UCI_Elo:"},
		{"setoption name UCI_LimitStrength value maybe", "info string setoption UCI_LimitStrength:"},
		{"setoption name Use NNUE value sometimes", "info string setoption Use NNUE:"},
		{"go depth 1 searchmoves e2e5", `info string go: searchmoves: "e2e5" is not a legal move`},
	} {
		c.send(b.cmd)
		c.send("isready")
		if got := c.until("readyok"); !hasLine(got, b.want) {
			t.Errorf("%q: got %q, want a line starting %q", b.cmd, got, b.want)
		}
	}
	c.send("quit")
}
