# Equivalent of coralnpu tests/cocotb/exceptions/instr_fault_elf.elf (f330094):
# a jump to 0x40000000, where nothing is mapped, must trap with mcause 1
# (instruction access fault).
# The handler records the trap (LOG_TRAP, crt.s) and then checks as
# Coral's does.
	.text
isr_wrapper:
	LOG_TRAP
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	csrr t0, mcause
	li t1, 1
	beq t0, t1, 1f
	CORAL_FAIL
1:	CORAL_PASS

main:
	la a5, isr_wrapper
	csrw mtvec, a5
	lui ra, 0x40000
fault:	jalr ra, 0(ra)
	li a0, 0
	ret
