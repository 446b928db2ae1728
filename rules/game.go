package rules

import (
	"fmt"
	"slices"
)

// Record is one move of a game's history, with its notation.
type Record struct {
	Move     Move
	SAN      string
	Ply      int   // Ply of the position before the move
	Captured Piece // the piece the move took; NoPiece when it took none
}

// MoveNumber is the move number the record is printed under ("12." or
// "12...").
func (r Record) MoveNumber() int { return r.Ply/2 + 1 }

// Color is the side that made the move.
func (r Record) Color() Color { return Color(r.Ply & 1) }

// Numbered is the move number as it is printed before the move: "12."
// before White's, "12..." before Black's.
func (r Record) Numbered() string {
	if r.Color() == Black {
		return fmt.Sprintf("%d...", r.MoveNumber())
	}
	return fmt.Sprintf("%d.", r.MoveNumber())
}

// Game is a game record: the position, the moves played (with undo and
// redo), and the result by the rules or by the players. It is what the
// interface, the engine loop and PGN share; it never lets an illegal move
// in and accepts no move once the game is over.
type Game struct {
	v        *Variant
	startFEN string
	pos      *Position
	line     []Record // moves played, plus undone moves Redo can replay
	cur      int      // moves of line played to reach pos
	keys     []uint64 // RepetitionKey after 0..cur moves
	legal    []Move   // legal moves of pos
	auto     Result   // the result the rules give pos

	// A result the players declared (resignation, agreement, claim, time)
	// belongs to the position it was declared in: undoing a move leaves
	// it behind and redoing to that position brings it back.
	declared   Result
	declaredAt int // value of cur it belongs to; -1 for none

	playOn bool // moves are taken after an automatic draw (ContinueAfterDraws)
}

// NewGame starts a game of variant v from its start position.
func NewGame(v *Variant) *Game {
	return newGame(v, NewPosition(v))
}

// NewGameFromFEN starts a game from a FEN position of variant v. Only
// positions within the game count for repetition.
func NewGameFromFEN(v *Variant, fen string) (*Game, error) {
	p, err := ParseFEN(v, fen)
	if err != nil {
		return nil, err
	}
	return newGame(v, p), nil
}

func newGame(v *Variant, p *Position) *Game {
	g := &Game{v: v, pos: p, startFEN: p.FEN(), declaredAt: -1, legal: make([]Move, 0, MaxMoves)}
	g.keys = []uint64{p.RepetitionKey()}
	g.refresh()
	return g
}

// Clone returns an independent copy of the game: position, moves (those
// Redo would replay included) and result. Changing one never changes the
// other, so a copy can be written to disk while the game goes on.
func (g *Game) Clone() *Game {
	c := *g
	c.pos = g.pos.Clone()
	c.line = append([]Record(nil), g.line...)
	c.keys = append([]uint64(nil), g.keys...)
	c.legal = append(make([]Move, 0, MaxMoves), g.legal...)
	return &c
}

// Variant returns the game's variant.
func (g *Game) Variant() *Variant { return g.v }

// StartFEN returns the FEN of the game's first position.
func (g *Game) StartFEN() string { return g.startFEN }

// Position returns the current position. It is the game's own: read it,
// Clone it to search, never Make or Unmake on it.
func (g *Game) Position() *Position { return g.pos }

// History returns the moves played up to the current position.
func (g *Game) History() []Record { return append([]Record(nil), g.line[:g.cur]...) }

// Len is the number of moves played to reach the current position (the
// length of History, without copying it).
func (g *Game) Len() int { return g.cur }

// Captured lists the pieces each side has taken on the way to the
// current position, by the side that took them, dearest first (the order
// of PieceType from King down), in the order taken among equals.
func (g *Game) Captured() [2][]Piece {
	var out [2][]Piece
	for _, r := range g.line[:g.cur] {
		if r.Captured != NoPiece {
			out[r.Color()] = append(out[r.Color()], r.Captured)
		}
	}
	for c := range out {
		slices.SortStableFunc(out[c], func(a, b Piece) int { return int(b.Type()) - int(a.Type()) })
	}
	return out
}

// Line returns every move of the game's line: the history followed by the
// moves Redo would replay.
func (g *Game) Line() []Record { return append([]Record(nil), g.line...) }

// Legal returns the legal moves of the current position, each with its
// kind; none once the game is over.
func (g *Game) Legal() []Move {
	if g.Result().Over() {
		return nil
	}
	return append([]Move(nil), g.legal...)
}

// Play makes a legal move. It refuses an illegal move with a *MoveError,
// any move once the game is over with an error wrapping ErrGameOver, and
// any move past the last move number Varia counts with one wrapping
// ErrMoveLimit.
func (g *Game) Play(m Move) error {
	if err := g.refuseMoves(); err != nil {
		return err
	}
	if !containsMove(g.legal, m) {
		e := &MoveError{Input: m.UCI(), Problem: MoveIllegal, Reason: "not a legal move in this position"}
		for _, l := range g.legal {
			if l.From() == m.From() {
				e.Candidates = append(e.Candidates, l)
				e.CandidateSAN = append(e.CandidateSAN, g.pos.san(l, g.legal))
			}
		}
		return e
	}
	rec := Record{Move: m, SAN: g.pos.san(m, g.legal), Ply: g.pos.Ply()}
	switch m.Kind() {
	case Capture:
		rec.Captured = g.pos.PieceAt(m.To())
	case EnPassant:
		rec.Captured = MakePiece(g.pos.SideToMove().Other(), Pawn)
	}
	g.add(rec)
	return nil
}

