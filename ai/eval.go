package ai

import "varia/rules"

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
func (e *evaluator) evaluate(p *rules.Position) Score { return e.eval(p, nil) }

// eval scores the position for the side to move: material and
// piece-square tables, mobility, passed pawns, king safety and shelter,
// threats, pawn structure and colour-bound pairs, blended by phase, then
// pulled toward zero when the material cannot win or a move-counting rule
// is running out. With tr set it also records the features for the tuner.
func (e *evaluator) eval(p *rules.Position, tr *trace) Score {
	w := e.w
	var (
		sc       [2]phased
		npm      [2]int32
		pawns    [2]rules.Bitboard
		pawnAtt  [2]rules.Bitboard
		attacked [2]rules.Bitboard    // squares each side attacks
		attBy    [2][7]rules.Bitboard // ... by officers of each type
		kings    [2]rules.Square
		attUnits [2]int32
		attCount [2]int32
	)
	for c := rules.White; c <= rules.Black; c++ {
		pawns[c] = p.Pieces(c, rules.Pawn)
		pawnAtt[c] = e.variant.PawnAttacks(c, pawns[c])
		kings[c] = p.King(c)
		attacked[c] = pawnAtt[c] | p.AttacksFrom(kings[c])
	}

	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		own := p.ColorPieces(c)
		zone := e.kingZone[kings[them]]
		s := &sc[c]

		for b := pawns[c]; b != 0; {
			sq := b.PopFirst()
			s.add(e.psq[rules.MakePiece(c, rules.Pawn)][sq])
			ws := sq
			if c == rules.Black {
				ws = e.image(sq)
			}
			tr.count(c, wMaterial+int(rules.Pawn), 1)
			tr.count(c, wPSQ+int(rules.Pawn)*64+int(ws), 1)
			if e.path[c][sq]&pawns[c] != 0 {
				s.add(w[wDoubled])
				tr.count(c, wDoubled, 1)
			}
			d := int(e.promoDist[c][sq])
			if d == 0 || e.passed[c][sq]&pawns[them] != 0 {
				continue
			}
			s.add(w[wPassed+d])
			tr.count(c, wPassed+d, 1)
			if e.path[c][sq]&p.Occupied() == 0 {
				s.add(w[wPassedFree+d])
				tr.count(c, wPassedFree+d, 1)
			}
			target := e.promoSquare[c][sq]
			k := int32(min(rules.Distance(kings[them], target), 5) - min(rules.Distance(kings[c], target), 5))
			s.mg += w[wPassedKing].mg * k
			s.eg += w[wPassedKing].eg * k
			tr.count(c, wPassedKing, k)
		}
		for t := rules.Knight; t <= rules.Queen; t++ {
			b := p.Pieces(c, t)
			if b == 0 {
				continue
			}
			pc := rules.MakePiece(c, t)
			if e.bound[t] && b&(b-1) != 0 && b&lightSquares != 0 && b&^lightSquares != 0 {
				s.add(w[wPair+int(t)])
				tr.count(c, wPair+int(t), 1)
			}
			for b != 0 {
				sq := b.PopFirst()
				npm[c] += e.phaseValue[t]
				s.add(e.psq[pc][sq])
				if tr != nil {
					ws := sq
					if c == rules.Black {
						ws = e.image(sq)
					}
					tr.count(c, wMaterial+int(t), 1)
					tr.count(c, wPSQ+int(t)*64+int(ws), 1)
				}
				att := p.AttacksFrom(sq)
				attBy[c][t] |= att
				n := min((att &^ own &^ pawnAtt[them]).Count(), mobSlots-1)
				s.add(w[wMobility+int(t)*mobSlots+n])
				tr.count(c, wMobility+int(t)*mobSlots+n, 1)
				if hit := att & zone; hit != 0 {
					attCount[c]++
					attUnits[c] += e.attackWeight[t] * int32(hit.Count())
				}
			}
			attacked[c] |= attBy[c][t]
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
			s.mg += w[wDevelop].mg * n
			s.eg += w[wDevelop].eg * n
			tr.count(c, wDevelop, n)
		}
		// Pawns guarded by pawns hold together.
		if n := int32((pawns[c] & pawnAtt[c]).Count()); n != 0 {
			s.mg += w[wPawnChain].mg * n
			s.eg += w[wPawnChain].eg * n
			tr.count(c, wPawnChain, n)
		}
		s.add(e.psq[rules.MakePiece(c, rules.King)][kings[c]])
		if tr != nil {
			ws := kings[c]
			if c == rules.Black {
				ws = e.image(ws)
			}
			tr.count(c, wPSQ+int(rules.King)*64+int(ws), 1)
		}
		shelter := min((e.kingZone[kings[c]] & pawns[c]).Count(), 3)
		s.add(w[wShelter+shelter])
		tr.count(c, wShelter+shelter, 1)
	}

	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		s := &sc[c]
		// King danger grows with the attack, once two pieces join it.
		if attCount[c] >= 2 {
			u := min(attUnits[c], kingSlots-1)
			s.add(w[wKingAttack+int(u)])
			tr.count(c, wKingAttack+int(u), 1)
		}
		// Officers attacked by pawns or by cheaper officers must move
		// (two at once lose one); undefended ones attacked may be lost.
		officers := p.ColorPieces(c) &^ pawns[c] &^ p.Pieces(c, rules.King)
		var pawnHit, threatened, hanging int32
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
		for _, f := range [...]struct {
			i int
			n int32
		}{{wPawnThreat, pawnHit}, {wThreat, threatened}, {wHanging, hanging}} {
			if f.n != 0 {
				s.mg += w[f.i].mg * f.n
				s.eg += w[f.i].eg * f.n
				tr.count(c, f.i, f.n)
			}
		}
	}
	stm := p.SideToMove()
	sc[stm].add(w[wTempo])
	tr.count(stm, wTempo, 1)

	mg := sc[rules.White].mg - sc[rules.Black].mg
	eg := sc[rules.White].eg - sc[rules.Black].eg
	phase := clamp32((npm[0]+npm[1]-e.phaseEG)*256/max(e.phaseMG-e.phaseEG, 1), 0, 256)
	v := (mg*phase + eg*(256-phase)) / 256

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
	if tr != nil {
		tr.phase, tr.add, tr.scale = phase, add, scale
	}
	if stm == rules.Black {
		v = -v
	}
	return Score(clamp32(v, -int32(MateBound)+1, int32(MateBound)-1))
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
