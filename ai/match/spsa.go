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

// SPSAConfig tunes Varia's search parameters by simultaneous perturbation
// stochastic approximation, as engine testing frameworks do: each
// iteration moves every tuned parameter a step up or down at random,
// plays a pair of games (colours swapped) between the two sides of that
// step, and moves the parameters toward the side that scored more.
type SPSAConfig struct {
	Variant    *rules.Variant
	Limit      Limit
	Iterations int // game pairs in the whole run
	// First is the iteration to start from (0 for a new run): a run
	// stopped after k iterations goes on with First = k and Start set to
	// the values it reached, with the same gains as if never stopped.
	First       int
	Start       ai.Params
	Tune        []ai.Param // the parameters to move; the rest stay at Start
	REnd        float64    // the learning rate at the end (a/c² in the usual notation)
	Seed        int64
	Concurrency int
	// Openings as in Config.
	OpeningPlies, BalanceDepth, Balance int
	Adjudication                        Adjudication
	// Log receives a line every LogEvery iterations with the current values.
	Log      io.Writer
	LogEvery int
}

// SPSA runs the tuning and returns where the parameters ended, as
// fractional values (round them to use them).
func SPSA(ctx context.Context, c SPSAConfig) ([]float64, error) {
	const alpha, gamma = 0.602, 0.101
	n := float64(c.Iterations)
	bigA := 0.1 * n
	theta := make([]float64, len(c.Tune))
	for i, d := range c.Tune {
		theta[i] = float64(d.Get(&c.Start))
	}
	// Each parameter's perturbation shrinks to its Step and its gain to
	// REnd·Step² by the last iteration.
	cOf := func(i int, k float64) float64 { return c.Tune[i].Step * math.Pow(n, gamma) / math.Pow(k, gamma) }
	aOf := func(i int, k float64) float64 {
		return c.REnd * c.Tune[i].Step * c.Tune[i].Step * math.Pow(bigA+n, alpha) / math.Pow(bigA+k, alpha)
	}
	openings := Openings(c.Variant, c.Iterations-c.First, c.OpeningPlies, c.BalanceDepth, c.Balance, c.Seed)
	if len(openings) == 0 {
		return theta, fmt.Errorf("spsa: no openings in %s", c.Variant.ID)
	}
	rng := rand.New(rand.NewSource(c.Seed))
	var mu sync.Mutex
	next := c.First
	var played, wins, losses int
	logf := func(format string, args ...any) {
		if c.Log != nil {
			fmt.Fprintf(c.Log, format+"\n", args...)
		}
	}
	// params rounds theta+sign·ck·delta into a parameter set. With mu held.
	params := func(ck, delta []float64, sign float64) string {
		p := c.Start
		for i, d := range c.Tune {
			d.Set(&p, int32(math.Round(theta[i]+sign*ck[i]*delta[i])))
		}
		return p.String()
	}
	worker := func() error {
		var pair [2]*engine
		for i, name := range []string{"plus", "minus"} {
			e, err := start(Spec{Name: name})
			if err != nil {
				return err
			}
			defer e.close()
			pair[i] = e
		}
		for ctx.Err() == nil {
			mu.Lock()
			if next >= c.Iterations {
				mu.Unlock()
				return nil
			}
			k := next
			next++
			opening := openings[(k-c.First)%len(openings)]
			ck, ak, delta := make([]float64, len(theta)), make([]float64, len(theta)), make([]float64, len(theta))
			for i := range theta {
				ck[i], ak[i] = cOf(i, float64(k+1)), aOf(i, float64(k+1))
				delta[i] = float64(2*rng.Intn(2) - 1)
			}
			plus, minus := params(ck, delta, 1), params(ck, delta, -1)
			mu.Unlock()

			for i, p := range []string{plus, minus} {
				if p == "" {
					p = "<empty>"
				}
				pair[i].send("setoption name SearchParams value " + p)
			}
			var score float64 // plus's points minus minus's over the pair
			for g := 0; g < 2; g++ {
				a := &side{eng: pair[0], limit: c.Limit}
				b := &side{eng: pair[1], limit: c.Limit}
				white, black := a, b
				if g == 1 {
					white, black = b, a
				}
				game := play(c.Variant, opening, white, black, c.Adjudication)
				s := game.Score
				if g == 1 {
					s = 1 - s
				}
				score += 2*s - 1
			}

			mu.Lock()
			for i, d := range c.Tune {
				theta[i] += ak[i] * score * delta[i] / ck[i]
				theta[i] = max(float64(d.Min), min(theta[i], float64(d.Max)))
			}
			played++
			switch {
			case score > 0:
				wins++
			case score < 0:
				losses++
			}
			if c.LogEvery > 0 && played%c.LogEvery == 0 {
				logf("iteration %d: pairs won by plus %d, by minus %d, even %d; %s", k+1, wins, losses, played-wins-losses, formatTheta(c.Tune, theta))
			}
			mu.Unlock()
		}
		return ctx.Err()
	}
	var wg sync.WaitGroup
	errs := make([]error, max(1, c.Concurrency))
	for w := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = worker()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil && err != context.Canceled {
			return theta, err
		}
	}
	return theta, nil
}

// formatTheta writes fractional parameter values as name=value pairs.
func formatTheta(tune []ai.Param, theta []float64) string {
	s := ""
	for i, d := range tune {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf("%s=%.1f", d.Name, theta[i])
	}
	return s
}
