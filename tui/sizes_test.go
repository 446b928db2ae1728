package tui

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"varia/rules"
	"varia/saves"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// The terminal sizes every screen is tried at: the classic 80×24 up to
// a large window.
var screenSizes = [][2]int{{80, 24}, {100, 32}, {100, 45}, {120, 40}, {200, 60}}

// sized is a context for a terminal of w×h.
func sized(w, h int) *Context {
	ctx := testContext(false)
	ctx.Width, ctx.Height = w, h
	return ctx
}

// checkFrame checks a screen fits its terminal: h lines, none wider
// than w.
func checkFrame(t *testing.T, what, view string, w, h int) []string {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("%s at %d×%d: %d lines", what, w, h, len(lines))
	}
	for i, l := range lines {
		if lw := words.Width(l); lw > w {
			t.Errorf("%s at %d×%d: line %d is %d wide: %q", what, w, h, i, lw, l)
		}
	}
	return lines
}

func longReplay(t *testing.T, ctx *Context) *replayScreen {
	t.Helper()
	games, err := saves.ReadFile("testdata/replay/long.pgn")
	if err != nil || len(games) != 1 {
		t.Fatalf("long.pgn: %v", err)
	}
	return newReplayScreen(ctx, games[0])
}

// At every size, the last line of the game, the menu and the replay
// viewer says how to get every key and how to quit, whatever else it
// leaves out; the guide, the settings and the picker say how to leave.
func TestHelpLineKeepsHelpAndQuit(t *testing.T) {
	needNarrowSymbols(t)
	helpAndQuit := regexp.MustCompile(`\? (more|all) keys • q quit$`)
	for _, sz := range screenSizes {
		w, h := sz[0], sz[1]
		name := fmt.Sprintf("%d×%d", w, h)
		for _, mode := range []match.Mode{match.TwoPlayers, match.PlayWhite} {
			for _, v := range []*rules.Variant{rules.Standard, rules.Edgy} {
				ctx := sized(w, h)
				g, err := testGameScreen(t, ctx, GameOptions{Variant: v, Mode: mode})
				if err != nil {
					t.Fatal(err)
				}
				what := fmt.Sprintf("%s game %s %v", name, v.ID, mode)
				if line := checkFrame(t, what, g.View(), w, h); !helpAndQuit.MatchString(line[h-1]) {
					t.Errorf("%s: help line %q", what, line[h-1])
				}
			}
			m := newTestMenu(sized(w, h), GameOptions{Mode: mode})
			if line := checkFrame(t, name+" menu", m.View(), w, h); !helpAndQuit.MatchString(line[h-1]) {
				t.Errorf("%s menu: help line %q", name, line[h-1])
			}
		}
		r := longReplay(t, sized(w, h))
		if line := checkFrame(t, name+" replay", r.View(), w, h); !helpAndQuit.MatchString(line[h-1]) {
			t.Errorf("%s replay: help line %q", name, line[h-1])
		}
		for what, s := range map[string]screen{
			"guide":    newGuideScreen(sized(w, h), rules.Asha),
			"settings": newSettingsScreen(sized(w, h), GameOptions{}),
			"picker":   newTestPicker(sized(w, h), ""),
		} {
			if line := lastLine(s.View()); !strings.Contains(line, "esc back") {
				t.Errorf("%s %s: help line %q has no way back", name, what, line)
			}
		}
	}
}

// The ? page at 80×24 scrolls with ↓ and pgdn, and between its pages
// lists every key of the game and the marks' legend.
func TestHelpPageScrolls(t *testing.T) {
	needNarrowSymbols(t)
	ctx := sized(80, 24)
	g, err := testGameScreen(t, ctx, GameOptions{Variant: rules.Standard})
	if err != nil {
		t.Fatal(err)
	}
	press(g, "?")
	seen := ""
	first := g.View()
	checkFrame(t, "help", first, 80, 24)
	if !strings.Contains(first, "more lines") {
		t.Fatalf("the first page should say there is more:\n%s", first)
	}
	seen += first
	for range 10 {
		press(g, "pgdown")
		if dialogName(g) != "help" {
			t.Fatal("pgdown should scroll the help, not close it")
		}
		v := g.View()
		checkFrame(t, "help", v, 80, 24)
		seen += v
	}
	k := g.keys
	for _, b := range []struct {
		name string
		desc string
	}{
		{config.FirstKey(k.Draw), "offer draw"}, {config.FirstKey(k.Resign), "resign"}, {config.FirstKey(k.New), "new game"},
		{config.FirstKey(k.Guide), "rules"}, {"?", "more keys"}, {"q/ctrl+c", "quit"},
		{config.FirstKey(k.Hint), "hint"}, {"pgdown/]", "later moves"},
	} {
		if !regexp.MustCompile(regexp.QuoteMeta(b.name) + ` +` + regexp.QuoteMeta(b.desc)).MatchString(seen) {
			t.Errorf("the help never shows %q %q", b.name, b.desc)
		}
	}
	for _, want := range []string{"Marks", "cursor", "check", "capture", "promotion", "King's Step", "any other key closes"} {
		if !strings.Contains(seen, want) {
			t.Errorf("the help never shows %q", want)
		}
	}
	press(g, "up")
	if dialogName(g) != "help" {
		t.Fatal("up should scroll back")
	}
	press(g, "x")
	if dialogName(g) != "" {
		t.Error("another key closes the help")
	}
}

