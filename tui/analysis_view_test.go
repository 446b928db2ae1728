package tui

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"varia/ai"
	"varia/ai/review"
	"varia/rules"
	"varia/saves"
	"varia/tui/analysis"
	"varia/tui/match"
	"varia/tui/words"
)

func replayOf(t *testing.T, ctx *Context, file string) *replayScreen {
	t.Helper()
	games, err := saves.ReadFile(file)
	if err != nil || len(games) != 1 {
		t.Fatalf("%s: %v", file, err)
	}
	return newReplayScreen(ctx, games[0])
}

// fakeLines gives the analysis of the position shown three lines as a
// search's reports would, without searching, so a screen is drawn the
// same on every run (and whatever the engine's evaluation becomes): the
// first legal moves, scored from +0.35 down for the side to move.
func fakeLines(t *testing.T, r *replayScreen, depth int) {
	t.Helper()
	b := r.an
	if !b.On {
		press(r, "a")
	}
	b.Stop() // the command press returned is never run
	pos := r.walk.Position()
	j := b.Show(pos)
	if j == nil {
		t.Fatal("no search to stand in for")
	}
	var lines []ai.Line
	for i, m := range pos.Legal() {
		if i == 3 {
			break
		}
		lines = append(lines, ai.Line{Score: ai.Score(35 - 20*i), PV: []rules.Move{m}})
	}
	b.Progress(j.Seq, ai.Progress{Depth: depth, Lines: lines})
	b.Done(j.Seq, ai.Result{Depth: depth, Lines: lines, Move: lines[0].PV[0], Score: lines[0].Score}, nil)
}

// TestAnalysisScreens: the replay viewer's analysis at each size, in the
// square and diamond views, without colour: the evaluation bar (White's
// share from the bottom, from the top when flipped), the best lines,
// the graph of a game analysed in its file, the marks in the move list,
// a side line with its comment, and the progress of a review.
func TestAnalysisScreens(t *testing.T) {
	needNarrowSymbols(t)
	isolate(t)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		w, h := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			shots := map[string]func(t *testing.T) string{
				"graph-square": func(t *testing.T) string {
					r := replayOf(t, sized(w, h), "testdata/replay/long-analysed.pgn")
					r.goTo(21)
					fakeLines(t, r, 14)
					return r.View()
				},
				"graph-diamond": func(t *testing.T) string {
					r := replayOf(t, sized(w, h), "testdata/replay/long-analysed.pgn")
					press(r, "v")
					r.goTo(9)
					fakeLines(t, r, 11)
					return r.View()
				},
				"flipped": func(t *testing.T) string {
					r := replayOf(t, sized(w, h), "testdata/replay/analysed.pgn")
					press(r, "f")
					r.goTo(10)
					fakeLines(t, r, 9)
					return r.View()
				},
				"side-line": func(t *testing.T) string {
					r := replayOf(t, sized(w, h), "testdata/replay/annotated.pgn")
					r.goTo(8)
					press(r, "enter", "right")
					return r.View()
				},
				"reviewing": func(t *testing.T) string {
					r := replayOf(t, sized(w, h), "testdata/replay/long.pgn")
					r.goTo(30)
					press(r, "A") // its search is never run: the evaluations below stand for it
					rv := r.an.Review
					for i := len(rv.Positions) - 1; i >= 40; i-- {
						rv.Set(i, review.Eval{Score: ai.Score(40 * (i % 5))})
					}
					return r.View()
				},
			}
			names := make([]string, 0, len(shots))
			for name := range shots {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				t.Run(name, func(t *testing.T) {
					v := shots[name](t)
					checkFrame(t, name, v, w, h)
					golden.RequireEqual(t, []byte(v))
				})
			}
		})
	}
}

// TestAnalysisColours: the marks of mistakes and the bar in colour (256
// colours), at 80×24.
func TestAnalysisColours(t *testing.T) {
	needNarrowSymbols(t)
	isolate(t)
	ctx := testContextProfile(false, termenv.ANSI256)
	ctx.Width, ctx.Height = 80, 24
	r := replayOf(t, ctx, "testdata/replay/long-analysed.pgn")
	r.goTo(21)
	fakeLines(t, r, 14)
	v := r.View()
	checkFrame(t, "colours", v, 80, 24)
	golden.RequireEqual(t, []byte(v))
}

