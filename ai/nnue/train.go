package nnue

import (
	"math"
	"math/rand"
	"sync"

	"varia/rules"
)

// Sample is a training position: each view's active features and what
// the network should predict for the side to move, an expected score in
// [0, 1].
type Sample struct {
	Views  [2][]uint16 // the side to move's view, then the other's
	Target float32
}

// NewSample makes a sample of p with the target expected score for the
// side to move.
func NewSample(p *rules.Position, target float32) Sample {
	var s Sample
	us := p.SideToMove()
	for i, v := range [2]rules.Color{us, us.Other()} {
		for c := rules.White; c <= rules.Black; c++ {
			for t := rules.Pawn; t <= rules.King; t++ {
				for b := p.Pieces(c, t); b != 0; {
					s.Views[i] = append(s.Views[i], uint16(Feature(v, c, t, b.PopFirst())))
				}
			}
		}
	}
	s.Target = target
	return s
}

// Mirrored returns the sample with the board turned left to right: the
// same position for chess's evaluation but for castling, so it doubles
// the data.
func (s Sample) Mirrored() Sample {
	m := Sample{Target: s.Target}
	for v, fs := range s.Views {
		m.Views[v] = make([]uint16, len(fs))
		for i, f := range fs {
			m.Views[v][i] = f ^ 7 // the square's file, in the feature's low bits
		}
	}
	return m
}

// Trainer fits float weights by Adam on the squared error of the
// predicted expected score, sigmoid(output).
type Trainer struct {
	Hidden int
	Rate   float64 // Adam's step
	params []float32
	m, v   []float32
	step   int
}

// The parameters in one slice: input weights, input biases, output
// weights, output bias.
func (tr *Trainer) inW() []float32  { return tr.params[:Features*tr.Hidden] }
func (tr *Trainer) inB() []float32  { return tr.params[Features*tr.Hidden:][:tr.Hidden] }
func (tr *Trainer) outW() []float32 { return tr.params[(Features+1)*tr.Hidden:][:2*tr.Hidden] }
func (tr *Trainer) outB() *float32  { return &tr.params[(Features+3)*tr.Hidden] }

// A new sum's starting weights: its inputs' spread and its bias.
const startSpread, startBias = 0.05, 0.1

// NewTrainer starts from small random weights.
func NewTrainer(hidden int, seed int64) *Trainer {
	tr := emptyTrainer(hidden)
	r := rand.New(rand.NewSource(seed))
	for i := range tr.inW() {
		tr.inW()[i] = float32(r.NormFloat64() * startSpread)
	}
	for i := range tr.inB() {
		tr.inB()[i] = startBias
	}
	for i := range tr.outW() {
		tr.outW()[i] = float32(r.NormFloat64() * 0.1)
	}
	return tr
}

// emptyTrainer holds a network of the given width with every weight zero.
func emptyTrainer(hidden int) *Trainer {
	n := (Features+3)*hidden + 1
	return &Trainer{Hidden: hidden, Rate: 0.001, params: make([]float32, n), m: make([]float32, n), v: make([]float32, n)}
}

// TrainerFrom starts from a stored network's weights, to train it further
// on new positions (Adam's moments start afresh).
func TrainerFrom(n *Network) *Trainer {
	tr := emptyTrainer(n.Hidden)
	for i, x := range n.InputW {
		tr.inW()[i] = float32(x) / QA
	}
	for i, x := range n.InputB {
		tr.inB()[i] = float32(x) / QA
	}
	for i, x := range n.OutputW {
		tr.outW()[i] = float32(x) / QB
	}
	*tr.outB() = float32(n.OutputB) / (QA * QB)
	return tr
}

// Widen returns a trainer of the given width that computes what tr does:
// its sums are tr's, and each new sum starts from small random input
// weights but an output weight of zero, so the network's output is
// unchanged until training finds a use for the new sums.
func (tr *Trainer) Widen(hidden int, seed int64) *Trainer {
	wide := emptyTrainer(hidden)
	r := rand.New(rand.NewSource(seed))
	h := tr.Hidden
	for f := range Features {
		row := wide.inW()[f*hidden:][:hidden]
		copy(row, tr.inW()[f*h:][:h])
		for i := h; i < hidden; i++ {
			row[i] = float32(r.NormFloat64() * startSpread)
		}
	}
	copy(wide.inB(), tr.inB())
	for i := h; i < hidden; i++ {
		wide.inB()[i] = startBias
	}
	for v := range 2 {
		copy(wide.outW()[v*hidden:], tr.outW()[v*h:][:h])
	}
	*wide.outB() = *tr.outB()
	return wide
}

// Network returns the trained weights in integers.
func (tr *Trainer) Network() *Network {
	return Quantise(tr.Hidden, tr.inW(), tr.inB(), tr.outW(), *tr.outB())
}

