package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"varia/rules"
)

func TestSaveAs(t *testing.T) {
	dir := t.TempDir()
	g := rules.NewGame(rules.Asha)
	playAll(t, g, "e4", "d7~c6")
	sg := &SavedGame{Game: g, Tags: NewTags("Ann", "Varia Easy", testDate), Clocks: []time.Duration{299 * time.Second, 298 * time.Second}}
	path := filepath.Join(dir, "sub", "mine.pgn")
	if err := SaveAs(path, sg, false, true); err != nil {
		t.Fatalf("SaveAs: %v", err)
	}
	games, err := ReadFile(path)
	if err != nil || len(games) != 1 {
		t.Fatalf("reading back: %d games, %v", len(games), err)
	}
	back := games[0]
	if got := historySANs(back.Game); got != "e4 d7~c6" {
		t.Errorf("moves read back: %q", got)
	}
	if len(back.Clocks) != 2 || back.Clocks[1] != 298*time.Second {
		t.Errorf("clocks read back: %v", back.Clocks)
	}
	before, _ := os.ReadFile(path)
	playAll(t, g, "Nf3")
	if err := SaveAs(path, sg, false, true); !errors.Is(err, fs.ErrExist) {
		t.Errorf("saving over a file: %v, want fs.ErrExist", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a refused save changed the file")
	}
	if err := SaveAs(path, sg, true, true); err != nil {
		t.Fatalf("replacing: %v", err)
	}
	if games, err := ReadFile(path); err != nil || len(games) != 1 || historySANs(games[0].Game) != "e4 d7~c6 Nf3" {
		t.Errorf("the replaced file: %v", err)
	}
	if err := SaveAs("", sg, false, true); err == nil {
		t.Error("an empty name was accepted")
	}
	// A folder that does not exist is made only when asked.
	deep := filepath.Join(dir, "no", "such", "x.pgn")
	if err := SaveAs(deep, sg, false, false); !errors.Is(err, ErrNoFolder) {
		t.Errorf("saving into a missing folder: %v, want ErrNoFolder", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused save made a folder: %v", err)
	}
	if err := SaveAs(filepath.Join(path, "x.pgn"), sg, false, false); err == nil || errors.Is(err, ErrNoFolder) {
		t.Errorf("saving inside a file: %v, want an error that is not ErrNoFolder", err)
	}
	if err := SaveAs(deep, sg, false, true); err != nil {
		t.Errorf("saving into a missing folder when asked to make it: %v", err)
	}
}

func historySANs(g *rules.Game) string {
	s := ""
	for i, r := range g.History() {
		if i > 0 {
			s += " "
		}
		s += r.SAN
	}
	return s
}
