package config

import (
	"strings"
	"testing"
)

// FuzzTOML feeds the settings reader any text: it never panics, says
// where each problem is on a line of the text, and a setting the
// settings screen changes reads back as set, whatever else the file holds.
func FuzzTOML(f *testing.F) {
	f.Add(DefaultText())
	f.Add("[board]\ntheme = \"ocean\"  # mine\n[keys.game]\nundo = [\n  \"u\", # first\n  \"z\",\n]\n")
	f.Add("\uFEFF[board]\r\ntheme = letters\r\n")
	f.Add("[board]\ntheme = \"wood\"\ntheme = \"ocean\"\n[board]\n")
	f.Add("theme = 'x'\n[play]\nclock = \"5+3\nmouse = tru\n[[a]]\nk = {a = 1}\n")
	f.Add("[keys]\ngame.undo = [\"u\"\n")
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Count(strings.ReplaceAll(text, "\r\n", "\n"), "\n") + 1
		_, problems := Read("config.toml", text)
		for _, p := range problems {
			if p.Line < 0 || p.Line > lines {
				t.Fatalf("problem on line %d of %d: %v", p.Line, lines, p)
			}
		}
		changed := setTOMLValue(text, "board", "theme", `"ocean"`)
		doc := parseTOML(changed)
		for _, e := range doc.entries {
			if e.section == "board" && e.key == "theme" {
				if e.value.kind != tomlString || e.value.str != "ocean" {
					break // the first is the one read
				}
				return
			}
		}
		for _, e := range doc.errors {
			if e.key == "theme" {
				return // the value set is reported, not lost in silence
			}
		}
		t.Fatalf("theme set to ocean is not read back, and no problem says why:\n%s\nerrors:\n%s", changed, errorsText(doc))
	})
}
