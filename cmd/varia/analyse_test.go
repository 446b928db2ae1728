package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"varia/rules"
	"varia/saves"
)

// queenGame gives a queen away on move 3; Black's reply takes it.
const queenGame = `[Event "Queen for a pawn"]
[White "Careless"]
[Black "Careful"]
[Result "0-1"]

{A short one.} 1. e4 e5 2. Qh5 {Early.} (2. Nf3 Nc6) 2... Nc6 3. Qxe5+ Nxe5 0-1
`

// TestAnalyse: every move gets an [%eval], the queen given away is a
// blunder with the better move and its line, the comments and the
// variation already there stay, the tags gain the Annotator, and the
// output reads back with varia pgn as the same game.
func TestAnalyse(t *testing.T) {
	in := writeTemp(t, "queen.pgn", queenGame)
	code, out, errOut := runCmd("analyse", "--depth", "6", in)
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	flat := strings.Join(strings.Fields(out), " ")
	evals := regexp.MustCompile(`\{ \[%eval (-?\d+\.\d\d|#-?\d+)\]`).FindAllString(flat, -1)
	if len(evals) != 6 {
		t.Errorf("%d evals, want one after each of the 6 moves:\n%s", len(evals), out)
	}
	for _, want := range []string{
		`[Annotator "Varia, depth 6"]`,
		`{ A short one. } 1. e4 { [%eval `,
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// 2. Qh5 keeps its comment and side line; a shallow search may or may
	// not call it an inaccuracy (and then add the better line after the
	// old one), so its own mark is not judged here.
	if !regexp.MustCompile(`2\. Qh5 (\$\d+ )?\{ \[%eval -?\d+\.\d\d\] Early\.[^}]*\} \( 2\. Nf3 Nc6 \) (\( 2\. [^)]*\) )?2\.\.\. Nc6 `).MatchString(flat) {
		t.Errorf("2. Qh5 lost its comment or side line:\n%s", out)
	}
	blunder := regexp.MustCompile(`3\. Qxe5\+ \$4 \{ \[%eval -\d+\.\d\d\] Blunder\. Better was (\S+)\. \} \( 3\. (\S+) `).FindStringSubmatch(flat)
	if blunder == nil || blunder[1] != blunder[2] {
		t.Errorf("3. Qxe5+ is not marked a blunder with the better move and its line:\n%s", out)
	}
	if regexp.MustCompile(`\.\.\. \S+ \$`).MatchString(flat) {
		t.Errorf("Black's moves are all good, none should be marked:\n%s", out)
	}
	if !strings.Contains(errOut, "game 1 of 1: 3 moves") || !strings.Contains(errOut, "1 blunder)") {
		t.Errorf("stderr: %s", errOut)
	}

	annotated := writeTemp(t, "annotated.pgn", out)
	_, before, _ := runCmd("pgn", "--uci", in)
	code, after, errOut := runCmd("pgn", "--uci", annotated)
	if code != 0 || after != before || errOut != "" {
		t.Errorf("the annotated game reads back as\n%s(%s)\nnot as\n%s", after, errOut, before)
	}

	// Analysed again: the same annotations, not twice.
	code, again, _ := runCmd("analyse", "--depth", "6", annotated)
	if code != 0 || again != out {
		t.Errorf("analysed twice:\n%s\nonce:\n%s", again, out)
	}
}

// TestAnalyseVariants: an Asha game with a tilde move and a Chess960 game
// are annotated and read back; --variant reads a game without a Variant
// tag in that variant.
func TestAnalyseVariants(t *testing.T) {
	asha := writeTemp(t, "asha.pgn", "1. e4 e5 2. Bc4 Nc6 3. Bc4~c5 *\n")
	code, out, errOut := runCmd("analyse", "--depth", "3", "--variant", "asha", asha)
	if code != 0 || !strings.Contains(out, `[Variant "Asha"]`) || !strings.Contains(out, "3. Bc4~c5 ") {
		t.Fatalf("code %d\n%s\n%s", code, out, errOut)
	}
	back := writeTemp(t, "back.pgn", out)
	if code, _, errOut := runCmd("pgn", back); code != 0 {
		t.Errorf("does not read back: %s", errOut)
	}
	code, out, errOut = runCmd("analyse", "--depth", "3", "--game", "2", filepath.Join(pgnTestdata, "lichess960.pgn"))
	if code != 0 || !strings.Contains(out, `[Variant "Chess960"]`) || !strings.Contains(out, "[%eval") {
		t.Errorf("Chess960: code %d\n%s\n%s", code, out, errOut)
	}
}

// TestAnalyseBad: bad games are reported as varia pgn reports them and
// the others annotated; bad flags and an unknown variant are errors
// naming them.
func TestAnalyseBad(t *testing.T) {
	bad := writeTemp(t, "bad.pgn", "1. e4 e5 *\n\n[Variant \"Crazyhouse\"]\n1. e4 *\n\n[Event \"x\"]\n1. e4 e7~d6 *\n\n1. d4 *\n")
	code, out, errOut := runCmd("analyse", "--depth", "2", bad)
	if code != 1 || strings.Count(out, "[Annotator") != 2 {
		t.Errorf("code %d, %d games written:\n%s", code, strings.Count(out, "[Annotator"), out)
	}
	for _, want := range []string{`bad.pgn:3:10: game 2: "Crazyhouse": unknown variant "Crazyhouse"`, `bad.pgn:7:7: game 3: "e7~d6"`, "game 4 of 4"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr has no %q:\n%s", want, errOut)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "crazyhouse", bad}, `unknown variant "crazyhouse"`},
		{[]string{"--depth", "3", "--movetime", "100", bad}, "give one of them"},
		{[]string{"--game", "9", bad}, "has 4 games; there is no game 9"},
		{[]string{"--depth", "-1", bad}, "--depth -1"},
		{[]string{filepath.Join(t.TempDir(), "none.pgn")}, "no such file"},
		{[]string{}, "usage: varia analyse"},
	} {
		code, _, errOut := runCmd(append([]string{"analyse"}, c.args...)...)
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
	}
	if _, err := os.Stat(bad); err != nil {
		t.Fatal(err)
	}
}

// TestAnalyseEveryVariant: a random game of every variant, null move
// and all, is annotated and reads back as the same game.
func TestAnalyseEveryVariant(t *testing.T) {
	var file bytes.Buffer
	for i, v := range rules.Variants() {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		g := rules.NewGame(v)
		for ply := 0; ply < 16 && !g.Result().Over(); ply++ {
			if ply == 5 && !g.Position().InCheck() {
				g.PlayNull()
				continue
			}
			legal := g.Legal()
			g.Play(legal[rng.IntN(len(legal))])
		}
		if err := saves.Write(&file, g, nil); err != nil {
			t.Fatal(err)
		}
	}
	in := writeTemp(t, "all.pgn", file.String())
	code, out, errOut := runCmd("analyse", "--depth", "2", in)
	if code != 0 || strings.Count(out, "[Annotator") != len(rules.Variants()) {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	_, before, _ := runCmd("pgn", "--uci", in)
	code, after, errOut := runCmd("pgn", "--uci", writeTemp(t, "out.pgn", out))
	if code != 0 || after != before {
		t.Errorf("read back:\n%s(%s)\nwant\n%s", after, errOut, before)
	}
}
