package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomGame plays up to plies random legal moves from v's start with a
// seeded generator and calls visit before each move with the legal moves.
// Captures and promotions are favoured a little so games reach endgames.
func randomGame(v *Variant, seed uint64, plies int, visit func(p *Position, legal []Move)) *Position {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	p := NewPosition(v)
	buf := make([]Move, 0, MaxMoves)
	for i := 0; i < plies; i++ {
		legal := p.LegalMoves(buf)
		if visit != nil {
			visit(p, legal)
		}
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		for try := 0; try < 2 && !m.Kind().IsCapture() && m.Promotion() == NoPieceType; try++ {
			m = legal[rng.IntN(len(legal))]
		}
		p.Make(m)
	}
	return p
}

func gamesPerVariant() int {
	if testing.Short() {
		return 40
	}
	return 200
}

// TestMakeUnmakeRestores checks, in every position of random games, that
// each legal move's Make/Unmake restores the FEN and key exactly, that the
// incrementally updated key equals one computed from scratch, and that
// the position's FEN reads back to the same position with the same legal
// moves.
func TestMakeUnmakeRestores(t *testing.T) {
	for _, v := range Variants() {
		for seed := 0; seed < gamesPerVariant()/4; seed++ {
			randomGame(v, uint64(seed), 200, func(p *Position, legal []Move) {
				fen, key := p.FEN(), p.Key()
				if key != p.computeKey() {
					t.Fatalf("%s %s: incremental key differs from computed", v.ID, fen)
				}
				checkFENStable(t, p)
				for _, m := range slices.Clone(legal) {
					p.Make(m)
					if p.Key() != p.computeKey() {
						t.Fatalf("%s %s %s: key after Make differs from computed", v.ID, fen, m)
					}
					p.Unmake()
					if p.FEN() != fen || p.Key() != key {
						t.Fatalf("%s %s: Make/Unmake %s left %s", v.ID, fen, m, p.FEN())
					}
				}
			})
		}
	}
}

// checkFENStable asserts FEN write -> read -> write is the identity and
// that the read position has the same legal moves and repetition key.
func checkFENStable(t *testing.T, p *Position) {
	t.Helper()
	fen := p.FEN()
	q, err := ParseFEN(p.v, fen)
	if err != nil {
		t.Fatalf("%s: own FEN %q does not read: %v", p.v.ID, fen, err)
	}
	if q.FEN() != fen {
		t.Fatalf("%s: %q reads back as %q", p.v.ID, fen, q.FEN())
	}
	if q.RepetitionKey() != p.RepetitionKey() {
		t.Fatalf("%s: %q: repetition key differs after reading the FEN", p.v.ID, fen)
	}
	a, b := moveStrings(p.Legal()), moveStrings(q.Legal())
	if !slices.Equal(a, b) {
		t.Fatalf("%s: %q: moves differ after reading the FEN:\n%v\n%v", p.v.ID, fen, a, b)
	}
}

func moveStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UCI() + " " + m.Kind().String()
	}
	slices.Sort(out)
	return out
}

// TestGeneratedMovesLeaveNoCheck checks the generator's pin and check
// handling against the definition: after a legal move the mover's king is
// not attacked. (That no legal move is missing is the differential test's
// job.)
func TestGeneratedMovesLeaveNoCheck(t *testing.T) {
	for _, v := range Variants() {
		for seed := 0; seed < gamesPerVariant()/4; seed++ {
			randomGame(v, uint64(1000+seed), 200, func(p *Position, legal []Move) {
				us := p.side
				for _, m := range slices.Clone(legal) {
					p.Make(m)
					if p.Attacked(p.King(us), p.side) {
						t.Fatalf("%s: %s leaves the king attacked in %s", v.ID, m, p.FEN())
					}
					p.Unmake()
				}
			})
		}
	}
}

func TestRepetitionsAndCount(t *testing.T) {
	p := NewPosition(Standard)
	for i := 0; i < 2; i++ {
		for _, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			playUCI(t, p, m)
		}
	}
	if got := p.Repetitions(); got != 2 {
		t.Errorf("start position seen again twice: Repetitions() = %d", got)
	}
	playUCI(t, p, "e2e4")
	if got := p.Repetitions(); got != 0 {
		t.Errorf("after a pawn move: Repetitions() = %d", got)
	}

	// ASEAN count: not running while both sides have pawns; starts at zero
	// when the last pawn goes and restarts at every capture.
	p = mustFEN(t, "asean", "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1")
	if running, _ := p.Count(); running {
		t.Fatal("count running with pawns on both sides")
	}
	playUCI(t, p, "e4d5")
	if running, n := p.Count(); !running || n != 0 {
		t.Fatalf("after the last black pawn is taken: count %v %d, want running 0", running, n)
	}
	playUCI(t, p, "e8e7")
	playUCI(t, p, "a1a2")
	if _, n := p.Count(); n != 2 {
		t.Fatalf("count after two more plies = %d, want 2", n)
	}
	p.Unmake()
	if _, n := p.Count(); n != 1 {
		t.Fatalf("count after Unmake = %d, want 1", n)
	}
}

