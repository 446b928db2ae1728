package saves

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkRead reads the test files over and over: games of real-style
// PGN per second, with every move checked.
func BenchmarkRead(b *testing.B) {
	var all []byte
	for _, f := range []string{"lichess.pgn", "chessbase.pgn", "multi.pgn", "asha.pgn"} {
		data, err := os.ReadFile("testdata/" + f)
		if err != nil {
			b.Fatal(err)
		}
		all = append(append(all, data...), '\n')
	}
	b.SetBytes(int64(len(all)))
	for b.Loop() {
		if _, err := Read(bytes.NewReader(all), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}
