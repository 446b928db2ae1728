package tui

import (
	"io"
	"os"
	"varia/tui/config"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// App is the root model: it owns the shared context and switches between
// screens when they ask to.
type App struct {
	ctx     *Context
	current screen
	game    *gameScreen // the game being played, shown or kept aside
}

// New builds the interface: the start menu, or straight into a game when
// opts names a variant.
func New(ctx *Context, opts GameOptions) (*App, error) {
	a := &App{ctx: ctx}
	if opts.ReplayFile != "" {
		s, err := openReplayFile(ctx, opts.ReplayFile, opts.ReplayGame)
		if err != nil {
			return nil, err
		}
		a.current = s
		return a, nil
	}
	if opts.Variant == nil {
		a.current = newMenuScreen(ctx, opts)
		return a, nil
	}
	if opts.View == config.ViewAuto {
		opts.View = ctx.Settings.ViewFor(opts.Variant)
	}
	g, err := newGameScreen(ctx, opts)
	if err != nil {
		return nil, err
	}
	a.game = g
	if f := ctx.Config; f != nil && len(f.Problems) > 0 {
		g.complain("%s", configProblemsNote(f, ""))
	}
	a.current = g
	return a, nil
}

// Init starts the first screen (a computer playing White moves at
// once); screens lay themselves out on the first window size.
func (a *App) Init() tea.Cmd { return startScreen(a.current) }

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
		a.closeGame()
		g, err := newGameScreen(a.ctx, msg.opts)
		if err != nil {
			if u := msg.opts.Unfinished; u != nil {
				u.Release()
			}
			menu := newMenuScreen(a.ctx, msg.opts)
			menu.problem = err.Error()
			return a, a.switchTo(menu)
		}
		a.game = g
		return a, a.switchTo(g)
	case openMenuMsg:
		a.closeGame()
		return a, a.switchTo(newMenuScreen(a.ctx, msg.opts))
	case openGuideMsg:
		return a, a.switchTo(newGuideScreen(a.ctx, msg.variant, a.current))
	case openSettingsMsg:
		return a, a.switchTo(newSettingsScreen(a.ctx, msg.opts))
	case returnMsg:
		return a, a.switchTo(msg.to)
	}
	if s, ok := playScreenFor(a.ctx, msg); ok {
		return a, a.switchTo(s)
	}
	var cmd tea.Cmd
	a.current, cmd = a.current.Update(msg)
	return a, cmd
}

// closeGame lets the game being played go when another game or the
// menu takes its place: nothing can come back to it any more, and its
// unfinished file is free for the menu, here or in another Varia, to
// offer.
func (a *App) closeGame() {
	if a.game != nil {
		a.game.close()
		a.game = nil
	}
}

// View draws the current screen.
func (a *App) View() string { return a.current.View() }

// Run plays on the terminal until the player quits. Colour follows the
// terminal; NO_COLOR turns it off. file is where the settings screen saves
// (nil: nowhere).
func Run(settings config.Settings, file *config.File, opts GameOptions) error {
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
	app.closeGame()
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
