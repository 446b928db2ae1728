package ai

import (
	"testing"

	"varia/rules"
)

// A castle loses nothing by exchange, even where it is stored as the king
// taking its own rook (Chess960) and the enemy attacks the rook's square:
// the king lands on a square nobody attacks, or the castle would not be
// legal.
func TestCastlesAreNeverLosingExchanges(t *testing.T) {
	v, err := rules.VariantByID("chess960")
	if err != nil {
		t.Fatal(err)
	}
	// Black's bishop on d5 attacks h1, where White's rook stands.
	p := mustFEN(t, v, "rnbqk1nr/pppp1ppp/8/3b4/8/8/PPPPPP1P/RNBQK2R w KQkq - 0 1")
	s := &searcher{pos: p, ev: newEvaluator(v)}
	castles := 0
	for _, m := range p.LegalMoves(nil) {
		if m.Kind() != rules.Castling {
			continue
		}
		castles++
		if got := s.see(m); got != 0 {
			t.Errorf("%s: exchange %d, want 0", p.SAN(m), got)
		}
		if !s.seeAtLeast(m, 0) {
			t.Errorf("%s is taken for a losing exchange", p.SAN(m))
		}
	}
	if castles != 1 {
		t.Fatalf("%d castles in %s, want 1", castles, p.FEN())
	}
}
