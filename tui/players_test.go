package tui

import (
	"strings"
	"testing"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/config"
	"varia/tui/match"
)

// The menu's clocks: the presets, then one typed, with seconds.
func TestMenuClocks(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	m := newMenuScreen(ctx, GameOptions{})
	var seen []string
	for i := 0; i < 7; i++ {
		seen = append(seen, m.options().Clock.String())
		press(m, "c")
	}
	if got := strings.Join(seen, " "); got != "none 1+0 3+0 3+2 5+0 10+0 15+10" {
		t.Errorf("the presets: %s", got)
	}
	if m.dialog == nil || m.dialog.name != "clock" || !strings.Contains(m.View(), "Clock (5+3, 0:30+1):") {
		t.Fatalf("c after the last preset should ask for a clock:\n%s", m.View())
	}
	typeText(m, "0:3+1")
	press(m, "enter")
	if m.dialog == nil || !strings.Contains(m.View(), "two digits") {
		t.Fatalf("a clock that cannot be read keeps the prompt, saying why:\n%s", m.View())
	}
	m.dialog.input.SetValue("")
	typeText(m, "0:30+1")
	press(m, "enter")
	if o := m.options(); m.dialog != nil || o.Clock != (saves.TimeControl{Base: 30e9, Increment: 1e9}) || !strings.Contains(m.View(), "Clock   0:30+1 (30 s each + 1 s a move)") {
		t.Errorf("0:30+1 typed: %v\n%s", o.Clock, m.View())
	}
	press(m, "c") // from the typed clock, to typing again
	press(m, "esc")
	if o := m.options(); m.dialog != nil || o.Clock.On() {
		t.Errorf("esc while typing goes on to no clock: %v", o.Clock)
	}
	press(m, "c", "c") // the typed clock stays among the choices
	if got := m.options().Clock.String(); got != "3+0" {
		t.Errorf("c twice from none: %s", got)
	}
}

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
	if !strings.Contains(m.View(), "Level   Medium ~1400") {
		t.Errorf("the level's rating should show:\n%s", m.View())
	}
	press(m, "l", "l", "l")
	if o := m.options(); o.Players[rules.Black].Level.Name != "Expert" || !strings.Contains(m.View(), "Expert (full strength)") {
		t.Errorf("l three times from Medium: %s\n%s", o.Players[rules.Black].Level.Name, m.View())
	}
	// After the strongest, a rating of one's own.
	press(m, "l")
	if m.dialog == nil || m.dialog.name != "elo" {
		t.Fatalf("l after Expert should ask for a rating:\n%s", m.View())
	}
	typeText(m, "99")
	press(m, "enter")
	if m.dialog == nil || !strings.Contains(m.View(), "want a whole number from 600") {
		t.Errorf("a rating out of range keeps the prompt:\n%s", m.View())
	}
	m.dialog.input.SetValue("1450")
	press(m, "enter")
	if o := m.options(); m.dialog != nil || o.Players[rules.Black].Level.Limits.Elo != 1450 || !strings.Contains(m.View(), "Level   Elo 1450") {
		t.Errorf("1450 typed: %+v\n%s", o.Players[rules.Black].Level, m.View())
	}
	press(m, "l")
	if o := m.options(); o.Players[rules.Black].Level.Name != "Easy" {
		t.Errorf("l after a typed rating goes on to Easy: %s", o.Players[rules.Black].Level.Name)
	}
	press(m, "c", "c", "c")
	if o := m.options(); o.Clock != (saves.TimeControl{Base: 3 * 60e9, Increment: 2e9}) || !strings.Contains(m.View(), "Clock   3+2 (3 min each + 2 s a move)") {
		t.Errorf("c three times: %v\n%s", o.Clock, m.View())
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
	if !grid.above || grid.below || grid.start != 3 || grid.shown != 2 {
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
	// Rows hidden at both ends: a line above and one below.
	up := layoutMoves(line, 10, 3, 2)
	if up.start != 2 || up.shown != 1 || !up.above || !up.below {
		t.Errorf("scrolled two rows up: %+v", up)
	}
	if far := layoutMoves(line, 10, 3, 99); far.start != 0 || far.above || !far.below || far.shown != 2 {
		t.Errorf("scrolling stops at the first row: %+v", far)
	}
	// At the start of a replay the list says what is below, not "0 earlier".
	st := testContext(false).Styles
	start := layoutMoves(line, 0, 3, 0)
	lines := start.lines(st, line, 0)
	if len(lines) != 3 || strings.Contains(lines[0], "earlier") || !strings.Contains(lines[2], "3 later") {
		t.Errorf("the list at the start: %q", lines)
	}
	if n, ok := start.plyAt(moveNumberW+1, 0); !ok || n != 1 {
		t.Errorf("with nothing hidden above, the first line is the first move: %d %v", n, ok)
	}
}

// PgUp and PgDn scroll the move list by a page, not a row, and stop at
// its ends.
func TestMoveListPages(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewSquare, "")
	for _, mv := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 " +
		"c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 " +
		"Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8") {
		n := g.game().Len()
		press(g, ":")
		typeText(g, mv)
		settle(g, press(g, "enter"))
		if g.game().Len() != n+1 {
			t.Fatalf("%s refused: %s", mv, promptErr(g))
		}
	}
	last := g.game().History()[g.game().Len()-1].SAN
	_ = g.View()
	page := g.moves.page
	if page < 3 {
		t.Fatalf("a page of %d rows", page)
	}
	press(g, "pgup")
	if g.moves.scroll != page {
		t.Errorf("pgup scrolled %d rows, want a page of %d", g.moves.scroll, page)
	}
	for range 20 {
		press(g, "[")
		_ = g.View()
	}
	if !strings.Contains(g.View(), "  1. e4") || g.moves.scroll != g.moves.furthest {
		t.Errorf("pages up stop at the first move: scroll %d of %d", g.moves.scroll, g.moves.furthest)
	}
	press(g, "pgdown")
	if g.moves.scroll != g.moves.furthest-page {
		t.Errorf("one page down from the top: %d", g.moves.scroll)
	}
	for range 20 {
		press(g, "]")
	}
	if g.moves.scroll != 0 || !strings.Contains(g.View(), last) {
		t.Errorf("pages down come back to the last move: scroll %d", g.moves.scroll)
	}
}

