// Command match plays a match between two UCI engines and prints the
// score with its 95% error bars, optionally stopping early by a sequential
// probability ratio test. Each engine is
//
//	varia          this checkout's engine, in the same process
//	git:REV        Varia as of a commit (built once into the temporary folder)
//	NAME=COMMAND   any UCI engine: a program and its arguments
//
// Examples:
//
//	# a change against the last commit, at fixed nodes (independent of machine load)
//	go run ./ai/cmd/match -e2 git:HEAD -limit nodes=20000 -games 400 -concurrency 2 -sprt 0,10
//	# against Stockfish limited to 2400, 100 ms a move
//	go run ./ai/cmd/match -e2 sf=/usr/games/stockfish -o2 'UCI_LimitStrength=true;UCI_Elo=2400' -limit movetime=100ms -games 40
//	# tune the search's parameters by SPSA over 4,000 game pairs, then try the result
//	go run ./ai/cmd/match -spsa 4000 -limit nodes=8000 -concurrency 2
//	go run ./ai/cmd/match -e2 git:HEAD -o1 'SearchParams=rfp=80,razor=240' -limit nodes=60000 -games 400
//
// With -spsa the engines are this checkout's, both sides of each step;
// -e1, -e2 and their options are not used.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"varia/ai"
	"varia/ai/match"
	"varia/rules"
)

