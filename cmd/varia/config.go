package main

import (
	"fmt"
	"io"
	"varia/tui/config"
)

// runConfig prints the settings file's path (creating it with the
// defaults, as a start would) and every problem in it; the exit status is
// 1 when there are problems. --defaults prints the default file instead.
func runConfig(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("config", "usage: varia config [--config FILE] [--defaults]")
	path := fs.String("config", "", "settings file (default: $XDG_CONFIG_HOME/varia/config.toml)")
	defaults := fs.Bool("defaults", false, "print the default settings file")
	pos, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "varia config: unexpected argument %q\n", pos[0])
		return 2
	}
	if *defaults {
		fmt.Fprint(stdout, config.DefaultText())
		return 0
	}
	_, file := loadConfig(*path)
	if file.Path != "" {
		fmt.Fprintln(stdout, file.Path)
	}
	if file.Created {
		fmt.Fprintln(stdout, "(created with the default settings)")
	}
	for _, p := range file.Problems {
		fmt.Fprintln(stderr, p)
	}
	if len(file.Problems) > 0 {
		return 1
	}
	return 0
}
