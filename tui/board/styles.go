package board

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Palette holds every colour the interface uses, so a theme is one value.
type Palette struct {
	LightSquare, DarkSquare        lipgloss.TerminalColor
	LastLight, LastDark            lipgloss.TerminalColor // last move's squares
	Selected, Cursor, Check        lipgloss.TerminalColor // square backgrounds
	Gap                            lipgloss.TerminalColor // diamond view: between squares
	WhitePiece, BlackPiece, Marker lipgloss.TerminalColor
	Hints                          [NumHintKinds]lipgloss.TerminalColor
	Accent, Subtle, Error, Warning lipgloss.TerminalColor
	CurrentMoveFg, CurrentMoveBg   lipgloss.TerminalColor
}

// DefaultPalette is a wooden board with saturated hint colours (the
// "wood" theme). Every colour has a 16-colour fallback so basic terminals
// stay readable, and text off the board has a form for light terminal
// backgrounds. The squares and highlights are mid-tones, dark enough for
// the white pieces and light enough for the black ones; the 256-colour
// forms are picked by hand to keep that.
func DefaultPalette() Palette {
	c := func(tc, c256, c16 string) lipgloss.CompleteColor {
		return lipgloss.CompleteColor{TrueColor: tc, ANSI256: c256, ANSI: c16}
	}
	return Palette{
		LightSquare: c("#A88A5E", "137", "7"),
		DarkSquare:  c("#8A5B23", "94", "3"),
		LastLight:   c("#A28B2A", "136", "11"),
		LastDark:    c("#8B7B1D", "100", "11"),
		Selected:    c("#548E52", "65", "2"),
		Cursor:      c("#4F86C6", "68", "12"),
		Check:       c("#D34843", "167", "9"),
		Gap:         c("#3A3530", "236", "0"),
		WhitePiece:  c("#FFFFFF", "231", "15"),
		BlackPiece:  c("#000000", "16", "0"),
		Marker:      c("#FFFFFF", "231", "15"),
		Hints: [NumHintKinds]lipgloss.TerminalColor{
			HintQuiet:        c("#1E5C1E", "22", "2"),
			HintCapture:      c("#B01010", "124", "9"),
			HintEnPassant:    c("#7A1FA2", "91", "13"),
			HintCastling:     c("#0D3F8F", "18", "4"),
			HintKingsStep:    c("#005F5F", "23", "14"),
			HintPawnLateral:  c("#B34700", "130", "10"),
			HintPawnDiagonal: c("#6B2E00", "52", "6"),
			HintDoubleStep:   c("#14143C", "17", "12"),
			HintPromotion:    c("#8A006E", "89", "5"),
		},
		Accent:        text(c("#E0A040", "179", "3"), c("#8A5A00", "94", "3")),
		Subtle:        text(c("#8A8A8A", "245", "8"), c("#6C6C6C", "242", "8")),
		Error:         text(c("#FF6060", "203", "9"), c("#C00000", "124", "1")),
		Warning:       text(c("#FFB040", "215", "11"), c("#A04F00", "130", "3")),
		CurrentMoveFg: c("#101010", "233", "0"),
		CurrentMoveBg: c("#E0A040", "179", "3"),
	}
}

// Square backgrounds and foregrounds the board painter combines.
type bgKind uint8

const (
	bgNone bgKind = iota
	bgLight
	bgDark
	bgLastLight
	bgLastDark
	bgSelected
	bgCursor
	bgCheck
	bgGap
	bgHint // + HintKind: the chip a destination's mark is drawn on
	numBg  = bgHint + bgKind(NumHintKinds)
)

type fgKind uint8

const (
	fgDefault fgKind = iota
	fgWhite          // White's pieces
	fgBlack          // Black's pieces
	fgMark           // markers and hint marks: the marker colour, or black or white where it would not stand out
	fgLabel
	numFg
)

// ink is the escape sequence that starts a style and the one that ends it,
// taken from lipgloss once, so drawing a board is string concatenation
// rather than a lipgloss render per cell.
type ink struct{ pre, post string }

// Styles is the one styles value every screen shares.
type Styles struct {
	Colour  bool // false when the terminal has no colour or NO_COLOR is set
	ASCII   bool // pieces are letters
	Figures bool // large squares draw pieces as figures of block characters
	Theme   Theme
	Palette Palette
	Glyphs  Glyphs

	Title, Subtle, Bold, Accent, Error, Warning lipgloss.Style
	MoveNumber, Move, CurrentMove, FutureMove   lipgloss.Style
	Dialog, Prompt, Label                       lipgloss.Style
	HelpKey, HelpDesc, HelpSep                  lipgloss.Style
	Hint                                        [NumHintKinds]lipgloss.Style
	// The engine's analysis: White's and Black's share of the evaluation
	// bar and graph, and the marks of a move judged good, an
	// inaccuracy, a mistake and a blunder (ai.Judgement's order).
	EvalWhite, EvalBlack lipgloss.Style
	Judgement            [4]lipgloss.Style

	profile termenv.Profile
	oneInk  bool // both sides' pieces in one ink
	inks    [numBg][numFg]ink
}

