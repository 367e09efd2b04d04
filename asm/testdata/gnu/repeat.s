# Repetition: .rept (zero, nested, with a changing .set), .irp (registers,
# expressions, no values), .irpc, and all of them inside macros.
	.text
	.rept 3
	addi a0, a0, 1
	.endr
	.rept 0
	.word 0xbad
	.endr
	.set k, 0
	.rept 4
	.rept 2
	slli a1, a1, k
	.endr
	.set k, k+1
	.endr
	.irp r, a0, a1, a2, t0
	mv \r, zero
	.endr
	.irp v, 1, 2+3, (4*5), -6
	.word \v
	.endr
	.irp empty
	.word 7\empty
	.endr
	.irpc c, 0123
	vadd.vi v\c, v\c, \c
	.endr
	.irpc d, 7531
	.irp s, 1, 2
	.byte \d*\s
	.endr
	.endr
	.balign 4
	.macro zero_regs first, last
	.irp r, \first, \last
	li \r, 0
	.endr
	.endm
	zero_regs s1, s2
	.macro unroll n, insn:vararg
	.rept \n
	\insn
	.endr
	.endm
	unroll 3, addi t1, t1, 2
	.rept 2; nop; .endr
	.data
table:
	.rept 5
	.word . - table
	.endr
	.fill 3, 2, 0x1234
	.fill 2, 8, -1
	.fill 1, 5, 0x11223344
	.fill 4
	.fill 2, 1, 0x1ff
	.fill 0, 4, 9
	.balign 4
	.irp x, 10, 20, 30
	.half \x
	.endr
