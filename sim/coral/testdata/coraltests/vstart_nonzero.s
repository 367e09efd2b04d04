# Equivalent of coralnpu tests/cocotb/rvv/{vcpop_exception,vfirst,viota,
# vcompress,vmsbf,vmsif,vmsof}_test.cc (f330094), one program for the
# seven: `which` picks the instruction. Coral's harness
# (rvv_assembly_cocotb_test.py, test_vstart_not_zero_failure) writes vma,
# vta, sew, lmul (every combination, reserved ones included), vl = 4 and
# vstart = 1 into the program's data and requires a halt with faulted 1
# and mcause 2: these instructions are illegal with vstart != 0, and any
# vector instruction is under an illegal vtype.
	.text
exception_handler:
	LOG_TRAP
	la t0, faulted
	li t1, 1
	sw t1, 0(t0)
	csrr t1, mcause
	sw t1, 4(t0)
	CORAL_FAIL
1:	j 1b

main:
	la t0, exception_handler
	csrw mtvec, t0
	vsetivli zero, 16, e8, m1, ta, ma
	la t0, mask_data
	vle8.v v0, (t0)
	vsetivli zero, 16, e8, m8, ta, ma
	la t0, input_data
	vle8.v v8, (t0)
	la s0, params
	lw t0, 0(s0)			# vma
	slli t0, t0, 7
	lw t1, 4(s0)			# vta
	slli t1, t1, 6
	or t0, t0, t1
	lw t1, 8(s0)			# sew
	slli t1, t1, 3
	or t0, t0, t1
	lw t1, 12(s0)			# lmul
	or t0, t0, t1
	lw t1, 16(s0)			# vl
	vsetvl zero, t1, t0
	lw t1, 20(s0)			# vstart
	csrw vstart, t1
	lw t1, 24(s0)			# which
	li t2, 0
	beq t1, t2, op_vcpop
	li t2, 1
	beq t1, t2, op_vfirst
	li t2, 2
	beq t1, t2, op_viota
	li t2, 3
	beq t1, t2, op_vcompress
	li t2, 4
	beq t1, t2, op_vmsbf
	li t2, 5
	beq t1, t2, op_vmsif
	li t2, 6
	beq t1, t2, op_vmsof
	li a0, -1
	ret
op_vcpop:
	vcpop.m a0, v0
	j done
op_vfirst:
	vfirst.m a0, v0
	j done
op_viota:
	viota.m v8, v0
	j done
op_vcompress:
	vcompress.vm v16, v8, v0
	j done
op_vmsbf:
	vmsbf.m v8, v0
	j done
op_vmsif:
	vmsif.m v8, v0
	j done
op_vmsof:
	vmsof.m v8, v0
done:
	li a0, 0
	ret

	.data
	.align 4
	.globl params
params:	.word 0, 0, 0, 0, 16, 0, 0	# vma, vta, sew, lmul, vl, vstart, which
faulted: .word 0
mcause_v: .word 0
	.align 4
mask_data: .space 16
input_data: .space 128
