package tui

import (
	"strings"
	"testing"

	"varia/rules"
	"varia/tui/config"
)

// The prompt's examples are moves legal in the position, in every
// variant: no tilde move outside Asha, no e4 where pawns cannot go there.
func TestPromptExamplesAreLegal(t *testing.T) {
	for _, v := range rules.Variants() {
		pos := rules.NewPosition(v)
		text := promptExamples(pos, pos.Legal())
		if text == "" {
			t.Errorf("%s: no examples", v.ID)
			continue
		}
		for _, ex := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' }) {
			if ex == "or" {
				continue
			}
			if _, err := pos.ParseMove(ex); err != nil {
				t.Errorf("%s: example %q in %q is not legal: %v", v.ID, ex, text, err)
			}
		}
		if strings.Contains(text, "~") != (v == rules.Asha) {
			t.Errorf("%s: examples %q", v.ID, text)
		}
	}
	if got := promptExamples(rules.NewPosition(rules.Standard), rules.NewPosition(rules.Standard).Legal()); got != "d4, Nc3 or d2d4" {
		t.Errorf("chess's examples: %q", got)
	}
}

func TestMoveCompleter(t *testing.T) {
	c := newMoveCompleter([]string{"b3", "b4", "Ba3", "Bb2", "Nf3", "O-O", "e4"})
	steps := []struct{ typed, want string }{
		{"b", "b3"},   // SAN's own case first: a pawn
		{"b3", "b4"},  // Tab again: the next
		{"b4", "Bb2"}, // then a piece going to the b file
		{"Bb2", "Ba3"},
		{"b2", "Bb2"}, // a piece to b2
		{"zz", "zz"},  // nothing begins zz
		{"B", "Ba3"},
		{"n", "Nf3"}, // no pawn on n: the knight, in its own case
		{"", "Ba3"},  // an empty prompt steps through every move
		{"Ba3", "Bb2"},
	}
	for _, s := range steps {
		if got := c.complete(s.typed); got != s.want {
			t.Errorf("Tab on %q: %q, want %q", s.typed, got, s.want)
		}
	}
}

// Tab in the game's prompt completes in SAN's case, and the prompt says
// what it would complete to.
func TestPromptTab(t *testing.T) {
	g := newTestGame(t, rules.Standard, config.ViewAuto, "4k3/p7/8/8/8/8/8/2B1K3 w - - 0 1")
	press(g, ":", "b")
	if v := g.View(); !strings.Contains(v, "tab: Bb2") {
		t.Errorf("the prompt should show Bb2 as the completion:\n%s", v)
	}
	press(g, "tab")
	if got := g.dialog.input.Value(); got != "Bb2" {
		t.Errorf("b, Tab: %q, want Bb2", got)
	}
	press(g, "enter")
	if historySAN(g.game()) != "Bb2" {
		t.Errorf("moves %q", historySAN(g.game()))
	}
	press(g, ":", "tab")
	if got := g.dialog.input.Value(); got == "" || strings.Contains(g.View(), "tab: \n") {
		t.Errorf("Tab on an empty prompt should offer a move, got %q", got)
	}
	if _, err := g.game().Position().ParseMove(g.dialog.input.Value()); err != nil {
		t.Errorf("Tab on an empty prompt gave %q: %v", g.dialog.input.Value(), err)
	}
}
