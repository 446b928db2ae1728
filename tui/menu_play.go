package tui

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"varia/ai"
	"varia/rules"
	"varia/saves"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// menuPlay is the menu's part for playing the computer, clocks,
// resuming unfinished games and opening saved ones.
type menuPlay struct {
	level  int                 // index into ai.Levels
	custom *ai.Level           // a rating typed instead
	start  int                 // Chess960: the start position's number
	fixed  bool                // chosen, rather than drawn at random for each game
	clocks []saves.TimeControl // config.ClockPresets, plus a clock asked for on the command line
	clock  int
	unfinishedScan
}

// unfinishedScan is what the menu found among the unfinished games.
type unfinishedScan struct {
	resume *saves.UnfinishedGame // the most recently played unfinished game nobody plays now
	others int                   // the other unfinished games nobody plays now
	busy   int                   // unfinished games open in other Varias
	note   string                // what became of finished ones, which cannot be read
}

// unfinishedScannedMsg is what scanUnfinished found.
type unfinishedScannedMsg struct{ unfinishedScan }

func (m *menuScreen) initPlay(opts GameOptions) {
	p := &m.play
	want := settingsLevel(m.ctx)
	for _, pl := range opts.Players {
		if pl.Computer {
			want = pl.Level
		}
	}
	p.custom = nil
	for i, l := range ai.Levels() {
		if l.Name == want.Name {
			p.level = i
		}
	}
	if !isNamedLevel(want) {
		p.custom = &want // a rating chosen freely (ai:1450)
	}
	if md := match.ModeOf(opts.Players); md != match.TwoPlayers {
		// players from the command line (varia --black ai:easy)
		for i, x := range match.Modes() {
			if x == md {
				m.mode = i
			}
		}
	}
	p.start = rand.IntN(960)
	if opts.Variant != nil && opts.Variant.StartCount > 0 && opts.FEN != "" && !opts.StartRandom {
		// a start position chosen before (the game's, the command line's)
		if pos, err := rules.ParseFEN(opts.Variant, opts.FEN); err == nil {
			if n, ok := rules.Chess960Number(pos); ok {
				p.start, p.fixed = n, true
			}
		}
	}
	p.clocks = config.ClockPresets()
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
}

// Unfinished games hardly begun (fewer than pruneBelowPlies moves, two
// each) and left for longer than pruneAfter are removed when the menu
// looks: a game quit after a move or two is not kept for ever. Any
// longer game stays until it ends or the player deletes it (d in the
// picker).
const (
	pruneBelowPlies = 4
	pruneAfter      = 24 * time.Hour
)

// scanUnfinished looks at the unfinished games, off the interface's
// goroutine: the most recently played one that no other Varia is playing
// is offered to resume, the others are counted. A finished game found
// there (the program stopped before it could save it) goes to the saved
// games, so it is neither lost nor offered to resume. Files that cannot
// be read are reported and left alone.
func scanUnfinished(ctx *Context) tea.Cmd {
	dir, dirErr := ctx.Settings.SaveDir()
	openKey := config.FirstKey(ctx.Settings.Keys.Menu.Open)
	return func() tea.Msg {
		var p unfinishedScan
		var notes []string
		if n, _ := saves.PruneUnfinished(pruneBelowPlies, pruneAfter, time.Now()); n > 0 {
			notes = append(notes, fmt.Sprintf("%s hardly begun and left for over a day %s removed.",
				words.Count(n, "unfinished game", "unfinished games"), map[bool]string{true: "was", false: "were"}[n == 1]))
		}
		list, err := saves.ListUnfinished()
		if err != nil {
			notes = append(notes, fmt.Sprintf("The unfinished games cannot be listed: %v", err))
		}
		unreadable := 0
		for i := range list {
			ug := &list[i]
			switch {
			case ug.Err != nil:
				unreadable++
				if unreadable == 1 {
					notes = append(notes, fmt.Sprintf("An unfinished game cannot be read; its file is left as it is: %v", ug.Err))
				}
			case ug.InUse:
				p.busy++
			case ug.Game.Game.Result().Over():
				if note := fileFinishedGame(ug.Path, dir, dirErr, openKey); note != "" {
					notes = append(notes, note)
				}
			case p.resume == nil:
				p.resume = ug
			default:
				p.others++
			}
		}
		if unreadable > 1 {
			notes = append(notes, fmt.Sprintf("%d more cannot be read either.", unreadable-1))
		}
		p.note = strings.Join(notes, " ")
		return unfinishedScannedMsg{p}
	}
}

// fileFinishedGame moves a finished game from the unfinished ones to the
// saved games in dir, and says where it went.
func fileFinishedGame(path, dir string, dirErr error, openKey string) string {
	u, sg, err := saves.ClaimUnfinished(path)
	if err != nil {
		return "" // another Varia got to it first, or it is gone
	}
	saved := ""
	if err = dirErr; err == nil {
		saved, err = saves.FileFinished(u, sg, dir)
	}
	u.Release()
	switch {
	case err != nil:
		return fmt.Sprintf("A finished game could not be moved to the saved games: %v", err)
	case saved != "":
		return "Your last game is in your saved games: " + displayPath(saved) + " (" + openKey + " opens it)."
	}
	return ""
}

