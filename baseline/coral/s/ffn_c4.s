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
	sw	a5, 12(sp)
	sw	a3, 8(sp)
	mv	s5, a1
	li	t1, 0
	seqz	a1, a2
	addi	t2, s5, 64
	csrr	a7, vlenb
	srli	t0, a7, 2
	vsetvli	a3, zero, e8, mf4, ta, ma
	vmv.v.x	v8, a1
	vmsne.vi	v8, v8, 0
	vmnot.m	v0, v8
	addi	t3, a2, 256
	addi	t4, a6, 64
	li	t5, 72
	li	t6, 64
	addi	s0, sp, 28
	lui	s1, 2
	li	s2, -128
	li	s3, 127
	li	s4, 36
	vsetvli	zero, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	mv	s6, a6
	j	.LBB0_2
.LBB0_1:
	addi	t1, t1, 1
	addi	s6, s6, 100
	addi	t4, t4, 100
	li	a1, 20
	beq	t1, a1, .LBB0_54
.LBB0_2:
	bgeu	t6, t0, .LBB0_4
	li	a5, 0
	j	.LBB0_7
.LBB0_4:
	addi	a1, t0, -1
	andi	a3, a1, 64
	xori	a5, a3, 64
	addi	a1, sp, 28
	mv	s7, a5
	mv	s8, a2
.LBB0_5:
	vsetvli	zero, zero, e32, m1, ta, mu
	vmv1r.v	v9, v8
	vle32.v	v9, (s8), v0.t
	vs1r.v	v9, (a1)
	add	s8, s8, a7
	sub	s7, s7, t0
	add	a1, a1, a7
	bnez	s7, .LBB0_5
	beqz	a3, .LBB0_12
.LBB0_7:
	slli	s7, a5, 2
	add	a3, a2, s7
	addi	a5, a5, -64
	add	s7, s0, s7
	j	.LBB0_10
.LBB0_8:
	lw	a1, 0(a3)
.LBB0_9:
	sw	a1, 0(s7)
	addi	a3, a3, 4
	addi	a5, a5, 1
	addi	s7, s7, 4
	beqz	a5, .LBB0_12
.LBB0_10:
	bnez	a2, .LBB0_8
	li	a1, 0
	j	.LBB0_9
.LBB0_12:
	li	a3, 0
	mul	s7, t1, t5
	mv	a1, s5
	j	.LBB0_14
.LBB0_13:
	addi	a3, a3, 1
	addi	a1, a1, 100
	beq	a3, t5, .LBB0_21
.LBB0_14:
	add	a5, a3, s7
	add	a5, a0, a5
	lb	s8, 0(a5)
	bgeu	t6, t0, .LBB0_16
	li	s9, 0
	j	.LBB0_19
.LBB0_16:
	addi	a5, t0, -1
	andi	s10, a5, 64
	xori	s9, s10, 64
	addi	s11, sp, 28
	mv	ra, s9
	mv	a5, a1
.LBB0_17:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v9, (a5)
	vl1re32.v	v10, (s11)
	vsext.vf4	v11, v9
	vmacc.vx	v10, s8, v11
	vs1r.v	v10, (s11)
	add	a5, a5, t0
	sub	ra, ra, t0
	add	s11, s11, a7
	bnez	ra, .LBB0_17
	beqz	s10, .LBB0_13
.LBB0_19:
	sub	s10, t6, s9
	slli	s11, s9, 2
	add	s11, s0, s11
	add	s9, a1, s9
.LBB0_20:
	lb	a5, 0(s9)
	lw	ra, 0(s11)
	mul	a5, a5, s8
	add	a5, a5, ra
	sw	a5, 0(s11)
	addi	s10, s10, -1
	addi	s11, s11, 4
	addi	s9, s9, 1
	bnez	s10, .LBB0_20
	j	.LBB0_13
.LBB0_21:
	bgeu	t6, t0, .LBB0_23
	li	a3, 0
	j	.LBB0_26
.LBB0_23:
	addi	a1, t0, -1
	andi	a5, a1, 64
	xori	a3, a5, 64
	addi	s8, sp, 28
	mv	s9, a3
	mv	s10, s6
