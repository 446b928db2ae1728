package ai

import "time"

// moveOverhead is kept in reserve on a game clock for the time it takes
// the move to reach the other side.
const moveOverhead = 30 * time.Millisecond

// budget splits a game clock into a soft time for this move (no new depth
// is begun past half of it) and a hard limit the search never passes.
func budget(c Clock) (soft, hard time.Duration) {
	left := max(c.Remaining-moveOverhead, time.Millisecond)
	moves := c.MovesToGo
	if moves <= 0 || moves > 30 {
		moves = 30
	}
	soft = left/time.Duration(moves) + c.Increment*3/4
	hard = min(soft*4, left/3)
	if moves == 1 {
		hard = left * 9 / 10
	}
	return min(soft, hard), max(hard, time.Millisecond)
}
