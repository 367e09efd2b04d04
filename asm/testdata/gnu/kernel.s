# A kernel as people write it with macros: an unrolled int32 vector sum
# over four registers, a scalar tail, and constants chosen by .if.
	.set UNROLL, 4
	.set VLEN_BYTES, 16
	.text
	.globl _start
_start:
	.macro vsetup avl=a1, sew=e32
	vsetvli t0, \avl, \sew, m1, ta, ma
	.endm
	.macro vzero regs:vararg
	.irp r, \regs
	vmv.v.i \r, 0
	.endr
	.endm
	.macro vload_acc n
	vle32.v v1\n, (a0)
	vadd.vv v\n, v\n, v1\n
	addi a0, a0, VLEN_BYTES
	.endm
	vsetup
	vzero v0, v1, v2, v3
loop:	.irpc i, 0123
	vload_acc \i
	.endr
	addi a1, a1, -UNROLL*4
	bgtz a1, loop
	# Reduce: v0 += v1 + v2 + v3.
	.irp r, v1, v2, v3
	vadd.vv v0, v0, \r
	.endr
	vmv.s.x v4, zero
	vredsum.vs v4, v0, v4
	vmv.x.s a0, v4
	.if UNROLL > 2
	.rept UNROLL/2
	nop
	.endr
	.endif
	.ifnotdef DEBUG
	.word 0x08000073
	.else
	ebreak
	.endif
