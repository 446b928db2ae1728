package saves

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"varia/rules"
)

// NoClock marks a move without a %clk comment in SavedGame.Clocks.
const NoClock time.Duration = -1

// SavedGame is a game as PGN holds it: its tags and the game itself,
// every move checked by the variant's rules.
type SavedGame struct {
	Tags Tags
	Game *rules.Game
	// Clocks is the time left on the mover's clock after each move of
	// the game's history, from [%clk] comments; NoClock where a move has
	// none (Write skips any negative value). Nil when the game has no
	// clock comments.
	Clocks []time.Duration
	// Comment is the comment before the first move, and Notes what the
	// text says of each move of the history (annotation glyphs, comments,
	// variations), move by move; Notes is nil when no move has a note,
	// and may be shorter than the history. SetNote and NoteAt keep them.
	Comment string
	Notes   []Note

	File   string // the name the PGN was read under; empty for a new game
	Number int    // the game's number in that file, from 1
	Line   int    // the line the game starts on

	// Warnings are what the game's text does that Varia would not, read
	// anyway: moves after an automatic draw, text after the result.
	Warnings []*Warning
}

// Reader reads the games of PGN text one at a time, so large files
// stream.
type Reader struct {
	lx     *lexer
	name   string
	number int   // games started so far
	err    error // a read error, returned again by every Next

	moveBuf []rawMove // room for a game's moves, reused from game to game

	// Variant, if set, is the variant of games without a Variant tag
	// (standard chess otherwise), for files from programs that write
	// none.
	Variant *rules.Variant
}

// NewReader reads PGN from r. The name (usually the file's path) is
// used in errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{lx: newLexer(r), name: name}
}

// Next returns the next game, or io.EOF after the last one. A game that
// cannot be read is a *ParseError, and Next goes on with the following
// game: after one the rules refuse (an illegal move, an unknown variant,
// a bad FEN, a result the position contradicts) at once, after broken
// PGN syntax from the next line that starts a tag pair. A read error
// other than a bad game ends the reading: every later Next returns it.
func (r *Reader) Next() (*SavedGame, error) {
	raw, err := r.nextRaw()
	if err != nil {
		return nil, err
	}
	return r.build(raw)
}

// nextRaw reads the next game's text without applying the rules; nil and
// io.EOF after the last game. With a *ParseError it returns what it read
// of the broken game, if anything.
func (r *Reader) nextRaw() (*rawGame, error) {
	if r.err != nil {
		return nil, r.err
	}
	raw, err := parseGame(r.lx, r.moveBuf)
	if raw != nil {
		r.moveBuf = raw.moves[:0] // the next game reuses the room
	}
	if raw == nil && err == nil {
		return nil, io.EOF
	}
	r.number++
	if err != nil {
		var se *syntaxError
		if errors.As(err, &se) {
			r.lx.skipGame(raw != nil && !raw.inMoves)
			return raw, &ParseError{File: r.name, Game: r.number, Line: se.line, Col: se.col, Text: se.text, Reason: se.reason}
		}
		r.err = fmt.Errorf("%s: reading game %d: %w", r.name, r.number, err)
		return nil, r.err
	}
	return raw, nil
}

