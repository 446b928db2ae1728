package ai

import (
	"context"
	"math"
	"testing"

	"varia/rules"
)

func mustFEN(t *testing.T, v *rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s %q: %v", v.ID, fen, err)
	}
	return p
}

// Mates in one and two, a pair for every variant. The brute-force check
// confirms each premise (the mate exists, is the only one, and there is
// none shorter) before the engine is asked.
var mateTests = []struct {
	variant *rules.Variant
	fen     string
	moves   int
	want    string
}{
	{rules.Standard, "2K5/8/2p4P/4pQ2/3P4/r7/7R/4k3 w - - 0 1", 1, "f5b1"},
	{rules.Standard, "2Q3r1/4Pp2/3p2k1/8/6K1/8/7P/5R2 w - - 0 1", 2, "c8g8"},
	{rules.Asha, "3k4/pR2N3/3p4/5RP1/p7/8/8/K6n w - - 0 1", 1, "f5f8"},
	{rules.Asha, "6R1/p4P1p/8/2K5/5n2/4p3/4N2k/4R3 w - - 0 1", 2, "e2f3"},
	{rules.Edgy, "1p6/1p4R1/2p2P2/3Q1b2/8/1K6/8/2k5 w - - 0 1", 1, "g7g1"},
	{rules.Edgy, "6p1/1p3p2/8/5P2/8/R2K4/1bQ5/5k2 w - - 0 1", 2, "c2b2"},
	{rules.DiagonalChess, "6pk/3p4/BR6/7K/6R1/P7/8/2n5 w - - 0 1", 1, "b6h6"},
	{rules.DiagonalChess, "8/3R4/PK5p/8/8/7B/6pR/6kn w - - 0 1", 2, "h2g2"},
	{rules.Diagonal8, "4Q3/r5p1/8/N1k3p1/8/P1P5/8/3K4 w - - 0 1", 1, "e8c6"},
	{rules.Diagonal8, "5Q1K/1p6/8/8/2pN4/5P1k/2P5/7r w - - 0 1", 2, "d4e2"},
	{rules.Asymmetrical, "k7/8/K2RB3/2p5/2p5/6N1/3b4/7P w - - 0 1", 1, "d6d8"},
	{rules.Asymmetrical, "R7/7K/4P3/6p1/N7/2B5/k1pb4/8 w - - 0 1", 2, "a4c5"},
	{rules.ASEAN, "7k/4N3/6R1/R7/1p4Q1/8/8/3K3n w - - 0 1", 1, "a5h5"},
	{rules.ASEAN, "2k5/8/N7/2Q5/2p3n1/8/2RR4/K7 w - - 0 1", 2, "c2b2"},

	// Mates that only a variant's own rules allow.
	// Edgy: castling along the file (king a1-a3, rook a5-a2) checks on
	// the second rank.
	{rules.Edgy, "8/1p6/2p5/RN6/8/8/2k5/K4Q2 w Q - 0 1", 1, "a1a3"},
	// Diagonal chess: Black's e7-e5 has just crossed e6; taking en
	// passant puts a pawn on e6, which attacks the king on f5.
	{rules.DiagonalChess, "8/5K2/8/3Ppk2/7R/5N2/6p1/8 w - e6 0 2", 1, "d5e6"},
}

func TestFindsMates(t *testing.T) {
	for _, tc := range mateTests {
		// Each position also as its mirror image with Black to move.
		for _, fen := range []string{tc.fen, rotateFEN(t, tc.fen)} {
			want := tc.want
			if fen != tc.fen {
				want = rotateUCI(t, want)
			}
			p := mustFEN(t, tc.variant, fen)
			mating := matingMoves(p, tc.moves)
			if len(mating) != 1 || mating[0].UCI() != want || tc.moves > 1 && len(matingMoves(p, tc.moves-1)) > 0 {
				t.Fatalf("%s %q: premise: want %s the only mate in %d and none shorter, brute force finds %v", tc.variant.ID, fen, want, tc.moves, mating)
			}
			// Pruning may hide a mate from a search just deep enough to
			// see it; a mate search goes on until it finds one this short.
			res := NewEngine(4).Search(context.Background(), p, Limits{Mate: tc.moves, Depth: 2*tc.moves + 9})
			if res.Move != mating[0] {
				t.Errorf("%s %q: played %s, want %s", tc.variant.ID, fen, res.Move, want)
			}
			if want := MateScore - Score(2*tc.moves-1); res.Score != want {
				t.Errorf("%s %q: score %v, want %v", tc.variant.ID, fen, res.Score, want)
			}
		}
	}
}