.LBB0_24:
	vl1re32.v	v9, (s8)
	vsetvli	zero, zero, e32, m1, ta, ma
	vsll.vi	v9, v9, 4
	vadd.vx	v9, v9, s1
	vsra.vi	v9, v9, 14
	vmax.vx	v9, v9, s2
	vmin.vx	v9, v9, s3
	vmax.vx	v9, v9, zero
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v9, v9, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v9, v9, 0
	vse8.v	v9, (s10)
	add	s8, s8, a7
	sub	s9, s9, t0
	add	s10, s10, t0
	bnez	s9, .LBB0_24
	beqz	a5, .LBB0_28
.LBB0_26:
	sub	a5, t6, a3
	add	s8, s6, a3
	slli	a3, a3, 2
	add	a3, s0, a3
.LBB0_27:
	lw	a1, 0(a3)
	slli	a1, a1, 4
	add	a1, a1, s1
	srai	a1, a1, 14
	max	a1, a1, s2
	min	a1, a1, s3
	max	a1, a1, zero
	sb	a1, 0(s8)
	addi	a5, a5, -1
	addi	s8, s8, 1
	addi	a3, a3, 4
	bnez	a5, .LBB0_27
.LBB0_28:
	bgeu	s4, t0, .LBB0_30
	li	a5, 0
	j	.LBB0_33
.LBB0_30:
	addi	a1, t0, -1
	andi	a3, a1, 36
	xori	a5, a3, 36
	addi	s8, sp, 28
	mv	a1, a5
	mv	s9, t3
.LBB0_31:
	vsetvli	zero, zero, e32, m1, ta, mu
	vmv1r.v	v9, v8
	vle32.v	v9, (s9), v0.t
	vs1r.v	v9, (s8)
	add	s9, s9, a7
	sub	a1, a1, t0
	add	s8, s8, a7
	bnez	a1, .LBB0_31
	beqz	a3, .LBB0_38
.LBB0_33:
	addi	a3, a5, -36
	slli	s8, a5, 2
	add	a5, s0, s8
	add	s8, t3, s8
	j	.LBB0_36
.LBB0_34:
	lw	a1, 0(s8)
.LBB0_35:
	sw	a1, 0(a5)
	addi	a3, a3, 1
	addi	a5, a5, 4
	addi	s8, s8, 4
	beqz	a3, .LBB0_38
.LBB0_36:
	bnez	a2, .LBB0_34
	li	a1, 0
	j	.LBB0_35
.LBB0_38:
	li	a3, 0
	mv	a5, t2
	j	.LBB0_40
.LBB0_39:
	addi	a3, a3, 1
	addi	a5, a5, 100
	beq	a3, t5, .LBB0_47
.LBB0_40:
	add	a1, a3, s7
	add	a1, a0, a1
	lb	s8, 0(a1)
	bgeu	s4, t0, .LBB0_42
	li	s9, 0
	j	.LBB0_45
.LBB0_42:
	addi	a1, t0, -1
	andi	s10, a1, 36
	xori	s9, s10, 36
	addi	s11, sp, 28
	mv	ra, s9
	mv	a1, a5
.LBB0_43:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v9, (a1)
	vl1re32.v	v10, (s11)
	vsext.vf4	v11, v9
	vmacc.vx	v10, s8, v11
	vs1r.v	v10, (s11)
	add	a1, a1, t0
	sub	ra, ra, t0
	add	s11, s11, a7
	bnez	ra, .LBB0_43
	beqz	s10, .LBB0_39
.LBB0_45:
	sub	s10, s4, s9
	slli	s11, s9, 2
	add	s11, s0, s11
	add	s9, a5, s9
.LBB0_46:
	lb	a1, 0(s9)
	lw	ra, 0(s11)
	mul	a1, a1, s8
	add	a1, a1, ra
	sw	a1, 0(s11)
	addi	s10, s10, -1
	addi	s11, s11, 4
	addi	s9, s9, 1
	bnez	s10, .LBB0_46
	j	.LBB0_39
.LBB0_47:
	bgeu	s4, t0, .LBB0_49
	li	a3, 0
	j	.LBB0_52
.LBB0_49:
	addi	a1, t0, -1
	andi	a5, a1, 36
	xori	a3, a5, 36
	addi	s7, sp, 28
	mv	s8, a3
	mv	s9, t4
.LBB0_50:
	vl1re32.v	v9, (s7)
	vsetvli	zero, zero, e32, m1, ta, ma
	vsll.vi	v9, v9, 4
	vadd.vx	v9, v9, s1
	vsra.vi	v9, v9, 14
	vmax.vx	v9, v9, s2
	vmin.vx	v9, v9, s3
	vmax.vx	v9, v9, zero
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v9, v9, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v9, v9, 0
	vse8.v	v9, (s9)
	add	s7, s7, a7
	sub	s8, s8, t0
	add	s9, s9, t0
	bnez	s8, .LBB0_50
	beqz	a5, .LBB0_1
