package ai

import (
	"varia/ai/nnue"
	"varia/rules"
)

const (
	tempo          = 10
	developPenalty = 12 // a light officer still on its start square
)

// trace records, for the tuner, how many times each weight counts in an
// evaluation (White's count less Black's) and what the evaluation does
// with the weighted sum afterwards.
type trace struct {
	coef  [numWeights]int32
	phase int32   // 256 a full middlegame, 0 a bare endgame
	add   int32   // added after blending, from White's view (mop-up)
	scale float64 // the blended score is multiplied by this (drawish material, move counters)
}

// evaluate scores the position for the side to move.
func (e *evaluator) evaluate(p *rules.Position) Score { return e.eval(p, nil, nil) }

// pawnInfo is what the pawns alone decide, whatever else stands on the
// board: their material, squares and structure, and which are passed.
type pawnInfo struct {
	pawns   [2]rules.Bitboard // the position's pawns, which key the entry
	score   phased            // White's less Black's
	passed  [2]rules.Bitboard
	steps   [2]rules.Bitboard // squares the pawns reach with one forward move, empty or not
	behind  [2]rules.Bitboard // the pawns and the two squares behind each
	blocked int32             // pawns with an enemy pawn on the square ahead
	used    bool
	// Each king's shelter and storm file by file (shelterFiles), found
	// for the king on shelterKing (NoSquare: not yet).
	shelter     [2]phased
	shelterKing [2]rules.Square
}

// evalCache is what a search thread's evaluations keep for the next: the
// pawn structure and the material imbalance, each by what it depends on.
type evalCache struct {
	pawns     pawnTable
	imbalance imbalanceTable
	acc       *nnue.Accumulator // the network's sums, where it evaluates
}

// pawnTable caches pawnInfo by pawn placement; pawns move seldom, so most
// evaluations find their structure already scored.
type pawnTable [1 << 13]pawnInfo

const imbalanceBits = 10

// imbalanceTable caches the imbalance (White's less Black's) by the piece
// counts it is found from, packed four bits a count (materialKey). A
// search meets few material balances, so nearly every lookup hits. The
// zero entry is right as it stands: no pieces but kings, no imbalance.
type imbalanceTable [1 << imbalanceBits]struct {
	key   uint64
	score phased
}

// pawnKey hashes a pawn placement; its low bits, which index the pawn
// table and the correction history, depend on every pawn. (A product's
// low bits see only the factor's low bits, so the high half is folded
// down before and after a further multiplication.)
func pawnKey(pawns [2]rules.Bitboard) uint64 {
	k := uint64(pawns[0])*0x9E3779B97F4A7C15 ^ uint64(pawns[1])*0xC2B2AE3D27D4EB4F
	k ^= k >> 32
	k *= 0xD6E8FEB86659FD93
	return k ^ k>>32
}

