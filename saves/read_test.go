package saves

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"varia/rules"
)

func readString(t *testing.T, pgn string) []*SavedGame {
	t.Helper()
	games, err := Read(strings.NewReader(pgn), "test.pgn")
	if err != nil {
		t.Fatalf("%v\nin:\n%s", err, pgn)
	}
	return games
}

func sans(g *rules.Game) string {
	var out []string
	for _, r := range g.History() {
		out = append(out, r.SAN)
	}
	return strings.Join(out, " ")
}

// TestReadConstructs: each PGN construct a reader meets, and the moves it
// must come down to.
func TestReadConstructs(t *testing.T) {
	cases := []struct {
		name, pgn string
		games     []string // the moves of each game, as SAN
	}{
		{"no tags, no result", "1. e4 e5", []string{"e4 e5"}},
		{"move numbers of every style", "1.e4 1...e5 2 Nf3 2… Nc6 3. Bb5 3 ... a6 *", []string{"e4 e5 Nf3 Nc6 Bb5 a6"}},
		{"suffixes and NAGs", "1. e4! e5? 2. Nf3!! $1 Nc6?! $6 3. Bb5!? $14 a6?? $4 *", []string{"e4 e5 Nf3 Nc6 Bb5 a6"}},
		{"suffixes glued to checks", "1. e4 f5 2. Qh5+! g6 3. Qxg6+?! hxg6 *", []string{"e4 f5 Qh5+ g6 Qxg6+ hxg6"}},
		{"comments of both kinds", "{start} 1. e4 {a { brace and\nanother line} e5 ; to the end ) ( }\n2. Nf3 *", []string{"e4 e5 Nf3"}},
		{"nested variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3) 2... e6) 2. c4) 1... e5 (1... c5 {a ( in a comment} ; and a ) here\n) 2. Nf3 *", []string{"e4 e5 Nf3"}},
		{"variation with result inside", "1. e4 (1. d4 1-0) e5 1/2-1/2", []string{"e4 e5"}},
		{"clock and eval commands", "1. e4 {[%eval 0.3] [%clk 0:03:00]} e5 {[%clk 0:02:59.5][%eval -0.1]} *", []string{"e4 e5"}},
		{"escaped tag values", `[Event "a \"quoted\" \\ name"][Site "x"]` + "\n1. e4 *", []string{"e4"}},
		{"% escape line", "% exported by a tool\n1. e4 *\n%% another\n", []string{"e4"}},
		{"tabs and form feeds", "1.\te4\f\te5\v*", []string{"e4 e5"}},
		{"CRLF", "[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n", []string{"e4 e5"}},
		{"lone CR", "[Event \"x\"]\r\r1. e4 ; comment\r2... e5 *\r", []string{"e4 e5"}},
		{"byte-order mark", "\uFEFF[Event \"x\"]\n1. e4 *", []string{"e4"}},
		{"e.p. and castling with zeros", "1. e4 Nf6 2. e5 d5 3. exd6 e.p. Nc6 4. Nf3 Bf5 5. Be2 Qd7 6. 0-0 0-0-0 *", []string{"e4 Nf6 e5 d5 exd6 Nc6 Nf3 Bf5 Be2 Qd7 O-O O-O-O"}},
		{"promotion without =", "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8Q *", []string{"e8=Q"}},
		{"UCI moves", "1. e2e4 e7e5 2. g1f3 *", []string{"e4 e5 Nf3"}},
		{"many games, missing results", "1. e4\n[Event \"2\"]\n1. d4\n\n1... d5 *\n1. Nf3 *\n1. e4 e5", []string{"e4", "d4 d5", "Nf3", "e4 e5"}},
		{"empty game", "[Event \"nothing\"]\n\n*\n", []string{""}},
		{"text around games is not a game", "{a file comment}\n\n[Event \"x\"]\n1. e4 *\n\n{trailing}\n", []string{"e4"}},
		{"empty input", "", nil},
		{"only whitespace and comments", "  \n{hello}\n; bye\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games := readString(t, c.pgn)
			if len(games) != len(c.games) {
				t.Fatalf("read %d games, want %d", len(games), len(c.games))
			}
			for i, want := range c.games {
				if got := sans(games[i].Game); got != want {
					t.Errorf("game %d: moves %q, want %q", i+1, got, want)
				}
			}
		})
	}
}

