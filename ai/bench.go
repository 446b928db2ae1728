package ai

import (
	"context"
	"fmt"
	"time"

	"varia/rules"
)

// DefaultBenchDepth is the depth "varia bench" searches to unless told.
const DefaultBenchDepth = 12

// benchHashMiB keeps the bench's table small and fixed, so its node count
// does not depend on the machine's memory or on options.
const benchHashMiB = 16

// benchPositions are the positions the bench searches: each variant's
// start and three positions from one of the engine's own games (opening,
// middlegame, endgame).
var benchPositions = []struct {
	variant *rules.Variant
	fens    []string
}{
	{rules.Standard, []string{
		rules.Standard.StartFEN,
		"rnbk2nr/ppppbppp/4pq2/8/3PP2P/2NQ4/PPP2PP1/R1B1KBNR b KQ - 2 5",
		"r1bk3r/ppppbppp/2nq4/3Np2P/3PP3/P3PN2/1PPQ2P1/R3KB1R w KQ - 2 13",
		"1rbk3r/pppp3p/6P1/3npP2/7N/P3P3/1PP1B1P1/R4RK1 b - - 0 21",
	}},
	{rules.Asha, []string{
		rules.Asha.StartFEN,
		"rnb1kb1r/ppp1ppp1/3Qpnp1/8/8/1P2P3/1PPP1PPP/RNB1KBNR b KQkq - 0 5",
		"r6r/pppkbpp1/2n2np1/3pp3/2P5/1P1PP2P/1PB1KPPN/RN5R w - - 2 13",
		"r6r/1p1kbpp1/1pn3p1/p2Pn3/2P5/1PP1K1NP/2B2PP1/RN1R4 b - - 4 21",
	}},
	{rules.Edgy, []string{
		rules.Edgy.StartFEN,
		"3pr1bk/3nppp1/P1P4b/3R2pn/NP2q1pr/BP5p/QPP1N3/KB1RP3 b Kkq - 1 5",
		"3p1rbk/3np1p1/P1P1pn1b/2P3p1/N6r/BPNR3p/QPP1p1q1/KBR5 w q - 4 13",
		"3p1rb1/4p1pk/P2P3b/Qq2n1p1/1B4n1/1P5R/1PP1p3/KBR5 b - - 6 21",
	}},
	{rules.DiagonalChess, []string{
		rules.DiagonalChess.StartFEN,
		"3prnbk/4pp1n/6pb/2P1Q2r/R6p/BP2p3/N1PP4/KBNRP3 b KQkq - 0 5",
		"3pr1bk/4p2n/2P2ppb/4p3/R4n2/2Np4/1BPP4/KBR1P3 w Qk - 0 13 c2d2e1d8e7g6",
		"1r5k/2p1p3/2P2pnb/8/3B4/RR6/3P4/K3P3 b - - 0 21 d2e1e7",
	}},
	{rules.Diagonal8, []string{
		rules.Diagonal8.StartFEN,
		"p3rnbk/3pppq1/5npb/P1P1p2r/R6p/BP1NP3/NQPP4/KB1R3P b KQkq - 0 5",
		"1Pr3bk/4ppq1/5npb/P1p1p2r/R6p/3NP2P/NQPP4/KB1R4 w KQq - 1 13",
		"1r4bk/4pp2/P4np1/2p4r/2R4p/4P2P/N1BP4/K2R4 b K - 0 21 e7f7g6h4",
	}},
	{rules.Asymmetrical, []string{
		rules.Asymmetrical.StartFEN,
		"r4nbk/P2pppqn/5ppb/1P4pr/R7/BPP5/NQPP1N1p/KB1RP3 b - - 0 5",
		"3r2bk/PP2ppbn/6p1/2p2ppr/R1P5/1P6/NKPPPN1p/1B1R4 w - - 1 13",
		"Q5bk/R4p1n/4p3/2p2pp1/2Pb3p/1PP5/3PP3/1BKN4 b - - 0 21",
	}},
	{rules.ASEAN, []string{
		rules.ASEAN.StartFEN,
		"rnbq1bnr/1ppkppp1/p2p3p/8/8/1PN1PN2/P1PPBPPP/R1BQK2R b - - 2 5",
		"r2q3r/1bpk1pb1/ppnpp1pp/8/3Nn3/1PPPP2P/PBQ1BPP1/R3K2R w - - 0 13",
		"3r3r/1bp1q1b1/1pk1pp1p/p3p1p1/4PP2/PPPQP1PP/1B1KB3/R6R b - - 0 21",
	}},
	{rules.Chess960, []string{
		"bbrnqnkr/pppppppp/8/8/8/8/PPPPPPPP/BBRNQNKR w KQkq - 0 1", // start 416
		"bbr1qnkr/p3pppp/2p1n3/1p1p4/1P1P4/2P1N3/P1B1PPPP/B1R1QNKR b KQkq - 1 5",
		"2r1q1kr/p3ppp1/b1pbn3/3p3p/pP1P3P/2P1N1P1/P2NPP2/B1RQ2KR w KQkq - 2 13",
		"1r4kr/2q1pp2/2p1n1p1/pb1pP2p/PP3P1P/2P1N1P1/1BQ5/R5KR b Kk - 0 21",
	}},
}

// BenchPosition is one of the bench's positions.
type BenchPosition struct {
	Variant *rules.Variant
	FEN     string
}

// BenchPositions returns the bench's positions, variant by variant.
func BenchPositions() []BenchPosition {
	var out []BenchPosition
	for _, b := range benchPositions {
		for _, f := range b.fens {
			out = append(out, BenchPosition{b.variant, f})
		}
	}
	return out
}

// BenchResult is the bench's count for one variant.
type BenchResult struct {
	Variant   *rules.Variant
	Positions int
	Nodes     uint64
	Elapsed   time.Duration
}

// NPS is the search speed in nodes per second.
func (b BenchResult) NPS() float64 { return float64(b.Nodes) / max(b.Elapsed.Seconds(), 1e-9) }

// Bench searches every bench position to depth with an emptied table
// before each, and totals the nodes per variant. The node counts are the
// same on every run and machine: they change only when the search or the
// evaluation does, which makes them a signature of both. Only the variants
// listed (all, if none) are searched.
func Bench(ctx context.Context, depth int, variants ...*rules.Variant) ([]BenchResult, error) {
	return BenchThreads(ctx, depth, 1, variants...)
}

// BenchThreads is Bench with threads threads a search. With more than
// one, the node counts vary from run to run; the time to reach the depth
// is what measures the threads' gain.
func BenchThreads(ctx context.Context, depth, threads int, variants ...*rules.Variant) ([]BenchResult, error) {
	if depth < 1 {
		return nil, fmt.Errorf("bench depth %d: must be at least 1", depth)
	}
	e := NewEngine(benchHashMiB)
	e.SetThreads(threads)
	var out []BenchResult
	for _, b := range benchPositions {
		if len(variants) > 0 && !containsVariant(variants, b.variant) {
			continue
		}
		r := BenchResult{Variant: b.variant}
		for _, fen := range b.fens {
			pos, err := rules.ParseFEN(b.variant, fen)
			if err != nil {
				return nil, fmt.Errorf("bench position %s %q: %v", b.variant.ID, fen, err)
			}
			e.Clear()
			res := e.Search(ctx, pos, Limits{Depth: depth})
			r.Positions++
			r.Nodes += res.Nodes
			r.Elapsed += res.Elapsed
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
		}
		out = append(out, r)
	}
	return out, nil
}

func containsVariant(vs []*rules.Variant, v *rules.Variant) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}