// pawnStructure scores the pawns: material and square, doubled, isolated,
// backward, guarded by a pawn or beside one, and passed by how near
// promotion.
func (e *evaluator) pawnStructure(pawns, pawnAtt [2]rules.Bitboard, tr *trace) pawnInfo {
	w := e.w
	info := pawnInfo{pawns: pawns, used: true, shelterKing: [2]rules.Square{rules.NoSquare, rules.NoSquare}}
	var sc [2]phased
	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		s := &sc[c]
		for b := pawns[c]; b != 0; {
			sq := b.PopFirst()
			s.add(e.psq[rules.MakePiece(c, rules.Pawn)][sq])
			if tr != nil {
				tr.count(c, wMaterial+int(rules.Pawn), 1)
				tr.count(c, wPSQ+int(rules.Pawn)*64+int(e.whiteView(c, sq)), 1)
			}
			d := int(e.promoDist[c][sq])
			if e.path[c][sq]&pawns[c] != 0 {
				s.add(w[wDoubled])
				tr.count(c, wDoubled, 1)
			}
			step := e.step[c][sq]
			info.steps[c] |= step
			if step&pawns[them] != 0 {
				info.blocked++
				s.add(w[wBlockedPawn+d])
				tr.count(c, wBlockedPawn+d, 1)
			}
			info.behind[c] |= sq.Bit()
			for b := e.step[them][sq]; b != 0; {
				back := b.PopFirst()
				info.behind[c] |= back.Bit() | e.step[them][back]
			}
			if e.neighbours[sq]&pawns[c] == 0 {
				s.add(w[wIsolated])
				tr.count(c, wIsolated, 1)
			} else if step&pawnAtt[them] != 0 && e.outpost[them][sq]&pawns[c] == 0 {
				// Backward: it cannot advance without being taken and
				// no own pawn can come to guard it.
				s.add(w[wBackward])
				tr.count(c, wBackward, 1)
			}
			if pawnAtt[c].Has(sq) {
				s.add(w[wPawnChain+d])
				tr.count(c, wPawnChain+d, 1)
			}
			if e.beside[c][sq]&pawns[c] != 0 {
				s.add(w[wPhalanx+d])
				tr.count(c, wPhalanx+d, 1)
			}
			if d == 0 || e.passed[c][sq]&pawns[them] != 0 {
				continue
			}
			info.passed[c] |= sq.Bit()
			s.add(w[wPassed+d])
			tr.count(c, wPassed+d, 1)
		}
	}
	info.score = phased{sc[0].mg - sc[1].mg, sc[0].eg - sc[1].eg}
	return info
}

