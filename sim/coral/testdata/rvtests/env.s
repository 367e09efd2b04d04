# The riscv-tests "-p" environment, as its conventions are documented
# (riscv-test-env p/riscv_test.h, p/link.ld; nothing of its text copied):
# written for kc-sim's tests as GNU as macros, which kc-as and
# riscv64-unknown-elf-as both read. A test file starts with
# RVTEST_CODE_BEGIN M (stay in machine mode) or U (mret to the lowest mode
# the core has: user mode on qemu, machine mode on Coral), ends with
# RVTEST_CODE_END and RVTEST_DATA_BEGIN/END, and defines mtvec_handler
# (RVTEST_NO_HANDLER when it expects no trap).
#
# Conventions: TESTNUM is gp. Pass: gp = 1, ecall. Fail: gp = 2n+1 for
# test n, ecall. The trap vector sends every ecall (from U, S or M mode)
# to write_tohost, which stores gp to tohost (low word, then the high
# word: Spike's HTIF) forever; any other trap goes to mtvec_handler.
# Before the test, the reset code touches CSRs a core may lack (mnstatus,
# satp, pmpaddr0/pmpcfg0, medeleg/mideleg) with mtvec pointing just past
# each access, so a core without them traps there and goes on.

.macro RVTEST_CODE_BEGIN mode
	.section .text.init, "ax"
	.align 6
	.globl _start
_start:
	j reset_vector
	.align 2
trap_vector:
	csrr t5, mcause
	li t6, 8
	beq t5, t6, write_tohost
	li t6, 9
	beq t5, t6, write_tohost
	li t6, 11
	beq t5, t6, write_tohost
	j mtvec_handler
other_exception:
	ori gp, gp, 1337
write_tohost:
	la t5, tohost
	sw gp, 0(t5)
	sw zero, 4(t5)
	j write_tohost
reset_vector:
	.irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	li x\r, 0
	.endr
	csrr a0, mhartid
1:	bnez a0, 1b
	la t0, 1f			# mnstatus (Smrnmi): NMIs on
	csrw mtvec, t0
	csrwi 0x744, 8
	.align 2
1:	la t0, 1f			# satp: bare (no paging)
	csrw mtvec, t0
	csrwi 0x180, 0
	.align 2
1:	la t0, 1f			# one PMP region: all of memory, RWX
	csrw mtvec, t0
	li t0, 0x7fffffff
	csrw 0x3b0, t0
	li t0, 0x1f
	csrw 0x3a0, t0
	.align 2
1:	csrwi mie, 0			# no interrupts, nothing delegated
	la t0, 1f
	csrw mtvec, t0
	csrwi 0x302, 0
	csrwi 0x303, 0
	.align 2
1:	li gp, 0
	la t0, trap_vector
	csrw mtvec, t0
	csrwi mstatus, 0
	.ifc \mode, M
	li t0, 0x1800			# mstatus.MPP = M: mret stays in M mode
	csrs mstatus, t0
	.endif
	li t0, 0x2000			# mstatus.FS = initial; fcsr = 0
	csrs mstatus, t0
	csrwi fcsr, 0
	la t0, 1f
	csrw mepc, t0
	csrr a0, mhartid
	mret
1:
.endm

.macro RVTEST_CODE_END
	unimp
.endm

.macro RVTEST_PASS
	fence
	li gp, 1
	li a7, 93
	li a0, 0
	ecall
.endm

.macro RVTEST_FAIL
	fence
1:	beqz gp, 1b
	slli gp, gp, 1
	ori gp, gp, 1
	li a7, 93
	mv a0, gp
	ecall
.endm

# RVTEST_NO_HANDLER: any trap other than ecall fails the test (gp|1337).
.macro RVTEST_NO_HANDLER
mtvec_handler:
	j other_exception
.endm

.macro RVTEST_DATA_BEGIN
	.pushsection .tohost, "aw", @progbits
	.align 6
	.globl tohost
tohost:	.dword 0
	.size tohost, 8
	.align 6
	.globl fromhost
fromhost: .dword 0
	.size fromhost, 8
	.popsection
	.data
	.align 4
	.globl begin_signature
begin_signature:
.endm

.macro RVTEST_DATA_END
	.align 4
	.globl end_signature
end_signature:
.endm
