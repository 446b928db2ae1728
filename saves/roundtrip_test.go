package saves

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"varia/rules"
)

// randomGame plays up to plies seeded random legal moves from v's start.
// end chooses how a game still going afterwards ends: 0 leaves it, 1-5
// have the players end it (resignation by either side, agreement, a loss
// on time, a draw claim when one is open).
func randomGame(v *rules.Variant, seed uint64, plies, end int) *rules.Game {
	rng := rand.New(rand.NewPCG(seed, 0xa5a5))
	g := rules.NewGame(v)
	for i := 0; i < plies; i++ {
		legal := g.Legal()
		if len(legal) == 0 {
			break
		}
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			panic(err)
		}
	}
	if g.Result().Over() {
		return g
	}
	switch end {
	case 1:
		g.Resign(rules.White)
	case 2:
		g.Resign(rules.Black)
	case 3:
		g.AgreeDraw()
	case 4:
		g.LoseOnTime(g.Position().SideToMove())
	case 5:
		if c := g.Claimable(); len(c) > 0 {
			g.ClaimDraw(c[len(c)-1])
		}
	}
	return g
}

// TestRoundTrip: seeded random games of every variant, some from a
// position reached mid-game, some ended by the players, some with
// clocks, written and read back give the same moves, tags, result and
// final FEN.
func TestRoundTrip(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 8
	}
	for _, v := range rules.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			var file bytes.Buffer
			var want []*SavedGame
			for seed := uint64(1); seed <= uint64(games); seed++ {
				g := randomGame(v, seed, int(20+seed*13%400), int(seed%6))
				if seed%4 == 0 {
					// Start a new game from the position reached.
					g2, err := rules.NewGameFromFEN(v, g.Position().FEN())
					if err != nil {
						t.Fatal(err)
					}
					if !g.Result().Over() {
						for _, m := range g2.Legal()[:1] {
							g2.Play(m)
						}
					}
					g = g2
				}
				sg := &SavedGame{Game: g, Tags: NewTags(fmt.Sprintf("White %d", seed), "Black \"B\"", testDate)}
				sg.Tags.Set("Extra", fmt.Sprintf("seed %d", seed))
				if seed%3 == 0 {
					sg.Tags.Set("TimeControl", "300+2")
					for i := range g.History() {
						sg.Clocks = append(sg.Clocks, time.Duration(600-i%600)*time.Second+time.Duration(i%10)*100*time.Millisecond)
					}
				}
				if err := sg.Write(&file); err != nil {
					t.Fatal(err)
				}
				want = append(want, sg)
			}
			got, err := Read(bytes.NewReader(file.Bytes()), v.ID+".pgn")
			if err != nil {
				t.Fatalf("%v\n%s", err, file.String())
			}
			if len(got) != len(want) {
				t.Fatalf("read %d games, wrote %d", len(got), len(want))
			}
			for i, w := range want {
				compareGames(t, fmt.Sprintf("game %d", i+1), got[i], w)
			}
		})
	}
}

func compareGames(t *testing.T, name string, got, want *SavedGame) {
	t.Helper()
	gh, wh := got.Game.History(), want.Game.History()
	if len(gh) != len(wh) {
		t.Fatalf("%s: %d moves read back, %d written", name, len(gh), len(wh))
	}
	for j := range wh {
		if gh[j] != wh[j] {
			t.Fatalf("%s: move %d reads back as %+v, written %+v", name, j+1, gh[j], wh[j])
		}
	}
	if g, w := got.Game.Position().FEN(), want.Game.Position().FEN(); g != w {
		t.Errorf("%s: final FEN %s, want %s", name, g, w)
	}
	if g, w := got.Game.StartFEN(), want.Game.StartFEN(); g != w {
		t.Errorf("%s: start FEN %s, want %s", name, g, w)
	}
	if g, w := got.Game.Result(), want.Game.Result(); g != w {
		t.Errorf("%s: result %v, want %v", name, g, w)
	}
	if g, w := got.Tags, Header(want.Game, want.Tags); !equalTags(g, w) {
		t.Errorf("%s: tags\n got %q\nwant %q", name, g, w)
	}
	if len(got.Clocks) != len(want.Clocks) {
		t.Errorf("%s: %d clocks, want %d", name, len(got.Clocks), len(want.Clocks))
	}
	for j := range want.Clocks {
		if j < len(got.Clocks) && got.Clocks[j] != want.Clocks[j] {
			t.Errorf("%s: clock %d is %v, want %v", name, j, got.Clocks[j], want.Clocks[j])
		}
	}
	if g, w := got.Comment, writtenComment(want.Comment); g != w {
		t.Errorf("%s: comment %.200q, want %.200q", name, g, w)
	}
	for j := range wh {
		g, w := noteText(got.NoteAt(j)), noteText(want.NoteAt(j))
		if g != w {
			t.Errorf("%s: note of move %d reads back as\n%s\nwritten\n%s", name, j+1, g, w)
		}
	}
}

// writtenComment is a comment as it reads back: a '}' in it is written as
// ')'.
func writtenComment(s string) string { return cleanComment(strings.ReplaceAll(s, "}", ")")) }

// shorten keeps the start and end of a long text, and its length.
func shorten(s string) string {
	if len(s) <= 200 {
		return s
	}
	return fmt.Sprintf("%s … (%d bytes) … %s", s[:100], len(s), s[len(s)-100:])
}

// noteText shows a note and its variations, nested, for comparing.
func noteText(n *Note) string {
	if n == nil {
		return "-"
	}
	var b strings.Builder
	var write func(n *Note, depth int)
	write = func(n *Note, depth int) {
		fmt.Fprintf(&b, "before %q nags %v comment %q\n", shorten(writtenComment(n.Before)), n.NAGs, shorten(writtenComment(n.Comment)))
		for _, v := range n.Variations {
			fmt.Fprintf(&b, "%s(\n", strings.Repeat("  ", depth))
			for _, m := range v {
				fmt.Fprintf(&b, "%s%d %s %s ", strings.Repeat("  ", depth+1), m.Ply, m.SAN, m.Move.UCI())
				write(&m.Note, depth+1)
			}
			fmt.Fprintf(&b, "%s)\n", strings.Repeat("  ", depth))
		}
	}
	write(n, 0)
	return b.String()
}

// TestRoundTripResults: every way a game can end survives a round trip.
func TestRoundTripResults(t *testing.T) {
	seen := map[rules.Reason]bool{}
	for _, v := range rules.Variants() {
		for seed := uint64(1); seed <= 40; seed++ {
			g := randomGame(v, seed, 400, int(seed%6))
			var buf bytes.Buffer
			if err := Write(&buf, g, nil); err != nil {
				t.Fatal(err)
			}
			got := readString(t, buf.String())[0]
			compareGames(t, fmt.Sprintf("%s seed %d", v.ID, seed), got, &SavedGame{Game: g})
			seen[g.Result().Reason] = true
		}
	}
	// A threefold claim made by hand, since random games seldom offer one.
	g := rules.NewGame(rules.Asha)
	playAll(t, g, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
	if err := g.ClaimDraw(rules.ThreefoldRepetition); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	Write(&buf, g, nil)
	compareGames(t, "threefold", readString(t, buf.String())[0], &SavedGame{Game: g})
	seen[rules.ThreefoldRepetition] = true

	for _, r := range []rules.Reason{rules.NoReason, rules.Checkmate, rules.Stalemate, rules.InsufficientMaterial,
		rules.Resignation, rules.Agreement, rules.TimeForfeit, rules.ThreefoldRepetition} {
		if !seen[r] {
			t.Errorf("no round trip ended by %q", r)
		}
	}
}