// eval scores the position for the side to move: material and
// piece-square tables, pawn structure, mobility, passed pawns, king
// safety, threats, outposts, open lines and colour-bound pairs, blended by
// phase, then pulled toward zero when the material cannot win, the bishops
// are of opposite colours or a move-counting rule is running out. With tr
// set it also records the features for the tuner (and then reads no
// cache); cache, if set, keeps the pawn structure and the imbalance.
func (e *evaluator) eval(p *rules.Position, tr *trace, cache *evalCache) Score {
	if e.net != nil && tr == nil {
		return e.netEval(p, cache)
	}
	w := e.w
	var (
		sc       [2]phased
		npm      [2]int32
		pawns    [2]rules.Bitboard
		pawnAtt  [2]rules.Bitboard
		attacked [2]rules.Bitboard    // squares each side attacks
		attBy    [2][7]rules.Bitboard // ... by each type
		attTwice [2]rules.Bitboard    // ... by two pieces at least
		kings    [2]rules.Square
		attUnits [2]int32
		attCount [2]int32
		counts   [2][rules.Queen + 1]int32 // pieces by type, type 0 the bishop pair (for the imbalance)
	)
	occ := p.Occupied()
	// The newer features are found only where some of their weights are
	// not zero (chess), or for the tuner.
	newer := tr != nil || e.newerTerms
	var queenLines rules.Bitboard // the pawn lines through the queens
	if newer {
		for b := p.Pieces(rules.White, rules.Queen) | p.Pieces(rules.Black, rules.Queen); b != 0; {
			queenLines |= e.line[b.PopFirst()]
		}
	}
	for c := rules.White; c <= rules.Black; c++ {
		pawns[c] = p.Pieces(c, rules.Pawn)
		counts[c][rules.Pawn] = int32(pawns[c].Count())
		pawnAtt[c] = e.variant.PawnAttacks(c, pawns[c])
		kings[c] = p.King(c)
		attBy[c][rules.King] = p.AttacksFrom(kings[c])
		attBy[c][rules.Pawn] = pawnAtt[c]
		attTwice[c] = pawnAtt[c] & attBy[c][rules.King]
		attacked[c] = pawnAtt[c] | attBy[c][rules.King]
	}

	var uncached pawnInfo
	pi := &uncached
	if cache != nil && tr == nil {
		pi = &cache.pawns[pawnKey(pawns)&(uint64(len(cache.pawns))-1)]
		if !pi.used || pi.pawns != pawns {
			*pi = e.pawnStructure(pawns, pawnAtt, nil)
		}
	} else {
		uncached = e.pawnStructure(pawns, pawnAtt, tr)
	}
	sc[rules.White].add(pi.score)

	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		own := p.ColorPieces(c)
		zone := e.kingZone[kings[them]]
		s := &sc[c]
		// Squares an enemy pawn attacks, or where our own pawns stand
		// still or our king is, give no mobility.
		area := ^(pawnAtt[them] | pawns[c] | p.Pieces(c, rules.King))

		for t := rules.Knight; t <= rules.Queen; t++ {
			b := p.Pieces(c, t)
			if b == 0 {
				continue
			}
			counts[c][t] = int32(b.Count())
			pc := rules.MakePiece(c, t)
			if e.bound[t] {
				if b&(b-1) != 0 && b&lightSquares != 0 && b&^lightSquares != 0 {
					s.add(w[wPair+int(t)])
					tr.count(c, wPair+int(t), 1)
					if t == rules.Bishop {
						counts[c][0] = 1
					}
				}
				// Own pawns on the colour of a colour-bound piece block it.
				for bb := b; bb != 0; {
					sq := bb.PopFirst()
					colour := lightSquares
					if !lightSquares.Has(sq) {
						colour = ^lightSquares
					}
					if n := int32((pawns[c] & colour).Count()); n != 0 {
						s.addTimes(w[wSameColour+int(t)], n)
						tr.count(c, wSameColour+int(t), n)
					}
				}
			}
			for b != 0 {
				sq := b.PopFirst()
				npm[c] += e.phaseValue[t]
				s.add(e.psq[pc][sq])
				if tr != nil {
					ws := e.whiteView(c, sq)
					tr.count(c, wMaterial+int(t), 1)
					tr.count(c, wPSQ+int(t)*64+int(ws), 1)
				}
				att := p.AttacksOf(t, sq, occ)
				attTwice[c] |= attacked[c] & att
				attacked[c] |= att
				attBy[c][t] |= att
				n := min((att & area).Count(), mobSlots-1)
				s.add(w[wMobility+int(t)*mobSlots+n])
				tr.count(c, wMobility+int(t)*mobSlots+n, 1)
				if hit := att & zone; hit != 0 {
					attCount[c]++
					attUnits[c] += e.attackWeight[t] * int32(hit.Count())
				}
				if e.step[c][sq]&pawns[c] != 0 {
					s.add(w[wBehindPawn+int(t)])
					tr.count(c, wBehindPawn+int(t), 1)
				}
				onPost := pawnAtt[c].Has(sq) && e.outpost[c][sq]&pawns[them] == 0
				if onPost {
					s.add(w[wOutpost+int(t)])
					tr.count(c, wOutpost+int(t), 1)
				}
				if newer {
					// A queen on its line (for pieces but the queen), enemy
					// pawns on its lines through an empty board, a
					// colour-bound piece's view of the centre, the enemy
					// king's zone in its sight, an outpost within reach.
					if t != rules.Queen && queenLines.Has(sq) {
						s.add(w[wQueenLine+int(t)])
						tr.count(c, wQueenLine+int(t), 1)
					}
					if n := int32((e.emptyReach[t][sq] & pawns[them]).Count()); n != 0 {
						s.addTimes(w[wXRayPawns+int(t)], n)
						tr.count(c, wXRayPawns+int(t), n)
					}
					onRing := e.line[sq]&zone != 0
					if e.bound[t] {
						xray := p.AttacksOf(t, sq, pawns[0]|pawns[1])
						if (e.emptyReach[t][sq]&centre).Count() >= 2 && (xray&centre).Count() >= 2 {
							s.add(w[wLongDiagonal])
							tr.count(c, wLongDiagonal, 1)
						}
						onRing = xray&zone != 0
					}
					if onRing {
						s.add(w[wKingRing+int(t)])
						tr.count(c, wKingRing+int(t), 1)
					}
					// A rook its own king shuts in the corner.
					if t == rules.Rook && n <= 3 {
						if kf := kings[c].File(); (kf < 4) == (sq.File() < kf) {
							s.add(w[wTrappedRook])
							tr.count(c, wTrappedRook, 1)
						}
					}
					if !onPost {
						for b := att & pawnAtt[c] & e.postZone[c] &^ own; b != 0; {
							if e.outpost[c][b.PopFirst()]&pawns[them] == 0 {
								s.add(w[wReachPost+int(t)])
								tr.count(c, wReachPost+int(t), 1)
								break
							}
						}
					}
				}
				if line := e.line[sq]; line&pawns[c] == 0 {
					if line&pawns[them] == 0 {
						s.add(w[wOpenLine+int(t)])
						tr.count(c, wOpenLine+int(t), 1)
					} else {
						s.add(w[wHalfOpenLine+int(t)])
						tr.count(c, wHalfOpenLine+int(t), 1)
					}
				}
			}
		}
		undeveloped := own & e.minorHomes[c] &^ pawns[c] &^ p.Pieces(c, rules.King)
		if e.minorTypes != nil {
			var minors rules.Bitboard
			for _, t := range e.minorTypes {
				minors |= p.Pieces(c, t)
			}
			undeveloped &= minors
		}
		if n := int32(undeveloped.Count()); n != 0 {
			s.addTimes(w[wDevelop], n)
			tr.count(c, wDevelop, n)
		}
		ksq := kings[c]
		s.add(e.psq[rules.MakePiece(c, rules.King)][ksq])
		if tr != nil {
			tr.count(c, wPSQ+int(rules.King)*64+int(e.whiteView(c, ksq)), 1)
		}
		shelter := min((e.kingZone[ksq] & pawns[c]).Count(), 3)
		s.add(w[wShelter+shelter])
		tr.count(c, wShelter+shelter, 1)
		storm := min((e.stormZone[ksq] & pawns[them]).Count(), 3)
		s.add(w[wStorm+storm])
		tr.count(c, wStorm+storm, 1)
		if newer {
			if pi.shelterKing[c] != ksq { // always so for the tuner, whose entry is new
				pi.shelter[c], pi.shelterKing[c] = e.shelterFiles(c, ksq, pawns, tr), ksq
			}
			s.add(pi.shelter[c])
		}
		if n := e.nearestPawn(ksq, pawns[0]|pawns[1]); n != 0 {
			s.addTimes(w[wKingPawn], n)
			tr.count(c, wKingPawn, n)
		}
		if line := e.line[ksq]; line&pawns[c] == 0 {
			i := wKingLine
			if line&pawns[them] == 0 {
				i++
			}
			s.add(w[i])
			tr.count(c, i, 1)
		}
	}

	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		s := &sc[c]
		// Attacks on the enemy king: checks the enemy cannot answer by
		// taking the checking piece, and the king's squares only the king
		// guards.
		ksq := kings[them]
		safe := ^(attacked[them] | p.ColorPieces(c))
		checks, unsafeChecks := int32(0), int32(0)
		for t := rules.Knight; t <= rules.Queen; t++ {
			if attBy[c][t] == 0 {
				continue
			}
			from := p.AttacksOf(t, ksq, occ) & attBy[c][t]
			if n := int32((from & safe).Count()); n != 0 {
				s.addTimes(w[wSafeCheck+int(t)], n)
				tr.count(c, wSafeCheck+int(t), n)
				checks++
			}
			unsafeChecks += int32((from & attacked[them] &^ p.ColorPieces(c)).Count())
		}
		weak := e.kingZone[ksq] & attacked[c] &^ attTwice[them] &^ (attacked[them] &^ attBy[them][rules.King])
		if n := int32(weak.Count()); n != 0 {
			s.addTimes(w[wWeakZone], n)
			tr.count(c, wWeakZone, n)
		}
		// King danger grows with the attack, once two pieces join it.
		if attCount[c] >= 2 {
			u := min(attUnits[c]+3*checks+int32(weak.Count()), kingSlots-1)
			s.add(w[wKingAttack+int(u)])
			tr.count(c, wKingAttack+int(u), 1)
		}

		// Officers attacked by pawns or by cheaper officers must move
		// (two at once lose one); undefended ones attacked may be lost.
		officers := p.ColorPieces(c) &^ pawns[c] &^ p.Pieces(c, rules.King)
		var pawnHit, threatened, hanging, flankDefence, safePawnHit int32
		for b := officers & attacked[them]; b != 0; {
			sq := b.PopFirst()
			t := p.PieceAt(sq).Type()
			switch {
			case pawnAtt[them].Has(sq):
				pawnHit++
			default:
				for _, ct := range e.cheaper[t] {
					if attBy[them][ct].Has(sq) {
						threatened++
						break
					}
				}
			}
			if !attacked[c].Has(sq) {
				hanging++
			}
		}
		if newer {
			// Enemy pieces our pieces attack, by attacker and victim: pawns
			// only where no enemy pawn guards them, and for the king only
			// what nothing guards.
			victims := p.ColorPieces(them) &^ p.Pieces(them, rules.King) &^ (pawns[them] & pawnAtt[them])
			for a := rules.Knight; a <= rules.King; a++ {
				hit := attBy[c][a] & victims
				if a == rules.King {
					hit &^= attacked[them]
				}
				for hit != 0 {
					i := wThreatBy + int(a)*7 + int(p.PieceAt(hit.PopFirst()).Type())
					s.add(w[i])
					tr.count(c, i, 1)
				}
			}
			// Squares, neither taken by our pieces nor firmly held by the
			// enemy, from which a piece we could bring there would attack
			// the enemy's only queen.
			if q := p.Pieces(them, rules.Queen); q != 0 && q&(q-1) == 0 {
				qsq := q.First()
				firm := pawnAtt[them] | (attTwice[them] &^ attTwice[c])
				safe := ^(p.ColorPieces(c) | firm)
				for a := rules.Knight; a <= rules.Rook; a++ {
					if attBy[c][a] == 0 {
						continue
					}
					if n := int32((attBy[c][a] & p.AttacksOf(a, qsq, occ) & safe).Count()); n != 0 {
						s.addTimes(w[wOnQueen+int(a)], n)
						tr.count(c, wOnQueen+int(a), n)
					}
				}
			}
			// Space: safe squares in our half of the centre, twice where our
			// pawns shelter them, worth the more the more pieces (and blocked
			// pawns) there are to need room.
			if e.space[c] != 0 {
				safe := e.space[c] &^ pawns[c] &^ pawnAtt[them]
				room := int32(safe.Count() + (pi.behind[c] & safe &^ attacked[them]).Count())
				crowd := int32(p.ColorPieces(c).Count()) - 3 + min(pi.blocked, 9)
				if n := room * crowd * crowd / 256; n != 0 {
					s.addTimes(w[wSpace], n)
					tr.count(c, wSpace, n)
				}
			}
			// Our king's flank defended.
			flankDefence = int32((attacked[c] & e.flank[c][kings[c]]).Count())
			// Enemy officers a pawn attacks that is itself safe.
			safePawns := pawns[c] & (attacked[c] | ^attacked[them])
			enemyOfficers := p.ColorPieces(them) &^ pawns[them] &^ p.Pieces(them, rules.King)
			safePawnHit = int32((e.variant.PawnAttacks(c, safePawns) & enemyOfficers).Count())
		}
		// Our officers an enemy pawn would attack after a push to a
		// square we do not hold.
		push := pi.steps[them] &^ occ &^ pawnAtt[c] &^ (attacked[c] &^ attacked[them])
		pushHit := int32((e.variant.PawnAttacks(them, push) & officers &^ pawnAtt[them]).Count())
		hangingPawns := int32((pawns[c] & attacked[them] &^ attacked[c]).Count())
		restricted := int32((attacked[c] & attacked[them] &^ pawnAtt[c] &^ (attTwice[c] &^ attTwice[them])).Count())
		for _, f := range [...]struct {
			i int
			n int32
		}{{wPawnThreat, pawnHit}, {wThreat, threatened}, {wHanging, hanging}, {wPushThreat, pushHit}, {wHangingPawn, hangingPawns}, {wRestricted, restricted},
			// The newer ones' weights are zero where they were not found.
			{wFlankDefence, flankDefence}, {wSafePawnHit, safePawnHit}, {wUnsafeCheck, unsafeChecks}} {
			if f.n != 0 {
				s.addTimes(w[f.i], f.n)
				tr.count(c, f.i, f.n)
			}
		}

		// Passed pawns: a free path, and the kings' race to the
		// promotion square.
		for b := pi.passed[c]; b != 0; {
			sq := b.PopFirst()
			d := int(e.promoDist[c][sq])
			if e.path[c][sq]&occ == 0 {
				s.add(w[wPassedFree+d])
				tr.count(c, wPassedFree+d, 1)
			}
			if e.path[c][sq]&attacked[them] == 0 {
				s.add(w[wPassedSafe+d])
				tr.count(c, wPassedSafe+d, 1)
			}
			if newer && e.step[c][sq]&attacked[them] == 0 {
				s.add(w[wPassedFront+d])
				tr.count(c, wPassedFront+d, 1)
			}
			target := e.promoSquare[c][sq]
			k := int32(min(rules.Distance(kings[them], target), 5) - min(rules.Distance(kings[c], target), 5))
			s.addTimes(w[wPassedKing+d], k)
			tr.count(c, wPassedKing+d, k)
		}
	}
	if newer {
		sc[rules.White].add(e.cachedImbalance(&counts, cache, tr))
	}
	stm := p.SideToMove()
	sc[stm].add(w[wTempo])
	tr.count(stm, wTempo, 1)

	mg := sc[rules.White].mg - sc[rules.Black].mg
	eg := sc[rules.White].eg - sc[rules.Black].eg
	phase := clamp32((npm[0]+npm[1]-e.phaseEG)*256/max(e.phaseMG-e.phaseEG, 1), 0, 256)
	v := (mg*phase + eg*(256-phase)) / 256

	v, add, scale := e.adjust(p, v, npm)
	if tr != nil {
		tr.phase, tr.add, tr.scale = phase, add, scale
	}
	if stm == rules.Black {
		v = -v
	}
	return Score(clamp32(v, -int32(MateBound)+1, int32(MateBound)-1))
}

