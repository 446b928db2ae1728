// Command nnue makes chess's learnt evaluation (package varia/ai/nnue):
// positions, their labels, then the network.
//
//	# positions of quick self-play games: "FEN;result" lines, the result White's
//	go run ./ai/cmd/nnue gen -games 10000 -first 0 -out games.txt
//	# labels: Stockfish's static evaluation of each ("FEN;result;cp", White's view)
//	go run ./ai/cmd/nnue label -engine /usr/games/stockfish -in games.txt -out labelled.txt
//	# or the score of its search to depth 6, with the best move ("FEN;result;cp;move")
//	go run ./ai/cmd/nnue label -engine /usr/games/stockfish -depth 6 -in games.txt -out labelled.txt
//	# a network trained on labelled positions
//	go run ./ai/cmd/nnue train -in labelled.txt -test heldout.txt -mirror -out ai/nnue/chess.nnue
//	# that network trained further on new labelled positions
//	go run ./ai/cmd/nnue train -from ai/nnue/chess.nnue -in new.txt -test heldout.txt -mirror -epochs 3 -rate 0.0005 -out ai/nnue/chess.nnue
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"varia/ai"
	"varia/ai/match"
	"varia/ai/nnue"
	"varia/rules"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: nnue gen|label|train [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
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

// gen plays quick self-play games with the hand-written evaluation and
// writes every position not in check: "FEN;result" lines, the result for
// White. Each game opens with random plies and chooses its moves with
// noise, so the positions spread wide; games are written in the order
// they are numbered, so the same flags give the same file.
func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	games := fs.Int("games", 1000, "games to play")
	first := fs.Int("first", 0, "number of the first game (to extend a data set)")
	nodes := fs.Uint64("nodes", 200, "nodes a move")
	random := fs.Int("random", 8, "random plies that open each game")
	noise := fs.Int("noise", 40, "up to this many centipawns added to each root move's score")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	out := fs.String("out", "", "file the positions are appended to")
	fs.Parse(args)
	f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	jobs := make(chan int)
	results := make(chan []string)
	for range *workers {
		go func() {
			e := ai.NewEngine(16)
			e.UseNetwork(false)
			for g := range jobs {
				results <- playGame(e, g, *nodes, *random, *noise)
			}
		}()
	}
	go func() {
		for g := *first; g < *first+*games; g++ {
			jobs <- g
		}
		close(jobs)
	}()
	pending := map[int][]string{}
	positions := 0
	for next, done := *first, 0; done < *games; done++ {
		lines := <-results
		g, _ := strconv.Atoi(lines[0])
		pending[g] = lines[1:]
		for ; pending[next] != nil; next++ {
			for _, l := range pending[next] {
				fmt.Fprintln(w, l)
			}
			positions += len(pending[next])
			delete(pending, next)
			if next%500 == 499 {
				fmt.Printf("%d games, %d positions\n", next+1-*first, positions)
			}
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// playGame plays game number g and returns its number, then its
// positions' lines.
func playGame(e *ai.Engine, g int, nodes uint64, random, noise int) []string {
	r := rand.New(rand.NewSource(int64(g)*1000003 + 7))
	p := rules.NewPosition(rules.Standard)
	e.Clear()
	var fens []string
	result := "0.5"
	for ply := 0; ply < 400; ply++ {
		legal := p.Legal()
		if len(legal) == 0 {
			if p.InCheck() {
				result = map[rules.Color]string{rules.White: "0", rules.Black: "1"}[p.SideToMove()]
			}
			break
		}
		if p.InsufficientMaterial() || p.HalfmoveClock() >= 100 || p.Repetitions() >= 2 {
			break
		}
		if !p.InCheck() && ply >= random {
			fens = append(fens, p.FEN())
		}
		var m rules.Move
		if ply < random {
			m = legal[r.Intn(len(legal))]
		} else {
			m = e.Search(context.Background(), p, ai.Limits{Nodes: nodes, Mistakes: ai.Score(noise), Seed: uint64(g)}).Move
		}
		p.Make(m)
	}
	lines := []string{strconv.Itoa(g)}
	for _, f := range fens {
		lines = append(lines, f+";"+result)
	}
	return lines
}

// label asks a Stockfish for each position's evaluation: with -depth 0
// its static evaluation ("eval", with "isready" after each to keep
// question and answer in step; positions in check get none and are
// dropped), otherwise the score of a search to that depth, written with
// the best move it found ("FEN;result;cp;move") so that training can leave
// out positions whose best move captures or promotes (-quiet).
func label(args []string) error {
	fs := flag.NewFlagSet("label", flag.ExitOnError)
	engine := fs.String("engine", "stockfish", "a Stockfish with the eval command")
	in := fs.String("in", "", "positions: FEN;result;... lines")
	out := fs.String("out", "", "labelled positions: FEN;result;cp lines (with -depth, ;move after)")
	depth := fs.Int("depth", 0, "search depth of each label (0: the static evaluation)")
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
	defer cmd.Wait()
	defer stdin.Close()
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	sc := bufio.NewScanner(stdout)
	var kept int
	if *depth > 0 {
		kept, err = labelBySearch(lines, *depth, stdin, sc, w)
	} else {
		kept, err = labelStatic(lines, stdin, sc, w)
	}
	if err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	fmt.Printf("%d of %d positions labelled\n", kept, len(lines))
	return f.Close()
}

// labelStatic writes every question at once and reads the "NNUE
// evaluation" line (White's view, in pawns) of each answer.
func labelStatic(lines []string, stdin io.WriteCloser, sc *bufio.Scanner, w io.Writer) (int, error) {
	go func() {
		w := bufio.NewWriter(stdin)
		for _, l := range lines {
			fen, _, _ := strings.Cut(l, ";")
			fmt.Fprintf(w, "position fen %s\neval\nisready\n", fen)
		}
		fmt.Fprintln(w, "quit")
		w.Flush()
	}()
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
				fen, result := fenAndResult(lines[i])
				fmt.Fprintf(w, "%s;%s;%.0f\n", fen, result, cp)
				kept++
			}
			i, have = i+1, false
		}
	}
	return kept, sc.Err()
}

