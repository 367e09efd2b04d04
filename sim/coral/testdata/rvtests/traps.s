# expect: 0
# Every exception cause, in machine mode: the handler checks mcause and
# mepc, and mtval where the RISC-V cores compared here agree on it (s6 =
# -1 skips it: see TRAPS.md for Coral's values and qemu's), then resumes
# at s7. Misaligned loads and stores do not trap (Coral's and qemu's
# memories accept them).
	RVTEST_CODE_BEGIN M
	li s10, 0x40000000	# nothing is mapped there

	li gp, 2			# illegal: the all-zero word
	li s5, 2
	li s6, 0
	la s3, 1f
	la s7, 2f
1:	.word 0
2:
	li gp, 3			# illegal: fmadd.d (no D): mtval is the word
	li s6, 0x02007043
	la s3, 1f
	la s7, 2f
1:	.word 0x02007043
2:
	li gp, 4			# illegal: an unknown CSR
	li s6, -1
	la s3, 1f
	la s7, 2f
1:	csrr a0, 0x7ff
2:
	li gp, 5			# illegal: a write to a read-only CSR
	la s3, 1f
	la s7, 2f
1:	csrw mhartid, zero
2:
	li gp, 6			# misaligned jalr target
	li s5, 0
	la s3, 1f
	la s7, 2f
	la a0, 2f
	addi a0, a0, 2
1:	jalr ra, 0(a0)
2:
	li gp, 7			# misaligned jal target
	la s3, 1f
	la s7, 2f
1:	.word 0x0060006f	# jal zero, .+6
2:
	li gp, 8			# misaligned branch target
	la s3, 1f
	la s7, 2f
1:	.word 0x00000563	# beq zero, zero, .+10
2:
	li gp, 9			# instruction access fault: mepc is the target
	li s5, 1
	mv s3, s10
	la s7, 2f
1:	jalr ra, 0(s10)
2:
	li gp, 10			# load access fault: mtval is the address
	li s5, 5
	addi s6, s10, 4
	la s3, 1f
	la s7, 2f
1:	lw a0, 4(s10)
2:
	li gp, 11			# store access fault
	li s5, 7
	addi s6, s10, 2
	la s3, 1f
	la s7, 2f
1:	sh a0, 2(s10)
2:
	li gp, 12			# breakpoint
	li s5, 3
	li s6, -1
	la s3, 1f
	la s7, 2f
1:	ebreak
2:
	li gp, 13			# ecall (from M mode: 11), to a local handler
	li s5, 11
	la t0, mtvec_handler
	csrrw s9, mtvec, t0
	la s3, 1f
	la s7, 2f
1:	ecall
2:	csrw mtvec, s9

	li gp, 14			# misaligned data: no trap
	la a1, data
	li t0, 0x04030201
	sw t0, 0(a1)
	li t0, 0x08070605
	sw t0, 4(a1)
	lw a0, 1(a1)
	li t0, 0x05040302
	bne a0, t0, fail
	sw a0, 3(a1)
	lhu a2, 4(a1)
	li t0, 0x0403
	bne a2, t0, fail

	li gp, 15			# every trap above was taken once
	li t0, 12
	bne s4, t0, fail

	bne zero, gp, pass
fail:
	RVTEST_FAIL
pass:
	RVTEST_PASS

	.align 2
mtvec_handler:
	csrr t0, mcause
	bne t0, s5, fail
	csrr t0, mepc
	bne t0, s3, fail
	li t1, -1
	beq s6, t1, 1f
	csrr t0, mtval
	bne t0, s6, fail
1:	csrw mepc, s7
	addi s4, s4, 1
	mret
	RVTEST_CODE_END
	RVTEST_DATA_BEGIN
data:	.word 0, 0, 0, 0
	RVTEST_DATA_END
