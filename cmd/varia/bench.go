package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"varia/ai"
	"varia/rules"
)

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	depth := fs.Int("depth", ai.DefaultBenchDepth, "search depth for every position")
	variantID := fs.String("variant", "", "bench only this variant (default: all)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: varia bench [--depth N] [--variant ID]")
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, args, stderr)
	if err != nil {
		return 2
	}
	if len(pos) != 0 {
		fs.Usage()
		return 2
	}
	if *depth < 1 || *depth > ai.MaxPly-8 {
		fmt.Fprintf(stderr, "varia bench: --depth %d is not from 1 to %d\n", *depth, ai.MaxPly-8)
		return 2
	}
	var variants []*rules.Variant
	if *variantID != "" {
		v, err := rules.VariantByID(*variantID)
		if err != nil {
			fmt.Fprintf(stderr, "varia bench: %v\n", err)
			return 2
		}
		variants = append(variants, v)
	}
	results, err := ai.Bench(context.Background(), *depth, variants...)
	if err != nil {
		fmt.Fprintf(stderr, "varia bench: %v\n", err)
		return 1
	}
	var nodes uint64
	var elapsed time.Duration
	fmt.Fprintf(stdout, "%-13s %9s %12s %12s\n", "variant", "positions", "nodes", "nodes/s")
	for _, r := range results {
		fmt.Fprintf(stdout, "%-13s %9d %12d %12.0f\n", r.Variant.ID, r.Positions, r.Nodes, r.NPS())
		nodes += r.Nodes
		elapsed += r.Elapsed
	}
	fmt.Fprintf(stdout, "\nDepth: %d\nNodes: %d\nNodes/second: %.0f\nTime: %.3fs\n", *depth, nodes, float64(nodes)/max(elapsed.Seconds(), 1e-9), elapsed.Seconds())
	return 0
}
