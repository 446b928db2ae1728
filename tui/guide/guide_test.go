package guide

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
)

// guideText is a variant's whole page as plain text, 96 columns wide, in
// the variant's own view.
func guideText(t *testing.T, v *rules.Variant, ascii bool) string {
	t.Helper()
	keys := config.DefaultKeymap()
	st := testStyles(ascii)
	return Render(Build(v, st, &keys), st, config.ViewAuto.For(v), 96)
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
		keys := config.DefaultKeymap()
		page := Build(v, testStyles(true), &keys)
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

// testStyles are colourless styles of the default theme, on a dark
// background whatever the environment says, with letters for pieces when
// ascii is set.
func testStyles(ascii bool) *board.Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	r.SetHasDarkBackground(true)
	pieces := board.PiecesFilled
	if ascii {
		pieces = board.PiecesLetters
	}
	theme, _ := board.ThemeByName(board.DefaultThemeName)
	return board.NewStyles(r, theme, pieces)
}

// needNarrowSymbols skips golden pages where the environment
// (RUNEWIDTH_EASTASIAN) makes symbols of ambiguous width, such as · and
// •, measure two cells: they assume one.
func needNarrowSymbols(t *testing.T) {
	t.Helper()
	if lipgloss.Width("·•←") != 3 {
		t.Skip("ambiguous-width symbols measure two cells here (RUNEWIDTH_EASTASIAN); the expected pages assume one")
	}
}

// Every page says how its games are drawn, the flag-fall rule among
// them; ASEAN's says whose rules it follows; Chess960's shows a castle
// where king and rook end as the rules say.
func TestGuideDrawsAndSources(t *testing.T) {
	for _, v := range rules.Variants() {
		flat := strings.Join(strings.Fields(guideText(t, v, true)), " ")
		for _, want := range []string{"\nDraws\n", "stalemate", "three times", "fifth time", "50 moves", "75 moves", "time runs out", "king and a knight against a king and a pawn is a draw"} {
			text := flat
			if strings.HasPrefix(want, "\n") {
				text = guideText(t, v, true)
			}
			if !strings.Contains(text, want) {
				t.Errorf("%s: the page does not say %q", v.ID, strings.TrimSpace(want))
			}
		}
		if v.CountLimit > 0 && !strings.Contains(flat, "when the count runs out") {
			t.Errorf("%s: the draws should name the count", v.ID)
		}
	}
	asean := strings.Join(strings.Fields(guideText(t, rules.ASEAN, true)), " ")
	for _, want := range []string{"not by the rules of the ASEAN Chess Confederation", "pawns start on rank 2", "promote on rank 6", "64 moves"} {
		if !strings.Contains(asean, want) {
			t.Errorf("asean: the page does not say %q", want)
		}
	}
	c960 := guideText(t, rules.Chess960, true)
	pos, err := rules.ParseFEN(rules.Chess960, chess960Example)
	if err != nil {
		t.Fatal(err)
	}
	keys := config.DefaultKeymap()
	var captions string
	for _, sec := range Build(rules.Chess960, testStyles(true), &keys).sections {
		for _, d := range sec.diagrams {
			captions += d.caption
		}
	}
	castles := 0
	for _, m := range pos.Legal() {
		if r, ok := pos.CastleOf(m); ok {
			castles++
			want := fmt.Sprintf("king %s→%s and rook %s→%s", r.King, r.KingTo, r.Rook, r.RookTo)
			if !strings.Contains(captions, want) {
				t.Errorf("chess960: the castling diagram does not say %q: %s", want, captions)
			}
		}
	}
	if castles != 2 {
		t.Errorf("chess960: the example has %d castles", castles)
	}
	if !strings.Contains(c960, "(K)") || strings.Count(c960, "cRc") != 2 {
		t.Errorf("chess960: the diagram should show the king selected and both castles marked:\n%s", c960)
	}
}