func TestReadTags(t *testing.T) {
	g := readString(t, "[Event \"a \\\"quoted\\\" \\\\ name\"] [Site \"back\\slash\"]\n[Event \"again\"][White \"\"]\n*")[0]
	want := Tags{{"Event", "again"}, {"Site", `back\slash`}, {"White", ""}}
	if len(g.Tags) != len(want) {
		t.Fatalf("tags %q, want %q", g.Tags, want)
	}
	for i := range want {
		if g.Tags[i] != want[i] {
			t.Errorf("tag %d: %q, want %q", i, g.Tags[i], want[i])
		}
	}
}

func TestReadClocks(t *testing.T) {
	g := readString(t, "1. e4 {[%clk 1:02:03]} e5 2. Nf3 { [%eval 0.2] [%clk 0:00:09.25] } 2... Nc6 {[%clk 0:04:59.123456789]} *")[0]
	want := []string{"1h2m3s", "-1ns", "9.25s", "4m59.123s"} // to the millisecond
	if len(g.Clocks) != len(want) {
		t.Fatalf("clocks %v", g.Clocks)
	}
	for i, w := range want {
		if g.Clocks[i].String() != w {
			t.Errorf("clock %d: %v, want %s", i, g.Clocks[i], w)
		}
	}
	if g := readString(t, "1. e4 {[%clk 0:61:00]} {[%clk x]} e5 *")[0]; g.Clocks != nil {
		t.Errorf("malformed clocks read as %v", g.Clocks)
	}
}

func TestReadVariants(t *testing.T) {
	for _, c := range []struct{ tag, want string }{
		{"", "standard"}, {"Standard", "standard"}, {"chess", "standard"}, {"From Position", "standard"},
		{"Asha", "asha"}, {"asha", "asha"}, {"Asha chess", "asha"}, {"EDGY", "edgy"}, {"Diagonal", "diagonal"},
		{"Diagonal8", "diagonal8"}, {"Asymmetrical", "asymmetrical"}, {"asean", "asean"}, {"ASEAN", "asean"},
	} {
		v, err := VariantFromTag(c.tag)
		if err != nil || v.ID != c.want {
			t.Errorf("Variant %q: %v, %v; want %s", c.tag, v, err, c.want)
		}
	}
	for _, v := range rules.Variants() {
		if got, err := VariantFromTag(VariantTag(v)); err != nil || got != v {
			t.Errorf("VariantTag(%s) = %q reads back as %v, %v", v.ID, VariantTag(v), got, err)
		}
	}
}

