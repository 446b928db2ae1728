package serve

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/words"
)

// Verb is what a client asked the server for: the words after the host
// in its ssh command.
type Verb uint8

const (
	VerbLobby Verb = iota // no command: the lobby
	VerbNew               // new: create a room and wait for a friend
	VerbJoin              // join CODE: take a room's free seat, or one's own again
	VerbWatch             // watch CODE: spectate
	VerbPlay              // play: a game against the server's engine
	VerbPGN               // pgn CODE: print a room's game as PGN
)

var verbNames = [...]string{
	VerbLobby: "",
	VerbNew:   "new",
	VerbJoin:  "join",
	VerbWatch: "watch",
	VerbPlay:  "play",
	VerbPGN:   "pgn",
}

func (v Verb) String() string {
	if v == VerbLobby {
		return "lobby"
	}
	return verbNames[v]
}

// Command is a parsed client command.
type Command struct {
	Verb    Verb
	Variant *rules.Variant    // new, play
	Clock   saves.TimeControl // new
	Black   bool              // new: the creator plays Black
	Level   ai.Level          // play
	Code    string            // join, watch, pgn: normalised
}

// usageLine names every valid command; it ends each error about a
// command, so a mistyped one is answered with what would have worked.
const usageLine = "valid commands: new [--variant ID] [--clock MIN+SEC] [--black], join CODE, watch CODE, " +
	"play [--variant ID] [--level L], pgn CODE, or none for the lobby"

// ParseCommand reads a client's command. Its errors are one line, fit
// to print as they are.
func ParseCommand(args []string) (Command, error) {
	if len(args) == 0 {
		return Command{Verb: VerbLobby}, nil
	}
	name, rest := args[0], args[1:]
	switch strings.ToLower(name) {
	case "new":
		return parseNew(rest)
	case "join":
		return parseCode(VerbJoin, rest)
	case "watch":
		return parseCode(VerbWatch, rest)
	case "pgn":
		return parseCode(VerbPGN, rest)
	case "play":
		return parsePlay(rest)
	}
	return Command{}, fmt.Errorf("unknown command %s; %s", quote(name), usageLine)
}

func parseNew(args []string) (Command, error) {
	c := Command{Verb: VerbNew}
	fs := newFlags("new")
	variant := fs.String("variant", "standard", "")
	clock := fs.String("clock", "none", "")
	fs.BoolVar(&c.Black, "black", false, "")
	if err := parseFlags(fs, args); err != nil {
		return c, err
	}
	var err error
	if c.Variant, err = variantFlag("new", *variant); err != nil {
		return c, err
	}
	if c.Clock, err = saves.ParseTimeControl(*clock); err != nil {
		return c, fmt.Errorf("new: --clock: %v", err)
	}
	return c, nil
}

func parsePlay(args []string) (Command, error) {
	c := Command{Verb: VerbPlay}
	fs := newFlags("play")
	variant := fs.String("variant", "standard", "")
	level := fs.String("level", "medium", "")
	if err := parseFlags(fs, args); err != nil {
		return c, err
	}
	var err error
	if c.Variant, err = variantFlag("play", *variant); err != nil {
		return c, err
	}
	if c.Level, err = ai.LevelByName(*level); err != nil {
		return c, fmt.Errorf("play: --level: %v", err)
	}
	return c, nil
}

func parseCode(v Verb, args []string) (Command, error) {
	if len(args) != 1 {
		return Command{}, fmt.Errorf("%s takes one room code, as in \"%s K7Q2M\"; %s", v, v, usageLine)
	}
	code, err := ParseCode(args[0])
	if err != nil {
		return Command{}, fmt.Errorf("%s: %v", v, err)
	}
	return Command{Verb: v, Code: code}, nil
}

func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are returned as one line instead
	return fs
}

// parseFlags parses a command's flags and refuses words left over:
// nothing after the flags means anything.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return fmt.Errorf("%s: %s", fs.Name(), usageLine)
		}
		return fmt.Errorf("%s: %v; %s", fs.Name(), err, usageLine)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected %s; %s", fs.Name(), quote(fs.Arg(0)), usageLine)
	}
	return nil
}

func variantFlag(cmd, id string) (*rules.Variant, error) {
	v, err := rules.VariantByID(id)
	if err != nil {
		return nil, fmt.Errorf("%s: --variant %s: want one of %s", cmd, quote(id), strings.Join(rules.VariantIDs(), ", "))
	}
	return v, nil
}

// quote shows a client's word in a message: quoted, control characters
// escaped and cut short, so no client can write escape sequences into
// another's terminal or the server's log.
func quote(s string) string {
	const most = 40
	if r := []rune(s); len(r) > most {
		s = string(r[:most]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// printable is a client's text made fit for the server's log: short,
// with control characters shown as "?".
func printable(s string) string {
	return words.Truncate(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, s), 80)
}
