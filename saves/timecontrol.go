package saves

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a chess clock's setting: Base per side plus Increment
// per move. The zero TimeControl is no clock.
type TimeControl struct {
	Base, Increment time.Duration
}

// On reports whether there is a clock.
func (tc TimeControl) On() bool { return tc.Base > 0 }

// String writes the clock as people type it: "5+3" (minutes, then
// seconds of increment), or "none". A clock read from a game file may
// have parts of minutes: "0.5+1".
func (tc TimeControl) String() string {
	if tc.Base == 0 {
		return "none"
	}
	return strconv.FormatFloat(tc.Base.Minutes(), 'f', -1, 64) + "+" + strconv.FormatFloat(tc.Increment.Seconds(), 'f', -1, 64)
}

// Tag writes the clock as PGN's TimeControl tag does: seconds, then
// seconds of increment ("300+3"), or "-" without a clock.
func (tc TimeControl) Tag() string {
	if !tc.On() {
		return "-"
	}
	return strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64) + "+" + strconv.FormatFloat(tc.Increment.Seconds(), 'f', -1, 64)
}

// Limits on clocks typed by people: beyond them a typing slip is more
// likely than a wish.
const (
	maxClockMinutes   = 600
	maxClockIncrement = 600
)

// ParseTimeControl reads a clock as people type it: "MINUTES+SECONDS"
// ("5+3": five minutes each, three seconds more per move), "MINUTES" (no
// increment), or "none".
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "none") {
		return TimeControl{}, nil
	}
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("clock %q: %s (want minutes+increment such as \"5+3\", or \"none\")", s, why)
	}
	minText, incText, hasInc := strings.Cut(s, "+")
	minutes, err := strconv.Atoi(strings.TrimSpace(minText))
	if err != nil {
		return bad("the minutes are not a whole number")
	}
	inc := 0
	if hasInc {
		if inc, err = strconv.Atoi(strings.TrimSpace(incText)); err != nil {
			return bad("the increment is not a whole number of seconds")
		}
	}
	switch {
	case minutes < 1 || minutes > maxClockMinutes:
		return bad(fmt.Sprintf("minutes must be 1 to %d", maxClockMinutes))
	case inc < 0 || inc > maxClockIncrement:
		return bad(fmt.Sprintf("the increment must be 0 to %d seconds", maxClockIncrement))
	}
	return TimeControl{Base: time.Duration(minutes) * time.Minute, Increment: time.Duration(inc) * time.Second}, nil
}

// maxTagClock bounds a clock read from a file (a Duration holds far more).
const maxTagClock = 24 * time.Hour

// TimeControlFromTag reads a PGN TimeControl tag of the form Varia
// writes ("300+3", "600"); anything else (several periods, "?", "-") is
// no clock Varia can run.
func TimeControlFromTag(s string) (TimeControl, bool) {
	baseText, incText, hasInc := strings.Cut(strings.TrimSpace(s), "+")
	base, err := strconv.ParseFloat(baseText, 64)
	if err != nil || base < 1 || base > maxTagClock.Seconds() {
		return TimeControl{}, false
	}
	tc := TimeControl{Base: time.Duration(base * float64(time.Second))}
	if hasInc {
		inc, err := strconv.ParseFloat(incText, 64)
		if err != nil || inc < 0 || inc > 3600 {
			return TimeControl{}, false
		}
		tc.Increment = time.Duration(inc * float64(time.Second))
	}
	return tc, true
}
