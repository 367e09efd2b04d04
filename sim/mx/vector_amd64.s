//go:build !purego

#include "textflag.h"

// func blocksAsm(x *float64, n int, mask, exps *byte, c *[16]uint32, out *byte) int
//
// Per block of eight float64s: f = float32(x) (VCVTPD2PS, nearest even
// as Go's conversion), maxBits = max |f| bits, eb = the biased exponent
// of float32(maxAbs) + float32(1e-9). For each lane with a normal f,
// k = exp(f) - eb:
//   - k in [-6, 7]: mxRound of f's bits (the top three fraction bits
//     rounded by the next two half to even, saturating at 7);
//   - k <= -7: the harness's exponent is -7 (the clamp): q = floor(4 *
//     f/2^(e-10)) in quarters, rounded half to even, saturating at 7, and
//     the value q*2^(e-10), with f's sign unless q is 0;
// except where the float32 1e-9 carries f/2^e over a power of two (k in
// {-7, -6} with every fraction bit set). Those, zeros and subnormals are
// left to the caller. The values are widened exactly to float64 and
// stored under the mask; their float32 bits go to out (every lane).
TEXT ·blocksAsm(SB), NOSPLIT, $0-56
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ mask+16(FP), DI
	MOVQ exps+24(FP), R8
	MOVQ c+32(FP), AX
	MOVQ out+40(FP), R11
	VPBROADCASTD 0(AX), Z15  // |x| mask
	VPBROADCASTD 4(AX), Z14  // sign and exponent
	VPBROADCASTD 8(AX), Z13  // float32(1e-9)
	VPBROADCASTD 12(AX), Z12 // 5
	VPBROADCASTD 16(AX), Z11 // 12
	VPBROADCASTD 20(AX), Z10 // 31
	VPBROADCASTD 24(AX), Z9  // 3
	VPBROADCASTD 28(AX), Z8  // 1
	VPBROADCASTD 32(AX), Z7  // 7
	VPBROADCASTD 36(AX), Z16 // exponent mask
	VPBROADCASTD 40(AX), Z17 // fraction mask
	VPBROADCASTD 44(AX), Z18 // -1
	VPBROADCASTD 48(AX), Z19 // -2
	VPBROADCASTD 52(AX), Z20 // 11
	VPBROADCASTD 56(AX), Z21 // implicit one
	VPBROADCASTD 60(AX), Z22 // sign
	XORQ R9, R9              // unstable blocks
	XORQ R10, R10            // block index

pairs:
	// Two blocks at a time in the 16 lanes of Z registers, while there
	// are two; a pair with an infinite or NaN maximum, and an odd last
	// block, go through the one-block loop (single), up to R13.
	LEAQ 2(R10), R13
	CMPQ R13, CX
	JG   tail
	VMOVUPD      (SI), Z0
	VMOVUPD      64(SI), Z29
	VCVTPD2PS    Z0, Y1
	VCVTPD2PS    Z29, Y30
	VINSERTI64X4 $1, Y30, Z1, Z1 // f: block 0 low, block 1 high
	VPANDD       Z15, Z1, Z2
	VSHUFI64X2   $0xB1, Z2, Z2, Z3
	VPMAXUD      Z3, Z2, Z3
	VPSHUFD      $0x4E, Z3, Z4
	VPMAXUD      Z4, Z3, Z4
	VPSHUFD      $0xB1, Z4, Z5
	VPMAXUD      Z5, Z4, Z5       // each block's maxBits in its lanes
	VMOVD        X5, AX
	VEXTRACTI64X4 $1, Z5, Y3
	VMOVD        X3, DX
	CMPL         AX, $0x7f800000
	JAE          single
	CMPL         DX, $0x7f800000
	JAE          single
	VADDPS       Z13, Z5, Z6
	VPSRLD       $23, Z6, Z6      // eb
	VMOVD        X6, BX
	MOVB         BX, (R8)(R10*1)
	TESTL        AX, AX
	JE           pst0
	CMPL         AX, $0x800000
	JB           pun0
	MOVL         AX, R12
	SHRL         $23, R12
	CMPL         R12, BX
	JNE          pun0
	CMPL         BX, $101
	JGE          pst0

pun0:
	INCQ R9

