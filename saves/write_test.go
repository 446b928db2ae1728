package saves

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"varia/rules"
)

func playAll(t testing.TB, g *rules.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

func writeString(t *testing.T, g *rules.Game, tags Tags) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, g, tags); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestWriteExact(t *testing.T) {
	g := rules.NewGame(rules.Standard)
	playAll(t, g, "f3", "e5", "g4", "Qh4")
	tags := NewTags("Fool", `Mr "Quote" \`, testDate)
	tags.Set("Opening", "Barnes Opening")
	tags.Set("Result", "1-0")           // derived from the game: ignored
	tags.Set("Termination", "whatever") // likewise
	want := `[Event "Casual game"]
[Site "Varia"]
[Date "2026.03.14"]
[Round "-"]
[White "Fool"]
[Black "Mr \"Quote\" \\"]
[Result "0-1"]
[Variant "Standard"]
[Termination "checkmate"]
[Opening "Barnes Opening"]

1. f3 e5 2. g4 Qh4# 0-1

`
	if got := writeString(t, g, tags); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestHeader(t *testing.T) {
	g, err := rules.NewGameFromFEN(rules.Asha, "4k3/8/8/8/4N3/8/1p6/4R1K1 b - - 3 50")
	if err != nil {
		t.Fatal(err)
	}
	tags := Tags{{"White", "Ann"}, {"Annotator", "Bo"}, {"FEN", "bogus"}, {"TimeControl", "300+3"}, {"Black", "Cy\nline"}}
	got := Header(g, tags)
	want := Tags{
		{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"}, {"White", "Ann"}, {"Black", "Cy line"},
		{"Result", "*"}, {"Variant", "Asha"}, {"SetUp", "1"}, {"FEN", "4k3/8/8/8/4N3/8/1p6/4R1K1 b - - 3 50"},
		{"TimeControl", "300+3"}, {"Annotator", "Bo"},
	}
	if !equalTags(got, want) {
		t.Errorf("Header\n got %q\nwant %q", got, want)
	}

	if err := g.Resign(rules.White); err != nil {
		t.Fatal(err)
	}
	got = Header(g, nil)
	if got.Get("Result") != "0-1" || got.Get("Termination") != "resignation" {
		t.Errorf("resigned game: Result %q, Termination %q", got.Get("Result"), got.Get("Termination"))
	}
	if _, ok := Header(rules.NewGame(rules.ASEAN), nil).Lookup("SetUp"); ok {
		t.Errorf("a game from the start position has a SetUp tag")
	}
}

func equalTags(a, b Tags) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestWriteLayout: long games wrap at 80 columns without splitting a
// move from its number, and numbering follows the side to move.
func TestWriteLayout(t *testing.T) {
	for _, v := range rules.Variants() {
		g := randomGame(v, 7, 300, 0)
		out := writeString(t, g, nil)
		_, movetext, _ := strings.Cut(out, "\n\n")
		lines := strings.Split(strings.TrimRight(movetext, "\n"), "\n")
		for i, l := range lines {
			if n := len([]rune(l)); n > lineWidth || n == 0 {
				t.Errorf("%s: line %d has %d characters: %q", v.ID, i+1, n, l)
			}
			if strings.HasSuffix(l, ".") || strings.HasPrefix(l, " ") || strings.HasSuffix(l, " ") {
				t.Errorf("%s: line %d splits badly: %q", v.ID, i+1, l)
			}
		}
		if n := len(g.History()); n > 60 && len(lines) < 3 {
			t.Errorf("%s: %d plies on %d lines", v.ID, n, len(lines))
		}
		if last := lines[len(lines)-1]; !strings.HasSuffix(last, " "+g.Result().Status.PGN()) {
			t.Errorf("%s: last line %q does not end with the result", v.ID, last)
		}
		if !strings.HasSuffix(out, "\n\n") || strings.HasSuffix(out, "\n\n\n") {
			t.Errorf("%s: a game should end with exactly one blank line", v.ID)
		}
	}
}

func TestWriteBlackFirst(t *testing.T) {
	g, err := rules.NewGameFromFEN(rules.Standard, "7k/8/6K1/8/8/8/8/Q7 b - - 0 40")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "Kg8", "Qa8")
	if got := writeString(t, g, nil); !strings.Contains(got, "\n\n40... Kg8 41. Qa8# 1-0\n") {
		t.Errorf("movetext of a game starting with Black:\n%s", got)
	}
	if got := writeString(t, rules.NewGame(rules.Edgy), nil); !strings.HasSuffix(got, "]\n\n*\n\n") {
		t.Errorf("a game without moves:\n%s", got)
	}
}

func TestWriteClocks(t *testing.T) {
	g := rules.NewGame(rules.Standard)
	playAll(t, g, "e4", "e5", "Nf3")
	sg := &SavedGame{Game: g, Clocks: []time.Duration{3 * time.Minute, NoClock, 2*time.Minute + 59500*time.Millisecond}}
	var buf bytes.Buffer
	if err := sg.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if want := "\n\n1. e4 { [%clk 0:03:00] } 1... e5 2. Nf3 { [%clk 0:02:59.5] } *\n"; !strings.Contains(buf.String(), want) {
		t.Errorf("got\n%s\nwant movetext %q", buf.String(), want)
	}
	back := readString(t, buf.String())[0]
	for i, c := range sg.Clocks {
		if back.Clocks[i] != c {
			t.Errorf("clock %d reads back as %v, want %v", i, back.Clocks[i], c)
		}
	}
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, "0:00:00"}, {-time.Second, "0:00:00"}, {90 * time.Minute, "1:30:00"}, {1234567 * time.Millisecond, "0:20:34.567"}, {9250 * time.Millisecond, "0:00:09.25"}, {302257752045 * time.Nanosecond, "0:05:02.257"}, {time.Nanosecond, "0:00:00"}} {
		if got := formatClock(c.d); got != c.want {
			t.Errorf("formatClock(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestWriteRefusesBadTagNames(t *testing.T) {
	for _, name := range []string{"", "Two words", "1st", "Quote\"", "Ünicode"} {
		var buf bytes.Buffer
		err := Write(&buf, rules.NewGame(rules.Standard), Tags{{name, "x"}})
		if err == nil || buf.Len() != 0 {
			t.Errorf("tag name %q: error %v, wrote %d bytes", name, err, buf.Len())
		}
	}
	if err := Write(&bytes.Buffer{}, rules.NewGame(rules.Standard), Tags{{"Good_Name2", "x"}}); err != nil {
		t.Errorf("a valid tag name was refused: %v", err)
	}
}
