// Package match plays one game: the rules.Game, who plays each side (a
// person here, a person over a connection, or the engine at a level),
// the chess clock, draw offers and claims, the engine's turns and hints,
// and when the game is kept on disk. It knows no terminal, keys or
// styles.
//
// A Match takes events and returns effects as values. People's actions
// return the Effects its host must carry out — run a search
// (RunSearch), wake the match later (Wake), wait for a save (AwaitSave)
// — and the host reports back through Handle with the Event the effect
// names (SearchDone, SearchProgress, Woke, Saved), each tagged with the
// match's ID so a report for a match since left is dropped. Refused
// actions say why with a Refusal. Tests drive a match with no terminal
// at all; the terminal interface turns effects into Bubble Tea commands
// and reports into messages.
//
// The Match is a core with parts, each with one job and tested on its
// own: what people do to the game itself is the Match's (Play, Undo,
// Redo, OfferDraw, ClaimDraw, Resign, SaveAs); the engine's turns, and
// hurrying it or asking it for a hint, are its Computer's; a draw offer
// or a takeback request waiting for the opponent's answer is its
// Consent's; remote players who leave and come back, and the claims
// their absence opens, its Absence's; moves queued while the engine
// thinks its Premoves'. The clock (timing) and the game's record on disk
// (record) follow the game inside. The parts share the game through the
// core, and change it only through it, so the Match follows every change
// in each part.
//
// Any number of views may follow one match: they read it (Game,
// Computer().Search, Clock, Saves), act for the sides they seat, and
// tell what happened from its Note, each in its own words and keys;
// Version tells them whether the game changed since they last looked. A
// person's move reaches the match the same way whether it was typed
// here or comes over a connection: the match only knows that a person
// plays that side.
//
// Saving: the match decides when (every change of a game in progress,
// the end of the game, the player's own saves, letting the file go on
// Close); a Keeper decides how and where, and does the writing off the
// host's goroutine, in order.
package match
