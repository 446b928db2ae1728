package tui

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"varia/rules"
)

// guideText is a variant's whole page as plain text, 96 columns wide, in
// the variant's own view.
func guideText(t *testing.T, v *rules.Variant, ascii bool) string {
	t.Helper()
	ctx := testContext(ascii)
	page := buildGuide(v, ctx.Styles, &ctx.Settings.Keys)
	return renderGuide(page, ctx.Styles, ViewAuto.For(v), 96)
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