// In Asha the only defence against the rook's check that survives is the
// bishop's King's Step e2-e1, where the rook on e4 guards it; both
// diagonal blocks lose to Rxd1/Rxf1.
func TestAshaKingsStepDefends(t *testing.T) {
	p := mustFEN(t, rules.Asha, "1k6/8/8/8/4R3/8/4B1PP/r6K w - - 0 1")
	const want = "e2e1"
	for _, m := range p.Legal() {
		p.Make(m)
		lost := forcesMate(p, 2)
		p.Unmake()
		if lost == (m.UCI() == want) {
			t.Fatalf("premise: after %s (%s) Black mates within two: %v", m, m.Kind(), lost)
		}
	}
	for _, lvl := range []string{"Medium", "Hard"} {
		l, _ := LevelByName(lvl)
		res := NewEngine(4).Search(context.Background(), p, l.Limits)
		if res.Move.UCI() != want || res.Move.Kind() != rules.KingsStep {
			t.Errorf("%s played %s (%s), want the King's Step %s", lvl, res.Move, res.Move.Kind(), want)
		}
	}
}

// A piece left where it can be taken for nothing is taken.
func TestTakesFreeMaterial(t *testing.T) {
	tests := []struct {
		variant *rules.Variant
		fen     string
		square  string // where the free piece stands
	}{
		{rules.Standard, "rnb1kbnr/pppp1ppp/8/4p3/4P1q1/5P2/PPPP2PP/RNBQKBNR w - - 0 1", "g4"},
		{rules.Asha, "r1bqkbnr/pppppppp/8/8/3n4/4P3/PPPP1PPP/RNBQKBNR w - - 0 1", "d4"},
		{rules.Edgy, "3prnbk/4pppq/P5pb/RP4pn/NP4pr/BPn4p/QPPP4/KBNRP3 w KQkq - 0 1", "c3"},
		{rules.DiagonalChess, "3prnbk/4pp1n/5ppb/P1q3pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1", "c5"},
		{rules.Diagonal8, "p2prnbk/4ppqn/5ppb/P5pr/RP5p/BPPn4/NQPP4/KBNRP2P w KQkq - 0 1", "d3"},
		{rules.Asymmetrical, "3prnbk/4pp1n/5ppb/P5pr/RP5p/BPPq4/NQPP4/KBNRP3 w - - 0 1", "d3"},
		{rules.ASEAN, "rnb1kbnr/pppppppp/8/8/4r3/3P4/PPP1PPPP/RNBQKBNR w - - 0 1", "e4"},
	}
	medium, _ := LevelByName("Medium")
	for _, tc := range tests {
		for _, fen := range []string{tc.fen, rotateFEN(t, tc.fen)} {
			square := tc.square
			if fen != tc.fen {
				square = rotateSquares(t, square)
			}
			p := mustFEN(t, tc.variant, fen)
			sq, _ := rules.ParseSquare(square)
			them := p.SideToMove().Other()
			if p.PieceAt(sq).Color() != them || p.Attacked(sq, them) || !p.Attacked(sq, p.SideToMove()) {
				t.Fatalf("%s %q: premise: no undefended enemy piece on %s to take", tc.variant.ID, fen, square)
			}
			res := NewEngine(4).Search(context.Background(), p, medium.Limits)
			if res.Move.To() != sq || !res.Move.Kind().IsCapture() {
				t.Errorf("%s %q: played %s, want a capture on %s", tc.variant.ID, fen, res.Move, square)
			}
		}
	}
}

