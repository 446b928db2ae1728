package saves

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readAllGoingOn reads every game with a Reader, going on past bad ones:
// what an Index must agree with.
func readAllGoingOn(t testing.TB, data, name string) (games []*SavedGame, errs []error) {
	r := NewReader(strings.NewReader(data), name)
	for n := 0; ; n++ {
		if n > len(data)+1 {
			t.Fatalf("the reader does not end")
		}
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			return games, errs
		}
		games, errs = append(games, g), append(errs, err)
	}
}

// checkIndex lists data as a file and checks the list against reading
// it through: one entry per game, and each game read from its entry as
// the reader read it.
func checkIndex(t testing.TB, data string) *Index {
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := IndexFile(context.Background(), path, nil)
	if err != nil {
		t.Fatalf("IndexFile: %v", err)
	}
	games, errs := readAllGoingOn(t, data, path)
	if len(ix.Games) != len(games) {
		t.Fatalf("%d games listed, %d read", len(ix.Games), len(games))
	}
	for i := range games {
		e := ix.Games[i]
		if e.Number != i+1 {
			t.Fatalf("entry %d is game %d", i+1, e.Number)
		}
		sg, err := ix.Read(i)
		switch {
		case errs[i] != nil:
			if err == nil || err.Error() != errs[i].Error() {
				t.Fatalf("game %d: read from the list %v, read through %v", i+1, err, errs[i])
			}
			if ix.Games[i].Err == nil {
				t.Fatalf("game %d: the entry keeps no error", i+1)
			}
		case err != nil:
			t.Fatalf("game %d: read from the list: %v; read through fine", i+1, err)
		default:
			want := games[i]
			if sg.Number != want.Number || sg.Line != want.Line || e.Line != want.Line || len(sg.Warnings) != len(want.Warnings) {
				t.Fatalf("game %d: number %d line %d (entry line %d), want %d, %d", i+1, sg.Number, sg.Line, e.Line, want.Number, want.Line)
			}
			if sans(sg.Game) != sans(want.Game) || sg.Game.Result() != want.Game.Result() || e.Plies != want.Game.Len() {
				t.Fatalf("game %d: %q %v (%d plies listed), want %q %v", i+1, sans(sg.Game), sg.Game.Result(), e.Plies, sans(want.Game), want.Game.Result())
			}
			for _, tag := range e.Tags {
				if v, _ := want.Tags.Lookup(tag.Name); v != tag.Value {
					t.Fatalf("game %d: tag %s listed as %q, read as %q", i+1, tag.Name, tag.Value, v)
				}
			}
		}
	}
	return ix
}

func TestIndex(t *testing.T) {
	data := "\uFEFF[Event \"one\"]\r\n[White \"Ann\"]\r\n[Black \"Bob\"]\r\n[Result \"1-0\"]\r\n[Annotator \"x\"]\r\n\r\n1. e4 e5 2. Nf3 1-0\r\n" +
		"[Event \"broken\"]\n1. e4 <e5> *\n" +
		"[Event \"illegal\"]\n1. e4 e4 *\n" +
		"1. d4 d5 1/2-1/2 {same line} 1. c4 *\r" + // a lone CR ends the line; a game starts mid-line
		"[Event \"é \xe9\"][Site \"latin-1\"]\n1. Nf3 -- 2. g3 *\n" +
		"[Event \"last\"]\n1. b3 1-0 2. b4\n"
	ix := checkIndex(t, data)
	var got []string
	for _, e := range ix.Games {
		s := strings.Join([]string{e.Tags.Get("Event"), e.Tags.Get("White"), e.Tags.Get("Result")}, "/")
		if e.Err != nil {
			s += " error"
		}
		got = append(got, s)
	}
	want := "one/Ann/1-0 broken// error illegal// error // // é é// last//"
	if strings.Join(got, " ") != want {
		t.Errorf("listed %q\nwant    %q", strings.Join(got, " "), want)
	}
	if _, ok := ix.Games[0].Tags.Lookup("Annotator"); ok {
		t.Error("the list keeps a tag it does not show")
	}
	if ix.Games[3].Plies != 2 || ix.Games[3].Line != 12 || ix.Games[4].Line != 12 || ix.Games[4].Plies != 1 || ix.Games[5].Line != 13 {
		t.Errorf("entries %+v", ix.Games[3:5])
	}
}

func TestIndexTestdata(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.pgn"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkIndex(t, string(b))
	}
}

func TestIndexProgressAndCancel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "many.pgn")
	game := "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
	data := strings.Repeat(game, 3*progressEvery/len(game))
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	var calls [][2]int64
	ix, err := IndexFile(context.Background(), path, func(done, total int64) { calls = append(calls, [2]int64{done, total}) })
	if err != nil || len(ix.Games) != len(data)/len(game) {
		t.Fatalf("listed %v, %v", ix, err)
	}
	size := int64(len(data))
	if len(calls) < 3 || calls[len(calls)-1] != [2]int64{size, size} {
		t.Errorf("progress %v", calls)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] < calls[i-1][0] || calls[i][1] != size {
			t.Errorf("progress goes %v then %v", calls[i-1], calls[i])
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	_, err = IndexFile(ctx, path, func(done, total int64) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled listing: %v", err)
	}

	// The file changes after listing: reading a game says so.
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Read(0); !errors.Is(err, ErrFileChanged) {
		t.Errorf("reading from a changed file: %v", err)
	}
	if _, err := ix.Read(len(ix.Games)); err == nil {
		t.Error("reading past the list")
	}
}
