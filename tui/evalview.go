package tui

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"varia/ai"
	"varia/ai/review"
	"varia/rules"
	"varia/saves"
	"varia/tui/analysis"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/words"
)

// What the screens draw of the engine's analysis: the evaluation bar
// beside the board, the best lines, the graph of a whole game's review
// and the marks of its moves. Each is drawn from an analysis.Board;
// nothing here thinks.

// evalBarW is the room the evaluation bar takes left of the board: the
// bar and a space.
const evalBarW = 2

// evalBar draws the evaluation as a bar h rows high: White's share of
// the winning chances filled from White's side of the board (the bottom,
// or the top when the board is flipped), Black's shaded, so it reads
// without colour. Unknown, it is a thin line.
func evalBar(st *board.Styles, score ai.Score, known bool, h int, flip bool) []string {
	out := make([]string, h)
	if !known {
		for i := range out {
			out[i] = st.Subtle.Render(pick(st, "│", "|"))
		}
		return out
	}
	white := int(math.Round(ai.WinChance(score) * float64(h)))
	// a side that is better never looks lost, nor the worse side gone
	if score > 0 {
		white = max(white, (h+1)/2)
	} else if score < 0 {
		white = min(white, h/2)
	}
	for i := range out {
		fromWhite := h - 1 - i // rows from White's end
		if flip {
			fromWhite = i
		}
		if fromWhite < white {
			out[i] = st.EvalWhite.Render(pick(st, "█", "#"))
		} else {
			out[i] = st.EvalBlack.Render(pick(st, "░", "."))
		}
	}
	return out
}

// pick is the Unicode text, or the ASCII one where the styles draw in
// letters.
func pick(st *board.Styles, unicode, ascii string) string {
	if st.ASCII {
		return ascii
	}
	return unicode
}

// eighths are the block characters an area chart draws a column's top
// with, one eighth of a cell high to seven.
var eighths = []string{"▁", "▂", "▃", "▄", "▅", "▆", "▇"}

// evalGraph draws White's winning chances across a reviewed game, w
// columns by h rows and a row of marks under them: each column an area
// from the bottom (half full is an equal game, a dotted line marks
// half), the current position ▲, and the columns holding a mistake
// with its mark (graphMark) in its colour. A game with more
// positions than columns gives each column several, shown by the last.
func evalGraph(st *board.Styles, r *review.Review, cur, w, h int) []string {
	n := len(r.Evals)
	cols := min(w, n)
	if cols <= 0 || h <= 0 {
		return nil
	}
	first := func(c int) int { return c * n / cols }
	last := func(c int) int { return (c+1)*n/cols - 1 }
	grid := make([][]string, h)
	for y := range grid {
		grid[y] = make([]string, cols)
	}
	mid := -1
	if h%2 == 0 {
		mid = h/2 - 1 // the row whose bottom is half full
	}
	for c := 0; c < cols; c++ {
		e := r.Evals[last(c)]
		level := 0 // eighths of a cell
		if e.Done {
			level = int(math.Round(ai.WinChance(e.Score) * float64(h*8)))
			if !e.Over || e.Score != 0 {
				level = max(level, 1)
			}
		}
		for y := 0; y < h; y++ {
			fill := level - (h-1-y)*8 // eighths of this row filled
			switch {
			case fill >= 8:
				grid[y][c] = st.EvalWhite.Render(pick(st, "█", "#"))
			case fill > 0 && st.ASCII:
				if fill >= 4 {
					grid[y][c] = st.EvalWhite.Render("+")
				} else {
					grid[y][c] = st.EvalWhite.Render(".")
				}
			case fill > 0:
				grid[y][c] = st.EvalWhite.Render(eighths[fill-1])
			case y == mid && e.Done:
				grid[y][c] = st.Subtle.Render(pick(st, "┈", "-"))
			default:
				grid[y][c] = " "
			}
		}
	}
	out := make([]string, 0, h+1)
	for _, row := range grid {
		out = append(out, strings.Join(row, ""))
	}
	marks := make([]string, cols)
	for c := 0; c < cols; c++ {
		marks[c] = " "
		worst := ai.Good
		for p := max(first(c), 1); p <= last(c); p++ {
			if m := r.Moves[p-1]; m.Judged && m.Judgement > worst {
				worst = m.Judgement
			}
		}
		if worst != ai.Good {
			marks[c] = st.Judgement[worst].Render(graphMark(st, worst))
		}
		if cur >= first(c) && cur <= last(c) {
			marks[c] = st.Bold.Render(pick(st, "▲", "^"))
		}
	}
	return append(out, strings.Join(marks, ""))
}

// graphMark is a judgement's mark under the graph, one character wide:
// · inaccuracy, ? mistake, × blunder.
func graphMark(st *board.Styles, j ai.Judgement) string {
	return [...]string{"", pick(st, "·", "."), "?", pick(st, "×", "x")}[j]
}

// judgementGlyph is the mark of a judgement: "?!", "?", "??"; "" for a
// good move.
func judgementGlyph(j ai.Judgement) string {
	if j == ai.Good {
		return ""
	}
	return saves.NAGGlyph(j.NAG())
}

// progressBar draws done of total as a bar w wide: ▕███░░░▏ or [##..].
func progressBar(st *board.Styles, done, total, w int) string {
	inner := max(w-2, 1)
	filled := 0
	if total > 0 {
		filled = inner * done / total
	}
	if st.ASCII {
		return "[" + strings.Repeat("#", filled) + strings.Repeat(".", inner-filled) + "]"
	}
	return "▕" + st.EvalWhite.Render(strings.Repeat("█", filled)) + st.EvalBlack.Render(strings.Repeat("░", inner-filled)) + "▏"
}