// Chess960 in the menu: a start position drawn at random, shown by its
// number and in the preview; n types one, or draws another; the game
// starts from it, and the same again draws anew unless one was chosen.
func TestMenuChess960Start(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	m := newMenuScreen(ctx, GameOptions{Variant: rules.Chess960})
	o := m.options()
	if o.FEN == "" || !o.StartRandom || !strings.Contains(m.View(), "drawn at random") {
		t.Fatalf("a random start by default: %+v\n%s", o, m.View())
	}
	press(m, "n")
	typeText(m, "960")
	press(m, "enter")
	if m.dialog == nil || !strings.Contains(m.View(), "want a number from 0 to 959") {
		t.Errorf("960 is refused:\n%s", m.View())
	}
	m.dialog.input.SetValue("0")
	press(m, "enter")
	o = m.options()
	if want, _ := rules.Chess960Start(0); o.FEN != want || o.StartRandom || !strings.Contains(m.View(), "#0 BBQNNRKR, chosen") {
		t.Errorf("start 0 chosen: %+v\n%s", o, m.View())
	}
	if v := m.View(); !strings.Contains(v, "♝  ♝") && !strings.Contains(v, "B  B") {
		t.Errorf("the preview should show position 0's bishops side by side:\n%s", v)
	}
	msg := press(m, "enter")().(startGameMsg)
	g, err := testGameScreen(t, ctx, msg.opts)
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := rules.Chess960Number(g.game().Position()); !ok || n != 0 {
		t.Errorf("the game should start from position 0: %d %v", n, ok)
	}
	// The same again: the chosen position again.
	press(g, "n")
	if again := press(g, "enter")().(startGameMsg); again.opts.FEN != msg.opts.FEN {
		t.Error("the same again keeps a chosen start")
	}
	// Drawn at random: the same again draws anew (now and then the same
	// number; ten draws are not all the same).
	m = newMenuScreen(ctx, GameOptions{Variant: rules.Chess960})
	first := m.options()
	g, _ = testGameScreen(t, ctx, first)
	seen := map[string]bool{}
	for i := 0; i < 10; i++ {
		press(g, "n")
		seen[press(g, "enter")().(startGameMsg).opts.FEN] = true
	}
	if len(seen) < 2 {
		t.Error("the same again should draw a new start position")
	}
	// Other variants have no start position line.
	m = newMenuScreen(ctx, GameOptions{Variant: rules.Standard})
	if strings.Contains(m.View(), "Start   ") || m.options().FEN != "" {
		t.Errorf("chess has no start choice:\n%s", m.View())
	}
}