// TestReadResults: a result token the moves do not show is recorded on
// the game as Termination says.
func TestReadResults(t *testing.T) {
	const repeat = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 "
	cases := []struct {
		name, pgn string
		want      rules.Result
	}{
		{"win by resignation", "1. e4 e5 1-0", rules.Result{Status: rules.WhiteWins, Reason: rules.Resignation}},
		{"win on time", "[Termination \"Time forfeit\"]\n1. e4 e5 0-1", rules.Result{Status: rules.BlackWins, Reason: rules.TimeForfeit}},
		{"time forfeit against a bare king is no win on time", "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"][Termination \"time forfeit\"]\n1. Ra2 Kd8 0-1", rules.Result{Status: rules.BlackWins, Reason: rules.Resignation}},
		{"draw on time against a bare king", "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"][Termination \"time forfeit\"]\n1. Ra2 Kd8 1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.TimeForfeit}},
		{"draw on time against a lone knight", "[FEN \"4k3/8/8/8/8/8/8/R3K1n1 w - - 0 1\"][Termination \"time forfeit\"]\n1. Ra2 Kd8 1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.TimeForfeit}},
		{"time forfeit against a lone knight is no win on time", "[FEN \"4k3/8/8/8/8/8/8/R3K1n1 w - - 0 1\"][Termination \"time forfeit\"]\n1. Ra2 Kd8 0-1", rules.Result{Status: rules.BlackWins, Reason: rules.Resignation}},
		{"won, abandoned", "[Termination \"abandoned\"]\n1. e4 e5 1-0", rules.Result{Status: rules.WhiteWins, Reason: rules.Abandonment}},
		{"drawn, abandoned", "[Termination \"abandoned\"]\n1. e4 e5 1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.Abandonment}},
		{"draw by agreement", "1. e4 e5 1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.Agreement}},
		{"draw at a threefold repetition is its claim", repeat + "1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.ThreefoldRepetition}},
		{"Termination says agreement", "[Termination \"agreement\"]\n" + repeat + "1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.Agreement}},
		{"Termination names an impossible claim", "[Termination \"50-move rule, claimed\"]\n" + repeat + "1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.Agreement}},
		{"Varia's own claim text", "[Termination \"threefold repetition, claimed\"]\n" + repeat + "1/2-1/2", rules.Result{Status: rules.Drawn, Reason: rules.ThreefoldRepetition}},
		{"result from the tag without a token", "[Result \"0-1\"]\n1. e4 e5", rules.Result{Status: rules.BlackWins, Reason: rules.Resignation}},
		{"checkmate with a * token", "1. f3 e5 2. g4 Qh4# *", rules.Result{Status: rules.BlackWins, Reason: rules.Checkmate}},
		{"½-½", "1. e4 e5 ½-½", rules.Result{Status: rules.Drawn, Reason: rules.Agreement}},
		{"unknown Result tag value is no result", "[Result \"?\"]\n1. e4 e5", rules.Result{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := readString(t, c.pgn)[0].Game.Result(); got != c.want {
				t.Errorf("result %v, want %v", got, c.want)
			}
		})
	}
}

// TestReadErrors: every refusal names the game, line and column, the
// offending text and why.
func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, pgn       string
		game, line, col int
		text            string
		reason          string
	}{
		{"illegal move", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *", 1, 3, 13, "Ke3", "illegal move 2.: no king"},
		{"illegal black move", "1. e4 e5 2. Nf3 Bb3 *", 1, 1, 17, "Bb3", "illegal move 2...: no bishop"},
		{"ambiguous move", "1. d4 e6 2. Nf3 e5 3. Nd2 *", 1, 1, 23, "Nd2", "ambiguous move 3.: more than one knight"},
		{"malformed move", "1. e4 xyz *", 1, 1, 7, "xyz", "malformed move 1...:"},
		{"null move in check", "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *", 1, 1, 30, "--", "a null move (a pass) is impossible in check"},
		{"move after mate", "1. f3 e5 2. g4 Qh4# 3. a3 *", 1, 1, 24, "a3", "the game is over"},
		{"castling without the right", "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Be2 Be7 6. O-O *", 1, 1, 57, "O-O", "lost the right"},
		{"unknown variant", "[Event \"x\"]\n[Variant \"Crazyhouse\"]\n1. e4 *", 1, 2, 10, "Crazyhouse", `unknown variant "Crazyhouse"`},
		{"bad FEN", "[SetUp \"1\"]\n[FEN \"8/8 w - - 0 1\"]\n*", 1, 2, 6, "8/8 w - - 0 1", "FEN tag for Chess: fen: placement"},
		{"SetUp without FEN", "[SetUp \"1\"]\n*", 1, 1, 8, "1", "no FEN tag"},
		{"token differs from tag", "[Result \"1-0\"]\n1. e4 e5 0-1", 1, 2, 10, "0-1", `differs from the Result tag "1-0"`},
		{"result contradicts mate", "1. f3 e5 2. g4 Qh4# 1-0", 1, 1, 21, "1-0", "the final position says 0-1 (checkmate)"},
		{"draw claimed at mate", "1. f3 e5 2. g4 Qh4# 1/2-1/2", 1, 1, 21, "1/2-1/2", "the final position says 0-1"},
		{"tag result contradicts stalemate", "[FEN \"k7/8/1Q6/8/8/8/8/7K b - - 0 1\"]\n[Result \"1-0\"]\n", 1, 2, 9, "1-0", "1/2-1/2 (stalemate)"},
		{"comment never closed", "1. e4 {open\n\ncomment", 1, 1, 7, "{", "comment is not closed"},
		{"string never closed", "[Event \"open\n1. e4 *", 1, 1, 8, `"open`, "not closed on its line"},
		{"variation never closed", "1. e4 (1. d4 (1. c4) e5 *", 1, 1, 7, "(", "not closed before the end of the file"},
		{"variation open at next tags", "1. e4 (1. d4 e5\n[Event \"2\"]\n*", 1, 1, 7, "(", "not closed before the tags of the next game at line 2"},
		{"stray closing parenthesis", "1. e4 ) e5 *", 1, 1, 7, ")", "closes no variation"},
		{"unexpected character", "1. e4 e5 2. ♘f3 *", 1, 1, 13, "♘", "unexpected character"},
		{"reserved character", "1. e4 <e5> *", 1, 1, 7, "<", "unexpected character"},
		{"bare dollar", "1. e4 $ e5 *", 1, 1, 7, "$", "a NAG is $ followed by a number"},
		{"tag without value", "[Event]\n*", 1, 1, 7, "]", "tag Event: the value must be a quoted string"},
		{"tag without closing bracket", "[Event \"x\" [Site \"y\"]\n*", 1, 1, 12, "[", "expected ']'"},
		{"tag without name", "[\"x\" \"y\"]\n*", 1, 1, 2, "x", "tag name is missing"},
		{"string in the moves", "1. e4 \"e5\" *", 1, 1, 7, "e5", "unexpected quoted string in the moves"},
		{"second game bad", "1. e4 e5 *\n\n[Event \"b\"]\n1. e4 e4 *", 2, 4, 7, "e4", "illegal move 1...:"},
		{"columns count characters", "{é}  1. é4 *", 1, 1, 9, "é", "unexpected character"},
		{"BOM shifts no column", "\uFEFF1. e4 e4 *", 1, 1, 7, "e4", "illegal"},
		{"CRLF lines", "[Event \"x\"]\r\n\r\n1. e4 e4 *\r\n", 1, 3, 7, "e4", "illegal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, err := Read(strings.NewReader(c.pgn), "t.pgn")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T), want a *ParseError", err, err)
			}
			if pe.File != "t.pgn" || pe.Game != c.game || pe.Line != c.line || pe.Col != c.col || pe.Text != c.text || !strings.Contains(pe.Reason, c.reason) {
				t.Errorf("got  %s (game %d, %d:%d, text %q)\nwant game %d, %d:%d, text %q, reason with %q", pe, pe.Game, pe.Line, pe.Col, pe.Text, c.game, c.line, c.col, c.text, c.reason)
			}
			if len(games) != c.game-1 {
				t.Errorf("%d good games returned, want %d", len(games), c.game-1)
			}
			if !strings.HasPrefix(pe.Error(), "t.pgn:") {
				t.Errorf("message %q does not start with the file", pe.Error())
			}
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := Read(strings.NewReader("1. e4 e5\n2. Nf3 Nf6 3. Nxe5 Qxe5 *"), "games/club.pgn")
	want := `games/club.pgn:2:20: game 1: "Qxe5": illegal move 3...: no queen can move to e5`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q\nwant it to start %q", err, want)
	}
	var me *rules.MoveError
	if !errors.As(err, &me) || me.Input != "Qxe5" {
		t.Errorf("the *rules.MoveError is not wrapped: %v", me)
	}
}

// TestReaderGoesOn: after a game the rules refuse, the next one is read;
// after broken syntax, the next one too, from the broken game's result or
// the next tag pair on.
func TestReaderGoesOn(t *testing.T) {
	r := NewReader(strings.NewReader("1. e4 *\n1. e4 e4 *\n1. d4 *\n1. e4 ) e5 2. Nf3 *\n1. c4 *\n"+
		"[Event \"broken\n[Site \"x\"]\n1. b4 *\n[Event \"next\"]\n1. b3 *\n1. g3 { open \n"), "t")
	var got []string
	for {
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is no *ParseError", err)
			}
			got = append(got, fmt.Sprintf("error(%d)", pe.Game))
			continue
		}
		got = append(got, sans(g.Game))
		if len(got) > 20 {
			t.Fatal("no end")
		}
	}
	if want := "e4 error(2) d4 error(4) c4 error(6) b3 error(8)"; strings.Join(got, " ") != want {
		t.Errorf("Next gave %q, want %q", strings.Join(got, " "), want)
	}
}

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n == 0 {
		f.n++
		return copy(p, "1. e4 e5 *\n1. d4 "), nil
	}
	return 0, errors.New("disk on fire")
}

func TestReadIOError(t *testing.T) {
	games, err := Read(&failingReader{}, "t.pgn")
	if len(games) != 1 || err == nil || !strings.Contains(err.Error(), "disk on fire") || !strings.Contains(err.Error(), "t.pgn") {
		t.Errorf("got %d games and %v", len(games), err)
	}
}

func TestGameLines(t *testing.T) {
	games := readString(t, "{about the file}\n\n[Event \"a\"]\n1. e4 *\n{between}\n\n  1. d4 *\n")
	if games[0].Line != 3 || games[1].Line != 7 {
		t.Errorf("games start on lines %d and %d, want 3 and 7", games[0].Line, games[1].Line)
	}
}
