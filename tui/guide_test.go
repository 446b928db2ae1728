package tui

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/charmbracelet/x/exp/golden"

	"varia/rules"
	"varia/tui/config"
)

// guideText is a variant's whole page as plain text, 96 columns wide, in
// the variant's own view.
func guideText(t *testing.T, v *rules.Variant, ascii bool) string {
	t.Helper()
	ctx := testContext(ascii)
	page := buildGuide(v, ctx.Styles, &ctx.Settings.Keys)
	return renderGuide(page, ctx.Styles, config.ViewAuto.For(v), 96)
}

// The rules page of every variant.
func TestGuidePages(t *testing.T) {
	needNarrowSymbols(t)
	for _, v := range rules.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			golden.RequireEqual(t, []byte(guideText(t, v, false)))
		})
	}
}

// The page is made from the variant's data: what the rules package says
// about promotion, castling, the count and piece names is on the page.
func TestGuideFollowsTheData(t *testing.T) {
	for _, v := range rules.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			text := guideText(t, v, true)
			flat := strings.Join(strings.Fields(text), " ")
			promo := v.PromotionSquares(rules.White)
			if promo != rules.Standard.PromotionSquares(rules.White) {
				if r := fullRank(promo); r >= 0 {
					if !strings.Contains(flat, fmt.Sprintf("rank %d", r+1)) {
						t.Errorf("promotion rank %d not named", r+1)
					}
				} else {
					for _, s := range promo.Squares() {
						if !strings.Contains(flat, s.String()) {
							t.Errorf("promotion square %s not named", s)
						}
					}
				}
			}
			if cs := v.CastlingRules(); len(cs) > 0 && !slices.Equal(cs, rules.Standard.CastlingRules()) {
				for _, c := range cs {
					want := fmt.Sprintf("%s: king %s→%s, rook %s→%s", c.SAN, c.King, c.KingTo, c.Rook, c.RookTo)
					if !strings.Contains(flat, want) {
						t.Errorf("castle %c: %q not on the page", c.Letter, want)
					}
				}
			}
			if len(v.CastlingRules()) == 0 && !strings.Contains(flat, "There is no castling.") {
				t.Error("no castling, and the page does not say so")
			}
			if v.CountLimit > 0 && !strings.Contains(flat, fmt.Sprintf("%d moves (%d plies)", v.CountLimit/2, v.CountLimit)) {
				t.Error("the count's length is not on the page")
			}
			for pt := rules.Knight; pt <= rules.King; pt++ {
				if name := v.PieceName(pt); name != rules.Standard.PieceName(pt) && !strings.Contains(flat, name) {
					t.Errorf("the %s is not named", name)
				}
			}
			if len(v.Pieces[rules.Knight].Steps) > 0 && !strings.Contains(flat, "King's Step") {
				t.Error("King's Steps are not explained")
			}
		})
	}
}

// Every move the page quotes is a move rules reads: the examples are
// rules' own notation of diagram moves.
func TestGuideExamplesAreMoves(t *testing.T) {
	for _, v := range rules.Variants() {
		ctx := testContext(true)
		page := buildGuide(v, ctx.Styles, &ctx.Settings.Keys)
		for _, sec := range page.sections {
			for _, d := range sec.diagrams {
				for _, san := range regexp.MustCompile(`[A-Za-z0-9~=+#-]+`).FindAllString(d.caption, -1) {
					if !looksLikeMove(san) {
						continue
					}
					if _, err := d.pos.ParseMove(san); err != nil {
						t.Errorf("%s: caption %q quotes %q: %v", v.ID, d.caption, san, err)
					}
				}
				if d.hl.Selected != rules.NoSquare && d.hl.Targets == 0 {
					t.Errorf("%s: diagram %q selects a piece with no moves", v.ID, d.caption)
				}
			}
		}
	}
}

func looksLikeMove(s string) bool {
	return regexp.MustCompile(`^([KQRBN]?[a-h]?[1-8]?[x~]?[a-h][1-8](=[QRBN])?|O-O(-O)?)$`).MatchString(s) &&
		!regexp.MustCompile(`^[a-h][1-8]$`).MatchString(s) || regexp.MustCompile(`^[a-h][1-8]~`).MatchString(s)
}

// g in a game opens the guide on the game's variant; closing it returns
// to the game as it was.
func TestGuideFromGameAndBack(t *testing.T) {
	ctx := testContext(false)
	app, err := New(ctx, GameOptions{Variant: rules.Edgy})
	if err != nil {
		t.Fatal(err)
	}
	game := app.current.(*gameScreen)
	press(game, "k", "k", "enter") // the pawn on b2 selected
	cmd := press(game, "g")
	app.Update(cmd())
	guide, ok := app.current.(*guideScreen)
	if !ok || guide.variant() != rules.Edgy {
		t.Fatalf("g should open the Edgy page, got %T", app.current)
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
	if app.current != game {
		t.Fatal("esc should return to the same game")
	}
	if game.selected != sq(t, "b2") || game.frame.width != 90 {
		t.Errorf("the game lost its state: selected %v, width %d", game.selected, game.frame.width)
	}
}

func TestGuideFromMenu(t *testing.T) {
	ctx := testContext(false)
	app, _ := New(ctx, GameOptions{})
	menu := app.current.(*menuScreen)
	press(menu, "7")
	app.Update(press(menu, "g")())
	guide, ok := app.current.(*guideScreen)
	if !ok || guide.variant() != rules.ASEAN {
		t.Fatalf("g should open the ASEAN page")
	}
	app.Update(press(guide, "q")())
	if app.current != menu || menu.variants[menu.index] != rules.ASEAN {
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
