package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"varia/tui"
)

const replayArgs = "FILE [--game N] [--view square|diamond] [--ascii] [--no-mouse] [--config FILE]"

// runReplay opens the replay viewer on a PGN file: the game named by
// --game, the only one, or a list to choose from.
func runReplay(args []string, _, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	game := fs.Int("game", 0, "the game to show, from 1, in a file of several (default: choose from a list)")
	view := fs.String("view", "", "board view: square or diamond (default: the variant's own)")
	ascii := fs.Bool("ascii", false, "draw pieces as letters, for fonts without chess symbols")
	noMouse := fs.Bool("no-mouse", false, "ignore the mouse (lets the terminal select text)")
	configPath := fs.String("config", "", "settings file (default: $XDG_CONFIG_HOME/varia/config.toml)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: varia replay "+replayArgs)
		fs.PrintDefaults()
	}
	files, err := parseFlags(fs, args, stderr)
	if err != nil {
		return 2
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
	switch *view {
	case "":
	case "square":
		opts.View = tui.ViewSquare
	case "diamond":
		opts.View = tui.ViewDiamond
	default:
		fmt.Fprintf(stderr, "varia replay: --view %q: want square or diamond\n", *view)
		return 2
	}
	if _, err := os.Stat(files[0]); err != nil {
		fmt.Fprintf(stderr, "varia replay: %v\n", err)
		return 1
	}
	settings, file := loadConfig(*configPath)
	for _, p := range file.Problems {
		fmt.Fprintf(stderr, "varia: %v\n", p)
	}
	if *ascii {
		settings.Pieces = tui.PiecesLetters
	}
	if *noMouse {
		settings.Mouse = false
	}
	settings.View = opts.View
	if err := tui.Run(settings, file, opts); err != nil {
		fmt.Fprintf(stderr, "varia replay: %v\n", err)
		return 1
	}
	return 0
}
