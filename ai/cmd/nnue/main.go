// Command nnue makes chess's learnt evaluation (package varia/ai/nnue).
//
//	# label positions ("FEN;..." lines, as the tuner's generator writes
//	# them) with Stockfish's static evaluation: "FEN;result;cp" lines,
//	# the result and centipawns from White's view
//	go run ./ai/cmd/nnue label -engine /usr/games/stockfish -in games.txt -out labelled.txt
//	# train a network on labelled positions and write it
//	go run ./ai/cmd/nnue train -in labelled.txt -out ai/nnue/chess.nnue -hidden 128 -epochs 20
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"varia/ai"
	"varia/ai/nnue"
	"varia/rules"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: nnue label|train [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "label":
		err = label(os.Args[2:])
	case "train":
		err = train(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "nnue:", err)
		os.Exit(1)
	}
}

// label asks the engine's "eval" command for each position's static
// evaluation. "isready" after each keeps question and answer in step
// (positions in check get no evaluation and are dropped).
func label(args []string) error {
	fs := flag.NewFlagSet("label", flag.ExitOnError)
	engine := fs.String("engine", "stockfish", "a Stockfish with the eval command")
	in := fs.String("in", "", "positions: FEN;result;... lines")
	out := fs.String("out", "", "labelled positions: FEN;result;cp lines")
	fs.Parse(args)
	lines, err := readLines(*in)
	if err != nil {
		return err
	}
	cmd := exec.Command(*engine)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		w := bufio.NewWriter(stdin)
		for _, l := range lines {
			fen, _, _ := strings.Cut(l, ";")
			fmt.Fprintf(w, "position fen %s\neval\nisready\n", fen)
		}
		fmt.Fprintln(w, "quit")
		w.Flush()
		stdin.Close()
	}()
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	sc := bufio.NewScanner(stdout)
	i, kept, cp, have := 0, 0, 0.0, false
	for sc.Scan() && i < len(lines) {
		t := sc.Text()
		switch {
		case strings.HasPrefix(t, "NNUE evaluation"):
			fields := strings.Fields(t)
			if len(fields) >= 3 {
				if v, err := strconv.ParseFloat(fields[2], 64); err == nil {
					cp, have = v*100, true
				}
			}
		case t == "readyok":
			if have {
				parts := strings.Split(lines[i], ";")
				result := "0.5"
				if len(parts) > 1 {
					result = parts[1]
				}
				fmt.Fprintf(w, "%s;%s;%.0f\n", parts[0], result, cp)
				kept++
			}
			i, have = i+1, false
		}
	}
	cmd.Wait()
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Printf("%d of %d positions labelled\n", kept, len(lines))
	return f.Close()
}

func readLines(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n"), nil
}

// train fits a network to labelled positions: the target is the label's
// expected score (its centipawns over the network's Scale, through a
// sigmoid), mixed with the game's result.
func train(args []string) error {
	fs := flag.NewFlagSet("train", flag.ExitOnError)
	in := fs.String("in", "", "labelled positions, comma-separated files")
	out := fs.String("out", "chess.nnue", "network file to write")
	hidden := fs.Int("hidden", 128, "hidden sums per view")
	epochs := fs.Int("epochs", 20, "passes over the data")
	batch := fs.Int("batch", 16384, "positions per step")
	rate := fs.Float64("rate", 0.001, "Adam's step, divided by ten for the last quarter of the epochs")
	mix := fs.Float64("mix", 1, "weight of the label against the game's result")
	seed := fs.Int64("seed", 1, "seed of the starting weights and the shuffles")
	held := fs.Int("held", 20, "one position in this many held out to measure the loss")
	fs.Parse(args)

	var train, test []nnue.Sample
	var testPos []*rules.Position
	for _, path := range strings.Split(*in, ",") {
		lines, err := readLines(path)
		if err != nil {
			return err
		}
		for n, l := range lines {
			parts := strings.Split(l, ";")
			if len(parts) < 3 {
				continue
			}
			p, err := rules.ParseFEN(rules.Standard, parts[0])
			if err != nil {
				return fmt.Errorf("%s:%d: %v", path, n+1, err)
			}
			result, err1 := strconv.ParseFloat(parts[1], 64)
			cp, err2 := strconv.ParseFloat(parts[2], 64)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("%s:%d: bad result or label", path, n+1)
			}
			if p.SideToMove() == rules.Black {
				result, cp = 1-result, -cp
			}
			target := *mix/(1+math.Exp(-cp/nnue.Scale)) + (1-*mix)*result
			s := nnue.NewSample(p, float32(target))
			if n%*held == 0 {
				test = append(test, s)
				testPos = append(testPos, p)
			} else {
				train = append(train, s)
			}
		}
	}
	fmt.Printf("%d positions to train on, %d held out\n", len(train), len(test))
	compareHandWritten(test, testPos)
	tr := nnue.NewTrainer(*hidden, *seed)
	tr.Rate = *rate
	r := rand.New(rand.NewSource(*seed))
	for e := 1; e <= *epochs; e++ {
		if e == *epochs*3/4+1 {
			tr.Rate /= 10
		}
		start := time.Now()
		loss := tr.Epoch(train, *batch, runtime.GOMAXPROCS(0), r)
		fmt.Printf("epoch %d: loss %.6f, held out %.6f (%v)\n", e, loss, tr.Loss(test), time.Since(start).Round(time.Second))
		if err := save(tr.Network(), *out); err != nil {
			return err
		}
	}
	return nil
}

func save(n *nnue.Network, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := n.Write(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// compareHandWritten prints the hand-written evaluation's held-out loss
// at the scale that suits it best: the loss to beat, and the factor that
// turns its centipawns into the labels'.
func compareHandWritten(test []nnue.Sample, pos []*rules.Position) {
	evals := make([]float64, len(pos))
	for i, p := range pos {
		evals[i] = float64(ai.Evaluate(p))
	}
	best, bestK := math.Inf(1), 0.0
	for k := 0.5; k <= 3; k += 0.05 {
		var loss float64
		for i, s := range test {
			e := 1/(1+math.Exp(-evals[i]*k/nnue.Scale)) - float64(s.Target)
			loss += e * e
		}
		if loss /= float64(len(test)); loss < best {
			best, bestK = loss, k
		}
	}
	fmt.Printf("hand-written evaluation: held out %.6f, its centipawns times %.2f\n", best, bestK)
}
