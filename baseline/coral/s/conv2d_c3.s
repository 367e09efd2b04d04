	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"conv2d.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -128
	sw	ra, 124(sp)
	sw	s0, 120(sp)
	sw	s1, 116(sp)
	sw	s2, 112(sp)
	sw	s3, 108(sp)
	sw	s4, 104(sp)
	sw	s5, 100(sp)
	sw	s6, 96(sp)
	sw	s7, 92(sp)
	sw	s8, 88(sp)
	sw	s9, 84(sp)
	sw	s10, 80(sp)
	sw	s11, 76(sp)
	sw	a3, 32(sp)
	sw	a2, 28(sp)
	li	a3, 0
	csrr	a5, vlenb
	sw	a5, 52(sp)
	srli	a5, a5, 2
	addi	s11, a0, 2
	addi	a2, a1, 11
	sw	a2, 24(sp)
	li	t2, 3
	vsetvli	a2, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	vid.v	v9
	li	s2, 6
	li	s3, 24
	sw	a1, 56(sp)
	vmv.v.x	v10, a1
	li	s7, 5
	j	.LBB0_2
.LBB0_1:
	lw	a3, 16(sp)
	addi	a3, a3, 1
	lw	a0, 20(sp)
	addi	a0, a0, 33
	lw	s11, 12(sp)
	addi	s11, s11, 33
	li	a1, 7
	beq	a3, a1, .LBB0_12
.LBB0_2:
	sw	zero, 48(sp)
	slli	a1, a3, 3
	sw	a3, 16(sp)
	add	a1, a1, a3
	sw	a1, 36(sp)
	sw	s11, 12(sp)
	sw	a0, 20(sp)
	mv	a2, a0
	j	.LBB0_4
.LBB0_3:
	lw	s1, 48(sp)
	lw	a2, 36(sp)
	add	a2, s1, a2
	slli	a2, a2, 3
	li	a3, 27
	mul	a6, s9, a3
	lui	a7, 2
	add	a6, a6, a7
	srai	a6, a6, 14
	li	t0, -123
	max	a6, a6, t0
	li	t1, 132
	min	a6, a6, t1
	addi	a6, a6, -5
	lw	a1, 32(sp)
	add	a2, a1, a2
	sb	a6, 0(a2)
	mul	a6, s0, a3
	add	a6, a6, a7
	srai	a6, a6, 14
	max	a6, a6, t0
	min	a6, a6, t1
	addi	a6, a6, -5
	sb	a6, 1(a2)
	mul	a4, a4, a3
	add	a4, a4, a7
	srai	a4, a4, 14
	max	a4, a4, t0
	min	a4, a4, t1
	addi	a4, a4, -5
	sb	a4, 2(a2)
	mul	a4, t6, a3
	add	a4, a4, a7
	srai	a4, a4, 14
	max	a4, a4, t0
	min	a4, a4, t1
	addi	a4, a4, -5
	sb	a4, 3(a2)
	mul	a4, t5, a3
	add	a4, a4, a7
	srai	a4, a4, 14
	max	a4, a4, t0
	min	a4, a4, t1
	addi	a4, a4, -5
	sb	a4, 4(a2)
	mul	a4, t3, a3
	add	a4, a4, a7
	srai	a4, a4, 14
	max	a4, a4, t0
	min	a4, a4, t1
	addi	a4, a4, -5
	sb	a4, 5(a2)
	mul	a4, t4, a3
	add	a4, a4, a7
	srai	a4, a4, 14
	max	a4, a4, t0
	min	a4, a4, t1
	addi	a4, a4, -5
	sb	a4, 6(a2)
	mul	a0, a0, a3
	add	a0, a0, a7
	srai	a0, a0, 14
	max	a0, a0, t0
	min	a0, a0, t1
	addi	a0, a0, -5
	sb	a0, 7(a2)
	addi	s1, s1, 1
	lw	a2, 40(sp)
	addi	a2, a2, 3
	lw	s11, 44(sp)
	addi	s11, s11, 3
	li	a0, 9
	sw	s1, 48(sp)
	beq	s1, a0, .LBB0_1
.LBB0_4:
	lw	a0, 28(sp)
	lw	s9, 0(a0)
	lw	s0, 4(a0)
	lw	a4, 8(a0)
	lw	t6, 12(a0)
	lw	t5, 16(a0)
	lw	t3, 20(a0)
	lw	t4, 24(a0)
	lw	a0, 28(a0)
	li	a3, 0
	lw	a7, 24(sp)
	sw	s11, 44(sp)
	sw	a2, 40(sp)
	j	.LBB0_6
