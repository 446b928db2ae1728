package rules

import (
	"fmt"
	"strings"
)

// MoveProblem classifies why a move text was refused.
type MoveProblem uint8

const (
	MoveMalformed MoveProblem = iota + 1 // not a move in any notation
	MoveIllegal                          // a well-formed move that is not legal here
	MoveAmbiguous                        // more than one legal move fits the text
)

func (pr MoveProblem) String() string {
	switch pr {
	case MoveMalformed:
		return "malformed"
	case MoveIllegal:
		return "illegal"
	case MoveAmbiguous:
		return "ambiguous"
	}
	return "invalid"
}

// MoveError is the error ParseMove and Game.Play return for a move they
// refuse. Candidates are the legal moves the text could have meant (empty
// when nothing comes close); CandidateSAN writes them in the position's
// notation.
type MoveError struct {
	Input        string
	Reason       string
	Candidates   []Move
	Problem      MoveProblem
	CandidateSAN []string
}

func (e *MoveError) Error() string {
	s := fmt.Sprintf("%s move %q: %s", e.Problem, e.Input, e.Reason)
	names := e.CandidateSAN
	if len(names) == 0 {
		for _, m := range e.Candidates {
			names = append(names, m.UCI())
		}
	}
	if len(names) > 0 {
		s += " (it could mean " + strings.Join(names, ", ") + ")"
	}
	return s
}

// maxMoveText bounds what the reader looks at; no move text comes close.
const maxMoveText = 40

// ParseMove reads a move in SAN, tilde or UCI form. It forgives what people
// and other programs commonly write: +, #, !, ? and "e.p." suffixes, 0-0
// for O-O, a promotion without "=" (e8Q, e8q), lower-case piece letters
// where no pawn move is meant, long algebraic (Ng1-f3), a missing piece
// letter before a tilde move, a tilde on a one-square ordinary move, and a
// missing promotion piece where the variant offers only one. Anything
// else it refuses with a *MoveError that says whether the text is
// malformed, illegal or ambiguous, why, and which legal moves it could
// have meant.
func (p *Position) ParseMove(text string) (Move, error) {
	r := &moveReader{p: p, input: strings.TrimSpace(text)}
	r.legal = p.LegalMoves(r.buf[:0])
	return r.read()
}

type moveReader struct {
	p     *Position
	input string
	legal []Move
	buf   [MaxMoves]Move
}

func (r *moveReader) fail(problem MoveProblem, candidates []Move, format string, args ...any) (Move, error) {
	e := &MoveError{Input: r.input, Reason: fmt.Sprintf(format, args...), Problem: problem, Candidates: candidates}
	for _, m := range candidates {
		e.CandidateSAN = append(e.CandidateSAN, r.p.san(m, r.legal))
	}
	return NoMove, e
}

func (r *moveReader) read() (Move, error) {
	s := r.input
	switch {
	case s == "":
		return r.fail(MoveMalformed, nil, "no move given")
	case len(s) > maxMoveText:
		r.input = s[:maxMoveText] + "..."
		return r.fail(MoveMalformed, nil, "too long for a move (%d characters)", len(s))
	}
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return r.fail(MoveMalformed, nil, "unexpected character %q", s[i])
		}
	}
	s = stripAnnotations(s)
	if s == "" {
		return r.fail(MoveMalformed, nil, "only annotation marks, no move")
	}
	if s == "0000" || s == "--" {
		return r.fail(MoveMalformed, nil, "a null move is not a move of the game")
	}
	if len(r.legal) == 0 {
		return r.fail(MoveIllegal, nil, "there are no legal moves in this position")
	}
	switch {
	case isCastlingText(s):
		return r.readCastling(s)
	case strings.Contains(s, "~"):
		return r.readTilde(s)
	case isUCI(s):
		return r.readUCI(s)
	}
	return r.readSAN(s)
}

