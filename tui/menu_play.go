package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/ai"
	"varia/saves"
)

// menuPlay is the menu's part for playing the computer, clocks,
// resuming the autosaved game and opening saved ones.
type menuPlay struct {
	level  int     // index into ai.Levels
	clocks []Clock // clockPresets, plus a clock asked for on the command line
	clock  int
	resume *saves.SavedGame // the autosaved game in progress
	note   string           // what became of the autosave, when not resumable
}

func (m *menuScreen) initPlay(opts GameOptions) {
	p := &m.play
	want := settingsLevel(m.ctx)
	for _, pl := range opts.Players {
		if pl.Computer {
			want = pl.Level
		}
	}
	for i, l := range ai.Levels() {
		if l.Name == want.Name {
			p.level = i
		}
	}
	if md := modeOf(opts.Players); md != TwoPlayers {
		// players from the command line (varia --black ai:easy)
		for i, x := range Modes() {
			if x == md {
				m.mode = i
			}
		}
	}
	p.clocks = clockPresets()
	if !opts.Clock.On() {
		opts.Clock = m.ctx.Settings.Clock // the settings' clock for new games
	}
	if opts.Clock.On() {
		p.clock = -1
		for i, tc := range p.clocks {
			if tc == opts.Clock {
				p.clock = i
			}
		}
		if p.clock < 0 {
			p.clocks = append(p.clocks, opts.Clock)
			p.clock = len(p.clocks) - 1
		}
	}
	p.checkAutosave(m.ctx)
}

// checkAutosave looks for a game left in progress. A finished game
// found there (the player quit without saving it) goes to the saved
// games, so it is neither lost nor offered to resume.
func (p *menuPlay) checkAutosave(ctx *Context) {
	p.resume, p.note = nil, ""
	sg, err := saves.LoadAutosave()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return
	case err != nil:
		p.note = fmt.Sprintf("The autosaved game cannot be read: %v", err)
		return
	case sg.Game.Result().Over():
		path, err := archiveAutosave(ctx, sg)
		switch {
		case err != nil:
			p.note = fmt.Sprintf("Your last game is finished but could not be moved to the saved games: %v", err)
		case path != "":
			p.note = "Your last game is in your saved games: " + displayPath(path) + " (" + firstKey(ctx.Settings.Keys.Menu.Open) + " opens it)."
		}
		return
	}
	p.resume = sg
}

func (p *menuPlay) levelNow() ai.Level { return ai.Levels()[p.level] }

// withPlay adds the players and clock the menu shows to a game's options.
func (m *menuScreen) withPlay(o GameOptions) GameOptions {
	o.Players = playersFor(o.Mode, m.play.levelNow())
	if m.play.clock >= 0 && m.play.clock < len(m.play.clocks) {
		o.Clock = m.play.clocks[m.play.clock]
	}
	return o
}

func (m *menuScreen) playKey(k tea.KeyMsg) (tea.Cmd, bool) {
	p := &m.play
	switch {
	case key.Matches(k, m.keys.Level):
		p.level = (p.level + 1) % len(ai.Levels())
		if !Modes()[m.mode].Computer() {
			// Choosing a level means playing the computer.
			m.mode = 1
		}
	case key.Matches(k, m.keys.Clock):
		p.clock = (p.clock + 1) % len(p.clocks)
	case key.Matches(k, m.keys.Resume):
		if p.resume == nil {
			return nil, true
		}
		return startGame(m.resumeOptions()), true
	case key.Matches(k, m.keys.Open):
		return openFiles(nil), true
	default:
		return nil, false
	}
	return nil, true
}

// resumeOptions continue the autosaved game with its players and clock.
func (m *menuScreen) resumeOptions() GameOptions {
	sg := m.play.resume
	players := playersFromTags(sg.Tags.Get)
	o := GameOptions{Variant: sg.Game.Variant(), Players: players, Mode: modeOf(players), Continue: sg, Resume: true}
	if tc, ok := timeControlFromPGN(sg.Tags.Get("TimeControl")); ok {
		o.Clock = tc
	}
	o.View = m.views[o.Variant.ID]
	return o
}

// playSettingLines are the menu's level and clock lines.
func (m *menuScreen) playSettingLines(o GameOptions) []string {
	st := m.ctx.Styles
	p := &m.play
	setting := func(label, value string, b key.Binding) string {
		return fmt.Sprintf("%-8s%s %s", label, value, st.Subtle.Render("("+firstKey(b)+")"))
	}
	var out []string
	if o.Mode.Computer() {
		l := p.levelNow()
		out = append(out, setting("Level", l.Name, m.keys.Level))
		for _, line := range strings.Split(st.Subtle.Width(menuLeftW-8).Render(l.Explanation), "\n") {
			out = append(out, strings.Repeat(" ", 8)+line)
		}
	}
	clock := "none"
	if tc := o.Clock; tc.On() {
		clock = fmt.Sprintf("%s (%s min + %s s a move)", tc, trimFloat(tc.Base.Minutes()), trimFloat(tc.Increment.Seconds()))
	}
	return append(out, setting("Clock", clock, m.keys.Clock))
}

func trimFloat(f float64) string { return strings.TrimSuffix(fmt.Sprintf("%.2f", f), ".00") }

// playActionLines offer to resume the game in progress and to open a
// saved one.
func (m *menuScreen) playActionLines() []string {
	st := m.ctx.Styles
	p := &m.play
	var out []string
	if sg := p.resume; sg != nil {
		g := sg.Game
		text := fmt.Sprintf("%s to resume your game: %s, %s, %s v %s", firstKey(m.keys.Resume), g.Variant().Name,
			movesText(len(g.History())), sg.Tags.Get("White"), sg.Tags.Get("Black"))
		out = append(out, strings.Split(st.Accent.Width(menuLeftW).Render(text), "\n")...)
	}
	out = append(out, st.Subtle.Render(firstKey(m.keys.Open)+" to open or replay a saved game"))
	if p.note != "" {
		out = append(out, strings.Split(st.Subtle.Width(menuLeftW).Render(p.note), "\n")...)
	}
	return out
}

// movesText counts plies as moves: "1 move", "12 moves".
func movesText(plies int) string {
	n := (plies + 1) / 2
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}
