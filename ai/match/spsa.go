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
	// params is theta+sign·ck·delta as a parameter set. With mu held.
	params := func(ck, delta []float64, sign float64) string {
		at := make([]float64, len(theta))
		for i := range theta {
			at[i] = theta[i] + sign*ck[i]*delta[i]
		}
		return SPSAParams(c.Start, c.Tune, at).String()
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
			scores := playPair(c.Variant, opening, pair, [2]Limit{c.Limit, c.Limit}, c.Adjudication, nil)
			score := 2*(scores[0]+scores[1]) - 2 // plus's points minus minus's over the pair

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

// SPSAParams is start with the tuned parameters set to the values in
// theta, rounded and clamped to their ranges.
func SPSAParams(start ai.Params, tune []ai.Param, theta []float64) ai.Params {
	p := start
	for i, d := range tune {
		d.Set(&p, int32(math.Round(theta[i])))
	}
	return p
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
