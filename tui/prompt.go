package tui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/words"
)

// The typed-move prompt's help: examples taken from the moves legal in
// the position (so every variant shows its own: no tilde moves outside
// Asha, no e4 in Edgy), and Tab completing from them.

// movePrompt is the game screen's prompt for a typed move: a line whose
// placeholder shows examples of the moves legal now, Tab completing from
// them, and, under it, what Tab would complete to.
type movePrompt struct {
	st    *board.Styles
	pkeys config.PromptKeys
	input textinput.Model // what each prompt starts from
	sans  []string        // the moves to complete from, sorted
}

func newMovePrompt(st *board.Styles, pkeys config.PromptKeys) movePrompt {
	return movePrompt{st: st, pkeys: pkeys, input: newPrompt(st)}
}

// newPrompt is a line to type on in the screens' prompt style.
func newPrompt(st *board.Styles) textinput.Model {
	p := textinput.New()
	p.Prompt = ": "
	p.CharLimit = 40
	p.PromptStyle = st.Prompt
	p.TextStyle = st.Bold
	p.PlaceholderStyle = st.Subtle
	p.CompletionStyle = st.Subtle
	p.Cursor.Style = st.Accent
	p.Cursor.TextStyle = st.Bold
	return p
}

// follow takes the moves legal now: examples of them for the
// placeholder and, when they are this screen's to play (suggest), their
// SAN to complete from.
func (p *movePrompt) follow(pos *rules.Position, legal []rules.Move, suggest bool) {
	p.sans = make([]string, 0, len(legal))
	for _, mv := range legal {
		if !suggest {
			break // the opponent's moves are no suggestions
		}
		p.sans = append(p.sans, pos.SAN(mv))
	}
	sort.Strings(p.sans)
	p.input.Placeholder = promptExamples(pos, legal)
}

// moveTitle is what the prompt asks for a move.
const moveTitle = "Type a move (SAN or UCI):"

// open is a prompt for a move: submit gets what was typed, trimmed,
// unless it is empty or the prompt cancelled, and says whether the
// prompt stays open (a move refused).
func (p *movePrompt) open(submit func(d *dialog, text string) (tea.Cmd, bool)) *dialog {
	d := p.dialog(moveTitle, p.sans, submit)
	d.draw = func(pw *panelWriter) {
		pw.blank()
		pw.wrap(d.title, p.st.Bold)
		pw.line(d.input.View())
		if d.problem != "" {
			pw.wrap(d.problem, p.st.Error)
			return
		}
		// What Tab would complete to, so the completion is never a surprise.
		if m := newMoveCompleter(p.sans).matches(strings.TrimSpace(d.input.Value())); len(m) > 0 {
			pw.wrap(fmt.Sprintf("%s: %s", config.FirstKey(p.pkeys.Complete), completionList(m, pw.width-6)), p.st.Subtle)
		}
	}
	return d
}

// openPremove is a prompt for a premove, completing from sans, with no
// examples.
func (p *movePrompt) openPremove(sans []string, submit func(d *dialog, text string) (tea.Cmd, bool)) *dialog {
	d := p.dialog("Premove (your next move):", sans, submit)
	d.input.Placeholder = ""
	return d
}

func (p *movePrompt) dialog(title string, sans []string, submit func(d *dialog, text string) (tea.Cmd, bool)) *dialog {
	in := p.input
	in.Reset()
	d := &dialog{kind: inputDialog, name: "prompt", title: title, input: in}
	d.complete = newMoveCompleter(sans).complete
	d.answer = func(a dialogAnswer) (tea.Cmd, bool) {
		text := strings.TrimSpace(a.text)
		if a.cancel || text == "" {
			return nil, false
		}
		return submit(d, text)
	}
	return d
}

// isPrompt reports whether d is a prompt for a move or a premove.
func isPrompt(d *dialog) bool { return d != nil && d.kind == inputDialog && d.name == "prompt" }

// becomeMove makes an open prompt one for a move now (a premove's
// prompt, once the computer has moved), asking afresh.
func (p *movePrompt) becomeMove(d *dialog) {
	d.title = moveTitle
	d.input.Placeholder = p.input.Placeholder
	d.complete = newMoveCompleter(p.sans).complete
	d.problem = "" // it was about the position before
}

// completionList shows moves for the prompt, as many as fit in width
// cells, and how many more there are.
func completionList(moves []string, width int) string {
	text := ""
	for i, m := range moves {
		next := text
		if i > 0 {
			next += " "
		}
		next += m
		if rest := len(moves) - i - 1; words.Width(next)+len(fmt.Sprintf(" +%d", rest)) > width && rest > 0 || words.Width(next) > width {
			return fmt.Sprintf("%s +%d", text, len(moves)-i)
		}
		text = next
	}
	return text
}

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
