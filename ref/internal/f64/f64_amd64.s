//go:build !purego

#include "textflag.h"

// func addProducts4x2Asm(r0, r1 *float64, n int, x *[8]float64, b0, b1, b2, b3 *float64)
// r0[j] = (((r0[j] + x0*b0[j]) + x1*b1[j]) + x2*b2[j]) + x3*b3[j], and r1
// with x4..x7, four elements per instruction: VMULPD then VADDPD, never
// a fused multiply-add.
TEXT ·addProducts4x2Asm(SB), NOSPLIT, $0-64
	MOVQ r0+0(FP), DI
	MOVQ r1+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ x+24(FP), AX
	MOVQ b0+32(FP), R8
	MOVQ b1+40(FP), R9
	MOVQ b2+48(FP), R10
	MOVQ b3+56(FP), R11
	VBROADCASTSD 0(AX), Y8
	VBROADCASTSD 8(AX), Y9
	VBROADCASTSD 16(AX), Y10
	VBROADCASTSD 24(AX), Y11
	VBROADCASTSD 32(AX), Y12
	VBROADCASTSD 40(AX), Y13
	VBROADCASTSD 48(AX), Y14
	VBROADCASTSD 56(AX), Y15
	SHLQ $3, CX
	XORQ BX, BX

loop2:
	CMPQ BX, CX
	JGE  done2
	VMOVUPD (R8)(BX*1), Y0
	VMOVUPD (R9)(BX*1), Y1
	VMOVUPD (R10)(BX*1), Y2
	VMOVUPD (R11)(BX*1), Y3
	VMOVUPD (DI)(BX*1), Y4
	VMOVUPD (SI)(BX*1), Y5
	VMULPD  Y8, Y0, Y6
	VMULPD  Y12, Y0, Y7
	VADDPD  Y6, Y4, Y4
	VADDPD  Y7, Y5, Y5
	VMULPD  Y9, Y1, Y6
	VMULPD  Y13, Y1, Y7
	VADDPD  Y6, Y4, Y4
	VADDPD  Y7, Y5, Y5
	VMULPD  Y10, Y2, Y6
	VMULPD  Y14, Y2, Y7
	VADDPD  Y6, Y4, Y4
	VADDPD  Y7, Y5, Y5
	VMULPD  Y11, Y3, Y6
	VMULPD  Y15, Y3, Y7
	VADDPD  Y6, Y4, Y4
	VADDPD  Y7, Y5, Y5
	VMOVUPD Y4, (DI)(BX*1)
	VMOVUPD Y5, (SI)(BX*1)
	ADDQ    $32, BX
	JMP     loop2

done2:
	VZEROUPPER
	RET

// func addProducts4Asm(r0 *float64, n int, x *[4]float64, b0, b1, b2, b3 *float64)
TEXT ·addProducts4Asm(SB), NOSPLIT, $0-56
	MOVQ r0+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ x+16(FP), AX
	MOVQ b0+24(FP), R8
	MOVQ b1+32(FP), R9
	MOVQ b2+40(FP), R10
	MOVQ b3+48(FP), R11
	VBROADCASTSD 0(AX), Y8
	VBROADCASTSD 8(AX), Y9
	VBROADCASTSD 16(AX), Y10
	VBROADCASTSD 24(AX), Y11
	SHLQ $3, CX
	XORQ BX, BX

loop1:
	CMPQ BX, CX
	JGE  done1
	VMOVUPD (DI)(BX*1), Y4
	VMOVUPD (R8)(BX*1), Y0
	VMULPD  Y8, Y0, Y6
	VADDPD  Y6, Y4, Y4
	VMOVUPD (R9)(BX*1), Y1
	VMULPD  Y9, Y1, Y6
	VADDPD  Y6, Y4, Y4
	VMOVUPD (R10)(BX*1), Y2
	VMULPD  Y10, Y2, Y6
	VADDPD  Y6, Y4, Y4
	VMOVUPD (R11)(BX*1), Y3
	VMULPD  Y11, Y3, Y6
	VADDPD  Y6, Y4, Y4
	VMOVUPD Y4, (DI)(BX*1)
	ADDQ    $32, BX
	JMP     loop1

