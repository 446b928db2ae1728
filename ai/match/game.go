package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"varia/rules"
)

// Limit is how long an engine thinks over each move. Exactly one kind is
// normally set: nodes or depth for results that do not depend on the
// machine, a time a move, or a game clock (Time each, plus Inc a move).
type Limit struct {
	Nodes    uint64
	Depth    int
	MoveTime time.Duration
	Time     time.Duration
	Inc      time.Duration
}

func (l Limit) String() string {
	switch {
	case l.Nodes > 0:
		return fmt.Sprintf("%d nodes", l.Nodes)
	case l.Depth > 0:
		return fmt.Sprintf("depth %d", l.Depth)
	case l.MoveTime > 0:
		return fmt.Sprintf("%v a move", l.MoveTime)
	case l.Time > 0:
		return fmt.Sprintf("%v+%v", l.Time, l.Inc)
	}
	return "no limit"
}

// ParseLimit reads "nodes=20000", "depth=8", "movetime=100ms" or
// "tc=10s+100ms".
func ParseLimit(s string) (Limit, error) {
	kind, val, ok := strings.Cut(s, "=")
	if !ok {
		return Limit{}, fmt.Errorf("limit %q: want nodes=N, depth=N, movetime=DURATION or tc=TIME+INC", s)
	}
	var l Limit
	var err error
	switch kind {
	case "nodes":
		l.Nodes, err = strconv.ParseUint(val, 10, 64)
	case "depth":
		l.Depth, err = strconv.Atoi(val)
	case "movetime":
		l.MoveTime, err = time.ParseDuration(val)
	case "tc":
		t, inc, _ := strings.Cut(val, "+")
		if l.Time, err = time.ParseDuration(t); err == nil && inc != "" {
			l.Inc, err = time.ParseDuration(inc)
		}
	default:
		err = fmt.Errorf("unknown kind %q", kind)
	}
	if err != nil {
		return Limit{}, fmt.Errorf("limit %q: %v", s, err)
	}
	if l.Nodes == 0 && l.Depth <= 0 && l.MoveTime <= 0 && l.Time <= 0 {
		return Limit{}, fmt.Errorf("limit %q: must be positive", s)
	}
	return l, nil
}

// Adjudication ends clearly decided or dead drawn games early. Zero
// fields turn a rule off.
type Adjudication struct {
	// ResignScore: the game is lost for a side when both engines agree it
	// is at least this many centipawns behind, ResignPlies plies running.
	ResignScore int
	ResignPlies int
	// DrawScore: after DrawAfter plies, both engines within this many
	// centipawns of zero for DrawPlies plies running is a draw.
	DrawScore int
	DrawAfter int
	DrawPlies int
}

// MaxPlies ends a game still going as a draw.
const MaxPlies = 600

// Game is one played game.
type Game struct {
	Variant *rules.Variant
	Opening Opening
	White   string
	Black   string
	Moves   []rules.Move // all of them, the opening's included
	Score   float64      // for White: 1, 0.5 or 0
	Reason  string
}

// side is one player of a game: an engine and its limit.
type side struct {
	eng   *engine
	limit Limit
	clock time.Duration
}

// outcome applies the rules' automatic ends and the draws an engine would
// claim at once (threefold repetition, fifty moves).
func outcome(p *rules.Position) (score float64, reason string, over bool) {
	if len(p.Legal()) == 0 {
		if !p.InCheck() {
			return 0.5, "stalemate", true
		}
		if p.SideToMove() == rules.White {
			return 0, "checkmate", true
		}
		return 1, "checkmate", true
	}
	switch {
	case p.InsufficientMaterial():
		return 0.5, "insufficient material", true
	case p.HalfmoveClock() >= 100:
		return 0.5, "fifty moves", true
	case p.Repetitions() >= 2:
		return 0.5, "threefold repetition", true
	}
	if limit := p.Variant().CountLimit; limit > 0 {
		if running, plies := p.Count(); running && plies >= limit {
			return 0.5, "counting rule", true
		}
	}
	return 0, "", false
}

func lossFor(c rules.Color) float64 {
	if c == rules.White {
		return 0
	}
	return 1
}

