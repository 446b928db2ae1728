package tui

import (
	"errors"
	"fmt"

	"varia/ai"
	"varia/tui/words"

	"varia/rules"
	"varia/tui/config"
	"varia/tui/match"
)

// What the game screen says: the match's notes and refusals in words,
// naming this screen's keys.

// said is what a note says at this screen, naming its keys; ok is false
// when it says nothing here (the last message stays). What a note does
// besides (a hint selects the piece) is the screen's.
func (g *matchPanel) said(n match.Note) (msg message, ok bool) {
	k := g.keys
	seats := *g.seats
	switch n.Kind {
	case match.NotePlayed:
		if n.Engine {
			msg.say("%s played %s.", engineName(g.match, n.Side), n.SAN)
		} else {
			msg.say("%s played %s.", colourName(n.Side), n.SAN)
		}
	case match.NotePremovePlayed:
		msg.say("%s played %s; your premove %s is played.", engineName(g.match, n.Side.Other()), n.Reply, n.SAN)
	case match.NotePremoveDropped:
		msg.complain("%s played %s; your premove %s is not legal now and was dropped.", engineName(g.match, n.Side.Other()), n.Reply, n.SAN)
	case match.NoteTakenBack:
		if g.match.UndoByConsent() {
			msg.say("%s's move %s taken back, as agreed.", colourName(n.Side), n.SAN)
		} else if n.SAN != "" {
			msg.say("Your move %s taken back; %s replays it.", n.SAN, config.FirstKey(k.Redo))
		} else {
			msg.say("Move taken back; %s replays it.", config.FirstKey(k.Redo))
		}
	case match.NoteTakenBackWait:
		msg.say("Move taken back; the computer waits (%s plays on).", config.FirstKey(k.MoveNow))
	case match.NoteReplayed:
		msg.say("Move replayed.")
	case match.NoteGameOver:
		// The panel says how the game ended; this says what just happened.
		switch r := n.Result; r.Reason {
		case rules.Resignation:
			if w, ok := r.Winner(); ok {
				msg.say("%s resigns.", colourName(w.Other()))
			}
		case rules.Agreement:
			msg.say("Draw agreed.")
		case rules.ThreefoldRepetition, rules.FiftyMoves:
			msg.say("Draw claimed.")
		case rules.TimeForfeit:
			if w, ok := r.Winner(); ok {
				msg.say("%s's time ran out before the move.", colourName(w.Other()))
			}
		}
	case match.NoteTimeUp:
		msg.say("%s's time is up.", colourName(n.Side))
	case match.NoteDrawOffered:
		// The one asked answers in a dialog (answers).
		if seats[n.Side] || seats[n.Side.Other()] {
			return msg, false
		}
		msg.say("%s offers a draw.", colourName(n.Side))
	case match.NoteUndoRequested:
		if seats[n.Side] || seats[n.Side.Other()] {
			return msg, false
		}
		msg.say("%s asks to take a move back.", colourName(n.Side))
	case match.NoteUndoDeclined:
		msg.say("%s declined to take the move back.", colourName(n.Side.Other()))
	case match.NoteLeft:
		msg.say("%s has left; the seat is kept for them.", colourName(n.Side))
	case match.NoteBack:
		msg.say("%s is back.", colourName(n.Side))
	case match.NoteGraceOver:
		if !seats[n.Side.Other()] {
			return msg, false
		}
		msg.say("%s has been away for %s: %s claims the win or a draw.", colourName(n.Side), awayText(g.match.Absence().Grace()), config.FirstKey(k.Draw))
	case match.NoteDrawDeclined:
		msg.say("Draw declined.")
	case match.NoteEngineClaims:
		msg.say("%s claims a draw by %s.", engineName(g.match, n.Side), claimName(n.Reason))
	case match.NoteEngineAccepts:
		msg.say("%s accepts the draw.", engineName(g.match, n.Side))
	case match.NoteEngineDeclines:
		msg.say("%s declines the draw.", engineName(g.match, n.Side))
	case match.NoteEngineFailed:
		msg.complain("%s", g.notYourMove())
	case match.NoteHint:
		if !seats[n.Side] {
			return msg, false
		}
		msg.say("Hint: %s (%s). %s plays it.", n.SAN, scoreText(n.Score, n.Side), words.Capitalise(config.FirstKey(k.Select)))
	case match.NoNoteHint:
		if !seats[n.Side] {
			return msg, false
		}
		msg.complain("No hint this time: the engine found no move.")
	default:
		return msg, false // the save dialogs tell how a save went
	}
	return msg, true
}

