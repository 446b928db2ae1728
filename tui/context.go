package tui

import (
	"github.com/charmbracelet/lipgloss"

	"varia/rules"
)

// ViewChoice is the board view a player asked for.
type ViewChoice uint8

const (
	ViewAuto    ViewChoice = iota // the variant's own default
	ViewSquare                    // always square
	ViewDiamond                   // always diamond
)

func (c ViewChoice) String() string {
	switch c {
	case ViewSquare:
		return "square"
	case ViewDiamond:
		return "diamond"
	}
	return "variant default"
}

// For returns the view to use for a variant.
func (c ViewChoice) For(v *rules.Variant) BoardView {
	switch c {
	case ViewSquare:
		return SquareView
	case ViewDiamond:
		return DiamondView
	}
	if v.DiamondView {
		return DiamondView
	}
	return SquareView
}

// Mode is who plays whom.
type Mode uint8

const (
	// TwoPlayers is hot-seat play: both sides at this keyboard.
	TwoPlayers Mode = iota
)

func (m Mode) String() string { return "two players, one keyboard" }

// Short is the mode in a few words.
func (m Mode) Short() string { return "two players" }

// Modes lists the modes the menu offers. Playing the computer joins the
// list once the engine can be played.
func Modes() []Mode { return []Mode{TwoPlayers} }

// Context is what every screen shares: the terminal size, the styles, the
// settings and the file they are saved in. Screens hold a pointer, so a
// change is seen by all.
type Context struct {
	Width, Height int
	Renderer      *lipgloss.Renderer
	Styles        *Styles
	Settings      Settings
	Config        *ConfigFile // nil when settings are not saved
}

// NewContext builds a context for a renderer (whose colour profile decides
// whether colour is used; NO_COLOR makes it colourless). Bindings left
// without keys get the standard ones.
func NewContext(r *lipgloss.Renderer, s Settings) *Context {
	s.Keys.fillDefaults()
	if s.Views == nil {
		s.Views = map[string]ViewChoice{}
	}
	c := &Context{Renderer: r, Settings: s}
	c.restyle()
	return c
}

// SetPieces changes the piece style.
func (c *Context) SetPieces(p PieceStyle) {
	c.Settings.Pieces = p
	c.restyle()
}

// SetTheme changes the board theme (an unknown name gives the default).
func (c *Context) SetTheme(name string) {
	c.Settings.Theme = name
	c.restyle()
}

func (c *Context) restyle() {
	theme, err := ThemeByName(c.Settings.Theme)
	if err != nil {
		theme = Themes()[0]
	}
	c.Styles = NewStyles(c.Renderer, theme, c.Settings.Pieces)
}
