package tui

import (
	"strings"
	"testing"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/match"
)

// The menu offers every mode, the engine's levels with their
// explanations, and clocks; its options carry them to the game.
func TestMenuPlayOptions(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	m := newMenuScreen(ctx, GameOptions{})
	if o := m.options(); o.Mode != match.TwoPlayers || o.Players[0].Computer || o.Players[1].Computer || o.Clock.On() {
		t.Fatalf("default options: %+v", o)
	}
	press(m, "m")
	o := m.options()
	if o.Mode != match.PlayWhite || !o.Players[rules.Black].Computer || o.Players[rules.Black].Level.Name != "Medium" {
		t.Fatalf("m: %+v", o)
	}
	if !strings.Contains(m.View(), "Level   Medium") || !strings.Contains(m.View(), o.Players[rules.Black].Level.Explanation[:20]) {
		t.Errorf("the level and its explanation should show:\n%s", m.View())
	}
	press(m, "l", "l", "l", "l")
	if o := m.options(); o.Players[rules.Black].Level.Name != "Easy" {
		t.Errorf("l four times from Medium: %s", o.Players[rules.Black].Level.Name)
	}
	press(m, "c", "c", "c", "c")
	if o := m.options(); o.Clock != (saves.TimeControl{Base: 10 * 60e9, Increment: 5e9}) || !strings.Contains(m.View(), "Clock   10+5") {
		t.Errorf("c four times: %v", o.Clock)
	}
	press(m, "m", "m")
	if o := m.options(); o.Mode != match.ComputerVsComputer || !o.Players[0].Computer || !o.Players[1].Computer {
		t.Errorf("computer v computer: %+v", o)
	}
	cmd := press(m, "enter")
	if msg, ok := cmd().(startGameMsg); !ok || msg.opts.Mode != match.ComputerVsComputer || !msg.opts.Clock.On() {
		t.Errorf("enter: %#v", cmd())
	}
	// l from two players switches to playing the computer.
	m = newMenuScreen(ctx, GameOptions{})
	press(m, "l")
	if m.options().Mode != match.PlayWhite {
		t.Error("choosing a level should choose to play the computer")
	}
	cmd = press(m, "o")
	if _, ok := cmd().(openFilesMsg); !ok {
		t.Errorf("o: %#v", cmd())
	}
	// Options from the command line come back preselected.
	hard, _ := ai.LevelByName("hard")
	m = newMenuScreen(ctx, GameOptions{Players: [2]match.Player{match.ComputerAt(hard), match.Human}, Clock: saves.TimeControl{Base: 7e10}})
	if o := m.options(); o.Mode != match.PlayBlack || o.Players[rules.White].Level.Name != "Hard" || o.Clock.Base != 7e10 {
		t.Errorf("preselected: %+v", o)
	}
}

func TestMoveGrid(t *testing.T) {
	g := rules.NewGame(rules.Standard)
	for _, mv := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7") {
		if _, err := g.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	line := g.Line()
	grid := layoutMoves(line, 10, 3, 0)
	if !grid.more || grid.start != 3 || grid.shown != 2 {
		t.Fatalf("five rows in three lines: %+v", grid)
	}
	if n, ok := grid.plyAt(moveNumberW+moveCellW+1, 2); !ok || n != 10 {
		t.Errorf("Black's cell of the last row: %d %v", n, ok)
	}
	if _, ok := grid.plyAt(moveNumberW+moveCellW, 1); ok {
		t.Error("the space between cells is no move")
	}
	if _, ok := grid.plyAt(5, 0); ok {
		t.Error("the hidden-rows line is no move")
	}
	up := layoutMoves(line, 10, 3, 2)
	if up.start != 1 {
		t.Errorf("scrolled two rows up: start %d", up.start)
	}
	if far := layoutMoves(line, 10, 3, 99); far.start != 0 {
		t.Errorf("scrolling stops at the first row: %d", far.start)
	}
}
