package saves

import "time"

var testDate = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)
