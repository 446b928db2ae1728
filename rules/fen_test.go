package rules

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func mustVariant(t testing.TB, id string) *Variant {
	t.Helper()
	v, err := VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func mustFEN(t testing.TB, id, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(mustVariant(t, id), fen)
	if err != nil {
		t.Fatalf("%s %q: %v", id, fen, err)
	}
	return p
}

func TestStartFENRoundTrip(t *testing.T) {
	for _, v := range Variants() {
		if got := NewPosition(v).FEN(); got != v.StartFEN {
			t.Errorf("%s: start FEN written as %q, want %q", v.ID, got, v.StartFEN)
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	cases := []struct{ variant, fen string }{
		{"standard", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"standard", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		{"standard", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1"}, // the capture is illegal: written as "-"
		// The RULES.md example: after 1. e4 a6 2. d2~e2 a5.
		{"asha", "rnbqkbnr/1ppppppp/8/p7/4P3/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3 ABCFGHbcdefgh"},
		{"asha", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -"},
		{"edgy", "3prnbk/4pppq/P5pb/RP4pn/NP4pr/BP5p/QPPP4/KBNRP3 b Kq - 3 7"},
		{"diagonal", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1 a5b3b4c2d2e1d8e7f6f7g5g6h4"},
		{"diagonal8", "p2prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP2P w - - 0 1 -"},
		{"asean", "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.variant, c.fen)
		want := strings.Replace(c.fen, " d3 ", " - ", 1)
		if got := p.FEN(); got != want {
			t.Errorf("%s: %q written back as %q", c.variant, c.fen, got)
		}
	}
}

func TestFENRightsFieldOnlyWhenNeeded(t *testing.T) {
	// Asha: a seventh field equal to the default is not written back.
	p := mustFEN(t, "asha", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ABCDEFGHabcdefgh")
	if got := p.FEN(); got != Asha.StartFEN {
		t.Errorf("default rights written as %q", got)
	}
	// The RULES.md example game, played out.
	p = NewPosition(Asha)
	for _, uci := range []string{"e2e4", "a7a6", "d2e2", "a6a5"} {
		playUCI(t, p, uci)
	}
	want := "rnbqkbnr/1ppppppp/8/p7/4P3/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3 ABCFGHbcdefgh"
	if got := p.FEN(); got != want {
		t.Errorf("after 1. e4 a6 2. d2~e2 a5: %q, want %q", got, want)
	}
	// Diagonal: any order is read; written ordered by file then rank.
	p = mustFEN(t, "diagonal", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1 c2b4b3a5h4")
	if got, want := p.FEN(), "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1 a5b3b4c2h4"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func playUCI(t testing.TB, p *Position, uci string) Move {
	t.Helper()
	for _, m := range p.Legal() {
		if m.UCI() == uci {
			p.Make(m)
			return m
		}
	}
	t.Fatalf("%s is not legal in %s", uci, p.FEN())
	return NoMove
}

func TestFENErrors(t *testing.T) {
	cases := []struct {
		variant, fen, field, problem string
	}{
		{"standard", "", "fields", "got 0 fields"},
		{"standard", "8/8/8/8/8/8/8/8 w", "fields", "got 2 fields"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ABC", "fields", "got 7 fields, want 6"},
		{"asha", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 A B", "fields", "got 8 fields, want 6 or 7"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement", "got 7 ranks"},
		{"standard", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", `'9' is not a piece letter`},
		{"standard", "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 4 has 9 squares"},
		{"standard", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 7 has 7 squares"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "placement", "rank 1 has 9 squares"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "placement", `'X' is not a piece letter`},
		{"standard", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement", "black has 0 kings"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "placement", "white has 2 kings"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1", "placement", "white pawn on h1"},
		{"standard", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement", "white pawn on h8"},
		{"asean", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1", "", ""},
		{"asean", "rnbqkbnr/pppppppp/4P3/8/8/8/PPPP1PPP/RNBQKBNR b - - 0 1", "placement", "white pawn on e6"},
		{"edgy", "3prnbP/4pppq/P5pb/RP4pn/NP4pr/BP5p/QPPP4/KBNRk3 w - - 0 1", "placement", "white pawn on h8"},
		{"asymmetrical", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w - - 0 1", "", ""},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move", `"x" is not w or b`},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1", "castling", `'X' is not a castling right`},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling", "given twice"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling", "K needs the white king on e1 and rook on h1"},
		{"asymmetrical", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w K - 0 1", "castling", "'K' is not a castling right in Asymmetrical chess"},
		{"edgy", "3prnbk/4pppq/P5pb/RP4pn/NP4pr/BP5p/QPPP4/KBNRP3 w Kk - 0 1", "", ""},
		{"edgy", "3prnbk/4pppq/P5pb/1P4pn/NP4pr/BP5p/QPPP4/KBNRP3 w Q - 0 1", "castling", "Q needs the white king on a1 and rook on a5"},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant", "no black pawn can just have crossed e3"},
		{"standard", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 2", "en passant", "no black pawn can just have crossed e5"},
		{"standard", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2", "", ""},
		{"standard", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 2", "en passant", `"z9" is not a square`},
		{"standard", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6x 0 2", "en passant", `"e6x" is not a square`},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock", `"-1" is not a number`},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "fullmove number", `"x" is not a move number`},
		{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "", ""},
		{"standard", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "position", "the side not to move (black) is in check"},
		{"asha", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 AI", "two-square rights", `'I' is not a file letter`},
		{"asha", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 AA", "two-square rights", "A is listed twice"},
		{"asha", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 E", "two-square rights", "E: no pawn on its starting square e2"},
		{"asha", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 A-", "two-square rights", `'-' is not a file letter`},
		{"diagonal", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1 a5a4", "two-square rights", "a4: no pawn on its starting square a4"},
		{"diagonal", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1 a5a", "two-square rights", `"a5a" is not a list of squares`},
		{"diagonal", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1 a5a5", "two-square rights", "a5 is listed twice"},
	}
	for _, c := range cases {
		_, err := ParseFEN(mustVariant(t, c.variant), c.fen)
		if c.field == "" {
			if err != nil {
				t.Errorf("%s %q: unexpected error %v", c.variant, c.fen, err)
			}
			continue
		}
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%s %q: got %v, want a FENError in %s", c.variant, c.fen, err, c.field)
			continue
		}
		if fe.Field != c.field || !strings.Contains(fe.Problem, c.problem) {
			t.Errorf("%s %q:\n got %v\nwant field %s with %q", c.variant, c.fen, err, c.field, c.problem)
		}
	}
}

func TestDiagonalEnPassantField(t *testing.T) {
	// Black pawns on c5 (from c7? no: Black moves down/left) — build the
	// ambiguous case with White pawns: a pawn now on c5 from c3 and one
	// now on d4 from b4 both crossed c4.
	v := DiagonalChess
	// White pawns c5 (from c3 via c4) and d4 (from b4 via c4); Black pawn on
	// b5 attacks c4 (Black captures (+1,-1)), so a capture is possible.
	base := "7k/8/8/1pP5/3P4/8/8/K7 b - "
	if _, err := ParseFEN(v, base+"c4 0 1"); err == nil || !strings.Contains(err.Error(), "name it") {
		t.Errorf("bare ambiguous c4: got %v, want an error asking to name the pawn", err)
	}
	for _, victim := range []string{"c5", "d4"} {
		p, err := ParseFEN(v, base+"c4"+victim+" 0 1")
		if err != nil {
			t.Fatalf("c4%s: %v", victim, err)
		}
		if got := p.FEN(); !strings.Contains(got, " c4"+victim+" ") {
			t.Errorf("c4%s written back as %q", victim, got)
		}
		var ep Move
		for _, m := range p.Legal() {
			if m.Kind() == EnPassant {
				ep = m
			}
		}
		if ep.UCI() != "b5c4" {
			t.Fatalf("c4%s: en passant move %v, want b5c4", victim, ep)
		}
		p.Make(ep)
		if p.PieceAt(sq(victim)) != NoPiece {
			t.Errorf("c4%s: the pawn on %s was not taken: %s", victim, victim, p.FEN())
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, v := range Variants() {
		f.Add(v.ID, v.StartFEN)
	}
	for _, c := range perftCases {
		f.Add(c.variant, c.fen)
	}
	f.Add("asha", "rnbqkbnr/1ppppppp/8/p7/4P3/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3 ABCFGHbcdefgh")
	f.Add("diagonal", "7k/8/8/1pP5/3P4/8/8/K7 b - c4d4 0 1")
	f.Add("diagonal", "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1 a5b3")
	f.Add("standard", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")
	f.Add("edgy", "8/8/8/8/8/8/8/8 w - - 0 1")
	f.Add("chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	f.Add("chess960", "1k6/8/8/8/8/8/8/RK1R3R w KDQ - 0 1")
	f.Add("standard", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1")
	f.Add("asean", "k7/8/8/8/8/8/8/K7 w - - 99999999999999999999 1")
	f.Fuzz(func(t *testing.T, id, fen string) {
		v, err := VariantByID(id)
		if err != nil {
			return
		}
		p, err := ParseFEN(v, fen)
		if err != nil {
			return
		}
		// Whatever is accepted must be playable and write back stably.
		out := p.FEN()
		q, err := ParseFEN(v, out)
		if err != nil {
			t.Fatalf("%q read, written as %q, which does not read: %v", fen, out, err)
		}
		if q.FEN() != out {
			t.Fatalf("%q -> %q -> %q", fen, out, q.FEN())
		}
		if q.Key() != p.Key() && p.EnPassant() == q.EnPassant() {
			t.Fatalf("%q: key changed through FEN", fen)
		}
		p.Perft(2)
	})
}

// TestAshaEnPassantSquare: a pawn's diagonal move onto the en passant
// square is the en passant capture and nothing else (RULES.md, Asha), so
// when the capture is illegal the pawn has no move onto that square, and
// the FEN and the repetition key carry the square whenever it forbids such
// a step.
func TestAshaEnPassantSquare(t *testing.T) {
	// The rule book's case: after e4, f4xe3 would expose the black king
	// to the rook on b4, and f4~e3 does not exist either.
	const book = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	p := mustFEN(t, "asha", book)
	if got := p.Perft(3); got != 16402 {
		t.Errorf("asha perft 3 of %s = %d, want 16402 (RULES.md)", book, got)
	}
	p.Make(legalMove(t, p, "e2e4"))
	for _, m := range p.Legal() {
		if m.To() == MakeSquare(4, 2) && m.From() == MakeSquare(5, 3) {
			t.Errorf("after e4 Black has %s (%v)", m.UCI(), m.Kind())
		}
	}
	if got, want := p.FEN(), "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1"; got != want {
		t.Errorf("FEN after e4 = %q, want %q: the square forbids f4~e3", got, want)
	}

	// The two pawns pinned together along the fifth rank: no exd6, no
	// e5~d6, and "-" in the FEN would allow the step, so d6 is written and
	// tells the positions apart for repetition.
	with := mustFEN(t, "asha", "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1")
	without := mustFEN(t, "asha", "7k/8/8/K2pP2r/8/8/8/8 w - - 0 1")
	for _, m := range with.Legal() {
		if m.UCI() == "e5d6" {
			t.Errorf("e5d6 is legal (%v) with the en passant square on d6", m.Kind())
		}
	}
	if m := legalMove(t, without, "e5d6"); m.Kind() != PawnDiagonal {
		t.Errorf("without an en passant square e5d6 is %v, want a diagonal step", m.Kind())
	}
	if got := with.FEN(); !strings.Contains(got, " d6 ") {
		t.Errorf("FEN %q drops the en passant square that forbids e5~d6", got)
	}
	if with.RepetitionKey() == without.RepetitionKey() {
		t.Error("the positions with and without d6 have different moves but the same repetition key")
	}
	_, err := with.ParseMove("e5~d6")
	if err == nil || !strings.Contains(err.Error(), "en passant") {
		t.Errorf("e5~d6 with d6 as the en passant square: %v, want an error that names en passant", err)
	}

	// A pawn pinned along its file can neither take nor step: the square
	// changes nothing and is not written, in Asha as in chess.
	for _, id := range []string{"asha", "standard"} {
		pinned := mustFEN(t, id, "4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
		plain := mustFEN(t, id, "4r2k/8/8/3pP3/8/8/8/4K3 w - - 0 1")
		if got := pinned.FEN(); strings.Contains(got, "d6") {
			t.Errorf("%s: FEN %q names an en passant square that changes no move", id, got)
		}
		if pinned.RepetitionKey() != plain.RepetitionKey() {
			t.Errorf("%s: an en passant square that changes no move changes the repetition key", id)
		}
	}
}

// TestFENCounterLimits: a move number or halfmove clock Varia cannot count
// with is refused with a clear error, the largest it counts reads and
// writes back, and a game stops taking moves at the last move number.
func TestFENCounterLimits(t *testing.T) {
	const board = "4k3/8/8/8/8/8/8/4K2R w K - "
	for _, tc := range []struct{ clocks, field string }{
		{"0 4611686018427387904", "fullmove number"},
		{"0 9223372036854775807", "fullmove number"},
		{"0 99999999999999999999", "fullmove number"},
		{"0 1000001", "fullmove number"},
		{"9223372036854775807 1", "halfmove clock"},
		{"2000001 1", "halfmove clock"},
	} {
		_, err := ParseFEN(Standard, board+tc.clocks)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(err.Error(), "more than Varia counts") {
			t.Errorf("%q: %v, want a %s error saying it is more than Varia counts", tc.clocks, err, tc.field)
		}
	}
	for _, bad := range []string{"0 -3", "-1 1", "0 +4", "0 1e3"} {
		if _, err := ParseFEN(Standard, board+bad); err == nil || strings.Contains(err.Error(), "more than") {
			t.Errorf("%q: %v, want an error saying it is not a number", bad, err)
		}
	}

	fen := fmt.Sprintf("4k3/8/8/8/8/8/8/4K2R w K - 0 %d", MaxFullmove)
	g, err := NewGameFromFEN(Standard, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if _, err := g.PlayText("Rh2"); err != nil {
		t.Fatalf("White's move at the last move number: %v", err)
	}
	after := g.Position().FEN()
	if _, err := ParseFEN(Standard, after); err != nil {
		t.Errorf("the FEN after the last move, %q, does not read back: %v", after, err)
	}
	if _, err := g.PlayText("Kd7"); !errors.Is(err, ErrMoveLimit) {
		t.Errorf("Black's move past the last move number: %v, want ErrMoveLimit", err)
	}
	if g.Position().FullmoveNumber() != MaxFullmove || len(g.History()) != 1 {
		t.Errorf("after a refused move: move %d, %d moves played", g.Position().FullmoveNumber(), len(g.History()))
	}
	for _, clock := range []int{MaxHalfmoveClock - 1, MaxHalfmoveClock} {
		p := mustFEN(t, "standard", fmt.Sprintf("4k3/8/8/8/8/8/8/4K2R w K - %d 1", clock))
		if got, want := p.AtMoveLimit(), clock == MaxHalfmoveClock; got != want {
			t.Errorf("halfmove clock %d: AtMoveLimit %v, want %v", clock, got, want)
		}
	}
}

// TestFENErrorQuotesWholeCharacters: an error names a character outside
// ASCII whole, not its first byte.
func TestFENErrorQuotesWholeCharacters(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBïR w KQkq - 0 1", "'ï'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ♔q - 0 1", "'♔'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ω KQkq - 0 1", `"ω"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq é4 0 1", `"é4"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Ä", "'Ä'"},
		{"chess960 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K♔kq - 0 1", "'♔'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w KQkq - 0 1", "byte 0xff"},
	} {
		v, fen := Standard, tc.fen
		if strings.HasSuffix(fen, "Ä") {
			v = Asha
		}
		if rest, ok := strings.CutPrefix(fen, "chess960 "); ok {
			v, fen = mustVariant(t, "chess960"), rest
		}
		_, err := ParseFEN(v, fen)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !utf8.ValidString(err.Error()) {
			t.Errorf("%q: %v, want an error quoting %s", tc.fen, err, tc.want)
		}
	}
}

// TestFENErrorCounts: counts in errors agree with their nouns.
func TestFENErrorCounts(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"8/8/8/8/8/8/8/8", "got 1 field,"},
		{"k7 w - - 0 1", "got 1 rank,"},
		{"k7/8/8/8/8/8/8/1 w - - 0 1", "rank 1 has 1 square,"},
		{"k7/8/8/8/8/8/8/7 w - - 0 1", "rank 1 has 7 squares,"},
		{"k7/8/8/8/8/8/8/K6K w - - 0 1", "white has 2 kings,"},
	} {
		if _, err := ParseFEN(Standard, tc.fen); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.fen, err, tc.want)
		}
	}
}
