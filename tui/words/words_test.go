package words

import "testing"

func TestWords(t *testing.T) {
	if Capitalise("white") != "White" || Capitalise("") != "" {
		t.Error("Capitalise")
	}
	if And([]string{"a"}) != "a" || And([]string{"a", "b"}) != "a and b" || Or([]string{"a", "b", "c"}) != "a, b or c" || And(nil) != "" {
		t.Error("lists")
	}
	if Count(1, "game", "games") != "1 game" || Count(0, "game", "games") != "0 games" {
		t.Error("Count")
	}
	if Truncate("abcdef", 4) != "abc…" || Truncate("abc", 3) != "abc" || Truncate("abc", 1) != "a" || Truncate("abc", -1) != "" {
		t.Error("Truncate")
	}
	if Width("\x1b[1mab\x1b[0m") != 2 {
		t.Error("Width counts escapes")
	}
}
