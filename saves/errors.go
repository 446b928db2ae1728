package saves

import "fmt"

// ParseError is a game that could not be read: bad PGN syntax, an
// unknown variant or FEN, a move the variant's rules refuse, or a result
// the final position contradicts. It names where: the file, the game's
// number in the file (from 1), and the line and column (from 1, counting
// characters) of the offending text.
type ParseError struct {
	File   string
	Game   int
	Line   int
	Col    int
	Text   string // the offending text: a move, tag value or character
	Reason string // why it was refused
	Err    error  // the underlying error, such as a *rules.MoveError, if any
}

func (e *ParseError) Error() string {
	file := e.File
	if file == "" {
		file = "(input)"
	}
	return fmt.Sprintf("%s:%d:%d: %s", file, e.Line, e.Col, e.Message())
}

// Message is the error without its file:line:column prefix.
func (e *ParseError) Message() string {
	if e.Text == "" {
		return fmt.Sprintf("game %d: %s", e.Game, e.Reason)
	}
	return fmt.Sprintf("game %d: %q: %s", e.Game, e.Text, e.Reason)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Warning is something a game's text does that Varia would not, and reads
// anyway: moves after an automatic draw, text after the result. It names
// where, as a ParseError does.
type Warning struct {
	File    string
	Game    int
	Line    int
	Col     int
	Text    string // the text it is about
	Message string
}

func (w *Warning) String() string {
	file := w.File
	if file == "" {
		file = "(input)"
	}
	return fmt.Sprintf("%s:%d:%d: warning: game %d: %s", file, w.Line, w.Col, w.Game, w.Message)
}
