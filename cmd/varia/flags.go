package main

import (
	"flag"
	"io"
)

// parseFlags parses flags that may stand before, between or after the
// positional arguments ("varia perft 5 --divide" works as well as
// "varia perft --divide 5"), and returns the positional ones.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	fs.SetOutput(stderr)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}