// TestEvalBar: White's share of the rows, from White's side.
func TestEvalBar(t *testing.T) {
	st := testContext(false).Styles
	bar := func(score ai.Score, known, flip bool) string {
		return strings.Join(evalBar(st, score, known, 10, flip), "")
	}
	cases := []struct {
		score       ai.Score
		known, flip bool
		want        string
	}{
		{0, true, false, "░░░░░█████"},
		{150, true, false, "░░░░██████"},
		{-150, true, true, "████░░░░░░"},
		{-150, true, false, "░░░░░░████"},
		{ai.MateScore - 3, true, false, "██████████"},
		{-(ai.MateScore - 3), true, false, "░░░░░░░░░░"},
		{1, true, false, "░░░░░█████"},
		{0, false, false, "││││││││││"},
	}
	for _, c := range cases {
		if got := bar(c.score, c.known, c.flip); got != c.want {
			t.Errorf("bar(%v, known %v, flip %v) = %s, want %s", c.score, c.known, c.flip, got, c.want)
		}
	}
	ascii := testContext(true).Styles
	if got := strings.Join(evalBar(ascii, 150, true, 4, false), ""); got != ".###" {
		t.Errorf("letters: %s", got)
	}
}

// TestEvalGraph: each column is the winning chances after its position,
// an area from the bottom; the marks row holds the position shown and
// the mistakes; a long game shares columns.
func TestEvalGraph(t *testing.T) {
	st := testContext(false).Styles
	g := rules.NewGame(rules.Standard)
	for _, m := range []string{"e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	r := review.New(g)
	for i, s := range []ai.Score{20, 30, 25, -40, -40, -900, -880} {
		r.Set(i, review.Eval{Score: s})
	}
	got := strings.Join(evalGraph(st, r, 2, 20, 2), "\n")
	want := strings.Join([]string{
		"┈┈┈┈┈┈┈",
		"███▇▇▁▁",
		"  ▲  × ",
	}, "\n")
	if got != want {
		t.Errorf("graph:\n%s\nwant\n%s", got, want)
	}
	narrow := evalGraph(st, r, 0, 3, 2)
	if len(narrow) != 3 || words.Width(narrow[0]) != 3 || narrow[2] != "▲ ×" {
		t.Errorf("three columns for seven positions:\n%s", strings.Join(narrow, "\n"))
	}
}

// TestReplaySideLines: enter takes the side line given instead of the
// move shown, the panel says so and shows its comment, m comes back;
// comments and glyphs of the game's moves are shown as they are reached.
func TestReplaySideLines(t *testing.T) {
	r := replayOf(t, sized(100, 32), "testdata/replay/annotated.pgn")
	if v := r.View(); !strings.Contains(v, "An old trap, with its side lines.") {
		t.Errorf("the game's comment at the start:\n%s", v)
	}
	r.goTo(8)
	v := r.View()
	for _, want := range []string{"g6? Black should develop.", "Instead (enter):", "4... Nc6 5. h3 Bh5", "4... Nf6 5. d3", "g6?"} {
		if !strings.Contains(v, want) {
			t.Errorf("at 4... g6 the panel lacks %q:\n%s", want, v)
		}
	}
	press(r, "enter")
	if v := r.View(); !strings.Contains(v, "Side line 1 of 2 from 4... Nc6") || r.ply() != 8 || r.lineLen() != 10 {
		t.Errorf("in the side line (ply %d of %d):\n%s", r.ply(), r.lineLen(), v)
	}
	press(r, "right", "right")
	if v := r.View(); !strings.Contains(v, "Bh5=") || !strings.Contains(v, "after 5... Bh5") {
		t.Errorf("its glyph:\n%s", v)
	}
	press(r, "m")
	if r.walk.InSideLine() || r.ply() != 8 || r.lineLen() != 13 {
		t.Errorf("m should come back to 4... g6: ply %d of %d", r.ply(), r.lineLen())
	}
	press(r, "right", "right")
	if v := r.View(); !strings.Contains(v, "Bxd1?? Taking the queen loses at once.") {
		t.Errorf("5... Bxd1:\n%s", v)
	}
	press(r, "right")
	press(r, "enter")
	if !strings.Contains(r.message, "No side line here") {
		t.Errorf("enter without a side line: %q", r.message)
	}
}

// TestReplayMistakes: a game analysed in its file has its marks at once;
// n and N go from mistake to mistake; without an analysis they say how
// to get one.
func TestReplayMistakes(t *testing.T) {
	r := replayOf(t, sized(100, 32), "testdata/replay/long-analysed.pgn")
	if r.an.Review == nil || r.an.Reviewing {
		t.Fatal("the file's evaluations should make a review")
	}
	var plies []int
	for range 3 {
		press(r, "n")
		plies = append(plies, r.ply())
	}
	rv := r.an.Review
	for _, p := range plies {
		if m := rv.Moves[p-1]; m.Judgement == ai.Good {
			t.Errorf("n went to ply %d, move %+v", p, m)
		}
	}
	if plies[0] >= plies[1] || plies[1] >= plies[2] {
		t.Errorf("n went to %v", plies)
	}
	press(r, "N")
	if r.ply() != plies[1] {
		t.Errorf("N from %d went to %d, want %d", plies[2], r.ply(), plies[1])
	}
	if v := r.View(); !strings.Contains(v, "?!") {
		t.Errorf("no mark in the move list:\n%s", v)
	}
	// Keys typed faster than the screen reads them arrive together.
	fast := replayOf(t, sized(100, 32), "testdata/replay/long-analysed.pgn")
	fast.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("nn")})
	if fast.ply() != plies[1] {
		t.Errorf("nn went to ply %d, want %d", fast.ply(), plies[1])
	}
	plain := replayOf(t, sized(100, 32), "testdata/replay/long.pgn")
	press(plain, "n")
	if plain.ply() != 0 || !strings.Contains(plain.message, "A analyses the game") {
		t.Errorf("without an analysis: ply %d, %q", plain.ply(), plain.message)
	}
}