func main() {
	var (
		e1, e2      = flag.String("e1", "varia", "first engine: varia, git:REV or NAME=COMMAND ARGS"), flag.String("e2", "", "second engine (required)")
		o1, o2      = flag.String("o1", "", "UCI options of the first engine: Name=Value;Name=Value"), flag.String("o2", "", "UCI options of the second engine")
		m1, m2      = flag.String("map1", "", "variant names of the first engine where they differ: id=name,id=name"), flag.String("map2", "", "variant names of the second engine")
		limit       = flag.String("limit", "nodes=20000", "limit of both engines: nodes=N, depth=N, movetime=DURATION or tc=TIME+INC")
		l1, l2      = flag.String("l1", "", "limit of the first engine (default -limit)"), flag.String("l2", "", "limit of the second engine (default -limit)")
		variants    = flag.String("variants", "standard", "comma-separated variant ids, or all")
		games       = flag.Int("games", 100, "games per variant (pairs of games with colours swapped)")
		plies       = flag.Int("plies", 4, "random plies of each opening")
		balance     = flag.Int("balance", 150, "reject openings Varia scores beyond this many centipawns (0: keep all)")
		balDepth    = flag.Int("balance.depth", 6, "depth of the opening check")
		seed        = flag.Int64("seed", 1, "opening seed")
		concurrency = flag.Int("concurrency", 1, "games played at once")
		sprt        = flag.String("sprt", "", "Elo0,Elo1: stop when the sequential test decides (alpha = beta = 0.05)")
		resign      = flag.Int("resign", 0, "adjudicate a loss when both engines agree a side is this many centipawns behind for 6 plies (0: off)")
		draw        = flag.Int("draw", 0, "adjudicate a draw after ply 80 when both engines score within this many centipawns of zero for 12 plies (0: off)")
		gamesOut    = flag.String("out", "", "append each game to this file: variant, players, result, reason, start (a FEN or startpos) and the moves")
		quiet       = flag.Bool("q", false, "print only the summaries, not every game")
		spsa        = flag.Int("spsa", 0, "tune the search parameters over this many game pairs (SPSA) instead of playing a match")
		spsaParams  = flag.String("spsa.params", "", "comma-separated parameters to tune (default all; see ai.ParamList)")
		spsaStart   = flag.String("spsa.start", "", "the values to start from, name=value,... (default the engine's)")
		spsaFirst   = flag.Int("spsa.first", 0, "the iteration to resume from, with -spsa.start the values it had reached")
		spsaREnd    = flag.Float64("spsa.rend", 0.01, "the learning rate at the end, relative to each parameter's step")
	)
	flag.Parse()
	if *spsa > 0 {
		if err := runSPSA(*spsa, *spsaFirst, *spsaParams, *spsaStart, *spsaREnd, *limit, *variants, *plies, *balance, *balDepth,
			*seed, *concurrency, *resign, *draw); err != nil {
			fmt.Fprintln(os.Stderr, "match:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*e1, *e2, *o1, *o2, *m1, *m2, *limit, *l1, *l2, *variants, *games, *plies, *balance, *balDepth, *seed,
		*concurrency, *sprt, *resign, *draw, *gamesOut, *quiet); err != nil {
		fmt.Fprintln(os.Stderr, "match:", err)
		os.Exit(1)
	}
}

func run(e1, e2, o1, o2, m1, m2, limit, l1, l2, variants string, games, plies, balance, balDepth int, seed int64,
	concurrency int, sprt string, resign, draw int, gamesOut string, quiet bool) error {
	if e2 == "" {
		return fmt.Errorf("name the second engine with -e2")
	}
	var cfg match.Config
	for i, s := range []struct{ spec, opts, vmap string }{{e1, o1, m1}, {e2, o2, m2}} {
		spec, err := parseSpec(s.spec)
		if err != nil {
			return err
		}
		if spec.Options, err = match.ParseOptions(s.opts); err != nil {
			return err
		}
		if spec.Variants, err = parseMap(s.vmap); err != nil {
			return err
		}
		cfg.Engines[i] = spec
	}
	if cfg.Engines[0].Name == cfg.Engines[1].Name {
		cfg.Engines[0].Name += "-1"
		cfg.Engines[1].Name += "-2"
	}
	for i, l := range []string{l1, l2} {
		if l == "" {
			l = limit
		}
		lim, err := match.ParseLimit(l)
		if err != nil {
			return err
		}
		cfg.Limits[i] = lim
	}
	if variants == "all" {
		cfg.Variants = rules.Variants()
	} else {
		for _, id := range strings.Split(variants, ",") {
			v, err := rules.VariantByID(strings.TrimSpace(id))
			if err != nil {
				return err
			}
			cfg.Variants = append(cfg.Variants, v)
		}
	}
	cfg.Games, cfg.OpeningPlies, cfg.Seed, cfg.Concurrency = games, plies, seed, concurrency
	if balance > 0 {
		cfg.Balance, cfg.BalanceDepth = balance, balDepth
	}
	if sprt != "" {
		a, b, ok := strings.Cut(sprt, ",")
		elo0, err0 := strconv.ParseFloat(a, 64)
		elo1, err1 := strconv.ParseFloat(b, 64)
		if !ok || err0 != nil || err1 != nil || elo1 <= elo0 {
			return fmt.Errorf("-sprt %q: want Elo0,Elo1 with Elo0 < Elo1", sprt)
		}
		cfg.Elo0, cfg.Elo1 = elo0, elo1
	}
	cfg.Adjudication = adjudication(resign, draw)
	log := &filterWriter{quiet: quiet}
	cfg.Log = log
	if gamesOut != "" {
		f, err := os.OpenFile(gamesOut, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.OnGame = func(g match.Game) {
			var moves []string
			for _, m := range g.Moves {
				moves = append(moves, m.UCI())
			}
			start := cmp.Or(g.Opening.Start, "startpos")
			fmt.Fprintf(f, "%s\t%s\t%s\t%v\t%s\t%s\t%s\n", g.Variant.ID, g.White, g.Black, g.Score, g.Reason, start, strings.Join(moves, " "))
		}
	}
	fmt.Printf("%s (%v) vs %s (%v), %d games per variant in %s\n", cfg.Engines[0].Name, cfg.Limits[0], cfg.Engines[1].Name, cfg.Limits[1], games, variants)
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	res, err := match.Run(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Println()
	for _, v := range cfg.Variants {
		if st := res.PerVariant[v.ID]; st != nil {
			fmt.Printf("%-13s %v\n", v.ID, st)
		}
	}
	fmt.Printf("%-13s %v\n", "total", res.Total)
	if cfg.Elo1 > cfg.Elo0 {
		fmt.Printf("SPRT [%g, %g]: LLR %.2f, %s\n", cfg.Elo0, cfg.Elo1, res.Total.LLR(cfg.Elo0, cfg.Elo1),
			map[string]string{"H1": "H1 accepted (a gain)", "H0": "H0 accepted (no gain)", "": "undecided"}[res.Decision])
	}
	return nil
}

func adjudication(resign, draw int) (a match.Adjudication) {
	if resign > 0 {
		a.ResignScore, a.ResignPlies = resign, 6
	}
	if draw > 0 {
		a.DrawScore, a.DrawAfter, a.DrawPlies = draw, 80, 12
	}
	return a
}

// runSPSA tunes the parameters named (all if none) in one variant.
func runSPSA(iterations, first int, names, startValues string, rEnd float64, limit, variant string, plies, balance, balDepth int,
	seed int64, concurrency, resign, draw int) error {
	lim, err := match.ParseLimit(limit)
	if err != nil {
		return err
	}
	v, err := rules.VariantByID(variant)
	if err != nil {
		return err
	}
	start, err := ai.ParseParams(startValues)
	if err != nil {
		return fmt.Errorf("-spsa.start: %v", err)
	}
	tune := ai.ParamList
	if names != "" {
		tune = nil
		for _, name := range strings.Split(names, ",") {
			i := slices.IndexFunc(ai.ParamList, func(p ai.Param) bool { return strings.EqualFold(p.Name, strings.TrimSpace(name)) })
			if i < 0 {
				return fmt.Errorf("-spsa.params: no parameter %q", name)
			}
			tune = append(tune, ai.ParamList[i])
		}
	}
	cfg := match.SPSAConfig{Variant: v, Limit: lim, Iterations: iterations, First: first, Start: start, Tune: tune, REnd: rEnd,
		Seed: seed, Concurrency: concurrency, OpeningPlies: plies, Adjudication: adjudication(resign, draw), Log: os.Stdout, LogEvery: 50}
	if balance > 0 {
		cfg.Balance, cfg.BalanceDepth = balance, balDepth
	}
	fmt.Printf("SPSA in %s (%v), iterations %d to %d\n", v.ID, lim, first+1, iterations)
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	theta, err := match.SPSA(ctx, cfg)
	fmt.Printf("SearchParams=%s\n", match.SPSAParams(start, tune, theta))
	return err
}

// filterWriter prints summaries always and game lines unless quiet.
type filterWriter struct{ quiet bool }

func (w *filterWriter) Write(b []byte) (int, error) {
	if w.quiet && strings.Contains(string(b), " #") {
		return len(b), nil
	}
	return os.Stdout.Write(b)
}

func parseSpec(s string) (match.Spec, error) {
	switch {
	case s == "varia":
		return match.Spec{Name: "varia"}, nil
	case strings.HasPrefix(s, "git:"):
		bin, err := buildRevision(strings.TrimPrefix(s, "git:"))
		if err != nil {
			return match.Spec{}, err
		}
		return match.Spec{Name: s, Command: []string{bin, "uci"}}, nil
	}
	name, command, ok := strings.Cut(s, "=")
	if !ok {
		command, name = s, filepath.Base(strings.Fields(s)[0])
	}
	f := strings.Fields(command)
	if len(f) == 0 {
		return match.Spec{}, fmt.Errorf("engine %q: no command", s)
	}
	return match.Spec{Name: name, Command: f}, nil
}

func parseMap(s string) (map[string]string, error) {
	m := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		id, name, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("variant map %q: want id=name", part)
		}
		m[id] = name
	}
	return m, nil
}

// buildRevision builds cmd/varia as of a commit of this repository into
// the temporary folder, once per commit.
func buildRevision(rev string) (string, error) {
	out, err := exec.Command("git", "rev-parse", "--verify", rev+"^{commit}").Output()
	if err != nil {
		return "", fmt.Errorf("git:%s: not a commit", rev)
	}
	hash := strings.TrimSpace(string(out))
	dir := filepath.Join(os.TempDir(), "varia-match", hash)
	bin := filepath.Join(dir, "varia")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	archive := exec.Command("sh", "-c", "git archive "+hash+" | tar -x -C "+src)
	if b, err := archive.CombinedOutput(); err != nil {
		return "", fmt.Errorf("git:%s: %v: %s", rev, err, b)
	}
	build := exec.Command("go", "build", "-o", bin, "./cmd/varia")
	build.Dir = src
	if b, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("git:%s: build: %v: %s", rev, err, b)
	}
	os.RemoveAll(src)
	return bin, nil
}
