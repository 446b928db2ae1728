package tui

import (
	"fmt"
	"time"
)

// clockText shows a time as m:ss, with tenths in the last ten seconds,
// and h:mm:ss from an hour up.
func clockText(d time.Duration) string {
	d = max(d, 0)
	if d < 10*time.Second {
		tenths := int(d / (100 * time.Millisecond))
		return fmt.Sprintf("0:%02d.%d", tenths/10, tenths%10)
	}
	secs := int(d / time.Second)
	if secs >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", secs/3600, secs/60%60, secs%60)
	}
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}
