package match

import (
	"time"

	"varia/rules"
)

// core is what the parts of a match share: the game and who plays it,
// whether anyone watches, the time, and what the match has to tell its
// views (a Note) and to ask of its host (Effects). A part that changes
// the game calls changed, through which the match follows the change in
// every part (Match.changed); no part reaches into another.
type core struct {
	id      ID
	game    *rules.Game
	players [2]Player
	now     func() time.Time
	active  bool // someone is watching: the engine may think, the clock run
	version int  // counts the game's changes
	// changed follows a change to the game in every part of the match;
	// false: the move just made does not count (the mover's flag had
	// fallen).
	changed func() bool

	noteSeq int
	note    Note
	fx      []Effect // effects of the event being handled
}

// say makes n the latest thing that happened.
func (c *core) say(n Note) {
	c.noteSeq++
	c.note = n
}

// ask adds an effect for the host to carry out.
func (c *core) ask(e Effect) { c.fx = append(c.fx, e) }

// take returns the effects of the event handled.
func (c *core) take() []Effect {
	fx := c.fx
	c.fx = nil
	return fx
}

// mode names who plays whom.
func (c *core) mode() Mode { return ModeOf(c.players) }

// remote reports whether a remote player plays either side.
func (c *core) remote() bool { return c.players[rules.White].Remote || c.players[rules.Black].Remote }

// byConsent reports whether a move is taken back only when the opponent
// agrees: two people, at least one of them remote.
func (c *core) byConsent() bool { return c.mode() == TwoPlayers && c.remote() }

// personToMove reports whether a person is to move.
func (c *core) personToMove() bool {
	return !c.players[c.game.Position().SideToMove()].Computer
}

// over reports whether the game is over.
func (c *core) over() bool { return c.game.Result().Over() }

// moved follows a move just played: its note, or, when it did not count
// (the flag had fallen), the game's end. It reports whether it counted.
func (c *core) moved(n Note) bool {
	if !c.changed() {
		c.say(Note{Kind: NoteGameOver, Result: c.game.Result()})
		return false
	}
	c.say(n)
	return true
}

// ended follows the game ended by an agreement, a claim or a
// resignation, or says why it could not be (err, the rules' refusal).
func (c *core) ended(err error) ([]Effect, error) {
	if err != nil {
		return nil, err
	}
	c.changed()
	c.say(Note{Kind: NoteGameOver, Result: c.game.Result()})
	return c.take(), nil
}
