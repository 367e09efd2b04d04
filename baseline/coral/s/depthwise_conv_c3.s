	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"depthwise_conv.c"
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
	sw	a3, 8(sp)
	sw	a2, 4(sp)
	li	t4, 0
	csrr	a2, vlenb
	sw	a2, 20(sp)
	srli	a7, a2, 2
	li	s0, 11
	li	s10, -4
	li	t2, 3
	li	s1, 7
	vsetvli	a2, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	vid.v	v9
	li	s2, 8
	li	s3, 1
	li	s4, 2
	li	s5, 4
	li	s6, 5
	li	s7, 6
	mv	a3, a0
	j	.LBB0_2
.LBB0_1:
	addi	t4, t4, 1
	lw	a3, 0(sp)
	addi	a3, a3, 88
	beq	t4, s1, .LBB0_11
.LBB0_2:
	li	ra, 0
	slli	a2, t4, 3
	add	a2, a2, t4
	sw	a2, 12(sp)
	sw	a3, 0(sp)
	mv	a4, a3
	sw	t4, 24(sp)
	j	.LBB0_4
.LBB0_3:
	mv	a2, ra
	lw	ra, 12(sp)
	add	ra, a2, ra
	slli	ra, ra, 3
	mv	t3, a5
	li	a5, 23
	mul	a2, t6, a5
	lui	a6, 1
	add	a2, a2, a6
	srai	a2, a2, 13
	li	t0, -130
	max	a2, a2, t0
	li	t1, 125
	min	a2, a2, t1
	addi	a2, a2, 2
	lw	a4, 8(sp)
	add	ra, a4, ra
	sb	a2, 0(ra)
	mul	a2, a3, a5
	add	a2, a2, a6
	srai	a2, a2, 13
	max	a2, a2, t0
	min	a2, a2, t1
	addi	a2, a2, 2
	sb	a2, 1(ra)
	mul	a2, t5, a5
	add	a2, a2, a6
	srai	a2, a2, 13
	max	a2, a2, t0
	min	a2, a2, t1
	addi	a2, a2, 2
	sb	a2, 2(ra)
	mul	a2, s11, a5
	add	a2, a2, a6
	srai	a2, a2, 13
	max	a2, a2, t0
	min	a2, a2, t1
	addi	a2, a2, 2
	sb	a2, 3(ra)
	mul	a2, s9, a5
	add	a2, a2, a6
	srai	a2, a2, 13
	max	a2, a2, t0
	min	a2, a2, t1
	addi	a2, a2, 2
	sb	a2, 4(ra)
	lw	a2, 68(sp)
	mul	a2, a2, a5
	add	a2, a2, a6
	srai	a2, a2, 13
	max	a2, a2, t0
	min	a2, a2, t1
	addi	a2, a2, 2
	sb	a2, 5(ra)
	mul	a2, s8, a5
	add	a2, a2, a6
	srai	a2, a2, 13
	max	a2, a2, t0
	min	a2, a2, t1
	addi	a2, a2, 2
	sb	a2, 6(ra)
	mul	a2, t3, a5
	add	a2, a2, a6
	srai	a2, a2, 13
	max	a2, a2, t0
	min	a2, a2, t1
	addi	a2, a2, 2
	sb	a2, 7(ra)
	lw	a4, 16(sp)
	addi	a4, a4, 8
	lw	a3, 36(sp)
	mv	ra, a3
	li	a2, 9
	beq	a3, a2, .LBB0_1
.LBB0_4:
	lw	a2, 4(sp)
	lw	t6, 0(a2)
	lw	a3, 4(a2)
	lw	t5, 8(a2)
	lw	s11, 12(a2)
	lw	s9, 16(a2)
	lw	a5, 20(a2)
	sw	a5, 68(sp)
	lw	s8, 24(a2)
	lw	a5, 28(a2)
	li	t0, 0
	addi	a2, ra, 1
	sw	a2, 36(sp)
	addi	a2, ra, 2
	sw	a2, 28(sp)
	mv	a2, a1
	sw	a4, 16(sp)
	sw	a4, 72(sp)
	mv	a4, a1
	sw	ra, 32(sp)
	j	.LBB0_7
