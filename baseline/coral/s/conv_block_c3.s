	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"conv_block.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -208
	sw	ra, 204(sp)
	sw	s0, 200(sp)
	sw	s1, 196(sp)
	sw	s2, 192(sp)
	sw	s3, 188(sp)
	sw	s4, 184(sp)
	sw	s5, 180(sp)
	sw	s6, 176(sp)
	sw	s7, 172(sp)
	sw	s8, 168(sp)
	sw	s9, 164(sp)
	sw	s10, 160(sp)
	sw	s11, 156(sp)
	sw	a3, 12(sp)
	sw	a2, 8(sp)
	sw	zero, 28(sp)
	li	a2, 0
	addi	a0, a0, -45
	sw	a0, 44(sp)
	addi	a0, a1, 11
	sw	a0, 40(sp)
	li	t1, 3
	li	t2, -14
	vsetvli	a0, zero, e32, m1, ta, ma
	vmv.v.i	v9, 0
	vid.v	v10
	li	s3, 6
	li	s4, 24
	sw	a1, 128(sp)
	vmv.v.x	v11, a1
	li	s6, 2
	li	s7, 4
	j	.LBB0_2
.LBB0_1:
	lw	a2, 4(sp)
	addi	a2, a2, 1
	lw	a0, 28(sp)
	addi	a0, a0, 2
	sw	a0, 28(sp)
	li	a0, 5
	beq	a2, a0, .LBB0_19
.LBB0_2:
	sw	zero, 32(sp)
	li	a3, 0
	slli	a0, a2, 1
	sw	a0, 24(sp)
	slli	a0, a2, 3
	sw	a2, 4(sp)
	sub	a0, a0, a2
	sw	a0, 16(sp)
	li	a0, -15
	sw	a0, 84(sp)
	j	.LBB0_4
.LBB0_3:
	lw	a3, 20(sp)
	lw	a0, 16(sp)
	add	a0, a3, a0
	slli	a0, a0, 3
	lw	a1, 12(sp)
	add	a0, a1, a0
	lw	a1, 124(sp)
	sb	a1, 0(a0)
	sb	t5, 1(a0)
	sb	t4, 2(a0)
	sb	t3, 3(a0)
	sb	t0, 4(a0)
	sb	a7, 5(a0)
	sb	a6, 6(a0)
	sb	a4, 7(a0)
	addi	a3, a3, 1
	lw	a0, 32(sp)
	addi	a0, a0, 2
	sw	a0, 32(sp)
	lw	a0, 84(sp)
	addi	a0, a0, 2
	sw	a0, 84(sp)
	li	a0, 7
	beq	a3, a0, .LBB0_1
.LBB0_4:
	li	a0, 0
	sw	a3, 20(sp)
	slli	a3, a3, 1
	sw	a3, 80(sp)
	lw	a1, 8(sp)
	lw	a2, 0(a1)
	sw	a2, 76(sp)
	lw	a2, 4(a1)
	sw	a2, 72(sp)
	lw	a2, 8(a1)
	sw	a2, 68(sp)
	lw	a2, 12(a1)
	sw	a2, 64(sp)
	lw	a2, 16(a1)
	sw	a2, 60(sp)
	lw	a2, 20(a1)
	sw	a2, 56(sp)
	lw	a2, 24(a1)
	sw	a2, 52(sp)
	lw	a1, 28(a1)
	sw	a1, 48(sp)
	li	a3, 1
	li	a4, -20
	li	a6, -20
	li	a7, -20
	li	t0, -20
	li	t3, -20
	li	t4, -20
	li	t5, -20
	li	a1, -20
	sw	a1, 124(sp)
	j	.LBB0_6
.LBB0_5:
	lw	a2, 36(sp)
	andi	a2, a2, 1
	li	a0, 1
	li	a3, 0
	beqz	a2, .LBB0_3
.LBB0_6:
	sw	a3, 36(sp)
	li	a2, 0
	lw	a1, 24(sp)
	or	a1, a0, a1
	sw	a1, 140(sp)
	lw	a1, 28(sp)
	add	a0, a1, a0
	li	a1, 14
	mul	a0, a0, a1
	lw	a1, 32(sp)
	add	a0, a1, a0
	sw	a0, 88(sp)
	li	a1, 1
	j	.LBB0_8
