# Equivalent of coralnpu tests/cocotb/exceptions/instr_align_0_elf.elf (f330094):
# a jalr to an address that is not 4-byte aligned (3: bit 0 cleared, 2)
# must trap with mcause 0 (instruction address misaligned).
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
	li ra, 3
	nop
	nop
	nop
	nop
fault:	jalr ra, 0(ra)
	li a0, 0
	ret