// stripAnnotations removes check, mate, quality marks and "e.p." from the
// end, in any order.
func stripAnnotations(s string) string {
	for {
		t := strings.TrimRight(s, "+#!? ")
		if n := len(t); n >= 4 && strings.EqualFold(t[n-4:], "e.p.") {
			t = strings.TrimRight(t[:n-4], " ")
		}
		if t == s {
			return s
		}
		s = t
	}
}

func isCastlingText(s string) bool {
	switch strings.ToUpper(strings.ReplaceAll(s, "0", "O")) {
	case "O-O", "O-O-O":
		return true
	}
	return false
}

func isSquareText(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'
}

func isUCI(s string) bool {
	return (len(s) == 4 || len(s) == 5) && isSquareText(s[:2]) && isSquareText(s[2:4])
}

func (r *moveReader) side() string { return r.p.side.String() }

func (r *moveReader) pieceName(t PieceType) string {
	return strings.ToLower(r.p.v.PieceName(t))
}

// readCastling finds the side to move's castle whose SAN the text names.
func (r *moveReader) readCastling(s string) (Move, error) {
	want := strings.ToUpper(strings.ReplaceAll(s, "0", "O"))
	var castles, named []Move
	for _, m := range r.legal {
		if m.Kind() != Castling {
			continue
		}
		castles = append(castles, m)
		if r.p.castleFor(m.From(), m.To()).SAN == want {
			named = append(named, m)
		}
	}
	switch {
	case len(named) == 1:
		return named[0], nil
	case len(named) > 1:
		return r.fail(MoveAmbiguous, named, "more than one castle is written %s", want)
	case len(r.p.v.Castling) == 0:
		return r.fail(MoveIllegal, nil, "%s has no castling", r.p.v.Name)
	case r.p.InCheck():
		return r.fail(MoveIllegal, castles, "%s cannot castle out of check", r.side())
	}
	why := fmt.Sprintf("%s has no castle written %s", r.side(), want)
	if r.p.v.g.chess960 {
		// A Chess960 game has a castle only while a rook has the right.
		why = fmt.Sprintf("%s has no right to castle %s", r.side(), want)
	}
	for i := range r.p.ct.castles {
		c := &r.p.ct.castles[i]
		if c.color != r.p.side || c.SAN != want {
			continue
		}
		switch {
		case r.p.castle&c.right == 0:
			why = fmt.Sprintf("%s has lost the right to castle %s", r.side(), want)
		case r.p.Occupied()&c.empty != 0:
			why = fmt.Sprintf("a square the king on %s or the rook on %s must cross or land on is occupied (%s)",
				c.King, c.Rook, andSquares(r.p.Occupied()&c.empty))
		default:
			why = fmt.Sprintf("the king on %s would cross or land on an attacked square", c.King)
		}
	}
	return r.fail(MoveIllegal, castles, "%s", why)
}

// readTilde reads "Nb1~b2", "e4~d5", "e7~f8=Q": a move that never
// captures, named by its origin and destination.
func (r *moveReader) readTilde(s string) (Move, error) {
	left, right, _ := strings.Cut(s, "~")
	var letter byte
	switch {
	case len(left) == 3 && isSquareText(left[1:]):
		letter, left = left[0], left[1:]
	case !isSquareText(left):
		return r.fail(MoveMalformed, nil, "a tilde move starts with its origin square, like Nb1~b2 or e4~d5")
	}
	if len(right) < 2 || !isSquareText(right[:2]) {
		return r.fail(MoveMalformed, nil, "a tilde move ends with its destination square, like Nb1~b2 or e4~d5")
	}
	promo, promoGiven, ok := parsePromotion(right[2:])
	if !ok {
		return r.fail(MoveMalformed, nil, "%q after the destination is not a promotion like =Q", right[2:])
	}
	from, to := sq(left), sq(right[:2])
	pc := r.p.board[from]
	if pc == NoPiece || pc.Color() != r.p.side {
		return r.fail(MoveIllegal, r.movesFrom(from, true), "%s has no piece on %s", r.side(), from)
	}
	if letter != 0 {
		t := PieceTypeFromLetter(letter)
		if t == NoPieceType {
			return r.fail(MoveMalformed, nil, "%q is not a piece letter", letter)
		}
		if t != pc.Type() {
			return r.fail(MoveIllegal, r.movesFrom(from, true), "the piece on %s is a %s, not a %s", from, r.pieceName(pc.Type()), r.pieceName(t))
		}
	}
	var matches []Move
	for _, m := range r.legal {
		if m.From() == from && m.To() == to {
			matches = append(matches, m)
		}
	}
	if len(matches) == 0 {
		return r.fail(MoveIllegal, r.movesFrom(from, true), "the %s on %s cannot move to %s%s", r.pieceName(pc.Type()), from, to, r.whyNot(from, to))
	}
	if matches[0].Kind().IsCapture() {
		return r.fail(MoveIllegal, matches, "a tilde move never captures, and %s to %s is a capture", from, to)
	}
	return r.pickPromotion(matches, promo, promoGiven)
}

