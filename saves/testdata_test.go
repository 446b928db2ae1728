package saves

import (
	"path/filepath"
	"testing"

	"varia/rules"
)

// wantGame is what a test file's game must read as. The final FENs of
// the standard-chess files were computed by an independent PGN tool, and
// those of the Chess960 files by Stockfish in UCI_Chess960 mode;
// those of the Asha games were worked out by hand from RULES.md.
type wantGame struct {
	result rules.Result
	plies  int
	fen    string
}

var (
	whiteMates = rules.Result{Status: rules.WhiteWins, Reason: rules.Checkmate}
	blackMates = rules.Result{Status: rules.BlackWins, Reason: rules.Checkmate}
	ongoing    = rules.Result{}
	operaFEN   = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
	foolsFEN   = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
)

var testFiles = []struct {
	file  string
	games []wantGame
}{
	// Lichess export: %eval and %clk in every comment, inaccuracy notes,
	// variations, a loss on time, a game from a FEN with Black to move.
	{"lichess.pgn", []wantGame{
		{whiteMates, 33, operaFEN},
		{rules.Result{Status: rules.BlackWins, Reason: rules.TimeForfeit}, 24, "r1b2rk1/pp1nqppp/2p5/4p3/2BP4/2R1PN2/PP3PPP/3Q1RK1 w - - 0 13"},
		{whiteMates, 2, "Q5k1/8/6K1/8/8/8/8/8 b - - 2 41"},
	}},
	// ChessBase style: NAGs, nested variations, multi-line comments with
	// parentheses, a ; comment holding a brace, [%cal] commands, move
	// numbers split across lines and "1.e4" without a space.
	{"chessbase.pgn", []wantGame{
		{whiteMates, 45, "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23"},
		{whiteMates, 33, operaFEN},
	}},
	// A collection: a % escape line, escaped quotes and backslashes in
	// tags, stalemate, en passant written "e.p.", underpromotion, 0-0,
	// an agreed draw, an unfinished game, a missing result at the end.
	{"multi.pgn", []wantGame{
		{blackMates, 4, foolsFEN},
		{rules.Result{Status: rules.Drawn, Reason: rules.Stalemate}, 19, "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10"},
		{rules.Result{Status: rules.Drawn, Reason: rules.Agreement}, 26, "r4qn1/pp1b1k1p/2nbp3/1p1p2B1/3P4/2P2N2/PP3PPP/RN1QR1K1 w - - 3 14"},
		{ongoing, 14, "r1bq1rk1/ppp2pbp/2np1np1/4p3/2PPP3/2N2N2/PP2BPPP/R1BQ1RK1 w - - 2 8"},
		{ongoing, 10, "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"},
	}},
	// A UTF-8 byte-order mark and CRLF line ends.
	{"crlf_bom.pgn", []wantGame{
		{blackMates, 4, foolsFEN},
		{rules.Result{Status: rules.Drawn, Reason: rules.Agreement}, 10, "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6"},
	}},
	// Latin-1 text from an old Windows program.
	{"latin1.pgn", []wantGame{
		{rules.Result{Status: rules.WhiteWins, Reason: rules.Resignation}, 6, "rn1qkbnr/ppp1pppp/4b3/8/2p5/4PN2/PP1P1PPP/RNBQKB1R w KQkq - 1 4"},
	}},
	// Lichess Chess960 exports: the Variant tag, the start in X-FEN, O-O
	// with the king already on g8 (only the rook moves), and O-O by both
	// sides with king and rook swapping squares (f1/g1, f8/g8).
	{"lichess960.pgn", []wantGame{
		{rules.Result{Status: rules.BlackWins, Reason: rules.Resignation}, 60, "5rk1/b4rp1/p2p1P1p/2p1p2P/4p1Q1/P2qP1R1/6P1/B2R2K1 w - - 9 31"},
		{rules.Result{Status: rules.WhiteWins, Reason: rules.Resignation}, 50, "3qbrk1/b4np1/4p2p/PrPp1p2/5P2/Q1pNP3/B1R2NPP/1R4K1 w - - 1 26"},
	}},
	// Chess.com Chess960 exports: one with only SetUp and FEN (read as
	// Chess960 because chess cannot hold its castling rights), with
	// O-O-O by both sides; one with the Variant tag.
	{"chesscom960.pgn", []wantGame{
		{rules.Result{Status: rules.BlackWins, Reason: rules.Resignation}, 50, "n2r4/1k2p2p/1p4n1/6P1/1NP5/1PQN1q2/PK1P2p1/4RrR1 w - - 8 26"},
		{rules.Result{Status: rules.WhiteWins, Reason: rules.Resignation}, 50, "6k1/Bp2p3/3r3p/pq4p1/1P6/P1PbNr1P/3Q4/3RK1R1 w - - 2 26"},
	}},
	// Asha in tilde notation: a promotion by a diagonal step (White's
	// a7~b8=Q, Black's b2~c1=Q), discovered checks by a knight's and a
	// rook's King's Step, a checking promotion by a diagonal step.
	{"asha.pgn", []wantGame{
		{rules.Result{Status: rules.WhiteWins, Reason: rules.Resignation}, 23, "Q1bqk3/1p3pbr/2p1pnp1/nBNp3p/8/4P3/P1PP1PPP/RNBQK2R b KQ - 0 12"},
		{ongoing, 6, "8/8/3k4/8/3N4/8/5K2/2R5 w - - 1 53"},
		{ongoing, 6, "3R4/6k1/8/8/8/8/8/KB6 w - - 2 4"},
	}},
}

