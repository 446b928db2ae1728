package tui

import (
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
)

// midGame is a screen after 19 moves of a real game, a knight selected.
func midGame(b *testing.B, view config.ViewChoice, profile termenv.Profile) *gameScreen {
	ctx := testContextProfile(false, profile)
	g, err := testGameScreen(b, ctx, GameOptions{Variant: rules.Standard, View: view})
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 " +
		"c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6") {
		mv, err := g.game().Position().ParseMove(m)
		if err != nil {
			b.Fatal(err)
		}
		fx, err := g.match.Play(g.game().Position().SideToMove(), mv)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range fx {
			if w, ok := e.(match.AwaitSave); ok {
				g.match.Handle(match.Saved{Match: w.Match, Kind: w.Kind, Version: w.Version, Result: <-w.Done})
			}
		}
	}
	g.follow()
	g.msg = message{} // the frame as it was measured before: no message
	g.board.cursor = g.game().Position().King(rules.Black)
	g.board.selected = sq(b, "d7")
	return g
}

// BenchmarkView draws a whole mid-game frame at 100×32 in colour.
func BenchmarkView(b *testing.B) {
	for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
		b.Run(view.String(), func(b *testing.B) {
			g := midGame(b, view, termenv.TrueColor)
			b.ReportAllocs()
			for b.Loop() {
				_ = g.View()
			}
		})
	}
}

// BenchmarkRenderBoard draws only the board, at every size.
func BenchmarkRenderBoard(b *testing.B) {
	g := midGame(b, config.ViewSquare, termenv.TrueColor)
	hl := g.board.highlights(g.game().Position(), g.legal)
	for _, v := range []board.View{board.SquareView, board.DiamondView} {
		for size := 0; size < board.NumSizes(v); size++ {
			l := board.NewLayout(v, size, false)
			b.Run(v.String()+"/"+string(rune('0'+size)), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = board.Render(g.game().Position(), &hl, l, g.ctx.Styles)
				}
			})
		}
	}
}
