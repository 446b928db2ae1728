package rules

// Perft counts the leaf nodes of the legal move tree to the given depth,
// counting the last ply in bulk (the number of legal moves) rather than
// playing it. It is the standard test of a move generator.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, MaxMoves)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]Move) uint64 {
	moves := p.LegalMoves(bufs[depth-1])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += p.perft(depth-1, bufs)
		p.Unmake()
	}
	return n
}

// DivideEntry is one root move and the leaves below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide runs perft below each legal move, for comparing generators move by
// move. Entries are in generation order.
func (p *Position) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	for _, m := range p.Legal() {
		p.Make(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.Unmake()
	}
	return out
}