done1:
	VZEROUPPER
	RET

// func addProducts4x2Asm512(r0, r1 *float64, n int, x *[8]float64, b0, b1, b2, b3 *float64)
// addProducts4x2Asm eight elements per instruction (n a multiple of 8).
TEXT ·addProducts4x2Asm512(SB), NOSPLIT, $0-64
	MOVQ r0+0(FP), DI
	MOVQ r1+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ x+24(FP), AX
	MOVQ b0+32(FP), R8
	MOVQ b1+40(FP), R9
	MOVQ b2+48(FP), R10
	MOVQ b3+56(FP), R11
	VBROADCASTSD 0(AX), Z8
	VBROADCASTSD 8(AX), Z9
	VBROADCASTSD 16(AX), Z10
	VBROADCASTSD 24(AX), Z11
	VBROADCASTSD 32(AX), Z12
	VBROADCASTSD 40(AX), Z13
	VBROADCASTSD 48(AX), Z14
	VBROADCASTSD 56(AX), Z15
	SHLQ $3, CX
	XORQ BX, BX

loop512:
	CMPQ BX, CX
	JGE  done512
	VMOVUPD (R8)(BX*1), Z0
	VMOVUPD (R9)(BX*1), Z1
	VMOVUPD (R10)(BX*1), Z2
	VMOVUPD (R11)(BX*1), Z3
	VMOVUPD (DI)(BX*1), Z4
	VMOVUPD (SI)(BX*1), Z5
	VMULPD  Z8, Z0, Z6
	VMULPD  Z12, Z0, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMULPD  Z9, Z1, Z6
	VMULPD  Z13, Z1, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMULPD  Z10, Z2, Z6
	VMULPD  Z14, Z2, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMULPD  Z11, Z3, Z6
	VMULPD  Z15, Z3, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMOVUPD Z4, (DI)(BX*1)
	VMOVUPD Z5, (SI)(BX*1)
	ADDQ    $64, BX
	JMP     loop512

done512:
	VZEROUPPER
	RET

// func addProductsRows512(r0, r1 *float64, w int, a0, a1 *float64, quads int, b *float64, ldb int)
// For q = 0..quads-1 in order: addProducts4x2Asm512 of the 8 multipliers
// a0[4q..4q+3], a1[4q..4q+3] with b's rows 4q..4q+3 (ldb elements apart),
// w elements (a multiple of 8).
TEXT ·addProductsRows512(SB), NOSPLIT, $0-64
	MOVQ r0+0(FP), DI
	MOVQ r1+8(FP), SI
	MOVQ w+16(FP), CX
	MOVQ a0+24(FP), R12
	MOVQ a1+32(FP), R13
	MOVQ quads+40(FP), DX
	MOVQ b+48(FP), R8
	MOVQ ldb+56(FP), R14
	SHLQ $3, CX
	SHLQ $3, R14

quadR:
	TESTQ DX, DX
	JZ    endR
	VBROADCASTSD 0(R12), Z8
	VBROADCASTSD 8(R12), Z9
	VBROADCASTSD 16(R12), Z10
	VBROADCASTSD 24(R12), Z11
	VBROADCASTSD 0(R13), Z12
	VBROADCASTSD 8(R13), Z13
	VBROADCASTSD 16(R13), Z14
	VBROADCASTSD 24(R13), Z15
	LEAQ (R8)(R14*1), R9
	LEAQ (R9)(R14*1), R10
	LEAQ (R10)(R14*1), R11
	XORQ BX, BX

innerR:
	CMPQ BX, CX
	JGE  nextR
	VMOVUPD (R8)(BX*1), Z0
	VMOVUPD (R9)(BX*1), Z1
	VMOVUPD (R10)(BX*1), Z2
	VMOVUPD (R11)(BX*1), Z3
	VMOVUPD (DI)(BX*1), Z4
	VMOVUPD (SI)(BX*1), Z5
	VMULPD  Z8, Z0, Z6
	VMULPD  Z12, Z0, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMULPD  Z9, Z1, Z6
	VMULPD  Z13, Z1, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMULPD  Z10, Z2, Z6
	VMULPD  Z14, Z2, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMULPD  Z11, Z3, Z6
	VMULPD  Z15, Z3, Z7
	VADDPD  Z6, Z4, Z4
	VADDPD  Z7, Z5, Z5
	VMOVUPD Z4, (DI)(BX*1)
	VMOVUPD Z5, (SI)(BX*1)
	ADDQ    $64, BX
	JMP     innerR

