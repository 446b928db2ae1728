package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"varia/ai"
	"varia/ai/review"
	"varia/rules"
	"varia/saves"
	"varia/tui/analysis"
)

const analyseArgs = "[--depth N | --movetime MS] [--game N] [--variant ID] FILE"

// defaultAnalyseDepth is the depth of each position's search when
// neither --depth nor --movetime is given.
const defaultAnalyseDepth = 12

// runAnalyse annotates the games of a PGN file with the engine's
// evaluation of every position and its judgement of every move, and
// writes them to stdout as PGN. Progress and a summary of each game go to
// stderr; a game that cannot be read is reported there as varia pgn
// reports it, and the others are annotated all the same (the exit status
// is then 1).
func runAnalyse(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("analyse", "usage: varia analyse "+analyseArgs,
		"Writes the games of FILE to standard output as PGN, each move with the engine's",
		"evaluation ([%eval]) and inaccuracies, mistakes and blunders marked ($6, $2, $4)",
		"with the better move.")
	depth := fs.Int("depth", 0, fmt.Sprintf("search each position to this depth (default %d)", defaultAnalyseDepth))
	movetime := fs.Int("movetime", 0, "search each position for this many milliseconds instead")
	game := fs.Int("game", 0, "annotate only this game, from 1 (default: all)")
	variantID := fs.String("variant", "", "the variant of games without a Variant tag (default: chess)")
	files, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "varia analyse: "+format+"\n", a...)
		return 2
	}
	switch {
	case len(files) != 1:
		fs.SetOutput(stderr)
		fs.Usage()
		return 2
	case *depth != 0 && *movetime != 0:
		return fail("--depth and --movetime: give one of them")
	case *depth < 0 || *depth > ai.MaxPly-8:
		return fail("--depth %d: from 1 to %d", *depth, ai.MaxPly-8)
	case *movetime < 0:
		return fail("--movetime %d: a number of milliseconds above 0", *movetime)
	case *game < 0:
		return fail("--game %d: games are numbered from 1", *game)
	}
	lim, how := ai.Limits{Depth: defaultAnalyseDepth}, fmt.Sprintf("depth %d", defaultAnalyseDepth)
	switch {
	case *depth > 0:
		lim.Depth, how = *depth, fmt.Sprintf("depth %d", *depth)
	case *movetime > 0:
		lim = ai.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond}
		how = fmt.Sprintf("%d ms a position", *movetime)
	}
	var variant *rules.Variant
	if *variantID != "" {
		if variant, err = rules.VariantByID(*variantID); err != nil {
			return fail("--variant: %v", err)
		}
	}

	name := files[0]
	ix, err := saves.IndexFile(context.Background(), name, nil)
	if err != nil {
		fmt.Fprintf(stderr, "varia analyse: %v\n", err)
		return 1
	}
	ix.Variant = variant
	if *game > len(ix.Games) {
		fmt.Fprintf(stderr, "varia analyse: %s has %s; there is no game %d\n", name, countGames(len(ix.Games)), *game)
		return 1
	}
	a := analyser{eng: ai.NewEngine(0), lim: lim, how: how, stderr: stderr, live: isTerminal(stderr), total: len(ix.Games)}
	status := 0
	for i := range ix.Games {
		if *game > 0 && i != *game-1 {
			continue
		}
		sg, err := ix.Read(i)
		var pe *saves.ParseError
		switch {
		case errors.As(err, &pe):
			fmt.Fprintln(stderr, pe)
			status = 1
			continue
		case err != nil:
			fmt.Fprintf(stderr, "varia analyse: %v\n", err)
			return 1
		}
		for _, w := range sg.Warnings {
			fmt.Fprintln(stderr, w)
		}
		a.annotate(sg, i+1)
		if err := sg.Write(stdout); err != nil {
			fmt.Fprintf(stderr, "varia analyse: game %d: %v\n", i+1, err)
			status = 1
		}
	}
	return status
}

// analyser annotates games one after another on one engine.
type analyser struct {
	eng    *ai.Engine
	lim    ai.Limits
	how    string
	stderr io.Writer
	live   bool // stderr is a terminal: progress is one line, rewritten
	total  int
}

func (a *analyser) annotate(sg *saves.SavedGame, number int) {
	start := time.Now()
	a.eng.Clear()
	r := review.New(sg.Game)
	label := fmt.Sprintf("game %d of %d", number, a.total)
	moves := (len(r.Moves) + 1) / 2 // of both sides
	err := r.Run(context.Background(), a.eng, a.lim, func(_, done, total int) {
		if a.live {
			fmt.Fprintf(a.stderr, "\r%s: position %d of %d (%s)\x1b[K", label, done, total, plural(moves, "move", "moves"))
		}
	})
	if a.live {
		fmt.Fprint(a.stderr, "\r\x1b[K")
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "%s: %v\n", label, err)
		return
	}
	analysis.Annotate(sg, r, a.how)
	fmt.Fprintf(a.stderr, "%s: %s in %.1f s; %s; %s\n", label, plural(moves, "move", "moves"), time.Since(start).Seconds(),
		sideSummary("White", r.Summary(rules.White)), sideSummary("Black", r.Summary(rules.Black)))
}

// sideSummary writes one side's figures: "White 91% accuracy, average
// loss 24 cp (1 inaccuracy, 1 blunder)".
func sideSummary(name string, s review.Side) string {
	if s.Moves == 0 {
		return name + " no moves"
	}
	out := fmt.Sprintf("%s %.0f%% accuracy, average loss %d cp", name, s.Accuracy, s.ACPL)
	var marks []string
	for _, m := range []struct {
		n          int
		one, other string
	}{{s.Inaccuracies, "inaccuracy", "inaccuracies"}, {s.Mistakes, "mistake", "mistakes"}, {s.Blunders, "blunder", "blunders"}} {
		switch {
		case m.n == 1:
			marks = append(marks, "1 "+m.one)
		case m.n > 1:
			marks = append(marks, fmt.Sprintf("%d %s", m.n, m.other))
		}
	}
	if len(marks) > 0 {
		out += " (" + strings.Join(marks, ", ") + ")"
	}
	return out
}

func countGames(n int) string { return plural(n, "game", "games") }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// isTerminal reports whether w is a terminal, where progress can be one
// line rewritten in place.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
