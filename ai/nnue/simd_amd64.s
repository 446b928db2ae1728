#include "textflag.h"

// func screluDotAVX2(x, w *int16, n int) int32
// Σ clamp(x, 0, 255)² · w over n values, n a multiple of 16: 16 lanes at
// once, c·w in 16 bits (|w| ≤ 127), then c · (c·w) summed in pairs into
// eight 32-bit sums.
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-28
	MOVQ x+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	MOVL $255, AX
	VMOVD AX, X2
	VPBROADCASTW X2, Y2
loop:
	VMOVDQU (SI), Y3
	VPMAXSW Y1, Y3, Y3
	VPMINSW Y2, Y3, Y3
	VMOVDQU (DI), Y4
	VPMULLW Y3, Y4, Y4
	VPMADDWD Y3, Y4, Y4
	VPADDD Y4, Y0, Y0
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ loop
	VEXTRACTI128 $1, Y0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0x4E, X0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0xB1, X0, X1
	VPADDD X1, X0, X0
	VMOVD X0, AX
	VZEROUPPER
	MOVL AX, ret+24(FP)
	RET

// func subAddAVX2(sums, gone, come *int16, n int)
// sums += come − gone over n values, n a multiple of 16.
TEXT ·subAddAVX2(SB), NOSPLIT, $0-32
	MOVQ sums+0(FP), DI
	MOVQ gone+8(FP), SI
	MOVQ come+16(FP), DX
	MOVQ n+24(FP), CX
loop:
	VMOVDQU (DI), Y0
	VPSUBW (SI), Y0, Y0
	VPADDW (DX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, DX
	SUBQ $16, CX
	JNZ loop
	VZEROUPPER
	RET
