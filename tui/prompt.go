package tui

import (
	"sort"
	"strings"

	"varia/rules"
)

// The typed-move prompt's help: examples taken from the moves legal in
// the position (so every variant shows its own: no tilde moves outside
// Asha, no e4 in Edgy), and Tab completing from them.

// moveCompleter completes a typed move from the legal moves' SAN. Tab
// takes the first move the text begins, in SAN's own case first ("b"
// is a pawn on the b file, then Bb2 where no pawn move matches), and
// Tab again the next; on an empty prompt it steps through every move.
type moveCompleter struct {
	sans   []string // sorted
	prefix string   // what was typed before the first Tab
	last   string   // the move the last Tab put in the prompt
	index  int
}

func newMoveCompleter(sans []string) *moveCompleter {
	s := append([]string(nil), sans...)
	sort.Strings(s)
	return &moveCompleter{sans: s}
}

// matches lists the moves that text begins: those that match in case
// first, then pieces' moves whose square it begins ("b": Bb2, Nb5), then
// those that match ignoring case.
func (c *moveCompleter) matches(text string) []string {
	var exact, square, loose []string
	lower := strings.ToLower(text)
	for _, s := range c.sans {
		switch {
		case strings.HasPrefix(s, text):
			exact = append(exact, s)
		case text != "" && len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' && strings.HasPrefix(s[1:], text):
			square = append(square, s)
		case strings.HasPrefix(strings.ToLower(s), lower):
			loose = append(loose, s)
		}
	}
	return append(append(exact, square...), loose...)
}

// complete is what Tab makes of the prompt's text.
func (c *moveCompleter) complete(text string) string {
	if c.last != "" && text == c.last {
		c.index++
	} else {
		c.prefix, c.index = strings.TrimSpace(text), 0
	}
	m := c.matches(c.prefix)
	if len(m) == 0 {
		c.last = ""
		return text
	}
	c.last = m[c.index%len(m)]
	return c.last
}

// promptExamples are a few moves legal in pos, each of a different
// form, for the prompt's placeholder: a pawn move, a piece move, a
// variant's special step or a castle, and one in UCI ("e4, Nf3, O-O or
// e2e4").
func promptExamples(pos *rules.Position, legal []rules.Move) string {
	var pawn, piece, special rules.Move
	// the most central destination of each form, as people's examples go
	better := func(mv, than rules.Move) bool {
		return than == rules.NoMove || centrality(mv.To()) > centrality(than.To())
	}
	for _, mv := range legal {
		isPawn := pos.PieceAt(mv.From()).Type() == rules.Pawn
		switch k := mv.Kind(); {
		case k == rules.Castling || k == rules.KingsStep || k == rules.PawnLateral || k == rules.PawnDiagonal:
			if better(mv, special) {
				special = mv
			}
		case isPawn && (k == rules.Quiet || k == rules.DoubleStep) && mv.Promotion() == rules.NoPieceType:
			if better(mv, pawn) {
				pawn = mv
			}
		case !isPawn && k == rules.Quiet:
			if better(mv, piece) {
				piece = mv
			}
		}
	}
	var ex []string
	for _, mv := range []rules.Move{pawn, piece, special} {
		if mv != rules.NoMove {
			ex = append(ex, pos.SAN(mv))
		}
	}
	uci := pawn
	if uci == rules.NoMove {
		uci = piece
	}
	if uci == rules.NoMove && len(legal) > 0 {
		uci = legal[0]
	}
	if len(ex) == 0 {
		if uci == rules.NoMove {
			return ""
		}
		return uci.UCI()
	}
	text := strings.Join(ex, ", ")
	if uci != rules.NoMove {
		text += " or " + uci.UCI()
	}
	return text
}

// centrality is how near a square is to the board's middle: 0 in a
// corner, 6 on the four middle squares.
func centrality(s rules.Square) int {
	d := func(x int) int { return min(x, 7-x) }
	return d(s.File()) + d(s.Rank())
}