// The menu at 80×24 against the computer still shows how to start, to
// resume the last game and to open one; its ? page keeps the title and
// the variants in view, at 100×32 and 100×45 too, with the computer as
// without.
func TestMenuFits(t *testing.T) {
	needNarrowSymbols(t)
	isolate(t)
	// a game to resume
	ctx := sized(80, 24)
	g, err := testGameScreen(t, ctx, GameOptions{Variant: rules.Asha})
	if err != nil {
		t.Fatal(err)
	}
	press(g, ":")
	typeText(g, "e4")
	settle(g, press(g, "enter"))
	closeGame(g)

	for _, sz := range [][2]int{{80, 24}, {100, 32}, {100, 45}} {
		w, h := sz[0], sz[1]
		for _, mode := range []match.Mode{match.TwoPlayers, match.PlayWhite, match.ComputerVsComputer} {
			m := newTestMenu(sized(w, h), GameOptions{Mode: mode})
			what := fmt.Sprintf("menu %d×%d %v", w, h, mode)
			v := m.View()
			checkFrame(t, what, v, w, h)
			for _, want := range []string{"Varia · chess variants", "8 Chess960", "Press enter to start", "r to resume your game", "o to open", "set up a position"} {
				if !strings.Contains(v, want) {
					t.Errorf("%s: no %q:\n%s", what, want, v)
				}
			}
			if mode.Computer() && !strings.Contains(v, "Level") {
				t.Errorf("%s: no level", what)
			}
			press(m, "?")
			v = m.View()
			lines := checkFrame(t, what+" help", v, w, h)
			for _, want := range []string{"Every key", "resume game", "open a game", "computer's level", "quit"} {
				if !strings.Contains(v, want) {
					t.Errorf("%s help: no %q:\n%s", what, want, v)
				}
			}
			if !strings.HasPrefix(lines[0], "  Varia") || !strings.Contains(v, "  ▸ 1 Chess") || !strings.Contains(v, "    8 Chess960") {
				t.Errorf("%s help: the title and variants should stay in place:\n%s", what, v)
			}
		}
	}
}

// The menu's key page offers a start position only for a variant that
// has numbered ones.
func TestMenuHelpStartPosition(t *testing.T) {
	isolate(t)
	for _, v := range []*rules.Variant{rules.Standard, rules.Chess960} {
		m := newTestMenu(sized(120, 40), GameOptions{Variant: v})
		press(m, "?")
		if got, want := strings.Contains(m.View(), "start position"), v.StartCount > 0; got != want {
			t.Errorf("%s: start position in the keys: %v, want %v:\n%s", v.Name, got, want, m.View())
		}
	}
}

// The menu's text wraps to the room it has, not a fixed narrow column.
func TestMenuUsesTheWidth(t *testing.T) {
	needNarrowSymbols(t)
	isolate(t)
	m := newTestMenu(sized(100, 32), GameOptions{Variant: rules.Edgy})
	if !strings.Contains(m.View(), "Kings in the corners; pawns move diagonally toward h8 and") {
		t.Errorf("the description should use the width:\n%s", m.View())
	}
}

// The words of results, questions and refusals.
func TestWording(t *testing.T) {
	for _, tc := range []struct {
		r    rules.Result
		want string
	}{
		{rules.Result{Status: rules.WhiteWins, Reason: rules.Checkmate}, "1-0, White wins by checkmate"},
		{rules.Result{Status: rules.BlackWins, Reason: rules.TimeForfeit}, "0-1, Black wins on time"},
		{rules.Result{Status: rules.Drawn, Reason: rules.TimeForfeit}, "1/2-1/2, drawn: time ran out, but the other side could not have mated"},
	} {
		if got := resultText(tc.r); got != tc.want {
			t.Errorf("resultText(%v) = %q, want %q", tc.r, got, tc.want)
		}
	}
	g := newTestGame(t, rules.Standard, config.ViewSquare, "4k3/3q4/8/8/8/8/8/4K3 b - - 0 1")
	press(g, "r")
	if g.dialog == nil || g.dialog.title != "Does Black resign?" {
		t.Errorf("resign question: %+v %q", g.dialog, g.msg.text)
	}
	press(g, "esc")
	g = newTestGame(t, rules.Standard, config.ViewSquare, "")
	g.activate(sq(t, "e7"))
	if g.msg.text != "The pawn on e7 belongs to Black; White to move." {
		t.Errorf("a piece named in a sentence: %q", g.msg.text)
	}
}