.LBB0_5:
	add	a6, ra, t1
	slli	a6, a6, 3
	mv	s10, s8
	add	s8, a0, a6
	li	a2, 24
	mul	a6, t0, a2
	add	a6, a1, a6
	lb	s0, 0(s8)
	sw	a4, 64(sp)
	lb	a4, 0(a6)
	lb	ra, 1(s8)
	lb	t3, 1(a6)
	mul	a4, a4, s0
	add	a4, a4, t6
	sw	a4, 48(sp)
	mul	a4, t3, ra
	lb	t3, 2(s8)
	lb	s0, 2(a6)
	lb	ra, 3(s8)
	lb	t4, 3(a6)
	add	a3, a4, a3
	sw	a3, 40(sp)
	mul	a4, s0, t3
	add	a4, a4, t5
	sw	a4, 52(sp)
	mul	a4, t4, ra
	lb	t3, 4(s8)
	lb	t4, 4(a6)
	lb	s0, 5(s8)
	lb	ra, 5(a6)
	add	a4, a4, s11
	sw	a4, 44(sp)
	mul	a4, t4, t3
	add	a4, a4, s9
	sw	a4, 56(sp)
	mul	t4, ra, s0
	lb	a4, 6(s8)
	lb	t3, 6(a6)
	lb	s0, 7(s8)
	lb	s8, 7(a6)
	lw	a2, 68(sp)
	add	t4, t4, a2
	mul	a4, t3, a4
	add	a4, a4, s10
	sw	a4, 60(sp)
	mul	t3, s8, s0
	lw	a4, 36(sp)
	add	a4, a4, t1
	slli	a4, a4, 3
	add	a4, a0, a4
	lb	s0, 0(a4)
	lb	s8, 8(a6)
	lb	ra, 1(a4)
	lb	s9, 9(a6)
	lb	t5, 2(a4)
	lb	s11, 10(a6)
	add	t3, t3, a5
	mul	s0, s8, s0
	mul	s8, s9, ra
	mul	t5, s11, t5
	lb	s9, 3(a4)
	lb	s11, 11(a6)
	lb	ra, 4(a4)
	lb	t6, 12(a6)
	lb	s10, 5(a4)
	lb	a2, 13(a6)
	lb	a5, 6(a4)
	lb	a3, 14(a6)
	mul	s9, s11, s9
	mul	ra, t6, ra
	mul	a2, a2, s10
	mul	a5, a3, a5
	lb	a3, 7(a4)
	lb	a4, 15(a6)
	lw	t6, 28(sp)
	add	t1, t6, t1
	slli	t1, t1, 3
	add	t1, a0, t1
	lb	t6, 0(t1)
	lb	s10, 16(a6)
	mul	a4, a4, a3
	lb	a3, 1(t1)
	lb	s11, 17(a6)
	mul	t6, s10, t6
	add	t6, t6, s0
	lw	s0, 48(sp)
	add	t6, t6, s0
	mul	a3, s11, a3
	add	a3, a3, s8
	lb	s0, 2(t1)
	lb	s8, 18(a6)
	lw	s10, 40(sp)
	add	a3, a3, s10
	lb	s10, 3(t1)
	lb	s11, 19(a6)
	mul	s0, s8, s0
	add	t5, s0, t5
	lw	s0, 52(sp)
	add	t5, t5, s0
	mul	s0, s11, s10
	add	s0, s0, s9
	lb	s8, 4(t1)
	lb	s9, 20(a6)
	lw	s11, 44(sp)
	add	s11, s0, s11
	lb	s0, 5(t1)
	lb	s10, 21(a6)
	mul	s8, s9, s8
	add	s8, s8, ra
	lw	ra, 32(sp)
	lw	s9, 56(sp)
	add	s9, s8, s9
	mul	s0, s10, s0
	li	s10, -4
	add	a2, s0, a2
	lb	s0, 6(t1)
	lb	s8, 22(a6)
	add	a2, a2, t4
	sw	a2, 68(sp)
	lw	t4, 24(sp)
	lb	a2, 7(t1)
	lb	a6, 23(a6)
	mul	t1, s8, s0
	li	s0, 11
	add	a5, t1, a5
	lw	s8, 60(sp)
	add	s8, a5, s8
	mul	a2, a6, a2
	add	a2, a2, a4
	lw	a4, 64(sp)
	add	a5, a2, t3
.LBB0_6:
	addi	t0, t0, 1
	lw	a2, 72(sp)
	addi	a2, a2, 88
	sw	a2, 72(sp)
	addi	a4, a4, 24
	beq	t0, t2, .LBB0_3
