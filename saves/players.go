package saves

import (
	"strings"

	"varia/rules"
)

// Who played a game is in its tags: White and Black name the players,
// WhiteType and BlackType say whether each was a person ("human") or a
// program ("program"). Varia's own engine is named after its level
// ("Varia Easy"), so a resumed or replayed game can seat it again.

// EngineName is the name of Varia's engine at a level, as the tags and
// the game's panel write it.
func EngineName(level string) string { return "Varia " + level }

var colourPrefixes = [2]string{"White", "Black"}

// SetPlayerTypes writes WhiteType and BlackType: "program" for a side a
// program plays, "human" for a person.
func (t *Tags) SetPlayerTypes(program [2]bool) {
	for c, prefix := range colourPrefixes {
		kind := "human"
		if program[c] {
			kind = "program"
		}
		t.Set(prefix+"Type", kind)
	}
}

// EngineLevel reads back which level of Varia's engine played side c:
// the level's name when the side is marked a program and named as
// EngineName names it. Anyone else, even called "Varia Easy", is a
// person.
func (t Tags) EngineLevel(c rules.Color) (string, bool) {
	if !strings.EqualFold(t.Get(colourPrefixes[c]+"Type"), "program") {
		return "", false
	}
	return strings.CutPrefix(t.Get(colourPrefixes[c]), EngineName(""))
}
