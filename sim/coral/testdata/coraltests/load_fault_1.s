# Equivalent of coralnpu tests/cocotb/exceptions/load_fault_1_elf.elf (f330094):
# a load from 0xa0000000, where nothing is mapped, must trap with mcause
# 5 (load access fault) and mtval 0xa0000000.
# The handler records the trap (LOG_TRAP, crt.s) and then checks as
# Coral's does.
	.text
isr_wrapper:
	LOG_TRAP
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	csrr t0, mcause
	li t1, 5
	bne t0, t1, 1f
	csrr t0, mtval
	lui t1, 0xa0000
	bne t0, t1, 1f
	CORAL_PASS
1:	CORAL_FAIL

main:
	addi sp, sp, -16
	la a5, isr_wrapper
	csrw mtvec, a5
	lui a5, 0xa0000
fault:	lw a5, 0(a5)
	sw a5, 12(sp)
	lw a5, 12(sp)
	ebreak
	li a0, 0
	addi sp, sp, 16
	ret
