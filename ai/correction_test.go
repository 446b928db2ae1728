package ai

import (
	"context"
	"testing"

	"varia/rules"
)

// The correction learns the search's verdict against the static
// evaluation for the position's pawns and side to move, up to its bound.
func TestCorrectionLearnsWithinItsBound(t *testing.T) {
	s := &searcher{pos: rules.NewPosition(rules.Standard), correct: true}
	if got := s.corrected(10, 0); got != 10 {
		t.Fatalf("fresh corrected(10) = %d, want 10", got)
	}
	for range 300 {
		s.learnCorrection(10, 0, 500, 0) // the search keeps finding +5
	}
	if got := s.corrected(0, 0); got != corrMax/corrGrain {
		t.Errorf("after +500 verdicts corrected(0) = %d, want the bound %d", got, corrMax/corrGrain)
	}
	if got := s.corrected(MateBound-5, 0); got >= MateBound {
		t.Errorf("corrected near a mate score = %d, a mate", got)
	}
	// Other pawns, other side: nothing learnt there.
	e4, err := s.pos.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	s.pos.Make(e4)
	if got := s.corrected(0, 0); got != 0 {
		t.Errorf("after e4 corrected(0) = %d, want 0", got)
	}
	s.pos.Unmake()
	for range 300 {
		s.learnCorrection(10, 0, -30, 0)
	}
	if got := s.corrected(0, 0); got < -31 || got > -25 {
		t.Errorf("after -30 verdicts corrected(0) = %d, want about -30", got)
	}
	s.correct = false
	if got := s.corrected(0, 0); got != 0 {
		t.Errorf("switched off, corrected(0) = %d, want 0", got)
	}
}

// The rated levels search without the correction; full strength with it.
func TestCorrectionOnlyAtFullStrength(t *testing.T) {
	e := NewEngine(1)
	pos := rules.NewPosition(rules.Standard)
	e.Search(context.Background(), pos, Limits{Elo: 1400})
	if e.searchers[0].correct {
		t.Error("a rated level searched with the correction")
	}
	e.Search(context.Background(), pos, Limits{Nodes: 2000})
	if !e.searchers[0].correct {
		t.Error("full strength searched without the correction")
	}
}

// Every pawn counts in the indices of the pawn table and the correction
// history: taking any one pawn of either side away from the starting
// position moves both indices.
func TestPawnKeyIndexSeesEveryPawn(t *testing.T) {
	pos := rules.NewPosition(rules.Standard)
	pawns := [2]rules.Bitboard{pos.Pieces(rules.White, rules.Pawn), pos.Pieces(rules.Black, rules.Pawn)}
	k := pawnKey(pawns)
	for c := range pawns {
		for b := pawns[c]; b != 0; {
			sq := b.PopFirst()
			less := pawns
			less[c] &^= sq.Bit()
			kl := pawnKey(less)
			for _, mask := range []uint64{corrSize - 1, uint64(len(pawnTable{})) - 1} {
				if kl&mask == k&mask {
					t.Errorf("without the pawn on %v the index (mask %#x) is the same", sq, mask)
				}
			}
		}
	}
}

// The second correction is keyed by the two moves that led to the
// position: the same pawns reached by other moves get only the first.
func TestCorrectionByTheLastTwoMoves(t *testing.T) {
	s := &searcher{pos: rules.NewPosition(rules.Standard), correct: true}
	back := func() { s.pos.Unmake(); s.pos.Unmake() }
	playLine(t, s, "g1f3", "g8f6")
	for range 300 {
		s.learnCorrection(10, 0, -30, 2)
	}
	if got := s.corrected(0, 2); got < -47 || got > -40 {
		t.Errorf("after Nf3 Nf6, corrected(0) = %d, want about -45 (both entries)", got)
	}
	back()
	playLine(t, s, "b1c3", "b8c6")
	if got := s.corrected(0, 2); got < -31 || got > -25 {
		t.Errorf("after Nc3 Nc6, corrected(0) = %d, want about -30 (the pawns' entry only)", got)
	}
	back()
	playLine(t, s, "g1f3", "g8f6")
	s.frames[1].move = rules.NoMove // as if the second move were a null move
	if _, cont := s.corrEntries(2); cont != nil {
		t.Error("after a null move the moves' entry is used")
	}
	if _, cont := s.corrEntries(1); cont != nil {
		t.Error("at ply 1 the moves' entry is used")
	}
}
