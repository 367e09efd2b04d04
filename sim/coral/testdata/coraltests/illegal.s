# Equivalent of coralnpu tests/cocotb/exceptions/illegal_elf.elf (f330094):
# an instruction Coral does not implement (fmadd.d: no D) must trap; the
# handler passes on mcause 2 (illegal instruction) or on mtval = the
# instruction word.
# The handler records the trap (LOG_TRAP, crt.s) and then checks as
# Coral's does.
	.text
isr_wrapper:
	LOG_TRAP
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	csrr t0, mcause
	li t1, 2
	beq t0, t1, 1f
	csrr t0, mtval
	li t1, 0x02007043
	beq t0, t1, 1f
	CORAL_FAIL
1:	CORAL_PASS

main:
	la a5, isr_wrapper
	csrw mtvec, a5
fault:	.word 0x02007043		# fmadd.d ft0, ft0, ft0, ft0 (dynamic rm)
	li a0, 0
	ret