// play plays one game from the opening. An engine that crashes, hangs,
// plays an illegal move or loses on time loses the game.
func play(v *rules.Variant, opening Opening, white, black *side, adj Adjudication) Game {
	g := Game{Variant: v, Opening: opening, White: white.eng.spec.Name, Black: black.eng.spec.Name}
	p, err := opening.Position(v)
	if err != nil {
		g.Score, g.Reason = 0.5, fmt.Sprintf("opening: %v", err)
		return g
	}
	startCmd := "position startpos"
	if opening.Start != "" {
		startCmd = "position fen " + opening.Start
	}
	var history []string
	for _, m := range opening.Moves {
		g.Moves = append(g.Moves, m)
		history = append(history, m.UCI())
	}
	sides := [2]*side{white, black}
	for _, s := range sides {
		s.clock = s.limit.Time
		if err := s.eng.setVariant(v.ID); err != nil {
			g.Score, g.Reason = 0.5, err.Error()
			return g
		}
		s.eng.send("ucinewgame")
		if err := s.eng.ready(); err != nil {
			g.Score, g.Reason = lossFor(rules.Color(map[bool]int{true: 0, false: 1}[s == white])), err.Error()
			return g
		}
	}
	var resignRun, drawRun int
	lastScore := [2]int{}
	for ply := 0; ; ply++ {
		if score, reason, over := outcome(p); over {
			g.Score, g.Reason = score, reason
			return g
		}
		if p.Ply() >= MaxPlies {
			g.Score, g.Reason = 0.5, "move limit"
			return g
		}
		us := p.SideToMove()
		s := sides[us]
		cmd := startCmd
		if len(history) > 0 {
			cmd += " moves " + strings.Join(history, " ")
		}
		s.eng.send(cmd)
		s.eng.send(goCommand(s.limit, sides, us))
		timeout := 10*time.Second + 10*s.limit.MoveTime + s.clock
		if s.limit.Nodes > 0 || s.limit.Depth > 0 {
			timeout = 10 * time.Minute
		}
		start := time.Now()
		lines, err := s.eng.until("bestmove", timeout)
		used := time.Since(start)
		if err != nil {
			g.Score, g.Reason = lossFor(us), fmt.Sprintf("%s: %v", s.eng.spec.Name, err)
			if err == errTimeout {
				s.eng.send("stop")
				s.eng.until("bestmove", 5*time.Second)
			}
			return g
		}
		if s.limit.Time > 0 {
			s.clock -= used
			if s.clock < 0 {
				g.Score, g.Reason = lossFor(us), s.eng.spec.Name+" lost on time"
				return g
			}
			s.clock += s.limit.Inc
		}
		f := strings.Fields(lines[len(lines)-1])
		text := ""
		if len(f) >= 2 {
			text = f[1]
		}
		m, ok := findMove(p, text)
		if !ok {
			g.Score, g.Reason = lossFor(us), fmt.Sprintf("%s played %q, illegal in %s", s.eng.spec.Name, text, p.FEN())
			return g
		}
		sc, known := LastInfoScore(lines)
		if known {
			lastScore[us] = sc
			if adj.ResignScore > 0 && sc <= -adj.ResignScore && lastScore[us.Other()] >= adj.ResignScore {
				resignRun++
			} else {
				resignRun = 0
			}
			if adj.DrawScore > 0 && p.Ply() >= adj.DrawAfter && abs(sc) <= adj.DrawScore && abs(lastScore[us.Other()]) <= adj.DrawScore {
				drawRun++
			} else {
				drawRun = 0
			}
		}
		p.Make(m)
		g.Moves = append(g.Moves, m)
		history = append(history, m.UCI())
		if adj.ResignPlies > 0 && resignRun >= adj.ResignPlies {
			g.Score, g.Reason = lossFor(us), "adjudicated: "+s.eng.spec.Name+" is lost"
			return g
		}
		if adj.DrawPlies > 0 && drawRun >= adj.DrawPlies {
			g.Score, g.Reason = 0.5, "adjudicated draw"
			return g
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func goCommand(l Limit, sides [2]*side, us rules.Color) string {
	switch {
	case l.Nodes > 0:
		return fmt.Sprintf("go nodes %d", l.Nodes)
	case l.Depth > 0:
		return fmt.Sprintf("go depth %d", l.Depth)
	case l.MoveTime > 0:
		return fmt.Sprintf("go movetime %d", l.MoveTime.Milliseconds())
	}
	w, b := sides[rules.White], sides[rules.Black]
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
	return fmt.Sprintf("go wtime %d btime %d winc %d binc %d", ms(w.clockOr(l)), ms(b.clockOr(l)), l.Inc.Milliseconds(), l.Inc.Milliseconds())
}

// clockOr is the side's clock, or the mover's full time for a side that
// plays without a clock.
func (s *side) clockOr(l Limit) time.Duration {
	if s.limit.Time > 0 {
		return s.clock
	}
	return l.Time
}

// findMove returns the legal move written in UCI notation, in either of
// its forms for a castle.
func findMove(p *rules.Position, text string) (rules.Move, bool) {
	text = strings.ToLower(text)
	for _, m := range p.Legal() {
		// A castle comes as the king taking its rook (UCI_Chess960) or,
		// where that is unambiguous, as the king's own move.
		if m.UCI() == text || p.UCIMove(m, false) == text {
			return m, true
		}
	}
	return rules.NoMove, false
}

// LastInfoScore reads the mover's score from its last info line with one,
// mates as ±100000.
func LastInfoScore(lines []string) (int, bool) {
	for i := len(lines) - 1; i >= 0; i-- {
		f := strings.Fields(lines[i])
		if len(f) == 0 || f[0] != "info" {
			continue
		}
		for j := 0; j+2 < len(f); j++ {
			if f[j] != "score" {
				continue
			}
			n, err := strconv.Atoi(f[j+2])
			if err != nil {
				break
			}
			switch f[j+1] {
			case "cp":
				return n, true
			case "mate":
				if n > 0 {
					return 100000, true
				}
				return -100000, true
			}
		}
	}
	return 0, false
}
