# Equivalent of coralnpu tests/cocotb/exceptions/instr_align_1_elf.elf (f330094):
# a jal to pc + 2 must trap with mcause 0 (instruction address
# misaligned).
# The handler records the trap (LOG_TRAP, crt.s) and then checks as
# Coral's does.
	.text
isr_wrapper:
	LOG_TRAP
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	csrr t0, mcause
	li t1, 0
	beq t0, t1, 1f
	CORAL_FAIL
1:	CORAL_PASS

main:
	la a5, isr_wrapper
	csrw mtvec, a5
	nop
fault:	.word 0x0020006f		# jal zero, .+2
	li a0, 0
	ret
