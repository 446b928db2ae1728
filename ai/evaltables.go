package ai

import (
	"math"
	"math/bits"
	"sync"

	"varia/ai/nnue"
	"varia/rules"
)

// phased is a score for the middlegame and one for the endgame; the
// evaluation blends them by how much material is left.
type phased struct{ mg, eg int32 }

func (a *phased) add(b phased) { a.mg += b.mg; a.eg += b.eg }

// addTimes adds n times b: a feature counted n times.
func (a *phased) addTimes(b phased, n int32) { a.mg += b.mg * n; a.eg += b.eg * n }

// evaluator holds the tables of one variant. Everything here is derived
// from the variant's data (how pieces and pawns move, the promotion
// squares, the castling table, the start position), never from its name,
// so a new variant gets a sensible evaluation without new code; a variant
// with tuned weights (tuned.go) plays with those instead of the derived
// ones.
type evaluator struct {
	variant *rules.Variant
	w       *weights
	// newerTerms says some weight of the groups from wThreatBy on (the
	// threats by attacker and victim, the queen's attackers, space and the
	// groups after them) is not zero; where all are (every variant but
	// chess, so far) the evaluation skips finding them, unless the tuner
	// asks. (Blocked pawns, counted with the cached pawn structure, cost
	// nothing to find.)
	newerTerms bool
	// net, where set, scores positions in place of the weights: chess
	// and Chess960 (trained on chess from its own start, it still gains
	// there), unless the evaluator was made with weights to try (the
	// tuner's).
	net *nnue.Network

	value      [7]int32       // material in centipawns (king 0), for ordering and pruning
	phaseValue [7]int32       // the derived material, which measures the game's phase
	psq        [16][64]phased // material plus piece-square bonus, by rules.Piece
	mob        [7]struct {
		avg16 int32
		w     phased
	} // expected mobility ×16 and weight per square (the derived mobility table's shape)

	passed      [2][64]rules.Bitboard // enemy pawns there stop a pawn on s being passed
	path        [2][64]rules.Bitboard // squares a pawn on s crosses on its way to promote
	step        [2][64]rules.Bitboard // squares a pawn on s reaches with one ordinary forward move
	promoDist   [2][64]int8           // pawn moves from s to promotion
	promoSquare [2][64]rules.Square   // the promotion square a pawn on s heads for
	passedBonus [2][64]phased         // the derived passed-pawn bonus (initial weights)
	line        [64]rules.Bitboard    // the pawn line through s (both ways)
	neighbours  [64]rules.Bitboard    // the lines beside s's: an own pawn there keeps a pawn on s from being isolated
	beside      [2][64]rules.Bitboard // squares next to s just as far from promotion
	outpost     [2][64]rules.Bitboard // enemy pawns there could one day attack s
	space       [2]rules.Bitboard     // a side's own half of the centre: the middle four files, four to six pawn moves from promotion
	postZone    [2]rules.Bitboard     // squares two to four pawn moves from promotion, where an outpost is worth reaching
	flank       [2][64]rules.Bitboard // the files around a king on s (chess's king flanks), in its side's camp (its five nearest ranks)
	emptyReach  [7][64]rules.Bitboard // squares an officer on s attacks on an empty board

	kingZone     [64]rules.Bitboard // the king's square and its neighbours
	stormZone    [64]rules.Bitboard // squares within two king moves of the king
	attackWeight [7]int32           // how much an attacker of each type adds to king danger
	cheaper      [7][]rules.PieceType

	pairBonus [7]phased // two colour-bound pieces on both colours
	bound     [7]bool   // colour-bound piece types

	// minorHomes are the start squares of the lighter officers (those
	// worth less than the dearest ones' half): standing there in the
	// middlegame means not yet developed.
	minorHomes [2]rules.Bitboard
	// minorTypes, in a variant of numbered starts (Chess960), are the
	// lighter officers' types: their homes are then every square some
	// start gives them, where rooks and queens belong too, so only these
	// types count as undeveloped there. Zero when the start is fixed.
	minorTypes []rules.PieceType

	// mirror says Black's army is White's mirrored across the board's
	// middle (the chess-like setups) rather than turned 180° (the
	// corner-king setups): the square tables are read through that image.
	mirror bool

	phaseMG, phaseEG int32 // non-pawn material (both sides) of a middlegame and an endgame
	mopUp            int32 // material lead, without pawns against, that can force mate
	drawish          int32 // material lead, without own pawns, too small to win
}

