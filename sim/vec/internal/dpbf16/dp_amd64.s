//go:build !purego

#include "textflag.h"

// func DP(acc *[16]uint32, a, b *[32]uint16)
// VDPBF16PS Z2, Z1, Z0 is spelled in bytes: Go's assembler does not know
// the instruction (encoding checked with llvm-mc -mattr=+avx512bf16:
// 62 f2 76 48 52 c2).
TEXT ·DP(SB), NOSPLIT, $0-24
	MOVQ      acc+0(FP), AX
	MOVQ      a+8(FP), BX
	MOVQ      b+16(FP), CX
	VMOVDQU64 (AX), Z0
	VMOVDQU64 (BX), Z1
	VMOVDQU64 (CX), Z2
	BYTE      $0x62; BYTE $0xf2; BYTE $0x76; BYTE $0x48; BYTE $0x52; BYTE $0xc2
	VMOVDQU64 Z0, (AX)
	VZEROUPPER
	RET
