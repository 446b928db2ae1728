package tui

import (
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"varia/tui/config"
	"varia/tui/match"
)

// App is the root model: it owns the shared context, the stack of
// screens (nav.go) and the game being played, whose reports it hands to
// the match wherever its screen is.
type App struct {
	ctx   *Context
	stack []screen     // the current screen is the last
	live  *match.Match // the game being played, its screen shown or covered
}

// New builds the interface: the start menu, or straight into a game or
// the replay viewer when opts says so.
func New(ctx *Context, opts GameOptions) (*App, error) {
	a := &App{ctx: ctx}
	if opts.ReplayFile != "" {
		a.stack = []screen{openReplayFile(ctx, opts.ReplayFile, opts.ReplayGame)}
		return a, nil
	}
	if opts.Variant == nil {
		a.stack = []screen{newMenuScreen(ctx, opts)}
		return a, nil
	}
	if opts.View == config.ViewAuto {
		opts.View = ctx.Settings.ViewFor(opts.Variant)
	}
	g, err := newGameScreen(ctx, opts)
	if err != nil {
		return nil, err
	}
	if f := ctx.Config; f != nil && len(f.Problems) > 0 {
		g.msg.complain("%s", configProblemsNote(f, ""))
	}
	a.live = g.match
	a.stack = []screen{g}
	return a, nil
}

// current is the screen shown.
func (a *App) current() screen { return a.stack[len(a.stack)-1] }

// Init starts the first screen (a computer playing White moves at
// once); screens lay themselves out on the first window size.
func (a *App) Init() tea.Cmd { return startScreen(a.current()) }

// Update routes a message: first what concerns every screen (size,
// ctrl+c, screen switches, the game's own reports), then the rest to the
// current screen.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.ctx.Width, a.ctx.Height = msg.Width, msg.Height
		a.current().SetSize(msg.Width, msg.Height)
		return a, nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return a, tea.Quit
		}
	}
	if cmd, ok := a.navigate(msg); ok {
		return a, cmd
	}
	if _, ok := msg.(Refresh); ok {
		cmd, _ := a.updateCurrent(matchChangedMsg{})
		return a, cmd
	}
	if saved, ok := msg.(settingSavedMsg); ok && saved.problems != nil && a.ctx.Config != nil {
		// The file as it now is, whichever screen is shown when the
		// write ends.
		a.ctx.Config.Problems = *saved.problems
	}
	if id, ok := matchIDOf(msg); ok {
		if a.live == nil || id != a.live.ID() {
			return a, nil // a game since left
		}
		cmd, _ := handleMatchMsg(a.live, msg)
		// The screen shown (the game's, or one over it) sees the change.
		follow, _ := a.updateCurrent(matchChangedMsg{})
		return a, tea.Batch(cmd, follow)
	}
	if am, ok := msg.(analysisMsg); ok {
		// The analysis of the screen that asked for it, shown or not.
		for i := len(a.stack) - 1; i >= 0; i-- {
			if o, ok := a.stack[i].(analysisOwner); ok && o.analysis() == am.analysisBoard() {
				_, cmd := a.stack[i].Update(msg)
				return a, cmd
			}
		}
		return a, nil // a screen since left
	}
	cmd, _ := a.updateCurrent(msg)
	return a, a.guardQuit(cmd)
}

// unsafeQuitMsg is a screen's quit (q in the picker or the replay
// viewer) while the game being played is on disk nowhere.
type unsafeQuitMsg struct{}

// guardQuit: while the game being played is on disk nowhere (autosave
// fails and it is saved nowhere else), quitting from a screen over it
// brings the game back with its warning instead, so the game is not lost
// without the player being told; ctrl+c still quits.
func (a *App) guardQuit(cmd tea.Cmd) tea.Cmd {
	if cmd == nil || a.live == nil || !a.live.Saves().Unsafe {
		return cmd
	}
	return func() tea.Msg {
		msg := cmd()
		if _, ok := msg.(tea.QuitMsg); ok {
			return unsafeQuitMsg{}
		}
		return msg
	}
}

// backToUnsafeGame shows the game being played, over every screen
// opened above it, with the warning that it is on disk nowhere.
func (a *App) backToUnsafeGame() tea.Cmd {
	if a.live == nil || !a.live.Saves().Unsafe {
		return tea.Quit // saved since: quitting loses nothing
	}
	for i, s := range a.stack {
		g, ok := s.(*gameScreen)
		if !ok || g.match != a.live {
			continue
		}
		for _, above := range a.stack[i+1:] {
			leaveScreen(above)
		}
		a.stack = a.stack[:i+1]
		g.SetSize(a.ctx.Width, a.ctx.Height)
		cmd := startScreen(g)
		g.dialog = g.leaving.unsafe()
		return cmd
	}
	return tea.Quit // no screen shows the game: nothing to come back to
}

func (a *App) updateCurrent(msg tea.Msg) (tea.Cmd, screen) {
	s := a.current()
	_, cmd := s.Update(msg)
	return cmd, s
}

// View draws the current screen.
func (a *App) View() string { return a.current().View() }

// Close lets the game being played go once the program is done: every
// save asked for is written first. It waits for the disk, so it is for
// after the program has left the terminal.
func (a *App) Close() {
	if a.live == nil {
		return
	}
	for _, done := range match.Awaited(a.live.Close()) {
		<-done
	}
	a.live = nil
}

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
	out := &terminal{f: os.Stdout}
	ctx.Services.Control = out.control
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithOutput(out)}
	if settings.Mouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	_, err = tea.NewProgram(app, popts...).Run()
	app.Close()
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