// Shapes of the tables, in centipawns, indexed by a pawn's distance in
// moves from its nearest promotion square. A chess pawn's promotion to a
// queen sets the scale; a variant whose promotion gains less scales down.
var (
	pawnAdvanceMG   = [...]int32{0, 30, 18, 9, 4, 1}
	pawnAdvanceEG   = [...]int32{0, 50, 30, 15, 6, 2}
	passedAdvanceMG = [...]int32{0, 60, 40, 22, 12, 6, 3}
	passedAdvanceEG = [...]int32{0, 150, 95, 55, 30, 15, 8}
)

const (
	// density is the share of occupied squares assumed when estimating
	// how far sliders reach in a typical position.
	density = 0.35
	// chessPromotionGain is what a chess pawn gains by promoting to a queen.
	chessPromotionGain = 850
)

func at(table []int32, d int) int32 {
	if d <= 0 || d >= len(table) {
		return 0
	}
	return table[d]
}

func newEvaluator(v *rules.Variant) *evaluator {
	return newEvaluatorWith(v, nil)
}

// newEvaluatorWith builds the evaluator of v with the given weights, or
// with v's tuned weights (or failing those, the derived ones) if w is nil.
func newEvaluatorWith(v *rules.Variant, w *weights) *evaluator {
	e := derivedTables(v)
	if w == nil {
		w = tunedWeightsOf(v)
		if v == rules.Standard || v == rules.Chess960 {
			e.net = nnue.Chess()
		}
	}
	if w == nil {
		w = e.derivedWeights()
	}
	e.setWeights(w)
	return e
}

// sharedWeights names, for a variant without tuned weights of its own,
// the variant whose tuned weights it plays with instead: chess from other
// start positions, where a match showed chess's weights beat the derived
// ones (Chess960 +100 Elo, 100 games; Asymmetrical, whose kings stand in
// corners and pawns step once, lost -38 with them and is not listed).
var sharedWeights = map[string]string{
	"chess960": "standard",
}

// tunedWeightsOf returns the tuned weights v plays with, or nil.
func tunedWeightsOf(v *rules.Variant) *weights {
	if w := tunedWeights[v.ID]; w != nil {
		return w
	}
	return tunedWeights[sharedWeights[v.ID]]
}

// derivedTables builds v's evaluator from its rules alone: piece values,
// square tables and the rest, but no weights yet.
func derivedTables(v *rules.Variant) *evaluator {
	e := &evaluator{variant: v}
	e.mirror = !rotationSymmetric(v)
	e.buildValues()
	e.buildPawnTables()
	e.buildPieceTables()
	e.buildKingTables()
	e.buildPhase()
	e.phaseValue = e.value
	return e
}

