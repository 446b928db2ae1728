package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"time"

	"varia/rules"
)

const perftArgs = "[--variant ID] [--fen FEN | --start N|random] [--divide [--chess960]] DEPTH"

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft", "usage: varia perft "+perftArgs)
	variantID := fs.String("variant", "standard", "variant id")
	fen := fs.String("fen", "", "position to count from (default: the variant's start)")
	startFlag := fs.String("start", "", startFlagHelp)
	divide := fs.Bool("divide", false, "print the count below each legal move")
	chess960 := fs.Bool("chess960", false, "with --divide, write castles as the king taking its rook (e1h1), as UCI_Chess960 does")
	pos, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(pos[0])
	if err != nil || depth < 0 || depth > 20 {
		fmt.Fprintf(stderr, "varia perft: depth %q is not a number from 0 to 20\n", pos[0])
		return 2
	}
	v, err := rules.VariantByID(*variantID)
	if err != nil {
		fmt.Fprintf(stderr, "varia perft: %v\n", err)
		return 2
	}
	p := rules.NewPosition(v)
	if *fen != "" && *startFlag != "" {
		fmt.Fprintln(stderr, "varia perft: give --fen or --start, not both")
		return 2
	}
	if *startFlag != "" {
		s, err := numberedStart(v, *startFlag)
		if err != nil {
			fmt.Fprintf(stderr, "varia perft: %v\n", err)
			return 2
		}
		*fen = s
	}
	if *fen != "" {
		if p, err = rules.ParseFEN(v, *fen); err != nil {
			fmt.Fprintf(stderr, "varia perft: %v\n", err)
			return 2
		}
	}

	start := time.Now()
	var nodes uint64
	if *divide && depth > 0 {
		entries := p.Divide(depth)
		lines := make([]string, len(entries))
		for i, e := range entries {
			lines[i] = fmt.Sprintf("%s %d", p.UCIMove(e.Move, *chess960), e.Nodes)
			nodes += e.Nodes
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(stdout, l)
		}
		fmt.Fprintln(stdout)
	} else {
		nodes = p.Perft(depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "Nodes: %d\n", nodes)
	fmt.Fprintf(stderr, "Time: %.3fs (%.1f M nodes/s)\n", elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
	return 0
}