// TestLegalCapturesAreTheTacticalMoves checks, in every position of random
// games in every variant, that LegalCaptures lists exactly the legal moves
// that capture or promote, in LegalMoves' order, and allocates nothing.
func TestLegalCapturesAreTheTacticalMoves(t *testing.T) {
	buf := make([]Move, 0, MaxMoves)
	positions := 0
	for _, v := range Variants() {
		tactical := 0
		for seed := 0; seed < gamesPerVariant()/4; seed++ {
			randomGame(v, uint64(2000+seed), 200, func(p *Position, legal []Move) {
				var want []Move
				for _, m := range legal {
					if m.IsTactical() {
						want = append(want, m)
					}
				}
				got := p.LegalCaptures(buf)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %s: LegalCaptures %v, want %v", v.ID, p.FEN(), got, want)
				}
				tactical += len(want)
				positions++
			})
		}
		if tactical == 0 {
			t.Errorf("%s: no capture or promotion in any game", v.ID)
		}
	}
	p := NewPosition(Standard)
	for _, m := range []string{"e2e4", "d7d5"} {
		mv, err := p.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(mv)
	}
	if n := testing.AllocsPerRun(100, func() { p.LegalCaptures(buf) }); n != 0 {
		t.Errorf("LegalCaptures allocates %v times a call", n)
	}
	if positions == 0 {
		t.Fatal("no positions checked")
	}
}

// TestHasLegalMoveStalemate: the only piece besides the king can move,
// but not out of its pin.
func TestHasLegalMoveStalemate(t *testing.T) {
	p, err := ParseFEN(Standard, "7k/8/8/8/8/5bp1/4n1R1/7K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if p.HasLegalMove() || len(p.Legal()) != 0 {
		t.Errorf("HasLegalMove() = %v, legal moves %v; want stalemate", p.HasLegalMove(), p.Legal())
	}
}

// TestIsLegal checks, in every position of random games in every
// variant, that HasLegalMove is right and that IsLegal accepts exactly the
// generated moves among the moves of the last few positions (many no
// longer legal, some the other side's) and those moves with their kind or
// promotion changed: the search asks it of moves its table remembers from
// other positions.
func TestIsLegal(t *testing.T) {
	checked := 0
	for _, v := range Variants() {
		for seed := 0; seed < gamesPerVariant()/20; seed++ {
			var recent [][]Move
			randomGame(v, uint64(3000+seed), 200, func(p *Position, legal []Move) {
				if p.HasLegalMove() != (len(legal) > 0) {
					t.Fatalf("%s %s: HasLegalMove() = %v with %d legal moves", v.ID, p.FEN(), p.HasLegalMove(), len(legal))
				}
				recent = append(recent, slices.Clone(legal))
				if len(recent) > 3 {
					recent = recent[1:]
				}
				for _, ms := range recent {
					for _, m := range ms {
						for _, c := range []Move{
							m,
							newMove(m.From(), m.To(), Quiet, NoPieceType),
							newMove(m.From(), m.To(), Capture, NoPieceType),
							newMove(m.From(), m.To(), KingsStep, NoPieceType),
							newMove(m.From(), m.To(), m.Kind(), Queen),
						} {
							if got, want := p.IsLegal(c), slices.Contains(legal, c); got != want {
								t.Fatalf("%s %s: IsLegal(%s %v) = %v, want %v", v.ID, p.FEN(), c, c.Kind(), got, want)
							}
							checked++
						}
					}
				}
			})
		}
	}
	if checked == 0 {
		t.Fatal("no moves checked")
	}
}

// TestGivesCheck compares GivesCheck with making the move and looking, for
// every legal move in random games of every variant.
func TestGivesCheck(t *testing.T) {
	for _, v := range Variants() {
		checks := 0
		for seed := 0; seed < gamesPerVariant()/4; seed++ {
			randomGame(v, uint64(3000+seed), 200, func(p *Position, legal []Move) {
				for _, m := range slices.Clone(legal) {
					got := p.GivesCheck(m)
					p.Make(m)
					want := p.InCheck()
					p.Unmake()
					if got != want {
						t.Fatalf("%s %s: GivesCheck(%s) = %v, want %v", v.ID, p.FEN(), m, got, want)
					}
					if want {
						checks++
					}
				}
			})
		}
		if checks == 0 {
			t.Errorf("%s: no checking move in any game", v.ID)
		}
	}
}