// adjust applies to a score (White's view) what the weights alone do not
// know: the mop-up of bare endings, a small lead without pawns, opposite
// bishops, the fifty-move rule and ASEAN's count. It returns the score,
// what it added and by how much it scaled.
func (e *evaluator) adjust(p *rules.Position, v int32, npm [2]int32) (int32, int32, float64) {
	kings := [2]rules.Square{p.King(rules.White), p.King(rules.Black)}
	pawns := [2]rules.Bitboard{p.Pieces(rules.White, rules.Pawn), p.Pieces(rules.Black, rules.Pawn)}
	strong, weak := rules.White, rules.Black
	if v < 0 {
		strong, weak = weak, strong
	}
	lead := npm[strong] - npm[weak]
	// Bare pawnless endings: a large lead must drive the lone side's king
	// to the edge and bring its own king close; a small one cannot win.
	add := int32(0)
	if pawns[weak] == 0 && lead >= e.mopUp {
		add = 20*int32(3-ring(kings[weak])) + 6*int32(7-rules.Distance(kings[strong], kings[weak]))
		if strong == rules.Black {
			add = -add
		}
	}
	v += add
	scale := 1.0
	if pawns[strong] == 0 && lead <= e.drawish {
		v /= 4
		scale /= 4
	}
	if e.oppositeBishops(p, npm) {
		v /= 3
		scale /= 3
	}
	hm := int32(min(p.HalfmoveClock(), 100))
	v = v * (200 - hm) / 200
	scale *= float64(200-hm) / 200
	if limit := e.variant.CountLimit; limit > 0 {
		if running, plies := p.Count(); running {
			f := int32(2*limit - min(plies, limit))
			v = v * f / int32(2*limit)
			scale *= float64(f) / float64(2*limit)
		}
	}
	return v, add, scale
}

