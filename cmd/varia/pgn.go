package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"varia/saves"
)

// runPGN checks PGN files game by game with each variant's rules and
// prints one line per game: its number in the file, the result, the
// number of plies and the final FEN. With several files, a header line
// "==> FILE <==" comes before each file's games. A game that cannot be
// read is reported on standard error as FILE:LINE:COL: message and the
// next games are read all the same; so is a warning (a game read past
// an automatic draw, text after a result). The exit status is 1 when any
// game or file could not be read.
func runPGN(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("pgn", "usage: varia pgn [--uci] FILE...", "Checks every game with its variant's rules and prints one line per game:", "N RESULT PLIES FINAL-FEN")
	uci := fs.Bool("uci", false, "print each game's moves in UCI form on the line after it")
	files, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	for i, name := range files {
		if len(files) > 1 {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "==> %s <==\n", name)
		}
		if !summarise(name, *uci, stdout, stderr) {
			status = 1
		}
	}
	return status
}

// summarise prints the summary of each game of one file as it is read,
// and what is wrong with the others; false when anything was.
func summarise(name string, uci bool, stdout, stderr io.Writer) bool {
	f, err := saves.OpenRegular(name)
	if err != nil {
		fmt.Fprintf(stderr, "varia pgn: %v\n", err)
		return false
	}
	defer f.Close()
	r := saves.NewReader(f, name)
	ok := true
	for {
		sg, err := r.Next()
		if errors.Is(err, io.EOF) {
			return ok
		}
		var pe *saves.ParseError
		switch {
		case errors.As(err, &pe):
			fmt.Fprintln(stderr, pe)
			ok = false
			continue
		case err != nil:
			fmt.Fprintf(stderr, "varia pgn: %v\n", err)
			return false
		}
		for _, w := range sg.Warnings {
			fmt.Fprintln(stderr, w)
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
