	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"bmm.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -96
	sw	ra, 92(sp)
	sw	s0, 88(sp)
	sw	s1, 84(sp)
	sw	s2, 80(sp)
	sw	s3, 76(sp)
	sw	s4, 72(sp)
	sw	s5, 68(sp)
	sw	s6, 64(sp)
	sw	s7, 60(sp)
	sw	s8, 56(sp)
	sw	s9, 52(sp)
	sw	s10, 48(sp)
	sw	s11, 44(sp)
	sw	a2, 12(sp)
	li	a3, 0
	csrr	a5, vlenb
	sw	a5, 24(sp)
	srli	a5, a5, 2
	addi	a2, a1, 11
	sw	a2, 32(sp)
	li	t2, 12
	li	t6, 10
	vsetvli	a2, zero, e32, m1, ta, ma
	vid.v	v8
	vmv.v.i	v9, 0
	li	a6, 1
	li	a7, 2
	li	t0, 4
	li	t1, 5
	li	t3, 6
	li	t4, 7
	li	s7, 8
	li	s8, 9
	li	s9, 11
	sw	a1, 8(sp)
	sw	a1, 28(sp)
	li	a1, 0
	j	.LBB0_2
.LBB0_1:
	lw	a1, 16(sp)
	addi	a1, a1, 1
	lw	a0, 20(sp)
	addi	a0, a0, 200
	lw	a2, 28(sp)
	addi	a2, a2, 240
	sw	a2, 28(sp)
	lw	a2, 32(sp)
	addi	a2, a2, 240
	sw	a2, 32(sp)
	li	a2, 3
	beq	a1, a2, .LBB0_11
.LBB0_2:
	mv	a2, a0
	li	s11, 0
	li	a0, 240
	mul	ra, a1, a0
	lw	a0, 8(sp)
	add	ra, a0, ra
	sw	a1, 16(sp)
	li	a0, 120
	mul	a0, a1, a0
	lw	a1, 12(sp)
	add	a0, a1, a0
	sw	a0, 36(sp)
	sw	a2, 20(sp)
	sw	a2, 40(sp)
	j	.LBB0_4
.LBB0_3:
	mul	a2, s11, t2
	slli	a0, a0, 4
	lui	s1, 1
	add	a0, a0, s1
	srai	a0, a0, 13
	li	s2, -131
	max	a0, a0, s2
	li	s3, 124
	min	a0, a0, s3
	addi	s0, a0, 3
	lw	a0, 36(sp)
	add	a0, a0, a2
	sb	s0, 0(a0)
	slli	t5, t5, 4
	add	t5, t5, s1
	srai	a2, t5, 13
	max	a2, a2, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 1(a0)
	slli	t4, t4, 4
	add	t4, t4, s1
	srai	a2, t4, 13
	max	a2, a2, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 2(a0)
	slli	t3, t3, 4
	add	t3, t3, s1
	srai	a2, t3, 13
	max	a2, a2, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 3(a0)
	slli	a6, a6, 4
	add	a6, a6, s1
	srai	a2, a6, 13
	max	a2, a2, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 4(a0)
	slli	a4, a4, 4
	add	a4, a4, s1
	srai	a4, a4, 13
	max	a2, a4, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 5(a0)
	slli	t1, t1, 4
	add	t1, t1, s1
	srai	a2, t1, 13
	max	a2, a2, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 6(a0)
	slli	s10, s10, 4
	add	s10, s10, s1
	srai	a2, s10, 13
	max	a2, a2, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 7(a0)
	slli	a3, a3, 4
	add	a3, a3, s1
	srai	a3, a3, 13
	max	a2, a3, s2
	min	a2, a2, s3
	addi	a2, a2, 3
	sb	a2, 8(a0)
	slli	a1, a1, 4
	add	a1, a1, s1
	srai	a1, a1, 13
	max	a1, a1, s2
	min	a1, a1, s3
	addi	a1, a1, 3
	sb	a1, 9(a0)
	slli	t0, t0, 4
	add	t0, t0, s1
	srai	a1, t0, 13
	max	a1, a1, s2
	min	a1, a1, s3
	addi	a1, a1, 3
	sb	a1, 10(a0)
	slli	a7, a7, 4
	add	a7, a7, s1
	srai	a1, a7, 13
	max	a1, a1, s2
	min	a1, a1, s3
	addi	a1, a1, 3
	sb	a1, 11(a0)
	addi	s11, s11, 1
	lw	a0, 40(sp)
	addi	a0, a0, 20
	sw	a0, 40(sp)
	li	a6, 1
	li	a7, 2
	li	t0, 4
	li	t1, 5
	li	t3, 6
	li	t4, 7
	beq	s11, t6, .LBB0_1
.LBB0_4:
	li	a0, 20
	bgeu	a0, a5, .LBB0_6
	li	a7, 0
	li	t0, 0
	li	a1, 0
	li	a3, 0
	li	s10, 0
	li	t1, 0
	li	a4, 0
	li	a6, 0
	li	t3, 0
	li	t4, 0
	li	t5, 0
	li	a0, 0
	li	s1, 0
	j	.LBB0_9