// netEval is the network's score for the side to move, brought to the
// weights' centipawns and adjusted as they are.
func (e *evaluator) netEval(p *rules.Position, cache *evalCache) Score {
	var acc *nnue.Accumulator
	if cache != nil {
		if cache.acc == nil {
			cache.acc = nnue.NewAccumulator(e.net)
		}
		acc = cache.acc
	} else {
		acc = nnue.NewAccumulator(e.net)
	}
	var npm [2]int32
	for c := rules.White; c <= rules.Black; c++ {
		for t := rules.Knight; t <= rules.Queen; t++ {
			npm[c] += e.phaseValue[t] * int32(p.Pieces(c, t).Count())
		}
	}
	stm := p.SideToMove()
	v := acc.Evaluate(p) * netScale / 100
	if stm == rules.Black {
		v = -v
	}
	v, _, _ = e.adjust(p, v, npm)
	if stm == rules.Black {
		v = -v
	}
	return Score(clamp32(v, -int32(MateBound)+1, int32(MateBound)-1))
}

// netScale turns the network's centipawns (the labels', Stockfish's) into
// the weights' (in hundredths): the weights fit the same labels best with
// their centipawns times 0.85 to 0.90, by the held-out positions.
const netScale = 111

// imbalance is Stockfish's quadratic material imbalance: what each of a
// side's pieces is worth besides its material, by how many pieces of its
// own type and of each cheaper type both sides have (knights gain with
// pawns, rooks lose with a second rook), from the counts n the
// evaluation took of each side's pieces ("type" 0 the bishop pair). The
// weights of our type t start at wImbalance + t² − 1: our types 0..t, then
// the enemy's 0..t−1, each in sixteenths of a centipawn (imbalanceUnit).
// It returns White's imbalance less Black's.
func (e *evaluator) imbalance(n *[2][rules.Queen + 1]int32, tr *trace) phased {
	w := e.w
	var diff phased
	for c := rules.White; c <= rules.Black; c++ {
		ours, theirs := &n[c], &n[c.Other()]
		var s phased
		for t := rules.Pawn; t <= rules.Queen; t++ {
			if ours[t] == 0 {
				continue
			}
			i := wImbalance + int(t)*int(t) - 1
			for u := rules.NoPieceType; u <= t; u, i = u+1, i+1 {
				if k := ours[t] * ours[u]; k != 0 {
					s.addTimes(w[i], k)
					tr.count(c, i, k)
				}
			}
			for u := rules.NoPieceType; u < t; u, i = u+1, i+1 {
				if k := ours[t] * theirs[u]; k != 0 {
					s.addTimes(w[i], k)
					tr.count(c, i, k)
				}
			}
		}
		sign := int32(1)
		if c == rules.Black {
			sign = -1
		}
		diff.addTimes(phased{s.mg / imbalanceUnit, s.eg / imbalanceUnit}, sign)
	}
	return diff
}

