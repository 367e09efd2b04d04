# Equivalent of coralnpu tests/cocotb/coralnpu_isa/ecall_elf.elf (f330094):
# mtvec points at a table of 32 jumps (direct mode: every trap enters
# its first entry, which jumps to the handler); ecall must trap with
# mcause 11, the handler counts it in isr_ok, steps mepc past the ecall
# and returns with mret; main fails (ebreak) unless isr_ok is non-zero.
	.text
	.align 7
isr_vector_table:
	j isr_wrapper
	.rept 31
	j bad_isr
	.endr

isr_wrapper:
	LOG_TRAP
	la a5, isr_ok
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	csrr t0, mcause
	li t1, 11
	bne t0, t1, 1f
	lw t0, 0(a5)
	addi t0, t0, 1
	sw t0, 0(a5)
1:	mret

bad_isr:
	CORAL_FAIL

main:
	la a5, isr_vector_table
	csrw mtvec, a5
fault:	ecall
	la a5, isr_ok
	lw a5, 0(a5)
	bnez a5, 1f
	CORAL_FAIL
1:	li a0, 0
	ret

	.data
	.align 2
isr_ok:	.word 0
