package ai

import (
	"context"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"varia/rules"
)

// randomPositions plays random games in v and collects positions along
// the way, a few per game.
func randomPositions(v *rules.Variant, games int, seed int64) []*rules.Position {
	r := rand.New(rand.NewSource(seed))
	var out []*rules.Position
	for g := 0; g < games; g++ {
		p := rules.NewPosition(v)
		for ply := 0; ply < 80; ply++ {
			moves := p.Legal()
			if len(moves) == 0 {
				break
			}
			p.Make(moves[r.Intn(len(moves))])
			if ply%9 == 4 {
				q, err := rules.ParseFEN(v, p.FEN())
				if err != nil {
					panic(err)
				}
				out = append(out, q)
			}
		}
	}
	return out
}

// The two armies are each other's image: turned 180° in the corner-king
// setups, mirrored across the board's middle in the chess-like ones (whose
// pawns and pieces move the same either way). A position and its image
// with the colours swapped must evaluate the same for the side to move.
func TestEvaluationIsSymmetric(t *testing.T) {
	for _, v := range rules.Variants() {
		image := func(fen string) string { return rotateFEN(t, fen) }
		if rotateFEN(t, v.StartFEN) != strings.Replace(v.StartFEN, " w ", " b ", 1) {
			image = func(fen string) string { return mirrorFEN(t, fen) }
		}
		if got, want := image(v.StartFEN), strings.Replace(v.StartFEN, " w ", " b ", 1); got != want {
			t.Fatalf("%s: start position's image %q is not itself", v.ID, got)
		}
		ev := newEvaluator(v)
		for _, p := range randomPositions(v, 6, 1) {
			fen := p.FEN()
			q := mustFEN(t, v, fen)
			r := mustFEN(t, v, image(fen))
			if a, b := ev.evaluate(q), ev.evaluate(r); a != b {
				t.Errorf("%s: %s evaluates %v, its image %v", v.ID, fen, a, b)
			}
		}
	}
}

func TestEvaluationStartIsBalanced(t *testing.T) {
	for _, v := range rules.Variants() {
		if s := Evaluate(rules.NewPosition(v)); s < 0 || s > 60 {
			t.Errorf("%s: start position evaluates %v", v.ID, s)
		}
	}
}

// The tables come from the variants' data, so they differ where the games
// differ.
func TestEvaluationFollowsTheRules(t *testing.T) {
	std, asha, edgy, diag, asean := newEvaluator(rules.Standard), newEvaluator(rules.Asha),
		newEvaluator(rules.Edgy), newEvaluator(rules.DiagonalChess), newEvaluator(rules.ASEAN)
	sq := func(s string) rules.Square { q, _ := rules.ParseSquare(s); return q }
	wp := rules.MakePiece(rules.White, rules.Pawn)
	bp := rules.MakePiece(rules.Black, rules.Pawn)
	wk := rules.MakePiece(rules.White, rules.King)
	checks := []struct {
		name string
		ok   bool
	}{
		{"chess values near the usual", std.value[rules.Knight] > 280 && std.value[rules.Knight] < 360 &&
			std.value[rules.Rook] > 440 && std.value[rules.Rook] < 540 && std.value[rules.Queen] > 850 && std.value[rules.Queen] < 1000},
		{"ASEAN's Ferz and Bishop are worth less than a knight", asean.value[rules.Queen] < asean.value[rules.Knight] && asean.value[rules.Bishop] < asean.value[rules.Knight]},
		{"ASEAN's Ferz is worth more than a pawn", asean.value[rules.Queen] > asean.value[rules.Pawn]},
		{"Asha's stepping pieces are worth more than chess's", asha.value[rules.Knight] > std.value[rules.Knight] && asha.value[rules.Bishop] > std.value[rules.Bishop]},
		{"Asha's pawns are worth more than chess's", asha.value[rules.Pawn] > std.value[rules.Pawn]},
		{"chess pawns gain toward rank 8", std.psq[wp][sq("e7")].eg > std.psq[wp][sq("e3")].eg},
		{"black chess pawns gain toward rank 1", std.psq[bp][sq("e2")].eg > std.psq[bp][sq("e6")].eg},
		{"Edgy pawns gain toward the h8 corner", edgy.psq[wp][sq("g6")].eg > edgy.psq[wp][sq("d3")].eg},
		{"an Edgy pawn on rank 7 is not near promotion", edgy.psq[wp][sq("a7")].eg < edgy.psq[wp][sq("g6")].eg},
		{"Diagonal pawns gain toward h8", diag.psq[wp][sq("g5")].eg > diag.psq[wp][sq("b3")].eg},
		{"ASEAN pawns gain toward rank 6", asean.psq[wp][sq("e5")].eg > asean.psq[wp][sq("e3")].eg},
		{"ASEAN advances count for less (a Ferz is a small prize)", asean.psq[wp][sq("e5")].eg-asean.psq[wp][sq("e4")].eg < std.psq[wp][sq("e7")].eg-std.psq[wp][sq("e6")].eg},
		{"an Edgy king shelters in its corner", edgy.psq[wk][sq("a1")].mg > edgy.psq[wk][sq("d4")].mg && edgy.psq[wk][sq("a1")].mg > edgy.psq[wk][sq("e1")].mg},
		{"a Diagonal king shelters in its corner", diag.psq[wk][sq("a1")].mg > diag.psq[wk][sq("c3")].mg},
		{"a chess king prefers its castled square to the centre", std.psq[wk][sq("g1")].mg > std.psq[wk][sq("e1")].mg && std.psq[wk][sq("e1")].mg > std.psq[wk][sq("e4")].mg},
		{"kings head for the centre in the endgame", std.psq[wk][sq("d4")].eg > std.psq[wk][sq("a1")].eg},
		{"a knight is better in the centre", std.psq[rules.MakePiece(rules.White, rules.Knight)][sq("d4")].mg > std.psq[rules.MakePiece(rules.White, rules.Knight)][sq("a1")].mg},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: does not hold", c.name)
		}
	}
}

