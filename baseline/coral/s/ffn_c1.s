	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"ffn.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -336
	sw	ra, 332(sp)
	sw	s0, 328(sp)
	sw	s1, 324(sp)
	sw	s2, 320(sp)
	sw	s3, 316(sp)
	sw	s4, 312(sp)
	sw	s5, 308(sp)
	sw	s6, 304(sp)
	sw	s7, 300(sp)
	sw	s8, 296(sp)
	sw	s9, 292(sp)
	sw	s10, 288(sp)
	sw	s11, 284(sp)
	mv	s9, a4
	sw	a3, 0(sp)
	li	a4, 0
	seqz	t1, a2
	csrr	a7, vlenb
	srli	t0, a7, 2
	vsetvli	a3, zero, e8, mf4, ta, ma
	vmv.v.x	v8, t1
	vmsne.vi	v8, v8, 0
	vmnot.m	v0, v8
	li	s8, 32
	addi	a3, sp, 28
	li	t1, 16
	li	t2, 18
	li	t3, -128
	li	t4, 127
	lui	t5, 1
	vsetvli	zero, zero, e32, m1, ta, ma
	vmv.v.x	v9, t5
	vmv.v.i	v8, 0
	sw	a6, 24(sp)
	mv	t5, a6
	j	.LBB0_2
.LBB0_1:
	addi	a4, a4, 1
	addi	t5, t5, 32
	beq	a4, t1, .LBB0_28
.LBB0_2:
	bgeu	s8, t0, .LBB0_4
	li	s0, 0
	j	.LBB0_7
.LBB0_4:
	addi	t6, t0, -1
	andi	t6, t6, 32
	xori	s0, t6, 32
	addi	s1, sp, 28
	mv	s2, s0
	mv	s3, a2
.LBB0_5:
	vsetvli	zero, zero, e32, m1, ta, mu
	vmv1r.v	v10, v8
	vle32.v	v10, (s3), v0.t
	vs1r.v	v10, (s1)
	add	s3, s3, a7
	sub	s2, s2, t0
	add	s1, s1, a7
	bnez	s2, .LBB0_5
	beqz	t6, .LBB0_12
.LBB0_7:
	slli	s1, s0, 2
	add	t6, a2, s1
	addi	s0, s0, -32
	add	s1, a3, s1
	j	.LBB0_10
.LBB0_8:
	lw	s2, 0(t6)
.LBB0_9:
	sw	s2, 0(s1)
	addi	t6, t6, 4
	addi	s0, s0, 1
	addi	s1, s1, 4
	beqz	s0, .LBB0_12
.LBB0_10:
	bnez	a2, .LBB0_8
	li	s2, 0
	j	.LBB0_9
.LBB0_12:
	li	t6, 0
	slli	s0, a4, 4
	mv	s1, a1
	j	.LBB0_14
.LBB0_13:
	addi	t6, t6, 1
	addi	s1, s1, 32
	beq	t6, t1, .LBB0_21
.LBB0_14:
	add	s2, t6, s0
	add	s2, a0, s2
	lb	s2, 0(s2)
	bgeu	s8, t0, .LBB0_16
	li	s3, 0
	j	.LBB0_19
.LBB0_16:
	addi	s3, t0, -1
	andi	s4, s3, 32
	xori	s3, s4, 32
	addi	s5, sp, 28
	mv	s6, s3
	mv	s7, s1
.LBB0_17:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s7)
	vl1re32.v	v11, (s5)
	vsext.vf4	v12, v10
	vmacc.vx	v11, s2, v12
	vs1r.v	v11, (s5)
	add	s7, s7, t0
	sub	s6, s6, t0
	add	s5, s5, a7
	bnez	s6, .LBB0_17
	beqz	s4, .LBB0_13
.LBB0_19:
	sub	s4, s8, s3
	slli	s5, s3, 2
	add	s5, a3, s5
	add	s3, s1, s3
.LBB0_20:
	lb	s6, 0(s3)
	lw	s7, 0(s5)
	mul	s6, s6, s2
	add	s6, s6, s7
	sw	s6, 0(s5)
	addi	s4, s4, -1
	addi	s5, s5, 4
	addi	s3, s3, 1
	bnez	s4, .LBB0_20
	j	.LBB0_13
.LBB0_21:
	bgeu	s8, t0, .LBB0_23
	li	t6, 0
	j	.LBB0_26
