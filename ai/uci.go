package ai

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"varia/rules"
)

// EngineName is how the engine introduces itself over UCI.
const EngineName = "Varia"

// maxHashMiB bounds the UCI Hash option.
const maxHashMiB = 4096

// UCI runs the Universal Chess Interface on in and out until "quit" or the
// end of input, so chess GUIs and match runners can use the engine. Bad
// commands are answered with "info string" and otherwise ignored.
func UCI(in io.Reader, out io.Writer) error {
	u := &uciSession{
		out:     &lineWriter{w: out},
		engine:  NewEngine(DefaultHashMiB),
		variant: rules.Standard,
		level:   levels[len(levels)-1],
	}
	u.pos = rules.NewPosition(u.variant)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		if !u.handle(sc.Text()) {
			return u.out.err
		}
	}
	u.stop()
	if err := sc.Err(); err != nil {
		return err
	}
	return u.out.err
}

// lineWriter serialises lines written from the reading loop and the
// searching goroutine and keeps the first write error.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (l *lineWriter) printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		_, l.err = fmt.Fprintf(l.w, format+"\n", args...)
	}
}

type uciSession struct {
	out     *lineWriter
	engine  *Engine
	variant *rules.Variant // as UCI_Variant set it
	pos     *rules.Position
	level   Level
	// chess960 is the UCI_Chess960 option: castles are written as the
	// king taking its own rook, and chess is played as Chess960.
	chess960 bool

	// The running search, if any: cancel stops it, done closes once it
	// has printed its bestmove, release lets an infinite search print it.
	cancel  context.CancelFunc
	done    chan struct{}
	release chan struct{}
}

// handle runs one command line; it returns false on "quit".
func (u *uciSession) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		u.identify()
	case "isready":
		u.out.printf("readyok")
	case "setoption":
		u.stop()
		u.setOption(args)
	case "ucinewgame":
		u.stop()
		u.engine.Clear()
		u.pos = rules.NewPosition(u.game())
	case "position":
		u.stop()
		u.position(args)
	case "go":
		u.stop()
		u.goCommand(args)
	case "stop":
		u.stop()
	case "ponderhit":
		// Pondering is not offered, so there is nothing to switch over.
	case "d":
		u.out.printf("info string fen %s", u.pos.FEN())
	case "quit":
		u.stop()
		return false
	default:
		u.out.printf("info string unknown command %q", cmd)
	}
	return true
}

func (u *uciSession) identify() {
	u.out.printf("id name %s", EngineName)
	u.out.printf("id author the Varia authors")
	u.out.printf("option name UCI_Variant type combo default %s%s", rules.Standard.ID, comboVars(rules.VariantIDs()))
	u.out.printf("option name UCI_Chess960 type check default false")
	u.out.printf("option name Hash type spin default %d min 1 max %d", DefaultHashMiB, maxHashMiB)
	var names []string
	for _, l := range levels {
		names = append(names, l.Name)
	}
	u.out.printf("option name Level type combo default %s%s", u.level.Name, comboVars(names))
	u.out.printf("option name Clear Hash type button")
	u.out.printf("uciok")
}

func comboVars(vals []string) string {
	var sb strings.Builder
	for _, v := range vals {
		sb.WriteString(" var ")
		sb.WriteString(v)
	}
	return sb.String()
}

// setOption reads "name <id...> [value <x...>]"; names are case-insensitive.
func (u *uciSession) setOption(args []string) {
	name, value, ok := splitOption(args)
	if !ok {
		u.out.printf("info string setoption: want \"setoption name <id> [value <x>]\"")
		return
	}
	switch strings.ToLower(name) {
	case "uci_variant":
		v, err := rules.VariantByID(value)
		if err != nil {
			u.out.printf("info string setoption UCI_Variant: %v", err)
			return
		}
		u.variant = v
		u.pos = rules.NewPosition(u.game())
	case "uci_chess960":
		switch strings.ToLower(value) {
		case "true":
			u.chess960 = true
		case "false":
			u.chess960 = false
		default:
			u.out.printf("info string setoption UCI_Chess960: %q is not true or false", value)
			return
		}
		u.pos = rules.NewPosition(u.game())
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxHashMiB {
			u.out.printf("info string setoption Hash: %q is not a size from 1 to %d MiB", value, maxHashMiB)
			return
		}
		u.engine.SetHash(n)
	case "level":
		l, err := LevelByName(value)
		if err != nil {
			u.out.printf("info string setoption Level: %v", err)
			return
		}
		u.level = l
	case "clear hash":
		u.engine.Clear()
	default:
		u.out.printf("info string setoption: unknown option %q", name)
	}
}

