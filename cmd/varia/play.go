package main

import (
	"flag"
	"fmt"
	"io"

	"varia/rules"
	"varia/tui"
)

// runPlay opens the game: the start menu, or straight into a game with
// --variant.
func runPlay(args []string, _, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	variantID := fs.String("variant", "", "variant id; skips the menu (one of "+joinIDs()+")")
	view := fs.String("view", "", "board view: square or diamond (default: the variant's own)")
	fen := fs.String("fen", "", "start from this position (needs --variant)")
	ascii := fs.Bool("ascii", false, "draw pieces as letters, for fonts without chess symbols")
	noMouse := fs.Bool("no-mouse", false, "ignore the mouse (lets the terminal select text)")
	configPath := fs.String("config", "", "settings file (default: $XDG_CONFIG_HOME/varia/config.toml)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: varia play "+playArgs)
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, args, stderr)
	if err != nil {
		return 2
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "varia play: unexpected argument %q\n", pos[0])
		fs.Usage()
		return 2
	}
	opts := tui.GameOptions{Mode: tui.TwoPlayers, FEN: *fen}
	switch *view {
	case "":
	case "square":
		opts.View = tui.ViewSquare
	case "diamond":
		opts.View = tui.ViewDiamond
	default:
		fmt.Fprintf(stderr, "varia play: --view %q: want square or diamond\n", *view)
		return 2
	}
	if *variantID != "" {
		if opts.Variant, err = rules.VariantByID(*variantID); err != nil {
			fmt.Fprintf(stderr, "varia play: %v\n", err)
			return 2
		}
	} else if *fen != "" {
		fmt.Fprintln(stderr, "varia play: --fen needs --variant")
		return 2
	}
	settings, file := loadConfig(*configPath)
	// Problems are reported before the screen is taken over, so they are
	// still there after quitting; the menu lists them too.
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
		fmt.Fprintf(stderr, "varia play: %v\n", err)
		return 1
	}
	return 0
}

const playArgs = "[--variant ID] [--view square|diamond] [--fen FEN] [--ascii] [--no-mouse] [--config FILE]"

// loadConfig reads the settings from path, or from the default place.
func loadConfig(path string) (tui.Settings, *tui.ConfigFile) {
	if path != "" {
		return tui.LoadConfig(path)
	}
	return tui.LoadDefaultConfig()
}

func joinIDs() string {
	s := ""
	for i, id := range rules.VariantIDs() {
		if i > 0 {
			s += ", "
		}
		s += id
	}
	return s
}
