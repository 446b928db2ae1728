package tui

import (
	"github.com/charmbracelet/lipgloss"

	"varia/ai"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
)

// Context is what every screen shares: the terminal size, the styles, the
// settings and the file they are saved in. Screens hold a pointer, so a
// change is seen by all.
type Context struct {
	Width, Height int
	Renderer      *lipgloss.Renderer
	Styles        *board.Styles
	Settings      config.Settings
	Config        *config.File // nil when settings are not saved
	Services      Services     // the engine and the time; tests replace them
	// Table is the server's side of a game played on a server (nil in
	// local play): the screens then leave the server's files and
	// settings alone (served.go).
	Table Table
}

// NewContext builds a context for a renderer (whose colour profile decides
// whether colour is used; NO_COLOR makes it colourless). Bindings left
// without keys get the standard ones.
func NewContext(r *lipgloss.Renderer, s config.Settings) *Context {
	s.Keys.FillDefaults()
	if s.Views == nil {
		s.Views = map[string]config.ViewChoice{}
	}
	c := &Context{Renderer: r, Settings: s, Services: DefaultServices()}
	c.Services.NewEngine = func() match.Engine {
		return match.NewAIEngineThreads(ai.NewEngine(engineHashMiB), c.Settings.EngineThreads())
	}
	c.restyle()
	return c
}

// SetPieces changes the piece style.
func (c *Context) SetPieces(p board.PieceStyle) {
	c.Settings.Pieces = p
	c.restyle()
}

func (c *Context) restyle() {
	theme, err := board.ThemeByName(c.Settings.Theme)
	if err != nil {
		theme = board.Themes()[0]
	}
	c.Styles = board.NewStyles(c.Renderer, theme, c.Settings.Pieces)
}
