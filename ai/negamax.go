package ai

import (
	"slices"

	"varia/rules"
)

// search is the negamax alpha-beta search with principal variation search
// (a null window for every move after the first). inCheck says whether the
// side to move is in check; cutNode that a null-window search here is
// expected to fail high.
func (s *searcher) search(depth int, alpha, beta Score, ply int, inCheck, cutNode bool) Score {
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, inCheck)
	}
	s.pvLen[ply] = ply
	s.nodes++
	if s.poll() {
		return 0
	}
	s.seldepth = max(s.seldepth, ply)
	pos := s.pos
	pvNode := beta-alpha > 1
	f := &s.frames[ply]
	excluded := f.excluded
	s.frames[ply+1].doubleExt = f.doubleExt

	if s.isDraw(inCheck) {
		return drawScore
	}
	// No line from here can beat a mate already found nearer the root.
	alpha = max(alpha, -MateScore+Score(ply))
	beta = min(beta, MateScore-Score(ply)-1)
	if alpha >= beta {
		return alpha
	}
	if ply >= MaxPly-1 {
		return s.evaluate()
	}

	key := pos.Key()
	var entry ttEntry
	hit := false
	// A position once on a principal variation keeps that mark in the
	// table; its moves are reduced less (+11 Elo over 916 chess games at
	// 60,000 nodes a move). A singular-extension search keeps its node's
	// mark.
	if excluded == rules.NoMove {
		entry, hit = s.tt.probe(key)
		f.ttPv = pvNode || hit && entry.pv
	}
	ttPv := f.ttPv
	ttMove, ttScore := rules.NoMove, -infinity
	if hit {
		ttMove = entry.move
		ttScore = fromTT(Score(entry.score), ply)
		if !pvNode && int(entry.depth) >= depth && entry.settles(ttScore, alpha, beta) {
			return ttScore
		}
	}

	// The static evaluation (raw as the table keeps it, then corrected),
	// sharpened by the table's bound when it has one.
	raw, static, eval := -infinity, -infinity, -infinity
	switch {
	case inCheck:
	case excluded != rules.NoMove:
		static, eval = f.eval, f.eval
	default:
		if hit {
			raw = Score(entry.eval)
		} else {
			raw = s.evaluate()
		}
		static = s.corrected(raw, ply)
		eval = static
		if hit && (entry.bound == boundLower && ttScore > eval || entry.bound == boundUpper && ttScore < eval) && !ttScore.IsMate() {
			eval = ttScore
		}
	}
	f.eval = static
	improving := !inCheck && ply >= 2 && static > s.frames[ply-2].eval
	us := pos.SideToMove()

	// A mate search (Limits.Mate) prunes nothing by guesswork: a pruned
	// defence could make it announce a mate that is not there, and a
	// pruned quiet move could hide the mate it looks for.
	prune := s.lim.Mate == 0
	if prune && !pvNode && !inCheck && excluded == rules.NoMove && !eval.IsMate() && beta > -MateBound && beta < MateBound {
		// Reverse futility: far above beta at low depth, a quiet move
		// of the opponent will not bring it back.
		margin := Score(s.prm.RFP) * Score(depth)
		if improving {
			margin -= Score(s.prm.RFPImproving)
		}
		if depth <= 8 && eval-margin >= beta {
			return eval
		}
		// Razoring: far below alpha near the leaves, only captures can
		// help.
		if depth <= 3 && eval+Score(s.prm.Razor)*Score(depth) <= alpha {
			if v := s.qsearch(alpha, alpha+1, ply, false); v <= alpha {
				return v
			}
		}
		// Null move: if passing still keeps the score above beta, a real
		// move would too (not trusted without pieces, where zugzwang is
		// common, nor twice in a row).
		if depth >= 3 && eval >= beta && static >= beta-Score(s.prm.NullDepthMul)*Score(depth)+Score(s.prm.NullBase) && ply >= 1 &&
			s.frames[ply-1].move != rules.NoMove && s.hasPieces(us) {
			r := 3 + depth/3 + min(int(eval-beta)/int(s.prm.NullEvalDiv), 3)
			f.move, f.cont = rules.NoMove, &s.noCont
			pos.MakeNull()
			v := -s.search(depth-r, -beta, -beta+1, ply+1, false, !cutNode)
			pos.UnmakeNull()
			if s.stopped {
				return 0
			}
			if v >= beta {
				return min(v, MateBound-1)
			}
		}
		// ProbCut: a capture that beats beta by a margin in a shallow
		// search very likely beats it in a full one.
		probBeta := beta + Score(s.prm.ProbCut)
		if depth >= 5 && !(hit && int(entry.depth) >= depth-3 && ttScore < probBeta) {
			if v, ok := s.probCut(depth, probBeta, static, ply, cutNode, ttMove); ok {
				s.tt.store(key, rules.NoMove, toTT(v, ply), raw, depth-3, boundLower, ttPv)
				return v
			}
			if s.stopped {
				return 0
			}
		}
	}

	// Without a move from the table, a node worth searching deeply is
	// searched a little less deeply first; the next visit has the move.
	if depth >= 4 && ttMove == rules.NoMove && excluded == rules.NoMove && (pvNode || cutNode) {
		depth--
	}

	// The table's move is tried before the others are generated: it
	// often refutes the line, and then they never are.
	var moves []rules.Move
	var scores []int32
	generated := false
	generate := func() {
		if excluded == rules.NoMove {
			moves = pos.LegalMoves(f.moves[:0])
			scores = f.scores[:len(moves)]
		} else {
			moves = pos.LegalMoves(f.moves2[:0])
			scores = f.scores2[:len(moves)]
		}
		s.scoreMoves(moves, scores, ttMove, ply)
		generated = true
	}
	if ttMove == rules.NoMove || !pos.IsLegal(ttMove) {
		ttMove = rules.NoMove
		if generate(); len(moves) == 0 {
			if inCheck {
				return -MateScore + Score(ply)
			}
			return drawScore
		}
	}

	origAlpha := alpha
	best, bestMove := -infinity, rules.NoMove
	var quiets, tactics [32]rules.Move
	nQuiets, nTactics := 0, 0
	moveCount := 0
	skipQuiets := false
	pieces := s.hasPieces(us)
	replies := s.contRows(ply)
	for i := 0; ; i++ {
		var m rules.Move
		var order int32
		if i == 0 && !generated {
			m, order = ttMove, orderTT
		} else {
			if !generated {
				generate()
				// The table's move comes first in the list, as if picked.
				j := slices.Index(moves, ttMove)
				moves[0], moves[j] = moves[j], moves[0]
				scores[0], scores[j] = scores[j], scores[0]
			}
			if i >= len(moves) {
				break
			}
			m, order = pickNext(moves, scores, i), scores[i]
		}
		if m == excluded {
			continue
		}
		quiet := !m.IsTactical()
		givesCheck := pos.GivesCheck(m)
		if quiet && skipQuiets && !givesCheck {
			continue
		}
		moveCount++
		pc := pos.PieceAt(m.From())
		to := m.To()

		// Pruning of moves that are unlikely to matter, once a move has
		// kept the side from being mated. Checks are kept: they may mate.
		if prune && best > -MateBound && pieces && !givesCheck {
			lmrDepth := max(depth-int(s.lmr[min(depth, 63)][min(moveCount, 63)]), 0)
			if quiet {
				// Late quiet moves at low depth.
				limit := (3 + depth*depth) / 2
				if improving {
					limit = 3 + depth*depth
				}
				if moveCount >= limit {
					skipQuiets = true
					continue
				}
				// Replies that failed often before.
				if lmrDepth < 4 && replies.score(pc, to) < -s.prm.ContPrune*int32(depth) {
					continue
				}
				// Futility: even a good quiet move will not reach alpha.
				if !inCheck && lmrDepth < 8 && static+Score(s.prm.FutBase)+Score(s.prm.FutMul)*Score(lmrDepth) <= alpha {
					continue
				}
				// Moves that put a piece where it is lost for nothing.
				if !s.seeAtLeast(m, -s.prm.SEEQuiet*int32(lmrDepth*lmrDepth)) {
					continue
				}
			} else if depth <= 8 && order < orderGoodTactic && !s.seeAtLeast(m, -s.prm.SEECapture*int32(depth)) {
				// Captures that lose much material by exchange.
				continue
			}
		}

		// Singular extension: the table's move, much better than every
		// other, is searched one ply deeper.
		ext := 0
		if m == ttMove && excluded == rules.NoMove && depth >= 8 && ply < 2*s.rootDepth &&
			entry.bound&boundLower != 0 && int(entry.depth) >= depth-3 && !ttScore.IsMate() {
			sBeta := ttScore - Score(s.prm.SingularMul)*Score(depth)/8
			f.excluded = m
			v := s.search((depth-1)/2, sBeta-1, sBeta, ply, inCheck, cutNode)
			f.excluded = rules.NoMove
			if s.stopped {
				return 0
			}
			switch {
			case v < sBeta:
				ext = 1
				// Far better than every other: two plies, a few times
				// on a line at most.
				if !pvNode && v < sBeta-Score(s.prm.DoubleExt) && f.doubleExt < 6 {
					ext = 2
				}
			case sBeta >= beta:
				return sBeta // several moves beat beta: this node fails high
			case ttScore >= beta:
				// Not singular, and another move likely beats beta
				// too: the table's move needs less depth.
				ext = -1
			}
		}

		// A check is searched a ply deeper unless it gives material away.
		if givesCheck && ext == 0 && s.seeAtLeast(m, 0) {
			ext = 1
		}
		s.played(f, m, pc)
		f.moveCount = moveCount
		pos.Make(m)
		s.tt.prefetch(pos.Key())
		check := givesCheck
		s.frames[ply+1].doubleExt = f.doubleExt + boolInt(ext == 2)
		d := depth - 1 + ext
		var v Score
		if moveCount == 1 {
			v = -s.search(d, -beta, -alpha, ply+1, check, !pvNode && !cutNode)
		} else {
			r := 0
			if depth >= 3 && moveCount > 1+boolInt(pvNode) {
				r = int(s.lmr[min(depth, 63)][min(moveCount, 63)])
				if quiet {
					hist := 2*int32(s.history[us][m.From()][to]) + replies.score(pc, to)
					r -= int(hist / s.prm.LMRHistDiv)
					if m == f.killers[0] || m == f.killers[1] {
						r--
					}
				} else {
					r /= 2
					if order >= orderGoodTactic {
						r--
					}
				}
				if ttPv {
					r--
				}
				// Where a fail-high is expected, the late moves matter
				// least: two plies (+11 Elo over 940 chess games at
				// 60,000 nodes a move against one).
				if cutNode {
					r += 2
				}
				if !improving {
					r++
				}
				if check {
					r--
				}
				r = max(0, min(r, d-1))
			}
			v = -s.search(d-r, -alpha-1, -alpha, ply+1, check, true)
			if v > alpha && r > 0 {
				// A reduced move that beat alpha is searched again a
				// ply deeper than planned where it beat the best score
				// so far by far, a ply shallower where only barely (+11
				// Elo over 1,000 chess games at 60,000 nodes a move).
				full := d
				if v > best+Score(43+2*d) {
					full++
				} else if v < best+Score(d) {
					full--
				}
				if full > d-r {
					v = -s.search(full, -alpha-1, -alpha, ply+1, check, !cutNode)
				}
			}
			if pvNode && v > alpha && v < beta {
				v = -s.search(d, -beta, -alpha, ply+1, check, false)
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
				if pvNode {
					s.setPV(ply, m)
				}
				if v >= beta {
					if quiet {
						s.rewardQuiet(ply, m, depth, quiets[:nQuiets])
					}
					s.rewardCapture(m, depth, tactics[:nTactics])
					// The opponent's early quiet move is refuted: it is
					// a worse reply than it looked (+11 Elo over 1,000
					// chess games at 60,000 nodes a move).
					s.penalizeRefutedQuiet(ply, depth)
					break
				}
			}
		}
		if quiet && nQuiets < len(quiets) {
			quiets[nQuiets] = m
			nQuiets++
		} else if !quiet && nTactics < len(tactics) {
			tactics[nTactics] = m
			nTactics++
		}
	}
	if moveCount == 0 {
		// Only the excluded move, or every move pruned.
		if excluded != rules.NoMove {
			return alpha
		}
		if best == -infinity {
			return alpha
		}
	}

	if excluded == rules.NoMove {
		bd := boundExact
		switch {
		case best >= beta:
			bd = boundLower
		case best <= origAlpha:
			bd = boundUpper
			bestMove = rules.NoMove
			// Every move failed low: the opponent's last move was a
			// good one (+13 Elo over 1,000 chess games at 60,000
			// nodes a move), by more for each sign that it mattered
			// (+10 over 1,000 more games against one reward at depth
			// >= 3 or a PV node).
			s.rewardPriorQuiet(ply, depth, pvNode || cutNode, best < origAlpha-Score(113*depth))
		}
		s.tt.store(key, bestMove, toTT(best, ply), raw, depth, bd, ttPv)
		// A quiet result that says the evaluation was off (a bound only
		// in the direction it bounds) teaches the correction history.
		if !inCheck && (bestMove == rules.NoMove || !bestMove.IsTactical()) && !best.IsMate() &&
			!(bd == boundLower && best <= static) && !(bd == boundUpper && best >= static) {
			s.learnCorrection(depth, static, best, ply)
		}
	}
	return best
}

