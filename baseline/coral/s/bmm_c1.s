	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"bmm.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -352
	sw	ra, 348(sp)
	sw	s0, 344(sp)
	sw	s1, 340(sp)
	sw	s2, 336(sp)
	sw	s3, 332(sp)
	sw	s4, 328(sp)
	sw	s5, 324(sp)
	sw	s6, 320(sp)
	sw	s7, 316(sp)
	sw	s8, 312(sp)
	sw	s9, 308(sp)
	sw	s10, 304(sp)
	sw	s11, 300(sp)
	sw	a2, 12(sp)
	sw	a0, 4(sp)
	li	a0, 0
	csrr	a7, vlenb
	srli	a4, a7, 2
	sw	a1, 8(sp)
	addi	a1, a1, 7
	sw	a1, 0(sp)
	li	t4, 16
	li	t1, 18
	li	t2, -131
	li	t3, 124
	lui	a1, 1
	vsetvli	a2, zero, e32, m1, ta, ma
	vmv.v.x	v8, a1
	vid.v	v9
	vmv.v.i	v10, 0
	li	t0, 3
	li	t5, 4
	li	t6, 5
	li	s0, 6
	li	s1, 7
	li	s2, 8
	li	s3, 9
	li	s4, 10
	li	s5, 11
	li	s6, 12
	li	s7, 13
	li	s8, 14
	li	s9, 15
	li	a2, 1
	sw	a7, 28(sp)
	j	.LBB0_2
.LBB0_1:
	lw	a1, 16(sp)
	andi	a1, a1, 1
	li	a0, 256
	li	a2, 0
	beqz	a1, .LBB0_18
.LBB0_2:
	sw	a2, 16(sp)
	li	a6, 0
	lw	a1, 4(sp)
	add	a1, a1, a0
	sw	a1, 40(sp)
	lw	a1, 8(sp)
	add	a1, a1, a0
	lw	a2, 12(sp)
	add	s10, a2, a0
	lw	a2, 0(sp)
	add	a0, a2, a0
	sw	a0, 20(sp)
	j	.LBB0_4
.LBB0_3:
	addi	a6, a6, 1
	lw	a0, 40(sp)
	addi	a0, a0, 16
	sw	a0, 40(sp)
	addi	s10, s10, 16
	beq	a6, t4, .LBB0_1
.LBB0_4:
	sw	a6, 36(sp)
	sw	s10, 32(sp)
	bgeu	t4, a4, .LBB0_6
	li	a3, 16
	li	s2, 0
	li	s11, 0
	li	s5, 0
	li	s4, 0
	li	s3, 0
	li	s1, 0
	li	s0, 0
	li	t6, 0
	li	t5, 0
	li	t0, 0
	li	a5, 0
	li	ra, 0
	li	a0, 0
	li	a2, 0
	li	a6, 0
	li	t4, 0
	li	s10, 0
	j	.LBB0_9
.LBB0_6:
	addi	a0, a4, -1
	andi	a0, a0, 16
	sw	a0, 24(sp)
	xori	s10, a0, 16
	slli	a0, a7, 2
	mv	a2, a1
	mv	a5, s10
	lw	a6, 40(sp)
	vmv1r.v	v11, v10
	vmv1r.v	v12, v10
	vmv1r.v	v13, v10
	vmv1r.v	v14, v10
	vmv1r.v	v15, v10
	vmv1r.v	v16, v10
	vmv1r.v	v17, v10
	vmv1r.v	v18, v10
	vmv1r.v	v19, v10
	vmv1r.v	v20, v10
	vmv1r.v	v21, v10
	vmv1r.v	v22, v10
	vmv1r.v	v23, v10
	vmv1r.v	v24, v10
	vmv1r.v	v25, v10
	vmv1r.v	v26, v10
	vmv1r.v	v27, v9
	li	a3, 1
	li	a7, 2
