package serve

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"varia/tui"
	"varia/tui/config"
)

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // Verb Variant Clock Black Level Code, or the error's start
	}{
		{nil, "lobby"},
		{[]string{"new"}, "new standard none false"},
		{[]string{"new", "--variant", "asha", "--clock", "5+3", "--black"}, "new asha 5+3 true"},
		{[]string{"NEW", "-variant=Diagonal8", "-clock", "10"}, "new diagonal8 10+0 false"},
		{[]string{"join", "k7q2m"}, "join K7Q2M"},
		{[]string{"watch", "K7Q2M"}, "watch K7Q2M"},
		{[]string{"pgn", "K7Q2M"}, "pgn K7Q2M"},
		{[]string{"play"}, "play standard Medium"},
		{[]string{"play", "--variant", "edgy", "--level", "expert"}, "play edgy Expert"},

		{[]string{"shell"}, `unknown command "shell"; valid commands: new`},
		{[]string{"\x1b[2J"}, `unknown command "\x1b[2J"`},
		{[]string{"new", "--variant", "xiangqi"}, `new: --variant "xiangqi": want one of standard, asha`},
		{[]string{"new", "--clock", "0+1"}, "new: --clock: clock"},
		{[]string{"new", "--black=maybe"}, "new: invalid boolean value"},
		{[]string{"new", "--level", "hard"}, "new: flag provided but not defined: -level"},
		{[]string{"new", "-h"}, "new: valid commands"},
		{[]string{"new", "now"}, `new: unexpected "now"`},
		{[]string{"play", "--level", "10"}, "play: --level"},
		{[]string{"join"}, `join takes one room code, as in "join K7Q2M"`},
		{[]string{"join", "K7Q2M", "now"}, "join takes one room code"},
		{[]string{"watch", "K7Q2"}, `watch: room code "K7Q2": want 5 letters and digits`},
		{[]string{"pgn", "K7Q20"}, `pgn: room code "K7Q20": "0" is in no room code`},
		{[]string{"pgn", "../../etc/passwd"}, "pgn: room code"},
	} {
		c, err := ParseCommand(tc.args)
		var got string
		if err != nil {
			got = err.Error()
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("%q: %s, want %s...", tc.args, got, tc.want)
			}
			if strings.ContainsAny(got, "\n\r\x1b") {
				t.Errorf("%q: the error %q is not one plain line", tc.args, got)
			}
			continue
		}
		switch c.Verb {
		case VerbLobby:
			got = "lobby"
		case VerbNew:
			got = strings.Join([]string{"new", c.Variant.ID, c.Clock.String(), map[bool]string{true: "true", false: "false"}[c.Black]}, " ")
		case VerbPlay:
			got = "play " + c.Variant.ID + " " + c.Level.Name
		default:
			got = c.Verb.String() + " " + c.Code
		}
		if got != tc.want {
			t.Errorf("%q: %s, want %s", tc.args, got, tc.want)
		}
	}
}

func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 2000; i++ {
		c := newCode()
		got, err := ParseCode(strings.ToLower(c))
		if err != nil || got != c {
			t.Fatalf("%s read back as %q, %v", c, got, err)
		}
		if strings.ContainsAny(c, "01IO") {
			t.Fatalf("%s has a look-alike character", c)
		}
		seen[c] = true
	}
	if len(seen) < 1990 {
		t.Errorf("%d different codes in 2000", len(seen))
	}
}

func TestCleanName(t *testing.T) {
	for in, want := range map[string]string{
		"alice":                   "alice",
		"  Zoë Ünal ":             "Zoë Ünal",
		"\x1b[31mred\x1b[0m":      "31mred0m",
		"a\u202eb\u200bc":         "abc", // bidi override, zero-width space
		"bobby-tables_2.0;DROP":   "bobby-tables_2.0",
		"averyveryverylongname12": "averyveryverylon",
		"!!!":                     "",
	} {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNamesAreKeptPerKey(t *testing.T) {
	path := t.TempDir() + "/names"
	b, err := loadNameBook(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.name("SHA256:a", "root"); got != "root" {
		t.Errorf("a key without a name goes by %q, want its login", got)
	}
	if got := b.name("SHA256:a", "\x1b"); got != "player" {
		t.Errorf("a key without a usable login goes by %q", got)
	}
	if _, err := b.set("SHA256:a", "  "); err == nil {
		t.Error("an empty name was kept")
	}
	if got, err := b.set("SHA256:a", "Ann Lee"); err != nil || got != "Ann Lee" {
		t.Fatalf("set: %q, %v", got, err)
	}
	b.set("SHA256:b", "Bo")
	again, err := loadNameBook(path)
	if err != nil {
		t.Fatal(err)
	}
	if a, bo := again.name("SHA256:a", "x"), again.name("SHA256:b", "x"); a != "Ann Lee" || bo != "Bo" {
		t.Errorf("after reading back: %q, %q", a, bo)
	}
}

func TestRoundDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0 seconds", time.Second: "1 second", 90 * time.Second: "90 seconds",
		2 * time.Minute: "2 minutes", 30*time.Minute + 20*time.Second: "30 minutes", 3 * time.Hour: "3 hours",
	} {
		if got := roundDuration(d); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
}

// The form for a game against the computer says what its level does in
// full, wrapped to the window, not cut at its edge.
func TestComputerFormWrapsTheLevel(t *testing.T) {
	m := &sessionModel{ctx: tui.NewContext(lipgloss.NewRenderer(io.Discard), config.DefaultSettings())}
	m.ctx.Width, m.ctx.Height = 60, 30
	f := newRoomForm(true)
	v := fitLines(f.view(m), m.ctx.Width, m.ctx.Height)
	if strings.Contains(v, "…") || !strings.Contains(strings.Join(strings.Fields(v), " "), f.levels[f.level].Explanation) {
		t.Errorf("the level's explanation, whole:\n%s", v)
	}
}