// An engine that goes from one variant to another searches the second as
// a new engine would: keys do not know the variant, so nothing learnt in
// the first (table entries, histories, pawn structures) may carry over.
func TestAnotherVariantIsSearchedAfresh(t *testing.T) {
	const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	lim := Limits{Depth: 6}
	used := NewEngine(16)
	used.Search(context.Background(), mustFEN(t, rules.Standard, fen), lim)
	got := used.Search(context.Background(), mustFEN(t, rules.Asha, fen), lim)
	want := NewEngine(16).Search(context.Background(), mustFEN(t, rules.Asha, fen), lim)
	if got.Move != want.Move || got.Score != want.Score || got.Nodes != want.Nodes {
		t.Errorf("Asha after chess: %s %v in %d nodes; a new engine: %s %v in %d nodes",
			got.Move, got.Score, got.Nodes, want.Move, want.Score, want.Nodes)
	}
}

// With no history yet, the quiet moves are ordered by threats: a knight
// a pawn attacks moves before anything else, and a rook does not move
// onto a square a pawn attacks before one it does not.
func TestQuietOrderHeedsCheaperAttackers(t *testing.T) {
	pos, err := rules.ParseFEN(rules.Standard, "4k3/8/3p4/4N3/8/8/8/2R1K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s := &searcher{pos: pos, ev: newEvaluator(rules.Standard)}
	moves := pos.LegalMoves(nil)
	scores := make([]int32, len(moves))
	s.scoreMoves(moves, scores, rules.NoMove, 0)
	score := map[string]int32{}
	lowestKnight, highestOther := int32(math.MaxInt32), int32(math.MinInt32)
	for i, m := range moves {
		score[m.String()] = scores[i]
		if pos.PieceAt(m.From()).Type() == rules.Knight {
			lowestKnight = min(lowestKnight, scores[i])
		} else {
			highestOther = max(highestOther, scores[i])
		}
	}
	if lowestKnight <= highestOther {
		t.Errorf("a knight move scored %d, another piece's move %d: the attacked knight should move first", lowestKnight, highestOther)
	}
	if score["c1c5"] >= score["c1c4"] {
		t.Errorf("Rc5 (onto the pawn's attack) scored %d, Rc4 %d", score["c1c5"], score["c1c4"])
	}
}

// Quiescence stands pat at the table's score when the table's bound says
// the static evaluation is too pessimistic (a lower bound above it) or too
// optimistic (an upper bound below it).
func TestQuiescenceStandsPatOnTheTablesBound(t *testing.T) {
	pos := rules.NewPosition(rules.Standard) // no capture to resolve
	s := &searcher{pos: pos, ev: newEvaluator(pos.Variant()), tt: newTable(1), done: make(chan struct{})}
	static := s.evaluate()
	for _, c := range []struct {
		bd    bound
		score Score
		want  Score
	}{
		{boundLower, static + 300, static + 300},
		{boundLower, static - 300, static}, // a bound below says nothing
		{boundUpper, static - 300, static - 300},
		{boundUpper, static + 300, static},
		{boundExact, static + 120, static + 120},
	} {
		s.tt.clear()
		s.tt.store(pos.Key(), rules.NoMove, c.score, static, 2, c.bd, false)
		if got := s.qsearch(-1000, 1000, 0, false); got != c.want {
			t.Errorf("bound %d at %d: qsearch = %d, want %d", c.bd, c.score, got, c.want)
		}
	}
}

// Where every move fails low, the opponent's last move, if quiet, rises as
// a reply to the two moves before it, by more for each sign that it
// mattered; a capture or a null move does not, nor a quiet move at a
// shallow node with no such sign.
func TestFailLowRewardsTheOpponentsQuietMove(t *testing.T) {
	quiet := []string{"e2e4", "e7e5", "g1f3"}
	for _, tc := range []struct {
		moves     []string
		null      bool
		depth     int
		pvOrCut   bool
		farBelow  bool
		moveCount int
		bonuses   int16
	}{
		{quiet, false, 6, false, false, 1, 1},
		{[]string{"e2e4", "d7d5", "e4d5"}, false, 6, false, false, 1, 0},
		{quiet, true, 6, false, false, 1, 0},
		{quiet, false, 4, false, false, 1, 0},
		{quiet, false, 4, true, false, 1, 1},
		{quiet, false, 4, false, true, 1, 1},
		{quiet, false, 4, false, false, 13, 1},
		{quiet, false, 6, true, true, 13, 4},
	} {
		s := &searcher{pos: rules.NewPosition(rules.Standard)}
		last, moved := playLine(t, s, tc.moves...)
		if tc.null {
			s.frames[2].move = rules.NoMove
		}
		s.frames[2].moveCount = tc.moveCount
		s.rewardPriorQuiet(3, tc.depth, tc.pvOrCut, tc.farBelow)
		// From an empty entry the update moves it by the whole bonus.
		want := tc.bonuses * int16(statBonus(tc.depth))
		for back := 0; back < 2; back++ {
			if got := s.frames[1-back].cont[moved][last.To()]; got != want {
				t.Errorf("%+v: the entry as a reply %d moves back is %d, want %d", tc, back+1, got, want)
			}
		}
	}
}

// Where a node fails high, the opponent's last move, if quiet and the
// first or the killer it tried, falls as a reply to the two moves before
// it; a later move or a capture does not move.
func TestFailHighPenalizesTheOpponentsEarlyQuietMove(t *testing.T) {
	for _, tc := range []struct {
		moves     []string
		moveCount int
		killer    bool
		penalty   bool
	}{
		{[]string{"e2e4", "e7e5", "g1f3"}, 1, false, true},
		{[]string{"e2e4", "e7e5", "g1f3"}, 5, false, false},
		{[]string{"e2e4", "e7e5", "g1f3"}, 5, true, true},
		{[]string{"e2e4", "d7d5", "e4d5"}, 1, false, false},
	} {
		s := &searcher{pos: rules.NewPosition(rules.Standard)}
		last, moved := playLine(t, s, tc.moves...)
		s.frames[2].moveCount = tc.moveCount
		if tc.killer {
			s.frames[2].killers[0] = last
		}
		s.penalizeRefutedQuiet(3, 6)
		for back := 0; back < 2; back++ {
			got := s.frames[1-back].cont[moved][last.To()]
			if tc.penalty != (got < 0) || got > 0 {
				t.Errorf("%+v: the entry as a reply %d moves back is %d, want it lowered: %v", tc, back+1, got, tc.penalty)
			}
		}
	}
}

// playLine plays moves from ply 0 as the search would, recording each in
// its frame, and returns the last move and the piece that played it.
func playLine(t *testing.T, s *searcher, moves ...string) (last rules.Move, moved rules.Piece) {
	t.Helper()
	for ply, text := range moves {
		m, err := s.pos.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		last, moved = m, s.pos.PieceAt(m.From())
		s.played(&s.frames[ply], m, moved)
		s.pos.Make(m)
	}
	return last, moved
}

// A quiet move that refutes a line rises as a reply to the opponent's last
// move and to the side's own last two (one, two and four plies back), not
// to the opponent's move before (three plies back).
func TestFailHighTeachesTheContinuationRows(t *testing.T) {
	s := &searcher{pos: rules.NewPosition(rules.Standard)}
	playLine(t, s, "e2e4", "e7e5", "g1f3", "b8c6")
	m, err := s.pos.ParseMove("f1b5")
	if err != nil {
		t.Fatal(err)
	}
	pc := s.pos.PieceAt(m.From())
	s.rewardQuiet(4, m, 5, nil)
	for back, raised := range []bool{true, true, false, true} {
		got := s.frames[3-back].cont[pc][m.To()]
		if raised != (got > 0) || got < 0 {
			t.Errorf("the entry as a reply %d plies back is %d, want it raised: %v", back+1, got, raised)
		}
	}
}
