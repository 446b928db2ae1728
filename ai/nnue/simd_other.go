//go:build !amd64

package nnue

var useAVX2 = false

func screluDotAVX2(x, w *int16, n int) int32    { panic("no AVX2") }
func subAddAVX2(sums, gone, come *int16, n int) { panic("no AVX2") }
