package tui

import (
	"github.com/charmbracelet/lipgloss"

	"varia/tui/board"
	"varia/tui/config"
)

// Mode is who plays whom.
type Mode uint8

const (
	// TwoPlayers is hot-seat play: both sides at this keyboard.
	TwoPlayers         Mode = iota
	PlayWhite               // a person plays White against the computer
	PlayBlack               // a person plays Black against the computer
	ComputerVsComputer      // the engine plays both sides; people watch
)

var modeNames = [...][2]string{
	TwoPlayers:         {"two players, one keyboard", "two players"},
	PlayWhite:          {"you play White against the computer", "you v computer"},
	PlayBlack:          {"you play Black against the computer", "computer v you"},
	ComputerVsComputer: {"the computer plays itself", "watching"},
}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m][0]
	}
	return "unknown mode"
}

// Short is the mode in a few words.
func (m Mode) Short() string {
	if int(m) < len(modeNames) {
		return modeNames[m][1]
	}
	return "unknown mode"
}

// Computer reports whether the engine plays a side.
func (m Mode) Computer() bool { return m != TwoPlayers }

// Modes lists the modes the menu offers.
func Modes() []Mode { return []Mode{TwoPlayers, PlayWhite, PlayBlack, ComputerVsComputer} }

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
	c.restyle()
	return c
}

// SetPieces changes the piece style.
func (c *Context) SetPieces(p board.PieceStyle) {
	c.Settings.Pieces = p
	c.restyle()
}

// SetTheme changes the board theme (an unknown name gives the default).
func (c *Context) SetTheme(name string) {
	c.Settings.Theme = name
	c.restyle()
}

func (c *Context) restyle() {
	theme, err := board.ThemeByName(c.Settings.Theme)
	if err != nil {
		theme = board.Themes()[0]
	}
	c.Styles = board.NewStyles(c.Renderer, theme, c.Settings.Pieces)
}