.LBB0_7:
	add	a2, t0, t4
	mul	t1, a2, s0
	bltu	s10, a7, .LBB0_5
	li	a6, 0
	mv	a2, s8
	slli	s8, t0, 1
	add	s8, s8, t0
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v10, v8
	vmv.s.x	v10, a5
	neg	t3, a7
	and	t3, a7, t3
	vmv1r.v	v11, v8
	vmv.s.x	v11, a2
	vmv1r.v	v12, v8
	lw	a2, 68(sp)
	vmv.s.x	v12, a2
	vmv1r.v	v13, v8
	vmv.s.x	v13, s9
	vmv1r.v	v14, v8
	vmv.s.x	v14, s11
	vmv1r.v	v15, v8
	vmv.s.x	v15, t5
	vmv1r.v	v16, v8
	vmv.s.x	v16, a3
	vmv1r.v	v19, v8
	vmv.s.x	v19, t6
	add	a2, t1, ra
	lw	a3, 20(sp)
	slli	a3, a3, 1
	mv	a5, a4
	lw	t1, 72(sp)
	vmv1r.v	v18, v9
.LBB0_9:
	vmv1r.v	v17, v19
	vsetvli	zero, zero, e32, m1, ta, ma
	vsaddu.vx	v19, v9, a6
	vmsleu.vi	v0, v19, 2
	vadd.vx	v19, v18, a2
	vsll.vi	v19, v19, 3
	vadd.vx	v22, v19, a0
	vadd.vx	v19, v18, s8
	vlse8.v	v20, (t1), s2, v0.t
	vlse8.v	v21, (a5), s2, v0.t
	vsll.vi	v19, v19, 3
	vadd.vx	v23, v19, a1
	vsext.vf4	v24, v20
	vsext.vf4	v19, v21
	vmadd.vv	v19, v24, v17
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v20, (s3), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v21, v20
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (s3), v23, v0.t
	vmv1r.v	v20, v16
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v16, v24
	vmadd.vv	v16, v21, v20
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v21, (s4), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v21
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v25, (s4), v23, v0.t
	vmv1r.v	v21, v15
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v15, v25
	vmadd.vv	v15, v24, v21
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (t2), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v26, (t2), v23, v0.t
	vmv1r.v	v24, v14
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v14, v26
	vmadd.vv	v14, v25, v24
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v25, (s5), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v26, v25
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v27, (s5), v23, v0.t
	vmv1r.v	v25, v13
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v13, v27
	vmadd.vv	v13, v26, v25
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v26, (s6), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v27, v26
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v28, (s6), v23, v0.t
	vmv1r.v	v26, v12
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v12, v28
	vmadd.vv	v12, v27, v26
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v27, (s7), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v28, v27
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v29, (s7), v23, v0.t
	vmv1r.v	v27, v11
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v11, v29
	vmadd.vv	v11, v28, v27
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v28, (s1), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v29, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v28, (s1), v23, v0.t
	vmv1r.v	v22, v10
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v10, v28
	vmadd.vv	v10, v29, v22
	add	a6, a6, a7
	vadd.vx	v18, v18, a7
	add	t1, t1, a3
	add	a5, a5, a3
	bne	t3, a6, .LBB0_9
	vmerge.vvm	v17, v17, v19, v0
	vmerge.vvm	v16, v20, v16, v0
	vmerge.vvm	v15, v21, v15, v0
	vmerge.vvm	v14, v24, v14, v0
	vmerge.vvm	v13, v25, v13, v0
	vmerge.vvm	v12, v26, v12, v0
	vmerge.vvm	v11, v27, v11, v0
	vmerge.vvm	v10, v22, v10, v0
	vmv.s.x	v18, zero
	vredsum.vs	v17, v17, v18
	vmv.x.s	t6, v17
	vredsum.vs	v16, v16, v18
	vmv.x.s	a3, v16
	vredsum.vs	v15, v15, v18
	vmv.x.s	t5, v15
	vredsum.vs	v14, v14, v18
	vmv.x.s	s11, v14
	vredsum.vs	v13, v13, v18
	vmv.x.s	s9, v13
	vredsum.vs	v12, v12, v18
	vmv.x.s	a2, v12
	sw	a2, 68(sp)
	vredsum.vs	v11, v11, v18
	vmv.x.s	s8, v11
	vredsum.vs	v10, v10, v18
	vmv.x.s	a5, v10
	j	.LBB0_6
.LBB0_11:
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
