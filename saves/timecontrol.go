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
// seconds of increment), "0:30+1" for a time that is not whole minutes
// (thirty seconds, one more a move), or "none".
func (tc TimeControl) String() string {
	if tc.Base == 0 {
		return "none"
	}
	inc := strconv.FormatFloat(tc.Increment.Seconds(), 'f', -1, 64)
	if tc.Base%time.Minute == 0 {
		return fmt.Sprintf("%d+%s", tc.Base/time.Minute, inc)
	}
	secs := tc.Base.Round(time.Second) / time.Second
	return fmt.Sprintf("%d:%02d+%s", secs/60, secs%60, inc)
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
// ("5+3": five minutes each, three seconds more per move),
// "MINUTES:SECONDS+SECONDS" ("0:30+1": thirty seconds each, one more per
// move), either without "+..." for no increment, or "none".
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "none") {
		return TimeControl{}, nil
	}
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("clock %q: %s (want minutes+increment such as \"5+3\", minutes:seconds+increment such as \"0:30+1\", or \"none\")", s, why)
	}
	baseText, incText, hasInc := strings.Cut(s, "+")
	minText, secText, hasSecs := strings.Cut(strings.TrimSpace(baseText), ":")
	minutes, err := strconv.Atoi(strings.TrimSpace(minText))
	if err != nil {
		return bad("the minutes are not a whole number")
	}
	secs := 0
	if hasSecs {
		if secs, err = strconv.Atoi(strings.TrimSpace(secText)); err != nil || len(strings.TrimSpace(secText)) != 2 || secs < 0 || secs > 59 {
			return bad("the seconds after : are not two digits from 00 to 59")
		}
	}
	inc := 0
	if hasInc {
		if inc, err = strconv.Atoi(strings.TrimSpace(incText)); err != nil {
			return bad("the increment is not a whole number of seconds")
		}
	}
	base := time.Duration(minutes)*time.Minute + time.Duration(secs)*time.Second
	switch {
	case minutes < 0 || base <= 0:
		return bad("each side needs some time")
	case base > maxClockMinutes*time.Minute:
		return bad(fmt.Sprintf("the time must be at most %d minutes", maxClockMinutes))
	case inc < 0 || inc > maxClockIncrement:
		return bad(fmt.Sprintf("the increment must be 0 to %d seconds", maxClockIncrement))
	}
	return TimeControl{Base: base, Increment: time.Duration(inc) * time.Second}, nil
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
