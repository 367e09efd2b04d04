# expect: 0
# The smallest riscv-tests-style program: one test that passes.
	RVTEST_CODE_BEGIN U
	li gp, 2
	li a0, 3
	addi a0, a0, 4
	li t2, 7
	bne a0, t2, fail
	bne zero, gp, pass
fail:
	RVTEST_FAIL
pass:
	RVTEST_PASS
	RVTEST_NO_HANDLER
	RVTEST_CODE_END
	RVTEST_DATA_BEGIN
	.word 0
	RVTEST_DATA_END
