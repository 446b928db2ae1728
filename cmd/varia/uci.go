package main

import (
	"fmt"
	"io"
	"os"

	"varia/ai"
)

func runUCI(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("uci", "usage: varia uci   (then speak UCI on standard input and output)")
	pos, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	if len(pos) != 0 {
		fs.Usage()
		return 2
	}
	if err := ai.UCI(os.Stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "varia uci: %v\n", err)
		return 1
	}
	return 0
}