// readUCI reads "e2e4" or "e7e8q". A castle may be written as the king's
// move (e1g1) or as the king taking its own rook (e1h1, UCI_Chess960's
// form), whichever way the variant stores it.
func (r *moveReader) readUCI(s string) (Move, error) {
	from, to := sq(s[:2]), sq(s[2:4])
	promo, promoGiven := NoPieceType, false
	if len(s) == 5 {
		if promo = PieceTypeFromLetter(s[4]); promo == NoPieceType {
			return r.fail(MoveMalformed, nil, "%q is not a piece letter", s[4])
		}
		promoGiven = true
	}
	var matches []Move
	for _, m := range r.legal {
		if m.From() == from && m.To() == to {
			matches = append(matches, m)
		}
	}
	if len(matches) == 0 {
		matches = r.castlesTo(from, to)
	}
	if len(matches) == 0 {
		pc := r.p.board[from]
		if pc == NoPiece || pc.Color() != r.p.side {
			return r.fail(MoveIllegal, r.movesTo(to), "%s has no piece on %s", r.side(), from)
		}
		return r.fail(MoveIllegal, r.movesFrom(from, false), "the %s on %s cannot move to %s%s", r.pieceName(pc.Type()), from, to, r.whyNot(from, to))
	}
	return r.pickPromotion(matches, promo, promoGiven)
}

// pickPromotion chooses among legal moves with one origin and destination,
// which differ only in the promotion piece.
func (r *moveReader) pickPromotion(ms []Move, promo PieceType, promoGiven bool) (Move, error) {
	if ms[0].Promotion() == NoPieceType {
		if promoGiven {
			return r.fail(MoveIllegal, ms, "a move to %s does not promote", ms[0].To())
		}
		return ms[0], nil
	}
	if !promoGiven {
		if len(ms) == 1 {
			return ms[0], nil
		}
		return r.fail(MoveAmbiguous, ms, "a promotion needs its piece, as in %s=%c", ms[0].To(), ms[0].Promotion().Letter())
	}
	for _, m := range ms {
		if m.Promotion() == promo {
			return m, nil
		}
	}
	letters := make([]string, len(ms))
	for i, m := range ms {
		letters[i] = string(m.Promotion().Letter())
	}
	return r.fail(MoveIllegal, ms, "a pawn cannot promote to %s here, only to %s", r.pieceName(promo), strings.Join(letters, ", "))
}

// parsePromotion reads what may follow a destination: nothing, "=Q", "Q"
// or "q" (any promotion letter, any case; "/Q" and "(Q)" as well).
func parsePromotion(s string) (promo PieceType, given, ok bool) {
	switch {
	case s == "":
		return NoPieceType, false, true
	case len(s) == 2 && (s[0] == '=' || s[0] == '/'):
		s = s[1:]
	case len(s) == 3 && s[0] == '(' && s[2] == ')':
		s = s[1:2]
	}
	if len(s) != 1 {
		return NoPieceType, false, false
	}
	t := PieceTypeFromLetter(s[0])
	return t, true, t != NoPieceType && t != Pawn
}

