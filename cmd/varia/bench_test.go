package main

import (
	"strings"
	"testing"
)

func TestBenchCommand(t *testing.T) {
	var out, errOut strings.Builder
	if code := run([]string{"bench", "--depth", "3", "--variant", "asean"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"asean", "Depth: 3", "Nodes: ", "Nodes/second: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"bench", "--depth", "4", "--variant", "edgy", "--threads", "2", "--speedup"}, &out, &errOut); code != 0 {
		t.Fatalf("speedup: exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "2 threads") || !strings.Contains(out.String(), "Speedup: ") {
		t.Errorf("speedup output:\n%s", out.String())
	}
	// Without --threads the comparison is with several threads, never one
	// against one.
	out.Reset()
	if code := run([]string{"bench", "--depth", "3", "--variant", "edgy", "--speedup"}, &out, &errOut); code != 0 {
		t.Fatalf("speedup: exit %d: %s", code, errOut.String())
	}
	if header, _, _ := strings.Cut(out.String(), "\n"); strings.Count(header, "1 thread") != 1 || !strings.Contains(header, " threads") {
		t.Errorf("speedup without --threads:\n%s", out.String())
	}
	for _, args := range [][]string{
		{"bench", "--threads", "0"},
		{"bench", "--depth", "0"},
		{"bench", "--variant", "go"},
		{"bench", "extra"},
	} {
		out.Reset()
		errOut.Reset()
		if code := run(args, &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

func TestUCICommandRejectsArguments(t *testing.T) {
	var out, errOut strings.Builder
	if code := run([]string{"uci", "now"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}