// derivedWeights turns the tables built from the variant's data into
// weights: the evaluation a variant has before any tuning. It reads the
// tables as derivedTables leaves them, before setWeights replaces them.
func (e *evaluator) derivedWeights() *weights {
	w := new(weights)
	for t := rules.Pawn; t <= rules.King; t++ {
		pc := rules.MakePiece(rules.White, t)
		base := phased{e.value[t], e.value[t] * 21 / 20}
		if t == rules.Pawn {
			base = phased{e.value[t], e.value[t] * 6 / 5}
		}
		if t == rules.King {
			base = phased{}
		}
		w[wMaterial+int(t)] = base
		for s := 0; s < 64; s++ {
			w[wPSQ+int(t)*64+s] = phased{e.psq[pc][s].mg - base.mg, e.psq[pc][s].eg - base.eg}
		}
	}
	for t := rules.Knight; t <= rules.Queen; t++ {
		m := e.mob[t]
		for n := int32(0); n < mobSlots; n++ {
			w[wMobility+int(t)*mobSlots+int(n)] = phased{m.w.mg * (16*n - m.avg16) / 16, m.w.eg * (16*n - m.avg16) / 16}
		}
		w[wPair+int(t)] = e.pairBonus[t]
	}
	for d := 0; d < 8; d++ {
		w[wPassed+d] = phased{int32(float64(at(passedAdvanceMG[:], d)) * e.promotionScale()),
			int32(float64(at(passedAdvanceEG[:], d)) * e.promotionScale())}
	}
	for d := 0; d < 8; d++ {
		w[wPassedKing+d] = phased{0, 5}
		w[wPawnChain+d] = phased{6, 8}
		w[wPhalanx+d] = phased{4, 4}
	}
	w[wIsolated] = phased{-8, -12}
	for t := rules.Knight; t <= rules.Queen; t++ {
		w[wOutpost+int(t)] = phased{e.value[t] / 25, e.value[t] / 50}
		w[wSafeCheck+int(t)] = phased{10, 0}
		if e.variant.Pieces[t].Slides&rules.Orthogonal != 0 {
			w[wOpenLine+int(t)] = phased{e.value[t] / 25, e.value[t] / 60}
			w[wHalfOpenLine+int(t)] = phased{e.value[t] / 50, e.value[t] / 100}
		}
		if e.bound[t] {
			w[wSameColour+int(t)] = phased{-2, -4}
		}
	}
	w[wWeakZone] = phased{-4, 0}
	w[wKingLine] = phased{-10, 0}
	w[wKingLine+1] = phased{-20, 0}
	w[wStorm+1], w[wStorm+2], w[wStorm+3] = phased{-4, 0}, phased{-10, 0}, phased{-20, 0}
	for u := int32(0); u < kingSlots; u++ {
		w[wKingAttack+int(u)] = phased{min(u*u/8, 500), 0}
	}
	for k := int32(0); k < 4; k++ {
		w[wShelter+int(k)] = phased{12 * k, 0}
	}
	w[wPawnThreat] = phased{-30, -20}
	w[wDoubled] = phased{-5, -15}
	w[wDevelop] = phased{-developPenalty, 0}
	w[wThreat] = phased{-20, -15}
	w[wHanging] = phased{-10, -10}
	w[wTempo] = phased{tempo, tempo}
	return w
}

// setWeights makes w the evaluator's weights and derives the fast tables
// (material plus square bonus per piece) and the values used to order and
// prune moves.
func (e *evaluator) setWeights(w *weights) {
	e.w = w
	e.newerTerms = false
	for _, x := range w[wThreatBy:] {
		e.newerTerms = e.newerTerms || x != (phased{})
	}
	for t := rules.Pawn; t <= rules.King; t++ {
		base := w[wMaterial+int(t)]
		if t != rules.King {
			e.value[t] = max(base.mg, 1)
		}
		for s := rules.Square(0); s < 64; s++ {
			b := w[wPSQ+int(t)*64+int(s)]
			v := phased{base.mg + b.mg, base.eg + b.eg}
			e.psq[rules.MakePiece(rules.White, t)][s] = v
			e.psq[rules.MakePiece(rules.Black, t)][e.image(s)] = v
		}
	}
	for t := rules.Knight; t <= rules.Queen; t++ {
		e.cheaper[t] = e.cheaper[t][:0]
		for c := rules.Knight; c <= rules.Queen; c++ {
			if e.value[c] < e.value[t] {
				e.cheaper[t] = append(e.cheaper[t], c)
			}
		}
	}
}

