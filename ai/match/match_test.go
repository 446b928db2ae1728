package match

import (
	"context"
	"math"
	"strings"
	"testing"

	"varia/ai"
	"varia/rules"
)

func TestElo(t *testing.T) {
	for _, elo := range []float64{-400, -50, 0, 35, 200} {
		if got := Elo(EloScore(elo)); math.Abs(got-elo) > 1e-6 {
			t.Errorf("Elo(EloScore(%v)) = %v", elo, got)
		}
	}
	if s := EloScore(0); s != 0.5 {
		t.Errorf("EloScore(0) = %v", s)
	}
}

func TestStats(t *testing.T) {
	var s Stats
	for i := 0; i < 30; i++ {
		s.Add(1, 0.5) // 1.5 of 2 in every pair
		s.Add(0.5, 0.5)
	}
	if s.Games() != 120 || s.Wins != 30 || s.Draws != 90 || s.Losses != 0 {
		t.Fatalf("counts %+v", s)
	}
	elo, lo, hi := s.Interval()
	if math.Abs(s.Score()-0.625) > 1e-9 || !(lo < elo && elo < hi) || lo <= 0 {
		t.Errorf("score %v, Elo %v [%v, %v]", s.Score(), elo, lo, hi)
	}
	// A clear gain accepts H1 of [0, 10]; a clear loss rejects it.
	lower, upper := SPRTBounds(0.05, 0.05)
	if llr := s.LLR(0, 10); llr < upper {
		t.Errorf("LLR %v below %v for a large gain", llr, upper)
	}
	var bad Stats
	for i := 0; i < 60; i++ {
		bad.Add(0, 0.5)
		bad.Add(0.5, 0.5)
	}
	if llr := bad.LLR(0, 10); llr > lower {
		t.Errorf("LLR %v above %v for a loss", llr, lower)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Limit
	}{
		{"nodes=2000", Limit{Nodes: 2000}},
		{"depth=7", Limit{Depth: 7}},
		{"movetime=100ms", Limit{MoveTime: 100e6}},
		{"tc=10s+100ms", Limit{Time: 10e9, Inc: 100e6}},
	} {
		if got, err := ParseLimit(tc.in); err != nil || got != tc.want {
			t.Errorf("ParseLimit(%q) = %+v, %v", tc.in, got, err)
		}
	}
	for _, bad := range []string{"", "nodes", "nodes=x", "depth=0", "speed=3"} {
		if _, err := ParseLimit(bad); err == nil {
			t.Errorf("ParseLimit(%q) accepted", bad)
		}
	}
	opts, err := ParseOptions("Hash=16; UCI_Elo = 1600")
	if err != nil || len(opts) != 2 || opts[1] != (Option{"UCI_Elo", "1600"}) {
		t.Errorf("ParseOptions = %v, %v", opts, err)
	}
	if _, err := ParseOptions("Hash"); err == nil {
		t.Error("option without a value accepted")
	}
}

// Two in-process engines play a short match in two variants: every game
// ends by the rules, and the openings differ.
func TestRunSmallMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	var games []Game
	cfg := Config{
		Engines:      [2]Spec{{Name: "a"}, {Name: "b"}},
		Limits:       [2]Limit{{Nodes: 300}, {Depth: 2}},
		Variants:     []*rules.Variant{rules.Standard, rules.Edgy},
		Games:        4,
		OpeningPlies: 2,
		Seed:         3,
		Concurrency:  2,
		OnGame:       func(g Game) { games = append(games, g) },
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Total.Games() != 8 || len(games) != 8 {
		t.Fatalf("played %d games, recorded %d", res.Total.Games(), len(games))
	}
	for _, g := range games {
		if g.Reason == "" || strings.Contains(g.Reason, "illegal") || strings.Contains(g.Reason, "time") {
			t.Errorf("%s game ended by %q", g.Variant.ID, g.Reason)
		}
	}
	if o := Openings(rules.Asha, 20, 4, 0, 0, 1); len(o) != 20 {
		t.Errorf("%d openings", len(o))
	}
}

