package ai

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"varia/rules"
)

// Texel tuning of the evaluation weights, per variant, from the engine's
// own games. Three steps, each run only when asked (chess's weights were
// made exactly so):
//
//	# play self-play games and keep their quiet positions with the result
//	go test ./ai -run TestTuneGenerate -tune.gen 9000 -tune.seed 7 -tune.variant standard -timeout 0 -v
//	# label each position with a stronger engine's verdict (optional)
//	go test ./ai -run TestTuneLabel -tune.label /usr/games/stockfish -tune.variant standard -timeout 0 -v
//	# fit the weights to predict verdicts and results; rewrites tuned.go
//	go test ./ai -run TestTune$ -tune -tune.variant standard -timeout 0 -v
//
// The data goes to the temporary folder (varia-tune-ID.txt, and its
// labelled twin varia-tune-ID.txt.label, which the fit prefers) unless
// -tune.data names a file; it is not kept in the repository. The games
// start from random openings, so a run with the same flags and the same
// engine gives the same data. Size matters: 45,000 positions with the
// square tables frozen lost in matches; 365,000 with every weight free
// gained some 180 Elo.
var (
	tuneFlag       = flag.Bool("tune", false, "fit the evaluation weights to the data and rewrite tuned.go")
	tuneGen        = flag.Int("tune.gen", 0, "play this many self-play games and append their positions to the data")
	tuneVariant    = flag.String("tune.variant", "standard", "variant to generate data for or tune")
	tuneData       = flag.String("tune.data", "", "data file (default: the temporary folder's varia-tune-ID.txt)")
	tuneNodes      = flag.Uint64("tune.nodes", 2000, "nodes a move in the generated games")
	tuneScore      = flag.Uint64("tune.score", 0, "nodes of a deeper search that scores each kept position (0: the game's own search)")
	tuneSeed       = flag.Int64("tune.seed", 1, "seed of the generated games' openings")
	tuneFirst      = flag.Int("tune.first", 0, "number of the first generated game (to extend a data set)")
	tuneWorkers    = flag.Int("tune.workers", 2, "games played at once")
	tuneRandom     = flag.Int("tune.random", 4, "random plies that open each generated game")
	tuneNoisy      = flag.Int("tune.noisy", 16, "plies after those played with noise in the choice")
	tuneNoise      = flag.Int("tune.noise", 60, "the noise: up to this many centipawns added to each root move's score")
	tuneTarget     = flag.String("tune.target", "cp", "what labelled data is fitted to besides the result: cp (the label's centipawns) or wdl (its expected score)")
	tuneLabelScale = flag.Float64("tune.label.scale", 0, "the label's centipawns are multiplied by this before the sigmoid (0: the factor with which the labels predict the results best)")
	tuneRate       = flag.Float64("tune.rate", 1, "Adam's learning rate, in centipawns")
	tuneK          = flag.Float64("tune.k", 0, "the sigmoid's scale K (0: the K with which the evaluation predicts the results best; a variant whose games are mostly drawn needs it set)")
	tuneFrom       = flag.String("tune.from", "current", "weights to start from: current (tuned if there are) or derived")
	tuneLabel      = flag.String("tune.label", "", "a UCI engine with win-draw-loss estimates (UCI_ShowWDL) to label the data with")
	tuneLabelDepth = flag.Int("tune.label.depth", 8, "depth of the labelling engine's search")
	tuneLabelName  = flag.String("tune.label.variant", "", "the variant's name for the labelling engine's UCI_Variant where it differs from Varia's id")
	tuneEpochs     = flag.Int("tune.epochs", 400, "passes over the data")
	tuneOut        = flag.String("tune.out", "tuned.go", "file the tuned weights are written to")
	tuneMix        = flag.Float64("tune.mix", 0.9, "weight of the label's (or without one, the search's) verdict against the game's result in the target")
	tuneLambda     = flag.Float64("tune.lambda", 2e-7, "pull toward the starting weights")
	tuneFreeze     = flag.String("tune.freeze", "", "comma-separated weight groups kept as they are (psq, mobility, king attack, tempo, ...)")
)

func tuneDataPath(v *rules.Variant) string {
	if *tuneData != "" {
		return *tuneData
	}
	return filepath.Join(os.TempDir(), "varia-tune-"+v.ID+".txt")
}

