	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"conv_block.c"
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
	sw	a3, 20(sp)
	sw	a2, 16(sp)
	mv	a5, a1
	sw	zero, 36(sp)
	li	a1, 0
	csrr	a2, vlenb
	sw	a2, 148(sp)
	srli	a7, a2, 2
	addi	a0, a0, -272
	sw	a0, 48(sp)
	addi	a0, a5, 7
	sw	a0, 160(sp)
	li	t0, -20
	li	t3, 3
	lui	a0, 4
	vsetvli	a2, zero, e32, m1, ta, ma
	vmv.v.x	v8, a0
	vmv.v.i	v9, 0
	vid.v	v10
	sw	a5, 152(sp)
	j	.LBB0_2
.LBB0_1:
	lw	a1, 12(sp)
	addi	a1, a1, 1
	lw	a0, 36(sp)
	addi	a0, a0, 2
	sw	a0, 36(sp)
	beq	a1, a2, .LBB0_28
.LBB0_2:
	sw	zero, 40(sp)
	li	a4, 0
	slli	a0, a1, 1
	sw	a0, 32(sp)
	sw	a1, 12(sp)
	slli	a1, a1, 3
	sw	a1, 24(sp)
	j	.LBB0_4
.LBB0_3:
	lw	a0, 172(sp)
	lw	a4, 28(sp)
	lw	a3, 24(sp)
	add	a3, a4, a3
	slli	a3, a3, 4
	lw	a1, 20(sp)
	add	a3, a1, a3
	sb	a0, 0(a3)
	lw	a0, 176(sp)
	sb	a0, 1(a3)
	lw	a0, 180(sp)
	sb	a0, 2(a3)
	lw	a0, 184(sp)
	sb	a0, 3(a3)
	lw	a0, 188(sp)
	sb	a0, 4(a3)
	lw	a0, 192(sp)
	sb	a0, 5(a3)
	lw	a0, 196(sp)
	sb	a0, 6(a3)
	lw	a0, 200(sp)
	sb	a0, 7(a3)
	lw	a0, 204(sp)
	sb	a0, 8(a3)
	lw	a0, 208(sp)
	sb	a0, 9(a3)
	lw	a0, 212(sp)
	sb	a0, 10(a3)
	lw	a0, 216(sp)
	sb	a0, 11(a3)
	lw	a0, 220(sp)
	sb	a0, 12(a3)
	lw	a0, 224(sp)
	sb	a0, 13(a3)
	lw	a0, 228(sp)
	sb	a0, 14(a3)
	lw	a0, 232(sp)
	sb	a0, 15(a3)
	addi	a4, a4, 1
	lw	a0, 40(sp)
	addi	a0, a0, 2
	sw	a0, 40(sp)
	li	a2, 8
	beq	a4, a2, .LBB0_1
.LBB0_4:
	sw	t0, 172(sp)
	sw	t0, 176(sp)
	sw	t0, 180(sp)
	sw	t0, 184(sp)
	sw	t0, 188(sp)
	sw	t0, 192(sp)
	sw	t0, 196(sp)
	sw	t0, 200(sp)
	sw	t0, 204(sp)
	sw	t0, 208(sp)
	sw	t0, 212(sp)
	sw	t0, 216(sp)
	sw	t0, 220(sp)
	sw	t0, 224(sp)
	sw	t0, 228(sp)
	sw	t0, 232(sp)
	lw	a0, 16(sp)
	lw	a1, 0(a0)
	sw	a1, 116(sp)
	lw	a1, 4(a0)
	sw	a1, 112(sp)
	lw	a1, 8(a0)
	sw	a1, 108(sp)
	lw	a1, 12(a0)
	sw	a1, 104(sp)
	lw	a1, 16(a0)
	sw	a1, 100(sp)
	lw	a1, 20(a0)
	sw	a1, 96(sp)
	lw	a1, 24(a0)
	sw	a1, 92(sp)
	lw	a1, 28(a0)
	sw	a1, 88(sp)
	lw	a1, 32(a0)
	sw	a1, 84(sp)
	lw	a1, 36(a0)
	sw	a1, 80(sp)
	lw	a1, 40(a0)
	sw	a1, 76(sp)
	lw	a1, 44(a0)
	sw	a1, 72(sp)
	lw	a1, 48(a0)
	sw	a1, 68(sp)
	lw	a1, 52(a0)
	sw	a1, 64(sp)
	lw	a1, 56(a0)
	sw	a1, 60(sp)
	lw	a0, 60(a0)
	sw	a0, 56(sp)
	li	a3, 0
	sw	a4, 28(sp)
	slli	a4, a4, 1
	sw	a4, 52(sp)
	li	a1, 1
	j	.LBB0_6
