package main

import (
	"flag"
	"fmt"
	"io"

	"varia/tui"
	"varia/tui/board"
	"varia/tui/config"
)

// screenFlags are the flags of every subcommand that opens the terminal
// interface.
type screenFlags struct {
	view, configPath *string
	ascii, noMouse   *bool
}

func addScreenFlags(fs *flag.FlagSet) screenFlags {
	return screenFlags{
		view:       fs.String("view", "", "board view: square or diamond (default: the variant's own)"),
		ascii:      fs.Bool("ascii", false, "draw pieces as letters, for fonts without chess symbols"),
		noMouse:    fs.Bool("no-mouse", false, "ignore the mouse (lets the terminal select text)"),
		configPath: fs.String("config", "", "settings file (default: $XDG_CONFIG_HOME/varia/config.toml)"),
	}
}

func (sf screenFlags) boardView() (config.ViewChoice, error) {
	switch *sf.view {
	case "":
		return config.ViewAuto, nil
	case "square":
		return config.ViewSquare, nil
	case "diamond":
		return config.ViewDiamond, nil
	}
	return config.ViewAuto, fmt.Errorf("--view %q: want square or diamond", *sf.view)
}

// launch reads the settings, applies the flags and runs the interface.
// adjust, if not nil, may take defaults from the settings into opts.
func (sf screenFlags) launch(name string, opts tui.GameOptions, adjust func(config.Settings, *tui.GameOptions), stderr io.Writer) int {
	settings, file := loadConfig(*sf.configPath)
	if adjust != nil {
		adjust(settings, &opts)
	}
	// Problems are reported before the screen is taken over, so they are
	// still there after quitting; the menu lists them too.
	for _, p := range file.Problems {
		fmt.Fprintf(stderr, "varia: %v\n", p)
	}
	if *sf.ascii {
		settings.Pieces = board.PiecesLetters
	}
	if *sf.noMouse {
		settings.Mouse = false
	}
	settings.View = opts.View
	if err := tui.Run(settings, file, opts); err != nil {
		fmt.Fprintf(stderr, "varia %s: %v\n", name, err)
		return 1
	}
	return 0
}
