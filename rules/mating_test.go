package rules

import "testing"

// White's material decides. Black keeps a rook, so the game goes on and
// a flag fall is what ends it.
func TestCanMate(t *testing.T) {
	tests := []struct {
		v    *Variant
		name string
		fen  string
		want bool
	}{
		{Standard, "lone king", "7k/7r/8/8/8/8/8/K7 w - - 0 1", false},
		{Standard, "knight", "7k/7r/8/8/8/8/8/KN6 w - - 0 1", false},
		{Standard, "bishop", "7k/7r/8/8/8/8/8/K1B5 w - - 0 1", false},
		{Standard, "bishops on dark squares", "7k/7r/8/8/8/4B3/8/K1B5 w - - 0 1", false},
		{Standard, "bishops on both colours", "7k/7r/8/8/8/8/8/K1B2B2 w - - 0 1", true},
		{Standard, "two knights", "7k/7r/8/8/8/8/8/KNN5 w - - 0 1", true},
		{Standard, "knight and bishop", "7k/7r/8/8/8/8/8/KNB5 w - - 0 1", true},
		{Standard, "rook", "7k/7r/8/8/8/8/8/K2R4 w - - 0 1", true},
		{Standard, "pawn", "7k/7r/8/8/8/8/P7/K7 w - - 0 1", true},
		{Asha, "knight", "7k/7r/8/8/8/8/8/KN6 w - - 0 1", false},
		{Asha, "bishop", "7k/7r/8/8/8/8/8/K1B5 w - - 0 1", false},
		// Asha's bishops change colour by stepping.
		{Asha, "bishops on dark squares", "7k/7r/8/8/8/4B3/8/K1B5 w - - 0 1", true},
		{Asha, "queen", "7k/7r/8/8/8/8/8/K2Q4 w - - 0 1", true},
		{Edgy, "knight", "7k/7r/8/8/8/8/8/KN6 w - - 0 1", false},
		{Edgy, "bishops on dark squares", "7k/7r/8/8/8/4B3/8/K1B5 w - - 0 1", false},
		{Edgy, "rook", "7k/7r/8/8/8/8/8/K2R4 w - - 0 1", true},
		{DiagonalChess, "bishop", "7k/7r/8/8/8/8/8/K1B5 w - - 0 1", false},
		{DiagonalChess, "bishops on light squares", "7k/7r/8/8/8/8/8/K2BB3 w - - 0 1", true},
		{DiagonalChess, "bishops on light squares", "7k/7r/8/8/8/3B4/8/K4B2 w - - 0 1", false},
		{Diagonal8, "knight", "7k/7r/8/8/8/8/8/KN6 w - - 0 1", false},
		{Diagonal8, "two knights", "7k/7r/8/8/8/8/8/KNN5 w - - 0 1", true},
		{Asymmetrical, "lone king", "7k/7r/8/8/8/8/8/K7 w - - 0 1", false},
		{Asymmetrical, "bishops on dark squares", "7k/7r/8/8/8/4B3/8/K1B5 w - - 0 1", false},
		{Asymmetrical, "pawn", "7k/7r/8/8/8/P7/8/K7 w - - 0 1", true},
		// ASEAN's Ferz (Q) alone cannot mate; two can.
		{ASEAN, "ferz", "7k/7r/8/8/8/8/8/K2Q4 w - - 0 1", false},
		{ASEAN, "bishop", "7k/7r/8/8/8/8/8/K1B5 w - - 0 1", false},
		{ASEAN, "knight", "7k/7r/8/8/8/8/8/KN6 w - - 0 1", false},
		{ASEAN, "two ferzes", "7k/7r/8/8/8/8/8/K2QQ3 w - - 0 1", true},
		{ASEAN, "rook", "7k/7r/8/8/8/8/8/K2R4 w - - 0 1", true},
		{ASEAN, "pawn", "7k/7r/8/8/8/8/P7/K7 w - - 0 1", true},
	}
	for _, tc := range tests {
		t.Run(tc.v.ID+"/"+tc.name, func(t *testing.T) {
			g := mustGame(t, tc.v, tc.fen)
			if got := g.Position().CanMate(White); got != tc.want {
				t.Errorf("CanMate(White) = %v, want %v", got, tc.want)
			}
			if !g.Position().CanMate(Black) {
				t.Error("Black's king and rook cannot mate")
			}
			// Black's flag falls: White wins only with mating material.
			want := Result{Drawn, TimeForfeit}
			if tc.want {
				want = Result{WhiteWins, TimeForfeit}
			}
			if err := g.LoseOnTime(Black); err != nil || g.Result() != want {
				t.Errorf("Black loses on time: %v, %v; want %v", err, g.Result(), want)
			}
		})
	}
}
