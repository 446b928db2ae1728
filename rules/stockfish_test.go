package rules_test

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"varia/rules"
)

// TestChess960AgainstStockfish plays seeded random Chess960 games, which
// castle whenever they may half the time, and compares every few plies
// the count below each legal move with Stockfish's "go perft" in
// UCI_Chess960 mode: independent counts for positions no suite has. It
// skips when Stockfish is not installed.
func TestChess960AgainstStockfish(t *testing.T) {
	path, err := exec.LookPath("stockfish")
	if err != nil {
		if path, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			t.Skip("stockfish is not installed")
		}
	}
	sf := startStockfish(t, path)
	games, depth := 12, 3
	if testing.Short() {
		games, depth = 3, 2
	}
	compared, castles := 0, 0
	for seed := range games {
		rng := rand.New(rand.NewPCG(uint64(seed), 960))
		fen, err := rules.Chess960Start(rng.IntN(960))
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.ParseFEN(rules.Chess960, fen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 80; ply++ {
			legal := p.Legal()
			if len(legal) == 0 {
				break
			}
			if ply%4 == 0 {
				compared++
				ours := map[string]uint64{}
				for _, e := range p.Divide(depth) {
					ours[p.UCIMove(e.Move, true)] = e.Nodes
				}
				theirs := sf.divide(p.FEN(), depth)
				if !mapsEqual(ours, theirs) {
					t.Fatalf("seed %d ply %d %s depth %d:\n ours   %v\n theirs %v", seed, ply, p.FEN(), depth, sorted(ours), sorted(theirs))
				}
			}
			m := legal[rng.IntN(len(legal))]
			for _, l := range legal {
				if l.Kind() == rules.Castling && rng.IntN(2) == 0 {
					m = l
				}
			}
			if m.Kind() == rules.Castling {
				castles++
			}
			p.Make(m)
		}
	}
	if castles < games/2 {
		t.Errorf("only %d castles in %d games", castles, games)
	}
	t.Logf("%d positions agree with Stockfish to depth %d (%d castles played)", compared, depth, castles)
}

type stockfish struct {
	t   *testing.T
	in  io.Writer
	out *bufio.Scanner
}

func startStockfish(t *testing.T, path string) *stockfish {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("stockfish does not start: %v", err)
	}
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		cmd.Wait()
	})
	sf := &stockfish{t: t, in: in, out: bufio.NewScanner(out)}
	fmt.Fprintln(in, "uci")
	sf.until("uciok")
	fmt.Fprintln(in, "setoption name UCI_Chess960 value true")
	return sf
}

func (sf *stockfish) until(prefix string) []string {
	var lines []string
	for sf.out.Scan() {
		lines = append(lines, sf.out.Text())
		if strings.HasPrefix(sf.out.Text(), prefix) {
			return lines
		}
	}
	sf.t.Fatalf("stockfish stopped before %q", prefix)
	return nil
}

// divide returns Stockfish's count below each move.
func (sf *stockfish) divide(fen string, depth int) map[string]uint64 {
	fmt.Fprintf(sf.in, "position fen %s\ngo perft %d\n", fen, depth)
	out := map[string]uint64{}
	for _, l := range sf.until("Nodes searched") {
		var n uint64
		move, count, ok := strings.Cut(l, ": ")
		if _, err := fmt.Sscan(count, &n); ok && err == nil && len(move) >= 4 && len(move) <= 5 {
			out[move] = n
		}
	}
	return out
}

func mapsEqual(a, b map[string]uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func sorted(m map[string]uint64) []string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s:%d", k, v))
	}
	slices.Sort(out)
	return out
}
