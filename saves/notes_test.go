package saves

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"varia/rules"
)

// annotated is a hand-written game with a comment before the first move,
// comments of both kinds, glyphs as NAGs and as suffixes, variations
// nested two deep, a comment opening a variation and one after a
// variation, and a clock.
const annotated = `[Event "Annotated"]
[White "A"]
[Black "B"]
[Result "0-1"]

{An old trap.} 1. e4 e5 2. Nf3 Nc6 3. Bc4 {[%clk 0:05:00] The Italian.} 3... Nd4?! $146
(3... Nf6 {the Two Knights} 4. Ng5 (4. d4 exd4 5. O-O) 4... d5 $1)
(3... Bc5 ; Giuoco Piano
4. c3)
{Now the trap:} 4. Nxe5?? Qg5! 5. Nxf7 (5. Bxf7+ Ke7 $19) 5... Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1
`

func TestNotesRead(t *testing.T) {
	sg := readString(t, annotated)[0]
	if got := sans(sg.Game); got != "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#" {
		t.Fatalf("moves %s", got)
	}
	if sg.Comment != "An old trap." {
		t.Errorf("game comment %q", sg.Comment)
	}
	if n := sg.NoteAt(0); n != nil {
		t.Errorf("1. e4 has a note: %+v", n)
	}
	bc4 := sg.NoteAt(4)
	if bc4 == nil || bc4.Comment != "The Italian." || sg.Clocks[4] != 5*60e9 {
		t.Fatalf("3. Bc4: note %+v, clock %v; want the comment without its clock", bc4, sg.Clocks)
	}
	nd4 := sg.NoteAt(5)
	if nd4 == nil || !slices.Equal(nd4.NAGs, []int{6, 146}) || len(nd4.Variations) != 2 {
		t.Fatalf("3... Nd4: %+v", nd4)
	}
	twoKnights := nd4.Variations[0]
	if len(twoKnights) != 3 || twoKnights[0].SAN != "Nf6" || twoKnights[0].Comment != "the Two Knights" ||
		twoKnights[0].Ply != 5 || twoKnights[2].SAN != "d5" || !slices.Equal(twoKnights[2].NAGs, []int{1}) {
		t.Fatalf("the Two Knights: %+v", twoKnights)
	}
	if nested := twoKnights[1].Variations; len(nested) != 1 || len(nested[0]) != 3 || nested[0][2].SAN != "O-O" || nested[0][2].Ply != 8 {
		t.Fatalf("the variation inside it: %+v", nested)
	}
	if piano := nd4.Variations[1]; len(piano) != 2 || piano[0].Comment != "Giuoco Piano" || piano[1].SAN != "c3" {
		t.Fatalf("the Giuoco Piano: %+v", piano)
	}
	nxe5 := sg.NoteAt(6)
	if nxe5 == nil || nxe5.Before != "Now the trap:" || !slices.Equal(nxe5.NAGs, []int{4}) {
		t.Fatalf("4. Nxe5: %+v", nxe5)
	}
	if qg5 := sg.NoteAt(7); qg5 == nil || !slices.Equal(qg5.NAGs, []int{1}) {
		t.Fatalf("4... Qg5: %+v", qg5)
	}
	if v := sg.NoteAt(8).Variations; len(v) != 1 || v[0][0].SAN != "Bxf7+" || !slices.Equal(v[0][1].NAGs, []int{19}) {
		t.Fatalf("5. Nxf7: %+v", v)
	}
	if len(sg.Warnings) != 0 {
		t.Errorf("warnings: %v", sg.Warnings)
	}
}

// A comment after a variation the rules refuse whole has no variation
// left to follow: it becomes the comment of the move before, where it
// would stand when written back, so the game reads back the same.
func TestCommentAfterARefusedVariation(t *testing.T) {
	for _, text := range []string{
		"1. e4 e5 2. Nf3 (2. Zz9) {why not} 2... Nc6 *",
		"1. e4 e5 (1... c5 2. Nf3 (2. Zz9) {why not} 2... d6) 2. Nf3 *",
	} {
		sg := readString(t, text)[0]
		var buf bytes.Buffer
		if err := sg.Write(&buf); err != nil {
			t.Fatal(err)
		}
		compareGames(t, text, readString(t, buf.String())[0], sg)
		if !strings.Contains(buf.String(), "Nf3 { why not }") {
			t.Errorf("%s: the comment should follow Nf3:\n%s", text, buf.String())
		}
	}
}