// NewStyles builds the styles for a renderer (which knows the terminal's
// colour profile) with the given theme and piece style.
func NewStyles(r *lipgloss.Renderer, theme Theme, pieces PieceStyle) *Styles {
	p := theme.Palette
	prof := r.ColorProfile()
	s := &Styles{Theme: theme, Palette: p, Colour: prof != termenv.Ascii, profile: prof}
	// In 16 colours no square colour stands out from both a white and a
	// black piece in every terminal's palette: both sides take the dark
	// ink, as in one-ink themes, on squares light enough for it.
	s.oneInk = theme.OneInk || prof == termenv.ANSI
	// White's pieces are outlines and Black's filled, so the sides differ
	// by shape as well as by colour; the outline style draws both sides
	// in outline where colour tells them apart.
	byColour := s.Colour && !s.oneInk
	if pieces == PiecesOutline {
		s.Glyphs = UnicodeGlyphs(true, byColour)
	} else {
		s.Glyphs = UnicodeGlyphs(true, false)
	}
	// The board gives every glyph one cell. Where symbols of ambiguous
	// width count as two (RUNEWIDTH_EASTASIAN), letters keep it aligned.
	if pieces == PiecesLetters || !s.Glyphs.narrow() {
		s.Glyphs, s.ASCII = ASCIIGlyphs(), true
	}
	s.Figures = !s.ASCII && figuresNarrow()
	ns := r.NewStyle
	s.Title = ns().Bold(true).Foreground(p.Accent)
	s.Subtle = ns().Foreground(p.Subtle)
	s.Bold = ns().Bold(true)
	s.Accent = ns().Foreground(p.Accent)
	s.Error = ns().Foreground(p.Error)
	s.Warning = ns().Bold(true).Foreground(p.Warning)
	s.MoveNumber = ns().Foreground(p.Subtle)
	s.Move = ns()
	s.CurrentMove = ns().Bold(true).Foreground(p.CurrentMoveFg).Background(p.CurrentMoveBg)
	s.FutureMove = ns().Foreground(p.Subtle).Faint(true)
	s.Dialog = ns().Border(lipgloss.RoundedBorder()).BorderForeground(p.Accent).Padding(0, 1)
	s.Prompt = ns().Bold(true).Foreground(p.Accent)
	s.Label = ns().Foreground(p.Subtle)
	s.HelpKey = ns().Foreground(p.Accent)
	s.HelpDesc = ns().Foreground(p.Subtle)
	s.HelpSep = ns().Foreground(p.Subtle)
	s.EvalWhite = ns().Foreground(p.WhitePiece)
	s.EvalBlack = ns().Foreground(p.Subtle)
	s.Judgement = [4]lipgloss.Style{ns(), ns().Bold(true).Foreground(p.Accent), ns().Bold(true).Foreground(p.Warning), ns().Bold(true).Foreground(p.Error)}
	for k := range s.Hint {
		chip := bgHint + bgKind(k)
		s.Hint[k] = ns().Bold(true).Background(s.bgColour(chip)).Foreground(s.fgColour(chip, fgMark))
	}

	const sentinel = "\uE000" // private use: never part of an escape sequence
	for b := bgKind(0); b < numBg; b++ {
		for f := fgKind(0); f < numFg; f++ {
			st := ns()
			if c := s.bgColour(b); c != nil {
				st = st.Background(c)
			}
			if c := s.fgColour(b, f); c != nil {
				st = st.Foreground(c)
			}
			if f == fgWhite || f == fgBlack || f == fgMark {
				st = st.Bold(true)
			}
			pre, post, _ := strings.Cut(st.Render(sentinel), sentinel)
			s.inks[b][f] = ink{pre, post}
		}
	}
	return s
}

// bgColour is the colour of a background kind; nil for the terminal's
// own.
func (s *Styles) bgColour(b bgKind) lipgloss.TerminalColor {
	p := &s.Palette
	switch b {
	case bgLight:
		return p.LightSquare
	case bgDark:
		return p.DarkSquare
	case bgLastLight:
		return p.LastLight
	case bgLastDark:
		return p.LastDark
	case bgSelected:
		return p.Selected
	case bgCursor:
		return p.Cursor
	case bgCheck:
		return p.Check
	case bgGap:
		return p.Gap
	}
	if b >= bgHint && b < numBg {
		return p.Hints[b-bgHint]
	}
	return nil
}

// fgColour is the colour a foreground kind is drawn in on a background
// kind; nil for the terminal's own.
func (s *Styles) fgColour(b bgKind, f fgKind) lipgloss.TerminalColor {
	p := &s.Palette
	switch f {
	case fgWhite:
		if s.oneInk {
			return p.BlackPiece
		}
		return p.WhitePiece
	case fgBlack:
		return p.BlackPiece
	case fgMark:
		if bg := s.bgColour(b); bg != nil {
			return inkOn(bg, p.Marker, s.profile)
		}
		return p.Marker
	case fgLabel:
		return p.Subtle
	}
	return nil
}

// HintMark is a hint's mark as the board shows it, on its chip, for text
// that explains the marks.
func (s *Styles) HintMark(k HintKind) string {
	return s.Hint[k].Render(string(s.Glyphs.Hints[k]))
}
