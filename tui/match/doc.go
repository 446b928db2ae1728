// Package match plays one game: the rules.Game, who plays each side (a
// person, or the engine at a level), the chess clock, draw offers and
// claims, the engine's turns and hints, and when the game is kept on
// disk. It knows no terminal, keys or styles.
//
// A Match takes events and returns effects as values. People's actions
// are methods (Play, Undo, Redo, OfferDraw, AnswerDraw, ClaimDraw,
// Resign, MoveNow, Hint, SaveAs); each returns the Effects its host must
// carry out — run a search (RunSearch), wake the match later (Wake), wait
// for a save (AwaitSave) — and the host reports back through Handle with
// the Event the effect names (SearchDone, SearchProgress, Woke, Saved),
// each tagged with the match's ID so a report for a match since left is
// dropped. Refused actions say why with a Refusal. Tests drive a match
// with no terminal at all; the terminal interface turns effects into
// Bubble Tea commands and reports into messages.
//
// Any number of views may follow one match: they read it (Game, Search,
// Clock, SaveStatus), act for the sides they seat, and tell what
// happened from its Note, each in its own words and keys; Version tells
// them whether the game changed since they last looked. A person's move
// reaches the match the same way whether it was typed here or, later,
// comes over a connection: the match only knows that a person plays that
// side.
//
// Saving: the match decides when (every change of a game in progress,
// the end of the game, the player's own saves, letting the file go on
// Close); a saves.Keeper decides how and where, and does the writing off
// the host's goroutine, in order.
package match
