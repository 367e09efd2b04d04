# expect: 0
# Machine-mode CSRs and nested CSR accesses: read-modify-write forms and
# their old values, csrrs/csrrc with x0 (no write, so read-only CSRs
# read), misa, mepc's alignment, and traps taken while the handler swaps
# registers through mscratch and moves mtvec.
	RVTEST_CODE_BEGIN M
	li gp, 2			# csrw / csrr
	li a0, 0x12345678
	csrw mscratch, a0
	csrr a1, mscratch
	bne a0, a1, fail

	li gp, 3			# csrrw returns the old value
	li a2, 0x0f0f
	csrrw a3, mscratch, a2
	bne a3, a0, fail
	csrr a3, mscratch
	bne a3, a2, fail

	li gp, 4			# csrrsi / csrrci
	csrrsi a4, mscratch, 0x10
	bne a4, a2, fail
	csrrci a4, mscratch, 1
	li t0, 0x0f1f
	bne a4, t0, fail
	csrr a4, mscratch
	li t0, 0x0f1e
	bne a4, t0, fail

	li gp, 5			# set and clear with x0 and 0 write nothing
	csrrs a5, mvendorid, zero
	csrrsi a5, marchid, 0
	csrrc a5, mimpid, zero
	csrrci a5, mhartid, 0
	bnez a5, fail

	li gp, 6			# misa: MXL = 1 (32-bit), I and M
	csrr a0, misa
	srli a1, a0, 30
	li t0, 1
	bne a1, t0, fail
	li t0, 0x1100
	and a1, a0, t0
	bne a1, t0, fail

	li gp, 7			# mepc holds an instruction address
	li a0, 0x80000004		# (qemu 7.2 keeps the low bits that the
	csrw mepc, a0		# spec says read 0: not checked here)
	csrr a1, mepc
	bne a0, a1, fail

	li gp, 8			# mcause and mtval are read-write
	li a0, 0x13
	csrw mcause, a0
	csrr a1, mcause
	bne a0, a1, fail
	csrw mtval, a0
	csrr a1, mtval
	bne a0, a1, fail

	li gp, 9			# a trap from a CSR access: the handler swaps s2
	li s2, 0x5a5a		# through mscratch, checks mcause and mepc, skips it
	li a0, 0x777
	csrw mscratch, a0
	li a0, 99
	la s3, 1f
1:	csrr a0, 0x7ff		# no such CSR: illegal instruction, a0 unchanged
	li t0, 99
	bne a0, t0, fail
	csrr a1, mscratch
	li t0, 0x777
	bne a1, t0, fail
	li t0, 0x5a5a
	bne s2, t0, fail
	li t0, 1
	bne s4, t0, fail

	li gp, 10			# a write to a read-only CSR traps too
	la s3, 1f
1:	csrw mvendorid, a0
	li t0, 2
	bne s4, t0, fail

	li gp, 11			# mtvec moved: ecall goes to a local handler,
	la t0, ecall_handler	# which puts mtvec back
	csrrw s5, mtvec, t0
	la s3, 1f
1:	ecall
	csrr t0, mtvec
	bne t0, s5, fail
	li t0, 3
	bne s4, t0, fail

	li gp, 12			# mcycle and minstret count up
	csrr a0, mcycle
	csrr a1, minstret
	nop
	nop
	csrr a2, mcycle
	csrr a3, minstret
	bgeu a0, a2, fail
	bgeu a1, a3, fail

	bne zero, gp, pass
fail:
	RVTEST_FAIL
pass:
	RVTEST_PASS

	.align 2
ecall_handler:
	csrr t0, mcause
	li t1, 11
	bne t0, t1, fail
	csrw mtvec, s5
	j skip

mtvec_handler:
	csrrw s2, mscratch, s2	# s2 <-> mscratch
	csrr t0, mcause
	li t1, 2
	bne t0, t1, fail
skip:
	csrr t0, mepc
	bne t0, s3, fail
	addi t0, t0, 4
	csrw mepc, t0
	addi s4, s4, 1
	csrrw s2, mscratch, s2	# and back
	mret
	RVTEST_CODE_END
	RVTEST_DATA_BEGIN
	RVTEST_DATA_END
