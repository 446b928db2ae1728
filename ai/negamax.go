package ai

import "varia/rules"

// search is the negamax alpha-beta search with principal variation search
// (a null window for every move after the first). inCheck says whether the
// side to move is in check; nullOK allows a null move here.
func (s *searcher) search(depth int, alpha, beta Score, ply int, inCheck, nullOK bool) Score {
	s.pvLen[ply] = ply
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, inCheck)
	}
	s.nodes++
	if s.poll() {
		return 0
	}
	s.seldepth = max(s.seldepth, ply)
	pos := s.pos
	pvNode := beta-alpha > 1
	f := &s.frames[ply]

	if s.isDraw(inCheck, f) {
		return drawScore
	}
	// No line from here can beat a mate already found nearer the root.
	alpha = max(alpha, -MateScore+Score(ply))
	beta = min(beta, MateScore-Score(ply)-1)
	if alpha >= beta {
		return alpha
	}
	if ply >= MaxPly-1 {
		return s.ev.evaluate(pos)
	}

	key := pos.Key()
	entry, hit := s.tt.probe(key)
	ttMove := rules.NoMove
	if hit {
		ttMove = entry.move
		if !pvNode && int(entry.depth) >= depth {
			v := fromTT(Score(entry.score), ply)
			if entry.bound == boundExact || entry.bound == boundLower && v >= beta || entry.bound == boundUpper && v <= alpha {
				return v
			}
		}
	}

	static := -infinity
	if !inCheck {
		if hit {
			static = Score(entry.eval)
		} else {
			static = s.ev.evaluate(pos)
		}
	}
	f.eval = static
	improving := !inCheck && ply >= 2 && static > s.frames[ply-2].eval

	if !pvNode && !inCheck && beta < MateBound && beta > -MateBound {
		// Reverse futility: far above beta at low depth, a quiet move
		// of the opponent will not bring it back.
		if depth <= 3 && static-Score(80*depth) >= beta {
			return static
		}
		// Null move: if passing still keeps the score above beta, a real
		// move would too (not trusted without pieces, where zugzwang
		// is common).
		if nullOK && depth >= 3 && static >= beta && s.hasPieces(pos.SideToMove()) {
			r := min(3+depth/4, depth-2) // leave a ply to see a mate threat
			pos.MakeNull()
			v := -s.search(depth-1-r, -beta, -beta+1, ply+1, false, false)
			pos.UnmakeNull()
			if s.stopped {
				return 0
			}
			if v >= beta {
				return min(v, MateBound)
			}
		}
	}

	moves := pos.LegalMoves(f.moves[:0])
	if len(moves) == 0 {
		if inCheck {
			return -MateScore + Score(ply)
		}
		return drawScore
	}
	scores := f.scores[:len(moves)]
	s.scoreMoves(moves, scores, ttMove, ply)

	us := pos.SideToMove()
	origAlpha := alpha
	best, bestMove := -infinity, rules.NoMove
	var quiets [64]rules.Move
	nQuiets := 0
	for i := range moves {
		m := pickNext(moves, scores, i)
		quiet := !m.Kind().IsCapture() && m.Promotion() == rules.NoPieceType
		// Late and futile quiet moves at the last plies are skipped,
		// unless they give check (which needs the move made to see).
		prunable := quiet && i > 0 && !pvNode && !inCheck && depth <= 3 && best > -MateBound &&
			(i >= 3+depth*depth || static+Score(90*depth+30) <= alpha)
		// Captures that lose much material by exchange, near the leaves.
		if !quiet && i > 0 && !pvNode && !inCheck && depth <= 3 && best > -MateBound &&
			scores[i] < orderGoodTactic && !s.seeAtLeast(m, -100*int32(depth)) {
			continue
		}
		pos.Make(m)
		check := pos.InCheck()
		if prunable && !check {
			pos.Unmake()
			continue
		}
		d := depth - 1
		if check {
			d++
		}
		var v Score
		if i == 0 {
			v = -s.search(d, -beta, -alpha, ply+1, check, true)
		} else {
			r := 0
			if depth >= 3 && quiet && !check && !inCheck && i >= 3 && m != f.killers[0] && m != f.killers[1] {
				r = int(lmrTable[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				if !improving {
					r++
				}
				if s.history[us][m.From()][m.To()] > historyMax/2 {
					r--
				}
				r = max(0, min(r, d-1))
			}
			v = -s.search(d-r, -alpha-1, -alpha, ply+1, check, true)
			if v > alpha && r > 0 {
				v = -s.search(d, -alpha-1, -alpha, ply+1, check, true)
			}
			if v > alpha && v < beta {
				v = -s.search(d, -beta, -alpha, ply+1, check, true)
			}
		}
		pos.Unmake()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.setPV(ply, m)
				if v >= beta {
					if quiet {
						s.rewardQuiet(f, us, m, depth, quiets[:nQuiets])
					}
					break
				}
			}
		}
		if quiet && nQuiets < len(quiets) {
			quiets[nQuiets] = m
			nQuiets++
		}
	}

	bd := boundExact
	switch {
	case best >= beta:
		bd = boundLower
	case best <= origAlpha:
		bd = boundUpper
		bestMove = rules.NoMove
	}
	s.tt.store(key, bestMove, toTT(best, ply), static, depth, bd)
	return best
}

