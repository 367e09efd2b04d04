# Coral's test environment on kc-sim's coral config (ITCM at 0, DTCM at
# 0x10000), after the start code of Coral's prebuilt test programs
# (coralnpu toolchain/crt/coralnpu_start.S; README.md): known register
# state, a default trap handler in mtvec (ebreak), main(0, 0), main's
# return value in _ret, flushall (word 0x26000077), then mpause if it is 0
# and ebreak otherwise. Written for kc-sim's tests; nothing copied.
#
# A program defines main and may install its own handler. CORAL_PASS and
# CORAL_FAIL are how Coral's handlers end a run (mpause; ebreak, the
# fault halt); LOG_TRAP records mcause, mepc and mtval of the first trap
# and counts traps, for the test to read (trap_log, trap_count).

.macro CORAL_PASS
	.word 0x08000073		# mpause
.endm

.macro CORAL_FAIL
	ebreak
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

	.text
	.globl _start
_start:
	la sp, __stack_end
	.irp r, tp,t1,t2,s0,s1,a1,a2,a3,a4,a5,a6,a7,s2,s3,s4,s5,s6,s7,s8,s9,s10,s11,t3,t4,t5,t6
	li \r, 0
	.endr
	la t0, crt_default_handler
	csrw mtvec, t0
	la t0, _ret
	li a0, 0x0badd00d
	sw a0, 0(t0)
	li a0, 0
	li a1, 0
	call main
	la t0, _ret
	sw a0, 0(t0)
	.word 0x26000077		# flushall, as Coral's crt runs it after main
	beqz a0, 1f
	CORAL_FAIL
2:	j 2b
1:	CORAL_PASS
3:	j 3b

# The default handler, as coralnpu_exceptions.cc's: ebreak.
	.align 2
crt_default_handler:
	LOG_TRAP
	CORAL_FAIL
4:	j 4b

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
