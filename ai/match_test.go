package ai

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"

	"varia/rules"
)

// Strength matches between the levels. They take many minutes, so they
// run only when asked:
//
//	go test ./ai -run TestLevelMatches -match -timeout 0 -v
//	go test ./ai -run TestLevelMatches -match -match.variants edgy,asean -match.games 20 -v
var (
	matchFlag     = flag.Bool("match", false, "play the level strength matches")
	matchGames    = flag.Int("match.games", 40, "games per pairing and variant (even: each opening is played with both colours)")
	matchVariants = flag.String("match.variants", "", "comma-separated variant ids (default: all)")
	matchPairs    = flag.String("match.pairs", "Hard-Easy,Hard-Medium", "comma-separated pairings A-B of level names")
)

const (
	openingPlies = 4   // random moves at the start, for varied games
	maxGamePlies = 400 // a game still going then is scored a draw
	matchHashMiB = 16
	matchWorkers = 2
)

// player is one side of a match game.
type player struct {
	name   string
	limits Limits
	engine *Engine
}

// gameOutcome scores a finished game for White: 1, 0.5 or 0, and says why.
func gameOutcome(p *rules.Position) (score float64, reason string, over bool) {
	if len(p.Legal()) == 0 {
		if p.InCheck() {
			if p.SideToMove() == rules.White {
				return 0, "checkmate", true
			}
			return 1, "checkmate", true
		}
		return 0.5, "stalemate", true
	}
	switch {
	case p.InsufficientMaterial():
		return 0.5, "insufficient material", true
	case p.HalfmoveClock() >= 100:
		return 0.5, "fifty moves", true
	case p.Repetitions() >= 2:
		return 0.5, "threefold repetition", true
	}
	if limit := p.Variant().CountLimit; limit > 0 {
		if running, plies := p.Count(); running && plies >= limit {
			return 0.5, "counting rule", true
		}
	}
	return 0, "", false
}

// randomOpening plays openingPlies random legal moves, seeded, and returns
// them (fewer if the game ends).
func randomOpening(v *rules.Variant, seed int64) []rules.Move {
	r := rand.New(rand.NewSource(seed))
	p := rules.NewPosition(v)
	var moves []rules.Move
	for i := 0; i < openingPlies; i++ {
		legal := p.Legal()
		if len(legal) == 0 {
			break
		}
		m := legal[r.Intn(len(legal))]
		p.Make(m)
		moves = append(moves, m)
	}
	return moves
}

// playGame plays one game from the opening and scores it for White.
func playGame(v *rules.Variant, opening []rules.Move, white, black *player, seed uint64) (float64, string) {
	p := rules.NewPosition(v)
	for _, m := range opening {
		p.Make(m)
	}
	white.engine.Clear()
	black.engine.Clear()
	for ply := 0; ply < maxGamePlies; ply++ {
		if score, reason, over := gameOutcome(p); over {
			return score, reason
		}
		side := white
		if p.SideToMove() == rules.Black {
			side = black
		}
		lim := side.limits
		lim.Seed = seed + uint64(ply)
		res := side.engine.Search(context.Background(), p, lim)
		if res.Move == rules.NoMove || !p.IsLegal(res.Move) {
			panic(fmt.Sprintf("%s returned %v in %s", side.name, res.Move, p.FEN()))
		}
		p.Make(res.Move)
	}
	return 0.5, "move limit"
}

type pairingResult struct {
	points, games     float64
	wins, draws, loss int
}

// runPairing plays games between levels a and b in variant v: each random
// opening twice, with colours swapped.
func runPairing(v *rules.Variant, a, b Level, games int) pairingResult {
	type job struct {
		opening int
		aWhite  bool
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var res pairingResult
	var wg sync.WaitGroup
	for w := 0; w < matchWorkers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pa := &player{name: a.Name, limits: a.Limits, engine: NewEngine(matchHashMiB)}
			pb := &player{name: b.Name, limits: b.Limits, engine: NewEngine(matchHashMiB)}
			for j := range jobs {
				opening := randomOpening(v, int64(j.opening)*7919+int64(len(v.ID)))
				white, black := pa, pb
				if !j.aWhite {
					white, black = pb, pa
				}
				score, _ := playGame(v, opening, white, black, uint64(j.opening)*1000003)
				if !j.aWhite {
					score = 1 - score
				}
				mu.Lock()
				res.points += score
				res.games++
				switch score {
				case 1:
					res.wins++
				case 0.5:
					res.draws++
				default:
					res.loss++
				}
				mu.Unlock()
			}
		}()
	}
	for g := 0; g < games; g++ {
		jobs <- job{opening: g / 2, aWhite: g%2 == 0}
	}
	close(jobs)
	wg.Wait()
	return res
}

func TestLevelMatches(t *testing.T) {
	if !*matchFlag || testing.Short() {
		t.Skip("strength matches run only with -match")
	}
	variants := rules.Variants()
	if *matchVariants != "" {
		variants = nil
		for _, id := range strings.Split(*matchVariants, ",") {
			v, err := rules.VariantByID(id)
			if err != nil {
				t.Fatal(err)
			}
			variants = append(variants, v)
		}
	}
	for _, pair := range strings.Split(*matchPairs, ",") {
		names := strings.SplitN(pair, "-", 2)
		if len(names) != 2 {
			t.Fatalf("pairing %q: want A-B", pair)
		}
		a, err := LevelByName(names[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := LevelByName(names[1])
		if err != nil {
			t.Fatal(err)
		}
		// The bars: Hard scores 90% against Easy and 70% against
		// Medium; any other stronger level must at least outscore.
		need := map[string]float64{"Hard-Easy": 0.9, "Hard-Medium": 0.7}[a.Name+"-"+b.Name]
		for _, v := range variants {
			r := runPairing(v, a, b, *matchGames)
			share := r.points / r.games
			t.Logf("%-12s %s vs %s: %.1f/%.0f = %.0f%% (+%d =%d -%d)", v.ID, a.Name, b.Name,
				r.points, r.games, 100*share, r.wins, r.draws, r.loss)
			if share < need || share <= 0.5 {
				t.Errorf("%s: %s scored %.0f%% against %s, want at least %.0f%% and more than half", v.ID, a.Name, 100*share, b.Name, 100*need)
			}
		}
	}
}
