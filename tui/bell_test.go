package tui

import (
	"strings"
	"sync"
	"testing"
	"time"

	"varia/saves"
	"varia/tui/match"
)

// bells counts what the screen wrote to the terminal.
type bells struct {
	mu   sync.Mutex
	seqs []string
}

func (b *bells) control(seq string) {
	b.mu.Lock()
	b.seqs = append(b.seqs, seq)
	b.mu.Unlock()
}

func (b *bells) rung() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, s := range b.seqs {
		if s == bellSeq {
			n++
		}
	}
	return n
}

// The bell, when set, rings on the opponent's move, on check and when
// the player's clock falls under ten seconds (once); off by default.
func TestBell(t *testing.T) {
	eng := &fakeEngine{}
	eng.setReply(playFirst("e7e5", "d8h4"))
	ctx, now := playContext(t, eng)
	var b bells
	ctx.Services.Control = b.control
	// Off by default: nothing rings.
	g, q := newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}})
	typeMove(g, q, "e4")
	send(g, q, await[match.SearchDone](t, q, g, true))
	if b.rung() != 0 {
		t.Fatalf("the bell rang %d times though it is off", b.rung())
	}
	closeGame(g)

	ctx.Settings.Bell = true
	tc := saves.TimeControl{Base: 20 * time.Second}
	g, q = newPlayGame(t, ctx, GameOptions{Players: [2]match.Player{match.Human, match.ComputerAt(easy(t))}, Clock: tc})
	typeMove(g, q, "f3")
	if b.rung() != 0 {
		t.Errorf("the player's own move rang the bell")
	}
	send(g, q, await[match.SearchDone](t, q, g, true)) // ...e5
	if b.rung() != 1 {
		t.Errorf("the opponent's move: %d rings, want 1", b.rung())
	}
	typeMove(g, q, "g4")
	send(g, q, await[match.SearchDone](t, q, g, true)) // ...Qh4#: a move and a check, one ring
	if b.rung() != 2 || !g.game().Result().Over() {
		t.Errorf("the opponent's mating move: %d rings, result %v", b.rung(), g.game().Result())
	}
	closeGame(g)

	// Two players at one keyboard: a check rings, moves do not; a clock
	// under ten seconds rings once and shows it.
	g, q = newPlayGame(t, ctx, GameOptions{Clock: tc})
	before := b.rung()
	typeMove(g, q, "e4")
	typeMove(g, q, "f5")
	if b.rung() != before {
		t.Errorf("moves between two players rang the bell")
	}
	typeMove(g, q, "Qh5")
	if b.rung() != before+1 {
		t.Errorf("check: %d rings, want 1", b.rung()-before)
	}
	now.advance(11 * time.Second) // Black: 20 s less 11
	send(g, q, await[match.Woke](t, q, g, false))
	if b.rung() != before+2 {
		t.Errorf("Black's clock under ten seconds: %d rings, want 2", b.rung()-before)
	}
	if v := g.View(); !strings.Contains(v, "Black 0:09.0!") {
		t.Errorf("the low clock should be marked:\n%s", v)
	}
	now.advance(time.Second)
	send(g, q, await[match.Woke](t, q, g, false))
	if b.rung() != before+2 {
		t.Errorf("the low clock rang again")
	}
}
