# Equivalent of coralnpu tests/cocotb/rvv/vcsr_test.cc (f330094): vsetvl
# with vtype = vma<<7 | vta<<6 | sew<<3 | lmul and the AVL from the
# program's data, then vtype read back; vl and vtype are stored. Coral's
# harness (rvv_assembly_cocotb_test.py, core_mini_vcsr_test and
# core_mini_vl_test) runs it for every combination: vtype.vill must be
# set exactly for the illegal ones (SEW > 32, LMUL 1/8 or reserved, and
# SEW > 8·LMUL), with vma, vta, sew and lmul read back as written; vl is
# min(AVL, VLMAX) for the legal ones.
	.text
main:
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
	lw t1, 16(s0)			# vl (AVL)
	vsetvl a2, t1, t0
	csrr a3, vtype
	sw a2, 20(s0)			# result_vl
	sw a3, 24(s0)			# vtype as read
	li a0, 0
	ret

	.data
	.align 4
	.globl params
params:	.word 0, 0, 0, 0, 16, -1, -1	# vma, vta, sew, lmul, vl, result_vl, vtype
