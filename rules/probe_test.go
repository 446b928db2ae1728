package rules

import (
	"slices"
	"strings"
	"testing"
)

// board builds a FEN placement field from pieces written like "Ka1 kh8
// Pc3": upper case White, lower case Black.
func board(pieces string) string {
	var b [64]byte
	for _, w := range strings.Fields(pieces) {
		b[sq(w[1:])] = w[0]
	}
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := b[MakeSquare(f, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// probe is a small position and the exact legal moves it must have,
// written "uci kind", optionally only those from some squares or of one
// kind.
type probe struct {
	name, variant, fen string
	from               string // space-separated origin squares to look at; empty = all
	kind               string // only moves of this kind; empty = all
	want               string // space-separated "uci:kind" items
}

func (c probe) check(t *testing.T) {
	t.Helper()
	p := mustFEN(t, c.variant, c.fen)
	var got []string
	for _, m := range p.Legal() {
		if c.from != "" && !slices.Contains(strings.Fields(c.from), m.From().String()) {
			continue
		}
		if c.kind != "" && m.Kind().String() != c.kind {
			continue
		}
		got = append(got, m.UCI()+":"+m.Kind().String())
	}
	want := strings.Fields(c.want)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s (%s %s):\n got %v\nwant %v", c.name, c.variant, c.fen, got, want)
	}
}

func runProbes(t *testing.T, probes []probe) {
	for _, c := range probes {
		c.check(t)
	}
}

func TestAshaProbes(t *testing.T) {
	start := NewPosition(Asha)
	diag := 0
	for _, m := range start.Legal() {
		if m.Kind() == PawnDiagonal {
			diag++
		}
	}
	if n := len(start.Legal()); n != 34 || diag != 14 {
		t.Errorf("Asha start: %d moves, %d pawn_diagonal; want 34 and 14", n, diag)
	}

	// 1. f3 e5 2. g4 Qh4 is mate in chess, not in Asha.
	p := NewPosition(Asha)
	for _, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		playUCI(t, p, m)
	}
	runProbes(t, []probe{{name: "not mate after Qh4", variant: "asha", fen: p.FEN(),
		want: "g1f2:kings_step f1f2:kings_step e2f2:pawn_lateral f3g3:pawn_lateral h2g3:pawn_diagonal"}})

	runProbes(t, []probe{
		{name: "knight King's Steps (never onto the enemy on e5) and jumps", variant: "asha", fen: board("Ka1 kh8 Nd4 pe5") + " w - - 0 1", from: "d4",
			want: "d4c3:kings_step d4c4:kings_step d4c5:kings_step d4d3:kings_step d4d5:kings_step d4e3:kings_step d4e4:kings_step " +
				"d4b3:quiet d4b5:quiet d4c2:quiet d4c6:quiet d4e2:quiet d4e6:quiet d4f3:quiet d4f5:quiet"},
		{name: "a step never captures: the adjacent enemy is not taken", variant: "asha", fen: board("Ka1 kh8 Rd4 pe5 pc3") + " w - - 0 1", from: "d4",
			want: "d4e3:kings_step d4c5:kings_step " +
				"d4a4:quiet d4b4:quiet d4c4:quiet d4e4:quiet d4f4:quiet d4g4:quiet d4h4:quiet d4d1:quiet d4d2:quiet d4d3:quiet d4d5:quiet d4d6:quiet d4d7:quiet d4d8:quiet"},
		{name: "bishop steps orthogonally, its diagonal step is an ordinary move", variant: "asha", fen: board("Ka1 kh8 Bd4 Pc3 Pe3 Pc5 Pe5 Pd3") + " w - - 0 1", from: "d4",
			want: "d4c4:kings_step d4d5:kings_step d4e4:kings_step"},
		{name: "pawn steps: sideways, diagonal, forward, double", variant: "asha", fen: board("Ka1 kh8 Pe2") + " w - - 0 1", from: "e2",
			want: "e2e3:quiet e2e4:double_step e2d2:pawn_lateral e2f2:pawn_lateral e2d3:pawn_diagonal e2f3:pawn_diagonal"},
		{name: "pawn diagonal onto an enemy is a capture, onto the en passant square the en passant capture; never sideways", variant: "asha",
			fen: board("Ka1 kh8 Pe5 pd5 nf6") + " w - d6 0 1", from: "e5",
			want: "e5d6:en_passant e5f6:capture e5e6:quiet e5f5:pawn_lateral"},
		{name: "en passant that would expose the king: no move onto the crossed square at all", variant: "asha",
			fen: board("Ka5 kh8 Pe5 pd5 rh5") + " w - d6 0 1", from: "e5",
			want: "e5e6:quiet e5f6:pawn_diagonal e5f5:pawn_lateral"},
		{name: "sideways on the seventh rank does not promote; diagonal step and straight move do", variant: "asha", fen: board("Ka1 kh6 Pe7") + " w - - 0 1", from: "e7",
			want: "e7d7:pawn_lateral e7f7:pawn_lateral " +
				"e7e8q:quiet e7e8r:quiet e7e8b:quiet e7e8n:quiet e7d8q:pawn_diagonal e7d8r:pawn_diagonal e7d8b:pawn_diagonal e7d8n:pawn_diagonal " +
				"e7f8q:pawn_diagonal e7f8r:pawn_diagonal e7f8b:pawn_diagonal e7f8n:pawn_diagonal"},
		{name: "a king may stand next to a knight: steps add no attacked square", variant: "asha", fen: board("Kd1 ke8 nd3") + " b - - 0 1", from: "e8",
			want: "e8d8:quiet e8f8:quiet e8d7:quiet e8e7:quiet e8f7:quiet"},
		{name: "a pawn does not attack sideways (d4 attacks e5, not e4 or d3)", variant: "asha", fen: board("Ka1 ke4 Pd4 Pf3") + " b - - 0 1", from: "e4",
			want: "e4d4:capture e4d5:quiet e4f5:quiet e4f4:quiet e4e3:quiet e4d3:quiet e4f3:capture"},
		{name: "a King's Step may block a check", variant: "asha", fen: board("Ke1 ke8 re6 Nf3") + " w - - 0 1", from: "f3",
			want: "f3e2:kings_step f3e3:kings_step f3e4:kings_step f3e5:quiet"},
	})

	// A pawn that stepped sideways never double-steps again, even back on
	// its starting square.
	p = NewPosition(Asha)
	for _, m := range []string{"d2d4", "a7a6", "e2d2", "a6a5", "d2e2", "a5a4"} {
		playUCI(t, p, m)
	}
	for _, m := range p.Legal() {
		if m.From() == sq("e2") && m.Kind() == DoubleStep {
			t.Errorf("the e-pawn stepped sideways and back, yet has %s", m)
		}
	}
	if !strings.HasSuffix(p.FEN(), " ABCFGHbcdefgh") {
		t.Errorf("rights field after the e-pawn's steps: %s", p.FEN())
	}

	// A rook that steps attacks from its new square: Rf7~e8+ checks d8.
	p = mustFEN(t, "asha", board("Ka1 kd8 Rf7")+" w - - 0 1")
	playUCI(t, p, "f7e8")
	if !p.InCheck() || p.LastMove().Kind() != KingsStep {
		t.Errorf("Rf7~e8 should be a King's Step giving check: %s", p.FEN())
	}
}

func TestCastlingProbes(t *testing.T) {
	edgy := board("Ka1 Rd1 Ra5 kh8 re8 rh4")
	diag := board("Ka1 Rd1 Ra4 kh8 re8 rh5")
	runProbes(t, []probe{
		{name: "edgy: all four castles", variant: "edgy", fen: edgy + " w KQkq - 0 1", kind: "castling", want: "a1c1:castling a1a3:castling"},
		{name: "edgy: black's castles", variant: "edgy", fen: edgy + " b KQkq - 0 1", kind: "castling", want: "h8f8:castling h8h6:castling"},
		{name: "edgy: only the rights left", variant: "edgy", fen: edgy + " w Qk - 0 1", kind: "castling", want: "a1a3:castling"},
		{name: "edgy: piece between (b1) stops O-O", variant: "edgy", fen: board("Ka1 Rd1 Ra5 Nb1 kh8 re8 rh4") + " w KQkq - 0 1", kind: "castling", want: "a1a3:castling"},
		{name: "edgy: piece between (a4) stops O-O-O", variant: "edgy", fen: board("Ka1 Rd1 Ra5 Ba4 kh8 re8 rh4") + " w KQkq - 0 1", kind: "castling", want: "a1c1:castling"},
		{name: "edgy: black piece between (g8, h5)", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 ng8 bh5") + " b KQkq - 0 1", kind: "castling", want: ""},
		{name: "edgy: no castling out of check", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 bd4") + " w KQkq - 0 1", kind: "castling", want: ""},
		{name: "edgy: crossed square b1 attacked", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 rb8") + " w KQkq - 0 1", kind: "castling", want: "a1a3:castling"},
		{name: "edgy: crossed square a2 attacked", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 rg2") + " w KQkq - 0 1", kind: "castling", want: "a1c1:castling"},
		{name: "edgy: landing square c1 attacked", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 rc8") + " w KQkq - 0 1", kind: "castling", want: "a1a3:castling"},
		{name: "edgy: landing square a3 attacked", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 bc5") + " w KQkq - 0 1", kind: "castling", want: "a1c1:castling"},
		{name: "edgy: black crossed square g8 / h7 attacked", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 Rg1 Bd3") + " b KQkq - 0 1", kind: "castling", want: ""},
		{name: "edgy: a square only the rook crosses may be attacked", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 Rb5") + " b KQkq - 0 1", kind: "castling", want: "h8f8:castling h8h6:castling"},
		{name: "edgy: the file rook shields the landing square", variant: "edgy", fen: board("Ka1 Rd1 Ra5 kh8 re8 rh4 ra8") + " w KQkq - 0 1", kind: "castling", want: "a1c1:castling"},
		{name: "diagonal: all four castles", variant: "diagonal", fen: diag + " w KQkq - 0 1", kind: "castling", want: "a1c1:castling a1a3:castling"},
		{name: "diagonal: black", variant: "diagonal", fen: diag + " b KQkq - 0 1", kind: "castling", want: "h8f8:castling h8h6:castling"},
		{name: "diagonal: piece between", variant: "diagonal", fen: board("Ka1 Rd1 Ra4 Nc1 Ba2 kh8 re8 rh5") + " w KQkq - 0 1", kind: "castling", want: ""},
		{name: "diagonal: in check", variant: "diagonal", fen: board("Ka1 Rd1 Ra4 kh8 re8 rh5 Qb2") + " b KQkq - 0 1", kind: "castling", want: ""},
		{name: "diagonal: crossed square attacked", variant: "diagonal", fen: board("Ka1 Rd1 Ra4 kh8 re8 rh5 Rb7 Rg3") + " b KQkq - 0 1", kind: "castling", want: ""},
		{name: "diagonal8: castles as diagonal", variant: "diagonal8", fen: diag + " w KQkq - 0 1", kind: "castling", want: "a1c1:castling a1a3:castling"},
		{name: "standard: both castles", variant: "standard", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", kind: "castling", want: "e1g1:castling e1c1:castling"},
		{name: "standard: b1 attacked still allows O-O-O", variant: "standard", fen: "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", kind: "castling", want: "e1g1:castling e1c1:castling"},
	})

	// Rights go when the rook moves, even if it comes back.
	p := mustFEN(t, "edgy", edgy+" w KQkq - 0 1")
	for _, m := range []string{"d1d2", "e8e7", "d2d1", "e7e8"} {
		playUCI(t, p, m)
	}
	runProbes(t, []probe{{name: "edgy: rook moved", variant: "edgy", fen: p.FEN(), kind: "castling", want: "a1a3:castling"}})
	if !strings.Contains(p.FEN(), " Qq ") {
		t.Errorf("rights after both rank rooks moved: %s", p.FEN())
	}
	// A castle moves both pieces and spends both of the side's rights.
	p = mustFEN(t, "edgy", edgy+" w KQkq - 0 1")
	playUCI(t, p, "a1a3")
	if got := p.FEN(); got != board("Ka3 Rd1 Ra2 kh8 re8 rh4")+" b kq - 1 1" {
		t.Errorf("after O-O-O along the file: %s", got)
	}
	p.Unmake()
	playUCI(t, p, "a1c1")
	if got := p.FEN(); got != board("Kc1 Rb1 Ra5 kh8 re8 rh4")+" b kq - 1 1" {
		t.Errorf("after O-O along the rank: %s", got)
	}
	// Asymmetrical and ASEAN have no castling at all.
	for _, v := range []*Variant{Asymmetrical, ASEAN} {
		if len(v.Castling) != 0 {
			t.Errorf("%s has castling", v.ID)
		}
	}
}

func TestEdgyPawnProbes(t *testing.T) {
	runProbes(t, []probe{
		{name: "move diagonally, capture up and right", variant: "edgy", fen: board("Ka1 kh8 Pc3 nd3 nc4") + " w - - 0 1", from: "c3",
			want: "c3d4:quiet c3d3:capture c3c4:capture"},
		{name: "black mirrors it", variant: "edgy", fen: board("Ka1 kh8 pf6 Ne6 Nf5") + " b - - 0 1", from: "f6",
			want: "f6e5:quiet f6e6:capture f6f5:capture"},
		{name: "no double step", variant: "edgy", fen: board("Ka1 kh8 Pb2") + " w - - 0 1", from: "b2", want: "b2c3:quiet"},
		{name: "b7 reaches c8 without promoting", variant: "edgy", fen: board("Ka1 kh8 Pb7") + " w - - 0 1", from: "b7", want: "b7c8:quiet"},
		{name: "a7 takes on a8 without promoting", variant: "edgy", fen: board("Ka1 kh8 Pa7 na8") + " w - - 0 1", from: "a7", want: "a7b8:quiet a7a8:capture"},
		{name: "the a6 pawn, now on c8, is stuck", variant: "edgy", fen: board("Ka1 kh8 Pc8") + " w - - 0 1", from: "c8", want: ""},
		{name: "until it captures on d8", variant: "edgy", fen: board("Ka1 kh8 Pc8 nd8") + " w - - 0 1", from: "c8", want: "c8d8:capture"},
		{name: "black's h3 pawn, now on f1, is stuck", variant: "edgy", fen: board("Ka8 kh8 pf1") + " b - - 0 1", from: "f1", want: ""},
		{name: "until it captures on e1", variant: "edgy", fen: board("Ka8 kh8 pf1 Ne1") + " b - - 0 1", from: "f1", want: "f1e1:capture"},
		{name: "and then promotes by capturing on e8", variant: "edgy", fen: board("Ka1 kh8 Pd8 re8") + " w - - 0 1", from: "d8",
			want: "d8e8q:capture d8e8r:capture d8e8b:capture d8e8n:capture"},
	})
	// Promotion on every square of the zone, by a move.
	for _, z := range strings.Fields("e8 f8 g8 h8 h7 h6 h5 h4") {
		to := sq(z)
		from := MakeSquare(to.File()-1, to.Rank()-1)
		king := "kb8"
		if z == "h8" {
			king = "kh6"
		}
		var want []string
		for _, l := range "qrbn" {
			want = append(want, from.String()+z+string(l)+":quiet")
		}
		runProbes(t, []probe{{name: "promotion on " + z, variant: "edgy",
			fen: board("Ka1 "+king+" P"+from.String()) + " w - - 0 1", from: from.String(), want: strings.Join(want, " ")}})
	}
	// Black promotes on White's piece squares (a5 a4 a3 a2 a1 b1 c1 d1).
	for _, z := range strings.Fields("a5 a4 a3 a2 a1 b1 c1 d1") {
		to := sq(z)
		from := MakeSquare(to.File()+1, to.Rank()+1)
		var want []string
		for _, l := range "qrbn" {
			want = append(want, from.String()+z+string(l)+":quiet")
		}
		runProbes(t, []probe{{name: "black promotion on " + z, variant: "edgy",
			fen: board("Kh1 kh8 p"+from.String()) + " b - - 0 1", from: from.String(), want: strings.Join(want, " ")}})
	}
	// A pawn standing on its own promotion zone is refused, as in every variant.
	if _, err := ParseFEN(Edgy, board("Ka1 kb8 Ph5")+" w - - 0 1"); err == nil {
		t.Error("white pawn on h5 accepted in edgy")
	}
}

func TestDiagonalPawnProbes(t *testing.T) {
	runProbes(t, []probe{
		{name: "moves up and right, no right to double-step off a start square", variant: "diagonal", fen: board("Ka1 kh8 Pd4") + " w - - 0 1", from: "d4",
			want: "d4d5:quiet d4e4:quiet"},
		{name: "captures three ways", variant: "diagonal", fen: board("Ka1 kh8 Pd4 nc5 ne5 ne3 nd5 nf4") + " w - - 0 1", from: "d4",
			want: "d4c5:capture d4e5:capture d4e3:capture d4e4:quiet"},
		{name: "black mirrors it", variant: "diagonal", fen: board("Ka1 kh8 pe5 Nf4 Nd4 Nd6") + " b - - 0 1", from: "e5",
			want: "e5e4:quiet e5d5:quiet e5f4:capture e5d4:capture e5d6:capture"},
		{name: "double steps both ways from a start square", variant: "diagonal", fen: board("Ka1 kh8 Pc3") + " w - - 0 1", from: "c3",
			want: "c3c4:quiet c3c5:double_step c3d3:quiet c3e3:double_step"},
		{name: "no double step through or onto a piece", variant: "diagonal", fen: board("Ka1 kh8 Pc3 nc5 nd3") + " w - - 0 1", from: "c3",
			want: "c3c4:quiet"},
		{name: "e1 double-steps up and right", variant: "diagonal", fen: board("Ka1 kh8 Pe1") + " w - - 0 1", from: "e1",
			want: "e1e2:quiet e1e3:double_step e1f1:quiet e1g1:double_step"},
		{name: "black double steps down and left", variant: "diagonal", fen: board("Ka1 kh8 pf6") + " b - - 0 1", from: "f6",
			want: "f6f5:quiet f6f4:double_step f6e6:quiet f6d6:double_step"},
		{name: "h8 only by capture; the rest of the zone promotes", variant: "diagonal", fen: board("Ka1 ka8 Pg7 rh8 rf8 rh6") + " w - - 0 1", from: "g7",
			want: "g7g8q:quiet g7g8r:quiet g7g8b:quiet g7g8n:quiet g7h7q:quiet g7h7r:quiet g7h7b:quiet g7h7n:quiet " +
				"g7h8q:capture g7h8r:capture g7h8b:capture g7h8n:capture g7f8q:capture g7f8r:capture g7f8b:capture g7f8n:capture " +
				"g7h6q:capture g7h6r:capture g7h6b:capture g7h6n:capture"},
		{name: "a8-d8 and h1-h4 do not promote", variant: "diagonal", fen: board("Ka1 kh8 Pc7 Ph3 Pd8") + " w - - 0 1", from: "c7 h3 d8",
			want: "c7c8:quiet c7d7:quiet h3h4:quiet d8e8q:quiet d8e8r:quiet d8e8b:quiet d8e8n:quiet"},
		{name: "black a1 only by capture", variant: "diagonal", fen: board("Kh1 kh8 pb2 Ra1") + " b - - 0 1", from: "b2",
			want: "b2b1q:quiet b2b1r:quiet b2b1b:quiet b2b1n:quiet b2a2q:quiet b2a2r:quiet b2a2b:quiet b2a2n:quiet " +
				"b2a1q:capture b2a1r:capture b2a1b:capture b2a1n:capture"},
	})

	// En passant after each kind of double step, by every pawn attacking
	// the crossed square.
	p := mustFEN(t, "diagonal", board("Ka1 kh8 pf7 Pe5 Pg5 Pe7")+" b - - 0 1")
	playUCI(t, p, "f7f5")
	runProbes(t, []probe{{name: "en passant on f6 by e5, g5 and e7", variant: "diagonal", fen: p.FEN(), kind: "en_passant",
		want: "e5f6:en_passant g5f6:en_passant e7f6:en_passant"}})
	playUCI(t, p, "e7f6")
	if p.PieceAt(sq("f5")) != NoPiece {
		t.Errorf("en passant on f6 left the pawn on f5: %s", p.FEN())
	}
	p = mustFEN(t, "diagonal", board("Ka1 kh8 pf7 Pd6 Pd8 Pf6")+" b - - 0 1")
	playUCI(t, p, "f7d7")
	runProbes(t, []probe{{name: "en passant on e7 after a sideways double step", variant: "diagonal", fen: p.FEN(), kind: "en_passant",
		want: "d6e7:en_passant d8e7:en_passant f6e7:en_passant"}})
	p = mustFEN(t, "diagonal", board("Ka1 kh8 Pb4 pa6 pc6 pc4")+" w - - 0 1")
	playUCI(t, p, "b4b6")
	runProbes(t, []probe{{name: "black takes en passant on b5", variant: "diagonal", fen: p.FEN(), kind: "en_passant",
		want: "a6b5:en_passant c6b5:en_passant c4b5:en_passant"}})

	// A pawn stepping onto a vacated starting square gets no right.
	p = mustFEN(t, "diagonal", board("Ka1 kh8 Pc3 Pb3")+" w - - 0 1")
	for _, m := range []string{"c3c4", "h8g8", "b3c3", "g8h8"} {
		playUCI(t, p, m)
	}
	runProbes(t, []probe{{name: "no right on a re-entered start square", variant: "diagonal", fen: p.FEN(), from: "c3",
		want: "c3d3:quiet"}})
	if !strings.HasSuffix(p.FEN(), " -") {
		t.Errorf("rights field: %s", p.FEN())
	}
	// diagonal8's extra pawns start with the right.
	runProbes(t, []probe{{name: "diagonal8 h1 pawn", variant: "diagonal8", fen: Diagonal8.StartFEN, from: "h1", want: "h1h2:quiet h1h3:double_step"}})
}

func TestAsymmetricalAndASEANProbes(t *testing.T) {
	runProbes(t, []probe{
		{name: "asymmetrical e1 pawn moves one square, no double step", variant: "asymmetrical", fen: Asymmetrical.StartFEN, from: "e1", want: "e1e2:quiet"},
		{name: "asymmetrical promotes on rank 8", variant: "asymmetrical", fen: board("Ka1 kh1 Pd7") + " w - - 0 1", from: "d7",
			want: "d7d8q:quiet d7d8r:quiet d7d8b:quiet d7d8n:quiet"},
		{name: "asean ferz: one square diagonally", variant: "asean", fen: board("Ka1 kh8 Qd4 pe5") + " w - - 0 1", from: "d4",
			want: "d4c3:quiet d4c5:quiet d4e3:quiet d4e5:capture"},
		{name: "asean bishop: one square diagonally only", variant: "asean", fen: board("Ka1 kh8 Bd4 pe5") + " w - - 0 1", from: "d4",
			want: "d4c3:quiet d4c5:quiet d4e3:quiet d4e5:capture"},
		{name: "asean pawn: no double step", variant: "asean", fen: ASEAN.StartFEN, from: "e2", want: "e2e3:quiet"},
		{name: "asean promotion to ferz on rank 6, by move and capture", variant: "asean", fen: board("Ka1 kh8 Pe5 rd6") + " w - - 0 1", from: "e5",
			want: "e5e6q:quiet e5d6q:capture"},
		{name: "asean black promotes on rank 3", variant: "asean", fen: board("Ka1 kh8 pe4") + " b - - 0 1", from: "e4", want: "e4e3q:quiet"},
		{name: "asean: no castling", variant: "asean", fen: board("Ke1 Rh1 Ra1 ke8") + " w - - 0 1", kind: "castling", want: ""},
	})
	// A ferz does not give check from two squares away, a bishop neither.
	p := mustFEN(t, "asean", board("Ka1 ke8 Qc6 Bg6")+" b - - 0 1")
	if p.InCheck() {
		t.Error("ferz or ASEAN bishop checks from afar")
	}
}

func TestInsufficientMaterial(t *testing.T) {
	cases := []struct {
		variant, pieces string
		want            bool
	}{
		{"standard", "Ke1 ke8", true},
		{"standard", "Ke1 Nb1 ke8", true},
		{"standard", "Ke1 ke8 bc8", true},
		{"standard", "Ke1 Bc1 ke8 bc8", false}, // opposite colours
		{"standard", "Ke1 Bf1 ke8 bc8", true},  // both light
		{"standard", "Ke1 Nb1 Nc1 ke8", false},
		{"standard", "Ke1 Pa2 ke8", false},
		{"asha", "Ke1 ke8", true},
		{"asha", "Ke1 Nb1 ke8", true},
		{"asha", "Ke1 Bf1 ke8", true},
		{"asha", "Ke1 Bf1 ke8 bc8", false}, // bishops change colour by stepping
		{"asha", "Ke1 Rb1 ke8", false},
		{"edgy", "Ka1 kh8", true},
		{"edgy", "Ka1 Bb1 kh8", true},
		{"edgy", "Ka1 Nc1 kh8", true},
		{"edgy", "Ka1 Bb1 kh8 bg8", true},  // b1 and g8 are both light
		{"edgy", "Ka1 Ba3 kh8 bg8", false}, // a3 dark, g8 light
		{"edgy", "Ka1 Nc1 kh8 ng7", false},
		{"diagonal", "Ka1 kh8", true},
		{"diagonal", "Ka1 Bb1 kh8 bc4", true},
		{"diagonal", "Ka1 Bb1 kh8 bb4", false},
		{"diagonal", "Ka1 Qc1 kh8", false},
		{"diagonal8", "Ka1 Nc1 kh8", true},
		{"asymmetrical", "Ka1 Nc1 kh8", true},
		{"asymmetrical", "Ka1 Rd1 kh8", false},
		{"asean", "Ke1 ke8", true},
		{"asean", "Ke1 Qd1 ke8", true},
		{"asean", "Ke1 Bc1 ke8", true},
		{"asean", "Ke1 Nb1 ke8", true},
		{"asean", "Ke1 Rb1 ke8", false},
		{"asean", "Ke1 Qd1 Bc1 ke8", false},
		{"asean", "Ke1 Qd1 ke8 qd8", false},
		{"asean", "Ke1 Pa2 ke8", false},
	}
	for _, c := range cases {
		p := mustFEN(t, c.variant, board(c.pieces)+" w - - 0 1")
		if got := p.InsufficientMaterial(); got != c.want {
			t.Errorf("%s %s: insufficient = %v, want %v", c.variant, c.pieces, got, c.want)
		}
	}
}