// forward returns the output and fills acc with both views' hidden sums.
func (tr *Trainer) forward(s *Sample, acc [2][]float32) float32 {
	h := tr.Hidden
	w, b := tr.inW(), tr.inB()
	out := *tr.outB()
	ow := tr.outW()
	for v := range 2 {
		a := acc[v]
		copy(a, b)
		for _, f := range s.Views[v] {
			row := w[int(f)*h:][:h]
			for i := range a {
				a[i] += row[i]
			}
		}
		o := ow[v*h:][:h]
		for i, x := range a {
			c := min(max(x, 0), 1)
			out += c * c * o[i]
		}
	}
	return out
}

func sigmoid(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }

// gradient adds the batch's gradient to grad and returns the summed loss.
func (tr *Trainer) gradient(batch []Sample, grad []float32) float64 {
	h := tr.Hidden
	acc := [2][]float32{make([]float32, h), make([]float32, h)}
	gInW := grad[:Features*h]
	gInB := grad[Features*h:][:h]
	gOutW := grad[(Features+1)*h:][:2*h]
	ow := tr.outW()
	dacc := make([]float32, h)
	var loss float64
	for k := range batch {
		s := &batch[k]
		p := sigmoid(tr.forward(s, acc))
		e := p - s.Target
		loss += float64(e * e)
		d := 2 * e * p * (1 - p)
		grad[len(grad)-1] += d
		for v := range 2 {
			a := acc[v]
			o := ow[v*h:][:h]
			gOut := gOutW[v*h:][:h]
			for i, x := range a {
				if x <= 0 || x >= 1 {
					if x >= 1 {
						gOut[i] += d
					}
					dacc[i] = 0
					continue
				}
				gOut[i] += d * x * x
				dacc[i] = d * o[i] * 2 * x
			}
			for i, g := range dacc {
				gInB[i] += g
			}
			for _, f := range s.Views[v] {
				row := gInW[int(f)*h:][:h]
				for i, g := range dacc {
					row[i] += g
				}
			}
		}
	}
	return loss
}

// Epoch runs one pass over the samples in batches (shuffled by r), the
// gradient split over workers; it returns the mean loss.
func (tr *Trainer) Epoch(samples []Sample, batchSize, workers int, r *rand.Rand) float64 {
	r.Shuffle(len(samples), func(i, j int) { samples[i], samples[j] = samples[j], samples[i] })
	grads := make([][]float32, workers)
	for i := range grads {
		grads[i] = make([]float32, len(tr.params))
	}
	var total float64
	for start := 0; start < len(samples); start += batchSize {
		batch := samples[start:min(start+batchSize, len(samples))]
		losses := make([]float64, workers)
		var wg sync.WaitGroup
		per := (len(batch) + workers - 1) / workers
		for w := range workers {
			part := batch[min(w*per, len(batch)):min((w+1)*per, len(batch))]
			g := grads[w]
			clear(g)
			wg.Add(1)
			go func() {
				defer wg.Done()
				losses[w] = tr.gradient(part, g)
			}()
		}
		wg.Wait()
		for w := 1; w < workers; w++ {
			for i, x := range grads[w] {
				grads[0][i] += x
			}
		}
		for _, l := range losses {
			total += l
		}
		tr.adam(grads[0], float32(len(batch)))
	}
	return total / float64(len(samples))
}

// Loss is the mean squared error over samples, without training.
func (tr *Trainer) Loss(samples []Sample) float64 {
	h := tr.Hidden
	acc := [2][]float32{make([]float32, h), make([]float32, h)}
	var loss float64
	for k := range samples {
		e := sigmoid(tr.forward(&samples[k], acc)) - samples[k].Target
		loss += float64(e * e)
	}
	return loss / float64(len(samples))
}

// adam takes one step along the summed gradient of n samples. The
// weights are kept where the integer network can hold them.
func (tr *Trainer) adam(grad []float32, n float32) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	tr.step++
	c1 := 1 - math.Pow(b1, float64(tr.step))
	c2 := 1 - math.Pow(b2, float64(tr.step))
	lr := float32(tr.Rate * math.Sqrt(c2) / c1)
	limitIn := float32(math.MaxInt16) / QA / 33 // room for the bias and 32 pieces' rows in an int16 sum
	limitOut := float32(MaxOutput) / QB
	nIn := (Features + 1) * tr.Hidden
	for i, g := range grad {
		g /= n
		m := b1*tr.m[i] + (1-b1)*g
		v := b2*tr.v[i] + (1-b2)*g*g
		tr.m[i], tr.v[i] = m, v
		x := tr.params[i] - lr*m/(float32(math.Sqrt(float64(v)))+eps)
		if i < nIn {
			x = min(max(x, -limitIn), limitIn)
		} else {
			x = min(max(x, -limitOut), limitOut)
		}
		tr.params[i] = x
	}
}
