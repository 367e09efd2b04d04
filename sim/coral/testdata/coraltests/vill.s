# Equivalent of coralnpu tests/cocotb/rvv/vill_test.cc (f330094): vtype
# has vill set at reset, so a vector instruction before any vsetvl must
# trap. The handler (Coral's crt installs it; here main does) records
# faulted = 1, mcause and mtval, then ebreaks; Coral's harness
# (rvv_assembly_cocotb_test.py, core_mini_vill_test) requires a halt,
# faulted 1 and mcause 2.
	.text
exception_handler:
	LOG_TRAP
	la t0, faulted
	li t1, 1
	sw t1, 0(t0)
	csrr t1, mcause
	sw t1, 4(t0)
	csrr t1, mtval
	sw t1, 8(t0)
	CORAL_FAIL
1:	j 1b

main:
	la t0, exception_handler
	csrw mtvec, t0
fault:	vadd.vv v0, v1, v2
	li a0, 0
	ret

	.data
	.align 2
faulted: .word 0
mcause_v: .word 0
mtval_v: .word 0
