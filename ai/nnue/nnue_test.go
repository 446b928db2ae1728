package nnue

import (
	"bytes"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"testing"

	"varia/rules"
)

// randomGame plays random legal moves from the start, calling visit at
// each position.
func randomGame(seed int64, plies int, visit func(p *rules.Position)) {
	r := rand.New(rand.NewSource(seed))
	p := rules.NewPosition(rules.Standard)
	for range plies {
		legal := p.Legal()
		if len(legal) == 0 {
			return
		}
		p.Make(legal[r.Intn(len(legal))])
		visit(p)
	}
}

// The integer network, brought up to date position after position,
// agrees with the float network it was quantised from and with an
// accumulator built afresh, with the vector kernels and without.
func TestAccumulatorMatchesTrainer(t *testing.T) {
	if useAVX2 {
		defer func() { useAVX2 = true }()
		checkAccumulator(t)
		useAVX2 = false
	}
	checkAccumulator(t)
}

func checkAccumulator(t *testing.T) {
	tr := NewTrainer(32, 1)
	// Output weights as large as trained ones, so the scores run to
	// hundreds of centipawns and a wrong feature shows.
	for i := range tr.outW() {
		tr.outW()[i] = min(max(tr.outW()[i]*20, -1.9), 1.9)
	}
	net := tr.Network()
	// The float network takes the integer one's weights, so the two
	// differ only by the integer one's rounding.
	tr = TrainerFrom(net)
	spread := 0.0
	acc := NewAccumulator(net)
	fl := [2][]float32{make([]float32, 32), make([]float32, 32)}
	n := 0
	for g := range int64(20) {
		randomGame(g, 80, func(p *rules.Position) {
			got := acc.Evaluate(p)
			if fresh := NewAccumulator(net).Evaluate(p); fresh != got {
				t.Fatalf("%s: updated %d, afresh %d", p.FEN(), got, fresh)
			}
			s := NewSample(p, 0)
			want := tr.forward(&s, fl) * Scale
			spread = max(spread, math.Abs(float64(want)))
			if math.Abs(float64(got)-float64(want)) > 1 {
				t.Fatalf("%s: integer network %d, float %.1f", p.FEN(), got, want)
			}
			n++
		})
	}
	if n < 1000 || spread < 100 {
		t.Fatalf("only %d positions checked, scores up to %.0f", n, spread)
	}
}

// Colours swapped and the board turned over, a position scores the same
// for the side to move.
func TestNetworkSeesBothSidesAlike(t *testing.T) {
	net := Chess()
	randomGame(3, 60, func(p *rules.Position) {
		q, err := rules.ParseFEN(rules.Standard, mirrorFEN(p.FEN()))
		if err != nil {
			t.Fatal(err)
		}
		if a, b := NewAccumulator(net).Evaluate(p), NewAccumulator(net).Evaluate(q); a != b {
			t.Fatalf("%s scores %d, mirrored %d", p.FEN(), a, b)
		}
	})
}

