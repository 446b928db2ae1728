package tui

import (
	"strings"
	"testing"

	"varia/ai"
	"varia/rules"
	"varia/tui/match"
)

func playTyped(g *gameScreen, moves ...string) {
	for _, mv := range moves {
		press(g, ":")
		typeText(g, mv)
		settle(g, press(g, "enter"))
	}
}

// TestGameAnalysisTwoPlayers: at one keyboard the analysis follows the
// game as it is played: the bar beside the board, the best lines for the
// position shown; after the game, the whole game's review marks its
// moves.
func TestGameAnalysisTwoPlayers(t *testing.T) {
	isolate(t)
	analysisLimitsForTest(t)
	g, err := testGameScreen(t, sized(100, 32), GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	settle(g, press(g, "a"))
	if !g.an.On || len(g.an.Lines) == 0 || !strings.HasPrefix(g.an.Lines[0].SAN, "1. ") {
		t.Fatalf("analysis on: %+v", g.an.Lines)
	}
	v := g.View()
	if !strings.Contains(v, "Analysis · depth 3") || !strings.Contains(v, " █ ") && !strings.Contains(v, " ░ ") {
		t.Errorf("the bar and the lines:\n%s", v)
	}
	playTyped(g, "f3", "e5")
	if !strings.HasPrefix(g.an.Lines[0].SAN, "2. ") {
		t.Errorf("the analysis should follow the game: %q", g.an.Lines[0].SAN)
	}
	playTyped(g, "g4", "Qh4#")
	if !g.game().Result().Over() {
		t.Fatal("the game should be over")
	}
	if s, ok := g.an.Score(g.game().Position(), g.game().Len()); !ok || s > -ai.MateBound {
		t.Errorf("the mated position's score: %v %v", s, ok)
	}
	press(g, "esc") // the new game dialog
	settle(g, press(g, "A"))
	if g.an.Reviewing || g.an.Review == nil || !g.an.Review.Done() {
		t.Fatal("the review should have run")
	}
	if v := g.View(); !strings.Contains(v, "g4??") || !strings.Contains(v, "White") {
		t.Errorf("the blunder marked:\n%s", v)
	}
	// Saved now, the game has its evaluations and marks.
	sg := g.match.Snapshot()
	if n := sg.NoteAt(2); n == nil || !n.HasNAG(4) || !strings.Contains(n.Comment, "[%eval ") || !strings.Contains(n.Comment, "Blunder. Better was") {
		t.Errorf("2. g4 in the record: %+v", n)
	}
	settle(g, press(g, "a"))
	if g.an.On {
		t.Error("a again switches the analysis off")
	}
	if v := g.View(); strings.Contains(v, "░ 8") || strings.Contains(v, "█ 8") {
		t.Errorf("no bar once off:\n%s", v)
	}
}

// TestGameAnalysisVsComputer: against the computer the analysis waits
// for the game's end, unless the settings allow it; a game on a server
// (a person elsewhere) has none until it ends.
func TestGameAnalysisVsComputer(t *testing.T) {
	isolate(t)
	analysisLimitsForTest(t)
	ctx := sized(100, 32)
	ctx.Services.NewEngine = func() match.Engine { return &fakeEngine{reply: playFirst()} }
	opts := GameOptions{Variant: rules.Standard, Players: [2]match.Player{match.Human, match.ComputerAt(ai.Levels()[0])}}
	g, err := testGameScreen(t, ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	press(g, "a")
	if g.an.On || !strings.Contains(g.msg.text, "once the game is over") {
		t.Errorf("against the computer: on %v, %q", g.an.On, g.msg.text)
	}
	press(g, "A")
	if g.an.Review != nil {
		t.Error("no review during the game")
	}
	ctx.Settings.AnalysisVsComputer = true
	settle(g, press(g, "a"))
	if !g.an.On {
		t.Errorf("the settings allow it: %q", g.msg.text)
	}

	remote := newGameView(sized(100, 32), match.New(match.Options{Game: rules.NewGame(rules.Standard)}), [2]bool{true, false}, GameOptions{Variant: rules.Standard})
	t.Cleanup(func() { closeGame(remote) })
	press(remote, "a")
	if remote.an.On {
		t.Error("a person at another screen: no analysis during the game")
	}
}
