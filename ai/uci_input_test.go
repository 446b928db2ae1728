package ai

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// A command line of any length is survived: one longer than the engine
// takes is reported and skipped, and the session goes on.
func TestUCILongLines(t *testing.T) {
	huge := "position startpos moves" + strings.Repeat(" e2e4", maxCommand/5+10) // over the bound
	long := "position startpos moves e2e4" + strings.Repeat(" ", maxCommand-40)  // under it
	in := huge + "\nisready\n" + long + "\r\nd\n" + strings.Repeat("x", maxCommand*2) + "\nisready\n" + huge
	var out strings.Builder
	if err := UCI(strings.NewReader(in), &out); err != nil {
		t.Fatalf("UCI: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		"info string ignored a command longer than",
		"readyok",
		"info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"info string ignored a command longer than",
		"readyok",
		"info string ignored a command longer than",
	}
	if len(lines) != len(want) {
		t.Fatalf("output %q, want lines starting %q", lines, want)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %q, want it to start %q", i+1, lines[i], want[i])
		}
	}
}

// go perft runs beside the command loop: isready is answered while it
// counts, stop ends it, quit ends the session at once.
func TestUCIPerftInterruptible(t *testing.T) {
	c := startUCI(t)
	c.send("position startpos")
	c.send("go perft 10") // days of counting
	// Sent from aside: an engine stuck counting would never read it.
	sent := make(chan error, 1)
	go func() { _, err := io.WriteString(c.in, "isready\n"); sent <- err }()
	select {
	case <-sent:
	case <-time.After(20 * time.Second):
		t.Fatal("the engine reads no command while it counts perft")
	}
	c.until("readyok")
	c.send("stop")
	got := c.until("info string go perft: stopped")
	if hasLine(got, "Nodes searched") {
		t.Errorf("a stopped perft gave a total: %q", got)
	}
	c.send("go perft 2")
	if got = c.until("Nodes searched"); got[len(got)-1] != "Nodes searched: 400" {
		t.Errorf("perft 2 after a stopped one: %q", got)
	}
	c.send("go perft 10")
	c.send("quit")
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("UCI returned %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("quit did not end a session counting perft")
	}
}

// Move numbers Varia cannot count with are refused, in the FEN and by the
// moves after it.
func TestUCIMoveNumberLimits(t *testing.T) {
	c := startUCI(t)
	for _, b := range []struct{ cmd, want string }{
		{"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 4611686018427387904", "info string position: fen: fullmove number:"},
		{"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1000000 moves h1h2 e8d8", `info string position: move 2, "e8d8", would pass move 1000000`},
	} {
		c.send(b.cmd)
		c.send("isready")
		if got := c.until("readyok"); !hasLine(got, b.want) {
			t.Errorf("%q: got %q, want a line starting %q", b.cmd, got, b.want)
		}
	}
	c.send("d")
	if l := c.until("info string fen"); !strings.HasSuffix(l[len(l)-1], "4k3/8/8/8/8/8/7R/4K3 b - - 1 1000000") {
		t.Errorf("after the refused move: %q", l[len(l)-1])
	}
	c.send("quit")
	<-c.done
}

// FuzzReadCommand: the command reader ends on any input, and every line
// it gives is one line of the input, without its line end.
func FuzzReadCommand(f *testing.F) {
	for _, s := range []string{"", "uci\n", "isready\r\nquit", "\n\n\r\n", "go perft 3\rstop\n", strings.Repeat("x", 70000) + "\nisready\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := bufio.NewReaderSize(bytes.NewReader(data), 16)
		calls := 0
		for {
			line, complete, err := readCommand(r)
			calls++
			if calls > bytes.Count(data, []byte("\n"))+1 {
				t.Fatalf("%d lines from %d line ends", calls, bytes.Count(data, []byte("\n")))
			}
			if complete && (strings.ContainsAny(line, "\n") || strings.HasSuffix(line, "\r") || !bytes.Contains(data, []byte(line))) {
				t.Fatalf("line %q is not a line of the input", line)
			}
			if err != nil {
				return
			}
		}
	})
}