// sanReading is one way to understand a SAN text.
type sanReading struct {
	piece      PieceType
	file, rank int // origin file and rank, -1 when not written
	capture    bool
	to         Square
}

// readSAN reads SAN and long algebraic. A lower-case "b" is a file in SAN,
// so "bxc5" is first read as a pawn move and as a bishop move only when no
// pawn move fits; other lower-case piece letters are read as pieces.
func (r *moveReader) readSAN(s string) (Move, error) {
	body, promo, promoGiven, err := splitPromotion(s)
	if err != "" {
		return r.fail(MoveMalformed, nil, "%s", err)
	}
	if n := len(body); n >= 2 && !isSquareText(body[n-2:]) && body[n-2] >= 'a' && body[n-2] <= 'z' && body[n-1] >= '0' && body[n-1] <= '9' {
		return r.fail(MoveMalformed, nil, "%q is not a square", body[n-2:])
	}
	if len(body) < 2 || !isSquareText(body[len(body)-2:]) {
		return r.fail(MoveMalformed, nil, "not a move: SAN ends with the destination square (e4, Nf3, exd5, e8=Q), UCI is like e2e4, a step like Nb1~b2")
	}
	to := sq(body[len(body)-2:])
	rest := body[:len(body)-2]
	capture := false
	if n := len(rest); n > 0 {
		switch rest[n-1] {
		case 'x', 'X', ':':
			capture, rest = true, rest[:n-1]
		case '-':
			rest = rest[:n-1]
		}
	}
	readings, problem := sanReadings(rest)
	if problem != "" {
		return r.fail(MoveMalformed, nil, "%s", problem)
	}
	for i := range readings {
		readings[i].capture, readings[i].to = capture, to
	}
	// Exact readings first, then ones that ignore a missing or extra x on
	// a pawn move (old-style "ed5").
	for _, strict := range []bool{true, false} {
		for _, rd := range readings {
			if ms := r.matchSAN(rd, strict); len(ms) > 0 {
				return r.decide(rd, ms, promo, promoGiven)
			}
		}
	}
	// The king moving onto its own rook is how many programs enter a
	// castle (Kh1, Kxh1 for O-O with the rook on h1).
	for _, rd := range readings {
		if rd.piece != King || rd.capture && !r.p.byColor[r.p.side].Has(rd.to) {
			continue
		}
		if k := r.p.King(r.p.side); (rd.file < 0 || k.File() == rd.file) && (rd.rank < 0 || k.Rank() == rd.rank) {
			for _, m := range r.castlesTo(k, rd.to) {
				if c, _ := r.p.CastleOf(m); c.Rook == rd.to {
					return r.pickPromotion([]Move{m}, promo, promoGiven)
				}
			}
		}
	}
	// Explain with the first reading that names a piece the side has.
	for _, rd := range readings[1:] {
		if r.p.Pieces(r.p.side, readings[0].piece) == 0 && r.p.Pieces(r.p.side, rd.piece) != 0 {
			return r.noSANMatch(rd)
		}
	}
	return r.noSANMatch(readings[0])
}

// splitPromotion separates a trailing promotion ("=Q", "Q", "q") from the
// rest of a SAN text.
func splitPromotion(s string) (body string, promo PieceType, given bool, problem string) {
	last := s[len(s)-1]
	if last >= '0' && last <= '9' {
		return s, NoPieceType, false, ""
	}
	for _, cut := range []int{3, 2, 1} {
		if cut > len(s)-2 {
			continue
		}
		head, tail := s[:len(s)-cut], s[len(s)-cut:]
		if !isSquareText(head[len(head)-2:]) {
			continue
		}
		if t, given, valid := parsePromotion(tail); given && valid {
			return head, t, true, ""
		}
	}
	if t := PieceTypeFromLetter(last); t == NoPieceType || t == Pawn {
		return "", NoPieceType, false, fmt.Sprintf("%q at the end is neither a square nor a promotion piece", last)
	}
	// A piece letter with no square before it: not a move at all, which
	// the caller explains.
	return s, NoPieceType, false, ""
}