.LBB0_52:
	sub	a5, s4, a3
	add	s7, t4, a3
	slli	a3, a3, 2
	add	a3, s0, a3
.LBB0_53:
	lw	a1, 0(a3)
	slli	a1, a1, 4
	add	a1, a1, s1
	srai	a1, a1, 14
	max	a1, a1, s2
	min	a1, a1, s3
	max	a1, a1, zero
	sb	a1, 0(s7)
	addi	a5, a5, -1
	addi	s7, s7, 1
	addi	a3, a3, 4
	bnez	a5, .LBB0_53
	j	.LBB0_1
.LBB0_54:
	li	a0, 0
	seqz	a1, a4
	lw	a2, 8(sp)
	addi	a3, a2, 64
	vsetvli	zero, zero, e8, mf4, ta, ma
	vmv.v.x	v9, a1
	vmsne.vi	v9, v9, 0
	vmnot.m	v0, v9
	addi	a1, a2, 71
	sw	a1, 4(sp)
	li	t1, 100
	li	t2, 72
	li	t3, 64
	addi	t4, sp, 28
	li	t5, 29
	li	t6, -125
	li	s0, 130
	lui	a1, 2
	vsetvli	zero, zero, e32, m1, ta, ma
	vid.v	v9
	sw	a3, 0(sp)
	vmv.v.x	v10, a3
	li	s6, 1
	li	s7, 2
	li	s8, 3
	li	s9, 4
	li	ra, 5
	li	s10, 7
	vmv.v.x	v11, a1
	sw	a6, 24(sp)
	lw	s11, 12(sp)
	j	.LBB0_56
.LBB0_55:
	sw	s11, 28(sp)
	sw	s1, 32(sp)
	sw	a3, 36(sp)
	sw	s3, 40(sp)
	sw	a1, 44(sp)
	sw	a5, 48(sp)
	sw	s2, 52(sp)
	sw	a2, 56(sp)
	mul	s4, s11, t5
	lui	s6, 2
	add	s4, s4, s6
	srai	s4, s4, 14
	max	s4, s4, t6
	min	s4, s4, s0
	addi	s4, s4, -3
	lw	s5, 12(sp)
	lw	s7, 16(sp)
	add	s5, s7, s5
	sb	s4, 64(s5)
	mul	s1, s1, t5
	add	s1, s1, s6
	srai	s1, s1, 14
	max	s1, s1, t6
	min	s1, s1, s0
	addi	s1, s1, -3
	sb	s1, 65(s5)
	mul	a3, a3, t5
	add	a3, a3, s6
	srai	a3, a3, 14
	max	a3, a3, t6
	min	a3, a3, s0
	addi	a3, a3, -3
	sb	a3, 66(s5)
	mul	a3, s3, t5
	add	a3, a3, s6
	srai	a3, a3, 14
	max	a3, a3, t6
	min	a3, a3, s0
	addi	a3, a3, -3
	sb	a3, 67(s5)
	mul	a1, a1, t5
	add	a1, a1, s6
	srai	a1, a1, 14
	max	a1, a1, t6
	min	a1, a1, s0
	addi	a1, a1, -3
	sb	a1, 68(s5)
	mul	a1, a5, t5
	add	a1, a1, s6
	srai	a1, a1, 14
	max	a1, a1, t6
	min	a1, a1, s0
	addi	a1, a1, -3
	sb	a1, 69(s5)
	mul	a1, s2, t5
	add	a1, a1, s6
	srai	a1, a1, 14
	max	a1, a1, t6
	min	a1, a1, s0
	addi	a1, a1, -3
	sb	a1, 70(s5)
	mul	a1, a2, t5
	add	a1, a1, s6
	srai	a1, a1, 14
	max	a1, a1, t6
	min	a1, a1, s0
	addi	a1, a1, -3
	sb	a1, 71(s5)
	addi	a0, a0, 1
	lw	s11, 20(sp)
	addi	s11, s11, 72
	lw	a1, 24(sp)
	addi	a1, a1, 100
	sw	a1, 24(sp)
	li	a1, 20
	li	s6, 1
	li	s7, 2
	li	s8, 3
	li	s9, 4
	li	ra, 5
	beq	a0, a1, .LBB0_91
