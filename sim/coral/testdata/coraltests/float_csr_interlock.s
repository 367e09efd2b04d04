# Equivalent of coralnpu tests/cocotb/float_csr_interlock_test.S
# (f330094): fsqrt.s of 2.0 is inexact, so fflags read right after it
# must differ from fflags read before it (the CSR read waits for the
# float instruction). Pass: mpause; fail: ebreak.
	.text
main:
	li x2, 0x40000000		# 2.0f
	fmv.w.x ft0, x2
	csrr x1, fflags
	fsqrt.s ft1, ft0
	csrr x3, fflags
	beq x1, x3, 1f
	CORAL_PASS
1:	CORAL_FAIL
