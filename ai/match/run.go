package match

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand"
	"sync"

	"varia/ai"
	"varia/rules"
)

// Config is a match: two engines, each with its limit, playing pairs of
// games in each variant from the same openings with colours swapped.
type Config struct {
	Engines  [2]Spec
	Limits   [2]Limit
	Variants []*rules.Variant
	Games    int // per variant, rounded up to pairs
	// OpeningPlies random moves start each pair's games; BalanceDepth > 0
	// rejects openings Varia scores beyond Balance centipawns at that
	// depth, so few games are decided by the dice.
	OpeningPlies int
	BalanceDepth int
	Balance      int
	Seed         int64
	Concurrency  int
	Adjudication Adjudication
	// SPRT, when Elo1 > Elo0, stops the match once the test decides
	// between "Elo0 stronger" and "Elo1 stronger" (alpha = beta = 5%).
	Elo0, Elo1 float64
	// Log receives a line per game and a summary after each pair.
	Log io.Writer
	// Games receives each finished game, if set.
	OnGame func(Game)
}

// Result is a match's outcome, per variant and overall.
type Result struct {
	PerVariant map[string]*Stats
	Total      Stats
	// Decision is "H1" (the first engine is at least Elo1 stronger), "H0"
	// or "" when the SPRT did not stop the match.
	Decision string
}

// Opening is where a pair of games starts: a start position and random
// moves from it.
type Opening struct {
	Start string // FEN of the start; empty for the variant's own
	Moves []rules.Move
}

// Position returns the opening's position after its moves.
func (o Opening) Position(v *rules.Variant) (*rules.Position, error) {
	p := rules.NewPosition(v)
	if o.Start != "" {
		var err error
		if p, err = rules.ParseFEN(v, o.Start); err != nil {
			return nil, err
		}
	}
	for _, m := range o.Moves {
		p.Make(m)
	}
	return p, nil
}

// Openings returns n different random openings of plies moves in v,
// balanced as the config asks, the same for the same seed. In Chess960
// each starts from a start position drawn at random.
func Openings(v *rules.Variant, n, plies, balanceDepth, balance int, seed int64) []Opening {
	r := rand.New(rand.NewSource(seed ^ int64(len(v.ID))*0x5DEECE66D))
	seen := map[uint64]bool{}
	var out []Opening
	eng := ai.NewEngine(8)
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		var o Opening
		if v == rules.Chess960 {
			o.Start, _ = rules.Chess960Start(r.Intn(960))
		}
		p, err := o.Position(v)
		if err != nil {
			break
		}
		for i := 0; i < plies; i++ {
			legal := p.Legal()
			if len(legal) == 0 {
				break
			}
			m := legal[r.Intn(len(legal))]
			p.Make(m)
			o.Moves = append(o.Moves, m)
		}
		if len(o.Moves) < plies || len(p.Legal()) == 0 || seen[p.Key()] {
			continue
		}
		if balanceDepth > 0 {
			res := eng.Search(context.Background(), p, ai.Limits{Depth: balanceDepth})
			if res.Score.IsMate() || math.Abs(float64(res.Score)) > float64(balance) {
				continue
			}
		}
		seen[p.Key()] = true
		out = append(out, o)
	}
	return out
}

// playPair plays the two games of an opening, the first engine White in
// the first, and returns the first engine's score in each. played, if
// set, gets each game as it ends.
func playPair(v *rules.Variant, opening Opening, pair [2]*engine, limits [2]Limit, adj Adjudication, played func(g int, game Game)) (scores [2]float64) {
	for g := range scores {
		a := &side{eng: pair[0], limit: limits[0]}
		b := &side{eng: pair[1], limit: limits[1]}
		white, black := a, b
		if g == 1 {
			white, black = b, a
		}
		game := play(v, opening, white, black, adj)
		scores[g] = game.Score
		if g == 1 {
			scores[g] = 1 - game.Score
		}
		if played != nil {
			played(g, game)
		}
	}
	return scores
}

// Run plays the match. Cancelling ctx stops it after the games being
// played.
func Run(ctx context.Context, c Config) (Result, error) {
	res := Result{PerVariant: map[string]*Stats{}}
	if c.Concurrency < 1 {
		c.Concurrency = 1
	}
	logf := func(format string, args ...any) {
		if c.Log != nil {
			fmt.Fprintf(c.Log, format+"\n", args...)
		}
	}
	type job struct {
		v       *rules.Variant
		opening Opening
		n       int
	}
	jobs := make(chan job)
	var mu sync.Mutex
	sprt := c.Elo1 > c.Elo0
	lower, upper := SPRTBounds(0.05, 0.05)
	stopCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	var engines pool
	defer engines.closeAll()
	for w := 0; w < c.Concurrency; w++ {
		var pair [2]*engine
		for i := range pair {
			e, err := start(c.Engines[i])
			if err != nil {
				return res, err
			}
			engines.add(e)
			pair[i] = e
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				scores := playPair(j.v, j.opening, pair, c.Limits, c.Adjudication, func(g int, game Game) {
					mu.Lock()
					logf("%s #%d: %s - %s  %s (%s) after %d plies", j.v.ID, j.n+g+1, game.White, game.Black,
						map[float64]string{1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[game.Score], game.Reason, len(game.Moves))
					if c.OnGame != nil {
						c.OnGame(game)
					}
					mu.Unlock()
				})
				mu.Lock()
				st := res.PerVariant[j.v.ID]
				if st == nil {
					st = new(Stats)
					res.PerVariant[j.v.ID] = st
				}
				st.Add(scores[0], scores[1])
				res.Total.Add(scores[0], scores[1])
				line := fmt.Sprintf("%s vs %s: %v", c.Engines[0].Name, c.Engines[1].Name, res.Total)
				if sprt {
					llr := res.Total.LLR(c.Elo0, c.Elo1)
					line += fmt.Sprintf(", LLR %.2f [%.2f, %.2f]", llr, lower, upper)
					if res.Decision == "" && (llr <= lower || llr >= upper) {
						res.Decision = map[bool]string{true: "H1", false: "H0"}[llr >= upper]
						stop()
					}
				}
				logf("%s", line)
				mu.Unlock()
			}
		}()
	}
feed:
	for _, v := range c.Variants {
		pairs := (c.Games + 1) / 2
		for i, o := range Openings(v, pairs, c.OpeningPlies, c.BalanceDepth, c.Balance, c.Seed) {
			select {
			case jobs <- job{v, o, 2 * i}:
			case <-stopCtx.Done():
				break feed
			}
		}
	}
	close(jobs)
	wg.Wait()
	return res, nil
}
