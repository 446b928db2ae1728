package tui

import (
	"fmt"
	"math/rand/v2"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/config"
	"varia/tui/match"
)

// leaving is how a game screen is left: quitting, the menu, a new game
// or a rematch, asked first where the settings say so. While autosave
// fails and the game as it stands is on disk nowhere, leaving would lose
// it: the player is offered to save it elsewhere instead (ctrl+c still
// quits).
type leaving struct {
	s      *stage
	opts   *GameOptions
	board  *boardView
	saving saveDialogs
}

// quit asks whether to quit or go back to the menu (unless the settings
// say not to ask while a game is in progress); ctrl+c quits at once.
func (l leaving) quit(msg tea.KeyMsg) tea.Cmd {
	s := l.s
	game := s.game()
	live := !game.Result().Over() && game.CanUndo()
	if msg.String() == "ctrl+c" {
		return tea.Quit
	}
	if s.match.Saves().Unsafe {
		s.dialog = l.unsafe()
		return nil
	}
	if live && !s.ctx.Settings.ConfirmQuit {
		return tea.Quit
	}
	c := s.choice
	d := &dialog{kind: actDialog, name: "quit", items: []dialogItem{{key: c.Yes}, {key: c.Menu}, {key: c.No}, {key: c.Cancel}}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.index <= 1 && l.loses() {
			return nil, false
		}
		switch a.index {
		case 0:
			return tea.Quit, false
		case 1:
			return openMenu(*l.opts), false
		}
		return nil, false
	}
	d.draw = func(p *panelWriter) {
		st := s.ctx.Styles
		p.blank()
		switch files := s.match.Saves(); {
		case live && files.KeepErr != nil && files.SavedPath != "":
			// Saved elsewhere (or it would be Unsafe), but not kept to
			// resume as it stands.
			resume := "the menu will not offer to resume it"
			if files.File != "" {
				resume = "the menu offers it as it was before that"
			}
			p.wrap("Leave this game? It is saved in "+displayPath(files.SavedPath)+"; autosave failed, so "+resume+".", st.Warning)
		case live:
			p.wrap("Leave this game? It is kept: the menu offers to resume it.", st.Warning)
		default:
			p.line(st.Warning.Render("Leave this game?"))
		}
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Yes), "quit Varia"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Menu), "back to the menu"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.No), "keep playing"))
	}
	s.dialog = d
	return nil
}

// loses checks, as the player chooses to leave the game, that the game
// is on disk (a save may have failed since the question was put); when
// it is not, the unsafe dialog takes the question's place.
func (l leaving) loses() bool {
	s := l.s
	if !s.match.Saves().Unsafe {
		return false
	}
	s.dialog = l.unsafe()
	return true
}

// unsafe stands in for the questions that leave the game (quit, the
// menu, a new game) while autosave fails and the game as it stands is on
// disk nowhere: leaving would lose it, so it offers to save it
// elsewhere, or to stay. ctrl+c still quits.
func (l leaving) unsafe() *dialog {
	s := l.s
	c := s.choice
	d := &dialog{kind: actDialog, name: "unsafe", items: []dialogItem{{key: c.Yes}, {key: c.No}, {key: c.Cancel}}}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.index == 0 {
			return l.saving.open(), false
		}
		return nil, false
	}
	d.draw = func(p *panelWriter) {
		st := s.ctx.Styles
		p.blank()
		// (Why autosave failed is in the panel above.)
		p.wrap("This game is not safely on disk: autosave failed, and leaving now would lose it.", st.Warning)
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Yes), "save it elsewhere"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.No), "keep playing"))
		p.wrap("ctrl+c quits without saving it.", st.Subtle)
	}
	return d
}

// newGame offers the same variant and view again, a rematch with the
// colours swapped (against the computer), or the menu. It opens by
// itself when the game ends, saying so over the last message.
func (l leaving) newGame() *dialog {
	s := l.s
	c := s.choice
	rematch := l.opts.Mode == match.PlayWhite || l.opts.Mode == match.PlayBlack
	items := []dialogItem{{key: c.Choose}, {key: c.Menu}, {key: c.Cancel}, {key: c.No}}
	if rematch {
		items = append(items, dialogItem{key: c.Rematch})
	}
	d := &dialog{kind: actDialog, name: "new game", items: items}
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		if a.index != 2 && a.index != 3 && l.loses() {
			return nil, false
		}
		switch a.index {
		case 1:
			return openMenu(*l.opts), false
		case 2, 3:
			return nil, false
		}
		opts := *l.opts
		opts.View = l.board.choice()
		// The same players and clock, from the start: not this game again.
		opts.Continue, opts.Resume = nil, false
		if opts.StartRandom && a.index != 4 && opts.Variant.StartCount > 0 {
			// another start drawn (a rematch keeps this one: fair play)
			if fen, err := opts.Variant.NumberedStart(rand.IntN(opts.Variant.StartCount)); err == nil {
				opts.FEN = fen
			}
		}
		if a.index == 4 {
			opts.Players[rules.White], opts.Players[rules.Black] = opts.Players[rules.Black], opts.Players[rules.White]
			opts.Mode = match.ModeOf(opts.Players)
		}
		return startGame(opts), false
	}
	d.draw = func(p *panelWriter) {
		st := s.ctx.Styles
		if s.game().Result().Over() && s.msg.text != "" {
			p.wrap(s.msg.text, st.Accent)
		}
		p.blank()
		p.line(st.Warning.Render("New game"))
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Choose), "same variant and view"))
		if rematch {
			side := "Black"
			if l.opts.Mode == match.PlayBlack {
				side = "White"
			}
			p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Rematch), "rematch: you play "+side))
		}
		p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Menu), "back to the menu"))
		if s.game().Result().Over() {
			p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Cancel), "look at the board"))
		} else {
			p.line(fmt.Sprintf("%-5s %s", config.FirstKey(c.Cancel), "keep playing"))
		}
	}
	return d
}
