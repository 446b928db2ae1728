package tui

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"varia/rules"
	"varia/tui/config"
)

// runGolden runs the app as a program at the test size, waits for want to
// appear, sends keys, quits, and compares the final screen with
// testdata/<test name>.golden (go test ./tui -update rewrites them).
func runGolden(t *testing.T, app *App, want string, keys ...string) {
	t.Helper()
	t.Setenv("XDG_DATA_HOME", t.TempDir()) // no earlier test's autosave
	tm := teatest.NewTestModel(t, app, teatest.WithInitialTermSize(testW, testH))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(want)) },
		teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	for _, k := range keys {
		tm.Send(keyMsg(k))
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
	app.Close() // every save written before the test's home goes
	teatest.RequireEqualOutput(t, []byte(final.View()))
}

// The start screen of every variant in both views, with chess symbols and
// with letters.
func TestStartScreen(t *testing.T) {
	needNarrowSymbols(t)
	for _, v := range rules.Variants() {
		for _, view := range []config.ViewChoice{config.ViewSquare, config.ViewDiamond} {
			for _, ascii := range []bool{false, true} {
				pieces := "unicode"
				if ascii {
					pieces = "ascii"
				}
				t.Run(v.ID+"/"+view.String()+"/"+pieces, func(t *testing.T) {
					app, err := New(testContext(ascii), GameOptions{Variant: v, View: view})
					if err != nil {
						t.Fatal(err)
					}
					runGolden(t, app, "White to move")
				})
			}
		}
	}
}

func TestMenuScreen(t *testing.T) {
	needNarrowSymbols(t)
	// The menu looks for unfinished games as it opens: none here.
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	app, err := New(testContext(false), GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// choose Edgy: the preview switches to its diamond view
	runGolden(t, app, "Press enter", "down", "down")
}

// A game in progress: a piece selected with its destinations marked, the
// last move, the move list and the legend.
func TestGameScreen(t *testing.T) {
	needNarrowSymbols(t)
	tests := []struct {
		name    string
		variant *rules.Variant
		view    config.ViewChoice
		keys    []string
	}{
		// White's cursor stays on e4 while Black moves: enter selects it.
		{"asha-square", rules.Asha, config.ViewSquare, []string{":", "e", "4", "enter", ":", "d", "5", "enter", "enter"}},
		{"edgy-diamond", rules.Edgy, config.ViewAuto, []string{"k", "k", "enter", "k", "k", "enter", ":", "g", "5", "f", "4", "enter", "enter"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app, err := New(testContext(false), GameOptions{Variant: tc.variant, View: tc.view})
			if err != nil {
				t.Fatal(err)
			}
			runGolden(t, app, "White to move", tc.keys...)
		})
	}
}