.LBB0_6:
	addi	a0, a5, -1
	andi	s0, a0, 20
	xori	s1, s0, 20
	lw	a1, 24(sp)
	slli	a0, a1, 1
	add	a0, a0, a1
	lw	a1, 28(sp)
	mv	a3, s1
	lw	a4, 40(sp)
	vmv1r.v	v10, v9
	vmv1r.v	v11, v9
	vmv1r.v	v12, v9
	vmv1r.v	v13, v9
	vmv1r.v	v14, v9
	vmv1r.v	v15, v9
	vmv1r.v	v16, v9
	vmv1r.v	v17, v9
	vmv1r.v	v18, v9
	vmv1r.v	v19, v9
	vmv1r.v	v20, v9
	vmv1r.v	v21, v9
	vmv1r.v	v22, v8
	li	a2, 3
.LBB0_7:
	vle8.v	v24, (a4)
	vlse8.v	v25, (a1), t2
	vmv.v.x	v26, ra
	vmacc.vx	v26, t2, v22
	vsext.vf4	v23, v24
	vsext.vf4	v24, v25
	vmacc.vv	v21, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (a6), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v20, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (a7), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v19, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (a2), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v18, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (t0), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v17, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (t1), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v16, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (t3), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v15, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (t4), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v14, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (s7), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v13, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (s8), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v12, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (t6), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v11, v25, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (s9), v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmacc.vv	v10, v25, v23
	vadd.vx	v22, v22, a5
	add	a4, a4, a5
	sub	a3, a3, a5
	add	a1, a1, a0
	bnez	a3, .LBB0_7
	vmv.s.x	v22, zero
	vredsum.vs	v21, v21, v22
	vmv.x.s	a0, v21
	vredsum.vs	v20, v20, v22
	vmv.x.s	t5, v20
	vredsum.vs	v19, v19, v22
	vmv.x.s	t4, v19
	vredsum.vs	v18, v18, v22
	vmv.x.s	t3, v18
	vredsum.vs	v17, v17, v22
	vmv.x.s	a6, v17
	vredsum.vs	v16, v16, v22
	vmv.x.s	a4, v16
	vredsum.vs	v15, v15, v22
	vmv.x.s	t1, v15
	vredsum.vs	v14, v14, v22
	vmv.x.s	s10, v14
	vredsum.vs	v13, v13, v22
	vmv.x.s	a3, v13
	vredsum.vs	v12, v12, v22
	vmv.x.s	a1, v12
	vredsum.vs	v11, v11, v22
	vmv.x.s	t0, v11
	vredsum.vs	v10, v10, v22
	vmv.x.s	a7, v10
	beqz	s0, .LBB0_3
.LBB0_9:
	li	s0, 20
	sub	s0, s0, s1
	lw	a2, 40(sp)
	add	a2, a2, s1
	mul	s3, s1, t2
	lw	s2, 32(sp)
.LBB0_10:
	add	s1, s2, s3
	lb	s4, 0(a2)
	lb	s5, -11(s1)
	lb	s6, -10(s1)
	mul	s5, s5, s4
	add	a0, s5, a0
	lb	s5, -9(s1)
	mul	s6, s6, s4
	add	t5, s6, t5
	lb	s6, -8(s1)
	mul	s5, s5, s4
	add	t4, s5, t4
	lb	s5, -7(s1)
	mul	s6, s6, s4
	add	t3, s6, t3
	lb	s6, -6(s1)
	mul	s5, s5, s4
	add	a6, s5, a6
	lb	s5, -5(s1)
	mul	s6, s6, s4
	add	a4, s6, a4
	lb	s6, -4(s1)
	mul	s5, s5, s4
	add	t1, s5, t1
	lb	s5, -3(s1)
	mul	s6, s6, s4
	add	s10, s6, s10
	lb	s6, -2(s1)
	mul	s5, s5, s4
	add	a3, s5, a3
	lb	s5, -1(s1)
	mul	s6, s6, s4
	lb	s1, 0(s1)
	add	a1, s6, a1
	mul	s5, s5, s4
	add	t0, s5, t0
	mul	s1, s1, s4
	add	a7, s1, a7
	addi	s0, s0, -1
	addi	a2, a2, 1
	addi	s2, s2, 12
	bnez	s0, .LBB0_10
	j	.LBB0_3
.LBB0_11:
	lw	ra, 92(sp)
	lw	s0, 88(sp)
	lw	s1, 84(sp)
	lw	s2, 80(sp)
	lw	s3, 76(sp)
	lw	s4, 72(sp)
	lw	s5, 68(sp)
	lw	s6, 64(sp)
	lw	s7, 60(sp)
	lw	s8, 56(sp)
	lw	s9, 52(sp)
	lw	s10, 48(sp)
	lw	s11, 44(sp)
	addi	sp, sp, 96
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