// unfinishedSummary describes a game in a few words: "Asha chess,
// 3 moves, Ann v Varia Easy".
func unfinishedSummary(sg *saves.SavedGame) string {
	g := sg.Game
	return fmt.Sprintf("%s, %s, %s v %s", g.Variant().Name, movesText(g.Len()), sg.Tags.Get("White"), sg.Tags.Get("Black"))
}

func (p *menuPlay) levelNow() ai.Level {
	if p.custom != nil {
		return *p.custom
	}
	return ai.Levels()[p.level]
}

// isNamedLevel reports whether l is one of the engine's named levels.
func isNamedLevel(l ai.Level) bool {
	for _, n := range ai.Levels() {
		if n.Name == l.Name {
			return true
		}
	}
	return false
}

// typeElo asks for a rating of the player's choosing, after the named
// levels; esc goes on to the first.
func (m *menuScreen) typeElo() tea.Cmd {
	p := &m.play
	var d *dialog
	prompt := fmt.Sprintf("Rating (%d to %d): ", ai.MinElo, ai.MaxElo)
	d = newInput(m.ctx.Styles, prompt, "", func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel {
			p.level, p.custom = 0, nil
			return nil, false
		}
		elo, err := strconv.Atoi(strings.TrimSpace(a.text))
		if err != nil || elo < ai.MinElo || elo > ai.MaxElo {
			d.problem = fmt.Sprintf("%q: want a whole number from %d to %d", strings.TrimSpace(a.text), ai.MinElo, ai.MaxElo)
			return nil, true
		}
		l := ai.LevelForElo(elo)
		p.custom = &l
		return nil, false
	})
	d.name = "elo"
	m.dialog = d
	return d.open()
}

// withPlay adds the players, the clock and the start position the menu
// shows to a game's options.
func (m *menuScreen) withPlay(o GameOptions) GameOptions {
	if v := o.Variant; v != nil && v.StartCount > 0 {
		if fen, err := v.NumberedStart(m.play.start % v.StartCount); err == nil {
			o.FEN, o.StartRandom = fen, !m.play.fixed
		}
	}
	o.Players = match.PlayersFor(o.Mode, m.play.levelNow())
	if m.play.clock >= 0 && m.play.clock < len(m.play.clocks) {
		o.Clock = m.play.clocks[m.play.clock]
	}
	return o
}

func (m *menuScreen) playKey(k tea.KeyMsg) (tea.Cmd, bool) {
	p := &m.play
	switch {
	case key.Matches(k, m.keys.Level):
		if !match.Modes()[m.mode].Computer() {
			// Choosing a level means playing the computer.
			m.mode = 1
			return nil, true
		}
		switch {
		case p.custom != nil:
			p.level, p.custom = 0, nil
		case p.level == len(ai.Levels())-1:
			// After the strongest: a rating of one's own.
			return m.typeElo(), true
		default:
			p.level++
		}
	case key.Matches(k, m.keys.Clock):
		if p.clock == len(p.clocks)-1 {
			// After the last preset: type any clock (esc goes on to none).
			return m.typeClock(), true
		}
		p.clock++
	case key.Matches(k, m.keys.StartPosition):
		if m.variants[m.index].StartCount == 0 {
			return nil, true // one start position: nothing to choose
		}
		return m.typeStart(), true
	case key.Matches(k, m.keys.Resume):
		if p.resume == nil {
			return nil, true
		}
		m.problem = ""
		return msgCmd(resumeMsg{p.resume.Path, func(v *rules.Variant) config.ViewChoice { return m.views[v.ID] }}), true
	case key.Matches(k, m.keys.Open):
		return openFiles(), true
	case key.Matches(k, m.keys.Editor):
		return openEditor(m.options()), true
	default:
		return nil, false
	}
	return nil, true
}

// typeClock asks for a clock of the player's own; one that cannot be
// read keeps the prompt open, saying why.
func (m *menuScreen) typeClock() tea.Cmd {
	p := &m.play
	var d *dialog
	d = newInput(m.ctx.Styles, "Clock (5+3, 0:30+1): ", "", func(a dialogAnswer) (tea.Cmd, bool) {
		if a.cancel {
			p.clock = 0
			return nil, false
		}
		tc, err := saves.ParseTimeControl(a.text)
		if err != nil {
			d.problem = err.Error()
			return nil, true
		}
		p.clock = -1
		for i, c := range p.clocks {
			if c == tc {
				p.clock = i
			}
		}
		if p.clock < 0 {
			p.clocks = append(p.clocks, tc)
			p.clock = len(p.clocks) - 1
		}
		return nil, false
	})
	d.name = "clock"
	m.dialog = d
	return d.open()
}

