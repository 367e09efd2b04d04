# Equivalent of coralnpu tests/cocotb/align_test.cc (f330094): words at
# byte offsets 0-3, halves at offsets 0-1 and bytes, four of each written
# (0, 1, 2, 3), read back and summed (6), and a word written and read
# across a 4 KiB boundary; main returns -1 on a wrong sum or word. Coral
# runs it on external memory at 0x20000000, which kc-sim's coral config
# does not map: here the buffer is in DTCM (Coral's TCMs take any
# alignment too; params.misaligned 1).
	.text
# SUM4 stores 0..3 with \st at a0 + i*\sz and returns in a0 the sum of
# the four values the load in \ld reads back.
	.macro SUM4 st, ld, sz
	li t0, 0
	mv t2, a0
71:	\st t0, 0(t2)
	addi t0, t0, 1
	addi t2, t2, \sz
	li t1, 4
	bne t0, t1, 71b
	li t0, 0
	li t3, 0
	mv t2, a0
72:	\ld t1, 0(t2)
	add t3, t3, t1
	addi t0, t0, 1
	addi t2, t2, \sz
	li t1, 4
	bne t0, t1, 72b
	mv a0, t3
	.endm

main:
	li s1, 6
	li s0, 0
1:	la a0, buf
	add a0, a0, s0
	SUM4 sw, lw, 4
	bne a0, s1, fail
	addi s0, s0, 1
	li t0, 4
	bne s0, t0, 1b
	li s0, 0
2:	la a0, buf
	add a0, a0, s0
	SUM4 sh, lh, 2
	bne a0, s1, fail
	addi s0, s0, 1
	li t0, 2
	bne s0, t0, 2b
	la a0, buf
	SUM4 sb, lb, 1
	bne a0, s1, fail
	la t0, buf
	li t1, 0xffe
	add t0, t0, t1
	li t1, 0xdeadbeef
	sw t1, 0(t0)
	lw t2, 0(t0)
	bne t1, t2, fail
	li a0, 0
	ret
fail:
	li a0, -1
	ret

	.data
	.align 12
buf:	.space 8192