// game is the variant positions are read in: UCI_Variant's, except that
// chess in UCI_Chess960 mode is Chess960.
func (u *uciSession) game() *rules.Variant {
	if u.chess960 && u.variant == rules.Standard {
		return rules.Chess960
	}
	return u.variant
}

// moveTexts writes moves played one after another from pos in UCI, castles
// as UCI_Chess960 says.
func moveTexts(pos *rules.Position, chess960 bool, moves []rules.Move) []string {
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		if !pos.IsLegal(m) {
			break
		}
		out = append(out, pos.UCIMove(m, chess960))
		pos.Make(m)
	}
	for range out {
		pos.Unmake()
	}
	return out
}

func splitOption(args []string) (name, value string, ok bool) {
	if len(args) < 2 || args[0] != "name" {
		return "", "", false
	}
	i := 1
	for i < len(args) && args[i] != "value" {
		i++
	}
	name = strings.Join(args[1:i], " ")
	if i < len(args) {
		value = strings.Join(args[i+1:], " ")
	}
	return name, value, name != ""
}

// position sets up "startpos|fen FEN [moves m1 m2 ...]". A bad FEN leaves
// the position as it was; an illegal move is reported and the moves before
// it stay played.
func (u *uciSession) position(args []string) {
	if len(args) == 0 {
		u.out.printf("info string position: want \"startpos\" or \"fen <FEN>\"")
		return
	}
	var pos *rules.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		pos = rules.NewPosition(u.game())
	case "fen":
		end := 0
		for end < len(rest) && rest[end] != "moves" {
			end++
		}
		var err error
		if pos, err = rules.ParseFEN(u.game(), strings.Join(rest[:end], " ")); err != nil {
			u.out.printf("info string position: %v", err)
			return
		}
		rest = rest[end:]
	default:
		u.out.printf("info string position: %q is not startpos or fen", args[0])
		return
	}
	u.pos = pos
	if len(rest) == 0 {
		return
	}
	if rest[0] != "moves" {
		u.out.printf("info string position: expected \"moves\", got %q", rest[0])
		return
	}
	for i, text := range rest[1:] {
		m, ok := findUCIMove(pos, text)
		if !ok {
			u.out.printf("info string position: move %d, %q, is not legal in %s; the moves before it were played", i+1, text, pos.FEN())
			return
		}
		pos.Make(m)
	}
}

// findUCIMove returns the legal move written as text (e2e4, e7e8q); a
// castle may be the king's move (e1g1) or the king taking its own rook
// (e1h1), whichever mode the GUI is in.
func findUCIMove(pos *rules.Position, text string) (rules.Move, bool) {
	text = strings.ToLower(text)
	if len(text) != 4 && len(text) != 5 {
		return rules.NoMove, false
	}
	for i := 0; i < 4; i += 2 {
		if text[i] < 'a' || text[i] > 'h' || text[i+1] < '1' || text[i+1] > '8' {
			return rules.NoMove, false
		}
	}
	m, err := pos.ParseMove(text)
	return m, err == nil
}

