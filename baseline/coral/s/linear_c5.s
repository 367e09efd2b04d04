	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"linear.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -48
	sw	s0, 44(sp)
	sw	s1, 40(sp)
	sw	s2, 36(sp)
	sw	s3, 32(sp)
	sw	s4, 28(sp)
	sw	s5, 24(sp)
	sw	s6, 20(sp)
	sw	s7, 16(sp)
	sw	s8, 12(sp)
	li	a4, 0
	csrr	t6, vlenb
	srli	a5, t6, 1
	li	a6, 512
	li	a7, 25
	li	t0, -131
	li	t1, 124
	li	t2, 256
	li	t3, 128
	addi	t4, a5, -1
	andi	t4, t4, 512
	xori	t5, t4, 512
	vsetvli	s0, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	srli	t6, t6, 2
	j	.LBB0_2
.LBB0_1:
	addi	a4, a4, 1
	addi	a0, a0, 512
	beq	a4, t3, .LBB0_11
.LBB0_2:
	li	s0, 0
	slli	s1, a4, 8
	mv	s2, a1
	j	.LBB0_4
.LBB0_3:
	addi	s3, s3, 1310
	mul	s3, s3, a7
	addi	s3, s3, 18
	srai	s3, s3, 16
	max	s3, s3, t0
	min	s3, s3, t1
	addi	s3, s3, 3
	add	s4, s0, s1
	add	s4, a3, s4
	sb	s3, 0(s4)
	addi	s0, s0, 1
	addi	s2, s2, 512
	beq	s0, t2, .LBB0_1
.LBB0_4:
	slli	s3, s0, 2
	add	s3, a2, s3
	lw	s3, 0(s3)
	bgeu	a6, a5, .LBB0_6
	li	s6, 0
	j	.LBB0_9
.LBB0_6:
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, s3
	mv	s3, t5
	mv	s4, s2
	mv	s5, a0
	vmv1r.v	v10, v8
.LBB0_7:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v11, (s5)
	add	s6, s5, t6
	vle8.v	v12, (s6)
	vle8.v	v13, (s4)
	add	s6, s4, t6
	vle8.v	v14, (s6)
	vsext.vf4	v15, v11
	vsext.vf4	v11, v12
	vsext.vf4	v12, v13
	vsext.vf4	v13, v14
	vmacc.vv	v9, v12, v15
	vmacc.vv	v10, v13, v11
	add	s5, s5, a5
	sub	s3, s3, a5
	add	s4, s4, a5
	bnez	s3, .LBB0_7
	vadd.vv	v9, v10, v9
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s3, v9
	mv	s6, t5
	beqz	t4, .LBB0_3
.LBB0_9:
	sub	s4, a6, s6
	add	s5, s2, s6
	add	s6, a0, s6
.LBB0_10:
	lb	s7, 0(s6)
	lb	s8, 0(s5)
	mul	s7, s8, s7
	add	s3, s7, s3
	addi	s4, s4, -1
	addi	s5, s5, 1
	addi	s6, s6, 1
	bnez	s4, .LBB0_10
	j	.LBB0_3
.LBB0_11:
	lw	s0, 44(sp)
	lw	s1, 40(sp)
	lw	s2, 36(sp)
	lw	s3, 32(sp)
	lw	s4, 28(sp)
	lw	s5, 24(sp)
	lw	s6, 20(sp)
	lw	s7, 16(sp)
	lw	s8, 12(sp)
	addi	sp, sp, 48
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