pst0:
	VEXTRACTI64X4 $1, Z6, Y4
	VMOVD        X4, BX
	MOVB         BX, 1(R8)(R10*1)
	TESTL        DX, DX
	JE           pst1
	CMPL         DX, $0x800000
	JB           pun1
	MOVL         DX, R12
	SHRL         $23, R12
	CMPL         R12, BX
	JNE          pun1
	CMPL         BX, $101
	JGE          pst1

pun1:
	INCQ R9

pst1:
	VPTESTMD  Z16, Z1, K2
	VPANDD    Z17, Z1, Z23
	VPCMPUD   $0, Z17, Z23, K3
	VPSRLD    $23, Z2, Z3
	VPSUBD    Z6, Z3, Z3
	VPADDD    Z12, Z3, Z3
	VPCMPUD   $2, Z11, Z3, K1
	VPCMPUD   $0, Z18, Z3, K4
	KANDNW    K4, K3, K4
	KORW      K1, K4, K1
	KANDW     K1, K2, K1
	VPCMPD    $2, Z19, Z3, K5
	VPCMPD    $0, Z19, Z3, K6
	KANDW     K6, K3, K6
	KANDNW    K5, K6, K5
	KANDW     K5, K2, K5
	VPSRLD    $18, Z1, Z4
	VPANDD    Z10, Z4, Z4
	VPSRLD    $2, Z4, Z5
	VPANDD    Z9, Z4, Z4
	VPANDD    Z8, Z5, Z0
	VPADDD    Z0, Z4, Z4
	VPADDD    Z8, Z4, Z4
	VPSRLD    $2, Z4, Z4
	VPADDD    Z4, Z5, Z5
	VPMINUD   Z7, Z5, Z5
	VPSLLD    $20, Z5, Z5
	VPANDD    Z14, Z1, Z4
	VPORD     Z5, Z4, Z4
	VPSUBD    Z3, Z12, Z24
	VPADDD    Z20, Z24, Z24
	VPANDD    Z17, Z1, Z25
	VPORD     Z21, Z25, Z25
	VPSRLVD   Z24, Z25, Z25
	VPSRLD    $2, Z25, Z26
	VPANDD    Z9, Z25, Z25
	VPANDD    Z8, Z26, Z27
	VPADDD    Z27, Z25, Z25
	VPADDD    Z8, Z25, Z25
	VPSRLD    $2, Z25, Z25
	VPADDD    Z25, Z26, Z26
	VPMINUD   Z7, Z26, Z26
	VPTESTMD  Z26, Z26, K6
	VCVTDQ2PS Z26, Z26
	VPSUBD    Z20, Z6, Z27
	VPADDD    Z8, Z27, Z27
	VPSLLD    $23, Z27, Z27
	VMULPS    Z27, Z26, Z26
	VPANDD    Z22, Z1, Z28
	VPORD     Z28, Z26, K6, Z26
	VMOVDQA32 Z26, K5, Z4
	VMOVDQU32 Z4, (R11)
	KORW      K1, K5, K1
	VCVTPS2PD Y4, Z0
	VEXTRACTI64X4 $1, Z4, Y30
	VCVTPS2PD Y30, Z29
	KSHIFTRW  $8, K1, K2
	VMOVUPD   Z0, K1, (SI)
	VMOVUPD   Z29, K2, 64(SI)
	KMOVW     K1, AX
	NOTL      AX
	MOVW      AX, (DI)(R10*1)
	ADDQ      $128, SI
	ADDQ      $64, R11
	ADDQ      $2, R10
	JMP       pairs

tail:
	MOVQ CX, R13