// Chess960 openings start from start positions drawn at random (not all
// from chess's own), and a game is played from its opening's start.
func TestChess960OpeningsStartAnywhere(t *testing.T) {
	openings := Openings(rules.Chess960, 20, 2, 0, 0, 1)
	starts := map[string]bool{}
	for _, o := range openings {
		p, err := rules.ParseFEN(rules.Chess960, o.Start)
		if err != nil {
			t.Fatalf("start %q: %v", o.Start, err)
		}
		if _, ok := rules.Chess960Number(p); !ok {
			t.Errorf("start %q is not a Chess960 start", o.Start)
		}
		starts[o.Start] = true
	}
	if len(openings) != 20 || len(starts) < 15 {
		t.Errorf("%d openings from %d start positions", len(openings), len(starts))
	}
	if o := Openings(rules.Standard, 3, 2, 0, 0, 1); o[0].Start != "" {
		t.Errorf("a chess opening starts from %q", o[0].Start)
	}

	a, err := start(Spec{Name: "a"})
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	b, err := start(Spec{Name: "b"})
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	g := play(rules.Chess960, openings[0], &side{eng: a, limit: Limit{Depth: 1}}, &side{eng: b, limit: Limit{Depth: 1}}, Adjudication{})
	if g.Reason == "" || strings.Contains(g.Reason, "illegal") || strings.Contains(g.Reason, "opening") {
		t.Fatalf("the game ended by %q", g.Reason)
	}
	p, _ := openings[0].Position(rules.Chess960)
	for _, m := range g.Moves[len(openings[0].Moves):] {
		if !p.IsLegal(m) {
			t.Fatalf("%s is not legal from the opening's start", m.UCI())
		}
		p.Make(m)
	}
}

// An engine's castle reads in either UCI form: king takes rook, or the
// king's own move where that is unambiguous (an engine not in
// UCI_Chess960 mode writes it so, even in Chess960).
func TestCastlesReadInEitherForm(t *testing.T) {
	p, err := rules.ParseFEN(rules.Chess960, "r1bqkb1r/p2p1ppp/n1p1pn2/1p6/8/1P2PN2/PBPPBPPP/RN1QK2R w KQkq - 0 6")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"e1h1", "e1g1", "E1G1"} {
		m, ok := findMove(p, text)
		if c, castle := p.CastleOf(m); !ok || !castle || c.KingTo.String() != "g1" {
			t.Errorf("%s read as %v (%v)", text, m, ok)
		}
	}
	if m, ok := findMove(p, "e1f1"); !ok || m.Kind() == rules.Castling {
		t.Errorf("e1f1 read as %v (%v), want the king's step", m, ok)
	}
}

type writeBuffer struct{ strings.Builder }

func (*writeBuffer) Close() error { return nil }

// An engine that plays Chess960 as chess with UCI_Chess960 (Stockfish,
// Fairy-Stockfish) gets the option switched on for a Chess960 game and
// off again for the next standard one; one with neither option is
// refused Chess960.
func TestChess960ThroughUCIChess960(t *testing.T) {
	var sent writeBuffer
	e := &engine{spec: Spec{Name: "fsf"}, in: &sent, options: map[string]string{
		"uci_chess960": "option name UCI_Chess960 type check default false",
		"uci_variant":  "option name UCI_Variant type combo default chess var chess var makruk",
	}}
	for _, id := range []string{"chess960", "chess960", "standard"} {
		if err := e.setVariant(id); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
	want := "setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value chess\nsetoption name UCI_Chess960 value false\n"
	if sent.String() != want {
		t.Errorf("sent\n%s\nwant\n%s", sent.String(), want)
	}
	plain := &engine{spec: Spec{Name: "plain"}, in: &sent, options: map[string]string{}}
	if err := plain.setVariant("chess960"); err == nil {
		t.Error("Chess960 accepted by an engine without UCI_Chess960")
	}
	if err := plain.setVariant("standard"); err != nil {
		t.Error(err)
	}
}

// A short tuning run plays its pairs, keeps every value in its range and
// moves only the parameters it tunes.
func TestSPSASmall(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	tune := []ai.Param{ai.ParamList[0], ai.ParamList[len(ai.ParamList)-1]}
	var log strings.Builder
	cfg := SPSAConfig{Variant: rules.Standard, Limit: Limit{Depth: 2}, Iterations: 4, Start: ai.DefaultParams(), Tune: tune,
		REnd: 0.5, Seed: 1, Concurrency: 2, OpeningPlies: 2, Log: &log, LogEvery: 2}
	theta, err := SPSA(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(theta) != len(tune) {
		t.Fatalf("%d values for %d parameters", len(theta), len(tune))
	}
	for i, p := range tune {
		if theta[i] < float64(p.Min) || theta[i] > float64(p.Max) {
			t.Errorf("%s = %g, outside [%d, %d]", p.Name, theta[i], p.Min, p.Max)
		}
	}
	if n := strings.Count(log.String(), "iteration "); n != 2 {
		t.Errorf("%d log lines, want 2:\n%s", n, log.String())
	}
	if !strings.Contains(log.String(), tune[0].Name+"=") || strings.Contains(log.String(), ai.ParamList[1].Name+"=") {
		t.Errorf("the log names other parameters than the tuned ones:\n%s", log.String())
	}
}
