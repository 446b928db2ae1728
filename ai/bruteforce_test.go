package ai

import "varia/rules"

// Plain minimax over legal moves, independent of the engine's search, to
// check the premises of the test positions.

func isMated(p *rules.Position) bool { return p.InCheck() && len(p.Legal()) == 0 }

// matesInOne lists the moves that checkmate at once.
func matesInOne(p *rules.Position) []rules.Move {
	var out []rules.Move
	for _, m := range p.Legal() {
		p.Make(m)
		if isMated(p) {
			out = append(out, m)
		}
		p.Unmake()
	}
	return out
}

// forcesMate reports whether the side to move can force mate within n of
// its own moves.
func forcesMate(p *rules.Position, n int) bool {
	if n <= 0 {
		return false
	}
	for _, m := range p.Legal() {
		p.Make(m)
		ok := defenderLoses(p, n)
		p.Unmake()
		if ok {
			return true
		}
	}
	return false
}

// defenderLoses reports whether the side to move is mated now or, whatever
// it plays, is mated within n-1 further moves of the attacker.
func defenderLoses(p *rules.Position, n int) bool {
	moves := p.Legal()
	if len(moves) == 0 {
		return p.InCheck()
	}
	for _, r := range moves {
		p.Make(r)
		ok := forcesMate(p, n-1)
		p.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// matingMoves lists the moves that force mate within n moves.
func matingMoves(p *rules.Position, n int) []rules.Move {
	var out []rules.Move
	for _, m := range p.Legal() {
		p.Make(m)
		if defenderLoses(p, n) {
			out = append(out, m)
		}
		p.Unmake()
	}
	return out
}