single:
	CMPQ R10, R13
	JGE  afterSingle
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
	VPTESTMD  Y16, Y1, K2     // normal f
	VPANDD    Y17, Y1, Y23
	VPCMPUD   $0, Y17, Y23, K3 // every fraction bit set
	VPSRLD    $23, Y2, Y3     // exp(f)
	VPSUBD    Y6, Y3, Y3      // k
	VPADDD    Y12, Y3, Y3     // k + 5
	VPCMPUD   $2, Y11, Y3, K1 // k in [-5, 7]
	VPCMPUD   $0, Y18, Y3, K4 // k = -6
	KANDNW    K4, K3, K4      // not at the carry
	KORW      K1, K4, K1
	KANDW     K1, K2, K1      // mxRound lanes
	VPCMPD    $2, Y19, Y3, K5 // k <= -7
	VPCMPD    $0, Y19, Y3, K6 // k = -7
	KANDW     K6, K3, K6      // at the carry
	KANDNW    K5, K6, K5
	KANDW     K5, K2, K5      // lanes of the clamped exponent

	// mxRound of every lane.
	VPSRLD   $18, Y1, Y4
	VPAND    Y10, Y4, Y4     // y: the top five fraction bits
	VPSRLD   $2, Y4, Y5      // q
	VPAND    Y9, Y4, Y4      // y & 3
	VPAND    Y8, Y5, Y0      // q & 1
	VPADDD   Y0, Y4, Y4
	VPADDD   Y8, Y4, Y4
	VPSRLD   $2, Y4, Y4      // the rounding increment
	VPADDD   Y4, Y5, Y5
	VPMINUD  Y7, Y5, Y5      // saturate at 7
	VPSLLD   $20, Y5, Y5
	VPAND    Y14, Y1, Y4
	VPOR     Y5, Y4, Y4      // sign, exponent, rounded mantissa

	// The clamped exponent's value for every lane: y = significand >>
	// (11 - k) (k + 5 in Y3: 6 - (k + 5)), rounded as above.
	VPSUBD    Y3, Y12, Y24    // 5 - (k + 5) = -k
	VPADDD    Y20, Y24, Y24   // 11 - k
	VPANDD    Y17, Y1, Y25
	VPORD     Y21, Y25, Y25   // significand
	VPSRLVD   Y24, Y25, Y25   // y
	VPSRLD    $2, Y25, Y26    // q
	VPANDD    Y9, Y25, Y25    // y & 3
	VPANDD    Y8, Y26, Y27    // q & 1
	VPADDD    Y27, Y25, Y25
	VPADDD    Y8, Y25, Y25
	VPSRLD    $2, Y25, Y25    // the rounding increment
	VPADDD    Y25, Y26, Y26
	VPMINUD   Y7, Y26, Y26    // q, saturated at 7
	VPTESTMD  Y26, Y26, K6    // q != 0: the value keeps f's sign
	VCVTDQ2PS Y26, Y26
	VPSUBD    Y20, Y6, Y27    // eb - 11
	VPADDD    Y8, Y27, Y27    // eb - 10: the biased exponent of 2^(e-10)
	VPSLLD    $23, Y27, Y27
	VMULPS    Y27, Y26, Y26   // q * 2^(e-10), exactly
	VPANDD    Y22, Y1, Y28
	VPORD     Y28, Y26, K6, Y26
	VMOVDQA32 Y26, K5, Y4     // both kinds of lanes

	VMOVDQU   Y4, (R11)
	KORW      K1, K5, K1
	VCVTPS2PD Y4, Z0
	VMOVUPD   Z0, K1, (SI)
	KMOVW     K1, AX
	NOTL      AX
	MOVB      AX, (DI)(R10*1)
	ADDQ      $64, SI
	ADDQ      $32, R11
	INCQ      R10
	JMP       single

slow:
	MOVB $0xff, (DI)(R10*1)
	MOVB $0xff, (R8)(R10*1)
	INCQ R9
	ADDQ $64, SI
	ADDQ $32, R11
	INCQ R10
	JMP  single

afterSingle:
	CMPQ R10, CX
	JL   pairs

done:
	VZEROUPPER
	MOVQ R9, ret+48(FP)
	RET

