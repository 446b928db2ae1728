package tui

import (
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// App is the root model: it owns the shared context and switches between
// screens when they ask to.
type App struct {
	ctx     *Context
	current screen
}

// New builds the interface: the start menu, or straight into a game when
// opts names a variant.
func New(ctx *Context, opts GameOptions) (*App, error) {
	a := &App{ctx: ctx}
	if opts.Variant == nil {
		a.current = newMenuScreen(ctx, opts)
		return a, nil
	}
	if opts.View == ViewAuto {
		opts.View = ctx.Settings.ViewFor(opts.Variant)
	}
	g, err := newGameScreen(ctx, opts)
	if err != nil {
		return nil, err
	}
	if f := ctx.Config; f != nil && len(f.Problems) > 0 {
		g.complain("%s", configProblemsNote(f, ""))
	}
	a.current = g
	return a, nil
}

// Init starts nothing: screens react to the first window size.
func (a *App) Init() tea.Cmd { return nil }

// Update routes a message to the current screen, after handling what
// concerns every screen: size, ctrl+c and screen switches.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.ctx.Width, a.ctx.Height = msg.Width, msg.Height
		a.current.SetSize(msg.Width, msg.Height)
		return a, nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return a, tea.Quit
		}
	case startGameMsg:
		g, err := newGameScreen(a.ctx, msg.opts)
		if err != nil {
			menu := newMenuScreen(a.ctx, msg.opts)
			menu.problem = err.Error()
			a.current = menu
			return a, nil
		}
		a.current = g
		return a, nil
	case openMenuMsg:
		a.current = newMenuScreen(a.ctx, msg.opts)
		return a, nil
	case openGuideMsg:
		a.current = newGuideScreen(a.ctx, msg.variant, a.current)
		return a, nil
	case openSettingsMsg:
		a.current = newSettingsScreen(a.ctx, msg.opts)
		return a, nil
	case returnMsg:
		a.current = msg.to
		a.current.SetSize(a.ctx.Width, a.ctx.Height)
		return a, nil
	}
	var cmd tea.Cmd
	a.current, cmd = a.current.Update(msg)
	return a, cmd
}

// View draws the current screen.
func (a *App) View() string { return a.current.View() }

// Run plays on the terminal until the player quits. Colour follows the
// terminal; NO_COLOR turns it off. file is where the settings screen saves
// (nil: nowhere).
func Run(settings Settings, file *ConfigFile, opts GameOptions) error {
	r := newRenderer(os.Stdout, os.Getenv("NO_COLOR") != "")
	// Ask the terminal for its background colour now, once: text colours
	// adapt to it, and once the program runs the answer would arrive in
	// its keyboard input.
	r.HasDarkBackground()
	ctx := NewContext(r, settings)
	ctx.Config = file
	app, err := New(ctx, opts)
	if err != nil {
		return err
	}
	popts := []tea.ProgramOption{tea.WithAltScreen()}
	if settings.Mouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	_, err = tea.NewProgram(app, popts...).Run()
	return err
}

// newRenderer styles for a terminal, without colour when noColor is set
// (https://no-color.org) whatever the terminal could show.
func newRenderer(out io.Writer, noColor bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(out)
	if noColor {
		r.SetColorProfile(termenv.Ascii)
	}
	return r
}
