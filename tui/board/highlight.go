package board

import "varia/rules"

// HintKind is how a legal destination is marked: the move's kind, or
// promotion for any move that promotes (whatever its kind).
type HintKind uint8

const (
	HintQuiet HintKind = iota
	HintCapture
	HintEnPassant
	HintCastling
	HintKingsStep
	HintPawnLateral
	HintPawnDiagonal
	HintDoubleStep
	HintPromotion
	NumHintKinds
)

var hintNames = [NumHintKinds]string{
	"move", "capture", "en passant", "castling", "King's Step",
	"sideways step", "diagonal step", "double step", "promotion",
}

func (h HintKind) String() string {
	if h < NumHintKinds {
		return hintNames[h]
	}
	return "unknown"
}

// HintFor returns how a move's destination is marked. The kind comes from
// rules; the interface only chooses how to show it.
func HintFor(m rules.Move) HintKind {
	if m.Promotion() != rules.NoPieceType {
		return HintPromotion
	}
	return HintForKind(m.Kind())
}

// HintForKind is how a move of kind k is marked when it does not promote.
func HintForKind(k rules.Kind) HintKind {
	switch k {
	case rules.Capture:
		return HintCapture
	case rules.EnPassant:
		return HintEnPassant
	case rules.Castling:
		return HintCastling
	case rules.KingsStep:
		return HintKingsStep
	case rules.PawnLateral:
		return HintPawnLateral
	case rules.PawnDiagonal:
		return HintPawnDiagonal
	case rules.DoubleStep:
		return HintDoubleStep
	}
	return HintQuiet
}

// Highlights is everything drawn on top of a position: the renderer draws
// any position with any set of these, so the game screen, a replay viewer
// or a rules diagram can share it.
type Highlights struct {
	Cursor, Selected rules.Square // NoSquare when absent
	LastFrom, LastTo rules.Square
	Check            rules.Square // the king in check
	// A move queued to be played on the player's next turn (a premove).
	PremoveFrom, PremoveTo rules.Square
	Targets                rules.Bitboard
	Hint                   [64]HintKind // for squares in Targets
}

// NoHighlights returns an empty set.
func NoHighlights() Highlights {
	return Highlights{
		Cursor: rules.NoSquare, Selected: rules.NoSquare,
		LastFrom: rules.NoSquare, LastTo: rules.NoSquare, Check: rules.NoSquare,
		PremoveFrom: rules.NoSquare, PremoveTo: rules.NoSquare,
	}
}

// SetTargets marks every destination of the moves that start on from.
func (h *Highlights) SetTargets(moves []rules.Move, from rules.Square) {
	h.Targets = 0
	for _, m := range moves {
		if m.From() != from {
			continue
		}
		h.Targets |= m.To().Bit()
		h.Hint[m.To()] = HintFor(m)
	}
}

// KindsShown lists the hint kinds present, in legend order.
func (h *Highlights) KindsShown() []HintKind {
	var seen [NumHintKinds]bool
	for b := h.Targets; b != 0; {
		seen[h.Hint[b.PopFirst()]] = true
	}
	var out []HintKind
	for k := HintKind(0); k < NumHintKinds; k++ {
		if seen[k] {
			out = append(out, k)
		}
	}
	return out
}
