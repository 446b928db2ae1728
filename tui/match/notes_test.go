package match

import (
	"testing"

	"varia/rules"
	"varia/saves"
)

// A continued game's annotations are written with its moves, and a move
// taken back and replaced by another loses its note; SetNotes gives the
// moves played so far new ones (an analysis).
func TestAnnotationsFollowTheMoves(t *testing.T) {
	g := rules.NewGame(rules.Standard)
	for _, mv := range []string{"e4", "e5"} {
		if _, err := g.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	notes := []saves.Note{{NAGs: []int{1}}, {Comment: "solid"}}
	h, _ := newHost(t, Options{Game: g, Comment: "a game", Notes: notes})
	m := h.m
	sg := m.Snapshot()
	if sg.Comment != "a game" || sg.NoteAt(0) == nil || !sg.NoteAt(0).HasNAG(1) || sg.NoteAt(1).Comment != "solid" {
		t.Fatalf("snapshot: %q %+v", sg.Comment, sg.Notes)
	}
	if err := h.play(rules.White, "Nf3"); err != nil {
		t.Fatal(err)
	}
	if sg := m.Snapshot(); sg.NoteAt(1) == nil || sg.NoteAt(2) != nil {
		t.Errorf("a new move has no note: %+v", sg.Notes)
	}
	h.act(m.Undo())
	h.act(m.Undo())
	if err := h.play(rules.Black, "c5"); err != nil {
		t.Fatal(err)
	}
	if sg := m.Snapshot(); sg.NoteAt(0) == nil || sg.NoteAt(1) != nil {
		t.Errorf("1... c5 took 1... e5's note: %+v", sg.Notes)
	}
	m.SetNotes("", []saves.Note{{}, {Comment: "[%eval 0.30]"}})
	if sg := m.Snapshot(); sg.NoteAt(0) != nil || sg.NoteAt(1).Comment != "[%eval 0.30]" || sg.Comment != "" {
		t.Errorf("after SetNotes: %+v", sg.Notes)
	}
}
