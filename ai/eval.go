package ai

import "varia/rules"

const (
	tempo          = 10
	developPenalty = 12 // a light officer still on its start square
)

var (
	pawnThreat = phased{30, 20} // an officer attacked by an enemy pawn
	pawnChain  = phased{6, 8}   // a pawn guarded by its own pawn
)

// evaluate scores the position for the side to move. It is a full
// evaluation on every call: material and piece-square tables, passed
// pawns, mobility, king safety and shelter, colour-bound pairs, blended
// by phase, then pulled toward zero when the material cannot win or a
// move-counting rule is running out.
func (e *evaluator) evaluate(p *rules.Position) Score {
	var (
		sc       [2]phased
		npm      [2]int32
		pawns    [2]rules.Bitboard
		pawnAtt  [2]rules.Bitboard
		kings    [2]rules.Square
		attUnits [2]int32
		attCount [2]int32
	)
	for c := rules.White; c <= rules.Black; c++ {
		pawns[c] = p.Pieces(c, rules.Pawn)
		pawnAtt[c] = e.variant.PawnAttacks(c, pawns[c])
		kings[c] = p.King(c)
	}

	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		own := p.ColorPieces(c)
		zone := e.kingZone[kings[them]]
		s := &sc[c]

		for b := pawns[c]; b != 0; {
			sq := b.PopFirst()
			s.add(e.psq[rules.MakePiece(c, rules.Pawn)][sq])
			if e.passed[c][sq]&pawns[them] == 0 {
				s.add(e.passedBonus[c][sq])
			}
		}
		for t := rules.Knight; t <= rules.Queen; t++ {
			b := p.Pieces(c, t)
			if b == 0 {
				continue
			}
			pc := rules.MakePiece(c, t)
			m := &e.mob[t]
			if b&(b-1) != 0 && e.pairBonus[t].mg != 0 && b&lightSquares != 0 && b&^lightSquares != 0 {
				s.add(e.pairBonus[t])
			}
			for b != 0 {
				sq := b.PopFirst()
				npm[c] += e.value[t]
				s.add(e.psq[pc][sq])
				att := p.AttacksFrom(sq)
				n := int32((att &^ own &^ pawnAtt[them]).Count())
				s.mg += m.w.mg * (16*n - m.avg16) / 16
				s.eg += m.w.eg * (16*n - m.avg16) / 16
				if hit := att & zone; hit != 0 {
					attCount[c]++
					attUnits[c] += e.attackWeight[t] * int32(hit.Count())
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
		s.mg -= developPenalty * int32(undeveloped.Count())
		// Officers attacked by pawns must move (two at once lose one);
		// pawns guarded by pawns hold together.
		officers := own &^ pawns[c] &^ p.Pieces(c, rules.King)
		threatened := int32((officers & pawnAtt[them]).Count())
		s.mg -= pawnThreat.mg * threatened
		s.eg -= pawnThreat.eg * threatened
		chained := int32((pawns[c] & pawnAtt[c]).Count())
		s.mg += pawnChain.mg * chained
		s.eg += pawnChain.eg * chained
		s.add(e.psq[rules.MakePiece(c, rules.King)][kings[c]])
		shelter := int32((e.kingZone[kings[c]] & pawns[c]).Count())
		s.mg += 12 * min(shelter, 3)
	}
	// King danger grows with the square of the attack, once two pieces
	// join it.
	for c := rules.White; c <= rules.Black; c++ {
		if attCount[c] >= 2 {
			u := attUnits[c]
			sc[c.Other()].mg -= min(u*u/8, 500)
		}
	}

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
	if pawns[weak] == 0 && lead >= e.mopUp {
		bonus := 20*int32(3-ring(kings[weak])) + 6*int32(7-rules.Distance(kings[strong], kings[weak]))
		if strong == rules.White {
			v += bonus
		} else {
			v -= bonus
		}
	}
	if pawns[strong] == 0 && lead <= e.drawish {
		v /= 4
	}

	v = v * int32(200-min(p.HalfmoveClock(), 100)) / 200
	if limit := e.variant.CountLimit; limit > 0 {
		if running, plies := p.Count(); running {
			v = v * int32(2*limit-min(plies, limit)) / int32(2*limit)
		}
	}

	if p.SideToMove() == rules.Black {
		v = -v
	}
	v += tempo
	return Score(clamp32(v, -int32(MateBound)+1, int32(MateBound)-1))
}

// lightSquares are the light squares (a1 is dark).
const lightSquares rules.Bitboard = 0x55AA55AA55AA55AA
