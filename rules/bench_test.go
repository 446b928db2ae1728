package rules

import "testing"

// Perft throughput with bulk counting, reported as leaf nodes per second.
// Compare variants with: go test -bench Perft -run ^$ ./rules

func benchPerft(b *testing.B, id, fen string, depth int) {
	p := mustFEN(b, id, fen)
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerftChessStart(b *testing.B) { benchPerft(b, "standard", Standard.StartFEN, 5) }
func BenchmarkPerftKiwipete(b *testing.B) {
	benchPerft(b, "standard", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4)
}
func BenchmarkPerftAshaStart(b *testing.B)      { benchPerft(b, "asha", Asha.StartFEN, 4) }
func BenchmarkPerftEdgyStart(b *testing.B)      { benchPerft(b, "edgy", Edgy.StartFEN, 5) }
func BenchmarkPerftDiagonalStart(b *testing.B)  { benchPerft(b, "diagonal", DiagonalChess.StartFEN, 5) }
func BenchmarkPerftDiagonal8Start(b *testing.B) { benchPerft(b, "diagonal8", Diagonal8.StartFEN, 5) }
func BenchmarkPerftAsymmetricalStart(b *testing.B) {
	benchPerft(b, "asymmetrical", Asymmetrical.StartFEN, 6)
}
func BenchmarkPerftASEANStart(b *testing.B) { benchPerft(b, "asean", ASEAN.StartFEN, 5) }

// BenchmarkLegalMoves measures one generation call in a busy middlegame.
func BenchmarkLegalMoves(b *testing.B) {
	p := mustFEN(b, "standard", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]Move, 0, MaxMoves)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = p.LegalMoves(buf)
	}
}

// The first position of the public Chess960 suite, with all four rights.
func BenchmarkPerftChess960(b *testing.B) {
	benchPerft(b, "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 5)
}
