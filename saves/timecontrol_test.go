package saves

import (
	"testing"
	"time"
)

func TestTimeControlText(t *testing.T) {
	tc := TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}
	if tc.String() != "5+3" || tc.Tag() != "300+3" {
		t.Errorf("5+3 written as %q and %q", tc.String(), tc.Tag())
	}
	if back, ok := TimeControlFromTag(tc.Tag()); !ok || back != tc {
		t.Errorf("tag round trip: %v", back)
	}
	for _, bad := range []string{"-", "?", "40/7200:3600", "0+1", "abc"} {
		if _, ok := TimeControlFromTag(bad); ok {
			t.Errorf("TimeControl %q read as a clock Varia can run", bad)
		}
	}
	if half, ok := TimeControlFromTag("30+1"); !ok || half.String() != "0:30+1" {
		t.Errorf("half a minute: %v", half)
	}
	if (TimeControl{}).String() != "none" || (TimeControl{}).Tag() != "-" {
		t.Error("no clock")
	}
}

func TestParseTimeControl(t *testing.T) {
	for in, want := range map[string]string{"5+3": "5+3", " 10 + 5 ": "10+5", "3": "3+0", "none": "none", "": "none", "NONE": "none",
		"0:30+1": "0:30+1", "1:30": "1:30+0", "2:00+1": "2+1", "0:05+0": "0:05+0", "600:00": "600+0"} {
		c, err := ParseTimeControl(in)
		if err != nil || c.String() != want {
			t.Errorf("ParseTimeControl(%q) = %v, %v; want %s", in, c, err, want)
		}
	}
	for _, bad := range []string{"0+1", "0+3", "5+-1", "x", "abc", "5+x", "5+3+1", "1.5+2", "601+0", "5+601",
		"0:00+1", "0:60+0", "0:5+0", "1:-1", ":30+1", "-1:30", "600:01", "0:30:00"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) should fail", bad)
		}
	}
}

// What String writes, ParseTimeControl reads back.
func TestTimeControlRoundTrip(t *testing.T) {
	for _, tc := range []TimeControl{
		{Base: 30 * time.Second, Increment: time.Second},
		{Base: 90 * time.Second},
		{Base: 3 * time.Minute, Increment: 2 * time.Second},
		{Base: 600 * time.Minute, Increment: 600 * time.Second},
	} {
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Errorf("%v written %q read back as %v, %v", tc, tc.String(), back, err)
		}
	}
}
