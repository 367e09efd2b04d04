# The same environment on the riscv-tests config (RAM at 0x80000000,
# Spike's HTIF), so that qemu-system-riscv32 -M spike can run the
# programs written for crt.s: CORAL_PASS and CORAL_FAIL print the trap
# count and the first trap's mcause, mepc and mtval on the HTIF console
# ("T count mcause mepc mtval") and end the run through tohost (exit 0 for
# mpause, 1 for ebreak). flushall is Coral's own instruction and not run.

.macro CORAL_PASS
	li s0, 1
	j spike_end
.endm

.macro CORAL_FAIL
	li s0, 3
	j spike_end
.endm

.macro LOG_TRAP
	la t0, trap_count
	lw t1, 0(t0)
	addi t1, t1, 1
	sw t1, 0(t0)
	li t2, 1
	bne t1, t2, 99f
	la t0, trap_log
	csrr t1, mcause
	sw t1, 0(t0)
	csrr t1, mepc
	sw t1, 4(t0)
	csrr t1, mtval
	sw t1, 8(t0)
99:
.endm

	.text				# first: qemu -bios none starts at the base of RAM
	.globl _start
_start:
	la sp, __stack_end
	.irp r, tp,t1,t2,s0,s1,a1,a2,a3,a4,a5,a6,a7,s2,s3,s4,s5,s6,s7,s8,s9,s10,s11,t3,t4,t5,t6
	li \r, 0
	.endr
	la t0, crt_default_handler
	csrw mtvec, t0
	li t0, 0x2200			# mstatus.FS and VS on: qemu's F and V need
					# them; Coral has neither field
	csrs mstatus, t0
	li a0, 0
	li a1, 0
	call main
	la t0, _ret
	sw a0, 0(t0)
	beqz a0, 1f
	CORAL_FAIL
1:	CORAL_PASS

	.align 2
crt_default_handler:
	LOG_TRAP
	CORAL_FAIL

# spike_end prints the log and writes s0 to tohost.
spike_end:
	li a0, 'T'
	jal spike_putc
	la s1, trap_count
	li s2, 4
1:	lw a0, 0(s1)
	jal spike_puthex
	addi s1, s1, 4
	addi s2, s2, -1
	bnez s2, 1b
	li a0, '\n'
	jal spike_putc
	la t0, tohost
2:	sw s0, 0(t0)
	sw zero, 4(t0)
	j 2b

# spike_putc writes a0's low byte to the HTIF console.
spike_putc:
	la t0, tohost
	sw a0, 0(t0)
	li t1, 0x01010000
	sw t1, 4(t0)
	ret

# spike_puthex writes " " and a0 as 8 hex digits.
spike_puthex:
	mv t4, ra
	mv t3, a0
	li a0, ' '
	jal spike_putc
	li t2, 28
1:	srl a0, t3, t2
	andi a0, a0, 15
	li t1, 10
	blt a0, t1, 2f
	addi a0, a0, 'a' - 10 - '0'
2:	addi a0, a0, '0'
	jal spike_putc
	addi t2, t2, -4
	bgez t2, 1b
	mv ra, t4
	ret

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
	.globl _ret
_ret:	.word 0
	.globl trap_count
trap_count: .word 0
	.globl trap_log
trap_log: .word 0, 0, 0
	.align 4
__stack:
	.space 256
__stack_end:
