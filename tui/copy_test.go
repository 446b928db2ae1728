package tui

import (
	"encoding/base64"
	"strings"
	"testing"

	"varia/rules"
	"varia/tui/config"
)

// c copies the FEN of the position shown or the game's PGN by OSC 52,
// and shows the text for terminals that do not take it.
func TestCopy(t *testing.T) {
	g := newTestGame(t, rules.Asha, config.ViewAuto, "")
	var out bells
	g.ctx.Services.Control = out.control
	for _, m := range []string{"e4", "d7~c6"} {
		press(g, ":")
		typeText(g, m)
		press(g, "enter")
	}
	press(g, "c")
	if dialogName(g) != "copy" || !strings.Contains(g.View(), "the position's FEN") {
		t.Fatalf("c should ask what to copy:\n%s", g.View())
	}
	press(g, "f")
	fen := g.game().Position().FEN()
	if len(out.seqs) != 1 || out.seqs[0] != "\x1b]52;c;"+base64.StdEncoding.EncodeToString([]byte(fen))+"\a" {
		t.Fatalf("the FEN should go out by OSC 52: %q", out.seqs)
	}
	v := g.View()
	if dialogName(g) != "copied" || !strings.Contains(v, "copied to the clipboard") || !strings.Contains(strings.ReplaceAll(v, "\n", ""), fen[:20]) {
		t.Errorf("the FEN should be shown as a fallback:\n%s", v)
	}
	press(g, "esc")
	if dialogName(g) != "" {
		t.Error("esc closes the page")
	}
	// While looking back, the FEN is the position shown's.
	press(g, "<", "c", "f")
	if want := copySeq(g.hist.shown(g.match).Position().FEN()); out.seqs[1] != want || strings.Contains(out.seqs[1], base64.StdEncoding.EncodeToString([]byte(fen))) {
		t.Errorf("copied while browsing: %q", out.seqs[1])
	}
	press(g, "esc", "esc", "c", "p")
	b, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(strings.TrimPrefix(out.seqs[2], "\x1b]52;c;"), "\a"))
	if err != nil || !strings.Contains(string(b), `[Variant "Asha"]`) || !strings.Contains(string(b), "1. e4 d7~c6") {
		t.Errorf("the PGN copied: %q, %v", b, err)
	}
}

func TestHardWrap(t *testing.T) {
	if got := hardWrap("abcdefgh", 3); strings.Join(got, "|") != "abc|def|gh" {
		t.Errorf("hardWrap: %q", got)
	}
	if got := hardWrap("ab", 3); len(got) != 1 {
		t.Errorf("hardWrap short: %q", got)
	}
}
