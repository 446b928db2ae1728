// Command varia is a terminal game of chess variants.
//
//	varia                 start menu
//	varia play            play (--variant ID skips the menu)
//	varia replay FILE     step through a saved game
//	varia perft DEPTH     count legal move trees (move generator check)
//	varia pgn FILE...     check PGN files
//	varia analyse FILE    annotate games with the engine's judgement
//	varia serve           host games over SSH
//	varia uci             the engine, for other chess programs
//	varia bench           search speed and node signature
//	varia config          where the settings file is, and what is wrong in it
//
// Run "varia help" for every subcommand.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// command is one subcommand; run returns the process exit status.
type command struct {
	name, args, summary string
	run                 func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"play", playArgs, "play at one keyboard, or against the computer (the menu without --variant)", runPlay},
		{"replay", replayArgs, "step through a saved game; c continues it as a live game", runReplay},
		{"config", "[--config FILE] [--defaults]", "show where the settings file is and check it", runConfig},
		{"perft", perftArgs, "count the legal move tree of a position", runPerft},
		{"pgn", "[--uci] FILE...", "check PGN files; one line per game: N RESULT PLIES FINAL-FEN", runPGN},
		{"analyse", analyseArgs, "annotate a PGN file's games with the engine's evaluations and mistakes", runAnalyse},
		{"serve", serveArgs, "host games over SSH: friends play and watch with the ssh command, nothing to install", runServe},
		{"uci", "", "run as a UCI engine on standard input and output", runUCI},
		{"bench", "[--depth N] [--variant ID] [--threads N] [--speedup]", "search fixed positions; print total nodes and nodes/second (or the threads' speedup)", runBench},
		{"help", "", "show this help", runHelp},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	// No subcommand, or only flags: the game (start menu).
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" {
		return runPlay(args, stdout, stderr)
	}
	name := args[0]
	if name == "-h" || name == "--help" {
		name = "help"
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "varia: unknown command %q\n", args[0])
	runHelp(nil, stderr, stderr)
	return 2
}

func runHelp(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, "Varia: chess variants in the terminal.")
	fmt.Fprintln(stdout, "\nUsage:")
	for _, c := range commands {
		fmt.Fprintf(stdout, "  %s\n      %s\n", strings.TrimSpace("varia "+c.name+" "+c.args), c.summary)
	}
	return 0
}