.LBB0_5:
	lw	a0, 44(sp)
	andi	a0, a0, 1
	li	a3, 1
	beqz	a0, .LBB0_3
.LBB0_6:
	sw	a1, 44(sp)
	li	a0, 0
	lw	a1, 32(sp)
	or	a1, a3, a1
	sw	a1, 128(sp)
	lw	a1, 36(sp)
	add	a3, a1, a3
	slli	a3, a3, 4
	lw	a1, 40(sp)
	add	a1, a1, a3
	sw	a1, 120(sp)
	li	a2, 1
	j	.LBB0_8
.LBB0_7:
	andi	a1, a6, 1
	li	a0, 1
	li	a2, 0
	beqz	a1, .LBB0_5
.LBB0_8:
	sw	a2, 124(sp)
	li	t5, 0
	li	a4, 0
	lw	s6, 116(sp)
	sw	s6, 236(sp)
	lw	s7, 112(sp)
	sw	s7, 240(sp)
	lw	s8, 108(sp)
	sw	s8, 244(sp)
	lw	s9, 104(sp)
	sw	s9, 248(sp)
	lw	t2, 100(sp)
	sw	t2, 252(sp)
	lw	a6, 96(sp)
	sw	a6, 256(sp)
	lw	t6, 92(sp)
	sw	t6, 260(sp)
	lw	t0, 88(sp)
	sw	t0, 264(sp)
	lw	a2, 84(sp)
	sw	a2, 268(sp)
	lw	t1, 80(sp)
	sw	t1, 272(sp)
	lw	s3, 76(sp)
	sw	s3, 276(sp)
	lw	s4, 72(sp)
	sw	s4, 280(sp)
	lw	s5, 68(sp)
	sw	s5, 284(sp)
	lw	s10, 64(sp)
	sw	s10, 288(sp)
	lw	s11, 60(sp)
	sw	s11, 292(sp)
	lw	ra, 56(sp)
	sw	ra, 296(sp)
	lw	a1, 52(sp)
	or	a1, a0, a1
	sw	a1, 168(sp)
	lw	a1, 120(sp)
	add	a0, a1, a0
	slli	a0, a0, 4
	lw	a1, 48(sp)
	add	s0, a1, a0
	mv	a0, a2
	j	.LBB0_10
.LBB0_9:
	lw	a4, 140(sp)
	addi	a4, a4, 1
	lw	s0, 136(sp)
	addi	s0, s0, 256
	lw	a5, 132(sp)
	addi	a5, a5, 768
	lw	t5, 144(sp)
	addi	t5, t5, 48
	beq	a4, t3, .LBB0_21
.LBB0_10:
	lw	a3, 128(sp)
	add	a3, a3, a4
	addi	a3, a3, -17
	li	a1, -16
	sw	t5, 144(sp)
	sw	a4, 140(sp)
	sw	s0, 136(sp)
	sw	a5, 132(sp)
	bltu	a3, a1, .LBB0_9
	li	s2, 0
	slli	a3, a4, 1
	add	a3, a3, a4
	sw	a3, 156(sp)
	mv	a1, a5
	j	.LBB0_13
.LBB0_12:
	addi	s2, s2, 1
	addi	s0, s0, 16
	addi	a1, a1, 256
	addi	t5, t5, 16
	li	t3, 3
	beq	s2, t3, .LBB0_9
.LBB0_13:
	lw	a3, 168(sp)
	add	a3, a3, s2
	addi	a3, a3, -17
	li	a2, -16
	bltu	a3, a2, .LBB0_12
	li	a2, 16
	bgeu	a2, a7, .LBB0_16
	li	a3, 0
	j	.LBB0_19
