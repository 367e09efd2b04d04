//go:build !purego

#include "textflag.h"

// func blocksAsm(x *float64, n int, mask, exps *byte, c *[9]uint32) int
//
// Per block of eight float64s: f = float32(x) (VCVTPD2PS, nearest even
// as Go's conversion), maxBits = max |f| bits, eb = the biased exponent
// of float32(maxAbs) + float32(1e-9); for each lane k = exp(f) - eb,
// fast when k+5 in [0, 12] unsigned (a zero or subnormal f has exponent
// 0, far below); the fast lanes get mxRound: the top three fraction
// bits rounded by the next two half to even, saturating at 7, as
// float32 bits, widened exactly to float64 and stored under the mask.
TEXT ·blocksAsm(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ mask+16(FP), DI
	MOVQ exps+24(FP), R8
	MOVQ c+32(FP), AX
	VPBROADCASTD 0(AX), Y15  // |x| mask
	VPBROADCASTD 4(AX), Y14  // sign and exponent
	VPBROADCASTD 8(AX), Y13  // float32(1e-9)
	VPBROADCASTD 12(AX), Y12 // 5
	VPBROADCASTD 16(AX), Y11 // 12
	VPBROADCASTD 20(AX), Y10 // 31
	VPBROADCASTD 24(AX), Y9  // 3
	VPBROADCASTD 28(AX), Y8  // 1
	VPBROADCASTD 32(AX), Y7  // 7
	XORQ R9, R9              // unstable blocks
	XORQ R10, R10            // block index

loop:
	CMPQ R10, CX
	JGE  done
	VMOVUPD   (SI), Z0
	VCVTPD2PS Z0, Y1         // f
	VPAND     Y15, Y1, Y2    // |f| bits
	VPERMQ    $0x4E, Y2, Y3
	VPMAXUD   Y3, Y2, Y3
	VPSHUFD   $0x4E, Y3, Y4
	VPMAXUD   Y4, Y3, Y4
	VPSHUFD   $0xB1, Y4, Y5
	VPMAXUD   Y5, Y4, Y5     // maxBits in every lane
	VMOVD     X5, AX
	CMPL      AX, $0x7f800000
	JAE       slow
	VADDPS    Y13, Y5, Y6    // maxAbs + 1e-9 (float32)
	VPSRLD    $23, Y6, Y6    // eb (positive: no sign bit)
	VMOVD     X6, BX
	MOVB      BX, (R8)(R10*1)

	// stable: maxBits == 0 || maxBits >= 1<<23 && eb == maxBits>>23 && eb >= 101
	TESTL AX, AX
	JE    stable
	CMPL  AX, $0x800000
	JB    unstable
	MOVL  AX, DX
	SHRL  $23, DX
	CMPL  DX, BX
	JNE   unstable
	CMPL  BX, $101
	JGE   stable

unstable:
	INCQ R9

stable:
	VPSRLD   $23, Y2, Y3     // exp(f)
	VPSUBD   Y6, Y3, Y3      // k
	VPADDD   Y12, Y3, Y3     // k + 5
	VPCMPUD  $2, Y11, Y3, K1 // k + 5 <= 12 (unsigned)
	VPSRLD   $18, Y1, Y4
	VPAND    Y10, Y4, Y4     // y: the top five fraction bits
	VPSRLD   $2, Y4, Y5      // q
	VPAND    Y9, Y4, Y4      // y & 3
	VPAND    Y8, Y5, Y6      // q & 1
	VPADDD   Y6, Y4, Y4
	VPADDD   Y8, Y4, Y4
	VPSRLD   $2, Y4, Y4      // the rounding increment
	VPADDD   Y4, Y5, Y5
	VPMINUD  Y7, Y5, Y5      // saturate at 7
	VPSLLD   $20, Y5, Y5
	VPAND    Y14, Y1, Y4
	VPOR     Y5, Y4, Y4      // sign, exponent, rounded mantissa
	VCVTPS2PD Y4, Z0
	VMOVUPD  Z0, K1, (SI)
	KMOVW    K1, AX
	NOTL     AX
	MOVB     AX, (DI)(R10*1)
	ADDQ     $64, SI
	INCQ     R10
	JMP      loop

slow:
	MOVB $0xff, (DI)(R10*1)
	MOVB $0xff, (R8)(R10*1)
	INCQ R9
	ADDQ $64, SI
	INCQ R10
	JMP  loop

done:
	VZEROUPPER
	MOVQ R9, ret+40(FP)
	RET