// A sample is one position of a generated game, the game's result for
// White and the score the game's search gave it (centipawns, White's view).
type sample struct {
	fen    string
	result float64
	score  Score
}

// playTuneGame plays one self-play game and returns every other quiet
// position (not in check, the engine's move not a capture or promotion,
// the score not a mate) with the result and a score: the game's own
// search's, or with -tune.score a deeper search's. The game opens with
// -tune.random random plies, then -tune.noisy plies whose choice the
// search makes with up to -tune.noise centipawns of seeded noise, so the
// games spread over many sensible positions.
func playTuneGame(v *rules.Variant, seed int64, nodes uint64, e *Engine) []sample {
	r := rand.New(rand.NewSource(seed))
	p := rules.NewPosition(v)
	for i := 0; i < *tuneRandom; i++ {
		legal := p.Legal()
		if len(legal) == 0 {
			return nil
		}
		p.Make(legal[r.Intn(len(legal))])
	}
	if len(p.Legal()) == 0 {
		return nil
	}
	e.Clear()
	var fens []string
	var scores []Score
	result := 0.5
	decided, level := 0, 0
	for ply := 0; ; ply++ {
		if score, _, over := gameOutcome(p); over {
			result = score
			break
		}
		if ply >= 400 {
			break
		}
		lim := Limits{Nodes: nodes}
		if ply < *tuneNoisy {
			lim.Mistakes, lim.Seed = Score(*tuneNoise), uint64(seed)
		}
		res := e.Search(context.Background(), p, lim)
		white := res.Score.ForWhite(p.SideToMove())
		// A game both sides see as won is scored as won, one they see
		// as level for long as drawn.
		if white > 1500 || white < -1500 {
			decided++
			if decided >= 8 {
				result = 0
				if white > 0 {
					result = 1
				}
				break
			}
		} else {
			decided = 0
		}
		if ply >= 160 && white >= -5 && white <= 5 {
			if level++; level >= 40 {
				break
			}
		} else {
			level = 0
		}
		// Every other quiet position is kept (neighbours say much the
		// same).
		if ply%2 == 0 && ply >= *tuneNoisy/2 && !p.InCheck() && !res.Move.IsTactical() && !res.Score.IsMate() {
			score := white
			if *tuneScore > 0 {
				score = e.Search(context.Background(), p, Limits{Nodes: *tuneScore}).Score.ForWhite(p.SideToMove())
			}
			if !score.IsMate() {
				fens = append(fens, p.FEN())
				scores = append(scores, score)
			}
		}
		p.Make(res.Move)
	}
	out := make([]sample, len(fens))
	for i, f := range fens {
		out[i] = sample{f, result, scores[i]}
	}
	return out
}

func TestTuneGenerate(t *testing.T) {
	if *tuneGen <= 0 {
		t.Skip("generates tuning data only with -tune.gen N")
	}
	v, err := rules.VariantByID(*tuneVariant)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(tuneDataPath(v), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	jobs := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	positions := 0
	// Games are written in the order they were numbered, so the same
	// flags give the same file whatever the timing.
	pending := map[int][]sample{}
	next := *tuneFirst
	for i := 0; i < max(1, *tuneWorkers); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := NewEngine(16)
			for g := range jobs {
				s := playTuneGame(v, *tuneSeed*1000003+int64(g), *tuneNodes, e)
				mu.Lock()
				pending[g] = s
				for {
					s, ok := pending[next]
					if !ok {
						break
					}
					delete(pending, next)
					for _, x := range s {
						fmt.Fprintf(w, "%s;%g;%d;%d\n", x.fen, x.result, x.score, next)
					}
					positions += len(s)
					if next%100 == 99 {
						w.Flush()
						t.Logf("%d games, %d positions", next+1, positions)
					}
					next++
				}
				mu.Unlock()
			}
		}()
	}
	for g := *tuneFirst; g < *tuneFirst+*tuneGen; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	t.Logf("%s: %d games, %d positions appended to %s", v.ID, *tuneGen, positions, tuneDataPath(v))
}

