package tui

import (
	"testing"
	"time"
)

func TestClockText(t *testing.T) {
	tests := map[time.Duration]string{
		0:                             "0:00.0",
		-time.Second:                  "0:00.0",
		9*time.Second + 950*1e6:       "0:09.9",
		10 * time.Second:              "0:10",
		5*time.Minute + 3*time.Second: "5:03",
		time.Hour + 61*time.Second:    "1:01:01",
	}
	for d, want := range tests {
		if got := clockText(d); got != want {
			t.Errorf("clockText(%v) = %q, want %q", d, got, want)
		}
	}
}