.LBB0_23:
	addi	t6, t0, -1
	andi	s0, t6, 32
	xori	t6, s0, 32
	addi	s1, sp, 28
	mv	s2, t6
	mv	s3, t5
.LBB0_24:
	vl1re32.v	v10, (s1)
	vsetvli	zero, zero, e32, m1, ta, ma
	vmadd.vx	v10, t2, v9
	vsra.vi	v10, v10, 13
	vmax.vx	v10, v10, t3
	vmin.vx	v10, v10, t4
	vmax.vx	v10, v10, zero
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v10, v10, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v10, v10, 0
	vse8.v	v10, (s3)
	add	s1, s1, a7
	sub	s2, s2, t0
	add	s3, s3, t0
	bnez	s2, .LBB0_24
	beqz	s0, .LBB0_1
.LBB0_26:
	add	s0, t5, t6
	addi	s1, t6, -32
	slli	t6, t6, 2
	add	t6, a3, t6
.LBB0_27:
	lw	s2, 0(t6)
	addi	s2, s2, 227
	mul	s2, s2, t2
	addi	s2, s2, 10
	srai	s2, s2, 13
	max	s2, s2, t3
	min	s2, s2, t4
	max	s2, s2, zero
	sb	s2, 0(s0)
	addi	s0, s0, 1
	addi	s1, s1, 1
	addi	t6, t6, 4
	bnez	s1, .LBB0_27
	j	.LBB0_1
.LBB0_28:
	li	a6, 0
	lw	a0, 0(sp)
	addi	a0, a0, 7
	sw	a0, 4(sp)
	vsetivli	zero, 8, e32, m2, ta, ma
	vmv.v.i	v10, 0
	vsetivli	zero, 2, e32, m1, ta, ma
	vmv.v.i	v9, 0
	li	t2, 16
	li	a3, 25
	li	t5, -125
	li	t6, 130
	lui	a0, 1
	vsetvli	a1, zero, e32, m1, ta, ma
	vmv.v.x	v12, a0
	vid.v	v13
	li	s11, 15
	sw	s9, 12(sp)
	j	.LBB0_30
.LBB0_29:
	addi	a6, a6, 1
	lw	a0, 24(sp)
	addi	a0, a0, 32
	sw	a0, 24(sp)
	addi	a5, a5, 16
	beq	a6, t2, .LBB0_47
.LBB0_30:
	sw	a5, 20(sp)
	sw	a6, 16(sp)
	beqz	s9, .LBB0_32
	lw	s3, 0(s9)
	sw	s3, 28(sp)
	lw	a0, 4(s9)
	sw	a0, 32(sp)
	lw	a0, 8(s9)
	sw	a0, 36(sp)
	lw	a0, 12(s9)
	sw	a0, 40(sp)
	lw	a2, 16(s9)
	lw	a1, 20(s9)
	lw	a0, 24(s9)
	lw	a5, 28(s9)
	lw	a6, 32(s9)
	lw	s0, 36(s9)
	lw	s4, 52(s9)
	lw	a4, 40(s9)
	lw	s2, 44(s9)
	lw	s1, 48(s9)
	sw	s4, 80(sp)
	lw	s4, 56(s9)
	sw	s4, 84(sp)
	lw	s5, 60(s9)
	j	.LBB0_33
.LBB0_32:
	li	s3, 0
	li	s1, 0
	li	a4, 0
	li	a6, 0
	li	a0, 0
	li	a2, 0
	li	a1, 0
	li	a5, 0
	li	s0, 0
	li	s2, 0
	li	s5, 0
	vsetivli	zero, 8, e32, m2, ta, ma
	addi	t1, sp, 28
	vse32.v	v10, (t1)
	vsetivli	zero, 2, e32, m1, ta, ma
	addi	t1, sp, 80
	vse32.v	v9, (t1)
.LBB0_33:
	sw	s5, 88(sp)
	lw	s6, 32(sp)
	lw	s8, 36(sp)
	lw	s10, 40(sp)
	lw	s7, 80(sp)
	lw	s9, 84(sp)
	li	t1, 32
	bgeu	t1, t0, .LBB0_35
	li	ra, 0
	j	.LBB0_38
