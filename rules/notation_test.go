package rules

import (
	"math/rand"
	"strings"
	"testing"
)

// randomGame plays seeded random legal moves from v's start and calls
// visit in every position reached, before the move is chosen.
func randomGame(v *Variant, seed int64, plies int, visit func(p *Position, legal []Move)) {
	rng := rand.New(rand.NewSource(seed))
	p := NewPosition(v)
	for i := 0; i < plies; i++ {
		legal := p.Legal()
		visit(p, legal)
		if len(legal) == 0 {
			return
		}
		p.Make(legal[rng.Intn(len(legal))])
	}
}

// TestRoundTripRandomGames: in every position of seeded random games of
// every variant, every legal move reads back from its SAN (with and
// without +/#) and from its UCI, and no two legal moves share a SAN.
func TestRoundTripRandomGames(t *testing.T) {
	games, plies := 12, 200
	if testing.Short() {
		games = 3
	}
	for _, v := range Variants() {
		t.Run(v.ID, func(t *testing.T) {
			positions, moves := 0, 0
			for seed := int64(1); seed <= int64(games); seed++ {
				randomGame(v, seed, plies, func(p *Position, legal []Move) {
					positions++
					seen := map[string]Move{}
					for _, m := range legal {
						moves++
						s := p.SAN(m)
						if prev, dup := seen[s]; dup {
							t.Fatalf("%s: %v and %v both written %q", p.FEN(), prev, m, s)
						}
						seen[s] = m
						for _, text := range []string{s, strings.TrimRight(s, "+#"), m.UCI()} {
							got, err := p.ParseMove(text)
							if err != nil || got != m {
								t.Fatalf("%s: %v written %q reads back as %v, %v", p.FEN(), m, text, got, err)
							}
						}
					}
				})
			}
			t.Logf("%d positions, %d moves", positions, moves)
		})
	}
}
