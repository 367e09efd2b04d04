//go:build !purego

#include "textflag.h"

// The kernels of dequant.go (hand-written): each code's value gathered
// from the table, times its block's scale (the table value the first
// source of the product, as in the Go loop).

// func dequantMX8_512(dst *uint32, codes *byte, scales *float32, table *[256]float32, n int)
TEXT ·dequantMX8_512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ codes+8(FP), SI
	MOVQ scales+16(FP), DX
	MOVQ table+24(FP), R8
	MOVQ n+32(FP), CX
	// Z7: lanes 0-7 take the first scale of a pair, lanes 8-15 the second.
	VPXORD     Z7, Z7, Z7
	MOVL       $1, AX
	VPBROADCASTD AX, Y6
	VINSERTI64X4 $1, Y6, Z7, Z7

loop512:
	VPMOVZXBD  (SI), Z0
	KXNORW     K1, K1, K1
	VGATHERDPS (R8)(Z0*4), K1, Z1
	VMOVQ      (DX), X2
	VPERMD     Z2, Z7, Z3
	VMULPS     Z3, Z1, Z1
	VMOVDQU32  Z1, (DI)
	ADDQ       $16, SI
	ADDQ       $8, DX
	ADDQ       $64, DI
	SUBQ       $16, CX
	JNZ        loop512
	VZEROUPPER
	RET

// func dequantMX8_2(dst *uint32, codes *byte, scales *float32, table *[256]float32, n int)
TEXT ·dequantMX8_2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ codes+8(FP), SI
	MOVQ scales+16(FP), DX
	MOVQ table+24(FP), R8
	MOVQ n+32(FP), CX

loop2:
	VPMOVZXBD    (SI), Y0
	VPCMPEQD     Y5, Y5, Y5
	VGATHERDPS   Y5, (R8)(Y0*4), Y1
	VBROADCASTSS (DX), Y2
	VMULPS       Y2, Y1, Y1
	VMOVDQU      Y1, (DI)
	ADDQ         $8, SI
	ADDQ         $4, DX
	ADDQ         $32, DI
	SUBQ         $8, CX
	JNZ          loop2
	VZEROUPPER
	RET
