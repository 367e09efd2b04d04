# Equivalent of coralnpu tests/cocotb/exceptions/store_fault_0_elf.elf (f330094):
# a store to address 4 (Coral's ITCM, which the core may not write) must
# trap; the handler passes on mcause 7 (store access fault) or on mtval
# 4.
# The handler records the trap (LOG_TRAP, crt.s) and then checks as
# Coral's does.
	.text
isr_wrapper:
	LOG_TRAP
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	csrr t0, mcause
	li t1, 7
	beq t0, t1, 1f
	csrr t0, mtval
	li t1, 4
	beq t0, t1, 1f
	CORAL_FAIL
1:	CORAL_PASS

main:
	la a5, isr_wrapper
	csrw mtvec, a5
	li a5, 0xdeadbeef
fault:	sw a5, 4(zero)
	ebreak
	li a0, 0
	ret
