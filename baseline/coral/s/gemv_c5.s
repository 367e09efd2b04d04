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
	sw	s3, 0(sp)
	li	a3, 0
	csrr	t4, vlenb
	srli	a4, t4, 1
	li	a5, 250
	li	a6, 18
	li	a7, -131
	li	t0, 124
	li	t1, 120
	addi	t2, a4, -1
	andi	t2, t2, 250
	xori	t3, t2, 250
	srli	t4, t4, 2
	vsetvli	t5, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	t5, t5, 910
	mul	t5, t5, a6
	addi	t5, t5, 4
	srai	t5, t5, 15
	max	t5, t5, a7
	min	t5, t5, t0
	addi	t5, t5, 3
	add	t6, a2, a3
	sb	t5, 0(t6)
	addi	a3, a3, 1
	addi	a0, a0, 250
	beq	a3, t1, .LBB0_9
.LBB0_2:
	bgeu	a5, a4, .LBB0_4
	li	s1, 0
	li	t5, 0
	j	.LBB0_7
.LBB0_4:
	mv	t5, t3
	mv	t6, a1
	mv	s0, a0
	vmv1r.v	v9, v8
	vmv1r.v	v10, v8
.LBB0_5:
	vle8.v	v11, (s0)
	add	s1, s0, t4
	vle8.v	v12, (s1)
	vle8.v	v13, (t6)
	add	s1, t6, t4
	vle8.v	v14, (s1)
	vsext.vf4	v15, v11
	vsext.vf4	v11, v12
	vsext.vf4	v12, v13
	vsext.vf4	v13, v14
	vmacc.vv	v9, v12, v15
	vmacc.vv	v10, v13, v11
	add	s0, s0, a4
	sub	t5, t5, a4
	add	t6, t6, a4
	bnez	t5, .LBB0_5
	vadd.vv	v9, v10, v9
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	t5, v9
	mv	s1, t3
	beqz	t2, .LBB0_1
.LBB0_7:
	addi	t6, s1, -250
	add	s0, a1, s1
	add	s1, a0, s1
.LBB0_8:
	lb	s2, 0(s1)
	lb	s3, 0(s0)
	mul	s2, s3, s2
	add	t5, s2, t5
	addi	t6, t6, 1
	addi	s0, s0, 1
	addi	s1, s1, 1
	bnez	t6, .LBB0_8
	j	.LBB0_1
.LBB0_9:
	lw	s0, 12(sp)
	lw	s1, 8(sp)
	lw	s2, 4(sp)
	lw	s3, 0(sp)
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
