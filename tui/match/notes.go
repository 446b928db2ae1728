package match

import (
	"varia/ai"
	"varia/rules"
)

// A Note is the latest thing that happened in the match, for every view
// to tell in its own words (with its own keys): a move played, a move
// taken back, the game's end, the engine's answer to a draw offer. Views
// follow notes by their sequence number (Match.Note).
type Note struct {
	Kind   NoteKind
	Side   rules.Color  // who moved, claimed, offered, ran out of time, is hinted
	SAN    string       // the move played or taken back
	Move   rules.Move   // the move played or hinted
	Engine bool         // the engine made the move
	Reason rules.Reason // the draw claimed
	Result rules.Result // how the game ended
	Score  ai.Score     // a hint's score, from Side's point of view
	Err    error        // why the engine could not move
	Path   string       // where the game was saved
	// A premove played or dropped: the engine's move before it (SAN),
	// and the premove dropped.
	Reply   string
	Premove Premove
}

// NoteKind is what a Note says.
type NoteKind uint8

const (
	NoteNone           NoteKind = iota
	NotePlayed                  // Side played SAN (by the engine when Engine)
	NoteTakenBack               // a move taken back; SAN is the person's own against the computer
	NoteTakenBackWait           // the computer v computer: a move taken back, the computer waits
	NoteReplayed                // a move replayed
	NoteGameOver                // the game ended: Result
	NoteTimeUp                  // Side's time is up
	NoteDrawOffered             // Side offers a draw; the opponent answers (Consent.DrawOffer)
	NoteDrawDeclined            // the offer was declined
	NoteEngineClaims            // the engine (Side) claims a draw by Reason
	NoteEngineAccepts           // the engine (Side) accepts a draw offer
	NoteEngineDeclines          // the engine (Side) declines it
	NoteEngineFailed            // the engine (Side) could not move: Err; it waits
	NoteHint                    // a hint for Side: Move (SAN), Score
	NoNoteHint                  // the engine found no hint
	NoteSavedAs                 // the game was saved to Path as the player asked
	NoteSaveExists              // Path exists: replace it?
	NoteSaveNoFolder            // Path's folder does not exist: create it?
	NoteSaveFailed              // the player's save failed: Err
	NotePremovePlayed           // the engine played Reply, then Side's premove SAN was played
	NotePremoveDropped          // the engine played Reply, after which Side's Premove (SAN as queued) was not legal
	NoteUndoRequested           // Side asks to take their last move back; the opponent answers (Consent.UndoRequest)
	NoteUndoDeclined            // the opponent of Side declined to take the move back
	NoteLeft                    // Side's remote player has gone
	NoteBack                    // Side's remote player is back
	NoteGraceOver               // Side's remote player has been away for the grace period: the opponent may claim the game
)

// Refusal is why the match did not do what it was asked. Views say it
// in their own words, naming their keys.
type Refusal uint8

const (
	RefusedNone          Refusal = iota
	RefusedGameOver              // the game is over
	RefusedNotYourMove           // the engine is to move (thinking, paused or failed)
	RefusedNoUndo                // nothing to take back
	RefusedNotMovedYet           // against the computer: the person has not moved yet
	RefusedNoRedo                // nothing to replay
	RefusedNoComputer            // no engine plays in this game
	RefusedYourMove              // move now: it is a person's move
	RefusedBothSides             // the computer plays both sides (and claims its own draws)
	RefusedNothingToSave         // no move played yet
	RefusedNoPremove             // premoves are for a person playing the computer
	RefusedNoConsent             // with a remote player, a move is taken back only if the opponent agrees (or: no one to ask)
	RefusedAsked                 // asked already; the answer is awaited
	RefusedNoHints               // no hints between two people one of whom is remote
	RefusedNotAbandoned          // the opponent is here, or has not been away long enough
)

func (r Refusal) Error() string {
	return [...]string{"", "the game is over", "not your move", "nothing to undo", "no move of yours to undo",
		"nothing to redo", "no computer plays", "it is your move", "the computer plays both sides", "nothing to save",
		"premoves are for playing the computer",
		"the opponent decides whether a move is taken back", "asked already", "no hints in a game between two players online",
		"the opponent has not been away long enough"}[r]
}