// mateLabel bounds a label: a forced mate, or a score beyond it, is
// labelled this many centipawns, far enough up the sigmoid to mean a won
// game.
const mateLabel = 3000

// labelBySearch asks one position at a time and keeps the score of the
// last info line before "bestmove" (the side to move's view, turned to
// White's).
func labelBySearch(lines []string, depth int, stdin io.Writer, sc *bufio.Scanner, w io.Writer) (int, error) {
	kept := 0
	for _, l := range lines {
		fen, result := fenAndResult(l)
		if _, err := fmt.Fprintf(stdin, "position fen %s\ngo depth %d\n", fen, depth); err != nil {
			return kept, err
		}
		var answer []string
		for sc.Scan() {
			answer = append(answer, sc.Text())
			fields := strings.Fields(sc.Text())
			if len(fields) < 2 || fields[0] != "bestmove" {
				continue
			}
			if cp, ok := match.LastInfoScore(answer); ok && fields[1] != "(none)" {
				cp = max(-mateLabel, min(mateLabel, cp))
				if fenFields := strings.Fields(fen); len(fenFields) > 1 && fenFields[1] == "b" {
					cp = -cp
				}
				fmt.Fprintf(w, "%s;%s;%d;%s\n", fen, result, cp, fields[1])
				kept++
			}
			break
		}
		if err := sc.Err(); err != nil {
			return kept, err
		}
	}
	fmt.Fprintln(stdin, "quit")
	return kept, nil
}