// buildValues estimates each piece's worth from how many squares it
// reaches on a typical board. The curve (53·m + 1.5·m²) puts chess's
// knight, bishop, rook and queen near 320, 345, 480 and 950 and so gives
// the same scale to pieces chess does not have (a Ferz near 175, an Asha
// knight with King's Steps near 395). A pawn is worth 100, a little more
// when it has extra ways to move or capture.
func (e *evaluator) buildValues() {
	v := e.variant
	for t := rules.Knight; t <= rules.Queen; t++ {
		m := averageMobility(v.Pieces[t], density)
		e.value[t] = int32(math.Round(53*m + 1.5*m*m))
		e.mob[t].avg16 = int32(math.Round(m * 16))
		// Each square counts for less the more squares the piece has:
		// a knight's eighth square matters more than a queen's twentieth.
		e.mob[t].w = phased{int32(math.Round(32 / m)), int32(math.Round(40 / m))}
		e.attackWeight[t] = max(1, int32(math.Round(float64(e.value[t])/200)))
		if colourBound(v.Pieces[t]) {
			e.pairBonus[t] = phased{e.value[t] / 11, e.value[t] / 7}
			e.bound[t] = true
		}
	}
	e.value[rules.Pawn] = int32(100 + 6*(len(v.Pawn.Moves)-1) + 5*(len(v.Pawn.Captures)-2))
}

func clamp32(x, lo, hi int32) int32 { return max(lo, min(hi, x)) }

// promotionScale is how much a pawn's advance matters in this variant:
// the gain of promoting, against chess's pawn-to-queen.
func (e *evaluator) promotionScale() float64 {
	best := int32(0)
	for _, t := range e.variant.Promotions() {
		best = max(best, e.value[t])
	}
	gain := float64(best - e.value[rules.Pawn])
	return max(0.2, min(1, gain/chessPromotionGain))
}

