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

// Settings are the player's preferences; a configuration file can fill
// them later.
type Settings struct {
	ASCII bool       // letters instead of chess symbols
	View  ViewChoice // board view for new games
	Mouse bool       // accept mouse clicks
}

// Context is what every screen shares: the terminal size, the styles and
// the settings. Screens hold a pointer, so a change is seen by all.
type Context struct {
	Width, Height int
	Renderer      *lipgloss.Renderer
	Styles        *Styles
	Settings      Settings
	Palette       Palette
}

// NewContext builds a context for a renderer (whose colour profile decides
// whether colour is used; NO_COLOR makes it colourless).
func NewContext(r *lipgloss.Renderer, s Settings) *Context {
	c := &Context{Renderer: r, Settings: s, Palette: DefaultPalette()}
	c.restyle()
	return c
}

// SetASCII switches between letters and chess symbols.
func (c *Context) SetASCII(on bool) {
	c.Settings.ASCII = on
	c.restyle()
}

func (c *Context) restyle() {
	c.Styles = NewStyles(c.Renderer, c.Palette, c.Settings.ASCII)
}