func TestPassedPawns(t *testing.T) {
	tests := []struct {
		variant *rules.Variant
		fen     string
		square  string
		passed  bool
	}{
		{rules.Standard, "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", true},
		{rules.Standard, "4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1", "e4", false}, // d7 guards e6
		{rules.Standard, "4k3/8/8/8/4P3/8/3p4/4K3 w - - 0 1", "e4", true},  // d2 is behind
		{rules.Edgy, "7k/8/8/8/3P4/8/8/K7 w - - 0 1", "d4", true},
		{rules.Edgy, "7k/8/5p2/8/3P4/8/8/K7 w - - 0 1", "d4", false}, // f6 stands on the diagonal path
	}
	for _, tc := range tests {
		ev := newEvaluator(tc.variant)
		p := mustFEN(t, tc.variant, tc.fen)
		s, _ := rules.ParseSquare(tc.square)
		if got := ev.passed[rules.White][s]&p.Pieces(rules.Black, rules.Pawn) == 0; got != tc.passed {
			t.Errorf("%s %s: pawn on %s passed = %v, want %v", tc.variant.ID, tc.fen, tc.square, got, tc.passed)
		}
	}
}

// traceScore recomputes an evaluation from its trace and the weights, as
// the tuner does, from White's point of view.
func traceScore(w *weights, tr *trace) float64 {
	var mg, eg float64
	for i, c := range tr.coef {
		if c != 0 {
			mg += float64(c) * float64(w[i].mg) * weightUnit(i)
			eg += float64(c) * float64(w[i].eg) * weightUnit(i)
		}
	}
	return ((mg*float64(tr.phase)+eg*float64(256-tr.phase))/256 + float64(tr.add)) * tr.scale
}

// The trace accounts for the whole evaluation: every feature the
// evaluation scores is recorded, so the tuner optimises what is played.
func TestTraceMatchesEvaluation(t *testing.T) {
	for _, v := range rules.Variants() {
		ev := newEvaluator(v)
		ev.net = nil // the weights' evaluation, which the tuner fits
		for _, p := range randomPositions(v, 8, 2) {
			var tr trace
			traced := ev.eval(p, &tr, nil)
			// The search's evaluation, which may skip features whose
			// weights are all zero, scores the same.
			if plain := ev.eval(p, nil, nil); plain != traced {
				t.Errorf("%s %s: evaluation %v, %v with a trace", v.ID, p.FEN(), plain, traced)
			}
			got := float64(traced)
			if p.SideToMove() == rules.Black {
				got = -got
			}
			if want := traceScore(ev.w, &tr); math.Abs(got-want) > 3 {
				t.Errorf("%s %s: evaluation %v, from the trace %.1f", v.ID, p.FEN(), got, want)
			}
		}
	}
}

