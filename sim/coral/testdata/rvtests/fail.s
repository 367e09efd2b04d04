# expect: 3
# The fail protocol: test 2 passes, test 3 fails, so the run reports test
# 3 (tohost = 2*3+1 = 7: kc-sim, Spike and qemu exit with status 3).
	RVTEST_CODE_BEGIN U
	li gp, 2
	li a0, 5
	li t2, 5
	bne a0, t2, fail
	li gp, 3
	addi a0, a0, 1
	bne a0, t2, fail
	li gp, 4
	bne zero, gp, pass
fail:
	RVTEST_FAIL
pass:
	RVTEST_PASS
	RVTEST_NO_HANDLER
	RVTEST_CODE_END
	RVTEST_DATA_BEGIN
	RVTEST_DATA_END