// buildPawnTables scores pawns by their distance to their own promotion
// squares (in pawn moves, captures included, so Edgy's and Diagonal's
// pawns climb toward their corners), by the centre squares they attack, and
// finds for each square the enemy pawns that would stop a pawn there from
// being passed.
func (e *evaluator) buildPawnTables() {
	v := e.variant
	scale := e.promotionScale()
	var moves []rules.Vec
	for _, m := range v.Pawn.Moves {
		moves = append(moves, m.Vec)
	}
	promo := v.PromotionSquares(rules.White)
	dist := distances(promo, append(append([]rules.Vec{}, moves...), v.Pawn.Captures...))
	moveDist := distances(promo, moves)

	pawn := rules.MakePiece(rules.White, rules.Pawn)
	for s := rules.Square(0); s < 64; s++ {
		if promo.Has(s) {
			continue
		}
		d := dist[s]
		centre := int32(0)
		for _, c := range v.Pawn.Captures {
			if t := s.Offset(c); t != rules.NoSquare {
				centre += int32(ring(t))
			}
		}
		e.psq[pawn][s] = phased{
			e.value[rules.Pawn] + int32(float64(at(pawnAdvanceMG[:], d))*scale) + 3*centre,
			e.value[rules.Pawn]*6/5 + int32(float64(at(pawnAdvanceEG[:], d))*scale),
		}

		// The path: squares the pawn reaches by moves that bring it
		// nearer promotion. It is passed when no enemy pawn stands on
		// that path or attacks a square of it.
		if moveDist[s] == unreachable {
			continue
		}
		var path rules.Bitboard
		frontier := []rules.Square{s}
		for len(frontier) > 0 {
			f := frontier[0]
			frontier = frontier[1:]
			for _, m := range moves {
				t := f.Offset(m)
				if t != rules.NoSquare && moveDist[t] < moveDist[f] && !path.Has(t) {
					path |= t.Bit()
					frontier = append(frontier, t)
				}
			}
		}
		mask := path
		for b := path | s.Bit(); b != 0; {
			y := b.PopFirst()
			for _, c := range v.Pawn.Captures {
				if x := y.Offset(c); x != rules.NoSquare {
					mask |= x.Bit()
				}
			}
		}
		e.passed[rules.White][s] = mask
		e.passed[rules.Black][e.image(s)] = e.imageSet(mask)
		e.path[rules.White][s] = path
		e.path[rules.Black][e.image(s)] = e.imageSet(path)
		md := moveDist[s]
		e.promoDist[rules.White][s] = int8(min(md, 7))
		e.promoDist[rules.Black][e.image(s)] = int8(min(md, 7))
		target := rules.NoSquare
		for b := path & promo; b != 0; {
			if t := b.PopFirst(); target == rules.NoSquare || rules.Distance(s, t) < rules.Distance(s, target) {
				target = t
			}
		}
		if target != rules.NoSquare {
			e.promoSquare[rules.White][s] = target
			e.promoSquare[rules.Black][e.image(s)] = e.image(target)
		}
		e.passedBonus[rules.White][s] = phased{
			int32(float64(at(passedAdvanceMG[:], md)) * scale),
			int32(float64(at(passedAdvanceEG[:], md)) * scale),
		}
		e.passedBonus[rules.Black][e.image(s)] = e.passedBonus[rules.White][s]
	}
	e.buildPawnLines(moveDist)
	for s := rules.Square(0); s < 64; s++ {
		if f := s.File(); f >= 2 && f <= 5 {
			for c := rules.White; c <= rules.Black; c++ {
				if d := e.promoDist[c][s]; d >= 4 && d <= 6 {
					e.space[c] |= s.Bit()
				}
			}
		}
		for c := rules.White; c <= rules.Black; c++ {
			if d := e.promoDist[c][s]; d >= 2 && d <= 4 {
				e.postZone[c] |= s.Bit()
			}
		}
	}
	// A king's flank: the queen's side (files a-d), the centre (c-f) or
	// the king's side (e-h), whichever holds its file, less d or e at the
	// edges, as Stockfish defines it.
	flankFiles := [8]struct{ from, to int }{{0, 2}, {0, 3}, {0, 3}, {2, 5}, {2, 5}, {4, 7}, {4, 7}, {5, 7}}
	const camp = rules.Bitboard(1)<<40 - 1 // White's five nearest ranks
	camps := [2]rules.Bitboard{camp, e.imageSet(camp)}
	for s := rules.Square(0); s < 64; s++ {
		f := flankFiles[s.File()]
		files := fileA<<(f.to+1) - fileA<<f.from
		for c := rules.White; c <= rules.Black; c++ {
			e.flank[c][s] = files & camps[c]
		}
	}
}