.LBB0_16:
	lw	a4, 156(sp)
	add	a4, s2, a4
	slli	a4, a4, 4
	addi	a3, a7, -1
	andi	a3, a3, 16
	sw	a3, 164(sp)
	xori	a3, a3, 16
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v11, v9
	vmv.s.x	v11, ra
	vmv1r.v	v12, v9
	vmv.s.x	v12, s11
	vmv1r.v	v13, v9
	vmv.s.x	v13, s10
	vmv1r.v	v14, v9
	vmv.s.x	v14, s9
	vmv1r.v	v15, v9
	vmv.s.x	v15, s8
	vmv1r.v	v16, v9
	vmv.s.x	v16, s7
	vmv1r.v	v17, v9
	vmv.s.x	v17, s6
	vmv1r.v	v18, v9
	vmv.s.x	v18, s5
	vmv1r.v	v19, v9
	vmv.s.x	v19, s4
	vmv1r.v	v20, v9
	vmv.s.x	v20, s3
	vmv1r.v	v21, v9
	vmv.s.x	v21, t1
	vmv1r.v	v22, v9
	vmv.s.x	v22, a0
	vmv1r.v	v23, v9
	vmv.s.x	v23, t0
	vmv1r.v	v24, v9
	vmv.s.x	v24, t6
	vmv1r.v	v25, v9
	vmv.s.x	v25, a6
	vmv1r.v	v26, v9
	vmv.s.x	v26, t2
	lw	a0, 148(sp)
	slli	a0, a0, 2
	mv	a6, a1
	mv	t0, a3
	mv	t1, s0
	vmv1r.v	v27, v10
	lw	a2, 152(sp)
	li	a5, 16
	li	t2, 8
	li	t4, 1
	li	t6, 2
	li	s1, 4
	li	s3, 5
	li	s4, 6
	li	s5, 7
	li	s6, 9
	li	s7, 10
	li	s8, 11
	li	s9, 12
	li	s10, 13
	li	s11, 14
	li	ra, 15
.LBB0_17:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v29, (t1)
	vsext.vf4	v28, v29
	vlse8.v	v30, (a6), a5
	vadd.vx	v29, v27, a4
	vsll.vi	v29, v29, 4
	vadd.vx	v29, v29, a2
	vsext.vf4	v31, v30
	vmacc.vv	v17, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t4), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v16, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t6), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v15, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t3), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v14, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s1), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v26, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s3), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v25, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s4), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v24, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s5), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v23, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (t2), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v22, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s6), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v21, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s7), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v20, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s8), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v19, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s9), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v18, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s10), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v13, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (s11), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v31, v30
	vmacc.vv	v12, v31, v28
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v30, (ra), v29
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v29, v30
	vmacc.vv	v11, v29, v28
	vadd.vx	v27, v27, a7
	add	t1, t1, a7
	sub	t0, t0, a7
	add	a6, a6, a0
	bnez	t0, .LBB0_17
	vmv.s.x	v27, zero
	vredsum.vs	v26, v26, v27
	vmv.x.s	t2, v26
	vredsum.vs	v25, v25, v27
	vmv.x.s	a6, v25
	vredsum.vs	v24, v24, v27
	vmv.x.s	t6, v24
	vredsum.vs	v23, v23, v27
	vmv.x.s	t0, v23
	vredsum.vs	v22, v22, v27
	vmv.x.s	a0, v22
	vredsum.vs	v21, v21, v27
	vmv.x.s	t1, v21
	vredsum.vs	v20, v20, v27
	vmv.x.s	s3, v20
	vredsum.vs	v19, v19, v27
	vmv.x.s	s4, v19
	vredsum.vs	v18, v18, v27
	vmv.x.s	s5, v18
	vredsum.vs	v17, v17, v27
	vmv.x.s	s6, v17
	vredsum.vs	v16, v16, v27
	vmv.x.s	s7, v16
	vredsum.vs	v15, v15, v27
	vmv.x.s	s8, v15
	vredsum.vs	v14, v14, v27
	vmv.x.s	s9, v14
	vredsum.vs	v13, v13, v27
	vmv.x.s	s10, v13
	vredsum.vs	v12, v12, v27
	vmv.x.s	s11, v12
	vredsum.vs	v11, v11, v27
	vmv.x.s	ra, v11
	lw	a2, 164(sp)
	beqz	a2, .LBB0_12
.LBB0_19:
	li	a4, 16
	sub	a4, a4, a3
	add	a5, s0, a3
	add	a3, a3, t5
	slli	a3, a3, 4
	lw	a2, 160(sp)
	add	a3, a2, a3