// sanReadings reads what comes before the destination: an optional piece
// letter and an optional origin file, rank or square.
func sanReadings(rest string) ([]sanReading, string) {
	origin := func(d string) (file, rank int, ok bool) {
		file, rank = -1, -1
		switch {
		case d == "":
		case len(d) == 1 && d[0] >= 'a' && d[0] <= 'h':
			file = int(d[0] - 'a')
		case len(d) == 1 && d[0] >= '1' && d[0] <= '8':
			rank = int(d[0] - '1')
		case isSquareText(d):
			file, rank = int(d[0]-'a'), int(d[1]-'1')
		default:
			return -1, -1, false
		}
		return file, rank, true
	}
	var out []sanReading
	add := func(t PieceType, d string) bool {
		f, rk, ok := origin(d)
		if ok {
			out = append(out, sanReading{piece: t, file: f, rank: rk})
		}
		return ok
	}
	if rest == "" {
		add(Pawn, "")
		return out, ""
	}
	c := rest[0]
	switch {
	case strings.IndexByte("PNBRQKpnrqk", c) >= 0:
		add(PieceTypeFromLetter(c), rest[1:])
	case c == 'b':
		add(Pawn, rest)
		add(Bishop, rest[1:])
	default:
		add(Pawn, rest)
	}
	if len(out) == 0 {
		return nil, fmt.Sprintf("%q before the destination is not a piece letter and origin", rest)
	}
	return out, ""
}

// matchSAN returns the legal classical moves that fit a reading. Steps
// and castles have their own notation and never match SAN. Strict
// matching also requires a pawn move to capture exactly when x is written.
func (r *moveReader) matchSAN(rd sanReading, strict bool) []Move {
	var out []Move
	for _, m := range r.legal {
		k := m.Kind()
		from := m.From()
		if k.IsStep() || k == Castling || m.To() != rd.to || r.p.board[from].Type() != rd.piece ||
			rd.file >= 0 && from.File() != rd.file || rd.rank >= 0 && from.Rank() != rd.rank {
			continue
		}
		if strict && rd.piece == Pawn && k.IsCapture() != rd.capture {
			continue
		}
		out = append(out, m)
	}
	return out
}

// decide picks the move among the matches of a reading: one origin, then
// the promotion piece.
func (r *moveReader) decide(rd sanReading, ms []Move, promo PieceType, promoGiven bool) (Move, error) {
	for _, m := range ms[1:] {
		if m.From() != ms[0].From() {
			if promoGiven {
				var same []Move
				for _, x := range ms {
					if x.Promotion() == promo {
						same = append(same, x)
					}
				}
				if len(same) > 0 {
					ms = same
				}
			}
			return r.fail(MoveAmbiguous, ms, "more than one %s can move to %s; name the origin", r.pieceName(rd.piece), rd.to)
		}
	}
	return r.pickPromotion(ms, promo, promoGiven)
}