func TestReadTestFiles(t *testing.T) {
	for _, tf := range testFiles {
		t.Run(tf.file, func(t *testing.T) {
			games, err := ReadFile(filepath.Join("testdata", tf.file))
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != len(tf.games) {
				t.Fatalf("read %d games, want %d", len(games), len(tf.games))
			}
			for i, want := range tf.games {
				g := games[i].Game
				if got := g.Result(); got != want.result {
					t.Errorf("game %d: result %v, want %v", i+1, got, want.result)
				}
				if got := len(g.History()); got != want.plies {
					t.Errorf("game %d: %d plies, want %d", i+1, got, want.plies)
				}
				if got := g.Position().FEN(); got != want.fen {
					t.Errorf("game %d: final FEN\n got %s\nwant %s", i+1, got, want.fen)
				}
				if games[i].Number != i+1 {
					t.Errorf("game %d numbered %d", i+1, games[i].Number)
				}
			}
		})
	}
}

// TestTestFileDetails checks what the files hold besides the moves.
func TestTestFileDetails(t *testing.T) {
	read := func(file string) []*SavedGame {
		t.Helper()
		games, err := ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		return games
	}

	lichess := read("lichess.pgn")
	if c := lichess[0].Clocks; len(c) != 33 || c[0] != 600e9 || c[30].String() != "6m58.5s" || c[32].String() != "6m55s" {
		t.Errorf("lichess clocks: %v", c)
	}
	if got := lichess[0].Tags.Get("Opening"); got != "Philidor Defense" {
		t.Errorf("Opening tag %q", got)
	}
	if got := lichess[2].Game.StartFEN(); got != "7k/8/6K1/8/8/8/8/Q7 b - - 0 40" {
		t.Errorf("From Position start %q", got)
	}

	multi := read("multi.pgn")
	if got := multi[0].Tags.Get("Event"); got != `The "Fool's" mate \ shortest` {
		t.Errorf("escaped Event tag read as %q", got)
	}
	if multi[1].Line != 12 || multi[4].Line != 44 {
		t.Errorf("games start on lines %d and %d, want 12 and 44", multi[1].Line, multi[4].Line)
	}
	special := multi[2].Game.History()
	if special[4].SAN != "exf6" || special[4].Move.Kind() != rules.EnPassant ||
		special[8].SAN != "gxh8=N" || special[14].SAN != "O-O" {
		t.Errorf("special moves read as %s, %s, %s", special[4].SAN, special[8].SAN, special[14].SAN)
	}

	crlf := read("crlf_bom.pgn")
	if got := crlf[0].Tags[0]; got != (Tag{"Event", "Windows export"}) {
		t.Errorf("first tag after the byte-order mark: %+v", got)
	}

	latin := read("latin1.pgn")
	if got := latin[0].Tags.Get("White"); got != "Réti, Richard" {
		t.Errorf("Latin-1 name read as %q", got)
	}

	asha := read("asha.pgn")
	for _, c := range []struct {
		game, ply int
		san       string
		kind      rules.Kind
	}{
		{0, 8, "a7~b8=Q", rules.PawnDiagonal},
		{0, 20, "Nc6~c5+", rules.KingsStep},
		{1, 0, "Ne4~d4+", rules.KingsStep},
		{1, 3, "b2~c1=Q", rules.PawnDiagonal},
		{2, 0, "Rc2~d1+", rules.KingsStep},
		{2, 2, "g7~h8=Q+", rules.PawnDiagonal},
	} {
		rec := asha[c.game].Game.History()[c.ply]
		if rec.SAN != c.san || rec.Move.Kind() != c.kind {
			t.Errorf("asha game %d ply %d: %s (%v), want %s (%v)", c.game+1, c.ply, rec.SAN, rec.Move.Kind(), c.san, c.kind)
		}
	}
}
