package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"varia/ai"
	"varia/rules"
)

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "usage: varia bench [--depth N] [--variant ID] [--threads N] [--speedup]")
	depth := fs.Int("depth", ai.DefaultBenchDepth, "search depth for every position")
	variantID := fs.String("variant", "", "bench only this variant (default: all)")
	threads := fs.Int("threads", 1, "search threads (more than one: node counts vary from run to run)")
	speedup := fs.Bool("speedup", false, "run with one thread, then with --threads (default: every core, at least 2), and print the time-to-depth ratio")
	pos, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
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
	if *threads < 1 || *threads > ai.MaxThreads {
		fmt.Fprintf(stderr, "varia bench: --threads %d is not from 1 to %d\n", *threads, ai.MaxThreads)
		return 2
	}
	if *speedup {
		if !flagGiven(fs, "threads") {
			// One thread against one thread says nothing.
			*threads = max(2, min(runtime.NumCPU(), ai.MaxThreads))
		}
		return benchSpeedup(*depth, *threads, variants, stdout, stderr)
	}
	results, err := ai.BenchThreads(context.Background(), *depth, *threads, variants...)
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

// benchSpeedup times the bench to depth with one thread and with threads,
// variant by variant, and prints how many times faster the threads were.
func benchSpeedup(depth, threads int, variants []*rules.Variant, stdout, stderr io.Writer) int {
	one, err := ai.BenchThreads(context.Background(), depth, 1, variants...)
	if err != nil {
		fmt.Fprintf(stderr, "varia bench: %v\n", err)
		return 1
	}
	many, err := ai.BenchThreads(context.Background(), depth, threads, variants...)
	if err != nil {
		fmt.Fprintf(stderr, "varia bench: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%-13s %12s %12s %8s\n", "variant", "1 thread", plural(threads, "thread", "threads"), "speedup")
	var t1, tn time.Duration
	for i := range one {
		fmt.Fprintf(stdout, "%-13s %11.2fs %11.2fs %7.2fx\n", one[i].Variant.ID, one[i].Elapsed.Seconds(), many[i].Elapsed.Seconds(),
			one[i].Elapsed.Seconds()/max(many[i].Elapsed.Seconds(), 1e-9))
		t1 += one[i].Elapsed
		tn += many[i].Elapsed
	}
	fmt.Fprintf(stdout, "\nDepth: %d\nTime to depth: %.2fs with 1 thread, %.2fs with %d\nSpeedup: %.2fx\n", depth, t1.Seconds(), tn.Seconds(), threads, t1.Seconds()/max(tn.Seconds(), 1e-9))
	return 0
}