// PlayNull passes the turn: the null move some programs write in their
// games ("--", "Z0", "0000"), for reading such a game. It is no move of
// the rules: never among the legal moves, refused in check (the king
// would stand attacked), and never offered on the board. Its record's
// SAN is "--" and its Move NullMove.
func (g *Game) PlayNull() error {
	if err := g.refuseMoves(); err != nil {
		return err
	}
	if g.pos.InCheck() {
		return &MoveError{Input: "--", Problem: MoveIllegal, Reason: fmt.Sprintf("a null move (a pass) is impossible in check: the %s king would stay attacked", g.pos.SideToMove())}
	}
	g.add(Record{Move: NullMove, SAN: "--", Ply: g.pos.Ply()})
	return nil
}

// ContinueAfterDraws lets moves be played after an automatic draw that
// leaves legal moves (fivefold repetition, the 75-move rule, the counting
// rule, insufficient material), as games from other programs sometimes
// go on past one: a reader sets it to read such a game to its end. Play
// never goes on past a checkmate, a stalemate or a result the players
// declared.
func (g *Game) ContinueAfterDraws(on bool) { g.playOn = on }

// refuseMoves says why no move may be played now, if none may.
func (g *Game) refuseMoves() error {
	if res := g.Result(); res.Over() && !(g.playOn && g.declaredAt != g.cur && res.Status == Drawn && len(g.legal) > 0) {
		return fmt.Errorf("%w (%s); no more moves", ErrGameOver, res)
	}
	if g.pos.AtMoveLimit() {
		return fmt.Errorf("%w (move %d, halfmove clock %d)", ErrMoveLimit, g.pos.FullmoveNumber(), g.pos.HalfmoveClock())
	}
	return nil
}

// add plays a new move of the line, or, when it is the move undone last,
// replays it and keeps the rest of the line.
func (g *Game) add(rec Record) {
	if g.cur < len(g.line) && g.line[g.cur].Move == rec.Move {
		g.step()
		return
	}
	g.line = append(g.line[:g.cur], rec)
	if g.declaredAt > g.cur {
		g.declared, g.declaredAt = Result{}, -1
	}
	g.step()
}

// PlayText reads a move in SAN, tilde or UCI form and plays it.
func (g *Game) PlayText(text string) (Move, error) {
	if err := g.refuseMoves(); err != nil {
		return NoMove, err
	}
	m, err := g.pos.ParseMove(text)
	if err != nil {
		return NoMove, err
	}
	return m, g.Play(m)
}

// step plays line[cur].
func (g *Game) step() {
	if m := g.line[g.cur].Move; m == NullMove {
		g.pos.MakeNull()
	} else {
		g.pos.Make(m)
	}
	g.cur++
	g.keys = append(g.keys[:g.cur], g.pos.RepetitionKey())
	g.refresh()
}

// CanUndo reports whether a move can be taken back.
func (g *Game) CanUndo() bool { return g.cur > 0 }

// DropRedo forgets the moves Redo could replay: a takeback agreed
// between two players stays taken back.
func (g *Game) DropRedo() { g.line = g.line[:g.cur] }

// CanRedo reports whether an undone move can be replayed.
func (g *Game) CanRedo() bool { return g.cur < len(g.line) }

// Undo takes back the last move, and with it a result declared after it.
func (g *Game) Undo() bool {
	if g.cur == 0 {
		return false
	}
	if g.line[g.cur-1].Move == NullMove {
		g.pos.UnmakeNull()
	} else {
		g.pos.Unmake()
	}
	g.cur--
	g.keys = g.keys[:g.cur+1]
	g.refresh()
	return true
}

// Redo replays the move last undone.
func (g *Game) Redo() bool {
	if g.cur == len(g.line) {
		return false
	}
	g.step()
	return true
}

// refresh recomputes what depends only on the current position.
func (g *Game) refresh() {
	g.legal = g.pos.LegalMoves(g.legal[:0])
	g.auto = g.evaluate()
}

// evaluate applies the automatic results in RULES.md's order, so a
// checkmate on the ply that reaches the 75-move or counting limit wins.
func (g *Game) evaluate() Result {
	p := g.pos
	switch {
	case len(g.legal) == 0 && p.InCheck():
		return Result{winner(p.side.Other()), Checkmate}
	case len(g.legal) == 0:
		return Result{Drawn, Stalemate}
	case p.InsufficientMaterial():
		return Result{Drawn, InsufficientMaterial}
	case g.Repetitions() >= 5:
		return Result{Drawn, FivefoldRepetition}
	case p.HalfmoveClock() >= 150:
		return Result{Drawn, SeventyFiveMoves}
	}
	if running, plies, limit := g.Count(); running && plies >= limit {
		return Result{Drawn, CountingRule}
	}
	return Result{}
}