// Chess960's evaluation knows no start square of its own: every start
// is balanced, only knights and bishops on the back rank count as
// undeveloped, and the king is best where it castles to. (The weights'
// evaluation, which the rated levels play with; the network, trained on
// chess from its own start, keeps every start within a pawn.)
func TestEvaluationChess960(t *testing.T) {
	net := newEvaluator(rules.Chess960)
	ev := newEvaluator(rules.Chess960)
	ev.net = nil
	for n := 0; n < 960; n += 7 {
		fen, err := rules.Chess960Start(n)
		if err != nil {
			t.Fatal(err)
		}
		start := mustFEN(t, rules.Chess960, fen)
		if s := ev.evaluate(start); s < 0 || s > 60 {
			t.Errorf("start %d: evaluates %v", n, s)
		}
		if s := net.evaluate(start); s < -100 || s > 100 {
			t.Errorf("start %d: the network evaluates %v", n, s)
		}
	}
	// Start 0 (BBQNNRKR): a knight out gains the development bonus; only
	// knights and bishops count, wherever the start put them.
	base := mustFEN(t, rules.Chess960, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPP1P/BBQNNRKR b KQkq - 0 1")
	knight := mustFEN(t, rules.Chess960, "bbqnnrkr/pppppppp/8/8/8/5N2/PPPPPP1P/BBQN1RKR b KQkq - 0 1")
	if gain := ev.evaluate(base) - ev.evaluate(knight); gain < developPenalty {
		t.Errorf("developing a knight gains %v, want at least %d", gain, developPenalty)
	}
	if !slices.Equal(ev.minorTypes, []rules.PieceType{rules.Knight, rules.Bishop}) || ev.minorHomes[rules.White] != 0xFF {
		t.Errorf("undeveloped: %v on %v", ev.minorTypes, ev.minorHomes[rules.White])
	}
	if std := newEvaluator(rules.Standard); std.minorTypes != nil {
		t.Errorf("chess counts any piece on its minor homes, not %v", std.minorTypes)
	}
	king := rules.MakePiece(rules.White, rules.King)
	for _, sq := range []string{"b1", "d1", "e1", "f1"} {
		for _, castled := range []string{"c1", "g1"} {
			if ev.psq[king][mustSquare(t, sq)].mg >= ev.psq[king][mustSquare(t, castled)].mg {
				t.Errorf("king on %s scores no worse than castled on %s", sq, castled)
			}
		}
	}
}

func mustSquare(t *testing.T, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Material is counted with values that rank the pieces as their moves do:
// in chess the queen above the rook above the minor pieces above the pawn;
// ASEAN's Ferz and bishop worth far less than chess's queen and bishop.
func TestPieceValues(t *testing.T) {
	c := PieceValues(rules.Standard)
	if !(c[rules.Queen] > c[rules.Rook] && c[rules.Rook] > c[rules.Bishop] && c[rules.Bishop] >= c[rules.Knight] && c[rules.Knight] > c[rules.Pawn] && c[rules.Pawn] > 0) || c[rules.King] != 0 {
		t.Errorf("chess's values: %v", c)
	}
	a := PieceValues(rules.ASEAN)
	if a[rules.Queen] >= c[rules.Queen]/2 || a[rules.Bishop] >= c[rules.Bishop] {
		t.Errorf("ASEAN's Ferz and bishop: %v against chess's %v", a, c)
	}
}

// Pawn lines, their neighbours and outposts follow each variant's pawns:
// a chess pawn's line is its file, an Edgy pawn's its diagonal.
func TestPawnLines(t *testing.T) {
	set := func(names string) rules.Bitboard {
		var b rules.Bitboard
		for _, n := range strings.Fields(names) {
			b |= mustSquare(t, n).Bit()
		}
		return b
	}
	std, edgy := newEvaluator(rules.Standard), newEvaluator(rules.Edgy)
	e4, d5 := mustSquare(t, "e4"), mustSquare(t, "d5")
	file := func(f int) rules.Bitboard { return rules.Bitboard(0x0101010101010101) << f }
	const midRanks = rules.Bitboard(0x00FFFFFFFFFFFF00)
	checks := []struct {
		name      string
		got, want rules.Bitboard
	}{
		{"chess line of e4", std.line[e4], file(4)},
		{"chess neighbours of e4", std.neighbours[e4], file(3) | file(5)},
		{"chess squares beside e4", std.beside[rules.White][e4], set("d4 f4")},
		// (on the ranks where chess pawns may stand)
		{"black pawns that could attack d5", std.outpost[rules.White][d5] & midRanks, set("c6 c7 e6 e7")},
		{"white pawns that could attack d5", std.outpost[rules.Black][d5] & midRanks, set("c2 c3 c4 e2 e3 e4")},
		{"Edgy line of e4", edgy.line[e4], set("b1 c2 d3 e4 f5 g6 h7")},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s:\n%v want\n%v", c.name, c.got, c.want)
		}
	}
}

// Chess960 plays with chess's tuned weights and every other variant with
// its own (Asymmetrical lost with chess's); tuning changed chess's.
func TestTunedWeightsInUse(t *testing.T) {
	if newEvaluator(rules.Chess960).w != tunedWeights["standard"] {
		t.Error("Chess960 does not share chess's tuned weights")
	}
	for _, v := range rules.Variants() {
		if v == rules.Chess960 {
			continue
		}
		if w := newEvaluator(v).w; w == nil || w != tunedWeights[v.ID] {
			t.Errorf("%s does not play with its own tuned weights", v.ID)
		}
	}
	if *derivedTables(rules.Standard).derivedWeights() == *tunedWeights["standard"] {
		t.Error("chess's tuned weights are its derived ones")
	}
}

// Each of these features is counted where it should be: White's count
// less Black's in the trace the tuner reads.
func TestFeatureCounts(t *testing.T) {
	tests := []struct {
		name   string
		fen    string
		weight int
		want   int32
	}{
		{"d3 is backward: e5 holds d4, c4 and e4 have passed it", "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1", wBackward, 1},
		{"d3 is not backward with c2 to come", "4k3/8/8/4p3/2P1P3/3P4/2P5/4K3 w - - 0 1", wBackward, 0},
		{"e4 would hit d6's knight from e5", "4k3/8/3n4/8/4P3/8/8/4K3 w - - 0 1", wPushThreat, -1},
		{"no push threat when f6 holds e5", "4k3/8/3n1p2/8/4P3/8/8/4K3 w - - 0 1", wPushThreat, 0},
		{"the knight attacks e4, which nothing defends", "4k3/8/3n4/8/4P3/8/8/4K3 w - - 0 1", wHangingPawn, 1},
		{"a knight behind its pawn", "4k3/8/8/8/8/4P3/4N3/4K3 w - - 0 1", wBehindPawn + int(rules.Knight), 1},
		{"kings four and one squares from the nearest pawn", "8/8/4k3/4p3/8/8/8/4K3 w - - 0 1", wKingPawn, 4 - 1},
		{"a passed pawn whose path nothing attacks", "8/8/8/8/1P6/8/8/4K1k1 w - - 0 1", wPassedSafe + 4, 1},
		{"... and one whose path a king attacks", "8/k7/8/8/1P6/8/8/4K3 w - - 0 1", wPassedSafe + 4, 0},
		{"the knight attacks a rook", "4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1", wThreatBy + int(rules.Knight)*7 + int(rules.Rook), 1},
		{"... not a pawn another pawn guards", "4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", wThreatBy + int(rules.Knight)*7 + int(rules.Pawn), 0},
		{"... but one nothing guards", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", wThreatBy + int(rules.Knight)*7 + int(rules.Pawn), 1},
		{"the king attacks a knight only where nothing guards it", "7k/8/8/8/8/2b5/3n4/4K3 w - - 0 1", wThreatBy + int(rules.King)*7 + int(rules.Knight), 0},
		{"... and where nothing does", "7k/8/8/8/8/8/3n4/4K3 w - - 0 1", wThreatBy + int(rules.King)*7 + int(rules.Knight), 1},
		{"c6 and e6, from which a knight would hit the queen", "3qk3/8/8/8/3N4/8/8/4K3 w - - 0 1", wOnQueen + int(rules.Knight), 2},
		{"... but not c6 when a pawn holds it", "3qk3/1p6/8/8/3N4/8/8/4K3 w - - 0 1", wOnQueen + int(rules.Knight), 1},
		// White's half of the centre, c2-f4, less its pawns c2, f2, e3, d4:
		// 8 safe squares, d2, e2, d3 behind the pawns counted twice, 11.
		// Black's, c5-f7, less c5, d7, e7, f7 and e5 (d4 attacks it): 7,
		// c6 and c7 twice, 9. Each side has 16 pieces, so (16 − 3)² / 256.
		{"space", "rnbqkbnr/pp1ppppp/8/2p5/3P4/4P3/PPP2PPP/RNBQKBNR w KQkq - 0 1", wSpace, 11*13*13/256 - 9*13*13/256},
		// White's king flank is c1-f5: the rook adds c1 and e1 (which the
		// king stands on) to the king's five squares there; Black's king
		// holds its own five.
		{"flank defence", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", wFlankDefence, 7 - 5},
		{"a rook on the queen's file", "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", wQueenLine + int(rules.Rook), 1},
		{"the bishop's diagonal holds e5 behind the knight", "4k3/8/8/4p3/3N4/8/8/B3K3 w - - 0 1", wXRayPawns + int(rules.Bishop), 1},
		{"the bishop sees d4 and e5", "4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", wLongDiagonal, 1},
		{"... not past its own pawn", "4k3/8/8/8/3P4/8/1B6/4K3 w - - 0 1", wLongDiagonal, 0},
		{"the knight reaches d5, which e4 guards", "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1", wReachPost + int(rules.Knight), 1},
		{"... which c7 could attack", "4k3/2p5/8/8/4P3/2N5/8/4K3 w - - 0 1", wReachPost + int(rules.Knight), 0},
		{"a safe pawn attacks the knight", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", wSafePawnHit, 1},
		{"... not when the rook takes it for free", "4k3/8/8/3n4/4P2r/8/8/4K3 w - - 0 1", wSafePawnHit, 0},
		{"the knight guards a8, where the rook would check", "4k3/8/1n6/8/8/8/8/R3K3 w - - 0 1", wUnsafeCheck, 1},
		{"g2 shelters the king on g1, one file from the edge", "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", wShelterFile + 1*8 + 1, 1},
		{"g4 storms it", "6k1/8/8/8/6p1/8/5PPP/6K1 w - - 0 1", wStormFile + 1*8 + 3, 1},
		{"... g3 is stopped by g2", "6k1/8/8/8/8/6p1/5PPP/6K1 w - - 0 1", wBlockedStorm + 2, 1},
		{"e5 is blocked three moves from promotion", "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1", wBlockedPawn + 3, 1},
		{"... e6 five", "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1", wBlockedPawn + 5, -1},
		// Imbalance rows: pawns at wImbalance+0 (pair, pawns; enemy pair),
		// knights at +3 (pair, pawns, knights; enemy pair, pawns), bishops
		// at +8.
		{"two knights with five pawns", "4k3/pp6/8/8/8/8/PPPPP3/1N2K1N1 w - - 0 1", wImbalance + 4, 2 * 5},
		{"... against two enemy pawns", "4k3/pp6/8/8/8/8/PPPPP3/1N2K1N1 w - - 0 1", wImbalance + 7, 2 * 2},
		{"... and each side's pawns squared", "4k3/pp6/8/8/8/8/PPPPP3/1N2K1N1 w - - 0 1", wImbalance + 1, 5*5 - 2*2},
		{"a bishop pair counts, two bishops on light squares do not", "2b1k3/8/4b3/8/8/8/8/2B1KB2 w - - 0 1", wImbalance + 8, 2},
		{"a rook on the king's file bears on its zone", "3k4/8/8/8/8/8/8/4RK2 w - - 0 1", wKingRing + int(rules.Rook), 1},
		{"a bishop reaches f7 by the king through the pieces", "6k1/8/4n3/8/8/1B6/8/4K3 w - - 0 1", wKingRing + int(rules.Bishop), 1},
		{"... not through a pawn", "6k1/8/8/3p4/8/1B6/8/4K3 w - - 0 1", wKingRing + int(rules.Bishop), 0},
		{"the king on f1 shuts the rook on h1 in", "4k3/8/8/8/8/8/6PP/5K1R w - - 0 1", wTrappedRook, 1},
		{"... not the rook on a1", "4k3/8/8/8/8/8/PP6/R4K2 w - - 0 1", wTrappedRook, 0},
		{"b4 passed, b5 safe", "8/8/8/8/1P6/8/8/4K1k1 w - - 0 1", wPassedFront + 4, 1},
		{"... b5 attacked and not guarded", "8/8/k7/8/1P6/8/8/4K3 w - - 0 1", wPassedFront + 4, 0},
	}
	ev := newEvaluator(rules.Standard)
	for _, tc := range tests {
		var tr trace
		ev.eval(mustFEN(t, rules.Standard, tc.fen), &tr, nil)
		if got := tr.coef[tc.weight]; got != tc.want {
			t.Errorf("%s (%s): %s counts %d, want %d", tc.name, tc.fen, weightName(tc.weight), got, tc.want)
		}
	}
}

// Bishops on different colours, and nothing else but pawns, draw more
// than a pawn up suggests: the score is a third of what it would be.
func TestOppositeBishopsScaleDown(t *testing.T) {
	ev := newEvaluator(rules.Standard)
	for _, tc := range []struct {
		fen      string
		opposite bool
	}{
		{"4k3/5b2/8/3p4/3P1P2/8/8/2B1K3 w - - 0 1", true},
		{"4k3/4b3/8/3p4/3P1P2/8/8/2B1K3 w - - 0 1", false}, // both on dark squares
		{"4k3/5b2/8/3p4/3P1P2/8/8/2BNK3 w - - 0 1", false}, // a knight besides
	} {
		var tr trace
		ev.eval(mustFEN(t, rules.Standard, tc.fen), &tr, nil)
		if got := tr.scale < 0.5; got != tc.opposite {
			t.Errorf("%s: scale %.2f, scaled down = %v, want %v", tc.fen, tr.scale, got, tc.opposite)
		}
	}
}

// The pawn table caches what the pawns decide and, beside it, each king's
// shelter, and the imbalance table what the piece counts do: positions of
// random games, scored with one cache throughout, must score as they do
// without it (kings move while the pawns stand still, and captures and
// promotions change the counts).
func TestEvalCacheMatchesUncached(t *testing.T) {
	ev := newEvaluator(rules.Standard)
	cache := new(evalCache)
	rng := rand.New(rand.NewSource(7))
	for game := 0; game < 40; game++ {
		p := rules.NewPosition(rules.Standard)
		for ply := 0; ply < 120; ply++ {
			if cached, plain := ev.eval(p, nil, cache), ev.eval(p, nil, nil); cached != plain {
				t.Fatalf("%s: %d with the cache, %d without", p.FEN(), cached, plain)
			}
			moves := p.Legal()
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.Intn(len(moves))])
		}
	}
}

// Chess and Chess960 at full strength are scored by the network; with it
// switched off, at a limited strength (whose levels were measured without
// it) and in every other variant, by the weights.
func TestEngineChoosesTheNetwork(t *testing.T) {
	e := NewEngine(1)
	uses := func(v *rules.Variant, lim Limits) bool {
		lim.Depth = 1
		e.Search(context.Background(), rules.NewPosition(v), lim)
		return e.eval.net != nil
	}
	if !uses(rules.Standard, Limits{}) {
		t.Error("chess at full strength: no network")
	}
	if uses(rules.Standard, Limits{Elo: 1600}) {
		t.Error("chess at 1600: the network")
	}
	if !uses(rules.Chess960, Limits{}) {
		t.Error("Chess960: no network")
	}
	if uses(rules.Asha, Limits{}) {
		t.Error("Asha: the network")
	}
	if !uses(rules.Standard, Limits{}) {
		t.Error("chess after Asha: no network")
	}
	e.UseNetwork(false)
	if uses(rules.Standard, Limits{}) {
		t.Error("switched off: the network")
	}
	e.UseNetwork(true)
	if !uses(rules.Standard, Limits{}) {
		t.Error("switched on again: no network")
	}
}