// tuneEntry is a sample as the tuner sees it: the features' coefficients
// (only those not zero) and what the evaluation does after summing them.
type tuneEntry struct {
	idx    []uint16
	coef   []int16
	phase  float32
	add    float32
	scale  float32
	result float32 // the game's result for White
	score  float32 // the search's score, White's view
	label  float32 // the labelling engine's score (centipawns, White's view)
	wdl    float32 // its expected score for White, or -1
	game   int32
	goal   float32 // what the evaluation is fitted to predict (see target)
}

// loadTuneData reads the data: lines "FEN;result;score;game", and with
// labels (TestTuneLabel) ";cp;expected" after them.
func loadTuneData(t *testing.T, ev *evaluator, path string) []tuneEntry {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (generate data first with -tune.gen)", err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	out := make([]tuneEntry, len(lines))
	ok := make([]bool, len(lines))
	var wg sync.WaitGroup
	const workers = 2
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(lines); i += workers {
				f := strings.Split(lines[i], ";")
				if len(f) != 4 && len(f) != 6 {
					continue
				}
				r, err1 := strconv.ParseFloat(f[1], 64)
				score, err2 := strconv.ParseFloat(f[2], 64)
				game, err3 := strconv.Atoi(f[3])
				if err1 != nil || err2 != nil || err3 != nil {
					continue
				}
				e := tuneEntry{result: float32(r), score: float32(score), game: int32(game), wdl: -1, label: float32(math.NaN())}
				if len(f) == 6 {
					cp, err1 := strconv.ParseFloat(f[4], 64)
					wdl, err2 := strconv.ParseFloat(f[5], 64)
					if err1 != nil || err2 != nil {
						continue
					}
					e.label, e.wdl = float32(cp), float32(wdl)
				}
				p, err := rules.ParseFEN(ev.variant, f[0])
				if err != nil {
					continue
				}
				var tr trace
				ev.eval(p, &tr, nil)
				e.phase, e.add, e.scale = float32(tr.phase)/256, float32(tr.add), float32(tr.scale)
				for j, c := range tr.coef {
					if c != 0 {
						e.idx = append(e.idx, uint16(j))
						e.coef = append(e.coef, int16(c))
					}
				}
				out[i], ok[i] = e, true
			}
		}()
	}
	wg.Wait()
	n := 0
	for i := range out {
		if ok[i] {
			out[n] = out[i]
			n++
		}
	}
	return out[:n]
}

// eval is the evaluation of an entry under weights x (mg, eg interleaved),
// from White's point of view.
func (e *tuneEntry) eval(x []float64) float64 {
	var mg, eg float64
	for j, i := range e.idx {
		c := float64(e.coef[j])
		mg += c * x[2*int(i)]
		eg += c * x[2*int(i)+1]
	}
	return (mg*float64(e.phase) + eg*(1-float64(e.phase)) + float64(e.add)) * float64(e.scale)
}

func sigmoid(k, s float64) float64 { return 1 / (1 + math.Pow(10, -k*s/400)) }

// target is what an entry's evaluation should predict: the game's result
// blended (mix of it) with a verdict that tells positions of one game
// apart where the result alone cannot: the labelling engine's, as its
// expected score (-tune.target wdl) or its centipawns times labelScale
// (cp), or without a label the game's own search's score.
func (e *tuneEntry) target(k, mix, labelScale float64) float64 {
	verdict := sigmoid(k, float64(e.score))
	switch {
	case *tuneTarget == "wdl" && e.wdl >= 0:
		verdict = float64(e.wdl)
	case *tuneTarget == "cp" && !math.IsNaN(float64(e.label)):
		verdict = sigmoid(k, float64(e.label)*labelScale)
	}
	return (1-mix)*float64(e.result) + mix*verdict
}

// setGoals fixes every entry's goal.
func setGoals(data []tuneEntry, goal func(e *tuneEntry) float64) {
	for i := range data {
		data[i].goal = float32(goal(&data[i]))
	}
}

// fitFactor returns the positive factor, found by halving steps from 1,
// that makes loss least.
func fitFactor(loss func(float64) float64) float64 {
	f := 1.0
	for step := 0.5; step > 0.001; step /= 2 {
		best := loss(f)
		for _, c := range []float64{f - step, f + step} {
			if c > 0 {
				if l := loss(c); l < best {
					best, f = l, c
				}
			}
		}
	}
	return f
}

