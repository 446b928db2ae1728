// Package analysis is what the interface and the command line show of
// the engine's analysis: a game's review written into its PGN notes (as
// lichess exports an analysed game), the evaluations a PGN already holds
// read back, lines of moves in SAN, and the state of an analysis the
// screens observe (Board) — the position being thought about, its best
// lines, and the whole game's review as it runs. It knows no terminal.
package analysis

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"varia/ai"
	"varia/ai/review"
	"varia/rules"
	"varia/saves"
)

// BetterPlies is how many plies of the engine's line an annotation
// gives as the variation after a mistake.
const BetterPlies = 6

// EvalText writes a score for White as PGN's [%eval] command holds it:
// pawns with two decimals ("0.31", "-1.05"), or a mate in moves ("#4"
// when White mates, "#-2" when Black does).
func EvalText(s ai.Score) string {
	if s.IsMate() {
		return "#" + strconv.Itoa(s.MateMoves())
	}
	return strconv.FormatFloat(float64(s)/100, 'f', 2, 64)
}

// ParseEval reads an [%eval] value as EvalText writes it, and as other
// programs do ("0.3", "+1", "#-2"); false for anything else.
func ParseEval(text string) (ai.Score, bool) {
	text = strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(text, "#"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n == 0 || n > ai.MaxPly/2 || n < -ai.MaxPly/2 {
			return 0, false
		}
		if n > 0 {
			return ai.MateScore - ai.Score(2*n-1), true
		}
		return -ai.MateScore + ai.Score(-2*n), true
	}
	if i := strings.IndexByte(text, ','); i >= 0 {
		text = text[:i] // "0.31,18": lichess adds the depth
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f != f || f > 300 || f < -300 {
		return 0, false
	}
	return ai.Score(int(f*100 + 0.5*sign(f))), true
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}

// judgementWords are the sentences an annotation starts with.
var judgementWords = [...]string{ai.Inaccuracy: "Inaccuracy.", ai.Mistake: "Mistake.", ai.Blunder: "Blunder."}

// ownSentence finds what an earlier annotation by Varia wrote, so a game
// analysed again does not say it twice.
var ownSentence = regexp.MustCompile(`(Inaccuracy|Mistake|Blunder)\. Better was \S+\.`)

// Annotate writes a review into a game's notes, as lichess exports an
// analysed game: after every move whose position is evaluated an
// [%eval] command (replacing any the comment held), and for a move judged
// an inaccuracy, a mistake or a blunder its NAG ($6, $2, $4; unless the
// move already has a move mark such as "!" or "?"), a sentence naming the
// engine's move ("Mistake. Better was Nf3.") and its line as a
// variation. Comments, NAGs and variations already there are kept. The
// Annotator tag names Varia and how deep it looked.
func Annotate(sg *saves.SavedGame, r *review.Review, how string) {
	for i := range r.Moves {
		if i >= sg.Game.Len() {
			break
		}
		var note saves.Note
		if n := sg.NoteAt(i); n != nil {
			note = *n
			note.NAGs = append([]int(nil), n.NAGs...)
			note.Variations = append([]saves.Variation(nil), n.Variations...)
		}
		comment := saves.WithoutCommand(note.Comment, "eval")
		comment = strings.TrimSpace(ownSentence.ReplaceAllString(comment, ""))
		if e := r.Evals[i+1]; e.Done && !e.Over {
			comment = strings.TrimSpace("[%eval " + EvalText(e.Score) + "] " + comment)
		}
		if m := r.Moves[i]; m.Judged && m.Judgement != ai.Good && m.Best != rules.NoMove {
			if !hasMoveMark(note.NAGs) {
				note.NAGs = append(note.NAGs, m.Judgement.NAG())
			}
			pos := r.Positions[i]
			better := fmt.Sprintf("%s Better was %s.", judgementWords[m.Judgement], pos.SAN(m.Best))
			comment = strings.TrimSpace(comment + " " + better)
			line := m.Line[:min(len(m.Line), BetterPlies)]
			if v, err := saves.NewVariation(pos, line); err == nil && len(v) > 0 && !startsVariation(note.Variations, m.Best) {
				note.Variations = append(note.Variations, v)
			}
		}
		note.Comment = comment
		sg.SetNote(i, note)
	}
	sg.Tags = sg.Tags.Clone()
	sg.Tags.Set("Annotator", "Varia, "+how)
}

// hasMoveMark reports whether NAGs hold a judgement of the move ($1 to
// $6: !, ?, !!, ??, !?, ?!).
func hasMoveMark(nags []int) bool {
	for _, n := range nags {
		if n >= 1 && n <= 6 {
			return true
		}
	}
	return false
}

func startsVariation(vs []saves.Variation, m rules.Move) bool {
	for _, v := range vs {
		if len(v) > 0 && v[0].Move == m {
			return true
		}
	}
	return false
}

// FromNotes takes the evaluations a game's comments already hold
// ([%eval] after a move, as lichess and Varia write them) into a review,
// for the positions it has not evaluated; it returns how many it took.
// The moves between two such positions are judged from them.
func FromNotes(sg *saves.SavedGame, r *review.Review) int {
	n := 0
	defer func() {
		if n > 0 {
			r.MarkOver()
		}
	}()
	for i := 0; i < len(r.Moves) && i < sg.Game.Len(); i++ {
		note := sg.NoteAt(i)
		if note == nil || r.Evals[i+1].Done {
			continue
		}
		text, ok := saves.CommentCommand(note.Comment, "eval")
		if !ok {
			continue
		}
		if s, ok := ParseEval(text); ok {
			r.Set(i+1, review.Eval{Score: s})
			n++
		}
	}
	return n
}