// refusal says why the match refused, in the screen's words.
func (g *matchPanel) refusal(err error) string {
	var r match.Refusal
	if !errors.As(err, &r) {
		return err.Error()
	}
	k := g.keys
	switch r {
	case match.RefusedGameOver:
		return fmt.Sprintf("The game is over: %s.", resultText(g.match.Game().Result()))
	case match.RefusedNotYourMove:
		return g.notYourMove()
	case match.RefusedNoUndo:
		return "Nothing to undo."
	case match.RefusedNotMovedYet:
		return "Nothing to undo: you have not moved yet."
	case match.RefusedNoRedo:
		return "Nothing to redo."
	case match.RefusedNoComputer:
		return fmt.Sprintf("No computer plays in this game; %s asks it for a hint.", config.FirstKey(k.Hint))
	case match.RefusedYourMove:
		return fmt.Sprintf("It is your move; %s makes the computer move while it thinks.", config.FirstKey(k.MoveNow))
	case match.RefusedBothSides:
		return "The computer plays both sides; it claims its own draws."
	case match.RefusedNothingToSave:
		return "Nothing to save yet: no move has been played."
	case match.RefusedNoPremove:
		return "Moves are queued only against the computer, while it thinks."
	}
	return err.Error()
}

// notYourMove explains why the board does not take a move now.
func (g *matchPanel) notYourMove() string {
	m := g.match
	k := g.keys
	side := m.Game().Position().SideToMove()
	switch {
	case m.Computer().Err() != nil:
		return fmt.Sprintf("%s could not move: %v. Press %s to try again, or %s to take back.", engineName(m, side), m.Computer().Err(), config.FirstKey(k.MoveNow), config.FirstKey(k.Undo))
	case m.Computer().Paused():
		return fmt.Sprintf("The computer is paused; %s lets it play on.", config.FirstKey(k.MoveNow))
	case g.mode == match.ComputerVsComputer:
		return fmt.Sprintf("The computer plays both sides; %s makes it move now.", config.FirstKey(k.MoveNow))
	case !m.Players()[side].Computer:
		return fmt.Sprintf("It is %s's move.", colourName(side))
	}
	return fmt.Sprintf("%s is thinking; %s makes it move now.", engineName(m, side), config.FirstKey(k.MoveNow))
}

// engineName is what the engine playing side is called.
func engineName(m *match.Match, side rules.Color) string {
	return match.EngineName(m.Players()[side].Level)
}

// settingsLevel is the level the player's settings choose for new games.
func settingsLevel(ctx *Context) ai.Level {
	if l, err := ai.LevelByName(ctx.Settings.Level); err == nil {
		return l
	}
	return match.DefaultLevel()
}

// scoreText shows a score from White's side, as chess programs do:
// "+0.35", "-1.20", or "White mates in 3".
func scoreText(s ai.Score, side rules.Color) string {
	if s.IsMate() {
		n := s.MateMoves()
		winner := side
		if n < 0 {
			winner, n = side.Other(), -n
		}
		return fmt.Sprintf("%s mates in %d", colourName(winner), n)
	}
	if side == rules.Black {
		s = -s
	}
	return s.String()
}

// countText writes a node count in thousands and millions.
func countText(n uint64) string {
	switch {
	case n >= 10_000_000:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}
