package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/config"
	"varia/tui/match"
)

// stage is what the parts of a game screen share and act on: the match
// followed and the sides played here, the screen's keys, its one open
// dialog and the last thing it said, and how it words the match
// (panel). The screen routes keys and clicks to its components (the
// prompt, the premoves, the served table, the analysis, the save
// dialogs); they act on the match through the stage and open dialogs and
// say things on it, and never reach into one another.
type stage struct {
	ctx    *Context
	keys   config.GameKeys
	choice config.ChoiceKeys
	pkeys  config.PromptKeys

	match  *match.Match
	seats  seating // the sides this screen moves for
	dialog *dialog
	msg    message    // the last thing said
	panel  matchPanel // the match in this screen's words
	// follow catches the screen up with the match after an action
	// (gameScreen.follow).
	follow func()
}

// seating is the sides a screen moves for: both at one keyboard, the
// person's against the computer, one on a server, none to watch.
type seating [2]bool

// side is the side played, when exactly one is.
func (s seating) side() (rules.Color, bool) {
	switch {
	case s[rules.White] && !s[rules.Black]:
		return rules.White, true
	case s[rules.Black] && !s[rules.White]:
		return rules.Black, true
	}
	return rules.White, false
}

// message is the last thing a screen said: what happened, or (err) why
// what was asked for was not done.
type message struct {
	text string
	err  bool
}

func (m *message) say(format string, args ...any) {
	*m = message{fmt.Sprintf(format, args...), false}
}

func (m *message) complain(format string, args ...any) {
	*m = message{fmt.Sprintf(format, args...), true}
}

// game is the game played.
func (s *stage) game() *rules.Game { return s.match.Game() }

// mine reports whether this screen moves for the side to move.
func (s *stage) mine() bool {
	return s.seats[s.game().Position().SideToMove()] && s.match.PersonToMove()
}

// served reports whether the screen shows a game of a server's.
func (s *stage) served() bool { return s.ctx.Table != nil }

// watching reports whether this client of a server watches: it seats no
// side, and may not act on the match.
func (s *stage) watching() bool {
	return s.served() && !s.seats[rules.White] && !s.seats[rules.Black]
}

// run carries out what the match asked for, and shows what changed.
func (s *stage) run(fx []match.Effect) tea.Cmd {
	s.follow()
	return s.effects(fx)
}

// effects carries out the match's effects: here, as commands of this
// program; on a server, by the server for every client.
func (s *stage) effects(fx []match.Effect) tea.Cmd {
	if t := s.ctx.Table; t != nil {
		t.Host(fx)
		return nil
	}
	return runEffects(fx)
}

// refused carries out an action's effects and says why the match did
// not do what was asked, if it did not.
func (s *stage) refused(fx []match.Effect, err error) tea.Cmd {
	cmd := s.run(fx)
	if err != nil {
		s.msg.complain("%s", s.panel.refusal(err))
	}
	return cmd
}

// question is what a yes/no confirmation is about; the settings may say
// not to ask.
type question uint8

const (
	askClaim question = iota
	askResign
)

// ask puts a yes/no question, or answers yes at once where the settings
// say not to ask.
func (s *stage) ask(q question, text string, yes func() tea.Cmd) tea.Cmd {
	if q == askResign && !s.ctx.Settings.ConfirmResign {
		return yes()
	}
	s.dialog = askFor(text, func(a dialogAnswer) (tea.Cmd, bool) {
		if a.yes {
			return yes(), false
		}
		return nil, false
	})
	s.dialog.name = "question"
	return nil
}

// claimDraw asks, then claims the first draw open to the side to move;
// false when none is.
func (s *stage) claimDraw() (tea.Cmd, bool) {
	claims := s.game().Claimable()
	if len(claims) == 0 {
		return nil, false
	}
	claim := claims[0]
	return s.ask(askClaim, fmt.Sprintf("Claim a draw by %s?", claimName(claim)), func() tea.Cmd {
		return s.refused(s.match.ClaimDraw(claim))
	}), true
}

// gameOver says the game is over, when it is.
func (s *stage) gameOver() bool {
	if res := s.game().Result(); res.Over() {
		s.msg.complain("The game is over: %s.", resultText(res))
		return true
	}
	return false
}