.LBB0_5:
	lw	a3, 72(sp)
	addi	a3, a3, 1
	lw	a2, 60(sp)
	addi	a2, a2, 33
	lw	s11, 64(sp)
	addi	s11, s11, 33
	lw	a7, 68(sp)
	addi	a7, a7, 72
	beq	a3, t2, .LBB0_3
.LBB0_6:
	li	a1, -3
	sw	a3, 72(sp)
	sw	a7, 68(sp)
	sw	s11, 64(sp)
	sw	a2, 60(sp)
	bltu	a5, a1, .LBB0_9
	li	a6, 3
.LBB0_8:
	lb	t1, -2(s11)
	lb	a3, -11(a7)
	lb	t0, -10(a7)
	mul	a3, a3, t1
	add	a3, a3, s9
	lb	s9, -9(a7)
	mul	t0, t0, t1
	add	t0, t0, s0
	lb	s0, -8(a7)
	mul	s9, s9, t1
	add	a4, s9, a4
	lb	s9, -7(a7)
	mul	s0, s0, t1
	add	t6, s0, t6
	lb	s0, -6(a7)
	mul	s9, s9, t1
	lb	s8, -5(a7)
	add	t5, s9, t5
	mul	s0, s0, t1
	add	t3, s0, t3
	mul	s0, s8, t1
	add	t4, s0, t4
	lb	s0, -4(a7)
	lb	s8, -1(s11)
	lb	s9, -3(a7)
	lb	a2, -2(a7)
	mul	t1, s0, t1
	add	a0, t1, a0
	mul	t1, s9, s8
	mul	a2, a2, s8
	lb	s0, -1(a7)
	lb	s9, 0(a7)
	lb	ra, 1(a7)
	lb	s10, 2(a7)
	mul	s1, s0, s8
	mul	a1, s9, s8
	mul	ra, ra, s8
	mul	s10, s10, s8
	lb	s0, 3(a7)
	lb	s9, 4(a7)
	lb	s4, 0(s11)
	lb	s5, 5(a7)
	mul	s6, s0, s8
	mul	s8, s9, s8
	lb	s0, 6(a7)
	mul	s5, s5, s4
	add	t1, s5, t1
	add	s9, t1, a3
	mul	a3, s0, s4
	lb	t1, 7(a7)
	add	a2, a3, a2
	add	s0, a2, t0
	lb	a2, 8(a7)
	mul	a3, t1, s4
	add	a3, a3, s1
	add	a4, a3, a4
	mul	a2, a2, s4
	lb	a3, 9(a7)
	add	a1, a2, a1
	add	t6, a1, t6
	lb	a1, 10(a7)
	mul	a2, a3, s4
	add	a2, a2, ra
	add	t5, a2, t5
	mul	a1, a1, s4
	lb	a2, 11(a7)
	add	a1, a1, s10
	add	t3, a1, t3
	lb	a1, 12(a7)
	mul	a2, a2, s4
	add	a2, a2, s6
	add	t4, a2, t4
	mul	a1, a1, s4
	add	a1, a1, s8
	add	a0, a1, a0
	addi	s11, s11, 3
	addi	a6, a6, -1
	addi	a7, a7, 24
	bnez	a6, .LBB0_8
	j	.LBB0_5
.LBB0_9:
	li	a6, 0
	slli	a7, a3, 1
	add	a7, a7, a3
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v21, v8
	vmv.s.x	v21, a0
	neg	a0, a5
	and	a0, a5, a0
	vmv1r.v	v22, v8
	vmv.s.x	v22, t4
	vmv1r.v	v23, v8
	vmv.s.x	v23, t3
	vmv1r.v	v24, v8
	vmv.s.x	v24, t5
	vmv1r.v	v25, v8
	vmv.s.x	v25, t6
	vmv1r.v	v26, v8
	vmv.s.x	v26, a4
	vmv1r.v	v27, v8
	vmv.s.x	v27, s0
	vmv1r.v	v20, v8
	vmv.s.x	v20, s9
	lw	a1, 52(sp)
	srli	a4, a1, 3
	mul	t3, a4, s2
	mul	a4, a7, s3
	mul	t4, a1, s2
	mv	t5, a2
	vmv1r.v	v11, v9
	lw	a1, 56(sp)
	li	a2, 7
	li	a3, 1
	li	t0, 2
	li	t1, 4
	li	s1, 16