// TestNotesWrite: the annotated game writes its notes where they stand,
// and reads back the same, notes and all.
func TestNotesWrite(t *testing.T) {
	sg := readString(t, annotated)[0]
	var buf bytes.Buffer
	if err := sg.Write(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	movetext := strings.Join(strings.Fields(text[strings.Index(text, "\n\n"):]), " ")
	want := "{ An old trap. } 1. e4 e5 2. Nf3 Nc6 3. Bc4 { The Italian. [%clk 0:05:00] } 3... Nd4 $6 $146 " +
		"( 3... Nf6 { the Two Knights } 4. Ng5 ( 4. d4 exd4 5. O-O ) 4... d5 $1 ) ( 3... Bc5 { Giuoco Piano } 4. c3 ) " +
		"{ Now the trap: } 4. Nxe5 $4 Qg5 $1 5. Nxf7 ( 5. Bxf7+ Ke7 $19 ) 5... Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1"
	if movetext != want {
		t.Errorf("movetext\n %s\nwant\n %s", movetext, want)
	}
	for _, line := range strings.Split(text, "\n") {
		if len([]rune(line)) > lineWidth {
			t.Errorf("line longer than %d: %q", lineWidth, line)
		}
	}
	back := readString(t, text)
	compareGames(t, "annotated", back[0], sg)
}

// TestNotesBuilt: notes made by a program (an analysis) write and read
// back, a variation checked by NewVariation included.
func TestNotesBuilt(t *testing.T) {
	g := rules.NewGame(rules.Asha)
	playAll(t, g, "e4", "e5", "Bc4", "Nc6", "Bc4~c5")
	before := rules.NewGame(rules.Asha)
	playAll(t, before, "e4", "e5", "Bc4", "Nc6")
	nf3, _ := before.Position().ParseMove("Nf3")
	nc6, _ := rules.NewPosition(rules.Asha).ParseMove("Nc3") // legal only at the start: the next call refuses it
	v, err := NewVariation(before.Position(), []rules.Move{nf3})
	if err != nil || len(v) != 1 || v[0].SAN != "Nf3" || v[0].Ply != 4 {
		t.Fatalf("NewVariation: %v %+v", err, v)
	}
	if _, err := NewVariation(before.Position(), []rules.Move{nf3, nc6}); err == nil {
		t.Error("NewVariation took a move that is not legal")
	}
	sg := &SavedGame{Game: g}
	sg.SetNote(4, Note{NAGs: []int{2}, Comment: "[%eval -0.40] Mistake. Better was Nf3. {braces} too", Variations: []Variation{v}})
	sg.SetNote(1, Note{})
	if sg.NoteAt(1) != nil || sg.NoteAt(7) != nil || sg.NoteAt(-1) != nil {
		t.Error("an empty or missing note is not nil")
	}
	var buf bytes.Buffer
	if err := sg.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(buf.String()), " "), "3. Bc4~c5 $2 { [%eval -0.40] Mistake. Better was Nf3. {braces) too } ( 3. Nf3 ) *") {
		t.Errorf("written:\n%s", buf.String())
	}
	back := readString(t, buf.String())[0]
	compareGames(t, "built", back, sg)
	if eval, ok := CommentCommand(back.NoteAt(4).Comment, "eval"); !ok || eval != "-0.40" {
		t.Errorf("eval command %q %v", eval, ok)
	}
	if got := WithoutCommand(back.NoteAt(4).Comment, "eval"); got != "Mistake. Better was Nf3. {braces) too" {
		t.Errorf("without the eval: %q", got)
	}
}

