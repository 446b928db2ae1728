package ai

import (
	"context"
	"testing"
	"time"

	"varia/rules"
)

// BenchmarkSearch searches the bench positions of each variant to a fixed
// depth and reports nodes per second (the figure `varia bench` prints).
func BenchmarkSearch(b *testing.B) {
	for _, v := range rules.Variants() {
		b.Run(v.ID, func(b *testing.B) {
			var nodes uint64
			var searching time.Duration // excludes clearing the table
			for i := 0; i < b.N; i++ {
				res, err := Bench(context.Background(), 8, v)
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range res {
					nodes += r.Nodes
					searching += r.Elapsed
				}
			}
			b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
		})
	}
}

// BenchmarkEvaluate measures the static evaluation of a middlegame, as the
// search makes it: with the pawn structure found in its cache.
func BenchmarkEvaluate(b *testing.B) {
	p, err := rules.ParseFEN(rules.Standard, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	ev := newEvaluator(rules.Standard)
	cache := new(evalCache)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ev.eval(p, nil, cache)
	}
}