// typeStart asks for a Chess960 start position: a number, "random" for
// one drawn for each game, or nothing to draw another now.
func (m *menuScreen) typeStart() tea.Cmd {
	p := &m.play
	v := m.variants[m.index]
	var d *dialog
	prompt := fmt.Sprintf("Start (0 to %d, random; enter draws one): ", v.StartCount-1)
	d = newInput(m.ctx.Styles, prompt, "", func(a dialogAnswer) (tea.Cmd, bool) {
		text := strings.TrimSpace(a.text)
		switch {
		case a.cancel:
		case text == "":
			p.start = rand.IntN(v.StartCount)
		case strings.EqualFold(text, "random"):
			p.start, p.fixed = rand.IntN(v.StartCount), false
		default:
			n, err := strconv.Atoi(text)
			if err != nil || n < 0 || n >= v.StartCount {
				d.problem = fmt.Sprintf("%q: want a number from 0 to %d, or random", text, v.StartCount-1)
				return nil, true
			}
			p.start, p.fixed = n, true
		}
		return nil, false
	})
	d.name = "start"
	m.dialog = d
	return d.open()
}

// startText is the start position the game will have, for a variant
// with numbered ones: "#518 RNBQKBNR, drawn at random".
func (m *menuScreen) startText(o GameOptions) string {
	pos, err := rules.ParseFEN(o.Variant, o.FEN)
	if err != nil {
		return "random"
	}
	n, _ := rules.Chess960Number(pos)
	var rank strings.Builder
	for f := 0; f < 8; f++ {
		rank.WriteByte(pos.PieceAt(rules.MakeSquare(f, 0)).Type().Letter())
	}
	how := "chosen"
	if o.StartRandom {
		how = "drawn at random"
	}
	return fmt.Sprintf("#%d %s, %s", n, rank.String(), how)
}

// clockWords says what a clock gives: "30 s each + 1 s a move".
func clockWords(tc saves.TimeControl) string {
	base := tc.Base.Round(time.Second)
	var each string
	switch min, sec := int(base/time.Minute), int(base%time.Minute/time.Second); {
	case min == 0:
		each = fmt.Sprintf("%d s", sec)
	case sec == 0:
		each = fmt.Sprintf("%d min", min)
	default:
		each = fmt.Sprintf("%d min %d s", min, sec)
	}
	if tc.Increment == 0 {
		return each + " each"
	}
	return fmt.Sprintf("%s each + %s s a move", each, strconv.FormatFloat(tc.Increment.Seconds(), 'f', -1, 64))
}

// playLevelLines are the menu's level line, and what the level means,
// width wide, whole and in one line; none without the computer.
func (m *menuScreen) playLevelLines(o GameOptions, width int) (level, why, whyShort []string) {
	if !o.Mode.Computer() {
		return nil, nil, nil
	}
	st := m.ctx.Styles
	l := m.play.levelNow()
	name := l.Name + " " + l.Rating()
	if l.Elo == 0 {
		name = l.Name + " (full strength)"
	} else if !isNamedLevel(l) {
		name = l.Name
	}
	level = []string{fmt.Sprintf("%-8s%s %s", "Level", name, st.Subtle.Render("("+config.FirstKey(m.keys.Level)+")"))}
	for _, line := range strings.Split(st.Subtle.Width(width-8).Render(l.Explanation), "\n") {
		why = append(why, strings.Repeat(" ", 8)+line)
	}
	whyShort = []string{strings.Repeat(" ", 8) + st.Subtle.Render(words.Truncate(l.Explanation, width-8))}
	return level, why, whyShort
}

// clockText is the clock the game will have, in words.
func (m *menuScreen) clockText(o GameOptions) string {
	if tc := o.Clock; tc.On() {
		return fmt.Sprintf("%s (%s)", tc, clockWords(tc))
	}
	return "none"
}

// playActionBlocks offer to resume the most recent unfinished game, say
// how many others there are, and offer to open a saved one, width wide.
func (m *menuScreen) playActionBlocks(width int) []menuBlock {
	st := m.ctx.Styles
	p := &m.play
	var out []menuBlock
	wrap := func(style lipgloss.Style, text string, drop int) {
		lines := strings.Split(style.Width(width).Render(text), "\n")
		out = append(out, menuBlock{lines: lines, short: []string{style.Render(words.Truncate(text, width))}, drop: drop})
	}
	if ug := p.resume; ug != nil {
		wrap(st.Accent, fmt.Sprintf("%s to resume your game: %s", config.FirstKey(m.keys.Resume), unfinishedSummary(ug.Game)), 1)
		out[len(out)-1].keep = true
	}
	var more []string
	if p.others > 0 {
		them := "them"
		if p.others == 1 {
			them = "it"
		}
		more = append(more, fmt.Sprintf("%s: %s lists %s at the top.", words.Count(p.others, "other unfinished game", "other unfinished games"), config.FirstKey(m.keys.Open), them))
	}
	if p.busy == 1 {
		more = append(more, "1 game is being played in another Varia.")
	} else if p.busy > 1 {
		more = append(more, fmt.Sprintf("%d games are being played in other Varias.", p.busy))
	}
	if len(more) > 0 {
		wrap(st.Subtle, strings.Join(more, " "), 3)
	}
	out = append(out, menuBlock{lines: []string{st.Subtle.Render(words.Truncate(config.FirstKey(m.keys.Open)+" to open or replay a saved game", width))}})
	if p.note != "" {
		wrap(st.Subtle, p.note, 2)
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