// TestNotesBad: annotations Varia cannot keep are dropped with a warning
// naming where, and the game is read all the same.
func TestNotesBad(t *testing.T) {
	deep := "1. e4 " + strings.Repeat("(1. d4 ", maxVarDepth+3) + strings.Repeat(")", maxVarDepth+3) + " e5 *"
	cases := []struct {
		name, pgn, warning string
		check              func(t *testing.T, sg *SavedGame)
	}{
		{"illegal move in a variation", "1. e4 (1. d4 d5 2. Ke3 Nf6) e5 *", "the variation is kept up to the move before", func(t *testing.T, sg *SavedGame) {
			if v := sg.NoteAt(0).Variations; len(v) != 1 || len(v[0]) != 2 {
				t.Errorf("variation %+v, want d4 d5", v)
			}
		}},
		{"illegal first move", "1. e4 (1. Ke2) e5 *", "kept up to the move before", func(t *testing.T, sg *SavedGame) {
			if sg.NoteAt(0) != nil {
				t.Errorf("note %+v, want none", sg.NoteAt(0))
			}
		}},
		{"variation before any move", "(1. d4) 1. e4 e5 *", "before any move", nil},
		{"too deep", deep, "nested more than", func(t *testing.T, sg *SavedGame) {
			depth := 0
			for n := sg.NoteAt(0); n != nil && len(n.Variations) > 0; n = &n.Variations[0][0].Note {
				depth++
			}
			if depth != maxVarDepth {
				t.Errorf("kept %d levels, want %d", depth, maxVarDepth)
			}
		}},
		{"a huge comment", "1. e4 {" + strings.Repeat("word ", maxComment/4) + "} e5 *", "is cut there", func(t *testing.T, sg *SavedGame) {
			if n := len(sg.NoteAt(0).Comment); n > maxComment || n < maxComment-10 {
				t.Errorf("kept %d bytes of the comment", n)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sg := readString(t, c.pgn)[0]
			if sans(sg.Game) != "e4 e5" {
				t.Fatalf("moves %s", sans(sg.Game))
			}
			if len(sg.Warnings) == 0 || !strings.Contains(sg.Warnings[0].Message, c.warning) || sg.Warnings[0].Line < 1 {
				t.Fatalf("warnings %v, want one saying %q", sg.Warnings, c.warning)
			}
			if c.check != nil {
				c.check(t, sg)
			}
			var buf bytes.Buffer
			if err := sg.Write(&buf); err != nil {
				t.Fatal(err)
			}
			compareGames(t, c.name, readString(t, buf.String())[0], sg)
		})
	}
}

// TestNotesLimit: comments past the bound of one game are dropped, each
// kept one whole.
func TestNotesLimit(t *testing.T) {
	var b strings.Builder
	comment := strings.Repeat("x", maxComment-1)
	n := maxNoteBytes/len(comment) + 3
	for i := 0; i < n; i++ {
		b.WriteString("Nf3 {" + comment + "}\nNf6 Ng1 Ng8\n")
	}
	sg := readString(t, b.String()+"*")[0]
	kept := 0
	for i := 0; i < sg.Game.Len(); i++ {
		if note := sg.NoteAt(i); note != nil {
			if note.Comment != comment {
				t.Fatalf("comment %d cut to %d bytes", i, len(note.Comment))
			}
			kept++
		}
	}
	warned := slices.ContainsFunc(sg.Warnings, func(w *Warning) bool { return strings.Contains(w.Message, "past 4 MiB") })
	if kept != maxNoteBytes/len(comment) || !warned {
		t.Errorf("kept %d comments of %d, warnings %v", kept, n, sg.Warnings)
	}
}

// TestNotesIndex: a listing keeps no notes, and the game read from it
// has them all.
func TestNotesIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.pgn")
	if err := os.WriteFile(path, []byte(annotated+"\n"+annotated), 0o600); err != nil {
		t.Fatal(err)
	}
	ix, err := IndexFile(context.Background(), path, nil)
	if err != nil || len(ix.Games) != 2 || ix.Games[1].Plies != 14 {
		t.Fatalf("index %+v, %v", ix, err)
	}
	sg, err := ix.Read(1)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	sg.Write(&got)
	readString(t, annotated)[0].Write(&want)
	if got.String() != want.String() {
		t.Errorf("read from the index:\n%s\nwant\n%s", got.String(), want.String())
	}
}

func TestNAGGlyph(t *testing.T) {
	for nag, want := range map[int]string{1: "!", 4: "??", 6: "?!", 14: "⩲", 19: "−+", 200: "$200"} {
		if got := NAGGlyph(nag); got != want {
			t.Errorf("NAGGlyph(%d) = %q, want %q", nag, got, want)
		}
	}
	for text, want := range map[string]int{"!?": 5, "$0": 0, "$255": 255, "$256": -1, "!!!": -1, "$": -1} {
		got, ok := nagOf(text)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("nagOf(%q) = %d, want %d", text, got, want)
		}
	}
}