.LBB0_56:
	bgeu	t3, t0, .LBB0_58
	li	a2, 0
	j	.LBB0_61
.LBB0_58:
	addi	a1, t0, -1
	andi	a1, a1, 64
	xori	a2, a1, 64
	addi	a3, sp, 28
	mv	a5, a2
	mv	s1, a4
.LBB0_59:
	vsetvli	zero, zero, e32, m1, ta, mu
	vmv1r.v	v12, v8
	vle32.v	v12, (s1), v0.t
	vs1r.v	v12, (a3)
	add	s1, s1, a7
	sub	a5, a5, t0
	add	a3, a3, a7
	bnez	a5, .LBB0_59
	beqz	a1, .LBB0_66
.LBB0_61:
	slli	a3, a2, 2
	add	a1, a4, a3
	addi	a2, a2, -64
	add	a3, t4, a3
	j	.LBB0_64
.LBB0_62:
	lw	a5, 0(a1)
.LBB0_63:
	sw	a5, 0(a3)
	addi	a1, a1, 4
	addi	a2, a2, 1
	addi	a3, a3, 4
	beqz	a2, .LBB0_66
.LBB0_64:
	bnez	a4, .LBB0_62
	li	a5, 0
	j	.LBB0_63
.LBB0_66:
	li	a1, 0
	mul	a2, a0, t1
	mul	a3, a0, t2
	sw	a3, 16(sp)
	lw	a3, 8(sp)
	j	.LBB0_68
.LBB0_67:
	addi	a1, a1, 1
	addi	a3, a3, 72
	beq	a1, t1, .LBB0_75
.LBB0_68:
	add	a5, a1, a2
	add	a5, a6, a5
	lb	a5, 0(a5)
	bgeu	t3, t0, .LBB0_70
	li	s1, 0
	j	.LBB0_73
.LBB0_70:
	addi	s1, t0, -1
	andi	s2, s1, 64
	xori	s1, s2, 64
	addi	s3, sp, 28
	mv	s4, s1
	mv	s5, a3
.LBB0_71:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v12, (s5)
	vl1re32.v	v13, (s3)
	vsext.vf4	v14, v12
	vmacc.vx	v13, a5, v14
	vs1r.v	v13, (s3)
	add	s5, s5, t0
	sub	s4, s4, t0
	add	s3, s3, a7
	bnez	s4, .LBB0_71
	beqz	s2, .LBB0_67
.LBB0_73:
	sub	s2, t3, s1
	slli	s3, s1, 2
	add	s3, t4, s3
	add	s1, a3, s1
.LBB0_74:
	lb	s4, 0(s1)
	lw	s5, 0(s3)
	mul	s4, s4, a5
	add	s4, s4, s5
	sw	s4, 0(s3)
	addi	s2, s2, -1
	addi	s3, s3, 4
	addi	s1, s1, 1
	bnez	s2, .LBB0_74
	j	.LBB0_67
.LBB0_75:
	bgeu	t3, t0, .LBB0_77
	li	a1, 0
	j	.LBB0_80
.LBB0_77:
	addi	a1, t0, -1
	andi	a2, a1, 64
	xori	a1, a2, 64
	addi	a3, sp, 28
	mv	a5, a1
	mv	s1, s11
.LBB0_78:
	vl1re32.v	v12, (a3)
	vsetvli	zero, zero, e32, m1, ta, ma
	vmadd.vx	v12, t5, v11
	vsra.vi	v12, v12, 14
	vmax.vx	v12, v12, t6
	vmin.vx	v12, v12, s0
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v12, v12, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v12, v12, 0
	vadd.vi	v12, v12, -3
	vse8.v	v12, (s1)
	add	a3, a3, a7
	sub	a5, a5, t0
	add	s1, s1, t0
	bnez	a5, .LBB0_78
	beqz	a2, .LBB0_82
.LBB0_80:
	sub	a2, t3, a1
	add	a3, s11, a1
	slli	a1, a1, 2
	add	a1, t4, a1
.LBB0_81:
	lw	a5, 0(a1)
	addi	a5, a5, 282
	mul	a5, a5, t5
	addi	a5, a5, 14
	srai	a5, a5, 14
	max	a5, a5, t6
	min	a5, a5, s0
	addi	a5, a5, -3
	sb	a5, 0(a3)
	addi	a2, a2, -1
	addi	a3, a3, 1
	addi	a1, a1, 4
	bnez	a2, .LBB0_81