// Read reads every game of PGN text. On an error it stops and returns
// the games read before it, and the error (a *ParseError for bad PGN);
// read with a Reader (or an Index) to go on past bad games.
func Read(r io.Reader, name string) ([]*SavedGame, error) {
	pr := NewReader(r, name)
	var games []*SavedGame
	for {
		g, err := pr.Next()
		if errors.Is(err, io.EOF) {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// ReadFile reads every game of a PGN file, as Read does. Only a regular
// file is read (OpenRegular).
func ReadFile(path string) ([]*SavedGame, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// build applies the rules to a game's text.
func (r *Reader) build(raw *rawGame) (*SavedGame, error) {
	fail := func(t token, text, reason string, err error) (*SavedGame, error) {
		return nil, &ParseError{File: r.name, Game: r.number, Line: t.line, Col: t.col, Text: text, Reason: reason, Err: err}
	}
	at := func(tag string) token {
		if t, ok := raw.tagAt(tag); ok {
			return t
		}
		return token{line: raw.line, col: raw.col}
	}

	variantName, tagged := raw.tags.Lookup("Variant")
	v, err := VariantFromTag(variantName)
	if err != nil {
		return fail(at("Variant"), variantName, err.Error(), err)
	}
	if !tagged && r.Variant != nil {
		v = r.Variant
	}
	var g *rules.Game
	if fen, ok := raw.tags.Lookup("FEN"); ok {
		g, err = rules.NewGameFromFEN(v, fen)
		if err != nil && v == rules.Standard {
			// Programs that know no Variant tag for Chess960 write only
			// SetUp and FEN; a FEN whose castling rights make sense only
			// there is a Chess960 game.
			if g960, err960 := rules.NewGameFromFEN(rules.Chess960, fen); err960 == nil {
				g, err = g960, nil
			}
		}
		if err != nil {
			return fail(at("FEN"), fen, fmt.Sprintf("FEN tag for %s: %v", v.Name, err), err)
		}
	} else {
		if raw.tags.Get("SetUp") == "1" {
			return fail(at("SetUp"), "1", "SetUp is 1 but the game has no FEN tag", nil)
		}
		g = rules.NewGame(v)
	}

	sg := &SavedGame{Tags: raw.tags, Game: g, File: r.name, Number: r.number, Line: raw.line}
	warn := func(t token, text, message string) {
		sg.Warnings = append(sg.Warnings, &Warning{File: r.name, Game: r.number, Line: t.line, Col: t.col, Text: text, Message: message})
	}
	// A game some program went on with after an automatic draw is read to
	// its end, with a warning naming where the rules ended it.
	g.ContinueAfterDraws(true)
	defer g.ContinueAfterDraws(false)
	drawSeen := false
	for i, m := range raw.moves {
		if len(m.vars) > 0 || m.before != "" || len(m.nags) > 0 || m.comment != "" {
			note := Note{Before: m.before, NAGs: m.nags, Comment: m.comment}
			for _, rv := range m.vars {
				if v := r.buildVariation(g.Clone(), rv, warn); len(v) > 0 {
					note.Variations = append(note.Variations, v)
				}
			}
			if i > 0 && note.Before != "" {
				prev := Note{}
				if p := sg.NoteAt(i - 1); p != nil {
					prev = *p
				}
				if foldBefore(&prev, &note) {
					sg.SetNote(i-1, prev)
				}
			}
			sg.SetNote(i, note)
		}
		ply := g.Position().Ply()
		res, where := g.Result(), ""
		if res.Over() && !drawSeen {
			where = drawnWhere(g)
		}
		if err := playMove(g, m.tok.text); err != nil {
			return fail(m.tok, m.tok.text, moveFailure(ply, err), err)
		}
		if where != "" {
			drawSeen = true
			warn(m.tok, m.tok.text, fmt.Sprintf("the rules drew the game %s (%s); the moves after it are read as played", where, res.Reason))
		}
		if m.hasClock {
			if sg.Clocks == nil {
				sg.Clocks = make([]time.Duration, len(raw.moves))
				for j := range sg.Clocks {
					sg.Clocks[j] = NoClock
				}
			}
			sg.Clocks[i] = m.clock
		}
	}
	g.ContinueAfterDraws(false)
	if err := r.applyResult(raw, g, sg, drawSeen); err != nil {
		return nil, err
	}
	sg.Comment = raw.comment
	for _, d := range raw.dropped {
		warn(d.at, d.at.text, d.message)
	}
	if t := raw.trailing; t != nil {
		warn(*t, t.text, fmt.Sprintf("text after the result %s is part of no game; skipped up to the next game", raw.result.text))
	}
	return sg, nil
}

// buildVariation plays a variation's moves on g, a copy of the game at
// the position the variation starts from. A move the rules refuse ends
// the variation there, with a warning: the moves before it are kept.
func (r *Reader) buildVariation(g *rules.Game, raw []rawMove, warn func(token, string, string)) Variation {
	var out Variation
	for _, m := range raw {
		note := Note{Before: m.before, NAGs: m.nags, Comment: m.comment}
		for _, rv := range m.vars {
			if v := r.buildVariation(g.Clone(), rv, warn); len(v) > 0 {
				note.Variations = append(note.Variations, v)
			}
		}
		ply := g.Position().Ply()
		if err := playMove(g, m.tok.text); err != nil {
			warn(m.tok, m.tok.text, "in a variation, "+moveFailure(ply, err)+"; the variation is kept up to the move before")
			break
		}
		if len(out) > 0 {
			foldBefore(&out[len(out)-1].Note, &note)
		}
		rec := g.History()[g.Len()-1]
		out = append(out, VarMove{Move: rec.Move, SAN: rec.SAN, Ply: rec.Ply, Note: note})
	}
	return out
}

// foldBefore gives a comment that stood before a move to the move before
// it when that move has no variation left (every one refused by the
// rules): PGN puts a comment before a move only after the variations of
// the move before, so written back it would read as that move's comment.
// It reports whether it moved one.
func foldBefore(prev, n *Note) bool {
	if n.Before == "" || len(prev.Variations) > 0 {
		return false
	}
	prev.Comment = joinComments(prev.Comment, n.Before)
	n.Before = ""
	return true
}

// playMove plays a move as the file writes it, a null move as a pass.
func playMove(g *rules.Game, text string) error {
	if isNullMove(text) {
		return g.PlayNull()
	}
	_, err := g.PlayText(text)
	return err
}

// isNullMove reports whether a move text is a null move as other programs
// write it: "--" (ChessBase, SCID), "Z0", "0000" (UCI) or "@@@@".
func isNullMove(s string) bool {
	switch strings.TrimRight(s, "+#") {
	case "--", "Z0", "0000", "@@@@":
		return true
	}
	return false
}

// drawnWhere names the move after which a game stands drawn: "after
// 45...Kf7", or "in its first position".
func drawnWhere(g *rules.Game) string {
	n := g.Len()
	if n == 0 {
		return "in its first position"
	}
	rec := g.History()[n-1]
	return "after " + rec.Numbered() + rec.SAN
}

// moveFailure says why a move was refused, naming the move number.
func moveFailure(ply int, err error) string {
	label := fmt.Sprintf("%d.", ply/2+1)
	if ply%2 == 1 {
		label = fmt.Sprintf("%d...", ply/2+1)
	}
	var me *rules.MoveError
	if !errors.As(err, &me) {
		return fmt.Sprintf("move %s: %v", label, err)
	}
	s := fmt.Sprintf("%s move %s: %s", me.Problem, label, me.Reason)
	if len(me.CandidateSAN) > 0 {
		s += " (it could mean " + strings.Join(me.CandidateSAN, ", ") + ")"
	}
	return s
}

// applyResult checks the result token (or, without one, the Result tag)
// against the final position. A result the moves do not show (a win, or
// a draw in a position that is not over) is recorded on the game as the
// Termination tag says, see declareResult.
func (r *Reader) applyResult(raw *rawGame, g *rules.Game, sg *SavedGame, pastDraw bool) error {
	text, pos := "*", raw.end
	tagValue, hasTag := raw.tags.Lookup("Result")
	tagStatus, tagValid := rules.ParseStatus(normalResult(strings.TrimSpace(tagValue)))
	switch {
	case raw.result != nil:
		text, pos = normalResult(raw.result.text), *raw.result
		if hasTag && tagValid && tagStatus.PGN() != text {
			return &ParseError{File: r.name, Game: r.number, Line: pos.line, Col: pos.col, Text: raw.result.text,
				Reason: fmt.Sprintf("the result differs from the Result tag %q", tagValue)}
		}
	case hasTag && tagValid:
		text = tagStatus.PGN()
		pos, _ = raw.tagAt("Result")
	}
	status, _ := rules.ParseStatus(text)
	fail := func(reason string) error {
		return &ParseError{File: r.name, Game: r.number, Line: pos.line, Col: pos.col, Text: text, Reason: reason}
	}
	if res := g.Result(); res.Over() {
		if status != rules.Ongoing && status != res.Status {
			if pastDraw && res.Status == rules.Drawn {
				// Played on past a draw the rules made: the rules' result
				// stands, and the file's is noted.
				sg.Warnings = append(sg.Warnings, &Warning{File: r.name, Game: r.number, Line: pos.line, Col: pos.col, Text: text,
					Message: fmt.Sprintf("the result %s is not the rules' %s; read as the rules have it", text, res)})
				return nil
			}
			return fail(fmt.Sprintf("the final position says %s", res))
		}
		return nil
	}
	if status == rules.Ongoing {
		return nil
	}
	if err := declareResult(g, status, raw.tags.Get("Termination")); err != nil {
		return fail(err.Error())
	}
	return nil
}

// declareResult records on a game that the rules leave going a result
// the players or a clock decided. Termination (as Varia writes it, or
// Lichess's "Time forfeit") tells how; a win is otherwise a resignation,
// and a draw a claim when one is open (threefold repetition first), else
// an agreement.
func declareResult(g *rules.Game, status rules.Status, termination string) error {
	reason := reasonFromTermination(termination)
	pos := g.Position()
	switch status {
	case rules.WhiteWins, rules.BlackWins:
		loser := rules.Black
		if status == rules.BlackWins {
			loser = rules.White
		}
		switch {
		case reason == rules.TimeForfeit && pos.CanMate(loser.Other()):
			return g.LoseOnTime(loser)
		case reason == rules.Abandonment:
			return g.Abandon(loser, false)
		}
		return g.Resign(loser)
	case rules.Drawn:
		switch reason {
		case rules.ThreefoldRepetition, rules.FiftyMoves:
			if g.ClaimDraw(reason) == nil {
				return nil
			}
		case rules.TimeForfeit:
			// A draw on time: the side that still had time could not mate.
			for _, c := range []rules.Color{rules.White, rules.Black} {
				if !pos.CanMate(c.Other()) {
					return g.LoseOnTime(c)
				}
			}
		case rules.Abandonment:
			return g.Abandon(g.Position().SideToMove(), true)
		case rules.NoReason:
			if claims := g.Claimable(); len(claims) > 0 {
				return g.ClaimDraw(claims[0])
			}
		}
		return g.AgreeDraw()
	}
	return nil
}

// reasonFromTermination reads a Termination tag: Varia's own reason
// texts, and the words other programs use for the ones it can tell.
func reasonFromTermination(s string) rules.Reason {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return rules.NoReason
	}
	for r := rules.Checkmate; r <= rules.Abandonment; r++ {
		if s == r.String() {
			return r
		}
	}
	switch {
	case strings.Contains(s, "time"):
		return rules.TimeForfeit
	case strings.Contains(s, "abandon"):
		return rules.Abandonment
	case strings.Contains(s, "resign"):
		return rules.Resignation
	case strings.Contains(s, "agree"):
		return rules.Agreement
	case strings.Contains(s, "repetition"):
		return rules.ThreefoldRepetition
	case strings.Contains(s, "50") || strings.Contains(s, "fifty"):
		return rules.FiftyMoves
	}
	return rules.NoReason
}

// standardNames are what other programs write in the Variant tag for
// ordinary chess; Lichess writes "From Position" for a game set up from
// a FEN.
var standardNames = []string{"", "standard", "chess", "normal", "classical", "from position"}

// chess960Names are other programs' names for Chess960 (Cute Chess
// writes "fischerandom", tournament sites "chess 960").
var chess960Names = []string{"chess 960", "fischerandom", "fischerrandom", "fischer random", "fischer random chess", "frc"}

// VariantFromTag finds the variant a PGN Variant tag names: Varia's PGN
// names, ids and full names case-insensitively, and the usual names for
// ordinary chess (or no tag at all).
func VariantFromTag(name string) (*rules.Variant, error) {
	n := strings.TrimSpace(name)
	for _, s := range standardNames {
		if strings.EqualFold(n, s) {
			return rules.Standard, nil
		}
	}
	for _, s := range chess960Names {
		if strings.EqualFold(n, s) {
			return rules.Chess960, nil
		}
	}
	if v, err := rules.VariantByID(n); err == nil {
		return v, nil
	}
	var known []string
	for _, v := range rules.Variants() {
		if strings.EqualFold(n, v.Name) {
			return v, nil
		}
		known = append(known, VariantTag(v))
	}
	return nil, fmt.Errorf("unknown variant %q (Varia plays %s)", n, strings.Join(known, ", "))
}

// VariantTag is the name written in a game's Variant tag.
func VariantTag(v *rules.Variant) string {
	if v.PGNName == "" {
		return "Standard"
	}
	return v.PGNName
}
