# Equivalent of coralnpu tests/cocotb/coralnpu_isa/perf_counters_elf.elf
# (f330094): mcycle and minstret are 64-bit counters whose low words
# carry into mcycleh and minstreth. Each is set to 0x1_fffffff0, read as
# a consistent (high, low, high) pair, then read again after at least 16
# cycles (a 16-iteration loop) or 16 instructions (16 nops); main returns
# -1 unless the high word changed and the low word wrapped (went down).
	.text
main:
	csrwi mcycleh, 1
	li a0, -16
	csrrw a0, mcycle, a0
1:	csrr a2, mcycleh
	csrr a4, mcycle
	csrr a5, mcycleh
	bne a2, a5, 1b
	li a5, 16
2:	nop
	addi a5, a5, -1
	bnez a5, 2b
3:	csrr a3, mcycleh
	csrr a5, mcycle
	csrr a1, mcycleh
	bne a3, a1, 3b
	beq a2, a3, fail
	bltu a4, a5, fail
	csrwi minstreth, 1
	li a0, -16
	csrrw a0, minstret, a0
4:	csrr a2, minstreth
	csrr a4, minstret
	csrr a5, minstreth
	bne a2, a5, 4b
	.rept 16
	nop
	.endr
5:	csrr a3, minstreth
	csrr a5, minstret
	csrr a1, minstreth
	bne a3, a1, 5b
	beq a2, a3, fail
	bltu a4, a5, fail
	li a0, 0
	ret
fail:
	li a0, -1
	ret