.LBB0_7:
	li	a2, 27
	mul	a1, t4, a2
	lui	a3, 2
	add	a1, a1, a3
	srai	a1, a1, 14
	li	a4, -108
	max	a1, a1, a4
	li	a5, 147
	min	a1, a1, a5
	addi	a1, a1, -20
	lw	a7, 124(sp)
	max	a7, a1, a7
	sw	a7, 124(sp)
	mul	a1, s1, a2
	add	a1, a1, a3
	srai	a1, a1, 14
	max	a1, a1, a4
	min	a1, a1, a5
	addi	a1, a1, -20
	lw	t5, 96(sp)
	max	t5, a1, t5
	mul	a1, a6, a2
	add	a1, a1, a3
	srai	a1, a1, 14
	max	a1, a1, a4
	min	a1, a1, a5
	addi	a1, a1, -20
	lw	t4, 100(sp)
	max	t4, a1, t4
	mul	a1, t3, a2
	add	a1, a1, a3
	srai	a1, a1, 14
	max	a1, a1, a4
	min	a1, a1, a5
	addi	a1, a1, -20
	lw	t3, 104(sp)
	max	t3, a1, t3
	mul	a1, s11, a2
	add	a1, a1, a3
	srai	a1, a1, 14
	max	a1, a1, a4
	min	a1, a1, a5
	addi	a1, a1, -20
	lw	t0, 108(sp)
	max	t0, a1, t0
	mul	a1, s10, a2
	add	a1, a1, a3
	srai	a1, a1, 14
	max	a1, a1, a4
	min	a1, a1, a5
	addi	a1, a1, -20
	lw	a7, 112(sp)
	max	a7, a1, a7
	mul	a0, a0, a2
	add	a0, a0, a3
	srai	a0, a0, 14
	max	a0, a0, a4
	min	a0, a0, a5
	addi	a0, a0, -20
	lw	a6, 116(sp)
	max	a6, a0, a6
	mul	a0, ra, a2
	add	a0, a0, a3
	srai	a0, a0, 14
	max	a0, a0, a4
	min	a0, a0, a5
	addi	a0, a0, -20
	lw	a4, 120(sp)
	max	a4, a0, a4
	lw	a0, 92(sp)
	andi	a0, a0, 1
	li	a2, 1
	li	a1, 0
	beqz	a0, .LBB0_5
.LBB0_8:
	sw	a1, 92(sp)
	sw	t5, 96(sp)
	sw	t4, 100(sp)
	sw	t3, 104(sp)
	sw	t0, 108(sp)
	sw	a7, 112(sp)
	sw	a6, 116(sp)
	sw	a4, 120(sp)
	li	a4, 0
	lw	a0, 80(sp)
	or	a0, a2, a0
	sw	a0, 136(sp)
	lw	a0, 88(sp)
	add	a0, a0, a2
	slli	s9, a0, 1
	lw	a1, 44(sp)
	add	a0, a1, a0
	add	a0, a0, s9
	sw	a0, 152(sp)
	lw	a0, 84(sp)
	add	a0, a0, a2
	sw	a0, 132(sp)
	lw	a0, 40(sp)
	sw	a0, 148(sp)
	lw	ra, 48(sp)
	lw	a0, 52(sp)
	lw	s10, 56(sp)
	lw	s11, 60(sp)
	lw	t3, 64(sp)
	lw	a6, 68(sp)
	lw	s1, 72(sp)
	lw	t4, 76(sp)
	j	.LBB0_10
.LBB0_9:
	lw	a4, 144(sp)
	addi	a4, a4, 1
	lw	a1, 152(sp)
	addi	a1, a1, 42
	sw	a1, 152(sp)
	lw	a1, 148(sp)
	addi	a1, a1, 72
	sw	a1, 148(sp)
	beq	a4, t1, .LBB0_7
.LBB0_10:
	lw	a2, 140(sp)
	add	a2, a2, a4
	addi	a2, a2, -11
	li	a1, -10
	sw	a4, 144(sp)
	bltu	a2, a1, .LBB0_9
	csrr	t0, vlenb
	srli	a3, t0, 2
	li	a1, -3
	bltu	a3, a1, .LBB0_16
	li	a2, 3
	lw	a3, 148(sp)
	lw	a4, 152(sp)
	lw	t0, 132(sp)
	j	.LBB0_14
.LBB0_13:
	addi	t0, t0, 1
	addi	a4, a4, 3
	addi	a2, a2, -1
	addi	a3, a3, 24
	beqz	a2, .LBB0_9