.LBB0_82:
	sw	s11, 20(sp)
	beqz	a4, .LBB0_85
	lw	s11, 256(a4)
	lw	s1, 260(a4)
	lw	a3, 264(a4)
	lw	s3, 268(a4)
	lw	a1, 272(a4)
	lw	a5, 276(a4)
	lw	s2, 280(a4)
	lw	a2, 284(a4)
	bgeu	t1, t0, .LBB0_86
.LBB0_84:
	li	s5, 0
	j	.LBB0_89
.LBB0_85:
	li	s2, 0
	li	a1, 0
	li	a3, 0
	li	s11, 0
	li	s1, 0
	li	s3, 0
	li	a5, 0
	li	a2, 0
	bltu	t1, t0, .LBB0_84
.LBB0_86:
	addi	s4, t0, -1
	andi	s4, s4, 100
	xori	s5, s4, 100
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v12, v8
	vmv.s.x	v12, a2
	vmv1r.v	v13, v8
	vmv.s.x	v13, s2
	vmv1r.v	v14, v8
	vmv.s.x	v14, a5
	vmv1r.v	v15, v8
	vmv.s.x	v15, a1
	vmv1r.v	v16, v8
	vmv.s.x	v16, s3
	vmv1r.v	v17, v8
	vmv.s.x	v17, a3
	vmv1r.v	v18, v8
	vmv.s.x	v18, s1
	vmv1r.v	v19, v8
	vmv.s.x	v19, s11
	li	a1, 18
	mul	a1, a7, a1
	lw	a2, 0(sp)
	mv	a3, s5
	lw	a5, 24(sp)
	vmv1r.v	v20, v9
	li	s1, 6
.LBB0_87:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v21, (a5)
	vlse8.v	v22, (a2), t2
	vsext.vf4	v23, v21
	vmv1r.v	v21, v20
	vmadd.vx	v21, t2, v10
	vsext.vf4	v24, v22
	vmacc.vv	v19, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (s6), v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	vmacc.vv	v18, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (s7), v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	vmacc.vv	v17, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (s8), v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	vmacc.vv	v16, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (s9), v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	vmacc.vv	v15, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (ra), v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	vmacc.vv	v14, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (s1), v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v24, v22
	vmacc.vv	v13, v24, v23
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v22, (s10), v21
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v21, v22
	vmacc.vv	v12, v21, v23
	vadd.vx	v20, v20, t0
	add	a5, a5, t0
	sub	a3, a3, t0
	add	a2, a2, a1
	bnez	a3, .LBB0_87
	vmv.s.x	v20, zero
	vredsum.vs	v19, v19, v20
	vmv.x.s	s11, v19
	vredsum.vs	v18, v18, v20
	vmv.x.s	s1, v18
	vredsum.vs	v17, v17, v20
	vmv.x.s	a3, v17
	vredsum.vs	v16, v16, v20
	vmv.x.s	s3, v16
	vredsum.vs	v15, v15, v20
	vmv.x.s	a1, v15
	vredsum.vs	v14, v14, v20
	vmv.x.s	a5, v14
	vredsum.vs	v13, v13, v20
	vmv.x.s	s2, v13
	vredsum.vs	v12, v12, v20
	vmv.x.s	a2, v12
	beqz	s4, .LBB0_55
.LBB0_89:
	sub	s4, t1, s5
	lw	ra, 24(sp)
	add	ra, ra, s5
	mul	s5, s5, t2
	lw	s6, 4(sp)
	add	s5, s6, s5
.LBB0_90:
	lb	s6, 0(ra)
	lb	s7, -7(s5)
	lb	s8, -6(s5)
	mul	s7, s7, s6
	add	s11, s7, s11
	lb	s7, -5(s5)
	mul	s8, s8, s6
	add	s1, s8, s1
	lb	s8, -4(s5)
	mul	s7, s7, s6
	add	a3, s7, a3
	lb	s7, -3(s5)
	mul	s8, s8, s6
	add	s3, s8, s3
	lb	s8, -2(s5)
	mul	s7, s7, s6
	add	a1, s7, a1
	lb	s7, -1(s5)
	mul	s8, s8, s6
	lb	s9, 0(s5)
	add	a5, s8, a5
	mul	s7, s7, s6
	add	s2, s7, s2
	mul	s6, s9, s6
	add	a2, s6, a2
	addi	s4, s4, -1
	addi	ra, ra, 1
	addi	s5, s5, 72
	bnez	s4, .LBB0_90
	j	.LBB0_55
.LBB0_91:
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
