package saves

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"varia/rules"
)

// TestNullMoves: the null moves other programs write are read as a pass
// of the side to move, written back as "--", and never playable on the
// board.
func TestNullMoves(t *testing.T) {
	sg := readString(t, "1. e4 -- 2. d4 Z0 3. Nf3 0000 4. c4 @@@@ 5. -- e5 *")[0]
	if got := sans(sg.Game); got != "e4 -- d4 -- Nf3 -- c4 -- -- e5" {
		t.Fatalf("moves %q", got)
	}
	if got, want := sg.Game.Position().FEN(), "rnbqkbnr/pppp1ppp/8/4p3/2PPP3/5N2/PP3PPP/RNBQKB1R w KQkq - 0 6"; got != want {
		t.Errorf("after the passes: %s, want %s", got, want)
	}
	for _, r := range sg.Game.History() {
		if r.SAN == "--" && (r.Move != rules.NullMove || r.Move.UCI() != "0000") {
			t.Errorf("a pass is %v (%s)", r.Move, r.Move.UCI())
		}
	}
	var buf bytes.Buffer
	if err := sg.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "1. e4 -- 2. d4 -- 3. Nf3 -- 4. c4 -- 5. -- e5 *") {
		t.Errorf("written as:\n%s", buf.String())
	}
	back := readString(t, buf.String())[0]
	compareGames(t, "null moves", back, sg)

	// Undo and redo step over a pass like over a move.
	g := back.Game
	for g.Undo() {
	}
	for g.Redo() {
	}
	if g.Position().FEN() != sg.Game.Position().FEN() {
		t.Errorf("undo and redo through the passes end at %s", g.Position().FEN())
	}

	// Never a move on the board.
	p := rules.NewPosition(rules.Standard)
	for _, text := range []string{"--", "Z0", "0000", "@@@@"} {
		if m, err := p.ParseMove(text); err == nil {
			t.Errorf("%q is read as the move %v on the board", text, m)
		}
		if _, err := rules.NewGame(rules.Standard).PlayText(text); err == nil {
			t.Errorf("the game plays %q", text)
		}
	}
	for _, m := range rules.NewGame(rules.Standard).Legal() {
		if m == rules.NullMove {
			t.Error("a pass is among the legal moves")
		}
	}
}

// TestReadPastAutomaticDraw: a game another program played on past a
// fivefold repetition or the 75-move rule is read to its end, with a
// warning naming where the rules drew it.
func TestReadPastAutomaticDraw(t *testing.T) {
	shuffle := strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4) // the start position a fifth time
	sg := readString(t, "1. "+shuffle+"e4 e5 *")[0]
	if got := sg.Game.Len(); got != 18 {
		t.Errorf("%d moves read, want 18", got)
	}
	if len(sg.Warnings) != 1 || !strings.Contains(sg.Warnings[0].Message, "drew the game after 8...Ng8 (fivefold repetition)") ||
		sg.Warnings[0].Text != "e4" || sg.Warnings[0].Line != 1 {
		t.Errorf("warnings %v", sg.Warnings)
	}
	if sg.Game.Result().Over() {
		t.Errorf("after e4 e5 the game is %v", sg.Game.Result())
	}

	// Still drawn by the 75-move rule at the end: the rules' draw stands
	// against the file's result, and no move can be added.
	sg = readString(t, "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 148 80\"]\n80. Rh2 Kd7 81. Rh3 Kd6 0-1")[0]
	if len(sg.Warnings) != 2 || !strings.Contains(sg.Warnings[0].Message, "after 80...Kd7 (75-move rule)") ||
		!strings.Contains(sg.Warnings[1].Message, "the result 0-1 is not the rules' 1/2-1/2 (75-move rule)") {
		t.Errorf("warnings %v", sg.Warnings)
	}
	if res := sg.Game.Result(); res != (rules.Result{Status: rules.Drawn, Reason: rules.SeventyFiveMoves}) {
		t.Errorf("result %v", res)
	}
	if _, err := sg.Game.PlayText("Rh4"); !errors.Is(err, rules.ErrGameOver) {
		t.Errorf("a move after reading: %v, want ErrGameOver", err)
	}

	// Past a checkmate nothing is read.
	if _, err := Read(strings.NewReader("1. f3 e5 2. g4 Qh4# 3. a3 *"), "t"); err == nil {
		t.Error("a move after checkmate was read")
	}
}

// TestMovesAfterResult: text after a game's result is part of no game:
// it is skipped with a warning, and never becomes a game of its own. A
// game without tags that starts at move 1 is still a game.
func TestMovesAfterResult(t *testing.T) {
	games := readString(t, "[Event \"a\"]\n1. e4 e5 1-0 2. Nf3 Nc6 *\n\n[Event \"b\"]\n1. d4 *\n1. c4 0-1\n{x} 1. b3 *")
	var got []string
	for _, g := range games {
		got = append(got, sans(g.Game))
	}
	if strings.Join(got, "|") != "e4 e5|d4|c4|b3" {
		t.Fatalf("games %q", got)
	}
	if w := games[0].Warnings; len(w) != 1 || w[0].Line != 2 || w[0].Col != 14 || w[0].Text != "2." ||
		!strings.Contains(w[0].Message, "text after the result 1-0 is part of no game") {
		t.Errorf("warnings %v", w)
	}
	for _, g := range games[1:] {
		if len(g.Warnings) != 0 {
			t.Errorf("game %d: warnings %v", g.Number, g.Warnings)
		}
	}
}