.LBB0_10:
	vsetvli	zero, zero, e32, m1, ta, ma
	vsaddu.vx	v12, v9, a6
	vmsleu.vi	v0, v12, 2
	vmv1r.v	v12, v20
	vlse8.v	v13, (t5), t2, v0.t
	add	t6, a1, a4
	vlse8.v	v14, (t6), s3, v0.t
	vadd.vx	v20, v11, a7
	vsext.vf4	v28, v13
	vmadd.vx	v20, s3, v10
	vsext.vf4	v29, v14
	vmadd.vv	v29, v28, v12
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v14, (a3), v20, v0.t
	vmv1r.v	v13, v27
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v27, v14
	vmadd.vv	v27, v28, v13
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v15, (t0), v20, v0.t
	vmv1r.v	v14, v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v26, v15
	vmadd.vv	v26, v28, v14
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v16, (t2), v20, v0.t
	vmv1r.v	v15, v25
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v16
	vmadd.vv	v25, v28, v15
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v17, (t1), v20, v0.t
	vmv1r.v	v16, v24
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v17
	vmadd.vv	v24, v28, v16
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v18, (s7), v20, v0.t
	vmv1r.v	v17, v23
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v23, v18
	vmadd.vv	v23, v28, v17
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v19, (s2), v20, v0.t
	vmv1r.v	v18, v22
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v22, v19
	vmadd.vv	v22, v28, v18
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (a2), v20, v0.t
	vmv1r.v	v19, v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v21, v30
	addi	s0, t5, 1
	vlse8.v	v30, (s0), t2, v0.t
	addi	s0, t6, 8
	vlse8.v	v31, (s0), s3, v0.t
	vmadd.vv	v21, v28, v19
	vsext.vf4	v28, v30
	vadd.vi	v30, v20, 8
	vsext.vf4	v1, v31
	vmadd.vv	v1, v28, v29
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v29, (a3), v30, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v29
	vmadd.vv	v31, v28, v27
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v27, (t0), v30, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v29, v27
	vmadd.vv	v29, v28, v26
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v26, (t2), v30, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v26
	vmadd.vv	v2, v28, v25
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v25, (t1), v30, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v3, v25
	vmadd.vv	v3, v28, v24
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (s7), v30, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v4, v24
	vmadd.vv	v4, v28, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v23, (s2), v30, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v5, v23
	vmadd.vv	v5, v28, v22
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (a2), v30, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v30, v22
	addi	s0, t5, 2
	vlse8.v	v22, (s0), t2, v0.t
	addi	t6, t6, 16
	vlse8.v	v23, (t6), s3, v0.t
	vmadd.vv	v30, v28, v21
	vsext.vf4	v28, v22
	vadd.vx	v21, v20, s1
	vsext.vf4	v20, v23
	vmadd.vv	v20, v28, v1
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (a3), v21, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v27, v22
	vmadd.vv	v27, v28, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (t0), v21, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v26, v22
	vmadd.vv	v26, v28, v29
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (t2), v21, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v22
	vmadd.vv	v25, v28, v2
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (t1), v21, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	vmadd.vv	v24, v28, v3
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (s7), v21, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v23, v22
	vmadd.vv	v23, v28, v4
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v29, (s2), v21, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v22, v29
	vmadd.vv	v22, v28, v5
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v29, (a2), v21, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v21, v29
	vmadd.vv	v21, v28, v30
	add	a6, a6, a5
	add	a4, a4, t4
	vadd.vx	v11, v11, a5
	add	t5, t5, t3
	bne	a0, a6, .LBB0_10
	vmerge.vvm	v11, v12, v20, v0
	vmerge.vvm	v12, v13, v27, v0
	vmerge.vvm	v13, v14, v26, v0
	vmerge.vvm	v14, v15, v25, v0
	vmerge.vvm	v15, v16, v24, v0
	vmerge.vvm	v16, v17, v23, v0
	vmerge.vvm	v17, v18, v22, v0
	vmerge.vvm	v18, v19, v21, v0
	vmv.s.x	v19, zero
	vredsum.vs	v11, v11, v19
	vmv.x.s	s9, v11
	vredsum.vs	v11, v12, v19
	vmv.x.s	s0, v11
	vredsum.vs	v11, v13, v19
	vmv.x.s	a4, v11
	vredsum.vs	v11, v14, v19
	vmv.x.s	t6, v11
	vredsum.vs	v11, v15, v19
	vmv.x.s	t5, v11
	vredsum.vs	v11, v16, v19
	vmv.x.s	t3, v11
	vredsum.vs	v11, v17, v19
	vmv.x.s	t4, v11
	vredsum.vs	v11, v18, v19
	vmv.x.s	a0, v11
	j	.LBB0_5
.LBB0_12:
	lw	ra, 124(sp)
	lw	s0, 120(sp)
	lw	s1, 116(sp)
	lw	s2, 112(sp)
	lw	s3, 108(sp)
	lw	s4, 104(sp)
	lw	s5, 100(sp)
	lw	s6, 96(sp)
	lw	s7, 92(sp)
	lw	s8, 88(sp)
	lw	s9, 84(sp)
	lw	s10, 80(sp)
	lw	s11, 76(sp)
	addi	sp, sp, 128
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
