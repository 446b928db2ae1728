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
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"varia/rules"
)

// Texel tuning of the evaluation weights, per variant, from the engine's
// own games. Two steps, each run only when asked:
//
//	# play self-play games and keep their quiet positions with the result
//	go test ./ai -run TestTuneGenerate -tune.gen 2000 -tune.variant standard -timeout 0 -v
//	# fit the weights to predict those results; rewrites tuned.go
//	go test ./ai -run TestTune$ -tune -tune.variant standard -timeout 0 -v
//
// The data goes to the temporary folder (varia-tune-ID.txt) unless
// -tune.data names a file; it is not kept in the repository. The games
// start from random openings, so a run with the same flags and the same
// engine gives the same data.
var (
	tuneFlag    = flag.Bool("tune", false, "fit the evaluation weights to the data and rewrite tuned.go")
	tuneGen     = flag.Int("tune.gen", 0, "play this many self-play games and append their positions to the data")
	tuneVariant = flag.String("tune.variant", "standard", "variant to generate data for or tune")
	tuneData    = flag.String("tune.data", "", "data file (default: the temporary folder's varia-tune-ID.txt)")
	tuneNodes   = flag.Uint64("tune.nodes", 1000, "nodes a move in the generated games")
	tuneScore   = flag.Uint64("tune.score", 4000, "nodes of the search that scores each kept position")
	tuneSeed    = flag.Int64("tune.seed", 1, "seed of the generated games' openings")
	tuneEpochs  = flag.Int("tune.epochs", 400, "passes over the data")
	tuneOut     = flag.String("tune.out", "tuned.go", "file the tuned weights are written to")
	tuneMix     = flag.Float64("tune.mix", 0.5, "weight of the search's score against the game's result in the target")
	tuneLambda  = flag.Float64("tune.lambda", 2e-7, "pull toward the starting weights")
	tuneFreeze  = flag.String("tune.freeze", "psq,mobility,tempo", "comma-separated weight groups kept as they are (psq, mobility, king attack, tempo, ...)")
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

// playTuneGame plays one self-play game from a random opening and returns
// every other quiet position (not in check, the engine's move not a
// capture or promotion, the score not a mate) with the result and the
// score of a deeper search.
func playTuneGame(v *rules.Variant, seed int64, nodes uint64, e *Engine) []sample {
	r := rand.New(rand.NewSource(seed))
	p := rules.NewPosition(v)
	for i := 0; i < 8; i++ {
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
	decided := 0
	for ply := 0; ; ply++ {
		if score, _, over := gameOutcome(p); over {
			result = score
			break
		}
		if ply >= 400 {
			break
		}
		res := e.Search(context.Background(), p, Limits{Nodes: nodes})
		white := res.Score
		if p.SideToMove() == rules.Black {
			white = -white
		}
		// A game both sides see as won is scored as won.
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
		// Every other quiet position is kept (neighbours say much the
		// same), scored by a deeper search than the game's.
		if ply%2 == 0 && !p.InCheck() && !isTactical(res.Move) && !res.Score.IsMate() {
			deep := e.Search(context.Background(), p, Limits{Nodes: *tuneScore}).Score
			if !deep.IsMate() {
				fens = append(fens, p.FEN())
				scores = append(scores, deep.ForWhite(p.SideToMove()))
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
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := NewEngine(16)
			for g := range jobs {
				s := playTuneGame(v, *tuneSeed*1000003+int64(g), *tuneNodes, e)
				mu.Lock()
				for _, x := range s {
					fmt.Fprintf(w, "%s;%g;%d;%d\n", x.fen, x.result, x.score, g)
				}
				positions += len(s)
				if g%50 == 49 {
					t.Logf("%d games, %d positions", g+1, positions)
				}
				mu.Unlock()
			}
		}()
	}
	for g := 0; g < *tuneGen; g++ {
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
	phase  float64
	add    float64
	scale  float64
	result float64 // the game's result for White
	score  float64 // the search's score, White's view
	game   int
}

func loadTuneData(t *testing.T, ev *evaluator, path string) []tuneEntry {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (generate data first with -tune.gen)", err)
	}
	defer f.Close()
	var out []tuneEntry
	var unscored []int
	var positions []*rules.Position
	lastMove, oldGame := 0, 0
	var fens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		f := strings.Split(sc.Text(), ";")
		if len(f) == 2 {
			// An older line without the search's score and the game:
			// a game ends where the move numbers start again.
			fen := strings.Fields(f[0])
			if len(fen) >= 6 {
				if n, err := strconv.Atoi(fen[5]); err == nil {
					if n < lastMove {
						oldGame++
					}
					lastMove = n
				}
			}
			f = append(f, "?", strconv.Itoa(1_000_000+oldGame))
		}
		if len(f) != 4 {
			continue
		}
		fen := f[0]
		rescore := f[2] == "?"
		if rescore {
			f[2] = "0"
		}
		r, err1 := strconv.ParseFloat(f[1], 64)
		score, err2 := strconv.ParseFloat(f[2], 64)
		game, err3 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		p, err := rules.ParseFEN(ev.variant, fen)
		if err != nil {
			continue
		}
		var tr trace
		ev.eval(p, &tr)
		e := tuneEntry{phase: float64(tr.phase) / 256, add: float64(tr.add), scale: tr.scale, result: r, score: score, game: game}
		if rescore {
			unscored = append(unscored, len(out))
			positions = append(positions, p)
		}
		for i, c := range tr.coef {
			if c != 0 {
				e.idx = append(e.idx, uint16(i))
				e.coef = append(e.coef, int16(c))
			}
		}
		out = append(out, e)
		fens = append(fens, fen)
	}
	// Lines without a score get one from a search of their own.
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng := NewEngine(16)
			for i := w; i < len(unscored); i += 2 {
				p := positions[i]
				res := eng.Search(context.Background(), p, Limits{Nodes: *tuneScore})
				out[unscored[i]].score = float64(res.Score.ForWhite(p.SideToMove()))
			}
		}()
	}
	wg.Wait()
	if len(unscored) > 0 {
		t.Logf("scored %d positions with a search of their own", len(unscored))
		// Write the scores back so the next run need not search again.
		var sb strings.Builder
		for i := range out {
			fmt.Fprintf(&sb, "%s;%g;%d;%d\n", fens[i], out[i].result, int(out[i].score), out[i].game)
		}
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// score is the evaluation of an entry under weights x (mg, eg interleaved),
// from White's point of view.
func (e *tuneEntry) eval(x []float64) float64 {
	var mg, eg float64
	for j, i := range e.idx {
		c := float64(e.coef[j])
		mg += c * x[2*int(i)]
		eg += c * x[2*int(i)+1]
	}
	return (mg*e.phase + eg*(1-e.phase) + e.add) * e.scale
}

func sigmoid(k, s float64) float64 { return 1 / (1 + math.Pow(10, -k*s/400)) }

// target is what an entry's evaluation should predict: the game's result
// blended with the search's verdict (mix of it), which tells positions of
// one game apart where the result alone cannot.
func (e *tuneEntry) target(k, mix float64) float64 {
	return (1-mix)*e.result + mix*sigmoid(k, e.score)
}

func tuneLoss(data []tuneEntry, x []float64, k, mix float64) float64 {
	sum := 0.0
	for i := range data {
		d := data[i].target(k, mix) - sigmoid(k, data[i].eval(x))
		sum += d * d
	}
	return sum / float64(len(data))
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
	all := loadTuneData(t, ev, tuneDataPath(v))
	if len(all) < 1000 {
		t.Fatalf("only %d positions in %s", len(all), tuneDataPath(v))
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
	for i, w := range ev.w {
		x[2*i], x[2*i+1] = float64(w.mg), float64(w.eg)
	}
	start := append([]float64(nil), x...)

	// The scale of the sigmoid: the K with which the current weights
	// predict the results best.
	k := 1.0
	for step := 0.5; step > 0.001; step /= 2 {
		best := tuneLoss(train, x, k, 0)
		for _, c := range []float64{k - step, k + step} {
			if c > 0 {
				if l := tuneLoss(train, x, c, 0); l < best {
					best, k = l, c
				}
			}
		}
	}
	t.Logf("%s: %d positions (%d held out), K %.3f, loss %.6f (held out %.6f)", v.ID, len(train), len(test), k, tuneLoss(train, x, k, mix), tuneLoss(test, x, k, mix))

	// Adam over the whole training set each epoch, with a light pull
	// toward the starting weights for features the data rarely shows.
	const (
		lr    = 1.0
		beta1 = 0.9
		beta2 = 0.999
	)
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
	grad := make([]float64, len(x))
	ln10 := math.Log(10)
	for epoch := 1; epoch <= *tuneEpochs; epoch++ {
		clear(grad)
		for i := range train {
			e := &train[i]
			s := sigmoid(k, e.eval(x))
			// d(loss)/d(score) for the squared error of the sigmoid.
			g := -2 * (e.target(k, mix) - s) * s * (1 - s) * k * ln10 / 400 * e.scale
			for j, idx := range e.idx {
				c := float64(e.coef[j]) * g
				grad[2*int(idx)] += c * e.phase
				grad[2*int(idx)+1] += c * (1 - e.phase)
			}
		}
		n := float64(len(train))
		for i := range x {
			if frozen[i/2] {
				continue
			}
			g := grad[i]/n + 2*lambda*(x[i]-start[i])
			m[i] = beta1*m[i] + (1-beta1)*g
			vv[i] = beta2*vv[i] + (1-beta2)*g*g
			mh := m[i] / (1 - math.Pow(beta1, float64(epoch)))
			vh := vv[i] / (1 - math.Pow(beta2, float64(epoch)))
			x[i] -= lr * mh / (math.Sqrt(vh) + 1e-8)
		}
		if epoch%50 == 0 || epoch == *tuneEpochs {
			t.Logf("epoch %d: loss %.6f (held out %.6f)", epoch, tuneLoss(train, x, k, mix), tuneLoss(test, x, k, mix))
		}
	}
	tuned := new(weights)
	for i := range tuned {
		tuned[i] = phased{int32(math.Round(x[2*i])), int32(math.Round(x[2*i+1]))}
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