// parallel runs f over the data split in two halves at once and returns
// the two partial results.
func parallel[T any](data []tuneEntry, f func([]tuneEntry) T) [2]T {
	var out [2]T
	var wg sync.WaitGroup
	half := len(data) / 2
	for i, part := range [2][]tuneEntry{data[:half], data[half:]} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = f(part)
		}()
	}
	wg.Wait()
	return out
}

// tuneLoss is the mean squared error of the evaluation's prediction
// against the entries' goals.
func tuneLoss(data []tuneEntry, x []float64, k float64) float64 {
	sums := parallel(data, func(d []tuneEntry) float64 {
		sum := 0.0
		for i := range d {
			e := float64(d[i].goal) - sigmoid(k, d[i].eval(x))
			sum += e * e
		}
		return sum
	})
	return (sums[0] + sums[1]) / float64(len(data))
}

func TestTune(t *testing.T) {
	if !*tuneFlag {
		t.Skip("tunes only with -tune")
	}
	v, err := rules.VariantByID(*tuneVariant)
	if err != nil {
		t.Fatal(err)
	}
	ev := newEvaluator(v)
	if *tuneFrom == "derived" {
		ev = newEvaluatorWith(v, derivedTables(v).derivedWeights())
	}
	path := tuneDataPath(v)
	if _, err := os.Stat(path + ".label"); err == nil {
		path += ".label" // the same positions with the labelling engine's verdicts
	}
	all := loadTuneData(t, ev, path)
	if len(all) < 1000 {
		t.Fatalf("only %d positions in %s", len(all), path)
	}
	// Whole games are held out: positions of one game share its result,
	// so holding out single positions would hide overfitting.
	var test, train []tuneEntry
	for _, e := range all {
		if splitmix(uint64(e.game))%10 == 0 {
			test = append(test, e)
		} else {
			train = append(train, e)
		}
	}
	mix := *tuneMix

	x := make([]float64, 2*numWeights)
	// The tuner works in centipawns, whatever a weight's unit.
	for i, w := range ev.w {
		x[2*i], x[2*i+1] = float64(w.mg)*weightUnit(i), float64(w.eg)*weightUnit(i)
	}
	start := append([]float64(nil), x...)

	// The scale of the sigmoid: -tune.k, or the K with which the current
	// weights predict the results best.
	result := func(e *tuneEntry) float64 { return float64(e.result) }
	setGoals(train, result)
	k := *tuneK
	if k == 0 {
		k = fitFactor(func(k float64) float64 { return tuneLoss(train, x, k) })
	}
	// The labels' centipawns brought to the same scale: the factor with
	// which they predict the results best.
	labelScale := *tuneLabelScale
	if labelScale == 0 {
		labelled := slices.DeleteFunc(slices.Clone(train), func(e tuneEntry) bool { return math.IsNaN(float64(e.label)) })
		labelScale = 1
		if len(labelled) > 0 {
			labelScale = fitFactor(func(f float64) float64 {
				sum := 0.0
				for i := range labelled {
					d := float64(labelled[i].result) - sigmoid(k, f*float64(labelled[i].label))
					sum += d * d
				}
				return sum
			})
		}
	}
	goal := func(e *tuneEntry) float64 { return e.target(k, mix, labelScale) }
	setGoals(train, goal)
	setGoals(test, goal)
	t.Logf("%s: %d positions (%d held out), K %.3f, label scale %.3f, loss %.6f (held out %.6f)", v.ID, len(train), len(test), k, labelScale, tuneLoss(train, x, k), tuneLoss(test, x, k))

	// Adam over the whole training set each epoch, with a light pull
	// toward the starting weights for features the data rarely shows.
	const (
		beta1 = 0.9
		beta2 = 0.999
	)
	lr := *tuneRate
	lambda := *tuneLambda
	frozen := make([]bool, numWeights)
	for _, g := range strings.Split(*tuneFreeze, ",") {
		for i := range frozen {
			if g != "" && weightName(i) == strings.TrimSpace(g) {
				frozen[i] = true
			}
		}
	}
	m := make([]float64, len(x))
	vv := make([]float64, len(x))
	ln10 := math.Log(10)
	bestTest, bestX := math.Inf(1), append([]float64(nil), x...)
	for epoch := 1; epoch <= *tuneEpochs; epoch++ {
		grads := parallel(train, func(d []tuneEntry) []float64 {
			grad := make([]float64, len(x))
			for i := range d {
				e := &d[i]
				s := sigmoid(k, e.eval(x))
				// d(loss)/d(score) for the squared error of the sigmoid.
				g := -2 * (float64(e.goal) - s) * s * (1 - s) * k * ln10 / 400 * float64(e.scale)
				gm, ge := g*float64(e.phase), g*(1-float64(e.phase))
				for j, idx := range e.idx {
					c := float64(e.coef[j])
					grad[2*int(idx)] += c * gm
					grad[2*int(idx)+1] += c * ge
				}
			}
			return grad
		})
		n := float64(len(train))
		for i := range x {
			if frozen[i/2] {
				continue
			}
			g := (grads[0][i]+grads[1][i])/n + 2*lambda*(x[i]-start[i])
			m[i] = beta1*m[i] + (1-beta1)*g
			vv[i] = beta2*vv[i] + (1-beta2)*g*g
			mh := m[i] / (1 - math.Pow(beta1, float64(epoch)))
			vh := vv[i] / (1 - math.Pow(beta2, float64(epoch)))
			x[i] -= lr * mh / (math.Sqrt(vh) + 1e-8)
		}
		if epoch%25 == 0 || epoch == *tuneEpochs {
			lt := tuneLoss(test, x, k)
			t.Logf("epoch %d: loss %.6f (held out %.6f)", epoch, tuneLoss(train, x, k), lt)
			// The weights kept are those that predict the held-out games
			// best, so a long run cannot overfit.
			if lt < bestTest {
				bestTest = lt
				copy(bestX, x)
			}
		}
	}
	x = bestX
	tuned := new(weights)
	for i := range tuned {
		tuned[i] = phased{int32(math.Round(x[2*i] / weightUnit(i))), int32(math.Round(x[2*i+1] / weightUnit(i)))}
	}
	// King material is not a feature; pawn and piece values stay positive.
	tuned[wMaterial+int(rules.King)] = phased{}
	for t := rules.Pawn; t <= rules.Queen; t++ {
		tuned[wMaterial+int(t)].mg = max(tuned[wMaterial+int(t)].mg, 10)
		tuned[wMaterial+int(t)].eg = max(tuned[wMaterial+int(t)].eg, 10)
	}
	t.Logf("material mg/eg: %v", tuned[wMaterial:wMaterial+6])
	all2 := map[string]*weights{}
	for id, w := range tunedWeights {
		all2[id] = w
	}
	all2[v.ID] = tuned
	if err := writeTuned(*tuneOut, all2); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", *tuneOut)
}

