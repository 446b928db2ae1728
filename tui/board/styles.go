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
// backgrounds.
func DefaultPalette() Palette {
	c := func(tc, c256, c16 string) lipgloss.CompleteColor {
		return lipgloss.CompleteColor{TrueColor: tc, ANSI256: c256, ANSI: c16}
	}
	return Palette{
		LightSquare: c("#C8AD84", "180", "7"),
		DarkSquare:  c("#8F6B47", "137", "3"),
		LastLight:   c("#D6C56A", "186", "11"),
		LastDark:    c("#A8933A", "143", "11"),
		Selected:    c("#5FA55A", "71", "2"),
		Cursor:      c("#4F86C6", "68", "4"),
		Check:       rgb("#D2423C", 1),
		Gap:         c("#3A3530", "236", "0"),
		WhitePiece:  c("#FFFFFF", "231", "15"),
		BlackPiece:  c("#101010", "233", "0"),
		Marker:      c("#FFFFFF", "231", "15"),
		Hints: [NumHintKinds]lipgloss.TerminalColor{
			HintQuiet:        c("#1E5C1E", "22", "2"),
			HintCapture:      c("#B01010", "124", "1"),
			HintEnPassant:    c("#7A1FA2", "91", "5"),
			HintCastling:     c("#0D3F8F", "18", "4"),
			HintKingsStep:    c("#005F5F", "23", "6"),
			HintPawnLateral:  c("#B34700", "130", "3"),
			HintPawnDiagonal: c("#6B2E00", "52", "3"),
			HintDoubleStep:   c("#14143C", "17", "4"),
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
	numBg
)

type fgKind uint8

const (
	fgDefault fgKind = iota
	fgWhite
	fgBlack
	fgMarker
	fgLabel
	fgHint // + HintKind
	numFg  = fgHint + fgKind(NumHintKinds)
)

// ink is the escape sequence that starts a style and the one that ends it,
// taken from lipgloss once, so drawing a board is string concatenation
// rather than a lipgloss render per cell.
type ink struct{ pre, post string }

// Styles is the one styles value every screen shares.
type Styles struct {
	Colour  bool // false when the terminal has no colour or NO_COLOR is set
	ASCII   bool // pieces are letters
	Theme   Theme
	Palette Palette
	Glyphs  Glyphs

	Title, Subtle, Bold, Accent, Error, Warning lipgloss.Style
	MoveNumber, Move, CurrentMove, FutureMove   lipgloss.Style
	Dialog, Prompt, Label                       lipgloss.Style
	HelpKey, HelpDesc, HelpSep                  lipgloss.Style
	Hint                                        [NumHintKinds]lipgloss.Style

	inks [numBg][numFg]ink
}

// NewStyles builds the styles for a renderer (which knows the terminal's
// colour profile) with the given theme and piece style.
func NewStyles(r *lipgloss.Renderer, theme Theme, pieces PieceStyle) *Styles {
	p := theme.Palette
	s := &Styles{Theme: theme, Palette: p, Colour: r.ColorProfile() != termenv.Ascii}
	// Where colour cannot tell the sides apart, White's pieces are
	// outlines and Black's filled, whatever the style.
	byColour := s.Colour && !theme.OneInk
	if pieces == PiecesOutline {
		s.Glyphs = UnicodeGlyphs(true, byColour)
	} else {
		s.Glyphs = UnicodeGlyphs(!byColour, false)
	}
	// The board gives every glyph one cell. Where symbols of ambiguous
	// width count as two (RUNEWIDTH_EASTASIAN), letters keep it aligned.
	if pieces == PiecesLetters || !s.Glyphs.narrow() {
		s.Glyphs, s.ASCII = ASCIIGlyphs(), true
	}
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
	for k := range s.Hint {
		s.Hint[k] = ns().Bold(true).Foreground(p.Hints[k])
	}

	bgs := [numBg]lipgloss.TerminalColor{
		bgLight: p.LightSquare, bgDark: p.DarkSquare,
		bgLastLight: p.LastLight, bgLastDark: p.LastDark,
		bgSelected: p.Selected, bgCursor: p.Cursor, bgCheck: p.Check, bgGap: p.Gap,
	}
	fgs := [numFg]lipgloss.TerminalColor{
		fgWhite: p.WhitePiece, fgBlack: p.BlackPiece, fgMarker: p.Marker, fgLabel: p.Subtle,
	}
	for k := HintKind(0); k < NumHintKinds; k++ {
		fgs[fgHint+fgKind(k)] = p.Hints[k]
	}
	const sentinel = "\uE000" // private use: never part of an escape sequence
	for b := bgKind(0); b < numBg; b++ {
		for f := fgKind(0); f < numFg; f++ {
			st := ns()
			if bgs[b] != nil {
				st = st.Background(bgs[b])
			}
			if fgs[f] != nil {
				st = st.Foreground(fgs[f])
			}
			if f == fgWhite || f == fgBlack || f == fgMarker || f >= fgHint {
				st = st.Bold(true)
			}
			pre, post, _ := strings.Cut(st.Render(sentinel), sentinel)
			s.inks[b][f] = ink{pre, post}
		}
	}
	return s
}

// HintMark is a hint's mark as the board shows it, on a light square
// (hint colours are chosen for the squares, not for the terminal's
// background), for text that explains the marks.
func (s *Styles) HintMark(k HintKind) string {
	return s.Hint[k].Background(s.Palette.LightSquare).Render(string(s.Glyphs.Hints[k]))
}