// fenAndResult splits a "FEN;result;..." line; a line without a result
// counts as a draw.
func fenAndResult(line string) (fen, result string) {
	parts := strings.Split(line, ";")
	if len(parts) > 1 {
		return parts[0], parts[1]
	}
	return parts[0], "0.5"
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
	hidden := fs.Int("hidden", 256, "hidden sums per view (with -from, more than its width widens it)")
	epochs := fs.Int("epochs", 20, "passes over the data")
	batch := fs.Int("batch", 16384, "positions per step")
	rate := fs.Float64("rate", 0.002, "Adam's step, divided by ten for the last quarter of the epochs")
	mix := fs.Float64("mix", 1, "weight of the label against the game's result")
	seed := fs.Int64("seed", 1, "seed of the starting weights and the shuffles")
	mirror := fs.Bool("mirror", false, "also train on each position turned left to right")
	from := fs.String("from", "", "a network file to go on training")
	testFiles := fs.String("test", "", "labelled positions held out to measure the loss, comma-separated files")
	quiet := fs.Bool("quiet", false, "leave out positions whose labelled best move captures or promotes")
	fs.Parse(args)
	if err := nnue.CheckHidden(*hidden); err != nil {
		return err
	}

	train, _, err := loadSamples(*in, *mix, *quiet, false)
	if err != nil {
		return err
	}
	if *mirror {
		for _, s := range train {
			train = append(train, s.Mirrored())
		}
	}
	test, testPos, err := loadSamples(*testFiles, *mix, *quiet, true)
	if err != nil {
		return err
	}
	fmt.Printf("%d positions to train on, %d held out\n", len(train), len(test))
	compareHandWritten(test, testPos)
	widen := false
	fs.Visit(func(f *flag.Flag) { widen = widen || f.Name == "hidden" })
	tr, err := startTrainer(*from, *hidden, widen, *seed)
	if err != nil {
		return err
	}
	if *from != "" {
		fmt.Printf("resuming %s, held out %.6f\n", *from, tr.Loss(test))
	}
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

// startTrainer starts from random weights, or from a network file,
// widened to hidden sums if widen is set.
func startTrainer(from string, hidden int, widen bool, seed int64) (*nnue.Trainer, error) {
	if from == "" {
		return nnue.NewTrainer(hidden, seed), nil
	}
	f, err := os.Open(from)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := nnue.Read(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", from, err)
	}
	tr := nnue.TrainerFrom(n)
	if !widen || hidden == n.Hidden {
		return tr, nil
	}
	if hidden < n.Hidden {
		return nil, fmt.Errorf("-hidden %d: %s has %d sums a view; it can only grow", hidden, from, n.Hidden)
	}
	return tr.Widen(hidden, seed), nil
}

// loadSamples reads labelled positions from comma-separated files.
// With quiet, it leaves out those whose labelled best move captures or
// promotes: the search asks the network about quiet positions, and a
// search's score there depends on the exchange the network never sees.
// With keep, it also returns the positions (for the held-out ones).
func loadSamples(files string, mix float64, quiet, keep bool) ([]nnue.Sample, []*rules.Position, error) {
	var samples []nnue.Sample
	var positions []*rules.Position
	for _, path := range strings.Split(files, ",") {
		if path == "" {
			continue
		}
		lines, err := readLines(path)
		if err != nil {
			return nil, nil, err
		}
		for n, l := range lines {
			parts := strings.Split(l, ";")
			if len(parts) < 3 {
				continue
			}
			p, err := rules.ParseFEN(rules.Standard, parts[0])
			if err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
			}
			result, err1 := strconv.ParseFloat(parts[1], 64)
			cp, err2 := strconv.ParseFloat(parts[2], 64)
			if err1 != nil || err2 != nil {
				return nil, nil, fmt.Errorf("%s:%d: bad result or label", path, n+1)
			}
			if quiet && len(parts) > 3 && !isQuiet(p, parts[3]) {
				continue
			}
			if p.SideToMove() == rules.Black {
				result, cp = 1-result, -cp
			}
			target := mix/(1+math.Exp(-cp/nnue.Scale)) + (1-mix)*result
			samples = append(samples, nnue.NewSample(p, float32(target)))
			if keep {
				positions = append(positions, p)
			}
		}
	}
	return samples, positions, nil
}

// isQuiet reports whether the move (UCI) neither captures nor promotes;
// a move that is not legal there counts as not quiet.
func isQuiet(p *rules.Position, uci string) bool {
	m, err := p.ParseMove(uci)
	return err == nil && !m.IsTactical()
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
	if len(pos) == 0 {
		return
	}
	evals := make([]float64, len(pos))
	for i, p := range pos {
		evals[i] = float64(ai.EvaluateByWeights(p))
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
