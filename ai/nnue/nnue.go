// Package nnue is a small learnt evaluation for chess: one hidden layer
// over the pieces' squares, seen from each side ("efficiently updatable":
// the hidden layer's sums change by a few rows when a move changes a few
// squares).
//
// Input: 768 features per side's view, one for each (own or enemy piece,
// type, square), the square flipped top to bottom for Black so each side
// sees its pieces from its own first rank. Hidden: Hidden sums per view,
// the same weights for both views. Output: the side to move's view and
// then the other's, each hidden value clipped to [0, 1] and squared,
// weighted and summed, in centipawns after Scale.
package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unsafe"

	"varia/rules"
)

const (
	Features = 768
	Scale    = 400 // the output's unit in centipawns

	// Quantisation of the stored network: the input layer's weights in
	// units of 1/QA, the output's in units of 1/QB.
	QA = 255
	QB = 64

	// MaxOutput bounds the output weights, so that a clipped hidden
	// value times a weight fits 16 bits (255 · 127 < 2¹⁵).
	MaxOutput = 127
)

// Feature returns the input that a piece of colour c and type t on sq is
// for the view of side.
func Feature(side, c rules.Color, t rules.PieceType, sq rules.Square) int {
	if side == rules.Black {
		sq ^= 56
	}
	f := int(t-rules.Pawn)*64 + int(sq)
	if c != side {
		f += 384
	}
	return f
}

// Network is a trained network in integers, as the search uses it.
type Network struct {
	Hidden  int
	InputW  []int16 // Features rows of Hidden
	InputB  []int16 // Hidden
	OutputW []int16 // 2·Hidden: the side to move's view, then the other's
	OutputB int32   // in units of 1/(QA·QB)
}

const magic = "VNN1"

// Write stores the network: a magic, the hidden size, then every weight
// little-endian.
func (n *Network) Write(w io.Writer) error {
	if _, err := io.WriteString(w, magic); err != nil {
		return err
	}
	for _, v := range []any{uint32(n.Hidden), n.InputW, n.InputB, n.OutputW, n.OutputB} {
		if err := binary.Write(w, binary.LittleEndian, v); err != nil {
			return err
		}
	}
	return nil
}

// CheckHidden says whether a network may have hidden sums a view: the
// kernels add four at a time, and a file's width is bounded so that a
// hostile one cannot ask for gigabytes.
func CheckHidden(hidden int) error {
	if hidden <= 0 || hidden > 4096 || hidden%4 != 0 {
		return fmt.Errorf("hidden size %d is not a multiple of 4 up to 4096", hidden)
	}
	return nil
}

// Read loads a network written by Write, checking its shape.
func Read(r io.Reader) (*Network, error) {
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != magic {
		return nil, errors.New("nnue: not a network file")
	}
	var hidden uint32
	if err := binary.Read(r, binary.LittleEndian, &hidden); err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	if err := CheckHidden(int(hidden)); err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	n := &Network{Hidden: int(hidden)}
	n.InputW = make([]int16, Features*n.Hidden)
	n.InputB = make([]int16, n.Hidden)
	n.OutputW = make([]int16, 2*n.Hidden)
	for _, v := range []any{n.InputW, n.InputB, n.OutputW, &n.OutputB} {
		if err := binary.Read(r, binary.LittleEndian, v); err != nil {
			return nil, fmt.Errorf("nnue: %w", err)
		}
	}
	if _, err := r.Read(make([]byte, 1)); err != io.EOF {
		return nil, errors.New("nnue: trailing data")
	}
	for _, w := range n.OutputW {
		if w > MaxOutput || w < -MaxOutput {
			return nil, fmt.Errorf("nnue: output weight %d out of range", w)
		}
	}
	return n, nil
}

// Quantise turns float weights (as trained) into a Network.
func Quantise(hidden int, inW, inB, outW []float32, outB float32) *Network {
	q := func(x float32, s float64) int16 {
		return int16(max(math.MinInt16, min(math.MaxInt16, math.Round(float64(x)*s))))
	}
	n := &Network{Hidden: hidden, InputW: make([]int16, len(inW)), InputB: make([]int16, len(inB)), OutputW: make([]int16, len(outW))}
	for i, x := range inW {
		n.InputW[i] = q(x, QA)
	}
	for i, x := range inB {
		n.InputB[i] = q(x, QA)
	}
	for i, x := range outW {
		n.OutputW[i] = min(max(q(x, QB), -MaxOutput), MaxOutput)
	}
	n.OutputB = int32(math.Round(float64(outB) * QA * QB))
	return n
}

// Accumulator holds both views' hidden sums for the pieces it was last
// brought up to date with. Bringing it to a new position costs a row per
// piece that differs, so evaluating positions near each other in a
// search tree is cheap without any help from making moves.
type Accumulator struct {
	net    *Network
	pieces [2][rules.King + 1]rules.Bitboard // by colour and type
	sums   [2][]int16                        // by view
	zero   []int16                           // a row of zeros
	vector bool                              // the AVX2 kernels run: the processor has them, the width is a multiple of 16
}