// The help line is measured without drawing it: the sum is the width the
// help draws.
func TestShortHelpWidth(t *testing.T) {
	ctx := testContext(false)
	h := newHelp(ctx.Styles)
	for _, bs := range [][]key.Binding{ctx.Settings.Keys.Game.ShortHelp(), ctx.Settings.Keys.Menu.ShortHelp(), ctx.Settings.Keys.Replay.ShortHelp(), ctx.Settings.Keys.Game.ShortHelp()[:1]} {
		if got, want := shortHelpWidth(h, bs), words.Width(h.ShortHelpView(bs)); got != want {
			t.Errorf("measured %d, drawn %d", got, want)
		}
	}
}

// The game, the menu, the help and the replay viewer at the classic
// 80×24, at 120×40 and at 200×60 (figures on the board), square and
// diamond, without colour: testdata/TestScreensAtSizes (go test ./tui
// -update rewrites them).
func TestScreensAtSizes(t *testing.T) {
	needNarrowSymbols(t)
	isolate(t)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		w, h := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			game := func(t *testing.T, v *rules.Variant, view config.ViewChoice, moves string, keys ...string) *gameScreen {
				g, err := testGameScreen(t, sized(w, h), GameOptions{Variant: v, View: view})
				if err != nil {
					t.Fatal(err)
				}
				for _, mv := range strings.Fields(moves) {
					press(g, ":")
					typeText(g, mv)
					settle(g, press(g, "enter"))
				}
				press(g, keys...)
				return g
			}
			shots := map[string]func(t *testing.T) string{
				"game-square": func(t *testing.T) string {
					return game(t, rules.Standard, config.ViewSquare, "e4 e5 Nf3 Nc6 Bb5 a6", "enter").View()
				},
				"game-diamond": func(t *testing.T) string {
					return game(t, rules.Edgy, config.ViewAuto, "c3 f4 d3", "up", "enter").View()
				},
				"help": func(t *testing.T) string { return game(t, rules.Standard, config.ViewSquare, "", "?").View() },
				"menu": func(t *testing.T) string { return newTestMenu(sized(w, h), GameOptions{Mode: match.PlayWhite}).View() },
				"menu-help": func(t *testing.T) string {
					m := newTestMenu(sized(w, h), GameOptions{Variant: rules.Edgy})
					press(m, "?")
					return m.View()
				},
				"replay-square": func(t *testing.T) string {
					r := longReplay(t, sized(w, h))
					r.goTo(21)
					return r.View()
				},
				"replay-diamond": func(t *testing.T) string {
					r := longReplay(t, sized(w, h))
					r.goTo(9)
					press(r, "v")
					return r.View()
				},
			}
			names := make([]string, 0, len(shots))
			for name := range shots {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				shot := shots[name]
				t.Run(name, func(t *testing.T) {
					isolate(t) // no game left by another shot to resume
					v := shot(t)
					checkFrame(t, name, v, w, h)
					golden.RequireEqual(t, []byte(v))
				})
			}
		})
	}
}

// On a large board a click anywhere on a figure, or on the square around
// it, lands on that square: the mouse reads the layout the board is drawn
// with, at every size of both views.
func TestClicksOnLargeBoards(t *testing.T) {
	isolate(t)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}, {250, 80}} {
		for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
			g, err := testGameScreen(t, sized(sz[0], sz[1]), GameOptions{Variant: rules.Standard, View: view})
			if err != nil {
				t.Fatal(err)
			}
			f := &g.board.frame
			e2, e4 := sq(t, "e2"), sq(t, "e4")
			// every cell drawn as e2: the first press selects, a second
			// elsewhere on it deselects, so count the selections
			cx, cy := f.board.Centre(e2)
			for _, d := range [][2]int{{0, 0}, {-2, -1}, {2, 1}, {-1, 1}, {1, -1}} {
				x, y := cx+d[0], cy+d[1]
				if s, ok := f.board.SquareAt(x, y); !ok || s != e2 {
					continue // off the square at this size
				}
				g.board.selected = rules.NoSquare
				g.Update(tea.MouseMsg{X: f.boardX + x, Y: f.boardY + y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
				if g.board.selected != e2 {
					t.Errorf("%dx%d %v: a click at (%d,%d) from e2's middle did not select e2 (selected %v)", sz[0], sz[1], view, d[0], d[1], g.board.selected)
				}
			}
			x, y := f.board.Centre(e4)
			settle(g, func() tea.Cmd {
				_, cmd := g.Update(tea.MouseMsg{X: f.boardX + x, Y: f.boardY + y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
				return cmd
			}())
			if got := historySAN(g.game()); got != "e4" {
				t.Errorf("%dx%d %v: clicking e2 then e4 played %q", sz[0], sz[1], view, got)
			}
		}
	}
}
