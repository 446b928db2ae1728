package saves

import (
	"fmt"
	"strings"

	"varia/rules"
)

// Note is what a game's text says about one move besides the move
// itself: annotation glyphs, comments, and the variations that could
// have been played instead. Varia keeps them from an imported game and
// writes them back when it saves the game.
type Note struct {
	// Before is a comment standing before the move: at the start of a
	// variation, or after the variations of the move before.
	Before string
	// NAGs are the move's annotation glyphs in order ($1 for "!", $2 for
	// "?", $14 for "+=" and so on); suffixes such as "!?" read as theirs.
	NAGs []int
	// Comment is the comment after the move, commands such as [%eval]
	// included; a main-line move's [%clk] is kept in SavedGame.Clocks
	// instead. Whitespace is collapsed to single spaces.
	Comment string
	// Variations are lines played instead of the move, each from the
	// position before it.
	Variations []Variation
}

// Empty reports whether the note says nothing.
func (n *Note) Empty() bool {
	return n.Before == "" && len(n.NAGs) == 0 && n.Comment == "" && len(n.Variations) == 0
}

// HasNAG reports whether the note carries glyph nag.
func (n *Note) HasNAG(nag int) bool {
	for _, x := range n.NAGs {
		if x == nag {
			return true
		}
	}
	return false
}

// NoteAt is the note of move i of the history (from 0); nil when it has
// none.
func (sg *SavedGame) NoteAt(i int) *Note {
	if i < 0 || i >= len(sg.Notes) || sg.Notes[i].Empty() {
		return nil
	}
	return &sg.Notes[i]
}

// SetNote sets the note of move i of the history (from 0).
func (sg *SavedGame) SetNote(i int, n Note) {
	if i < 0 {
		return
	}
	if i >= len(sg.Notes) {
		if n.Empty() {
			return
		}
		sg.Notes = append(sg.Notes, make([]Note, i+1-len(sg.Notes))...)
	}
	sg.Notes[i] = n
}

// Variation is a line of moves replacing a move of the line it belongs
// to, starting from the position before that move.
type Variation []VarMove

// VarMove is one move of a variation with its notation, the ply of the
// position it is played from (as rules.Record.Ply) and its own note,
// which may hold variations of its own.
type VarMove struct {
	Move rules.Move
	SAN  string
	Ply  int
	Note
}

// NewVariation checks moves played one after another from pos and
// returns them as a variation; pos is not changed. A move that is not
// legal where it stands is an error naming it.
func NewVariation(pos *rules.Position, moves []rules.Move) (Variation, error) {
	p := pos.Clone()
	var out Variation
	for i, m := range moves {
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("move %d of the variation, %s, is not legal in %s", i+1, m.UCI(), p.FEN())
		}
		out = append(out, VarMove{Move: m, SAN: p.SAN(m), Ply: p.Ply()})
		p.Make(m)
	}
	return out, nil
}

// Moves are the variation's moves.
func (v Variation) Moves() []rules.Move {
	out := make([]rules.Move, len(v))
	for i, m := range v {
		out[i] = m.Move
	}
	return out
}

// nagSuffixes are the move suffixes PGN exports turn into NAGs.
var nagSuffixes = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// nagOf reads a NAG token ("$14", "!?"); false for one that names no
// glyph Varia keeps (a number past 255, a suffix such as "!!!").
func nagOf(text string) (int, bool) {
	if n, ok := nagSuffixes[text]; ok {
		return n, true
	}
	if len(text) < 2 || text[0] != '$' {
		return 0, false
	}
	n, ok := parseDigits(text[1:], 3)
	return n, ok && n <= 255
}

// NAGGlyph is how a glyph is shown to people: "!", "?", "!!", "??", "!?",
// "?!" for the move marks, the usual signs for judgements of the position
// ("=", "⩲", "±", "+−" …), or "$n" for the others.
func NAGGlyph(nag int) string {
	if g, ok := nagGlyphs[nag]; ok {
		return g
	}
	return fmt.Sprintf("$%d", nag)
}

var nagGlyphs = map[int]string{
	1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!",
	7: "□", 10: "=", 13: "∞", 14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+",
	22: "⨀", 23: "⨀", 32: "⟳", 33: "⟳", 36: "→", 37: "→", 40: "↑", 41: "↑",
	132: "⇆", 133: "⇆", 138: "⊕", 139: "⊕", 140: "∆", 146: "N",
}

// cleanComment collapses a comment's whitespace (line ends included) to
// single spaces and trims it.
func cleanComment(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// commentPiece is one comment's text as kept: whitespace collapsed, and
// a command left open ("[%clk 0:01:00" without its ']') made plain text
// ("[ %clk"), so that comments joined together never make a command
// neither of them held.
func commentPiece(s string) string {
	s = cleanComment(s)
	closed := strings.LastIndexByte(s, ']') + 1 // every "[%" after the last ']' is open
	if strings.Contains(s[closed:], "[%") {
		s = s[:closed] + strings.ReplaceAll(s[closed:], "[%", "[ %")
	}
	return s
}

// joinComments adds comment b after a.
func joinComments(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

// CommentCommand finds a command such as [%eval 0.31] in a comment and
// returns its value ("0.31").
func CommentCommand(comment, name string) (string, bool) {
	start, end, ok := findCommand(comment, name)
	if !ok {
		return "", false
	}
	return strings.TrimSpace(comment[start+len("[%")+len(name) : end-1]), true
}

// WithoutCommand removes every [%name ...] command from a comment.
func WithoutCommand(comment, name string) string {
	for {
		start, end, ok := findCommand(comment, name)
		if !ok {
			return cleanComment(comment)
		}
		comment = comment[:start] + " " + comment[end:]
	}
}

// withoutClocks removes the [%clk] commands that hold a clock time from
// a comment (they are kept in SavedGame.Clocks); others stay as text.
func withoutClocks(comment string) string {
	from := 0
	for {
		start, end, ok := findCommand(comment[from:], "clk")
		if !ok {
			return cleanComment(comment)
		}
		start, end = start+from, end+from
		if _, valid := parseClockValue(strings.TrimSpace(comment[start+len("[%clk") : end-1])); valid {
			comment = comment[:start] + " " + comment[end:]
			from = start
		} else {
			// Not a clock: look on inside it, as the reader does, for
			// one ("[%clk [%clk 0:01:00]" holds one).
			from = start + 1
		}
	}
}

// findCommand locates [%name ...] in s: from its '[' to just past its
// ']'.
func findCommand(s, name string) (start, end int, ok bool) {
	from := 0
	for {
		i := strings.Index(s[from:], "[%"+name)
		if i < 0 {
			return 0, 0, false
		}
		i += from
		after := i + len("[%") + len(name)
		if after < len(s) && (s[after] == ' ' || s[after] == '\t' || s[after] == ']') {
			j := strings.IndexByte(s[after:], ']')
			if j < 0 {
				return 0, 0, false
			}
			return i, after + j + 1, true
		}
		from = after
	}
}