.LBB0_14:
	bltu	t0, t2, .LBB0_13
	lb	a5, 0(a4)
	lb	s2, -11(a3)
	lb	s8, -10(a3)
	mul	s2, s2, a5
	add	t4, s2, t4
	lb	s2, -9(a3)
	mul	s8, s8, a5
	add	s1, s8, s1
	lb	s8, -8(a3)
	mul	s2, s2, a5
	add	a6, s2, a6
	lb	s2, -7(a3)
	mul	s8, s8, a5
	add	t3, s8, t3
	lb	s8, -6(a3)
	mul	s2, s2, a5
	lb	t5, -5(a3)
	add	s2, s2, s11
	mul	s8, s8, a5
	add	s8, s8, s10
	mul	t5, t5, a5
	add	a0, t5, a0
	lb	t5, -4(a3)
	lb	s10, 1(a4)
	lb	s11, -3(a3)
	lb	a1, -2(a3)
	mul	a5, t5, a5
	add	a5, a5, ra
	mul	t5, s11, s10
	mul	a1, a1, s10
	lb	s11, -1(a3)
	lb	ra, 0(a3)
	lb	s9, 1(a3)
	lb	t2, 2(a3)
	mul	s11, s11, s10
	mul	ra, ra, s10
	mul	s9, s9, s10
	mul	t2, t2, s10
	lb	a7, 3(a3)
	lb	t6, 4(a3)
	lb	s0, 2(a4)
	lb	s5, 5(a3)
	mul	a7, a7, s10
	mul	t6, t6, s10
	lb	s10, 6(a3)
	mul	s5, s5, s0
	add	t5, s5, t5
	add	t4, t5, t4
	mul	t5, s10, s0
	lb	s5, 7(a3)
	add	a1, t5, a1
	add	s1, a1, s1
	lb	a1, 8(a3)
	mul	t5, s5, s0
	add	t5, t5, s11
	add	a6, t5, a6
	mul	a1, a1, s0
	lb	t5, 9(a3)
	add	a1, a1, ra
	add	t3, a1, t3
	lb	a1, 10(a3)
	mul	t5, t5, s0
	add	t5, t5, s9
	add	s11, t5, s2
	mul	a1, a1, s0
	lb	t5, 11(a3)
	add	a1, a1, t2
	add	s10, a1, s8
	lb	a1, 12(a3)
	mul	t2, t5, s0
	add	a7, t2, a7
	li	t2, -14
	add	a0, a7, a0
	mul	a1, a1, s0
	add	a1, a1, t6
	add	ra, a1, a5
	j	.LBB0_13
.LBB0_16:
	mv	a1, a4
	li	a4, 0
	slli	a2, a1, 1
	add	a2, a2, a1
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v21, v9
	vmv.s.x	v21, ra
	neg	ra, a3
	and	ra, a3, ra
	vmv1r.v	v22, v9
	vmv.s.x	v22, a0
	vmv1r.v	v24, v9
	vmv.s.x	v24, s10
	vmv1r.v	v25, v9
	vmv.s.x	v25, s11
	vmv1r.v	v26, v9
	vmv.s.x	v26, t3
	vmv1r.v	v27, v9
	vmv.s.x	v27, a6
	vmv1r.v	v28, v9
	vmv.s.x	v28, s1
	vmv1r.v	v23, v9
	vmv.s.x	v23, t4
	srli	a0, t0, 3
	mul	a0, a0, s3
	mul	s10, a2, s4
	mul	s11, t0, s3
	lw	t3, 152(sp)
	vmv1r.v	v12, v10
	lw	a1, 128(sp)
	li	a5, 7
	li	a7, 5
	li	t4, 1
	li	t5, 16
	lw	t6, 136(sp)
