package main

import (
	"fmt"
	"io"

	"varia/saves"
	"varia/tui"
)

const replayArgs = "FILE [--game N] [--view square|diamond] [--ascii] [--no-mouse] [--config FILE]"

// runReplay opens the replay viewer on a PGN file: the game named by
// --game, the only one, or a list to choose from.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("replay", "usage: varia replay "+replayArgs)
	game := fs.Int("game", 0, "the game to show, from 1, in a file of several (default: choose from a list)")
	screen := addScreenFlags(fs)
	files, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	if len(files) != 1 {
		fs.Usage()
		return 2
	}
	if *game < 0 {
		fmt.Fprintf(stderr, "varia replay: --game %d: games are numbered from 1\n", *game)
		return 2
	}
	opts := tui.GameOptions{ReplayFile: files[0], ReplayGame: *game}
	if opts.View, err = screen.boardView(); err != nil {
		fmt.Fprintf(stderr, "varia replay: %v\n", err)
		return 2
	}
	// A file that cannot be read at all is said before the screen is
	// taken over; its games are listed once the program runs.
	f, err := saves.OpenRegular(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "varia replay: %v\n", err)
		return 1
	}
	f.Close()
	return screen.launch("replay", opts, nil, stderr)
}
