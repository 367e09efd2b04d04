//go:build linux && amd64 && !purego

#include "textflag.h"

// func call(entry uintptr, ctx unsafe.Pointer) uint64
//
// Not NOSPLIT: the prologue makes sure the stack has room for the frame
// and the return address the CALL pushes below it. Generated code keeps
// BP (the frame pointer this frame saves) and SP; R14 and R15, which it
// may use, are saved here and restored.
TEXT ·call(SB), 0, $32-24
	MOVQ entry+0(FP), AX
	MOVQ ctx+8(FP), DI
	MOVQ R14, 8(SP)
	MOVQ R15, 16(SP)
	MOVQ 0(DI), SI
	MOVQ 8(DI), BX
	MOVQ 16(DI), R12
	MOVQ 24(DI), R13
	MOVQ DI, 0(SP)
	CALL AX
	MOVQ 0(SP), DI
	MOVQ R12, 16(DI)
	MOVQ 8(SP), R14
	MOVQ 16(SP), R15
	MOVQ AX, ret+16(FP)
	RET