// Repetitions counts how often the current position has occurred in this
// game, itself included. Positions compare by placement, side to move,
// castling rights, the legal en passant capture and two-square rights.
// Every earlier position is compared, not just those since the last pawn
// move: Asha's sideways pawn steps can return to a position.
func (g *Game) Repetitions() int {
	n := 0
	k := g.keys[g.cur]
	for i := g.cur; i >= 0; i -= 2 {
		if g.keys[i] == k {
			n++
		}
	}
	return n
}

// Result returns how the game ended, or Ongoing.
func (g *Game) Result() Result {
	if g.declaredAt == g.cur {
		return g.declared
	}
	return g.auto
}

// Claimable lists the draws the side to move may claim now: threefold
// repetition (this position seen three times or more) and the 50-move rule
// (100 plies without a capture or pawn move).
func (g *Game) Claimable() []Reason {
	if g.Result().Over() {
		return nil
	}
	var out []Reason
	if g.Repetitions() >= 3 {
		out = append(out, ThreefoldRepetition)
	}
	if g.pos.HalfmoveClock() >= 100 {
		out = append(out, FiftyMoves)
	}
	return out
}

// ClaimDraw ends the game drawn by a claim Claimable offers. Refused
// claims return an error wrapping ErrNoClaim that says what is missing.
func (g *Game) ClaimDraw(r Reason) error {
	if res := g.Result(); res.Over() {
		return fmt.Errorf("%w (%s); nothing to claim", ErrGameOver, res)
	}
	switch r {
	case ThreefoldRepetition:
		if n := g.Repetitions(); n < 3 {
			return fmt.Errorf("%w: threefold repetition needs this position three times; it has occurred %d", ErrNoClaim, n)
		}
	case FiftyMoves:
		if n := g.pos.HalfmoveClock(); n < 100 {
			return fmt.Errorf("%w: the 50-move rule needs 100 plies without a capture or pawn move; there have been %d", ErrNoClaim, n)
		}
	default:
		return fmt.Errorf("%w: %q is not a draw one claims (only threefold repetition and the 50-move rule)", ErrNoClaim, r)
	}
	g.declare(Result{Drawn, r})
	return nil
}

// Resign ends the game as a win for c's opponent. Either side may resign
// at any time.
func (g *Game) Resign(c Color) error {
	if c != White && c != Black {
		return fmt.Errorf("resign: no colour %d", c)
	}
	if res := g.Result(); res.Over() {
		return fmt.Errorf("%w (%s); cannot resign", ErrGameOver, res)
	}
	g.declare(Result{winner(c.Other()), Resignation})
	return nil
}

// AgreeDraw ends the game drawn by agreement.
func (g *Game) AgreeDraw() error {
	if res := g.Result(); res.Over() {
		return fmt.Errorf("%w (%s); cannot agree a draw", ErrGameOver, res)
	}
	g.declare(Result{Drawn, Agreement})
	return nil
}

// LoseOnTime ends the game because c's clock ran out: a win for the
// opponent, or a draw when the opponent could never mate (CanMate).
func (g *Game) LoseOnTime(c Color) error {
	if c != White && c != Black {
		return fmt.Errorf("time forfeit: no colour %d", c)
	}
	if res := g.Result(); res.Over() {
		return fmt.Errorf("%w (%s); the clock no longer matters", ErrGameOver, res)
	}
	st := winner(c.Other())
	if !g.pos.CanMate(c.Other()) {
		st = Drawn
	}
	g.declare(Result{st, TimeForfeit})
	return nil
}

// Abandon ends the game because c's player left it and did not come
// back: a win for the opponent, or a draw when the opponent chooses one
// (Termination "abandonment" in PGN).
func (g *Game) Abandon(c Color, draw bool) error {
	if c != White && c != Black {
		return fmt.Errorf("abandon: no colour %d", c)
	}
	if res := g.Result(); res.Over() {
		return fmt.Errorf("%w (%s); cannot be abandoned", ErrGameOver, res)
	}
	st := winner(c.Other())
	if draw {
		st = Drawn
	}
	g.declare(Result{st, Abandonment})
	return nil
}

// declare records a result for the current position. The moves Redo
// could replay are dropped: the game ends here.
func (g *Game) declare(r Result) {
	g.line = g.line[:g.cur]
	g.declared, g.declaredAt = r, g.cur
}

// Count reports the counting rule (variants with a CountLimit, i.e.
// ASEAN): whether the count is running, the plies counted and the limit
// in plies. The interface shows moves: "count 23/64" is
// (plies+1)/2 of limit/2. Variants without a count return false, 0, 0.
func (g *Game) Count() (running bool, plies, limit int) {
	if g.v.CountLimit == 0 {
		return false, 0, 0
	}
	running, plies = g.pos.Count()
	return running, plies, g.v.CountLimit
}