// mirrorFEN swaps the colours of a FEN's pieces and side to move and
// turns the board top to bottom (castling and en passant dropped).
func mirrorFEN(fen string) string {
	f := bytes.Fields([]byte(fen))
	ranks := bytes.Split(f[0], []byte("/"))
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	board := bytes.Join(ranks, []byte("/"))
	for i, c := range board {
		switch {
		case c >= 'a' && c <= 'z':
			board[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z':
			board[i] = c - 'A' + 'a'
		}
	}
	side := "b"
	if string(f[1]) == "b" {
		side = "w"
	}
	return string(board) + " " + side + " - - 0 1"
}

func TestWriteRead(t *testing.T) {
	net := NewTrainer(16, 2).Network()
	var b bytes.Buffer
	if err := net.Write(&b); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	got, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	p := rules.NewPosition(rules.Standard)
	if a, b := NewAccumulator(net).Evaluate(p), NewAccumulator(got).Evaluate(p); a != b {
		t.Fatalf("read back, the network scores %d, not %d", b, a)
	}
	// Damaged files are refused, never half read.
	for _, bad := range [][]byte{nil, data[:3], data[:10], data[:len(data)-1], append(append([]byte(nil), data...), 0), []byte("VNN1\xff\xff\xff\xff")} {
		if _, err := Read(bytes.NewReader(bad)); err == nil {
			t.Errorf("a damaged file of %d bytes was read", len(bad))
		}
	}
}

// smallTrainer returns a network of 16 sums trained an epoch on the
// positions of a random game, and those positions.
func smallTrainer() (*Trainer, []Sample) {
	tr := NewTrainer(16, 3)
	tr.Rate = 0.01
	var samples []Sample
	randomGame(1, 60, func(p *rules.Position) { samples = append(samples, NewSample(p, 0.7)) })
	tr.Epoch(samples, 16, 1, rand.New(rand.NewSource(1)))
	return tr, samples
}

// A trainer resumed from a network holds that network's weights exactly.
func TestTrainerFrom(t *testing.T) {
	tr, _ := smallTrainer()
	net := tr.Network()
	if again := TrainerFrom(net).Network(); !reflect.DeepEqual(net, again) {
		t.Fatal("a network resumed and stored again differs from the one it resumed")
	}
}

// A widened trainer predicts exactly what the narrow one did, and
// training then gives its new sums a say.
func TestWidenKeepsTheOutput(t *testing.T) {
	tr, samples := smallTrainer()
	wide := tr.Widen(24, 5)
	if narrow, widened := tr.Loss(samples), wide.Loss(samples); narrow != widened {
		t.Fatalf("loss %v before widening, %v after", narrow, widened)
	}
	wide.Rate = 0.01
	wide.Epoch(samples, 16, 1, rand.New(rand.NewSource(1)))
	if wide.outW()[20] == 0 || wide.outW()[24+20] == 0 {
		t.Fatal("training left a new sum's output weights at zero")
	}
}

// Training lowers the loss: a small network learns that a queen more is
// winning.
func TestTrainingLearns(t *testing.T) {
	var samples []Sample
	for g := range int64(40) {
		randomGame(g, 40, func(p *rules.Position) {
			q := p.Pieces(rules.White, rules.Queen).Count() - p.Pieces(rules.Black, rules.Queen).Count()
			if p.SideToMove() == rules.Black {
				q = -q
			}
			samples = append(samples, NewSample(p, float32(0.5+0.4*float64(q))))
		})
	}
	tr := NewTrainer(8, 1)
	tr.Rate = 0.01
	before := tr.Loss(samples)
	r := rand.New(rand.NewSource(1))
	for range 30 {
		tr.Epoch(samples, 256, 2, r)
	}
	if after := tr.Loss(samples); after > before/4 {
		t.Fatalf("loss %.4f before training, %.4f after", before, after)
	}
}

// BenchmarkEvaluate scores the positions of random games in turn, as a
// search meets them: each a move or two from the last.
func BenchmarkEvaluate(b *testing.B) {
	var positions []*rules.Position
	randomGame(5, 120, func(p *rules.Position) {
		q, _ := rules.ParseFEN(rules.Standard, p.FEN())
		positions = append(positions, q)
	})
	acc := NewAccumulator(Chess())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		acc.Evaluate(positions[i%len(positions)])
	}
}

// The vector kernels agree with the plain ones.
func TestKernelsAgree(t *testing.T) {
	if !useAVX2 {
		t.Skip("no vector kernels on this processor")
	}
	r := rand.New(rand.NewSource(1))
	row := func(n, span int) []int16 {
		x := make([]int16, n)
		for i := range x {
			x[i] = int16(r.Intn(2*span+1) - span)
		}
		return x
	}
	for _, n := range []int{16, 32, 128, 256, 512, 1024} {
		// The largest sum first: every value clipped to the top, every
		// weight at its bound.
		x, w := make([]int16, n), make([]int16, n)
		for i := range x {
			x[i], w[i] = 600, MaxOutput
		}
		for range 50 {
			if a, b := screluDot(x, w), screluDotVector(x, w); a != b {
				t.Fatalf("n %d: screluDot %d, vector %d", n, a, b)
			}
			x, w = row(n, 600), row(n, MaxOutput)
			sums, gone, come := row(n, 8000), row(n, 1000), row(n, 1000)
			plain := append([]int16(nil), sums...)
			subAdd(lanes(plain), lanes(gone), lanes(come))
			subAddAVX2(&sums[0], &gone[0], &come[0], n)
			for i := range sums {
				if want := plain[i]; sums[i] != want {
					t.Fatalf("n %d: sums[%d] %d, vector %d", n, i, want, sums[i])
				}
			}
		}
	}
}

// A sample turned left to right has the features of the position turned
// left to right.
func TestMirroredSample(t *testing.T) {
	p, _ := rules.ParseFEN(rules.Standard, "r3k2r/1pp2ppp/p1n5/4P3/1b1q4/2N5/PP3PPP/R2QKB1R w - - 0 12")
	q, _ := rules.ParseFEN(rules.Standard, "r2k3r/ppp2pp1/5n1p/3P4/4q1b1/5N2/PPP3PP/R1BKQ2R w - - 0 12")
	got, want := NewSample(p, 0.5).Mirrored(), NewSample(q, 0.5)
	for v := range got.Views {
		a, b := slices.Clone(got.Views[v]), slices.Clone(want.Views[v])
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Fatalf("view %d: mirrored %v, want %v", v, a, b)
		}
	}
}