// writeTuned writes tuned.go: the tuned weights of every variant.
func writeTuned(path string, ws map[string]*weights) error {
	var sb strings.Builder
	sb.WriteString(`package ai

// tunedWeights holds the weights tuned from each variant's games, by
// variant id. A variant without an entry plays with the weights derived
// from its rules. Written by the tuner (tune_test.go); do not edit.
var tunedWeights = map[string]*weights{
`)
	ids := make([]string, 0, len(ws))
	for id := range ws {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(&sb, "\t%q: {\n", id)
		w := ws[id]
		for i := 0; i < numWeights; i += 8 {
			sb.WriteString("\t\t")
			for j := i; j < min(i+8, numWeights); j++ {
				if j > i {
					sb.WriteByte(' ')
				}
				fmt.Fprintf(&sb, "{%d, %d},", w[j].mg, w[j].eg)
			}
			sb.WriteByte('\n')
		}
		sb.WriteString("\t},\n")
	}
	sb.WriteString("}\n")
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}

// TestTuneLabel scores the generated positions with another engine's
// verdict: for each line of the data it asks the engine named by
// -tune.label (Stockfish, say) for its score and win-draw-loss estimate
// at -tune.label.depth, and writes the line with both appended, from
// White's point of view, to the data file's ".label" twin. A stopped run resumes where it
// stopped. The engine searches each position afresh with one thread, so
// the labels are the same on every run.
//
//	go test ./ai -run TestTuneLabel -tune.label /usr/games/stockfish -tune.data FILE -timeout 0 -v
func TestTuneLabel(t *testing.T) {
	if *tuneLabel == "" {
		t.Skip("labels tuning data only with -tune.label ENGINE")
	}
	v, err := rules.VariantByID(*tuneVariant)
	if err != nil {
		t.Fatal(err)
	}
	in, err := os.ReadFile(tuneDataPath(v))
	if err != nil {
		t.Fatal(err)
	}
	// Only whole lines: the data may still be growing.
	text := string(in)
	text = text[:strings.LastIndexByte(text, '\n')+1]
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	outPath := tuneDataPath(v) + ".label"
	done := 0
	if b, err := os.ReadFile(outPath); err == nil {
		done = strings.Count(string(b), "\n")
	}
	out, err := os.OpenFile(outPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()

	workers := max(1, *tuneWorkers)
	labels := make([]chan verdict, workers)
	for i := range labels {
		labels[i] = make(chan verdict, 64)
		go func(i int) {
			defer close(labels[i])
			e := startLabeller(t, *tuneLabel, v)
			if e == nil {
				return
			}
			for j := done + i; j < len(lines); j += workers {
				fen, _, _ := strings.Cut(lines[j], ";")
				labels[i] <- e.judge(fen, *tuneLabelDepth)
			}
		}(i)
	}
	for j := done; j < len(lines); j++ {
		x, ok := <-labels[(j-done)%workers]
		if !ok {
			t.Fatalf("the labelling engine stopped at line %d", j+1)
		}
		fmt.Fprintf(w, "%s;%d;%.3f\n", lines[j], x.cp, x.expected)
		if (j+1)%1000 == 0 {
			w.Flush()
			t.Logf("%d of %d positions labelled", j+1, len(lines))
		}
	}
}

// startLabeller starts a UCI engine that reports win-draw-loss estimates.
func startLabeller(t *testing.T, command string, v *rules.Variant) *uciProcess {
	e, err := startEngineProcess(t, strings.Fields(command), 4)
	if err != nil {
		t.Error(err)
		return nil
	}
	e.send("setoption name UCI_ShowWDL value true")
	name := v.ID
	if *tuneLabelName != "" {
		name = *tuneLabelName
	}
	if v != rules.Standard {
		e.send("setoption name UCI_Variant value " + name)
	}
	e.send("isready")
	e.until("readyok")
	return e
}

// verdict is what the labelling engine says of a position, from White's
// point of view: its score in centipawns (a mate as ±tuneMateCP) and its
// expected score from the win-draw-loss estimate, or -1 without one.
type verdict struct {
	cp       int
	expected float64
}

const tuneMateCP = 3000

// judge asks the engine for its verdict on the position at the depth.
func (e *uciProcess) judge(fen string, depth int) verdict {
	e.send("ucinewgame")
	e.send("position fen " + fen)
	e.send(fmt.Sprintf("go depth %d", depth))
	x := verdict{expected: -1}
	for _, l := range e.until("bestmove") {
		f := strings.Fields(l)
		for i := 0; i+2 < len(f); i++ {
			switch f[i] {
			case "score":
				n, err := strconv.Atoi(f[i+2])
				if err != nil {
					continue
				}
				switch f[i+1] {
				case "cp":
					x.cp = max(-tuneMateCP, min(tuneMateCP, n))
				case "mate":
					x.cp = tuneMateCP
					if n <= 0 {
						x.cp = -tuneMateCP
					}
				}
			case "wdl":
				if i+3 >= len(f) {
					continue
				}
				win, err1 := strconv.Atoi(f[i+1])
				draw, err2 := strconv.Atoi(f[i+2])
				loss, err3 := strconv.Atoi(f[i+3])
				if err1 == nil && err2 == nil && err3 == nil && win+draw+loss > 0 {
					x.expected = (float64(win) + float64(draw)/2) / float64(win+draw+loss)
				}
			}
		}
	}
	if strings.Fields(fen)[1] == "b" {
		x.cp = -x.cp
		if x.expected >= 0 {
			x.expected = 1 - x.expected
		}
	}
	return x
}