nextR:
	LEAQ (R11)(R14*1), R8
	ADDQ $32, R12
	ADDQ $32, R13
	DECQ DX
	JMP  quadR

endR:
	VZEROUPPER
	RET

// func addProductsBlock512(c *float64, ldc int, a *float64, lda int, b *float64, ldb int, kk int)
// A block of 4 rows by 16 columns of c held in registers while it adds,
// for l = 0..kk-1 in order, a[r*lda+l]*b[l*ldb+j] to c[r*ldc+j] (r < 4,
// j < 16): each product and each sum rounded (VMULPD then VADDPD), the
// products of an element in order of l.
TEXT ·addProductsBlock512(SB), NOSPLIT, $0-56
	MOVQ c+0(FP), DI
	MOVQ ldc+8(FP), SI
	MOVQ a+16(FP), R8
	MOVQ lda+24(FP), AX
	MOVQ b+32(FP), BX
	MOVQ ldb+40(FP), DX
	MOVQ kk+48(FP), CX
	SHLQ $3, SI
	SHLQ $3, AX
	SHLQ $3, DX
	LEAQ (R8)(AX*1), R9
	LEAQ (R9)(AX*1), R10
	LEAQ (R10)(AX*1), R11
	LEAQ (DI)(SI*1), R12
	LEAQ (R12)(SI*1), R13
	LEAQ (R13)(SI*1), R14
	VMOVUPD (DI), Z0
	VMOVUPD 64(DI), Z1
	VMOVUPD (R12), Z2
	VMOVUPD 64(R12), Z3
	VMOVUPD (R13), Z4
	VMOVUPD 64(R13), Z5
	VMOVUPD (R14), Z6
	VMOVUPD 64(R14), Z7
	XORQ AX, AX

blockL:
	CMPQ AX, CX
	JGE  blockEnd
	VMOVUPD      (BX), Z8
	VMOVUPD      64(BX), Z9
	VBROADCASTSD (R8)(AX*8), Z10
	VBROADCASTSD (R9)(AX*8), Z11
	VBROADCASTSD (R10)(AX*8), Z12
	VBROADCASTSD (R11)(AX*8), Z13
	VMULPD       Z10, Z8, Z14
	VMULPD       Z10, Z9, Z15
	VMULPD       Z11, Z8, Z16
	VMULPD       Z11, Z9, Z17
	VMULPD       Z12, Z8, Z18
	VMULPD       Z12, Z9, Z19
	VMULPD       Z13, Z8, Z20
	VMULPD       Z13, Z9, Z21
	VADDPD       Z14, Z0, Z0
	VADDPD       Z15, Z1, Z1
	VADDPD       Z16, Z2, Z2
	VADDPD       Z17, Z3, Z3
	VADDPD       Z18, Z4, Z4
	VADDPD       Z19, Z5, Z5
	VADDPD       Z20, Z6, Z6
	VADDPD       Z21, Z7, Z7
	ADDQ         DX, BX
	INCQ         AX
	JMP          blockL

blockEnd:
	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	VMOVUPD Z2, (R12)
	VMOVUPD Z3, 64(R12)
	VMOVUPD Z4, (R13)
	VMOVUPD Z5, 64(R13)
	VMOVUPD Z6, (R14)
	VMOVUPD Z7, 64(R14)
	VZEROUPPER
	RET