// analysisPanel adds the analysis of the position shown to a panel: the
// score and depth, and the best lines, each on one line cut to the
// panel's width.
func analysisPanel(p *panelWriter, st *board.Styles, b *analysis.Board, pos *rules.Position, spin string, maxLines int) {
	w := p.width
	head := "Analysis"
	switch {
	case b.Failed != "":
		p.line(st.Bold.Render(head))
		p.wrap(b.Failed, st.Error)
		return
	case pos != nil && len(pos.Legal()) == 0:
		p.line(st.Bold.Render(head) + st.Subtle.Render(" · no moves: the game is over"))
		return
	case b.Reviewing:
		p.line(twoStyles(st.Bold, head, st.Subtle, " · after the game's", w))
		return
	}
	state := ""
	switch {
	case b.Thinking:
		state = " " + spin
	case b.Resting:
		state = " · done"
	}
	if b.Depth > 0 {
		head += fmt.Sprintf(" · depth %d", b.Depth)
	}
	p.line(twoStyles(st.Bold, head, st.Subtle, state, w))
	if len(b.Lines) == 0 {
		p.line(st.Subtle.Render("thinking…"))
		return
	}
	for i, l := range b.Lines {
		if i == maxLines {
			break
		}
		score := analysis.ScoreText(l.Score)
		switch l.Bound {
		case ai.LowerBound:
			score = "≥" + score
		case ai.UpperBound:
			score = "≤" + score
		}
		style := st.Move
		if i == 0 {
			style = st.Bold
		}
		p.line(style.Render(fmt.Sprintf("%6s", score)) + " " + words.Truncate(l.SAN, max(w-7, 1)))
	}
}

// reviewPanel adds a game's review to a panel: while it runs, how far it
// is; then each side's accuracy and marks, and the graph, graphRows high
// (none for 0).
func reviewPanel(p *panelWriter, st *board.Styles, b *analysis.Board, stop key.Binding, mainPly, graphRows int) {
	r := b.Review
	if r == nil {
		return
	}
	w := p.width
	done, total := b.ReviewProgress()
	if b.Reviewing {
		p.line(twoStyles(st.Bold, "Analysing the game", st.Subtle, fmt.Sprintf(" · %s stops", config.FirstKey(stop)), w))
		label := fmt.Sprintf(" %d/%d", done, total)
		p.line(progressBar(st, done, total, w-len(label)) + label)
	}
	for _, c := range []rules.Color{rules.White, rules.Black} {
		s := r.Summary(c)
		if s.Moves == 0 {
			continue
		}
		line := fmt.Sprintf("%-5s %3.0f%% · loss %d cp", words.Capitalise(colourName(c)), s.Accuracy, s.ACPL)
		counts := []struct {
			j ai.Judgement
			n int
		}{{ai.Inaccuracy, s.Inaccuracies}, {ai.Mistake, s.Mistakes}, {ai.Blunder, s.Blunders}}
		line = words.Truncate(line, w)
		room := w - words.Width(line)
		for _, k := range counts {
			mark := fmt.Sprintf("%d%s", k.n, judgementGlyph(k.j))
			if k.n == 0 || words.Width(mark)+1 > room {
				continue
			}
			line += " " + st.Judgement[k.j].Render(mark)
			room -= words.Width(mark) + 1
		}
		p.line(line)
	}
	if graphRows > 0 && done > 1 {
		for _, l := range evalGraph(st, r, max(mainPly, 0), w, graphRows) {
			p.line(l)
		}
	}
}

// twoStyles is a text in one style followed by one in another, cut to w
// characters (before styling, so no escape is cut).
func twoStyles(a lipgloss.Style, textA string, b lipgloss.Style, textB string, w int) string {
	textA = words.Truncate(textA, w)
	textB = words.Truncate(textB, max(w-words.Width(textA), 0))
	if textB == "" {
		return a.Render(textA)
	}
	return a.Render(textA) + b.Render(textB)
}

// moveMarks are the marks the move list shows after each move of a
// line: the judgement of a reviewed main-line move, else the glyphs of
// its note ("!", "?!", "±"), each with its style.
func moveMarks(st *board.Styles, line []analysis.Entry, r *review.Review) moveMark {
	judged := reviewMarks(st, r)
	return func(i int) (string, lipgloss.Style) {
		if i < 0 || i >= len(line) {
			return "", st.Move
		}
		e := line[i]
		if e.Main >= 0 {
			if mark, style := judged(e.Main); mark != "" {
				return mark, style
			}
		}
		n := e.Note()
		if n == nil || len(n.NAGs) == 0 {
			return "", st.Move
		}
		var g strings.Builder
		for _, nag := range n.NAGs {
			g.WriteString(saves.NAGGlyph(nag))
		}
		style := st.Accent
		for j, nag := range []int{6, 2, 4} {
			if n.HasNAG(nag) {
				style = st.Judgement[j+1]
			}
		}
		return g.String(), style
	}
}

// reviewMarks are the marks of a review's judgements, by move of the
// game's main line.
func reviewMarks(st *board.Styles, r *review.Review) moveMark {
	return func(i int) (string, lipgloss.Style) {
		if r == nil || i < 0 || i >= len(r.Moves) {
			return "", st.Move
		}
		if m := r.Moves[i]; m.Judged && m.Judgement != ai.Good {
			return judgementGlyph(m.Judgement), st.Judgement[m.Judgement]
		}
		return "", st.Move
	}
}
