package match

import (
	"strings"
	"testing"

	"varia/ai"
	"varia/rules"
	"varia/saves"
)

func TestParsePlayer(t *testing.T) {
	tests := []struct {
		in       string
		computer bool
		level    string
		err      string
	}{
		{"human", false, "", ""},
		{"Human", false, "", ""},
		{"ai:easy", true, "Easy", ""},
		{"AI:Hard", true, "Hard", ""},
		{"ai", true, "Medium", ""},
		{"ai:grandmaster", false, "", `unknown level "grandmaster"`},
		{"ai:1450", true, "Elo 1450", ""},
		{"ai:5000", false, "", "a rating from"},
		{"aibot", false, "", "want human, or ai:LEVEL"},
		{"robot", false, "", "want human, or ai:LEVEL"},
	}
	for _, tc := range tests {
		p, err := ParsePlayer(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParsePlayer(%q): error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || p.Computer != tc.computer || p.Computer && p.Level.Name != tc.level {
			t.Errorf("ParsePlayer(%q) = %+v, %v", tc.in, p, err)
		}
	}
}

// The players written in a game's tags are read back from them.
func TestPlayersFromTags(t *testing.T) {
	hard, _ := ai.LevelByName("hard")
	for _, players := range [][2]Player{{}, {Human, ComputerAt(hard)}, {ComputerAt(hard), Human}, {ComputerAt(hard), ComputerAt(DefaultLevel())}, {Human, ComputerAt(ai.LevelForElo(1450))}} {
		h, _ := newHost(t, Options{Players: players})
		tags := h.m.Snapshot().Tags
		got := PlayersFromTags(tags)
		same := true
		for c := range got {
			same = same && got[c].Computer == players[c].Computer && got[c].Level.Name == players[c].Level.Name
		}
		if !same {
			t.Errorf("players %+v written as %v, read back as %+v", players, tags, got)
		}
		if ModeOf(got) != h.m.Mode() {
			t.Errorf("mode %v, read back %v", h.m.Mode(), ModeOf(got))
		}
	}
	// Someone else called "Varia Easy" is a person unless marked a program.
	if got := PlayersFromTags(saves.Tags{{Name: "White", Value: "Varia Easy"}}); got[rules.White].Computer {
		t.Error("a name alone does not make a program")
	}
}
