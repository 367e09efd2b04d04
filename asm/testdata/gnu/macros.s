# Macros: parameters with defaults, :req, keyword arguments, \@, \(),
# .exitm, .purgem, macros calling macros, a recursive macro stopped by .if.
	.text
	.globl _start
_start:
	.macro inc reg, by=1
	addi \reg, \reg, \by
	.endm
	inc a0
	inc a1, 5
	inc by=-3, reg=a2
	inc a3 7

	.macro load3 base:req, off=0, d1=t0, d2=t1, d3=t2
	lw \d1, \off(\base)
	lw \d2, \off+4(\base)
	lw \d3, \off+8(\base)
	.endm
	load3 a0
	load3 a1, 16, t3, t4, t5
	load3 base=sp, off=32

	# \@ counts macro calls: unique local labels per expansion.
	.macro spin n
	li t0, \n
.Lspin\@:
	addi t0, t0, -1
	bnez t0, .Lspin\@
	.word \@
	.endm
	spin 3
	spin 4

	# \() separates a parameter from the text after it.
	.macro vreg op, sfx
	\op\()\sfx v1, v2, v3
	.endm
	vreg vadd, .vv
	vreg vsub, .vv
	vreg vand, .vv

	.macro early x
	.word \x
	.exitm
	.word 0xdead
	.endm
	early 11

	# Recursion, bounded by a condition.
	.macro count from, to
	.word \from
	.if \to-\from
	count "(\from+1)", \to
	.endif
	.endm
	count 0, 5

	.macro twice what:vararg
	\what
	\what
	.endm
	twice add a0, a1, a2
	twice nop

	.purgem inc
	.macro inc reg
	addi \reg, \reg, 100
	.endm
	inc s0

	.macro outer a, b=2
	.macro inner_\a x
	.word \x + \b
	.endm
	inner_\a 40
	.endm
	outer q
	outer r, 7
	inner_q 1
	.word 0x08000073   # mpause (GNU as does not know it)
