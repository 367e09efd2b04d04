# Equivalent of coralnpu tests/cocotb/wfi_slot_0.c .. wfi_slot_3.c
# (f330094): wfi in each of the four dispatch slots (after 0 to 3 nops),
# then main returns. Coral's harness raises an interrupt to wake the
# core; kc-sim simulates no interrupts and its wfi does not wait
# (TRAPS.md), so the program runs through to mpause.
	.text
main:
	.align 4
	wfi
	.align 4
	nop
	wfi
	.align 4
	nop
	nop
	wfi
	.align 4
	nop
	nop
	nop
	wfi
	li a0, 0
	ret
