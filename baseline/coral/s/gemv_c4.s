	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"gemv.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -16
	sw	s0, 12(sp)
	sw	s1, 8(sp)
	sw	s2, 4(sp)
	li	a3, 0
	csrr	t3, vlenb
	srli	a4, t3, 1
	li	a5, 333
	li	a6, -131
	li	a7, 124
	li	t0, 75
	addi	t1, a4, -1
	andi	t1, t1, 333
	xori	t2, t1, 333
	srli	t3, t3, 2
	vsetvli	t4, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	t4, t4, 1057
	slli	t5, t4, 5
	sub	t4, t5, t4
	addi	t4, t4, 1
	srai	t4, t4, 16
	max	t4, t4, a6
	min	t4, t4, a7
	addi	t4, t4, 3
	add	t5, a2, a3
	sb	t4, 0(t5)
	addi	a3, a3, 1
	addi	a0, a0, 333
	beq	a3, t0, .LBB0_9
.LBB0_2:
	bgeu	a5, a4, .LBB0_4
	li	s0, 0
	li	t4, 0
	j	.LBB0_7
.LBB0_4:
	mv	t4, t2
	mv	t5, a1
	mv	t6, a0
	vmv1r.v	v9, v8
	vmv1r.v	v10, v8
.LBB0_5:
	vle8.v	v11, (t6)
	add	s0, t6, t3
	vle8.v	v12, (s0)
	vle8.v	v13, (t5)
	add	s0, t5, t3
	vle8.v	v14, (s0)
	vsext.vf4	v15, v11
	vsext.vf4	v11, v12
	vsext.vf4	v12, v13
	vsext.vf4	v13, v14
	vmacc.vv	v9, v12, v15
	vmacc.vv	v10, v13, v11
	add	t6, t6, a4
	sub	t4, t4, a4
	add	t5, t5, a4
	bnez	t4, .LBB0_5
	vadd.vv	v9, v10, v9
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	t4, v9
	mv	s0, t2
	beqz	t1, .LBB0_1
.LBB0_7:
	addi	t5, s0, -333
	add	t6, a1, s0
	add	s0, a0, s0
.LBB0_8:
	lb	s1, 0(s0)
	lb	s2, 0(t6)
	mul	s1, s2, s1
	add	t4, s1, t4
	addi	t5, t5, 1
	addi	t6, t6, 1
	addi	s0, s0, 1
	bnez	t5, .LBB0_8
	j	.LBB0_1
.LBB0_9:
	lw	s0, 12(sp)
	lw	s1, 8(sp)
	lw	s2, 4(sp)
	addi	sp, sp, 16
	ret
.Lfunc_end0:
	.size	kernel, .Lfunc_end0-kernel

	.section	.text.start,"ax",@progbits
	.globl	_start
	.p2align	2
	.type	_start,@function
_start:
	#APP
	call	kernel
	.word	134217843
	# mpause
	#NO_APP
.Lfunc_end1:
	.size	_start, .Lfunc_end1-_start

	.ident	"Debian clang version 16.0.6 (15~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
