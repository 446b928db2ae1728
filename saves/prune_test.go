package saves

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"varia/rules"
)

// Games hardly begun and left are pruned; games being played, longer
// games, recent ones and files that cannot be read stay.
func TestPruneUnfinished(t *testing.T) {
	dataHome(t)
	now := time.Now()
	old := now.Add(-48 * time.Hour)
	keep := func(moves ...string) *Unfinished {
		t.Helper()
		u, err := NewUnfinished(newSavedGame(t, rules.Standard, "Ann", "Bob", moves...), now)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	short := keep("e4")
	long := keep("e4", "e5", "Nf3", "Nc6")
	recent := keep("d4")
	playing := keep("c4")
	for _, u := range []*Unfinished{short, long, playing} {
		os.Chtimes(u.Path(), old, old)
	}
	for _, u := range []*Unfinished{short, long, recent} {
		u.Release()
	}
	dir, _ := UnfinishedDir()
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte("1. e4 e5 2. Qxx9 *"), 0o600)
	os.Chtimes(bad, old, old)

	n, err := PruneUnfinished(4, 24*time.Hour, now)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d, %v; want 1", n, err)
	}
	for _, c := range []struct {
		path string
		gone bool
	}{{short.Path(), true}, {long.Path(), false}, {recent.Path(), false}, {playing.Path(), false}, {bad, false}} {
		if got := !exists(c.path); got != c.gone {
			t.Errorf("%s: gone %v, want %v", filepath.Base(c.path), got, c.gone)
		}
	}
	// Deleting: only an unfinished game nobody plays.
	if err := DeleteUnfinished(playing.Path()); !errors.Is(err, ErrInUse) {
		t.Errorf("deleting a game being played: %v", err)
	}
	playing.Release()
	if err := DeleteUnfinished(playing.Path()); err != nil || exists(playing.Path()) {
		t.Errorf("deleting: %v", err)
	}
	if err := DeleteUnfinished(filepath.Join(t.TempDir(), "x.pgn")); err == nil {
		t.Error("a file outside the unfinished folder was deleted")
	}
}
