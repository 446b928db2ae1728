package main

import (
	"fmt"
	"io"
	"strings"

	"varia/ai"

	"varia/rules"
	"varia/saves"
	"varia/tui"
	"varia/tui/config"
	"varia/tui/match"
)

// runPlay opens the game: the start menu, or straight into a game with
// --variant.
func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("play", "usage: varia play "+playArgs)
	variantID := fs.String("variant", "", "variant id; skips the menu (one of "+joinIDs()+")")
	fen := fs.String("fen", "", "start from this position (needs --variant)")
	start := fs.String("start", "", startFlagHelp+" (needs --variant; the default for Chess960 is random)")
	white := fs.String("white", "human", "who plays White: human, or ai:LEVEL ("+levelNames()+")")
	black := fs.String("black", "human", "who plays Black: human, or ai:LEVEL")
	clock := fs.String("clock", "", "chess clock MINUTES+SECONDS (5+3: five minutes each, three seconds more a move), MINUTES:SECONDS+SECONDS (0:30+1), or none (default: the settings' clock)")
	screen := addScreenFlags(fs)
	pos, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "varia play: unexpected argument %q\n", pos[0])
		fs.Usage()
		return 2
	}
	opts := tui.GameOptions{Mode: match.TwoPlayers, FEN: *fen}
	if opts.Players, opts.Clock, err = playersAndClock(*white, *black, *clock); err != nil {
		fmt.Fprintf(stderr, "varia play: %v\n", err)
		return 2
	}
	if opts.View, err = screen.boardView(); err != nil {
		fmt.Fprintf(stderr, "varia play: %v\n", err)
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
	} else if *start != "" {
		fmt.Fprintln(stderr, "varia play: --start needs --variant")
		return 2
	}
	if *fen != "" && *start != "" {
		fmt.Fprintln(stderr, "varia play: give --fen or --start, not both")
		return 2
	}
	if opts.Variant != nil && opts.Variant.StartCount > 0 && *fen == "" && *start == "" {
		*start = "random" // a Chess960 game starts from any of its positions
	}
	if opts.Variant != nil && *start != "" {
		opts.StartRandom = strings.EqualFold(*start, "random")
		if opts.FEN, err = numberedStart(opts.Variant, *start); err != nil {
			fmt.Fprintf(stderr, "varia play: %v\n", err)
			return 2
		}
	}
	return screen.launch("play", opts, func(settings config.Settings, opts *tui.GameOptions) {
		if *clock == "" {
			opts.Clock = settings.Clock // the settings' clock for new games
		}
	}, stderr)
}

const playArgs = "[--variant ID] [--white human|ai:LEVEL] [--black human|ai:LEVEL] [--clock MIN+SEC] [--view square|diamond] [--fen FEN | --start N|random] [--ascii] [--no-mouse] [--config FILE]"

// playersAndClock reads the --white, --black and --clock flags.
func playersAndClock(white, black, clock string) ([2]match.Player, saves.TimeControl, error) {
	var players [2]match.Player
	var err error
	if players[rules.White], err = match.ParsePlayer(white); err != nil {
		return players, saves.TimeControl{}, fmt.Errorf("--white: %v", err)
	}
	if players[rules.Black], err = match.ParsePlayer(black); err != nil {
		return players, saves.TimeControl{}, fmt.Errorf("--black: %v", err)
	}
	tc, err := saves.ParseTimeControl(clock)
	if err != nil {
		return players, tc, fmt.Errorf("--clock: %v", err)
	}
	return players, tc, nil
}

// loadConfig reads the settings from path, or from the default place.
func loadConfig(path string) (config.Settings, *config.File) {
	if path != "" {
		return config.Load(path)
	}
	return config.LoadDefault()
}

// levelNames lists the computer's levels as --white and --black take them.
func levelNames() string {
	var names []string
	for _, l := range ai.Levels() {
		names = append(names, strings.ToLower(l.Name))
	}
	return strings.Join(names, ", ")
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