.LBB0_35:
	addi	s4, t0, -1
	andi	t1, s4, 32
	sw	t1, 8(sp)
	xori	ra, t1, 32
	vsetvli	s4, zero, e32, m1, tu, ma
	vmv1r.v	v14, v8
	vmv.s.x	v14, s5
	vmv1r.v	v15, v8
	vmv.s.x	v15, s9
	vmv1r.v	v16, v8
	vmv.s.x	v16, s7
	vmv1r.v	v17, v8
	vmv.s.x	v17, s10
	vmv1r.v	v18, v8
	vmv.s.x	v18, s8
	vmv1r.v	v19, v8
	vmv.s.x	v19, s6
	vmv1r.v	v20, v8
	vmv.s.x	v20, s3
	vmv1r.v	v21, v8
	vmv.s.x	v21, s1
	vmv1r.v	v22, v8
	vmv.s.x	v22, s2
	vmv1r.v	v23, v8
	vmv.s.x	v23, a4
	vmv1r.v	v24, v8
	vmv.s.x	v24, s0
	vmv1r.v	v25, v8
	vmv.s.x	v25, a6
	vmv1r.v	v26, v8
	vmv.s.x	v26, a5
	vmv1r.v	v27, v8
	vmv.s.x	v27, a0
	vmv1r.v	v28, v8
	vmv.s.x	v28, a1
	vmv1r.v	v29, v8
	vmv.s.x	v29, a2
	slli	a0, a7, 2
	lw	a5, 0(sp)
	mv	a1, a5
	mv	a2, ra
	lw	a4, 24(sp)
	vmv1r.v	v30, v13
	li	a6, 1
	li	t1, 2
	li	t3, 3
	li	t4, 4
	li	s0, 5
	li	s1, 6
	li	s2, 7
	li	s3, 8
	li	s4, 9
	li	s5, 10
	li	s6, 11
	li	s7, 12
	li	s8, 13
	li	s9, 14
.LBB0_36:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v0, (a4)
	vlse8.v	v1, (a1), t2
	vsext.vf4	v31, v0
	vsll.vi	v0, v30, 4
	vadd.vx	v0, v0, a5
	vsext.vf4	v2, v1
	vmacc.vv	v20, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (a6), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v19, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (t1), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v18, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (t3), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v17, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (t4), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v29, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s0), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v28, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s1), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v27, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s2), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v26, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s3), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v25, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s4), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v24, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s5), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v23, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s6), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v22, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s7), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v21, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s8), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v16, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s9), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v2, v1
	vmacc.vv	v15, v2, v31
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v1, (s11), v0
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v0, v1
	vmacc.vv	v14, v0, v31
	vadd.vx	v30, v30, t0
	add	a4, a4, t0
	sub	a2, a2, t0
	add	a1, a1, a0
	bnez	a2, .LBB0_36
	vmv.s.x	v30, zero
	vredsum.vs	v29, v29, v30
	vmv.x.s	a2, v29
	vredsum.vs	v28, v28, v30
	vmv.x.s	a1, v28
	vredsum.vs	v27, v27, v30
	vmv.x.s	a0, v27
	vredsum.vs	v26, v26, v30
	vmv.x.s	a5, v26
	vredsum.vs	v25, v25, v30
	vmv.x.s	a6, v25
	vredsum.vs	v24, v24, v30
	vmv.x.s	s0, v24
	vredsum.vs	v23, v23, v30
	vmv.x.s	a4, v23
	vredsum.vs	v22, v22, v30
	vmv.x.s	s2, v22
	vredsum.vs	v21, v21, v30
	vmv.x.s	s1, v21
	vredsum.vs	v20, v20, v30
	vmv.x.s	s3, v20
	vredsum.vs	v19, v19, v30
	vmv.x.s	s6, v19
	vredsum.vs	v18, v18, v30
	vmv.x.s	s8, v18
	vredsum.vs	v17, v17, v30
	vmv.x.s	s10, v17
	vredsum.vs	v16, v16, v30
	vmv.x.s	s7, v16
	vredsum.vs	v15, v15, v30
	vmv.x.s	s9, v15
	vredsum.vs	v14, v14, v30
	vmv.x.s	s5, v14
	lw	t1, 8(sp)
	beqz	t1, .LBB0_40
.LBB0_38:
	lw	s4, 24(sp)
	add	s4, s4, ra
	addi	s11, ra, -32
	slli	ra, ra, 4
	lw	t1, 4(sp)
	add	ra, t1, ra