// buildPawnLines finds, for every square, the line a pawn's ordinary
// forward moves follow through it (a chess pawn's file, an Edgy pawn's
// diagonal; both of a Diagonal pawn's), the squares of the lines beside it
// (where an own pawn keeps a pawn from being isolated), the squares next
// to it just as far from promotion, and the enemy pawns that could one day
// attack a piece standing on it.
func (e *evaluator) buildPawnLines(moveDist [64]int) {
	v := e.variant
	var forward []rules.Vec
	for _, m := range v.Pawn.Moves {
		if m.Kind == rules.Quiet {
			forward = append(forward, m.Vec)
		}
	}
	caps := append(append([]rules.Vec{}, v.Pawn.Captures...), rules.Orient(v.Pawn.Captures, rules.Black)...)
	for s := rules.Square(0); s < 64; s++ {
		for _, f := range forward {
			for _, d := range []rules.Vec{f, f.Neg()} {
				for t := s.Offset(d); t != rules.NoSquare; t = t.Offset(d) {
					e.line[s] |= t.Bit()
				}
			}
		}
		e.line[s] |= s.Bit()
		for _, f := range forward {
			if t := s.Offset(f); t != rules.NoSquare && moveDist[s] != unreachable {
				e.step[rules.White][s] |= t.Bit()
			}
		}
		e.step[rules.Black][e.image(s)] = e.imageSet(e.step[rules.White][s])
	}
	for s := rules.Square(0); s < 64; s++ {
		for b := e.line[s]; b != 0; {
			y := b.PopFirst()
			for _, c := range caps {
				if x := y.Offset(c); x != rules.NoSquare {
					e.neighbours[s] |= x.Bit()
				}
			}
		}
		e.neighbours[s] &^= e.line[s]
		if moveDist[s] == unreachable {
			continue
		}
		for _, l := range v.Pieces[rules.King].Leaps {
			if t := s.Offset(l); t != rules.NoSquare && moveDist[t] == moveDist[s] {
				e.beside[rules.White][s] |= t.Bit()
			}
		}
		e.beside[rules.Black][e.image(s)] = e.imageSet(e.beside[rules.White][s])
	}
	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		for x := rules.Square(0); x < 64; x++ {
			for b := e.path[them][x] | x.Bit(); b != 0; {
				y := b.PopFirst()
				// An enemy pawn on y attacks these squares; from x it can
				// reach y.
				for a := v.PawnAttacksFrom(them, y); a != 0; {
					e.outpost[c][a.PopFirst()] |= x.Bit()
				}
			}
		}
	}
}

// buildPieceTables gives each officer a bonus for the squares from which
// it reaches more (knights in the centre, not in the corner), centred on
// its average so material values stay what buildValues said.
func (e *evaluator) buildPieceTables() {
	v := e.variant
	empty := rules.NewPosition(v)
	for t := rules.Knight; t <= rules.Queen; t++ {
		for s := rules.Square(0); s < 64; s++ {
			e.emptyReach[t][s] = empty.AttacksOf(t, s, 0)
		}
		avg := averageMobility(v.Pieces[t], 0)
		pc := rules.MakePiece(rules.White, t)
		for s := rules.Square(0); s < 64; s++ {
			d := mobilityAt(v.Pieces[t], s, 0) - avg
			e.psq[pc][s] = phased{
				e.value[t] + int32(math.Round(3*d)),
				e.value[t]*21/20 + int32(math.Round(2*d)),
			}
		}
	}
}

// buildKingTables keeps the middlegame king at home (its start square or
// where it castles to) and near a corner, which for the corner-king setups
// is the corner it starts in; in the endgame the king heads for the centre.
// Each side's home comes from its own start square and castles, since some
// setups mirror rather than turn the armies (the chess kings share a file).
// Where the start varies (Chess960) the home is only where it castles to:
// a king left in the middle of the back rank should still castle.
func (e *evaluator) buildKingTables() {
	v := e.variant
	start := rules.NewPosition(v)
	for c := rules.White; c <= rules.Black; c++ {
		home := start.King(c).Bit()
		if v.StartCount > 0 {
			home = 0
		}
		for _, cr := range v.CastlingRules() {
			if (cr.Letter < 'a') == (c == rules.White) {
				home |= cr.KingTo.Bit()
			}
		}
		dist := distances(home, v.Pieces[rules.King].Leaps)
		king := rules.MakePiece(c, rules.King)
		for s := rules.Square(0); s < 64; s++ {
			e.psq[king][s] = phased{
				-12*int32(min(dist[s], 5)) - 6*int32(cornerDistance(s)),
				12*int32(ring(s)) - 18,
			}
		}
	}
	for s := rules.Square(0); s < 64; s++ {
		e.kingZone[s] = s.Bit()
		for _, l := range v.Pieces[rules.King].Leaps {
			if t := s.Offset(l); t != rules.NoSquare {
				e.kingZone[s] |= t.Bit()
			}
		}
	}
	for s := rules.Square(0); s < 64; s++ {
		for b := e.kingZone[s]; b != 0; {
			e.stormZone[s] |= e.kingZone[b.PopFirst()]
		}
	}
	// Black's movement tables are White's turned 180°, as Black's moves are.
	for t := rules.Pawn; t <= rules.Queen; t++ {
		w, b := rules.MakePiece(rules.White, t), rules.MakePiece(rules.Black, t)
		for s := rules.Square(0); s < 64; s++ {
			e.psq[b][s.Rotate()] = e.psq[w][s]
		}
	}
}

