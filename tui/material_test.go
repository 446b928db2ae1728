package tui

import (
	"strings"
	"testing"

	"varia/ai"
	"varia/rules"
	"varia/tui/config"
)

func TestMaterialLead(t *testing.T) {
	tests := []struct {
		v     *rules.Variant
		fen   string
		ahead rules.Color
		by    int
	}{
		{rules.Standard, "", rules.White, 0},
		{rules.Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", rules.White, 9},    // a queen
		{rules.Standard, "3rk3/8/8/8/8/8/8/1N2K3 w - - 0 1", rules.Black, 2},  // rook v knight
		{rules.Standard, "4k3/pp6/8/8/8/8/8/2B1K3 w - - 0 1", rules.White, 1}, // bishop v two pawns
		{rules.ASEAN, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", rules.White, 2},       // ASEAN's Ferz is no queen
		{rules.Standard, "4k3/8/8/8/8/8/8/2BNK3 w - - 0 1", rules.White, 7},   // promoted material counts as it stands
	}
	for _, tc := range tests {
		pos := rules.NewPosition(tc.v)
		if tc.fen != "" {
			var err error
			if pos, err = rules.ParseFEN(tc.v, tc.fen); err != nil {
				t.Fatal(err)
			}
		}
		ahead, by := materialLead(pos, ai.PieceValues(tc.v))
		if by != tc.by || by > 0 && ahead != tc.ahead {
			t.Errorf("%s %q: %v +%d, want %v +%d", tc.v.ID, tc.fen, ahead, by, tc.ahead, tc.by)
		}
	}
}

// The panel shows the lead beside the captured pieces of the side ahead.
func TestMaterialShown(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	for _, m := range []string{"e4", "d5", "exd5"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	if v := g.View(); !strings.Contains(v, "White took ♟ +1") {
		t.Errorf("a pawn up should show +1:\n%s", v)
	}
	for _, m := range []string{"Qxd5"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	if v := g.View(); !strings.Contains(v, "White took ♟; Black took ♙") || strings.Contains(v, "+") {
		t.Errorf("level again: no lead:\n%s", v)
	}
}
