//go:build !purego

#include "textflag.h"

// func runBatch(s *bstep, n int) bool
//
// For each of the n steps at s (64 bytes each, laid out as bstep): a
// kernel step (pc ≠ 0) is called with its five arguments in the ABI0
// argument area at 0(SP) and its saturation result, ANDed with the step's
// sat, is ORed into the result; a copy step (pc = 0) copies n bytes from a
// to d. The kernels are NOSPLIT leaves with no frame, so the runner needs
// no stack check of its own beyond its frame: 48 bytes of arguments and
// result for the callee, then three locals (kernels may clobber every
// register, so the loop state lives in the frame).
TEXT ·runBatch(SB), NOSPLIT, $72-17
	MOVQ s+0(FP), R12
	MOVQ R12, step-8(SP)
	MOVQ n+8(FP), R13
	MOVQ R13, left-16(SP)
	MOVQ $0, sat-24(SP)

next:
	MOVQ step-8(SP), R12
	MOVQ 0(R12), AX
	TESTQ AX, AX
	JZ copy
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
	CALL AX
	MOVQ step-8(SP), R12
	MOVBQZX 40(SP), BX
	ANDQ 48(R12), BX
	ORQ BX, sat-24(SP)
	JMP done

copy:
	MOVQ 8(R12), DI
	MOVQ 16(R12), SI
	MOVQ 32(R12), CX
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

done:
	ADDQ $64, R12
	MOVQ R12, step-8(SP)
	DECQ left-16(SP)
	JNZ next
	MOVQ sat-24(SP), BX
	MOVB BX, ret+16(FP)
	RET