.LBB0_7:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v30, (a6)
	vlse8.v	v31, (a2), t4
	vsll.vi	v28, v27, 4
	vadd.vx	v29, v28, a1
	vsext.vf4	v28, v30
	vsext.vf4	v30, v31
	vmacc.vv	v15, v30, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (a3), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v14, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (a7), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v13, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t0), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v26, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t5), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v25, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t6), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v24, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s0), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v23, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s1), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v22, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s2), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v21, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s3), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v20, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s4), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v19, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s5), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v18, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s6), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v17, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s7), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v16, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s8), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v12, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s9), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v29, v30
	vmacc.vv	v11, v29, v28
	vadd.vx	v27, v27, a4
	add	a6, a6, a4
	sub	a5, a5, a4
	add	a2, a2, a0
	bnez	a5, .LBB0_7
	li	a3, 16
	vmv.s.x	v27, zero
	vredsum.vs	v26, v26, v27
	vmv.x.s	t4, v26
	vredsum.vs	v25, v25, v27
	vmv.x.s	a6, v25
	vredsum.vs	v24, v24, v27
	vmv.x.s	a2, v24
	vredsum.vs	v23, v23, v27
	vmv.x.s	a0, v23
	vredsum.vs	v22, v22, v27
	vmv.x.s	ra, v22
	vredsum.vs	v21, v21, v27
	vmv.x.s	a5, v21
	vredsum.vs	v20, v20, v27
	vmv.x.s	t0, v20
	vredsum.vs	v19, v19, v27
	vmv.x.s	t5, v19
	vredsum.vs	v18, v18, v27
	vmv.x.s	t6, v18
	vredsum.vs	v17, v17, v27
	vmv.x.s	s0, v17
	vredsum.vs	v16, v16, v27
	vmv.x.s	s1, v16
	vredsum.vs	v15, v15, v27
	vmv.x.s	s3, v15
	vredsum.vs	v14, v14, v27
	vmv.x.s	s4, v14
	vredsum.vs	v13, v13, v27
	vmv.x.s	s5, v13
	vredsum.vs	v12, v12, v27
	vmv.x.s	s11, v12
	vredsum.vs	v11, v11, v27
	vmv.x.s	s2, v11
	lw	a7, 24(sp)
	beqz	a7, .LBB0_11
.LBB0_9:
	sub	s6, a3, s10
	lw	s7, 40(sp)
	add	s7, s7, s10
	slli	s8, s10, 4
	lw	a3, 20(sp)
	add	s8, a3, s8
.LBB0_10:
	lb	s9, 0(s7)
	lb	s10, -7(s8)
	lb	a7, -6(s8)
	mul	s10, s10, s9
	add	s3, s10, s3
	lb	s10, -5(s8)
	mul	a7, a7, s9
	add	s4, a7, s4
	lb	a7, -4(s8)
	mul	s10, s10, s9
	add	s5, s10, s5
	lb	s10, -3(s8)
	mul	a7, a7, s9
	add	t4, a7, t4
	lb	a7, -2(s8)
	mul	s10, s10, s9
	add	a6, s10, a6
	lb	s10, -1(s8)
	mul	a7, a7, s9
	add	a2, a7, a2
	lb	a7, 0(s8)
	mul	s10, s10, s9
	add	a0, s10, a0
	lb	s10, 1(s8)
	mul	a7, a7, s9
	add	ra, a7, ra
	lb	a7, 2(s8)
	mul	s10, s10, s9
	add	a5, s10, a5
	lb	s10, 3(s8)
	mul	a7, a7, s9
	add	t0, a7, t0
	lb	a7, 4(s8)
	mul	s10, s10, s9
	add	t5, s10, t5
	lb	s10, 5(s8)
	mul	a7, a7, s9
	add	t6, a7, t6
	lb	a7, 6(s8)
	mul	s10, s10, s9
	add	s0, s10, s0
	lb	s10, 7(s8)
	mul	a7, a7, s9
	lb	a3, 8(s8)
	add	s1, a7, s1
	mul	a7, s10, s9
	add	s11, a7, s11
	mul	a3, a3, s9
	add	s2, a3, s2
	addi	s6, s6, -1
	addi	s7, s7, 1
	addi	s8, s8, 16
	bnez	s6, .LBB0_10
