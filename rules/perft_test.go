package rules

import (
	"flag"
	"testing"
)

type perftCase struct {
	variant, fen string
	counts       []uint64 // depth 1, 2, ...
}

// Reference counts. Standard chess: the well-known public suite (start
// position, "Kiwipete" and positions 3 to 6 of the common six-position
// table), confirmed with Stockfish's perft. Variants: the start positions
// in RULES.md, counted by an independent implementation of the rule book.
var perftCases = []perftCase{
	{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"standard", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603, 193690690}},
	{"standard", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}},
	{"standard", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333, 15833292, 706045033}},
	{"standard", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333, 15833292, 706045033}},
	{"standard", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487, 89941194}},
	{"standard", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594, 164075551}},
	{"asha", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{34, 1156, 45800, 1806576, 78988867}},
	{"edgy", "3prnbk/4pppq/P5pb/RP4pn/NP4pr/BP5p/QPPP4/KBNRP3 w KQkq - 0 1", []uint64{13, 169, 2728, 44098, 818445}},
	{"diagonal", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1", []uint64{22, 484, 12018, 296857, 8156432}},
	{"diagonal8", "p2prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP2P w KQkq - 0 1", []uint64{24, 570, 14891, 385435, 10956349}},
	{"asymmetrical", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w - - 0 1", []uint64{7, 49, 575, 6737, 107576}},
	{"asean", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", []uint64{12, 144, 1932, 25922, 386244}},
}

var deepPerft = flag.Bool("deep", false, "count every perft case to its last listed depth (several minutes)")

// TestPerft counts each case as deep as a node budget allows: little with
// -short; by default up to 200 M leaves a count (depth 5 of every start
// position, depth 6 of chess, about ten seconds); every depth with -deep.
func TestPerft(t *testing.T) {
	budget := uint64(200_000_000)
	if testing.Short() {
		budget = 300_000
	}
	if *deepPerft {
		budget = 1 << 62
	}
	for _, c := range perftCases {
		v, err := VariantByID(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseFEN(v, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		before := p.FEN()
		for d, want := range c.counts {
			if want > budget {
				break
			}
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s %q depth %d: got %d, want %d", c.variant, c.fen, d+1, got, want)
			}
		}
		if after := p.FEN(); after != before {
			t.Errorf("perft changed the position from %s to %s", before, after)
		}
	}
}