.LBB0_39:
	lb	t1, 0(s4)
	lb	t2, -7(ra)
	lb	t3, -6(ra)
	mul	t2, t2, t1
	add	s3, t2, s3
	lb	t2, -5(ra)
	mul	t3, t3, t1
	add	s6, t3, s6
	lb	t3, -4(ra)
	mul	t2, t2, t1
	add	s8, t2, s8
	lb	t2, -3(ra)
	mul	t3, t3, t1
	add	s10, t3, s10
	lb	t3, -2(ra)
	mul	t2, t2, t1
	add	a2, t2, a2
	lb	t2, -1(ra)
	mul	t3, t3, t1
	add	a1, t3, a1
	lb	t3, 0(ra)
	mul	t2, t2, t1
	add	a0, t2, a0
	lb	t2, 1(ra)
	mul	t3, t3, t1
	add	a5, t3, a5
	lb	t3, 2(ra)
	mul	t2, t2, t1
	add	a6, t2, a6
	lb	t2, 3(ra)
	mul	t3, t3, t1
	add	s0, t3, s0
	lb	t3, 4(ra)
	mul	t2, t2, t1
	add	a4, t2, a4
	lb	t2, 5(ra)
	mul	t3, t3, t1
	add	s2, t3, s2
	lb	t3, 6(ra)
	mul	t2, t2, t1
	add	s1, t2, s1
	lb	t2, 7(ra)
	mul	t3, t3, t1
	lb	t4, 8(ra)
	add	s7, t3, s7
	mul	t2, t2, t1
	add	s9, t2, s9
	mul	t1, t4, t1
	add	s5, t1, s5
	addi	s4, s4, 1
	addi	s11, s11, 1
	addi	ra, ra, 16
	bnez	s11, .LBB0_39
.LBB0_40:
	sw	s3, 28(sp)
	sw	s6, 32(sp)
	sw	s8, 36(sp)
	sw	s10, 40(sp)
	sw	a2, 44(sp)
	sw	a1, 48(sp)
	sw	a0, 52(sp)
	sw	a5, 56(sp)
	sw	a6, 60(sp)
	sw	s0, 64(sp)
	sw	a4, 68(sp)
	sw	s2, 72(sp)
	sw	s1, 76(sp)
	sw	s7, 80(sp)
	sw	s9, 84(sp)
	sw	s5, 88(sp)
	li	t2, 16
	bgeu	t2, t0, .LBB0_42
	li	a0, 0
	lw	a5, 20(sp)
	lw	s9, 12(sp)
	lw	a6, 16(sp)
	li	s11, 15
	j	.LBB0_45
.LBB0_42:
	addi	a1, t0, -1
	andi	a1, a1, 16
	xori	a0, a1, 16
	addi	a2, sp, 28
	mv	a4, a0
	lw	a5, 20(sp)
	mv	t1, a5
.LBB0_43:
	vl1re32.v	v14, (a2)
	vsetvli	a6, zero, e32, m1, ta, ma
	vmadd.vx	v14, a3, v12
	vsra.vi	v14, v14, 13
	vmax.vx	v14, v14, t5
	vmin.vx	v14, v14, t6
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v14, v14, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v14, v14, 0
	vadd.vi	v14, v14, -3
	vse8.v	v14, (t1)
	add	a2, a2, a7
	sub	a4, a4, t0
	add	t1, t1, t0
	bnez	a4, .LBB0_43
	lw	s9, 12(sp)
	lw	a6, 16(sp)
	li	s11, 15
	beqz	a1, .LBB0_29
.LBB0_45:
	add	a1, a5, a0
	addi	a2, a0, -16
	slli	a0, a0, 2
	addi	a4, sp, 28
	add	a0, a4, a0
.LBB0_46:
	lw	a4, 0(a0)
	addi	a4, a4, 163
	mul	a4, a4, a3
	addi	a4, a4, 21
	srai	a4, a4, 13
	max	a4, a4, t5
	min	a4, a4, t6
	addi	a4, a4, -3
	sb	a4, 0(a1)
	addi	a1, a1, 1
	addi	a2, a2, 1
	addi	a0, a0, 4
	bnez	a2, .LBB0_46
	j	.LBB0_29
.LBB0_47:
	lw	ra, 332(sp)
	lw	s0, 328(sp)
	lw	s1, 324(sp)
	lw	s2, 320(sp)
	lw	s3, 316(sp)
	lw	s4, 312(sp)
	lw	s5, 308(sp)
	lw	s6, 304(sp)
	lw	s7, 300(sp)
	lw	s8, 296(sp)
	lw	s9, 292(sp)
	lw	s10, 288(sp)
	lw	s11, 284(sp)
	addi	sp, sp, 336
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