// buildPhase sets the material that marks a full middlegame and a bare
// endgame, in proportion to the start position's (the proportions are
// chess engines' usual ones), and the material thresholds of won and
// drawish pawnless endings.
// minorHomes caches minorHomesOf by variant: a variant of numbered starts
// reads every one of them.
var minorHomes sync.Map // *rules.Variant -> [2]rules.Bitboard

// minorHomesOf returns, for each colour, the squares where any start of
// the variant puts an officer worth less than 400 (value gives the worth).
func minorHomesOf(v *rules.Variant, value [7]int32) [2]rules.Bitboard {
	if h, ok := minorHomes.Load(v); ok {
		return h.([2]rules.Bitboard)
	}
	starts := []*rules.Position{rules.NewPosition(v)}
	for n := range v.StartCount {
		fen, err := v.NumberedStart(n)
		if err != nil {
			panic("ai: numbered start of " + v.ID + ": " + err.Error())
		}
		p, err := rules.ParseFEN(v, fen)
		if err != nil {
			panic("ai: numbered start of " + v.ID + ": " + err.Error())
		}
		starts = append(starts, p)
	}
	var homes [2]rules.Bitboard
	for _, s := range starts {
		for c := rules.White; c <= rules.Black; c++ {
			for t := rules.Knight; t <= rules.Queen; t++ {
				if value[t] < 400 {
					homes[c] |= s.Pieces(c, t)
				}
			}
		}
	}
	minorHomes.Store(v, homes)
	return homes
}

func (e *evaluator) buildPhase() {
	start := rules.NewPosition(e.variant)
	total := int32(0)
	minor := int32(0)
	for t := rules.Knight; t <= rules.Queen; t++ {
		total += e.value[t] * int32(start.Pieces(rules.White, t).Count()+start.Pieces(rules.Black, t).Count())
		if e.value[t] < 400 {
			minor = max(minor, e.value[t])
		}
	}
	e.minorHomes = minorHomesOf(e.variant, e.value)
	if e.variant.StartCount > 0 {
		for t := rules.Knight; t <= rules.Queen; t++ {
			if e.value[t] < 400 {
				e.minorTypes = append(e.minorTypes, t)
			}
		}
	}
	e.phaseMG = total * 92 / 100
	e.phaseEG = total * 24 / 100
	e.mopUp = 400
	e.drawish = max(minor, 200)
}

// rotationSymmetric reports whether the start position's Black army is
// White's turned 180°.
func rotationSymmetric(v *rules.Variant) bool {
	p := rules.NewPosition(v)
	for s := rules.Square(0); s < 64; s++ {
		a, b := p.PieceAt(s), p.PieceAt(s.Rotate())
		if a.Type() != b.Type() || a != rules.NoPiece && a.Color() == b.Color() {
			return false
		}
	}
	return true
}

// image maps a square between White's and Black's view of the square
// tables (the map is its own inverse).
func (e *evaluator) image(s rules.Square) rules.Square {
	if e.mirror {
		return s ^ 56
	}
	return s.Rotate()
}

// imageSet maps a set of squares as image maps one square.
func (e *evaluator) imageSet(b rules.Bitboard) rules.Bitboard {
	if e.mirror {
		return rules.Bitboard(bits.ReverseBytes64(uint64(b)))
	}
	return b.Rotate()
}
