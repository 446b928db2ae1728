package rules

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// The magic tables agree with walking the rays, for random blockers.
func TestMagicAttacks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for s := Square(0); s < 64; s++ {
		for i := 0; i < 2000; i++ {
			occ := Bitboard(rng.Uint64() & rng.Uint64())
			if got, want := rookAttacks(s, occ), slowSlide(s, occ, rookDirs); got != want {
				t.Fatalf("rook on %s, occupancy\n%v: got\n%v want\n%v", s, occ, got, want)
			}
			if got, want := bishopAttacks(s, occ), slowSlide(s, occ, bishopDirs); got != want {
				t.Fatalf("bishop on %s, occupancy\n%v: got\n%v want\n%v", s, occ, got, want)
			}
		}
	}
}

var findMagics = flag.Bool("find-magics", false, "search for new magic numbers and print them")

// TestFindMagics searches for a fresh set of magic numbers (for magic.go).
func TestFindMagics(t *testing.T) {
	if !*findMagics {
		t.Skip("run with -find-magics to search for new magic numbers")
	}
	rng := xorshift(0x9E3779B97F4A7C15)
	var out strings.Builder
	for _, table := range []struct {
		name string
		dirs []Vec
	}{{"rook", rookDirs}, {"bishop", bishopDirs}} {
		fmt.Fprintf(&out, "var %sMagicNumbers = [64]uint64{\n", table.name)
		for s := Square(0); s < 64; s++ {
			mask := relevantMask(s, table.dirs)
			var m magic
			for {
				n := rng.next() & rng.next() & rng.next() // sparse numbers work best
				// Too few bits in the index's top byte cannot work.
				if bits.OnesCount64(uint64(mask)*n>>56) >= 6 && fillMagic(&m, s, table.dirs, n) {
					break
				}
			}
			fmt.Fprintf(&out, "\t%#016x,\n", m.magic)
		}
		out.WriteString("}\n\n")
	}
	t.Log("\n" + out.String())
}
