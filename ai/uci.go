package ai

import (
	"bufio"
	"context"
	"errors"
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

// maxHashMiB bounds the UCI Hash option, maxMultiPV the MultiPV option.
const (
	maxHashMiB = 4096
	maxMultiPV = 256
)

// UCI runs the Universal Chess Interface on in and out until "quit" or the
// end of input, so chess GUIs and match runners can use the engine. Bad
// commands are answered with "info string" and otherwise ignored.
func UCI(in io.Reader, out io.Writer) error {
	u := &uciSession{
		out:     &lineWriter{w: out},
		engine:  NewEngine(DefaultHashMiB),
		variant: rules.Standard,
		level:   levels[len(levels)-1],
		multiPV: 1,
		elo:     DefaultElo,
	}
	u.pos = rules.NewPosition(u.variant)
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, complete, err := readCommand(r)
		switch {
		case !complete:
			u.out.printf("info string ignored a command longer than %d bytes", maxCommand)
		case line != "" || err == nil:
			if !u.handle(line) {
				return u.out.err
			}
		}
		if err != nil {
			u.stop()
			if errors.Is(err, io.EOF) {
				return u.out.err
			}
			return err
		}
	}
}

// maxCommand bounds one command line. The longest a GUI sends is a
// position with its moves, five bytes a ply; this allows games far longer
// than any played, and keeps a line that never ends from filling memory.
const maxCommand = 4 << 20