// NewAccumulator returns an accumulator for an empty board.
func NewAccumulator(n *Network) *Accumulator {
	a := &Accumulator{net: n, zero: make([]int16, n.Hidden), vector: useAVX2 && n.Hidden%16 == 0}
	for v := range a.sums {
		a.sums[v] = append([]int16(nil), n.InputB...)
	}
	return a
}

// update brings the sums to the position's pieces: the rows of the
// pieces gone are taken off and those of the pieces come added, a removal
// and an addition in each pass.
func (a *Accumulator) update(p *rules.Position) {
	var gone, come [64]piece // a square each at most
	ng, nc := 0, 0
	for c := rules.White; c <= rules.Black; c++ {
		for t := rules.Pawn; t <= rules.King; t++ {
			now, old := p.Pieces(c, t), a.pieces[c][t]
			if now == old {
				continue
			}
			a.pieces[c][t] = now
			for b := old &^ now; b != 0; ng++ {
				gone[ng] = piece{c, t, b.PopFirst()}
			}
			for b := now &^ old; b != 0; nc++ {
				come[nc] = piece{c, t, b.PopFirst()}
			}
		}
	}
	// Unpaired removals and additions pair with a row of zeros.
	for ng < nc {
		gone[ng], ng = piece{t: rules.NoPieceType}, ng+1
	}
	for nc < ng {
		come[nc], nc = piece{t: rules.NoPieceType}, nc+1
	}
	h := a.net.Hidden
	for v := rules.White; v <= rules.Black; v++ {
		row := func(x piece) []int16 {
			if x.t == rules.NoPieceType {
				return a.zero
			}
			return a.net.InputW[Feature(v, x.c, x.t, x.sq)*h:][:h]
		}
		sums := a.sums[v][:h]
		for i := range ng {
			g, c := row(gone[i]), row(come[i])
			if a.vector {
				subAddAVX2(&sums[0], &g[0], &c[0], h)
			} else {
				subAdd(lanes(sums), lanes(g), lanes(c))
			}
		}
	}
}

type piece struct {
	c  rules.Color
	t  rules.PieceType
	sq rules.Square
}

// The sums and rows are added four at a time, as 16-bit lanes of a
// 64-bit word: hi is each lane's top bit, added apart so that no carry
// crosses into the next lane. (The true sums always fit in 16 bits: the
// trainer bounds the weights.)
const hi = 0x8000800080008000

// lanes views int16s, a multiple of four, as 64-bit words.
func lanes(x []int16) []uint64 { return unsafe.Slice((*uint64)(unsafe.Pointer(&x[0])), len(x)/4) }

// subAdd takes the row gone off the sums and adds the row come.
func subAdd(sums, gone, come []uint64) {
	gone, come = gone[:len(sums)], come[:len(sums)]
	for i, s := range sums {
		g, c := gone[i], come[i]
		s = (s | hi - g&^hi) ^ (s^^g)&hi
		sums[i] = (s&^hi + c&^hi) ^ (s^c)&hi
	}
}

// Evaluate returns the network's score of p in centipawns, for the side to
// move.
func (a *Accumulator) Evaluate(p *rules.Position) int32 {
	a.update(p)
	h := a.net.Hidden
	us := p.SideToMove()
	w := a.net.OutputW
	sum := int64(a.net.OutputB) * QA
	if a.vector {
		sum += screluDotVector(a.sums[us][:h], w[:h])
		sum += screluDotVector(a.sums[us.Other()][:h], w[h:2*h])
	} else {
		sum += screluDot(a.sums[us][:h], w[:h])
		sum += screluDot(a.sums[us.Other()][:h], w[h:2*h])
	}
	return int32(sum * Scale / (QA * QA * QB))
}

// screluDotVector is screluDot by the vector kernel, a multiple of 16
// values. The kernel sums in 32 bits, room for 256 values of at most
// 255² · 127 each, so wider rows go in blocks of 256.
func screluDotVector(x, w []int16) int64 {
	var sum int64
	for len(x) > 0 {
		n := min(len(x), 256)
		sum += int64(screluDotAVX2(&x[0], &w[0], n))
		x, w = x[n:], w[n:]
	}
	return sum
}

// screluDot is Σ clamp(x, 0, QA)² · w. Each product fits 32 bits
// (255² · 127 < 2³¹; Read bounds the output weights).
func screluDot(x, w []int16) int64 {
	w = w[:len(x)]
	var sum int64
	for i, v := range x {
		c := int32(min(max(v, 0), QA))
		sum += int64(c * c * int32(w[i]))
	}
	return sum
}
