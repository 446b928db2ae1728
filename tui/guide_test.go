package tui

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"varia/rules"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// g in a game opens the guide on the game's variant; closing it returns
// to the game as it was.
func TestGuideFromGameAndBack(t *testing.T) {
	ctx := testContext(false)
	app, err := New(ctx, GameOptions{Variant: rules.Edgy})
	t.Cleanup(func() { app.Close() }) // every save written before the test's home goes
	if err != nil {
		t.Fatal(err)
	}
	game := app.current().(*gameScreen)
	press(game, "k", "k", "enter") // the pawn on b2 selected
	cmd := press(game, "g")
	app.Update(cmd())
	guide, ok := app.current().(*guideScreen)
	if !ok || guide.variant() != rules.Edgy {
		t.Fatalf("g should open the Edgy page, got %T", app.current())
	}
	if !strings.Contains(guide.View(), "Edgy chess") {
		t.Error("the page is not on screen")
	}
	press(guide, "j", "j", "pgdown")
	if guide.vp.YOffset == 0 {
		t.Error("the page did not scroll")
	}
	press(guide, "G")
	if !guide.vp.AtBottom() {
		t.Error("G should go to the bottom")
	}
	press(guide, "right")
	if guide.variant() != rules.DiagonalChess || guide.vp.YOffset != 0 {
		t.Error("right should show the next variant from its top")
	}
	app.Update(tea.WindowSizeMsg{Width: 90, Height: 30})
	cmd = press(guide, "esc")
	app.Update(cmd())
	if app.current() != game {
		t.Fatal("esc should return to the same game")
	}
	if game.board.selected != sq(t, "b2") || game.board.frame.width != 90 {
		t.Errorf("the game lost its state: selected %v, width %d", game.board.selected, game.board.frame.width)
	}
}

func TestGuideFromMenu(t *testing.T) {
	ctx := testContext(false)
	app, _ := New(ctx, GameOptions{})
	menu := app.current().(*menuScreen)
	press(menu, "7")
	app.Update(press(menu, "g")())
	guide, ok := app.current().(*guideScreen)
	if !ok || guide.variant() != rules.ASEAN {
		t.Fatalf("g should open the ASEAN page")
	}
	app.Update(press(guide, "q")())
	if app.current() != menu || menu.variants[menu.index] != rules.ASEAN {
		t.Error("q should return to the menu as it was")
	}
}

// The guide screen as a person sees it.
func TestGuideScreen(t *testing.T) {
	needNarrowSymbols(t)
	app, err := New(testContext(false), GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	runGoldenSteps(t, app, []goldenStep{
		{want: "Press enter"},
		{keys: []string{"2", "g"}, want: "Rules guide"},
		{keys: []string{"pgdown"}, want: "The pawn on d4"},
	})
}

// goldenStep sends keys, then waits for text to appear: screens that
// switch through a command need the wait.
type goldenStep struct {
	keys []string
	want string
}

// runGoldenSteps is runGolden in steps.
func runGoldenSteps(t *testing.T, app *App, steps []goldenStep) {
	t.Helper()
	tm := teatest.NewTestModel(t, app, teatest.WithInitialTermSize(testW, testH))
	for _, st := range steps {
		for _, k := range st.keys {
			tm.Send(keyMsg(k))
		}
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(st.want)) },
			teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
	teatest.RequireEqualOutput(t, []byte(final.View()))
}