// noSANMatch explains why no legal move fits a SAN reading.
func (r *moveReader) noSANMatch(rd sanReading) (Move, error) {
	name := r.pieceName(rd.piece)
	own := r.p.Pieces(r.p.side, rd.piece)
	if own == 0 {
		return r.fail(MoveIllegal, r.movesTo(rd.to), "%s has no %s", r.side(), name)
	}
	var steps []Move
	for _, m := range r.legal {
		if m.To() == rd.to && (m.Kind().IsStep() || m.Kind() == Castling) && r.p.board[m.From()].Type() == rd.piece {
			steps = append(steps, m)
		}
	}
	if len(steps) > 0 && !(rd.capture && rd.to == r.p.ep) {
		return r.fail(MoveIllegal, steps, "no %s reaches %s by an ordinary move; steps are written with a tilde and origin, castling as O-O or O-O-O", name, rd.to)
	}
	where := ""
	switch {
	case rd.file >= 0 && rd.rank >= 0:
		where = " on " + MakeSquare(rd.file, rd.rank).String()
	case rd.file >= 0:
		where = fmt.Sprintf(" on the %c-file", 'a'+rd.file)
	case rd.rank >= 0:
		where = fmt.Sprintf(" on rank %d", rd.rank+1)
	}
	why := ""
	if rd.piece != Pawn {
		for b := own; b != 0; {
			from := b.PopFirst()
			if (rd.file < 0 || from.File() == rd.file) && (rd.rank < 0 || from.Rank() == rd.rank) {
				if w := r.whyNot(from, rd.to); w != "" {
					why = w
					break
				}
			}
		}
	} else if rd.capture && rd.to == r.p.ep {
		takers := r.p.v.g.pawnAttack[r.p.side.Other()][rd.to] & own
		if rd.file >= 0 {
			takers &= fileMask(rd.file)
		}
		if takers != 0 {
			why = fmt.Sprintf(": taking en passant would leave the %s king in check", r.side())
		}
	} else if rd.capture && r.p.board[rd.to] == NoPiece {
		why = ": there is nothing to capture there"
	}
	// What the text could have meant: another piece to that square, or
	// this piece to another square.
	// For pawns only those from the origin file written, as pawns have
	// too many moves to list.
	cands := r.movesTo(rd.to)
	for _, m := range r.movesOf(rd.piece) {
		from := m.From()
		if m.To() != rd.to && (rd.piece != Pawn || rd.file >= 0) &&
			(rd.file < 0 || from.File() == rd.file) && (rd.rank < 0 || from.Rank() == rd.rank) {
			cands = append(cands, m)
		}
	}
	return r.fail(MoveIllegal, cands, "no %s%s can move to %s%s", name, where, rd.to, why)
}

// whyNot explains, where it can tell, why the piece on from cannot make
// an ordinary move to to: it would leave or keep the king in check.
func (r *moveReader) whyNot(from, to Square) string {
	if r.p.byColor[r.p.side].Has(to) {
		return fmt.Sprintf(": %s holds a %s piece", to, r.side())
	}
	if r.p.board[from].Type() == Pawn && to == r.p.ep && r.p.AttacksFrom(from).Has(to) {
		return fmt.Sprintf(": a pawn's diagonal move onto the en passant square is the en passant capture, and it would leave the %s king in check", r.side())
	}
	if r.p.board[from].Type() == Pawn || !r.p.AttacksFrom(from).Has(to) {
		return ""
	}
	if r.p.board[from].Type() == King {
		return fmt.Sprintf(": the king would be in check on %s", to)
	}
	if r.p.InCheck() {
		return fmt.Sprintf(": %s is in check and the move does not end it", r.side())
	}
	return fmt.Sprintf(": it would leave the %s king in check", r.side())
}

// castlesTo returns the legal castles whose king starts on from and that
// the text from-to names: the king onto its own rook, or to its square.
func (r *moveReader) castlesTo(from, to Square) []Move {
	var out []Move
	for _, m := range r.legal {
		if c, ok := r.p.CastleOf(m); ok && c.King == from && (to == c.Rook || to == c.KingTo) {
			out = append(out, m)
		}
	}
	return out
}

func andSquares(b Bitboard) string {
	var names []string
	for _, s := range b.Squares() {
		names = append(names, s.String())
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func (r *moveReader) movesFrom(from Square, stepsFirst bool) []Move {
	var out, steps []Move
	for _, m := range r.legal {
		if m.From() == from {
			out = append(out, m)
			if m.Kind().IsStep() {
				steps = append(steps, m)
			}
		}
	}
	if stepsFirst && len(steps) > 0 {
		return steps
	}
	return out
}

func (r *moveReader) movesTo(to Square) []Move {
	var out []Move
	for _, m := range r.legal {
		if m.To() == to {
			out = append(out, m)
		}
	}
	return out
}

func (r *moveReader) movesOf(t PieceType) []Move {
	var out []Move
	for _, m := range r.legal {
		if r.p.board[m.From()].Type() == t {
			out = append(out, m)
		}
	}
	return out
}
