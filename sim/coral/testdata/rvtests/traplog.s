# expect: 0
# The qemu differential (rvtests_test.go, TestTrapDifferential): every
# trap cause in machine mode; the handler logs tag, Coral's mtval, mcause,
# mepc and mtval, and resumes at s7. At the end the log and x1..x31 are
# printed through the HTIF console (one line per trap: "T tag expect
# mcause mepc mtval"; then "R" lines) for the test to compare. Tag 1
# marks an mtval on which Coral and QEMU differ (TRAPS.md): kc-sim's must
# equal "expect", qemu's is not compared.
	RVTEST_CODE_BEGIN M
	la s8, log
	li s10, 0x40000000	# nothing is mapped there
	li s11, 0
	la t0, log_handler	# every trap (ecall too) goes to the log
	csrw mtvec, t0
	.macro TRAP tag, expect
	li s11, \tag
	li s9, \expect
	la s7, 2f
1:
	.endm

	TRAP 0, 0
	.word 0			# illegal: all zeros
2:	TRAP 0, 0
	.word 0x02007043	# illegal: fmadd.d
2:	TRAP 0, 0
	.word 0xffffffff	# illegal
2:	TRAP 1, 0
	csrr a0, 0x7ff		# unknown CSR
2:	TRAP 1, 0
	csrw mhartid, zero	# read-only CSR
2:	la a0, 3f
	addi a0, a0, 2
	la a1, 3f
	addi s9, a1, 2
	li s11, 1
	la s7, 3f
	jalr ra, 0(a0)		# misaligned jalr: mtval the target
3:	la s9, 3f
	addi s9, s9, 2
	li s11, 1
	la s7, 3f
	.word 0x0060006f	# jal zero, .+6 (=3f+2)
3:	TRAP 1, 0
	.word 0x00000563	# beq zero, zero, .+10: Coral's mtval 0
2:	TRAP 1, 0
	jalr ra, 0(s10)		# fetch access fault
2:	TRAP 0, 0
	lw a0, 8(s10)		# load access fault
2:	TRAP 0, 0
	lbu a0, 1(s10)
2:	TRAP 0, 0
	sw a0, 12(s10)		# store access fault
2:	TRAP 0, 0
	fsw fa0, 4(s10)
2:	TRAP 0, 0
	flw fa0, 0(s10)
2:	la s9, 1f
	li s11, 1
	la s7, 2f
1:	ebreak			# breakpoint: Coral's mtval is pc
2:	csrr s9, mtval		# ecall: Coral leaves mtval unchanged
	li s11, 1
	la s7, 2f
	ecall
2:	la t0, trap_vector
	csrw mtvec, t0
	# Print the log, then the registers.
	la s0, log
1:	bgeu s0, s8, 2f
	li a0, 'T'
	jal putc
	li s1, 5
3:	lw a0, 0(s0)
	jal puthex
	addi s0, s0, 4
	addi s1, s1, -1
	bnez s1, 3b
	li a0, '\n'
	jal putc
	j 1b
2:	li s9, 0			# s9 and t3 hold mtval values, which differ
	li t3, 0			# by design (the log has them)
	la s0, regs
	.irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sw x\r, \r*4(s0)
	.endr
	li s1, 1
1:	li a0, 'R'
	jal putc
	slli t0, s1, 2
	add t0, t0, s0
	lw a0, 0(t0)
	jal puthex
	li a0, '\n'
	jal putc
	addi s1, s1, 1
	li t0, 32
	bne s1, t0, 1b

	RVTEST_PASS

# putc writes a0's low byte to the HTIF console (device 1, command 1).
putc:
	la t0, tohost
	sw a0, 0(t0)
	li t1, 0x01010000
	sw t1, 4(t0)
	ret

# puthex writes " " and a0 as 8 hex digits.
puthex:
	mv t4, ra
	mv t3, a0
	li a0, ' '
	jal putc
	li t2, 28
1:	srl a0, t3, t2
	andi a0, a0, 15
	li t1, 10
	blt a0, t1, 2f
	addi a0, a0, 'a' - 10 - '0'
2:	addi a0, a0, '0'
	jal putc
	addi t2, t2, -4
	bgez t2, 1b
	mv ra, t4
	ret

	.align 2
mtvec_handler:
	j other_exception
log_handler:
	sw s11, 0(s8)
	sw s9, 4(s8)
	csrr t0, mcause
	sw t0, 8(s8)
	csrr t0, mepc
	sw t0, 12(s8)
	csrr t0, mtval
	sw t0, 16(s8)
	addi s8, s8, 20
	csrw mepc, s7
	mret
	RVTEST_CODE_END
	RVTEST_DATA_BEGIN
regs:	.space 128
log:	.space 400
	RVTEST_DATA_END