// TestFENTagMoveNumbers: a FEN tag with a move number Varia cannot
// count with is an error of that game, naming the tag.
func TestFENTagMoveNumbers(t *testing.T) {
	_, err := Read(strings.NewReader("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 4611686018427387904\"]\n1. Rh2 *"), "t.pgn")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 1 || pe.Col != 6 || !strings.Contains(pe.Reason, "fullmove number") ||
		!strings.Contains(pe.Reason, "more than Varia counts") {
		t.Errorf("error %v", err)
	}
}

// TestLongComment: a comment of 50 MB over many lines is read without
// being held: the reader's memory stays far below its size, and a clock
// in it still counts.
func TestLongComment(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 50 MB")
	}
	const size = 50 << 20
	line := strings.Repeat("a long comment ", 6) + "\n"
	body := &repeatReader{line: line, n: size / len(line)}
	in := io.MultiReader(strings.NewReader("1. e4 {[%clk 0:05:00]\n"), body, strings.NewReader("} e5 *\n"))
	body.sample = func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		body.peak = max(body.peak, ms.HeapAlloc)
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	games, err := Read(in, "long.pgn")
	if err != nil || len(games) != 1 || sans(games[0].Game) != "e4 e5" {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if c := games[0].Clocks; len(c) != 2 || c[0].Minutes() != 5 {
		t.Errorf("clocks %v", c)
	}
	if grown := int64(body.peak) - int64(before.HeapAlloc); grown > 16<<20 {
		t.Errorf("reading a 50 MB comment grew the heap by %d MB", grown>>20)
	}
}

// repeatReader gives n copies of line, calling sample every few
// megabytes.
type repeatReader struct {
	line   string
	n      int
	buf    []byte
	read   int
	sample func()
	peak   uint64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.n == 0 {
			return 0, io.EOF
		}
		r.n--
		r.buf = []byte(r.line)
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	r.read += n
	if r.sample != nil && r.read >= 4<<20 {
		r.read = 0
		r.sample()
	}
	return n, nil
}

// TestLongLine: a line too long to be PGN is an error of its game, and
// the games after it are read.
func TestLongLine(t *testing.T) {
	pgn := "[Event \"a\"]\n1. e4 {" + strings.Repeat("x", maxLine+10) + "} *\n[Event \"b\"]\n1. d4 *\n"
	r := NewReader(strings.NewReader(pgn), "t.pgn")
	_, err := r.Next()
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(pe.Reason, "line 2 is longer than") {
		t.Fatalf("first game: %v", err)
	}
	g, err := r.Next()
	if err != nil || sans(g.Game) != "d4" || g.Line != 3 {
		t.Fatalf("second game: %v", err)
	}
}

// TestOpenRegular: games and settings are read from regular files only;
// a FIFO, a device or a folder is refused at once, and a file over a
// limit is refused unread.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	regular := filepath.Join(dir, "game.pgn")
	if err := os.WriteFile(regular, []byte("1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink(regular, link); err != nil {
		t.Fatal(err)
	}
	if games, err := ReadFile(link); err != nil || len(games) != 1 {
		t.Errorf("a link to a regular file: %d games, %v", len(games), err)
	}
	bad := map[string]string{"folder": dir}
	fifo := filepath.Join(dir, "fifo.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		bad["FIFO"] = fifo
	} else {
		t.Logf("no FIFO here: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		bad["device"] = "/dev/zero"
	}
	for kind, path := range bad {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(path); done <- err }()
		err := <-done // a FIFO would block this for ever without the check
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a "+kind) {
			t.Errorf("%s %s: %v, want ErrNotRegular naming a %s", kind, path, err, kind)
		}
		if _, err := ReadRegular(path, 1<<20); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadRegular %s: %v", kind, err)
		}
		if _, err := IndexFile(t.Context(), path, nil); !errors.Is(err, ErrNotRegular) {
			t.Errorf("IndexFile %s: %v", kind, err)
		}
	}
	if data, err := ReadRegular(regular, 8); err != nil || string(data) != "1. e4 *\n" {
		t.Errorf("ReadRegular at its limit: %q, %v", data, err)
	}
	if _, err := ReadRegular(regular, 7); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadRegular over its limit: %v", err)
	}
	if _, err := ReadRegular(filepath.Join(dir, "none"), 8); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadRegular of nothing: %v", err)
	}
}

// TestUnfinishedSpecialFiles: a FIFO among the unfinished games neither
// hangs the list nor is taken for a game; a FIFO for a lock file is no
// claim.
func TestUnfinishedSpecialFiles(t *testing.T) {
	dir, err := UnfinishedDir()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.pgn"), 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if _, _, err := ClaimUnfinished(filepath.Join(dir, "fifo.pgn")); !errors.Is(err, ErrNotRegular) {
		t.Errorf("claiming a FIFO: %v", err)
	}
	games, err := ListUnfinished()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if filepath.Base(g.Path) == "fifo.pgn" {
			t.Errorf("the FIFO is listed: %+v", g)
		}
	}
}