// cachedImbalance is the imbalance of counts n, from the cache where it
// has it (none while tracing for the tuner).
func (e *evaluator) cachedImbalance(n *[2][rules.Queen + 1]int32, cache *evalCache, tr *trace) phased {
	if cache == nil || tr != nil {
		return e.imbalance(n, tr)
	}
	key, ok := materialKey(n)
	if !ok {
		return e.imbalance(n, nil)
	}
	entry := &cache.imbalance[(key*0x9E3779B97F4A7C15)>>(64-imbalanceBits)]
	if entry.key != key {
		entry.key, entry.score = key, e.imbalance(n, nil)
	}
	return entry.score
}

// materialKey packs the counts four bits each; ok is false if one does
// not fit.
func materialKey(n *[2][rules.Queen + 1]int32) (key uint64, ok bool) {
	for c := range n {
		for _, k := range n[c] {
			if k > 15 {
				return 0, false
			}
			key = key<<4 | uint64(k)
		}
	}
	return key, true
}

// shelterFiles scores colour c's king on ksq by the pawns on its file and
// the files beside it (chess's geometry, seen from White's side): on each,
// how far up our nearest pawn not behind the king stands and how far the
// enemy's nearest has come, by the file's distance from the edge, and an
// enemy pawn stopped right in front of ours apart (Stockfish's shelter
// strength and storm). The pawn table keeps it with the pawns.
func (e *evaluator) shelterFiles(c rules.Color, ksq rules.Square, pawns [2]rules.Bitboard, tr *trace) phased {
	w := e.w
	var s phased
	ours, theirs := pawns[c], pawns[c.Other()]
	if c == rules.Black {
		ours, theirs = e.imageSet(ours), e.imageSet(theirs)
	}
	k := e.whiteView(c, ksq)
	notBehind := ^rules.Bitboard(0) << (8 * k.Rank())
	centre := min(max(k.File(), 1), 6)
	for f := centre - 1; f <= centre+1; f++ {
		file := fileA << f
		edge := min(f, 7-f)
		ourRank, theirRank := 0, 0
		if b := ours & notBehind & file; b != 0 {
			ourRank = b.First().Rank()
		}
		if b := theirs & notBehind & file; b != 0 {
			theirRank = b.First().Rank()
		}
		i := wShelterFile + edge*8 + ourRank
		s.add(w[i])
		tr.count(c, i, 1)
		if ourRank != 0 && ourRank == theirRank-1 {
			i = wBlockedStorm + theirRank
		} else {
			i = wStormFile + edge*8 + theirRank
		}
		s.add(w[i])
		tr.count(c, i, 1)
	}
	return s
}

