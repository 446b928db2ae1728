package match

import (
	"strings"
	"testing"

	"varia/rules"
)

// A position set up in every variant: the start position reads back as
// itself; pieces put and taken away, the side and castling rights
// chosen; the rules' errors say what is wrong.
func TestSetup(t *testing.T) {
	for _, v := range rules.Variants() {
		s := NewSetup(v, "")
		start := rules.NewPosition(v)
		if g, err := s.Check(); err != nil || g.Position().Key() != start.Key() {
			t.Errorf("%s: the start position set up: %v (%s)", v.ID, err, s.FEN())
		}
	}
	s := NewSetup(rules.Standard, "")
	s.Clear()
	if _, err := s.Check(); err == nil || !strings.Contains(err.Error(), "king") {
		t.Errorf("an empty board: %v", err)
	}
	e1, e8, a1, h1, d7 := sqr(t, "e1"), sqr(t, "e8"), sqr(t, "a1"), sqr(t, "h1"), sqr(t, "d7")
	s.Put(e1, rules.MakePiece(rules.White, rules.King))
	s.Put(e8, rules.MakePiece(rules.Black, rules.King))
	s.Put(h1, rules.MakePiece(rules.White, rules.Rook))
	if _, err := s.Check(); err == nil || !strings.Contains(err.Error(), "castling") {
		t.Errorf("castling rights kept without the rooks: %v (%s)", err, s.FEN())
	}
	letters, _ := s.Castling()
	if string(letters) != "KQkq" {
		t.Fatalf("chess's castling letters: %q", letters)
	}
	for _, l := range []byte("Qkq") {
		s.ToggleCastling(l)
	}
	g, err := s.Check()
	if err != nil || s.FEN() != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Fatalf("king and rook with O-O: %v, %s", err, s.FEN())
	}
	if _, err := g.Position().ParseMove("O-O"); err != nil {
		t.Errorf("O-O should be legal: %v", err)
	}
	s.SetSideToMove(rules.Black)
	s.Put(d7, rules.MakePiece(rules.White, rules.Queen)) // Black in check, to move: fine
	if _, err := s.Check(); err != nil {
		t.Errorf("Black to move in check: %v", err)
	}
	s.SetSideToMove(rules.White) // White to move with Black in check: refused
	if _, err := s.Check(); err == nil || !strings.Contains(err.Error(), "not to move") {
		t.Errorf("the side not to move in check: %v", err)
	}
	s.Put(d7, rules.NoPiece)
	s.Put(a1, rules.MakePiece(rules.White, rules.Pawn))
	if _, err := s.Check(); err == nil || !strings.Contains(err.Error(), "pawn") {
		t.Errorf("a pawn on the first rank: %v", err)
	}
	// A position where the game would be over at once.
	m := NewSetup(rules.Standard, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if _, err := m.Check(); err == nil || !strings.Contains(err.Error(), "stalemate") {
		t.Errorf("stalemate set up: %v", err)
	}
	m.Reset()
	if _, err := m.Check(); err != nil || m.FEN() != rules.Standard.StartFEN {
		t.Errorf("reset: %v, %s", err, m.FEN())
	}
	// Asha keeps its pawns' double steps where they stand on their start.
	a := NewSetup(rules.Asha, "")
	if g, err := a.Check(); err != nil || g.Position().FEN() != rules.NewPosition(rules.Asha).FEN() {
		t.Errorf("Asha's start set up: %v", err)
	}
}
