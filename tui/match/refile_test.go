package match

import (
	"os"
	"testing"

	"varia/rules"
	"varia/saves"
)

// A checkmate taken back: the file its end made in the saves folder goes,
// the game is unfinished again; every move taken back, it has no file at
// all.
func TestTakenBackMateIsRefiled(t *testing.T) {
	h, _ := newHost(t, Options{})
	m := h.m
	for i, san := range []string{"f3", "e5", "g4", "Qh4#"} {
		h.play(rules.Color(i%2), san)
	}
	filed := m.Saves().SavedTo
	if filed == "" || !m.Game().Result().Over() {
		t.Fatalf("the mate should be filed: %+v", m.Saves())
	}
	h.act(m.Undo())
	if _, err := os.Stat(filed); !os.IsNotExist(err) {
		t.Errorf("the finished file should go when the mate is taken back: %v", err)
	}
	file := m.Saves().File
	if games, err := saves.ReadFile(file); err != nil || games[0].Game.Len() != 3 || games[0].Game.Result().Over() {
		t.Fatalf("the game goes on among the unfinished ones: %v", err)
	}
	for m.Game().CanUndo() {
		h.act(m.Undo())
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) || m.Saves().File != "" {
		t.Errorf("with every move taken back the game keeps no file: %v, %q", err, m.Saves().File)
	}
	h.run(m.Close())
}