// TestReplayAnalysisRuns: a and A start real searches through commands,
// whose messages bring the best lines and the review back; leaving the
// screen stops them.
func TestReplayAnalysisRuns(t *testing.T) {
	analysisLimitsForTest(t)
	r := replayOf(t, sized(100, 32), "testdata/replay/annotated.pgn")
	r.goTo(11)
	drain(t, r, press(r, "a"))
	if len(r.an.Lines) == 0 || r.an.Thinking || r.an.Depth != 3 {
		t.Fatalf("lines %+v, thinking %v, depth %d", r.an.Lines, r.an.Thinking, r.an.Depth)
	}
	if v := r.View(); !strings.Contains(v, "Analysis · depth 3") || !strings.Contains(v, "#1 6... Ke7 7. Nd5#") {
		t.Errorf("the analysis:\n%s", v)
	}
	drain(t, r, press(r, "A"))
	if r.an.Reviewing || !r.an.Review.Done() {
		t.Fatalf("the review should have run to its end")
	}
	if v := r.View(); !strings.Contains(v, "??") || !strings.Contains(v, "▲") {
		t.Errorf("after the review:\n%s", v)
	}
	press(r, "left")
	if !r.an.Thinking {
		t.Fatal("a new position is analysed")
	}
	r.leave()
	if r.an.Thinking {
		t.Error("leaving should stop the analysis")
	}
}

// analysisLimitsForTest makes the searches shallow while a test runs.
func analysisLimitsForTest(t *testing.T) {
	live, rev := analysis.LiveLimits, analysis.ReviewLimits
	analysis.LiveLimits.Depth, analysis.LiveLimits.MoveTime = 3, 0
	analysis.ReviewLimits.Depth, analysis.ReviewLimits.MoveTime = 2, 0
	t.Cleanup(func() { analysis.LiveLimits, analysis.ReviewLimits = live, rev })
}

// drain runs a screen's commands and hands it their messages until no
// command is left, as the program would.
func drain(t *testing.T, s screen, cmds ...tea.Cmd) {
	t.Helper()
	for n := 0; len(cmds) > 0; n++ {
		if n > 10000 {
			t.Fatal("the commands do not end")
		}
		c := cmds[0]
		cmds = cmds[1:]
		if c == nil {
			continue
		}
		switch m := c().(type) {
		case tea.BatchMsg:
			cmds = append(cmds, m...)
		case nil:
		default:
			_, next := s.Update(m)
			cmds = append(cmds, next)
		}
	}
}

// TestReplayContinueKeepsNotes: a game continued from its own line takes
// its comments along; from a side line it starts without them.
func TestReplayContinueKeepsNotes(t *testing.T) {
	r := replayOf(t, sized(100, 32), "testdata/replay/annotated.pgn")
	r.goTo(8)
	msg, ok := r.continueAs([2]match.Player{})().(startGameMsg)
	if !ok {
		t.Fatalf("continue: %s", r.message)
	}
	c := msg.opts.Continue
	if c.Comment != "An old trap, with its side lines." || len(c.Notes) > 8 || c.NoteAt(7) == nil || c.NoteAt(7).Comment != "Black should develop." {
		t.Errorf("continued with %q, %+v", c.Comment, c.Notes)
	}
	press(r, "enter")
	msg, _ = r.continueAs([2]match.Player{})().(startGameMsg)
	if c := msg.opts.Continue; c.Comment != "" || c.Notes != nil || c.Game.Len() != 8 {
		t.Errorf("from a side line: %q, %+v", c.Comment, c.Notes)
	}
}