.LBB0_17:
	vsetvli	zero, zero, e32, m1, ta, ma
	vsaddu.vx	v8, v10, a4
	vmsleu.vi	v8, v8, 2
	vadd.vx	v13, v12, t6
	vadd.vi	v13, v13, -15
	vmsgtu.vi	v13, v13, -15
	vmand.mm	v0, v8, v13
	vmv1r.v	v13, v23
	vlse8.v	v14, (t3), t1, v0.t
	add	a6, a1, s10
	vlse8.v	v15, (a6), s4, v0.t
	vadd.vx	v23, v12, a2
	vsext.vf4	v29, v14
	vmadd.vx	v23, s4, v11
	vsext.vf4	v30, v15
	vmadd.vv	v30, v29, v13
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v15, (t4), v23, v0.t
	vmv1r.v	v14, v28
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v28, v15
	vmadd.vv	v28, v29, v14
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v16, (s6), v23, v0.t
	vmv1r.v	v15, v27
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v27, v16
	vmadd.vv	v27, v29, v15
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v17, (t1), v23, v0.t
	vmv1r.v	v16, v26
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v26, v17
	vmadd.vv	v26, v29, v16
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v18, (s7), v23, v0.t
	vmv1r.v	v17, v25
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v18
	vmadd.vv	v25, v29, v17
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v19, (a7), v23, v0.t
	vmv1r.v	v18, v24
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v19
	vmadd.vv	v24, v29, v18
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v20, (s3), v23, v0.t
	vmv1r.v	v19, v22
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v22, v20
	vmadd.vv	v22, v29, v19
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v31, (a5), v23, v0.t
	vmv1r.v	v20, v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v21, v31
	addi	t0, t3, 1
	vlse8.v	v31, (t0), t1, v0.t
	addi	t0, a6, 8
	vlse8.v	v1, (t0), s4, v0.t
	vmadd.vv	v21, v29, v20
	vsext.vf4	v29, v31
	vadd.vi	v31, v23, 8
	vsext.vf4	v2, v1
	vmadd.vv	v2, v29, v30
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t4), v31, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v1, v30
	vmadd.vv	v1, v29, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v28, (s6), v31, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v30, v28
	vmadd.vv	v30, v29, v27
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v27, (t1), v31, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v28, v27
	vmadd.vv	v28, v29, v26
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v26, (s7), v31, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v27, v26
	vmadd.vv	v27, v29, v25
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v25, (a7), v31, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v26, v25
	vmadd.vv	v26, v29, v24
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v24, (s3), v31, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v25, v24
	vmadd.vv	v25, v29, v22
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (a5), v31, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	addi	t0, t3, 2
	vlse8.v	v22, (t0), t1, v0.t
	addi	a6, a6, 16
	vlse8.v	v31, (a6), s4, v0.t
	vmadd.vv	v24, v29, v21
	vsext.vf4	v21, v22
	vadd.vx	v22, v23, t5
	vsext.vf4	v23, v31
	vmadd.vv	v23, v21, v2
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v29, (t4), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v29
	vmadd.vv	v31, v21, v1
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v29, (s6), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v1, v29
	vmadd.vv	v1, v21, v30
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v29, (t1), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v30, v29
	vmadd.vv	v30, v21, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v28, (s7), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v29, v28
	vmadd.vv	v29, v21, v27
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v27, (a7), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v28, v27
	vmadd.vv	v28, v21, v26
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v26, (s3), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v27, v26
	vmadd.vv	v27, v21, v25
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v25, (a5), v22, v0.t
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v22, v25
	vmadd.vv	v22, v21, v24
	vmerge.vvm	v21, v20, v22, v0
	vmerge.vvm	v22, v19, v27, v0
	vmerge.vvm	v24, v18, v28, v0
	vmerge.vvm	v25, v17, v29, v0
	vmerge.vvm	v26, v16, v30, v0
	vmerge.vvm	v27, v15, v1, v0
	vmerge.vvm	v28, v14, v31, v0
	vmerge.vvm	v23, v13, v23, v0
	add	a4, a4, a3
	add	s10, s10, s11
	vadd.vx	v12, v12, a3
	add	t3, t3, a0
	bne	ra, a4, .LBB0_17
	vmv1r.v	v0, v8
	vmerge.vvm	v12, v13, v23, v0
	vmerge.vvm	v13, v14, v28, v0
	vmerge.vvm	v14, v15, v27, v0
	vmerge.vvm	v15, v16, v26, v0
	vmerge.vvm	v16, v17, v25, v0
	vmerge.vvm	v17, v18, v24, v0
	vmerge.vvm	v18, v19, v22, v0
	vmerge.vvm	v8, v20, v21, v0
	vmv.s.x	v19, zero
	vredsum.vs	v12, v12, v19
	vmv.x.s	t4, v12
	vredsum.vs	v12, v13, v19
	vmv.x.s	s1, v12
	vredsum.vs	v12, v14, v19
	vmv.x.s	a6, v12
	vredsum.vs	v12, v15, v19
	vmv.x.s	t3, v12
	vredsum.vs	v12, v16, v19
	vmv.x.s	s11, v12
	vredsum.vs	v12, v17, v19
	vmv.x.s	s10, v12
	vredsum.vs	v12, v18, v19
	vmv.x.s	a0, v12
	vredsum.vs	v8, v8, v19
	vmv.x.s	ra, v8
	j	.LBB0_9
.LBB0_19:
	lw	ra, 204(sp)
	lw	s0, 200(sp)
	lw	s1, 196(sp)
	lw	s2, 192(sp)
	lw	s3, 188(sp)
	lw	s4, 184(sp)
	lw	s5, 180(sp)
	lw	s6, 176(sp)
	lw	s7, 172(sp)
	lw	s8, 168(sp)
	lw	s9, 164(sp)
	lw	s10, 160(sp)
	lw	s11, 156(sp)
	addi	sp, sp, 208
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