.LBB0_20:
	lb	a2, 0(a5)
	lb	t4, -7(a3)
	lb	t3, -6(a3)
	mul	t4, t4, a2
	add	s6, t4, s6
	lb	t4, -5(a3)
	mul	t3, t3, a2
	add	s7, t3, s7
	lb	t3, -4(a3)
	mul	t4, t4, a2
	add	s8, t4, s8
	lb	t4, -3(a3)
	mul	t3, t3, a2
	add	s9, t3, s9
	lb	t3, -2(a3)
	mul	t4, t4, a2
	add	t2, t4, t2
	lb	t4, -1(a3)
	mul	t3, t3, a2
	add	a6, t3, a6
	lb	t3, 0(a3)
	mul	t4, t4, a2
	add	t6, t4, t6
	lb	t4, 1(a3)
	mul	t3, t3, a2
	add	t0, t3, t0
	lb	t3, 2(a3)
	mul	t4, t4, a2
	add	a0, t4, a0
	lb	t4, 3(a3)
	mul	t3, t3, a2
	add	t1, t3, t1
	lb	t3, 4(a3)
	mul	t4, t4, a2
	add	s3, t4, s3
	lb	t4, 5(a3)
	mul	t3, t3, a2
	add	s4, t3, s4
	lb	t3, 6(a3)
	mul	t4, t4, a2
	add	s5, t4, s5
	lb	t4, 7(a3)
	mul	t3, t3, a2
	lb	s1, 8(a3)
	add	s10, t3, s10
	mul	t3, t4, a2
	add	s11, t3, s11
	mul	a2, s1, a2
	add	ra, a2, ra
	addi	a4, a4, -1
	addi	a5, a5, 1
	addi	a3, a3, 16
	bnez	a4, .LBB0_20
	j	.LBB0_12
.LBB0_21:
	sw	s6, 236(sp)
	sw	s7, 240(sp)
	sw	s8, 244(sp)
	sw	s9, 248(sp)
	sw	s10, 288(sp)
	sw	s11, 292(sp)
	sw	ra, 296(sp)
	sw	t2, 252(sp)
	sw	a6, 256(sp)
	sw	t6, 260(sp)
	sw	t0, 264(sp)
	sw	a0, 268(sp)
	sw	t1, 272(sp)
	sw	s3, 276(sp)
	sw	s4, 280(sp)
	sw	s5, 284(sp)
	li	a0, 16
	bgeu	a0, a7, .LBB0_23
	li	a0, 0
	lw	a5, 152(sp)
	li	t0, -20
	li	t1, 23
	li	t2, -108
	li	t4, 147
	lw	a6, 124(sp)
	j	.LBB0_26
.LBB0_23:
	addi	a3, a7, -1
	andi	a3, a3, 16
	xori	a0, a3, 16
	addi	a4, sp, 236
	addi	a5, sp, 172
	mv	a6, a0
	lw	a1, 148(sp)
	li	t0, -20
	li	t1, 23
	li	t2, -108
	li	t4, 147
.LBB0_24:
	vl1re32.v	v11, (a4)
	vmadd.vx	v11, t1, v8
	vsra.vi	v11, v11, 15
	vl1re32.v	v12, (a5)
	vmax.vx	v11, v11, t2
	vmin.vx	v11, v11, t4
	vadd.vx	v11, v11, t0
	vmax.vv	v11, v11, v12
	vs1r.v	v11, (a5)
	add	a4, a4, a1
	sub	a6, a6, a7
	add	a5, a5, a1
	bnez	a6, .LBB0_24
	lw	a5, 152(sp)
	lw	a6, 124(sp)
	beqz	a3, .LBB0_7
.LBB0_26:
	addi	a3, a0, -16
	slli	a4, a0, 2
	addi	a0, sp, 172
	add	a0, a0, a4
	addi	a1, sp, 236
	add	a4, a1, a4
.LBB0_27:
	lw	a1, 0(a4)
	addi	a1, a1, 712
	mul	a1, a1, t1
	addi	a1, a1, 8
	srai	a1, a1, 15
	lw	a2, 0(a0)
	max	a1, a1, t2
	min	a1, a1, t4
	addi	a1, a1, -20
	max	a1, a1, a2
	sw	a1, 0(a0)
	addi	a3, a3, 1
	addi	a0, a0, 4
	addi	a4, a4, 4
	bnez	a3, .LBB0_27
	j	.LBB0_7
.LBB0_28:
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
