package ai

import (
	"context"
	"math"
	"strings"
	"testing"

	"varia/rules"
)

// The defaults give the reduction table the engine was measured with.
func TestDefaultReductions(t *testing.T) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			want := int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/1.5)
			if got := defaultReductions[d][i]; got != want {
				t.Fatalf("reduction at depth %d, move %d: %d, want %d", d, i, got, want)
			}
		}
	}
}

func TestParseParams(t *testing.T) {
	p, err := ParseParams("")
	if err != nil || p != defaultParams {
		t.Fatalf(`ParseParams(""): %+v, %v; want the defaults`, p, err)
	}
	p, err = ParseParams("rfp=80, LMRDiv=160")
	if err != nil || p.RFP != 80 || p.LMRDiv != 160 || p.Razor != defaultParams.Razor {
		t.Fatalf("ParseParams: %+v, %v", p, err)
	}
	if s := p.String(); s != "rfp=80,lmrdiv=160" {
		t.Errorf("String: %q", s)
	}
	if back, err := ParseParams(p.String()); err != nil || back != p {
		t.Errorf("String does not read back: %+v, %v", back, err)
	}
	for _, bad := range []string{"rfp", "rfp=", "rfp=x", "rfp=1000", "rfp=-5", "nosuch=1", "rfp=99999999999"} {
		if _, err := ParseParams(bad); err == nil {
			t.Errorf("ParseParams(%q) gave no error", bad)
		}
	}
	for _, d := range ParamList {
		if v := d.Get(&defaultParams); v < d.Min || v > d.Max || d.Step <= 0 {
			t.Errorf("%s: default %d outside [%d, %d] or step %g", d.Name, v, d.Min, d.Max, d.Step)
		}
	}
}

// Limits.Params steers the search: the defaults given explicitly search
// the same tree as none, other margins another.
func TestParamsSteerTheSearch(t *testing.T) {
	pos, _ := rules.ParseFEN(rules.Standard, "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9")
	nodes := func(p *Params) uint64 {
		return NewEngine(16).Search(context.Background(), pos, Limits{Depth: 8, Params: p}).Nodes
	}
	def, other := defaultParams, defaultParams
	other.RFP, other.LMRDiv = 30, 250
	base := nodes(nil)
	if n := nodes(&def); n != base {
		t.Errorf("the defaults given explicitly: %d nodes, %d without", n, base)
	}
	if n := nodes(&other); n == base {
		t.Errorf("other margins searched the same %d nodes", n)
	}
}

func TestUCISearchParams(t *testing.T) {
	c := startUCI(t)
	c.send("setoption name SearchParams value rfp=1000")
	c.send("isready")
	if got := c.until("readyok"); !hasLine(got, "info string setoption SearchParams: rfp") {
		t.Errorf("an out-of-range value was not reported: %q", got)
	}
	depth6 := func() string {
		c.send("ucinewgame")
		c.send("position startpos moves e2e4 e7e5 g1f3")
		c.send("go depth 6")
		for _, l := range c.until("bestmove") {
			if strings.HasPrefix(l, "info depth 6 ") {
				_, nodes, _ := strings.Cut(l, " nodes ")
				return strings.Fields(nodes)[0]
			}
		}
		t.Fatal("no depth 6 line")
		return ""
	}
	base := depth6()
	c.send("setoption name SearchParams value lmrdiv=250,rfp=30")
	if n := depth6(); n == base {
		t.Errorf("SearchParams changed nothing: %s nodes both times", n)
	}
	c.send("setoption name SearchParams value <empty>")
	if n := depth6(); n != base {
		t.Errorf("back to the defaults: %s nodes, first %s", n, base)
	}
}