.LBB0_11:
	sw	s3, 44(sp)
	sw	s4, 48(sp)
	sw	s5, 52(sp)
	sw	t4, 56(sp)
	sw	a6, 60(sp)
	sw	a2, 64(sp)
	sw	a0, 68(sp)
	sw	ra, 72(sp)
	sw	a5, 76(sp)
	sw	t0, 80(sp)
	sw	t5, 84(sp)
	sw	t6, 88(sp)
	sw	s0, 92(sp)
	sw	s1, 96(sp)
	sw	s11, 100(sp)
	sw	s2, 104(sp)
	li	t4, 16
	bgeu	t4, a4, .LBB0_13
	li	a0, 0
	lw	a7, 28(sp)
	li	t0, 3
	li	t5, 4
	li	t6, 5
	li	s0, 6
	li	s1, 7
	li	s2, 8
	li	s3, 9
	li	s4, 10
	li	s5, 11
	li	s6, 12
	li	s7, 13
	li	s8, 14
	li	s9, 15
	lw	a6, 36(sp)
	lw	s10, 32(sp)
	j	.LBB0_16
.LBB0_13:
	addi	a2, a4, -1
	andi	a2, a2, 16
	xori	a0, a2, 16
	addi	a5, sp, 44
	mv	a6, a0
	lw	s10, 32(sp)
	mv	t0, s10
	lw	a7, 28(sp)
.LBB0_14:
	vl1re32.v	v11, (a5)
	vsetvli	zero, zero, e32, m1, ta, ma
	vmadd.vx	v11, t1, v8
	vsra.vi	v11, v11, 13
	vmax.vx	v11, v11, t2
	vmin.vx	v11, v11, t3
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v11, v11, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v11, v11, 0
	vadd.vi	v11, v11, 3
	vse8.v	v11, (t0)
	add	a5, a5, a7
	sub	a6, a6, a4
	add	t0, t0, a4
	bnez	a6, .LBB0_14
	li	t0, 3
	li	t5, 4
	li	t6, 5
	li	s0, 6
	li	s1, 7
	li	s2, 8
	li	s3, 9
	li	s4, 10
	li	s5, 11
	li	s6, 12
	li	s7, 13
	li	s8, 14
	li	s9, 15
	lw	a6, 36(sp)
	beqz	a2, .LBB0_3
.LBB0_16:
	sub	a2, t4, a0
	add	a5, s10, a0
	slli	a0, a0, 2
	addi	a3, sp, 44
	add	a0, a3, a0
.LBB0_17:
	lw	a3, 0(a0)
	addi	a3, a3, 227
	mul	a3, a3, t1
	addi	a3, a3, 10
	srai	a3, a3, 13
	max	a3, a3, t2
	min	a3, a3, t3
	addi	a3, a3, 3
	sb	a3, 0(a5)
	addi	a2, a2, -1
	addi	a5, a5, 1
	addi	a0, a0, 4
	bnez	a2, .LBB0_17
	j	.LBB0_3
.LBB0_18:
	lw	ra, 348(sp)
	lw	s0, 344(sp)
	lw	s1, 340(sp)
	lw	s2, 336(sp)
	lw	s3, 332(sp)
	lw	s4, 328(sp)
	lw	s5, 324(sp)
	lw	s6, 320(sp)
	lw	s7, 316(sp)
	lw	s8, 312(sp)
	lw	s9, 308(sp)
	lw	s10, 304(sp)
	lw	s11, 300(sp)
	addi	sp, sp, 352
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