// goCommand starts a search (or counts perft) from "go" arguments.
func (u *uciSession) goCommand(args []string) {
	var (
		lim      Limits
		infinite bool
		times    [2]time.Duration
		incs     [2]time.Duration
	)
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite":
			infinite = true
			continue
		case "ponder":
			u.out.printf("info string go: pondering is not supported; searching normally")
			continue
		case "searchmoves":
			u.out.printf("info string go: searchmoves is not supported; searching all moves")
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
			}
			continue
		}
		if !isGoKeyword(key) {
			u.out.printf("info string go: unknown parameter %q", key)
			continue
		}
		if i+1 >= len(args) {
			u.out.printf("info string go: %s needs a number", key)
			return
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			u.out.printf("info string go: %s %q is not a number", key, args[i])
			return
		}
		if key == "perft" {
			u.perft(int(min(n, 20)))
			return
		}
		n = max(n, 1) // a zero limit would mean none
		switch key {
		case "depth":
			lim.Depth = int(min(n, MaxPly))
		case "nodes":
			lim.Nodes = uint64(n)
		case "movetime":
			lim.MoveTime = time.Duration(n) * time.Millisecond
		case "wtime":
			times[rules.White] = time.Duration(n) * time.Millisecond
		case "btime":
			times[rules.Black] = time.Duration(n) * time.Millisecond
		case "winc":
			incs[rules.White] = time.Duration(n) * time.Millisecond
		case "binc":
			incs[rules.Black] = time.Duration(n) * time.Millisecond
		case "movestogo":
			lim.Clock.MovesToGo = int(n)
		case "mate":
			u.out.printf("info string go: mate search is not supported; searching normally")
		}
	}
	side := u.pos.SideToMove()
	lim.Clock.Remaining, lim.Clock.Increment = times[side], incs[side]
	if lim.Clock.Remaining == 0 {
		lim.Clock = Clock{}
	}
	// The level sets the search when the GUI gives no limit, and caps the
	// depth and adds its mistakes in any case.
	lvl := u.level.Limits
	if infinite {
		lim = Limits{Depth: lim.Depth, Nodes: lim.Nodes}
	} else if lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && !lim.Clock.set() {
		lim.Depth, lim.MoveTime, lim.Nodes = lvl.Depth, lvl.MoveTime, lvl.Nodes
	}
	if lvl.Depth > 0 && (lim.Depth == 0 || lim.Depth > lvl.Depth) {
		lim.Depth = lvl.Depth
	}
	lim.Mistakes, lim.Seed = lvl.Mistakes, lvl.Seed
	u.startSearch(lim, infinite)
}

func isGoKeyword(s string) bool {
	switch s {
	case "perft", "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate":
		return true
	}
	return false
}

func (u *uciSession) startSearch(lim Limits, infinite bool) {
	ctx, cancel := context.WithCancel(context.Background())
	u.cancel, u.done, u.release = cancel, make(chan struct{}), make(chan struct{})
	pos, out, engine, done, release := u.pos.Clone(), u.out, u.engine, u.done, u.release
	// The search plays on pos; moves are written from a copy of its own.
	root, c960 := u.pos.Clone(), u.chess960
	lim.Progress = func(p Progress) {
		out.printf("info %s", infoLine(p, moveTexts(root, c960, p.PV)))
	}
	go func() {
		defer close(done)
		res := engine.Search(ctx, pos, lim)
		if infinite {
			<-release // UCI: an infinite search answers only after "stop"
		}
		switch {
		case res.Move == rules.NoMove:
			out.printf("info depth 0 score %s", res.Score.UCI())
			out.printf("bestmove (none)")
		case len(res.PV) > 1 && res.PV[0] == res.Move:
			if pv := moveTexts(root, c960, res.PV[:2]); len(pv) == 2 {
				out.printf("bestmove %s ponder %s", pv[0], pv[1])
				break
			}
			fallthrough
		default:
			out.printf("bestmove %s", root.UCIMove(res.Move, c960))
		}
	}()
}

func infoLine(p Progress, pv []string) string {
	ms := p.Elapsed.Milliseconds()
	nps := uint64(float64(p.Nodes) / max(p.Elapsed.Seconds(), 1e-6))
	var sb strings.Builder
	fmt.Fprintf(&sb, "depth %d seldepth %d score %s nodes %d nps %d time %d hashfull %d pv",
		p.Depth, p.SelDepth, p.Score.UCI(), p.Nodes, nps, ms, p.Hashfull)
	for _, m := range pv {
		sb.WriteByte(' ')
		sb.WriteString(m)
	}
	return sb.String()
}

// stop ends the running search, if any, and waits for its bestmove.
func (u *uciSession) stop() {
	if u.done == nil {
		return
	}
	u.cancel()
	close(u.release)
	<-u.done
	u.cancel, u.done, u.release = nil, nil, nil
}

// perft prints the leaf count below each move and the total, as engines'
// "go perft" does, for comparing move generators.
func (u *uciSession) perft(depth int) {
	if depth < 1 {
		u.out.printf("info string go perft: depth must be at least 1")
		return
	}
	entries := u.pos.Divide(depth)
	lines := make([]string, len(entries))
	var total uint64
	for i, e := range entries {
		lines[i] = fmt.Sprintf("%s: %d", u.pos.UCIMove(e.Move, u.chess960), e.Nodes)
		total += e.Nodes
	}
	sort.Strings(lines)
	for _, l := range lines {
		u.out.printf("%s", l)
	}
	u.out.printf("")
	u.out.printf("Nodes searched: %d", total)
}