// readCommand reads one line, without its line end. A line longer than
// maxCommand is read to its end and dropped: complete is false. err is
// io.EOF after the last line (which may lack a line end) or a read error.
func readCommand(r *bufio.Reader) (line string, complete bool, err error) {
	var sb strings.Builder
	complete = true
	for {
		chunk, err := r.ReadSlice('\n')
		if complete && sb.Len()+len(chunk) <= maxCommand+2 { // room for "\r\n"
			sb.Write(chunk)
		} else if complete {
			complete = false
			sb.Reset()
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		line = strings.TrimRight(sb.String(), "\r\n")
		if complete && len(line) > maxCommand {
			line, complete = "", false
		}
		return line, complete, err
	}
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
	multiPV  int
	limit    bool // UCI_LimitStrength: play at elo
	elo      int
	params   *Params // SearchParams; nil for the defaults

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
	u.out.printf("option name Threads type spin default 1 min 1 max %d", MaxThreads)
	u.out.printf("option name MultiPV type spin default 1 min 1 max %d", maxMultiPV)
	u.out.printf("option name UCI_LimitStrength type check default false")
	u.out.printf("option name UCI_Elo type spin default %d min %d max %d", DefaultElo, MinElo, MaxElo)
	var names []string
	for _, l := range levels {
		names = append(names, l.Name)
	}
	u.out.printf("option name Level type combo default %s%s", u.level.Name, comboVars(names))
	u.out.printf("option name Use NNUE type check default true")
	u.out.printf("option name Clear Hash type button")
	u.out.printf("option name SearchParams type string default <empty>")
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
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxThreads {
			u.out.printf("info string setoption Threads: %q is not a number from 1 to %d", value, MaxThreads)
			return
		}
		u.engine.SetThreads(n)
	case "multipv":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxMultiPV {
			u.out.printf("info string setoption MultiPV: %q is not a number from 1 to %d", value, maxMultiPV)
			return
		}
		u.multiPV = n
	case "uci_limitstrength":
		b, err := strconv.ParseBool(value)
		if err != nil {
			u.out.printf("info string setoption UCI_LimitStrength: %q is not true or false", value)
			return
		}
		u.limit = b
	case "uci_elo":
		n, err := strconv.Atoi(value)
		if err != nil || n < MinElo || n > MaxElo {
			u.out.printf("info string setoption UCI_Elo: %q is not a rating from %d to %d", value, MinElo, MaxElo)
			return
		}
		u.elo = n
	case "level":
		l, err := LevelByName(value)
		if err != nil {
			u.out.printf("info string setoption Level: %v", err)
			return
		}
		u.level = l
	case "use nnue":
		// Chess's learnt evaluation, or (false) the hand-written one.
		b, err := strconv.ParseBool(value)
		if err != nil {
			u.out.printf("info string setoption Use NNUE: %q is not true or false", value)
			return
		}
		u.engine.UseNetwork(b)
	case "clear hash":
		u.engine.Clear()
	case "searchparams":
		// For tuning: "name=value,..." over the defaults (ai.ParamList).
		if value == "" || value == "<empty>" {
			u.params = nil
			return
		}
		p, err := ParseParams(value)
		if err != nil {
			u.out.printf("info string setoption SearchParams: %v", err)
			return
		}
		u.params = &p
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
		if pos.AtMoveLimit() {
			u.out.printf("info string position: move %d, %q, would pass move %d, the last Varia counts; the moves before it were played", i+1, text, rules.MaxFullmove)
			return
		}
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
			for i+1 < len(args) && !isGoKeyword(args[i+1]) && args[i+1] != "infinite" && args[i+1] != "ponder" {
				i++
				m, ok := findUCIMove(u.pos, args[i])
				if !ok {
					u.out.printf("info string go: searchmoves: %q is not a legal move here", args[i])
					continue
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
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
			u.startPerft(int(max(min(n, 20), 0)))
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
			lim.Mate = int(min(n, MaxPly/2))
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
	if u.limit {
		lvl = Limits{Elo: u.elo}
	}
	if infinite {
		lim = Limits{Depth: lim.Depth, Nodes: lim.Nodes, Mate: lim.Mate, SearchMoves: lim.SearchMoves}
	} else if lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && !lim.Clock.set() && lim.Mate == 0 {
		lim.Depth, lim.MoveTime, lim.Nodes = lvl.Depth, lvl.MoveTime, lvl.Nodes
	}
	if lvl.Depth > 0 && (lim.Depth == 0 || lim.Depth > lvl.Depth) {
		lim.Depth = lvl.Depth
	}
	lim.Mistakes, lim.Seed, lim.Elo = lvl.Mistakes, lvl.Seed, lvl.Elo
	lim.MultiPV = u.multiPV
	lim.Params = u.params
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
		for i, l := range p.Lines {
			out.printf("info %s", infoLine(p, i+1, l, moveTexts(root, c960, l.PV)))
		}
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

// infoLine writes one line of a depth's report as GUIs read it: the
// k-th best line with its score (a bound when an aspiration window failed
// on it), the search's counters, and pv, the line's moves as text.
func infoLine(p Progress, k int, l Line, pv []string) string {
	ms := p.Elapsed.Milliseconds()
	nps := uint64(float64(p.Nodes) / max(p.Elapsed.Seconds(), 1e-6))
	var sb strings.Builder
	bound := ""
	switch l.Bound {
	case LowerBound:
		bound = " lowerbound"
	case UpperBound:
		bound = " upperbound"
	}
	fmt.Fprintf(&sb, "depth %d seldepth %d multipv %d score %s%s nodes %d nps %d time %d hashfull %d pv",
		p.Depth, l.SelDepth, k, l.Score.UCI(), bound, p.Nodes, nps, ms, p.Hashfull)
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

// startPerft counts the leaves below each move, as engines' "go perft"
// does, for comparing move generators. It runs beside the command loop
// like a search: "stop" ends it (with the moves counted so far) and
// "quit" exits at once. Each move's count is printed as it completes, in
// UCI order, then the total.
func (u *uciSession) startPerft(depth int) {
	if depth < 1 {
		u.out.printf("info string go perft: depth must be at least 1")
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	u.cancel, u.done, u.release = cancel, make(chan struct{}), make(chan struct{})
	pos, out, done, c960 := u.pos.Clone(), u.out, u.done, u.chess960
	go func() {
		defer close(done)
		moves := pos.Legal()
		names := make(map[rules.Move]string, len(moves))
		for _, m := range moves {
			names[m] = pos.UCIMove(m, c960)
		}
		sort.Slice(moves, func(i, j int) bool { return names[moves[i]] < names[moves[j]] })
		var total uint64
		for i, m := range moves {
			pos.Make(m)
			n, ok := perftUntil(ctx, pos, depth-1)
			pos.Unmake()
			if !ok {
				out.printf("info string go perft: stopped after %d of %s (%s)", i, countOf(uint64(len(moves)), "move", "moves"), countOf(total, "node", "nodes"))
				return
			}
			out.printf("%s: %d", names[m], n)
			total += n
		}
		out.printf("")
		out.printf("Nodes searched: %d", total)
	}()
}

// countOf writes a count with its noun: "1 move", "2 moves".
func countOf(n uint64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatUint(n, 10) + " " + many
}

// perftBulk is the depth below which perftUntil counts without looking at
// ctx: a few million nodes, a few hundredths of a second.
const perftBulk = 4

// perftUntil counts the leaves of pos's move tree to depth, giving up
// (false) once ctx is done.
func perftUntil(ctx context.Context, pos *rules.Position, depth int) (uint64, bool) {
	if ctx.Err() != nil {
		return 0, false
	}
	if depth <= perftBulk {
		return pos.Perft(depth), true
	}
	var total uint64
	for _, m := range pos.Legal() {
		pos.Make(m)
		n, ok := perftUntil(ctx, pos, depth-1)
		pos.Unmake()
		if !ok {
			return 0, false
		}
		total += n
	}
	return total, true
}