// probCut tries the captures that win at least probBeta-static by
// exchange: first a quiescence search, then a search four plies shallower,
// each with a null window at probBeta. It reports the first that holds.
func (s *searcher) probCut(depth int, probBeta, static Score, ply int, cutNode bool, ttMove rules.Move) (Score, bool) {
	pos := s.pos
	f := &s.frames[ply]
	moves := pos.LegalCaptures(f.moves[:0])
	scores := f.scores[:len(moves)]
	s.scoreMoves(moves, scores, ttMove, ply)
	for i := range moves {
		m := pickNext(moves, scores, i)
		if scores[i] < orderGoodTactic && m != ttMove || !s.seeAtLeast(m, int32(probBeta-static)) {
			continue
		}
		check := pos.GivesCheck(m)
		s.played(f, m, pos.PieceAt(m.From()))
		pos.Make(m)
		s.tt.prefetch(pos.Key())
		v := -s.qsearch(-probBeta, -probBeta+1, ply+1, check)
		if v >= probBeta {
			v = -s.search(depth-4, -probBeta, -probBeta+1, ply+1, check, !cutNode)
		}
		pos.Unmake()
		if s.stopped {
			return 0, false
		}
		if v >= probBeta {
			return v, true
		}
	}
	return 0, false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isDraw applies the draw rules inside the search: a repeated position
// (once is enough: repeating is no progress), the fifty-move rule and the
// counting rule (unless the side to move is mated right now), and material
// that cannot mate.
func (s *searcher) isDraw(inCheck bool) bool {
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
	return !inCheck || pos.HasLegalMove()
}

// hasPieces reports whether c has anything besides king and pawns.
func (s *searcher) hasPieces(c rules.Color) bool {
	pos := s.pos
	return pos.ColorPieces(c)&^(pos.Pieces(c, rules.Pawn)|pos.Pieces(c, rules.King)) != 0
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
		return s.evaluate()
	}
	pvNode := beta-alpha > 1
	key := pos.Key()
	entry, hit := s.tt.probe(key)
	ttPv := pvNode || hit && entry.pv
	ttMove, ttScore := rules.NoMove, -infinity
	if hit {
		ttMove = entry.move
		ttScore = fromTT(Score(entry.score), ply)
		if !pvNode && entry.settles(ttScore, alpha, beta) {
			return ttScore
		}
	}

	best := -MateScore + Score(ply)
	static := -infinity
	raw := -infinity
	if !inCheck {
		if hit {
			raw = Score(entry.eval)
		} else {
			raw = s.evaluate()
		}
		static = s.corrected(raw, ply)
		// Standing pat is worth the table's score where its bound says
		// the evaluation is too pessimistic or optimistic (+16 Elo over
		// 686 chess games at 60,000 nodes a move).
		stand := static
		if hit && !ttScore.IsMate() && (entry.bound&boundLower != 0 && ttScore > static || entry.bound&boundUpper != 0 && ttScore < static) {
			stand = ttScore
		}
		if stand >= beta {
			if !hit {
				s.tt.store(key, rules.NoMove, toTT(stand, ply), raw, 0, boundLower, ttPv)
			}
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
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
		if !pos.HasLegalMove() {
			return drawScore
		}
	}
	if !inCheck && ttMove != rules.NoMove && !ttMove.IsTactical() {
		ttMove = rules.NoMove
	}
	scores := f.scores[:len(moves)]
	s.scoreMoves(moves, scores, ttMove, ply)

	origAlpha := alpha
	bestMove := rules.NoMove
	for i := range moves {
		m := pickNext(moves, scores, i)
		if !inCheck && m.Promotion() == rules.NoPieceType {
			// Delta pruning: even winning the piece cannot reach alpha.
			if static+s.victimValue(m)+Score(s.prm.QSDelta) <= alpha {
				continue
			}
			// Captures that lose material in the exchange are left out.
			if scores[i] < orderGoodTactic && m != ttMove {
				continue
			}
		}
		s.played(f, m, pos.PieceAt(m.From()))
		pos.Make(m)
		s.tt.prefetch(pos.Key())
		v := -s.qsearch(-beta, -alpha, ply+1, pos.InCheck())
		pos.Unmake()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if pvNode {
					s.setPV(ply, m)
				}
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
	s.tt.store(key, bestMove, toTT(best, ply), raw, 0, bd, ttPv)
	return best
}