// func addProductsBlock512x32(c *float64, ldc int, a *float64, lda int, b *float64, ldb int, kk int)
// addProductsBlock512 for a block of 4 rows by 32 columns: 16
// accumulators, so that the products and sums of successive l overlap.
// Each element still adds its products in order of l, one VMULPD and one
// VADDPD per product.
TEXT ·addProductsBlock512x32(SB), NOSPLIT, $0-56
	MOVQ c+0(FP), DI
	MOVQ ldc+8(FP), SI
	MOVQ a+16(FP), R8
	MOVQ lda+24(FP), AX
	MOVQ b+32(FP), BX
	MOVQ ldb+40(FP), DX
	MOVQ kk+48(FP), CX
	SHLQ $3, SI
	SHLQ $3, AX
	SHLQ $3, DX
	LEAQ (R8)(AX*1), R9
	LEAQ (R9)(AX*1), R10
	LEAQ (R10)(AX*1), R11
	LEAQ (DI)(SI*1), R12
	LEAQ (R12)(SI*1), R13
	LEAQ (R13)(SI*1), R14
	VMOVUPD (DI), Z0
	VMOVUPD 64(DI), Z1
	VMOVUPD 128(DI), Z2
	VMOVUPD 192(DI), Z3
	VMOVUPD (R12), Z4
	VMOVUPD 64(R12), Z5
	VMOVUPD 128(R12), Z6
	VMOVUPD 192(R12), Z7
	VMOVUPD (R13), Z8
	VMOVUPD 64(R13), Z9
	VMOVUPD 128(R13), Z10
	VMOVUPD 192(R13), Z11
	VMOVUPD (R14), Z12
	VMOVUPD 64(R14), Z13
	VMOVUPD 128(R14), Z14
	VMOVUPD 192(R14), Z15
	XORQ AX, AX

block32L:
	CMPQ AX, CX
	JGE  block32End
	VMOVUPD      (BX), Z16
	VMOVUPD      64(BX), Z17
	VMOVUPD      128(BX), Z18
	VMOVUPD      192(BX), Z19
	VBROADCASTSD (R8)(AX*8), Z20
	VBROADCASTSD (R9)(AX*8), Z21
	VBROADCASTSD (R10)(AX*8), Z22
	VBROADCASTSD (R11)(AX*8), Z23
	VMULPD       Z20, Z16, Z24
	VMULPD       Z20, Z17, Z25
	VMULPD       Z20, Z18, Z26
	VMULPD       Z20, Z19, Z27
	VMULPD       Z21, Z16, Z28
	VMULPD       Z21, Z17, Z29
	VMULPD       Z21, Z18, Z30
	VMULPD       Z21, Z19, Z31
	VADDPD       Z24, Z0, Z0
	VADDPD       Z25, Z1, Z1
	VADDPD       Z26, Z2, Z2
	VADDPD       Z27, Z3, Z3
	VADDPD       Z28, Z4, Z4
	VADDPD       Z29, Z5, Z5
	VADDPD       Z30, Z6, Z6
	VADDPD       Z31, Z7, Z7
	VMULPD       Z22, Z16, Z24
	VMULPD       Z22, Z17, Z25
	VMULPD       Z22, Z18, Z26
	VMULPD       Z22, Z19, Z27
	VMULPD       Z23, Z16, Z28
	VMULPD       Z23, Z17, Z29
	VMULPD       Z23, Z18, Z30
	VMULPD       Z23, Z19, Z31
	VADDPD       Z24, Z8, Z8
	VADDPD       Z25, Z9, Z9
	VADDPD       Z26, Z10, Z10
	VADDPD       Z27, Z11, Z11
	VADDPD       Z28, Z12, Z12
	VADDPD       Z29, Z13, Z13
	VADDPD       Z30, Z14, Z14
	VADDPD       Z31, Z15, Z15
	ADDQ         DX, BX
	INCQ         AX
	JMP          block32L

block32End:
	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	VMOVUPD Z2, 128(DI)
	VMOVUPD Z3, 192(DI)
	VMOVUPD Z4, (R12)
	VMOVUPD Z5, 64(R12)
	VMOVUPD Z6, 128(R12)
	VMOVUPD Z7, 192(R12)
	VMOVUPD Z8, (R13)
	VMOVUPD Z9, 64(R13)
	VMOVUPD Z10, 128(R13)
	VMOVUPD Z11, 192(R13)
	VMOVUPD Z12, (R14)
	VMOVUPD Z13, 64(R14)
	VMOVUPD Z14, 128(R14)
	VMOVUPD Z15, 192(R14)
	VZEROUPPER
	RET
