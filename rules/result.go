package rules

import "errors"

// Status is where a game stands.
type Status uint8

const (
	Ongoing Status = iota
	WhiteWins
	BlackWins
	Drawn
)

// PGN writes the status as a PGN result: "1-0", "0-1", "1/2-1/2" or "*".
func (s Status) PGN() string {
	switch s {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Drawn:
		return "1/2-1/2"
	}
	return "*"
}

func (s Status) String() string {
	switch s {
	case WhiteWins:
		return "White wins"
	case BlackWins:
		return "Black wins"
	case Drawn:
		return "drawn"
	}
	return "ongoing"
}

// ParseStatus reads a PGN result ("1-0", "0-1", "1/2-1/2", "*").
func ParseStatus(s string) (Status, bool) {
	for st := Ongoing; st <= Drawn; st++ {
		if st.PGN() == s {
			return st, true
		}
	}
	return Ongoing, false
}

// winner returns the status of a win for c.
func winner(c Color) Status {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended. The automatic reasons come first, in the
// order the game checks them (RULES.md); then the draws the side to move
// may claim; then the ends the players (or a clock) decide.
type Reason uint8

const (
	NoReason Reason = iota
	Checkmate
	Stalemate
	InsufficientMaterial
	FivefoldRepetition
	SeventyFiveMoves
	CountingRule
	ThreefoldRepetition
	FiftyMoves
	Resignation
	Agreement
	TimeForfeit
	Abandonment // a player left a game played over a network and did not come back
	numReasons
)

var reasonText = [numReasons]string{
	NoReason:             "",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	InsufficientMaterial: "insufficient material",
	FivefoldRepetition:   "fivefold repetition",
	SeventyFiveMoves:     "75-move rule",
	CountingRule:         "counting rule",
	ThreefoldRepetition:  "threefold repetition, claimed",
	FiftyMoves:           "50-move rule, claimed",
	Resignation:          "resignation",
	Agreement:            "agreement",
	TimeForfeit:          "time forfeit",
	Abandonment:          "abandonment",
}

// String is the reason as the interface shows it ("checkmate",
// "threefold repetition, claimed").
func (r Reason) String() string {
	if r < numReasons {
		return reasonText[r]
	}
	return "unknown reason"
}

// Claimed reports whether the reason is a draw the side to move claims.
func (r Reason) Claimed() bool { return r == ThreefoldRepetition || r == FiftyMoves }

// Result is how a game ended, or Ongoing with NoReason.
type Result struct {
	Status Status
	Reason Reason
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Status != Ongoing }

// Winner returns the winning colour, if one side won.
func (r Result) Winner() (Color, bool) {
	switch r.Status {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// String writes "1-0 (checkmate)", "1/2-1/2 (stalemate)", or "*".
func (r Result) String() string {
	if r.Status == Ongoing {
		return "*"
	}
	if r.Reason == NoReason {
		return r.Status.PGN()
	}
	return r.Status.PGN() + " (" + r.Reason.String() + ")"
}

var (
	// ErrGameOver is returned (wrapped) for a move or declaration after
	// the game has ended.
	ErrGameOver = errors.New("the game is over")
	// ErrNoClaim is returned (wrapped) for a draw claim that is not
	// available.
	ErrNoClaim = errors.New("no such draw can be claimed")
	// ErrMoveLimit is returned (wrapped) for a move that would take the
	// game past the last move number Varia counts (MaxFullmove).
	ErrMoveLimit = errors.New("the game has reached the last move number Varia counts")
)
