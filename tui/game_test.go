package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/words"
)

// clickAt sends a left click on a square's glyph, at screen coordinates
// taken from the frame and layout the view draws with.
func clickAt(t *testing.T, g *gameScreen, name string) {
	t.Helper()
	x, y := g.board.frame.board.Centre(sq(t, name))
	g.Update(tea.MouseMsg{X: g.board.frame.boardX + x, Y: g.board.frame.boardY + y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

func TestSelectAndMoveByKeys(t *testing.T) {
	tests := []struct {
		name    string
		variant *rules.Variant
		view    config.ViewChoice
		keys    []string
		want    string
	}{
		// The cursor starts on the side to move's king.
		{"standard square", rules.Standard, config.ViewAuto, []string{"k", "enter", "k", "k", "enter"}, "e4"},
		{"standard arrows", rules.Standard, config.ViewAuto, []string{"right", "right", "up", " ", "up", "up", " "}, "g4"},
		// Diamond: up from e1 reaches e2; left and right reset the goal
		// column, so the next up goes up-left to e3 rather than to f2.
		{"standard diamond", rules.Standard, config.ViewDiamond, []string{"k", "enter", "h", "l", "k", "enter"}, "e3"},
		// Edgy in its diamond view: a1 -> b1 -> b2 (up twice), select,
		// up twice to c3, move.
		{"edgy diamond", rules.Edgy, config.ViewAuto, []string{"k", "k", "enter", "k", "k", "enter"}, "c3"},
		{"edgy square", rules.Edgy, config.ViewSquare, []string{"k", "l", "enter", "k", "l", "enter"}, "c3"},
		{"reselect", rules.Standard, config.ViewAuto, []string{"k", "enter", "l", "enter", "k", "k", "enter"}, "f4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, tc.variant, tc.view, "")
			press(g, tc.keys...)
			if got := historySAN(g.game()); got != tc.want {
				t.Errorf("moves %q, want %q (message %q)", got, tc.want, g.msg.text)
			}
		})
	}
}

func TestSelectionRefusals(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	press(g, "enter") // the king on e1 has no move
	if g.board.selected != rules.NoSquare || !strings.Contains(g.msg.text, "no legal move") {
		t.Errorf("selecting a blocked king: selected %v, message %q", g.board.selected, g.msg.text)
	}
	press(g, "k", "k", "enter") // e3 is empty
	if !strings.Contains(g.msg.text, "empty") {
		t.Errorf("selecting an empty square: message %q", g.msg.text)
	}
	press(g, "k", "k", "k", "k", "enter") // e7 is Black's
	if !strings.Contains(g.msg.text, "Black") {
		t.Errorf("selecting the opponent's pawn: message %q", g.msg.text)
	}
	press(g, "j", "j", "j", "j", "j", "enter", "k", "k", "k", "enter") // e2 to e5 is no move
	if g.board.selected != sq(t, "e2") || !strings.Contains(g.msg.text, "cannot go to e5") {
		t.Errorf("a square that is no move: selected %v, message %q", g.board.selected, g.msg.text)
	}
	press(g, "esc")
	if g.board.selected != rules.NoSquare {
		t.Error("esc should cancel the selection")
	}
	if g.game().Len() != 0 {
		t.Errorf("refusals played moves: %s", historySAN(g.game()))
	}
}

func TestMouse(t *testing.T) {
	for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
		for _, flip := range []bool{false, true} {
			g := newTestGame(t, rules.Standard, view, "")
			if flip {
				press(g, "f")
			}
			clickAt(t, g, "g1")
			clickAt(t, g, "f3")
			clickAt(t, g, "e7")
			clickAt(t, g, "e5")
			if got := historySAN(g.game()); got != "Nf3 e5" {
				t.Errorf("%v flip=%v: clicks played %q, want \"Nf3 e5\"", view, flip, got)
			}
			// a click beside the board does nothing
			before := g.board.cursor
			g.Update(tea.MouseMsg{X: 0, Y: 0, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			if g.board.cursor != before {
				t.Errorf("%v: a click outside the board moved the cursor", view)
			}
		}
	}
}

func TestTypedMoves(t *testing.T) {
	tests := []struct {
		variant *rules.Variant
		typed   []string
		want    string
	}{
		{rules.Standard, []string{"e4", "e7e5", "Nf3"}, "e4 e5 Nf3"},
		{rules.Asha, []string{"e2~d3", "e7~d6"}, "e2~d3 e7~d6"},
		{rules.Edgy, []string{"c3", "g5f4"}, "c3 f4"},
		{rules.DiagonalChess, []string{"O-O"}, ""}, // not yet legal: refused
	}
	for _, tc := range tests {
		g := newTestGame(t, tc.variant, config.ViewAuto, "")
		for _, text := range tc.typed {
			press(g, ":")
			typeText(g, text)
			press(g, "enter")
		}
		if got := historySAN(g.game()); got != tc.want {
			t.Errorf("%s: typed %v, played %q, want %q (error %q)", tc.variant.ID, tc.typed, got, tc.want, promptErr(g))
		}
	}
}

func TestTypedMoveErrors(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	press(g, ":")
	typeText(g, "e5")
	press(g, "enter")
	if dialogName(g) != "prompt" {
		t.Fatal("the prompt closed after an illegal move")
	}
	if !strings.Contains(promptErr(g), `"e5"`) || !strings.Contains(promptErr(g), "e4") {
		t.Errorf("error should name the move and list legal ones: %q", promptErr(g))
	}
	if !strings.Contains(g.View(), "illegal") {
		t.Error("the error is not on screen")
	}
	// Nothing close: every legal move is listed.
	press(g, "backspace", "backspace", "backspace")
	typeText(g, "xyz")
	press(g, "enter")
	if !strings.Contains(promptErr(g), "Legal: ") || !strings.Contains(promptErr(g), "Nf3") {
		t.Errorf("error should list the legal moves: %q", promptErr(g))
	}
	// An ambiguous move lists what it could mean.
	g = newTestGame(t, rules.Standard, config.ViewAuto, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
	press(g, ":")
	typeText(g, "Nd2")
	press(g, "enter")
	if !strings.Contains(promptErr(g), "ambiguous") || !strings.Contains(promptErr(g), "Nbd2") {
		t.Errorf("ambiguous move error should list candidates: %q", promptErr(g))
	}
	press(g, "esc")
	if dialogName(g) != "" || g.game().Len() != 0 {
		t.Error("esc should close the prompt without playing")
	}
}

// Keys typed faster than the screen reads them come as one message.
func TestFastTyping(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	g.Update(keyMsg(":e4"))
	press(g, "enter")
	if got := historySAN(g.game()); got != "e4" {
		t.Errorf(`":e4" in one message played %q`, got)
	}
}

func TestPromotion(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	clickAt(t, g, "a7")
	clickAt(t, g, "b8")
	if dialogName(g) != "promotion" || len(g.dialog.items) != 4 {
		t.Fatalf("promotion picker: dialog %q", dialogName(g))
	}
	if v := g.View(); !strings.Contains(v, "Promote to") || !strings.Contains(v, "Knight") {
		t.Error("the picker is not on screen")
	}
	press(g, "n")
	if got := historySAN(g.game()); got != "axb8=N" {
		t.Errorf("picking N played %q", got)
	}

	g = newTestGame(t, rules.Standard, config.ViewAuto, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	clickAt(t, g, "a7")
	clickAt(t, g, "a8")
	press(g, "right", "enter") // the second choice
	if got := historySAN(g.game()); got != "a8=R+" {
		t.Errorf("picking the second choice played %q", got)
	}

	// Asha: a diagonal step that promotes, picked with enter.
	g = newTestGame(t, rules.Asha, config.ViewAuto, "4k3/4P3/8/8/8/8/8/4K3 w - - 0 1")
	clickAt(t, g, "e7")
	clickAt(t, g, "f8")
	if dialogName(g) != "promotion" {
		t.Fatal("Asha's promoting step opened no picker")
	}
	press(g, "enter")
	if got := historySAN(g.game()); !strings.HasPrefix(got, "e7~f8=Q") {
		t.Errorf("Asha promoting step played %q", got)
	}

	// ASEAN has one choice, the Ferz: no picker.
	g = newTestGame(t, rules.ASEAN, config.ViewAuto, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1")
	clickAt(t, g, "e5")
	clickAt(t, g, "e6")
	if dialogName(g) == "promotion" {
		t.Error("ASEAN opened a promotion picker")
	}
	if got := historySAN(g.game()); got != "e6=Q" {
		t.Errorf("ASEAN promotion played %q", got)
	}
}

func TestUndoRedo(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	for _, m := range []string{"e4", "e5"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	press(g, "u")
	if got := historySAN(g.game()); got != "e4" {
		t.Fatalf("after undo: %q", got)
	}
	if g.game().Position().SideToMove() != rules.Black {
		t.Error("undo should give the move back to Black")
	}
	if !strings.Contains(g.View(), "e5") {
		t.Error("the undone move should stay in the list, to redo")
	}
	press(g, "U")
	if got := historySAN(g.game()); got != "e4 e5" {
		t.Errorf("after redo: %q", got)
	}
	press(g, "u", "u", "u")
	if got := historySAN(g.game()); got != "" || !strings.Contains(g.msg.text, "Nothing to undo") {
		t.Errorf("undo past the start: %q, message %q", got, g.msg.text)
	}
	press(g, "ctrl+r", "ctrl+r")
	if got := historySAN(g.game()); got != "e4 e5" {
		t.Errorf("ctrl+r redo: %q", got)
	}
}

func TestCheckAndMate(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	for _, m := range []string{"e4", "f6", "Qh5+"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	v := g.View()
	if !strings.Contains(v, "Check!") {
		t.Errorf("check not shown:\n%s", v)
	}
	king := string(g.ctx.Styles.Glyphs.Piece(rules.MakePiece(rules.Black, rules.King)))
	if !regexp.MustCompile(`! *` + king + ` *!`).MatchString(v) {
		t.Errorf("the king in check is not marked:\n%s", v)
	}
	press(g, "u", "u", "u")
	for _, m := range []string{"f3", "e5", "g4", "Qh4#"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	res := g.game().Result()
	if res.Status != rules.BlackWins || res.Reason != rules.Checkmate {
		t.Fatalf("result %v", res)
	}
	v = g.View()
	if !strings.Contains(v, "Game over: 0-1, Black wins by checkmate") || !strings.Contains(v, "Black played Qh4#.") {
		t.Errorf("mate not shown:\n%s", v)
	}
	// The end of the game asks what next; esc looks at the board.
	if dialogName(g) != "new game" || !strings.Contains(v, "look at the board") || strings.Contains(v, "rematch") {
		t.Errorf("the end of a two-player game should offer a new game (no rematch):\n%s", v)
	}
	press(g, "esc", "enter")
	if !strings.Contains(g.msg.text, "game is over") {
		t.Errorf("moving after mate: message %q", g.msg.text)
	}
}

func TestClaimDraw(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	for _, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	if !strings.Contains(g.View(), "Draw claimable: threefold repetition") {
		t.Fatalf("claimable draw not shown:\n%s", g.View())
	}
	press(g, "d")
	if dialogName(g) != "question" || !strings.Contains(g.View(), "Claim a draw by threefold repetition?") {
		t.Fatalf("d should ask to claim:\n%s", g.View())
	}
	press(g, "y")
	res := g.game().Result()
	if res.Status != rules.Drawn || res.Reason != rules.ThreefoldRepetition {
		t.Errorf("result %v", res)
	}
	if v := g.View(); strings.Count(v, "Game over") != 1 || !strings.Contains(v, "Draw claimed.") {
		t.Errorf("after a claim, want one \"Game over\" and \"Draw claimed.\":\n%s", v)
	}
}

func TestDrawOfferAndResign(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	press(g, "d")
	if dialogName(g) != "offer" || g.dialog.title != "White offers a draw. Black, do you accept?" || !strings.Contains(g.View(), "offers a draw") {
		t.Fatalf("offer not shown:\n%s", g.View())
	}
	press(g, "n")
	if g.game().Result().Over() {
		t.Fatal("declining ended the game")
	}
	press(g, "d", "y")
	if r := g.game().Result(); r.Reason != rules.Agreement {
		t.Errorf("accepted offer: %v", r)
	}
	if v := g.View(); strings.Count(v, "Game over") != 1 || !strings.Contains(v, "Draw agreed.") {
		t.Errorf("after an agreed draw, want one \"Game over\" and \"Draw agreed.\":\n%s", v)
	}

	g = newTestGame(t, rules.Standard, config.ViewAuto, "")
	press(g, "r", "esc")
	if g.game().Result().Over() {
		t.Fatal("esc resigned")
	}
	press(g, "r", "y")
	if r := g.game().Result(); r.Status != rules.BlackWins || r.Reason != rules.Resignation {
		t.Errorf("White resigned: %v", r)
	}
	if v := g.View(); strings.Count(v, "Game over") != 1 || !strings.Contains(v, "White resigns.") {
		t.Errorf("after resigning, want one \"Game over\" and \"White resigns.\":\n%s", v)
	}
}

func TestResizeBelowMinimum(t *testing.T) {
	for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
		g := newTestGame(t, rules.Edgy, view, "")
		g.SetSize(40, 12)
		v := g.View()
		if !strings.Contains(v, "too small") || !strings.Contains(v, "40×12") {
			t.Errorf("%v at 40×12:\n%s", view, v)
		}
		press(g, "k", "enter")
		clickAt(t, g, "b2")
		if g.board.selected != rules.NoSquare || g.game().Len() != 0 {
			t.Error("input acted on a board that is not shown")
		}
		g.SetSize(testW, testH)
		if v := g.View(); strings.Contains(v, "too small") || !strings.Contains(v, "White to move") {
			t.Errorf("%v did not recover:\n%s", view, v)
		}
		if lines := strings.Split(g.View(), "\n"); len(lines) != testH {
			t.Errorf("%v: %d lines, want %d", view, len(lines), testH)
		}
	}
}

// The screen picks the largest board that fits and the view fills but
// never overflows the terminal.
func TestViewFitsTerminal(t *testing.T) {
	needNarrowSymbols(t)
	sizes := [][2]int{{70, 20}, {80, 24}, {100, 32}, {120, 40}, {200, 60}}
	for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
		prev := -1
		for _, s := range sizes {
			g := newTestGame(t, rules.Asha, view, "")
			g.SetSize(s[0], s[1])
			if g.board.frame.tooSmall {
				t.Errorf("%v: %dx%d reported too small", view, s[0], s[1])
				continue
			}
			if g.board.frame.board.Size < prev {
				t.Errorf("%v: a larger terminal got a smaller board", view)
			}
			prev = g.board.frame.board.Size
			lines := strings.Split(g.View(), "\n")
			if len(lines) != s[1] {
				t.Errorf("%v %dx%d: %d lines", view, s[0], s[1], len(lines))
			}
			for i, l := range lines {
				if w := words.Width(l); w > s[0] {
					t.Errorf("%v %dx%d: line %d is %d wide", view, s[0], s[1], i, w)
				}
			}
		}
	}
}

func TestFlipAndView(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	if g.board.view != board.SquareView {
		t.Fatal("standard should open in the square view")
	}
	press(g, "v")
	if g.board.view != board.DiamondView || g.board.frame.board.View != board.DiamondView {
		t.Error("v should switch to the diamond view")
	}
	press(g, "f")
	if !g.board.frame.board.Flip {
		t.Error("f should flip the board")
	}
	// keys follow the screen: flipped, up moves toward White's side
	press(g, "v") // square, flipped
	g.board.cursor = sq(t, "e4")
	press(g, "k")
	if g.board.cursor != sq(t, "e3") {
		t.Errorf("flipped square view: up from e4 went to %v", g.board.cursor)
	}
	if e := newTestGame(t, rules.Edgy, config.ViewAuto, ""); e.board.view != board.DiamondView {
		t.Error("edgy should open in the diamond view")
	}
}

func TestEachSideKeepsItsCursor(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	press(g, "k", "enter", "k", "k", "enter") // e4, White's cursor on e4
	if g.board.cursor != sq(t, "e8") {
		t.Errorf("Black's cursor should start on Black's king, is on %v", g.board.cursor)
	}
	press(g, "j", "enter", "j", "j", "enter") // e5
	if g.board.cursor != sq(t, "e4") {
		t.Errorf("White's cursor should be back on e4, is on %v", g.board.cursor)
	}
}

func TestQuitAndNewGame(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	// q offers to quit, to go back to the menu, or to play on.
	if cmd := press(g, "q"); cmd != nil || dialogName(g) != "quit" || !strings.Contains(g.View(), "back to the menu") {
		t.Errorf("q should ask, offering the menu:\n%s", g.View())
	}
	if cmd := press(g, "m"); cmd == nil {
		t.Error("q, m should open the menu")
	} else if _, ok := cmd().(openMenuMsg); !ok {
		t.Errorf("q, m: %#v", cmd())
	}
	press(g, ":")
	typeText(g, "e4")
	press(g, "enter")
	if cmd := press(g, "q"); cmd != nil || dialogName(g) != "quit" || !strings.Contains(g.View(), "It is kept") {
		t.Errorf("q during a game should ask first:\n%s", g.View())
	}
	if press(g, "n"); dialogName(g) != "" || g.game().Len() != 1 {
		t.Error("n should keep playing")
	}
	press(g, "q")
	if cmd := press(g, "y"); cmd == nil || cmd() != tea.Quit() {
		t.Error("y should quit")
	}
	if cmd := press(g, "ctrl+c"); cmd == nil || cmd() != tea.Quit() {
		t.Error("ctrl+c should quit at once")
	}

	cmd := press(g, "n", "enter")
	if cmd == nil {
		t.Fatal("n, enter should start a new game")
	}
	if msg, ok := cmd().(startGameMsg); !ok || msg.opts.Variant != rules.Standard {
		t.Errorf("new game message %#v", msg)
	}
	cmd = press(g, "n", "m")
	if _, ok := cmd().(openMenuMsg); !ok {
		t.Error("n, m should open the menu")
	}
}

func TestCountShown(t *testing.T) {
	g := newTestGame(t, rules.ASEAN, config.ViewAuto, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	press(g, ":")
	typeText(g, "Ra2")
	press(g, "enter")
	if v := g.View(); !strings.Contains(v, "Count: 1 of 64 moves") {
		t.Errorf("ASEAN count not shown:\n%s", v)
	}
}

func TestCapturedShown(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	for _, m := range []string{"e4", "d5", "exd5"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	pawn := string(g.ctx.Styles.Glyphs.Piece(rules.MakePiece(rules.Black, rules.Pawn)))
	if v := g.View(); !strings.Contains(v, "White took "+pawn) {
		t.Errorf("capture not listed:\n%s", v)
	}
}

func TestMoveListScrolls(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "")
	g.SetSize(80, 24)
	moves := strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 " +
		"c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6")
	for _, m := range moves {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	n := g.game().Len()
	if n != len(moves) {
		t.Fatalf("played %d of %d moves: %q", n, len(moves), promptErr(g))
	}
	v := g.View()
	if !strings.Contains(v, "earlier") {
		t.Errorf("a long list should say rows are hidden:\n%s", v)
	}
	last := g.game().History()[n-1]
	if !strings.Contains(v, string(g.ctx.Styles.Glyphs.Current)+last.SAN) {
		t.Errorf("the current move %q is not marked:\n%s", last.SAN, v)
	}
}

// Several screens may follow one match: one plays White, one Black, a
// third watches. Each moves only for its own side and tells every move
// in its own words.
func TestScreensShareAMatch(t *testing.T) {
	ctx, _ := playContext(t, &fakeEngine{})
	white, q := newPlayGame(t, ctx, GameOptions{})
	m := white.match
	white.seats = [2]bool{true, false}
	black := newGameView(ctx, m, [2]bool{false, true}, white.opts)
	watcher := newGameView(ctx, m, [2]bool{}, white.opts)
	others := func(moved *gameScreen) {
		for _, v := range []*gameScreen{white, black, watcher} {
			if v != moved {
				v.Update(matchChangedMsg{}) // as the App tells the screen shown
			}
		}
	}
	keys(black, q, ":")
	if dialogName(black) != "" || !strings.Contains(black.msg.text, "White's move") {
		t.Errorf("Black typing on White's move: dialog %q, %q", dialogName(black), black.msg.text)
	}
	typeMove(white, q, "e4")
	others(white)
	for _, v := range []*gameScreen{black, watcher} {
		if v.msg.text != "White played e4." || m.Game().Position().PieceAt(v.legal[0].From()).Color() != rules.Black {
			t.Errorf("a view after e4: %q, legal moves from %v", v.msg.text, v.legal[0].From())
		}
	}
	keys(watcher, q, ":")
	if dialogName(watcher) != "" || !strings.Contains(watcher.msg.text, "Black's move") {
		t.Errorf("the watcher typing: dialog %q, %q", dialogName(watcher), watcher.msg.text)
	}
	typeMove(black, q, "e5")
	others(black)
	if got := historySAN(m.Game()); got != "e4 e5" || white.msg.text != "Black played e5." || watcher.msg.text != "Black played e5." {
		t.Errorf("moves %q; White was told %q, the watcher %q", got, white.msg.text, watcher.msg.text)
	}
	// Only the side it seats resigns from a screen.
	keys(black, q, "r", "y")
	others(black)
	if r := m.Game().Result(); r.Status != rules.WhiteWins || white.msg.text != "Black resigns." {
		t.Errorf("Black resigned: %v, White was told %q", r, white.msg.text)
	}
}
