package ai

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Params are the search's margins and divisors: how far above beta a
// position must stand to be cut, how much a late move is reduced, and so
// on. The defaults are what matches chose; the rest exists so the tuner
// (the match package's SPSA) can try other values through the UCI option
// SearchParams without rebuilding the engine.
type Params struct {
	RFP          int32 // reverse futility margin per ply of depth
	RFPImproving int32 // taken off that margin when the evaluation improves
	Razor        int32 // razoring margin per ply
	NullEvalDiv  int32 // the null move reduces a ply more per this much above beta
	NullDepthMul int32 // the null move needs static >= beta - NullDepthMul*depth + NullBase
	NullBase     int32
	ProbCut      int32 // how far above beta a ProbCut capture must stand
	ContPrune    int32 // a quiet move is pruned below -ContPrune*depth of continuation history
	FutBase      int32 // futility margin: FutBase + FutMul*depth
	FutMul       int32
	SEEQuiet     int32 // a quiet move may lose SEEQuiet*depth² by exchange
	SEECapture   int32 // a capture may lose SEECapture*depth by exchange
	SingularMul  int32 // the singular search's margin, in eighths of a centipawn per ply
	DoubleExt    int32 // how far below that margin a move is extended twice
	LMRHistDiv   int32 // a quiet move is reduced a ply less per this much history
	QSDelta      int32 // delta pruning's margin in quiescence
	LMRBase      int32 // the reduction table: LMRBase/100 + ln(depth)·ln(move)/(LMRDiv/100)
	LMRDiv       int32
}

// DefaultParams returns the values the engine plays with.
func DefaultParams() Params { return defaultParams }

var defaultParams = Params{
	RFP: 75, RFPImproving: 37, Razor: 250,
	NullEvalDiv: 200, NullDepthMul: 20, NullBase: 98,
	ProbCut: 200, ContPrune: 3000,
	FutBase: 100, FutMul: 110, SEEQuiet: 25, SEECapture: 100,
	SingularMul: 16, DoubleExt: 25,
	LMRHistDiv: 8192, QSDelta: 200,
	LMRBase: 75, LMRDiv: 150,
}

// Param describes one field of Params: its name in the SearchParams
// option, the range a value must lie in, and the step the tuner starts
// its perturbations from.
type Param struct {
	Name     string
	Min, Max int32
	Step     float64
	field    func(*Params) *int32
}

// Get returns the parameter's value in p.
func (d Param) Get(p *Params) int32 { return *d.field(p) }

// Set sets the parameter in p, clamped to its range.
func (d Param) Set(p *Params, v int32) { *d.field(p) = max(d.Min, min(v, d.Max)) }

// ParamList is every tunable parameter, in the order of Params.
var ParamList = []Param{
	{"rfp", 30, 150, 8, func(p *Params) *int32 { return &p.RFP }},
	{"rfpimproving", 0, 150, 10, func(p *Params) *int32 { return &p.RFPImproving }},
	{"razor", 100, 500, 20, func(p *Params) *int32 { return &p.Razor }},
	{"nullevaldiv", 80, 400, 20, func(p *Params) *int32 { return &p.NullEvalDiv }},
	{"nulldepthmul", 0, 50, 3, func(p *Params) *int32 { return &p.NullDepthMul }},
	{"nullbase", 0, 300, 20, func(p *Params) *int32 { return &p.NullBase }},
	{"probcut", 80, 400, 20, func(p *Params) *int32 { return &p.ProbCut }},
	{"contprune", 1000, 6000, 300, func(p *Params) *int32 { return &p.ContPrune }},
	{"futbase", 20, 250, 12, func(p *Params) *int32 { return &p.FutBase }},
	{"futmul", 50, 200, 10, func(p *Params) *int32 { return &p.FutMul }},
	{"seequiet", 5, 60, 4, func(p *Params) *int32 { return &p.SEEQuiet }},
	{"seecapture", 40, 200, 10, func(p *Params) *int32 { return &p.SEECapture }},
	{"singularmul", 4, 40, 3, func(p *Params) *int32 { return &p.SingularMul }},
	{"doubleext", 5, 60, 5, func(p *Params) *int32 { return &p.DoubleExt }},
	{"lmrhistdiv", 3000, 16000, 800, func(p *Params) *int32 { return &p.LMRHistDiv }},
	{"qsdelta", 50, 400, 20, func(p *Params) *int32 { return &p.QSDelta }},
	{"lmrbase", 0, 150, 8, func(p *Params) *int32 { return &p.LMRBase }},
	{"lmrdiv", 100, 300, 12, func(p *Params) *int32 { return &p.LMRDiv }},
}

// ParseParams reads "name=value,name=value" over the defaults; an empty
// string is the defaults. An unknown name or a value out of its range is
// an error.
func ParseParams(s string) (Params, error) {
	p := defaultParams
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return defaultParams, fmt.Errorf("%q: want name=value", part)
		}
		d, ok := paramNamed(name)
		if !ok {
			return defaultParams, fmt.Errorf("%q: no such parameter", name)
		}
		v, err := strconv.ParseInt(value, 10, 32)
		if err != nil || int32(v) < d.Min || int32(v) > d.Max {
			return defaultParams, fmt.Errorf("%s: %q is not a number from %d to %d", d.Name, value, d.Min, d.Max)
		}
		d.Set(&p, int32(v))
	}
	return p, nil
}

func paramNamed(name string) (Param, bool) {
	for _, d := range ParamList {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	return Param{}, false
}

// String writes p as ParseParams reads it, listing only what differs from
// the defaults.
func (p Params) String() string {
	var parts []string
	for _, d := range ParamList {
		if v := d.Get(&p); v != d.Get(&defaultParams) {
			parts = append(parts, fmt.Sprintf("%s=%d", d.Name, v))
		}
	}
	return strings.Join(parts, ",")
}

// reductions builds the late-move reduction table the parameters give.
func (p Params) reductions() *[64][64]int8 {
	var t [64][64]int8
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(float64(p.LMRBase)/100 + math.Log(float64(d))*math.Log(float64(i))/(float64(p.LMRDiv)/100))
		}
	}
	return &t
}