// func encodeAsm(x *byte, n int, codes, scales *byte, c *[10]uint32) int
//
// Per block of eight float32 bit patterns b: maxBits = max |b|; the
// scale is maxBits>>23 (the block's biased exponent e); for each lane
// k = exp(b) - e (<= 0). A lane is a zero (code 0), or a normal float32
// that is a normal code (k in
// [-6, 0], the low 20 fraction bits clear: sign | (k+7)<<3 | the top
// three fraction bits) or a subnormal one (k in [-10, -8]: m = the
// significand >> (13-k), exactly: sign | m). A block with another lane,
// or whose maxBits is subnormal, infinite or NaN, stops the loop.
TEXT ·encodeAsm(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ codes+16(FP), DI
	MOVQ scales+24(FP), R8
	MOVQ c+32(FP), AX
	VPBROADCASTD 0(AX), Y16  // |x| mask
	VPBROADCASTD 4(AX), Y17  // 6
	VPBROADCASTD 8(AX), Y18  // low 20 bits
	VPBROADCASTD 12(AX), Y19 // 0x80
	VPBROADCASTD 16(AX), Y20 // 7
	VPBROADCASTD 20(AX), Y21 // 10
	VPBROADCASTD 24(AX), Y22 // 2
	VPBROADCASTD 28(AX), Y23 // 13
	VPBROADCASTD 32(AX), Y24 // fraction
	VPBROADCASTD 36(AX), Y25 // implicit one
	XORQ R10, R10            // block index

eloop:
	CMPQ R10, CX
	JGE  edone
	VMOVDQU32 (SI), Y1       // b
	VPANDD    Y16, Y1, Y2    // |b|
	VPERMQ    $0x4E, Y2, Y3
	VPMAXUD   Y3, Y2, Y3
	VPSHUFD   $0x4E, Y3, Y4
	VPMAXUD   Y4, Y3, Y4
	VPSHUFD   $0xB1, Y4, Y5
	VPMAXUD   Y5, Y4, Y5     // maxBits in every lane
	VMOVD     X5, AX
	TESTL     AX, AX
	JE        ezero
	CMPL      AX, $0x800000
	JB        edone
	CMPL      AX, $0x7f800000
	JAE       edone
	VPSRLD    $23, Y5, Y6    // e
	VPSRLD    $23, Y2, Y3    // exp(b)
	VPTESTMD  Y3, Y3, K7     // lanes of normal float32s (no zeros, no subnormals)
	VPSUBD    Y6, Y3, Y3     // k

	// Normal codes: k + 6 <= 6 (unsigned), low 20 bits clear.
	VPADDD    Y17, Y3, Y4
	VPCMPUD   $2, Y17, Y4, K1
	VPTESTNMD Y18, Y1, K2
	KANDW     K1, K2, K1
	KANDW     K1, K7, K1
	VPSRLD    $24, Y1, Y7
	VPANDD    Y19, Y7, Y7    // sign
	VPADDD    Y20, Y3, Y8
	VPSLLD    $3, Y8, Y8     // (k+7)<<3
	VPSRLD    $20, Y1, Y9
	VPANDD    Y20, Y9, Y9    // top three fraction bits
	VPORD     Y9, Y8, Y8
	VPORD     Y7, Y8, Y8     // normal codes

	// Subnormal codes: k + 10 <= 2 (unsigned), m << (13-k) the significand.
	VPADDD    Y21, Y3, Y4
	VPCMPUD   $2, Y22, Y4, K3
	VPSUBD    Y3, Y23, Y10   // 13 - k
	VPANDD    Y24, Y1, Y11
	VPORD     Y25, Y11, Y11  // significand
	VPSRLVD   Y10, Y11, Y12  // m
	VPSLLVD   Y10, Y12, Y13
	VPCMPUD   $0, Y11, Y13, K4
	KANDW     K3, K4, K3
	KANDW     K3, K7, K3
	VPORD     Y7, Y12, Y12   // subnormal codes

	// Zeros; every lane must be one of the three.
	VPTESTNMD Y2, Y2, K5
	KORW      K1, K3, K6
	KORW      K5, K6, K6
	KMOVW     K6, DX
	CMPB      DX, $0xff
	JNE       edone
	VPXORD    Y0, Y0, Y0
	VMOVDQA32 Y8, K1, Y0
	VMOVDQA32 Y12, K3, Y0
	VPMOVDB   Y0, X0
	VMOVQ     X0, (DI)(R10*8)
	SHRL      $23, AX
	MOVB      AX, (R8)(R10*1)
	ADDQ      $32, SI
	INCQ      R10
	JMP       eloop

ezero:
	MOVQ $0, (DI)(R10*8)
	MOVB $0, (R8)(R10*1)
	ADDQ $32, SI
	INCQ R10
	JMP  eloop

edone:
	VZEROUPPER
	MOVQ R10, ret+40(FP)
	RET