const (
	centre rules.Bitboard = 1<<27 | 1<<28 | 1<<35 | 1<<36 // the board's four middle squares
	fileA  rules.Bitboard = 0x0101010101010101
)

// oppositeBishops says each side's only officer is one colour-bound piece
// of the same type, on squares of different colours: neither can contest
// the other's squares, so a pawn or two up rarely wins.
func (e *evaluator) oppositeBishops(p *rules.Position, npm [2]int32) bool {
	for t := rules.Knight; t <= rules.Queen; t++ {
		if !e.bound[t] || npm[0] != e.phaseValue[t] || npm[1] != e.phaseValue[t] {
			continue
		}
		w, b := p.Pieces(rules.White, t), p.Pieces(rules.Black, t)
		return w.Count() == 1 && b.Count() == 1 && (w&lightSquares == 0) != (b&lightSquares == 0)
	}
	return false
}

// nearestPawn is the king's distance in king moves from s to the nearest
// pawn of either side, 0 if there is none: in an ending the king belongs
// near the pawns.
func (e *evaluator) nearestPawn(s rules.Square, pawns rules.Bitboard) int32 {
	switch {
	case pawns == 0:
		return 0
	case e.kingZone[s]&pawns != 0:
		return 1
	case e.stormZone[s]&pawns != 0:
		return 2
	}
	d := 7
	for b := pawns; b != 0; {
		d = min(d, rules.Distance(s, b.PopFirst()))
	}
	return int32(d)
}

// whiteView is the square of White's tables that scores colour c's piece
// on s.
func (e *evaluator) whiteView(c rules.Color, s rules.Square) rules.Square {
	if c == rules.Black {
		return e.image(s)
	}
	return s
}

// lightSquares are the light squares (a1 is dark).
const lightSquares rules.Bitboard = 0x55AA55AA55AA55AA

// count records n more of feature i for colour c (nothing without a trace).
func (tr *trace) count(c rules.Color, i int, n int32) {
	if tr == nil {
		return
	}
	if c == rules.White {
		tr.coef[i] += n
	} else {
		tr.coef[i] -= n
	}
}
