package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// oneDash finds a flag written with one dash in the flag package's
// messages ("flag provided but not defined: -x").
var oneDash = regexp.MustCompile(`(^|\s)-(\w)`)

// newFlagSet is a subcommand's flags; its usage is the usage line, any
// lines of explanation, then each flag in the --flag spelling the usage
// line and the README use.
func newFlagSet(name string, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		out := fs.Output()
		for _, line := range usage {
			fmt.Fprintln(out, line)
		}
		printFlags(out, fs)
	}
	return fs
}

// printFlags lists a flag set's flags as "--name VALUE" with their help,
// as flag.PrintDefaults does but with two dashes.
func printFlags(out io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		if len(line) <= 6 {
			line += "\t"
		} else {
			line += "\n    \t"
		}
		line += strings.ReplaceAll(usage, "\n", "\n    \t")
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			def := strconv.Quote(f.DefValue)
			if g, ok := f.Value.(flag.Getter); ok {
				if _, isString := g.Get().(string); !isString {
					def = f.DefValue // quoted only when a string, as the flag package writes it
				}
			}
			line += " (default " + def + ")"
		}
		fmt.Fprintln(out, line)
	})
}

// parseFlags parses flags that may stand before, between or after the
// positional arguments ("varia perft 5 --divide" works as well as
// "varia perft --divide 5"), and returns the positional ones. Asked for
// help (-h, --help), it prints the usage on stdout and returns
// flag.ErrHelp; a mistake is explained on stderr.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) ([]string, error) {
	for _, a := range args {
		if a == "--" {
			break
		}
		switch a {
		case "-h", "--h", "-help", "--help":
			fs.SetOutput(stdout)
			fs.Usage()
			return nil, flag.ErrHelp
		}
	}
	fs.SetOutput(io.Discard) // its own messages spell flags with one dash
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			fmt.Fprintf(stderr, "varia %s: %s\n", fs.Name(), oneDash.ReplaceAllString(err.Error(), "$1--$2"))
			fs.SetOutput(stderr)
			fs.Usage()
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			fs.SetOutput(stderr) // for the command's own fs.Usage
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// exitStatus is a subcommand's exit status when its flags could not be
// parsed: success after printing the help asked for, 2 for a mistake.
func exitStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// flagGiven reports whether the command line set the flag named name.
func flagGiven(fs *flag.FlagSet, name string) (given bool) {
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