// isDraw applies the draw rules inside the search: a repeated position
// (once is enough: repeating is no progress), the fifty-move rule and the
// counting rule (unless the side to move is mated right now), and material
// that cannot mate.
func (s *searcher) isDraw(inCheck bool, f *frame) bool {
	pos := s.pos
	if pos.Repetitions() > 0 || pos.InsufficientMaterial() {
		return true
	}
	expired := pos.HalfmoveClock() >= 100
	if limit := pos.Variant().CountLimit; limit > 0 {
		if running, plies := pos.Count(); running && plies >= limit {
			expired = true
		}
	}
	if !expired {
		return false
	}
	return !inCheck || len(pos.LegalMoves(f.moves[:0])) > 0
}

// hasPieces reports whether c has anything besides king and pawns.
func (s *searcher) hasPieces(c rules.Color) bool {
	pos := s.pos
	return pos.ColorPieces(c)&^(pos.Pieces(c, rules.Pawn)|pos.Pieces(c, rules.King)) != 0
}

// rewardQuiet remembers a quiet move that refuted the opponent: as a killer
// at this ply and in the history, and lowers the quiet moves tried before it.
func (s *searcher) rewardQuiet(f *frame, us rules.Color, m rules.Move, depth int, tried []rules.Move) {
	if f.killers[0] != m {
		f.killers[1], f.killers[0] = f.killers[0], m
	}
	bonus := int32(min(depth*depth, 400))
	h := &s.history[us]
	update := func(m rules.Move, b int32) {
		e := &h[m.From()][m.To()]
		*e += 32*b - *e*abs32(b)/(historyMax/32)
	}
	update(m, bonus)
	for _, q := range tried {
		update(q, -bonus)
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// qsearch resolves captures and promotions until the position is quiet, so
// the evaluation is never taken in the middle of an exchange. In check it
// searches every evasion instead.
func (s *searcher) qsearch(alpha, beta Score, ply int, inCheck bool) Score {
	s.pvLen[ply] = ply
	s.nodes++
	if s.poll() {
		return 0
	}
	s.seldepth = max(s.seldepth, ply)
	pos := s.pos
	if pos.InsufficientMaterial() {
		return drawScore
	}
	if ply >= MaxPly-1 {
		return s.ev.evaluate(pos)
	}
	key := pos.Key()
	entry, hit := s.tt.probe(key)
	if hit {
		v := fromTT(Score(entry.score), ply)
		if entry.bound == boundExact || entry.bound == boundLower && v >= beta || entry.bound == boundUpper && v <= alpha {
			return v
		}
	}

	best := -MateScore + Score(ply)
	static := -infinity
	if !inCheck {
		if hit {
			static = Score(entry.eval)
		} else {
			static = s.ev.evaluate(pos)
		}
		if static >= beta {
			return static
		}
		best = static
		alpha = max(alpha, static)
	}

	f := &s.frames[ply]
	var moves []rules.Move
	if inCheck {
		// Every evasion; none at all is mate.
		if moves = pos.LegalMoves(f.moves[:0]); len(moves) == 0 {
			return -MateScore + Score(ply)
		}
	} else if moves = pos.LegalCaptures(f.moves[:0]); len(moves) == 0 {
		// No capture: stand pat, unless there is no move at all.
		if !s.hasMove(ply) {
			return drawScore
		}
	}
	n := len(moves)
	scores := f.scores[:n]
	s.scoreMoves(moves, scores, rules.NoMove, ply)

	origAlpha := alpha
	bestMove := rules.NoMove
	for i := range moves {
		m := pickNext(moves, scores, i)
		if !inCheck && m.Promotion() == rules.NoPieceType {
			victim := s.victimValue(m)
			// Delta pruning: even winning the piece cannot reach alpha.
			if static+victim+200 <= alpha {
				continue
			}
			// Captures that lose material in the exchange are left out.
			if scores[i] < orderGoodTactic {
				continue
			}
		}
		pos.Make(m)
		v := -s.qsearch(-beta, -alpha, ply+1, pos.InCheck())
		pos.Unmake()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.setPV(ply, m)
				if v >= beta {
					break
				}
			}
		}
	}
	bd := boundExact
	switch {
	case best >= beta:
		bd = boundLower
	case best <= origAlpha:
		bd = boundUpper
	}
	s.tt.store(key, bestMove, toTT(best, ply), static, 0, bd)
	return best
}

// hasMove reports whether the side to move has any legal move (using the
// next frame's buffer as scratch).
func (s *searcher) hasMove(ply int) bool {
	return len(s.pos.LegalMoves(s.frames[ply+1].moves[:0])) > 0
}
