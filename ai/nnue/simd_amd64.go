package nnue

import "golang.org/x/sys/cpu"

// useAVX2 says the vector kernels (simd_amd64.s) may run: the processor
// has AVX2.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func screluDotAVX2(x, w *int16, n int) int32

//go:noescape
func subAddAVX2(sums, gone, come *int16, n int)
