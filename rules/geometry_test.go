package rules

import (
	"strings"
	"testing"
)

func TestOffsetAndDistance(t *testing.T) {
	for _, c := range []struct {
		from string
		v    Vec
		want string
	}{
		{"e4", Vec{1, 2}, "f6"}, {"a1", Vec{-1, 0}, "-"}, {"h8", Vec{0, 1}, "-"}, {"h1", Vec{-7, 7}, "a8"},
	} {
		if got := sq(c.from).Offset(c.v).String(); got != c.want {
			t.Errorf("%s + %v = %s, want %s", c.from, c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		a, b string
		want int
	}{{"a1", "h8", 7}, {"e4", "e4", 0}, {"b2", "c4", 2}, {"h1", "a2", 7}} {
		if got := Distance(sq(c.a), sq(c.b)); got != c.want || Distance(sq(c.b), sq(c.a)) != c.want {
			t.Errorf("Distance(%s, %s) = %d, want %d both ways", c.a, c.b, got, c.want)
		}
	}
}

func TestOrientAndLines(t *testing.T) {
	white := []Vec{{1, 1}, {0, 1}}
	if got := Orient(white, White); got[0] != white[0] || got[1] != white[1] {
		t.Errorf("White's vectors changed: %v", got)
	}
	if got := Orient(white, Black); got[0] != (Vec{-1, -1}) || got[1] != (Vec{0, -1}) {
		t.Errorf("Black's vectors %v, want turned 180°", got)
	}
	if white[0] != (Vec{1, 1}) {
		t.Error("Orient changed its argument")
	}
	if n := len((Orthogonal | Diagonal).Vecs()); n != 8 {
		t.Errorf("a queen's lines have %d directions, want 8", n)
	}
	if vs := Diagonal.Vecs(); len(vs) != 4 || vs[0].DF == 0 || vs[0].DR == 0 {
		t.Errorf("diagonal directions %v", vs)
	}
}

// The set-wise pawn attacks must be the union of the per-square ones, for
// every variant's pawns and both colours.
func TestPawnAttacksSetwise(t *testing.T) {
	for _, v := range Variants() {
		for c := White; c <= Black; c++ {
			var pawns, want Bitboard
			for s := Square(0); s < 64; s += 3 {
				pawns |= s.Bit()
				want |= v.PawnAttacksFrom(c, s)
			}
			if got := v.PawnAttacks(c, pawns); got != want {
				t.Errorf("%s %v: set-wise\n%v per square\n%v", v.ID, c, got, want)
			}
		}
	}
}

func TestPlacementFEN(t *testing.T) {
	for _, v := range Variants() {
		p := NewPosition(v)
		want := strings.Fields(v.StartFEN)[0]
		if got := PlacementFEN(&p.board); got != want {
			t.Errorf("%s: %s, want %s", v.ID, got, want)
		}
	}
	var empty [64]Piece
	empty[sq("e4")] = MakePiece(Black, Knight)
	if got := PlacementFEN(&empty); got != "8/8/8/8/4n3/8/8/8" {
		t.Errorf("one knight: %s", got)
	}
}
