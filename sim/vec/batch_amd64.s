//go:build !purego

#include "textflag.h"

// func runBatch(s *bstep, n int) bool
//
// Runs the n steps at s (80 bytes each, laid out as bstep) in order.
//
// A kernel step (pc ≠ 0) is called with its five arguments in the ABI0
// argument area at 0(SP), or, for a register entry (reg ≠ 0), with d, a,
// b and n in AX, CX, DX and BX and its forwarding flags in SI (bit 0: a,
// 1: b, 2: d is the previous step's result, left in Z30/Z31 or Y12–Y15);
// its
// saturation result (at 40(SP), or in AL), ANDed with the step's sat, is
// ORed into runBatch's result.
//
// A copy step (pc = 0) copies n bytes from a to d: a load marked fwd = 1
// moves its 64-byte chunks through Z30 and Z31 (AVX-512) or its 32-byte
// chunks through Y12–Y15 (AVX2), where the next kernel may take them from
// (as it may take a previous kernel's result; nothing else here touches
// those registers); a store marked fwd = 2 writes out the chunks the
// previous step left there (its a holds the same bytes); other copies
// move 64 bytes at a
// time (AVX-512) while they can if the step's sat field is 64, 32 bytes
// (AVX) if it is at least 32, then 16 bytes, then bytes: the widths the
// path's kernels load, so that their loads are forwarded from the copy's
// stores.
//
// The kernels are NOSPLIT leaves with no frame, so the runner needs no
// stack check of its own beyond its frame: 48 bytes of arguments and
// result for the callee. The loop state stays in R8–R10, R12 and R13: the
// generated kernels use AX, BX, CX, DX, SI and DI only
// (TestKernelsKeepRunnerRegisters holds asmgen to that).
TEXT ·runBatch(SB), NOSPLIT, $48-17
	MOVQ s+0(FP), R12
	MOVQ n+8(FP), R13
	XORQ R8, R8
	XORQ R10, R10

next:
	MOVQ 0(R12), R9
	TESTQ R9, R9
	JZ copy
	CMPQ 64(R12), $0
	JNE regcall
	MOVQ 8(R12), BX
	MOVQ BX, 0(SP)
	MOVQ 16(R12), BX
	MOVQ BX, 8(SP)
	MOVQ 24(R12), BX
	MOVQ BX, 16(SP)
	MOVQ 32(R12), BX
	MOVQ BX, 24(SP)
	MOVQ 40(R12), BX
	MOVQ BX, 32(SP)
	CALL R9
	MOVBQZX 40(SP), BX
	ANDQ 48(R12), BX
	ORQ BX, R8
	JMP done

regcall:
	MOVQ $1, R10
	MOVQ 8(R12), AX
	MOVQ 16(R12), CX
	MOVQ 24(R12), DX
	MOVQ 32(R12), BX
	MOVQ 72(R12), SI
	CALL R9
	MOVBQZX AL, BX
	ANDQ 48(R12), BX
	ORQ BX, R8
	JMP done

copy:
	MOVQ 8(R12), DI
	MOVQ 16(R12), SI
	MOVQ 32(R12), CX
	CMPQ 72(R12), $0
	JNE copyfwd
	MOVQ 48(R12), DX
	CMPQ DX, $32
	JLT copy16
	JEQ copy32

copy64:
	CMPQ CX, $64
	JLT copy32
	VMOVDQU64 (SI), Z0
	VMOVDQU64 Z0, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	JMP copy64

copy32:
	CMPQ CX, $32
	JLT copyv
	VMOVDQU (SI), Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $32, CX
	JMP copy32

copyv:
	VZEROUPPER

copy16:
	CMPQ CX, $16
	JLT copy1
	MOVOU (SI), X0
	MOVOU X0, (DI)
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JMP copy16

copy1:
	TESTQ CX, CX
	JZ done
	MOVB (SI), BX
	MOVB BX, (DI)
	INCQ SI
	INCQ DI
	DECQ CX
	JMP copy1

// A load of whole chunks that leaves them in Z30/Z31 (AVX-512, one or
// two chunks) or Y12–Y15 (AVX2, one to four); or (fwd = 2) a store of
// the chunks the previous step left there.
copyfwd:
	MOVQ $1, R10
	CMPQ 72(R12), $2
	JEQ storefwd
	CMPQ 48(R12), $64
	JNE copyfwd32
	VMOVDQU64 (SI), Z30
	VMOVDQU64 Z30, (DI)
	CMPQ CX, $64
	JEQ done
	VMOVDQU64 64(SI), Z31
	VMOVDQU64 Z31, 64(DI)
	JMP done

copyfwd32:
	VMOVDQU (SI), Y12
	VMOVDQU Y12, (DI)
	CMPQ CX, $32
	JEQ done
	VMOVDQU 32(SI), Y13
	VMOVDQU Y13, 32(DI)
	CMPQ CX, $64
	JEQ done
	VMOVDQU 64(SI), Y14
	VMOVDQU Y14, 64(DI)
	CMPQ CX, $96
	JEQ done
	VMOVDQU 96(SI), Y15
	VMOVDQU Y15, 96(DI)
	JMP done

storefwd:
	CMPQ 48(R12), $64
	JNE storefwd32
	VMOVDQU64 Z30, (DI)
	CMPQ CX, $64
	JEQ done
	VMOVDQU64 Z31, 64(DI)
	JMP done

storefwd32:
	VMOVDQU Y12, (DI)
	CMPQ CX, $32
	JEQ done
	VMOVDQU Y13, 32(DI)
	CMPQ CX, $64
	JEQ done
	VMOVDQU Y14, 64(DI)
	CMPQ CX, $96
	JEQ done
	VMOVDQU Y15, 96(DI)
	JMP done

done:
	ADDQ $80, R12
	DECQ R13
	JNZ next
	MOVB R8, ret+16(FP)
	// The AVX2 register entries leave the upper halves of Y12–Y15 in use
	// (their forwarded chunks); clear them once, if any AVX ran.
	TESTQ R10, R10
	JZ ret
	VZEROUPPER

ret:
	RET
