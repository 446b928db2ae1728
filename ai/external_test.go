package ai

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"varia/rules"
)

// Comparisons with another UCI engine (Fairy-Stockfish, Stockfish), run
// only when one is named:
//
//	go test ./ai -run TestExternalSpeed -ext /usr/games/fairy-stockfish -v
//	go test ./ai -run TestExternalMatch -ext /usr/games/stockfish -ext.games 20 -ext.movetime 100 -v
var (
	extPath     = flag.String("ext", "", "path of a UCI engine to compare with")
	extVariant  = flag.String("ext.variant", "chess", "the other engine's UCI_Variant for standard chess (empty: do not set)")
	extDepth    = flag.Int("ext.depth", 12, "depth for the speed comparison")
	extGames    = flag.Int("ext.games", 20, "games in the match against the other engine")
	extMoveTime = flag.Duration("ext.movetime", 100*time.Millisecond, "time per move for both engines in the match")
	extLevel    = flag.String("ext.level", "", "play the match at this level instead of -ext.movetime")
	extOptions  = flag.String("ext.options", "", "extra options for the other engine, name=value;name=value")
	extPlay     = flag.String("ext.play", "standard", "variant of the match (the other engine must know it by -ext.variant)")
)

// uciProcess is another engine spoken to over UCI.
type uciProcess struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startExternal(t *testing.T) *uciProcess {
	t.Helper()
	e, err := startEngineProcess(t, []string{*extPath}, 64)
	if err != nil {
		t.Fatal(err)
	}
	if *extVariant != "" {
		e.send("setoption name UCI_Variant value " + *extVariant)
	}
	for _, o := range strings.Split(*extOptions, ";") {
		if name, value, ok := strings.Cut(o, "="); ok {
			e.send("setoption name " + name + " value " + value)
		}
	}
	e.send("isready")
	e.until("readyok")
	return e
}

// startEngineProcess starts the engine program argv[0] with its
// arguments, stopped when the test ends, and sets it to one thread and
// hashMiB of table. It may be called from any goroutine.
func startEngineProcess(t *testing.T, argv []string, hashMiB int) (*uciProcess, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("no engine command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &uciProcess{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		e.send("quit")
		in.Close()
		cmd.Wait()
	})
	e.send("uci")
	e.until("uciok")
	e.send("setoption name Threads value 1")
	e.send(fmt.Sprintf("setoption name Hash value %d", hashMiB))
	return e, nil
}

func (e *uciProcess) send(s string) { io.WriteString(e.in, s+"\n") }

func (e *uciProcess) until(prefix string) []string {
	var lines []string
	for e.out.Scan() {
		l := e.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines
		}
	}
	panic("external engine ended its output")
}

// infoValue returns the number after key in the last info line that has it.
func infoValue(lines []string, key string) uint64 {
	for i := len(lines) - 1; i >= 0; i-- {
		f := strings.Fields(lines[i])
		for j := 0; j+1 < len(f); j++ {
			if f[0] == "info" && f[j] == key {
				if n, err := strconv.ParseUint(f[j+1], 10, 64); err == nil {
					return n
				}
			}
		}
	}
	return 0
}

// Both engines search the standard-chess bench positions to the same
// depth; the nodes per second are compared, each engine as it counts.
func TestExternalSpeed(t *testing.T) {
	if *extPath == "" {
		t.Skip("name an engine with -ext")
	}
	ext := startExternal(t)
	var ourNodes, extNodes uint64
	var ourTime, extTime time.Duration
	for _, bp := range BenchPositions() {
		if bp.Variant != rules.Standard {
			continue
		}
		ext.send("ucinewgame")
		ext.send("position fen " + bp.FEN)
		ext.send("isready")
		ext.until("readyok")
		start := time.Now()
		ext.send(fmt.Sprintf("go depth %d", *extDepth))
		lines := ext.until("bestmove")
		wall := time.Since(start)
		n := infoValue(lines, "nodes")
		ms := infoValue(lines, "time")
		extNodes += n
		extTime += time.Duration(ms) * time.Millisecond

		e := NewEngine(64)
		res := e.Search(context.Background(), mustFEN(t, rules.Standard, bp.FEN), Limits{Depth: *extDepth})
		ourNodes += res.Nodes
		ourTime += res.Elapsed
		t.Logf("%-60s them %8d nodes %6dms (%v wall) | us %8d nodes %6dms", bp.FEN, n, ms, wall.Round(time.Millisecond), res.Nodes, res.Elapsed.Milliseconds())
	}
	ourNPS := float64(ourNodes) / ourTime.Seconds()
	extNPS := float64(extNodes) / extTime.Seconds()
	t.Logf("depth %d: them %d nodes, %.0f nodes/s; us %d nodes, %.0f nodes/s; ratio %.2f", *extDepth, extNodes, extNPS, ourNodes, ourNPS, ourNPS/extNPS)
}

// A match (standard chess unless -ext.play says otherwise) against the other engine, both at a fixed
// time per move (or this engine at a level), from the random openings.
func TestExternalMatch(t *testing.T) {
	if *extPath == "" {
		t.Skip("name an engine with -ext")
	}
	ext := startExternal(t)
	ours := Limits{MoveTime: *extMoveTime}
	if *extLevel != "" {
		l, err := LevelByName(*extLevel)
		if err != nil {
			t.Fatal(err)
		}
		ours = l.Limits
	}
	v, err := rules.VariantByID(*extPlay)
	if err != nil {
		t.Fatal(err)
	}
	engine := NewEngine(64)
	var points float64
	var wins, draws, losses int
	for g := 0; g < *extGames; g++ {
		opening := randomOpening(v, int64(g/2)*7919+8)
		usWhite := g%2 == 0
		p := rules.NewPosition(v)
		var history []string
		for _, m := range opening {
			history = append(history, m.UCI())
			p.Make(m)
		}
		engine.Clear()
		ext.send("ucinewgame")
		score, reason := 0.5, "move limit"
		for ply := 0; ply < maxGamePlies; ply++ {
			if s, r, over := gameOutcome(p); over {
				score, reason = s, r
				break
			}
			var m rules.Move
			if (p.SideToMove() == rules.White) == usWhite {
				lim := ours
				lim.Seed = uint64(g*1000 + ply)
				m = engine.Search(context.Background(), p, lim).Move
			} else {
				ext.send("position startpos moves " + strings.Join(history, " "))
				ext.send(fmt.Sprintf("go movetime %d", extMoveTime.Milliseconds()))
				lines := ext.until("bestmove")
				f := strings.Fields(lines[len(lines)-1])
				var ok bool
				if m, ok = findUCIMove(p, f[1]); !ok {
					t.Fatalf("the other engine played %q in %s", f[1], p.FEN())
				}
			}
			history = append(history, m.UCI())
			p.Make(m)
		}
		if !usWhite {
			score = 1 - score
		}
		points += score
		switch score {
		case 1:
			wins++
		case 0.5:
			draws++
		default:
			losses++
		}
		t.Logf("game %d (us %s): %.1f by %s after %d plies", g+1, map[bool]string{true: "white", false: "black"}[usWhite], score, reason, p.Ply())
	}
	t.Logf("us against %s: %.1f/%d (+%d =%d -%d)", *extPath, points, *extGames, wins, draws, losses)
}
