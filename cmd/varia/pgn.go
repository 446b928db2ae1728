package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"varia/saves"
)

// runPGN checks PGN files game by game with each variant's rules and
// prints one line per game: its number in the file, the result, the
// number of plies and the final FEN. With several files, a header line
// "==> FILE <==" comes before each file's games. The first bad game stops
// the run with FILE:LINE:COL: message and status 1.
func runPGN(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pgn", flag.ContinueOnError)
	uci := fs.Bool("uci", false, "print each game's moves in UCI form on the line after it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: varia pgn [--uci] FILE...")
		fmt.Fprintln(stderr, "Checks every game with its variant's rules and prints one line per game:")
		fmt.Fprintln(stderr, "N RESULT PLIES FINAL-FEN")
		fs.PrintDefaults()
	}
	files, err := parseFlags(fs, args, stderr)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	for i, name := range files {
		if len(files) > 1 {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "==> %s <==\n", name)
		}
		if err := summarise(name, *uci, stdout); err != nil {
			var pe *saves.ParseError
			if errors.As(err, &pe) {
				fmt.Fprintln(stderr, pe)
			} else {
				fmt.Fprintf(stderr, "varia pgn: %v\n", err)
			}
			return 1
		}
	}
	return 0
}

// summarise prints the summary of each game of one file as it is read.
func summarise(name string, uci bool, stdout io.Writer) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	r := saves.NewReader(f, name)
	for {
		sg, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		g := sg.Game
		history := g.History()
		fmt.Fprintf(stdout, "%d %s %d %s\n", sg.Number, g.Result().Status.PGN(), len(history), g.Position().FEN())
		if uci {
			moves := make([]string, len(history))
			for i, rec := range history {
				moves[i] = rec.Move.UCI()
			}
			if len(moves) == 0 {
				moves = []string{"-"}
			}
			fmt.Fprintln(stdout, "  "+strings.Join(moves, " "))
		}
	}
}
