	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"depthwise_conv.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -224
	sw	ra, 220(sp)
	sw	s0, 216(sp)
	sw	s1, 212(sp)
	sw	s2, 208(sp)
	sw	s3, 204(sp)
	sw	s4, 200(sp)
	sw	s5, 196(sp)
	sw	s6, 192(sp)
	sw	s7, 188(sp)
	sw	s8, 184(sp)
	sw	s9, 180(sp)
	sw	s10, 176(sp)
	sw	s11, 172(sp)
	sw	a2, 60(sp)
	li	a2, 0
	addi	a4, a1, 20
	sw	a4, 52(sp)
	csrr	s0, vlenb
	srli	a7, s0, 2
	addi	a4, a0, -560
	addi	a5, a0, -540
	addi	a6, a0, -520
	addi	t0, a1, 40
	sw	t0, 48(sp)
	addi	t4, a0, -500
	addi	t1, a1, 60
	sw	t1, 44(sp)
	addi	t1, a0, -480
	sw	a1, 56(sp)
	addi	a0, a1, 80
	sw	a0, 40(sp)
	li	s2, 20
	li	s5, -130
	li	s6, 125
	lui	a0, 2
	vsetvli	a1, zero, e32, m1, ta, ma
	mv	a1, a5
	vmv.v.x	v8, a0
	mv	a0, a4
	li	s9, -13
	j	.LBB0_2
.LBB0_1:
	lw	a2, 32(sp)
	addi	a2, a2, 1
	lw	a0, 28(sp)
	addi	a0, a0, 520
	lw	a1, 24(sp)
	addi	a1, a1, 520
	lw	a6, 20(sp)
	addi	a6, a6, 520
	lw	t4, 16(sp)
	addi	t4, t4, 520
	lw	t1, 12(sp)
	addi	t1, t1, 520
	lw	a3, 36(sp)
	addi	a3, a3, 140
	li	a4, 8
	beq	a2, a4, .LBB0_53
.LBB0_2:
	li	s10, 0
	sw	a2, 32(sp)
	slli	s11, a2, 1
	sw	a3, 36(sp)
	mv	t2, a3
	sw	t1, 12(sp)
	sw	t4, 16(sp)
	sw	a6, 20(sp)
	mv	t3, a6
	sw	a1, 24(sp)
	mv	s1, a1
	sw	a0, 28(sp)
	mv	s4, a0
	j	.LBB0_4
.LBB0_3:
	addi	s10, s10, 1
	addi	s4, s4, 40
	addi	s1, s1, 40
	addi	t3, t3, 40
	addi	t4, t4, 40
	addi	t1, t1, 40
	addi	t2, t2, 20
	li	a0, 7
	beq	s10, a0, .LBB0_1
.LBB0_4:
	sw	t2, 84(sp)
	lw	a1, 60(sp)
	lw	a0, 0(a1)
	sw	a0, 92(sp)
	lw	a0, 4(a1)
	sw	a0, 96(sp)
	lw	a0, 8(a1)
	sw	a0, 100(sp)
	lw	a0, 12(a1)
	sw	a0, 104(sp)
	lw	a0, 16(a1)
	sw	a0, 108(sp)
	lw	a0, 20(a1)
	sw	a0, 112(sp)
	lw	a0, 24(a1)
	sw	a0, 116(sp)
	lw	a0, 28(a1)
	sw	a0, 120(sp)
	lw	a0, 32(a1)
	sw	a0, 124(sp)
	lw	a0, 36(a1)
	sw	a0, 128(sp)
	lw	a0, 40(a1)
	sw	a0, 132(sp)
	lw	a0, 44(a1)
	sw	a0, 136(sp)
	lw	a0, 48(a1)
	sw	a0, 140(sp)
	lw	a0, 52(a1)
	sw	a0, 144(sp)
	lw	a0, 56(a1)
	sw	a0, 148(sp)
	lw	a0, 60(a1)
	sw	a0, 152(sp)
	lw	a0, 64(a1)
	sw	a0, 156(sp)
	lw	a0, 68(a1)
	sw	a0, 160(sp)
	lw	a0, 72(a1)
	sw	a0, 164(sp)
	lw	a0, 76(a1)
	li	t0, 0
	sw	a0, 168(sp)
	slli	s7, s10, 1
	addi	a0, s7, -14
	sw	a0, 88(sp)
	addi	a4, s7, -12
	addi	s7, s7, -11
	lw	t6, 40(sp)
	sw	t1, 80(sp)
	mv	a0, t1
	lw	t5, 44(sp)
	sw	t4, 76(sp)
	lw	a5, 48(sp)
	sw	t3, 72(sp)
	mv	t2, t3
	lw	t3, 52(sp)
	sw	s1, 68(sp)
	mv	t1, s1
	lw	s3, 56(sp)
	sw	s4, 64(sp)
	mv	a2, s4
	j	.LBB0_6
.LBB0_5:
	addi	t0, t0, 1
	addi	a2, a2, 260
	addi	s3, s3, 100
	addi	t1, t1, 260
	addi	t3, t3, 100
	addi	t2, t2, 260
	addi	a5, a5, 100
	addi	t4, t4, 260
	addi	t5, t5, 100
	addi	a0, a0, 260
	addi	t6, t6, 100
	li	a1, 5
	beq	t0, a1, .LBB0_46
.LBB0_6:
	add	a1, t0, s11
	addi	a1, a1, -17
	li	a3, -15
	bltu	a1, a3, .LBB0_5
	beqz	s10, .LBB0_23
	bgeu	s2, a7, .LBB0_10
	li	s1, 0
	j	.LBB0_13
.LBB0_10:
	addi	a1, a7, -1
	andi	s8, a1, 20
	xori	s1, s8, 20
	addi	a6, sp, 92
	mv	ra, s1
	mv	a1, s3
	mv	a3, a2
.LBB0_11:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v9, (a3)
	vle8.v	v10, (a1)
	vl1re32.v	v11, (a6)
	vsext.vf4	v12, v9
	vsext.vf4	v9, v10
	vmacc.vv	v11, v12, v9
	vs1r.v	v11, (a6)
	add	a3, a3, a7
	add	a1, a1, a7
	sub	ra, ra, a7
	add	a6, a6, s0
	bnez	ra, .LBB0_11
	beqz	s8, .LBB0_15
.LBB0_13:
	sub	s8, s2, s1
	slli	a6, s1, 2
	addi	a1, sp, 92
	add	a6, a1, a6
	add	ra, s3, s1
	add	s1, a2, s1
.LBB0_14:
	lb	a1, 0(s1)
	lb	a3, 0(ra)
	lw	s4, 0(a6)
	mul	a1, a3, a1
	add	a1, a1, s4
	sw	a1, 0(a6)
	addi	s8, s8, -1
	addi	a6, a6, 4
	addi	ra, ra, 1
	addi	s1, s1, 1
	bnez	s8, .LBB0_14
.LBB0_15:
	lw	a1, 88(sp)
	bltu	a1, s9, .LBB0_23
	bgeu	s2, a7, .LBB0_18
	li	ra, 0
	j	.LBB0_21
.LBB0_18:
	addi	a1, a7, -1
	andi	s8, a1, 20
	xori	ra, s8, 20
	addi	a6, sp, 92
	mv	s1, ra
	mv	a1, t3
	mv	a3, t1
.LBB0_19:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v9, (a3)
	vle8.v	v10, (a1)
	vl1re32.v	v11, (a6)
	vsext.vf4	v12, v9
	vsext.vf4	v9, v10
	vmacc.vv	v11, v12, v9
	vs1r.v	v11, (a6)
	add	a3, a3, a7
	add	a1, a1, a7
	sub	s1, s1, a7
	add	a6, a6, s0
	bnez	s1, .LBB0_19
	beqz	s8, .LBB0_23
.LBB0_21:
	sub	s8, s2, ra
	slli	a6, ra, 2
	addi	a1, sp, 92
	add	a6, a1, a6
	add	s1, t3, ra
	add	ra, t1, ra
.LBB0_22:
	lb	a1, 0(ra)
	lb	a3, 0(s1)
	lw	s4, 0(a6)
	mul	a1, a3, a1
	add	a1, a1, s4
	sw	a1, 0(a6)
	addi	s8, s8, -1
	addi	a6, a6, 4
	addi	s1, s1, 1
	addi	ra, ra, 1
	bnez	s8, .LBB0_22
.LBB0_23:
	bgeu	s2, a7, .LBB0_25
	li	ra, 0
	j	.LBB0_28
.LBB0_25:
	addi	a1, a7, -1
	andi	s8, a1, 20
	xori	ra, s8, 20
	addi	a6, sp, 92
	mv	s1, ra
	mv	a1, a5
	mv	a3, t2
.LBB0_26:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v9, (a3)
	vle8.v	v10, (a1)
	vl1re32.v	v11, (a6)
	vsext.vf4	v12, v9
	vsext.vf4	v9, v10
	vmacc.vv	v11, v12, v9
	vs1r.v	v11, (a6)
	add	a3, a3, a7
	add	a1, a1, a7
	sub	s1, s1, a7
	add	a6, a6, s0
	bnez	s1, .LBB0_26
	beqz	s8, .LBB0_30
.LBB0_28:
	sub	s8, s2, ra
	slli	a6, ra, 2
	addi	a1, sp, 92
	add	a6, a1, a6
	add	s1, a5, ra
	add	ra, t2, ra
.LBB0_29:
	lb	a1, 0(ra)
	lb	a3, 0(s1)
	lw	s4, 0(a6)
	mul	a1, a3, a1
	add	a1, a1, s4
	sw	a1, 0(a6)
	addi	s8, s8, -1
	addi	a6, a6, 4
	addi	s1, s1, 1
	addi	ra, ra, 1
	bnez	s8, .LBB0_29
.LBB0_30:
	bltu	a4, s9, .LBB0_38
	bgeu	s2, a7, .LBB0_33
	li	ra, 0
	j	.LBB0_36
.LBB0_33:
	addi	a1, a7, -1
	andi	s8, a1, 20
	xori	ra, s8, 20
	addi	a6, sp, 92
	mv	s1, ra
	mv	a1, t5
	mv	a3, t4
.LBB0_34:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v9, (a3)
	vle8.v	v10, (a1)
	vl1re32.v	v11, (a6)
	vsext.vf4	v12, v9
	vsext.vf4	v9, v10
	vmacc.vv	v11, v12, v9
	vs1r.v	v11, (a6)
	add	a3, a3, a7
	add	a1, a1, a7
	sub	s1, s1, a7
	add	a6, a6, s0
	bnez	s1, .LBB0_34
	beqz	s8, .LBB0_38
.LBB0_36:
	sub	s8, s2, ra
	slli	a6, ra, 2
	addi	a1, sp, 92
	add	a6, a1, a6
	add	s1, t5, ra
	add	ra, t4, ra
.LBB0_37:
	lb	a1, 0(ra)
	lb	a3, 0(s1)
	lw	s4, 0(a6)
	mul	a1, a3, a1
	add	a1, a1, s4
	sw	a1, 0(a6)
	addi	s8, s8, -1
	addi	a6, a6, 4
	addi	s1, s1, 1
	addi	ra, ra, 1
	bnez	s8, .LBB0_37
.LBB0_38:
	bltu	s7, s9, .LBB0_5
	bgeu	s2, a7, .LBB0_41
	li	ra, 0
	j	.LBB0_44
.LBB0_41:
	addi	a1, a7, -1
	andi	s8, a1, 20
	xori	ra, s8, 20
	addi	a6, sp, 92
	mv	s1, ra
	mv	a1, t6
	mv	a3, a0
.LBB0_42:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v9, (a3)
	vle8.v	v10, (a1)
	vl1re32.v	v11, (a6)
	vsext.vf4	v12, v9
	vsext.vf4	v9, v10
	vmacc.vv	v11, v12, v9
	vs1r.v	v11, (a6)
	add	a3, a3, a7
	add	a1, a1, a7
	sub	s1, s1, a7
	add	a6, a6, s0
	bnez	s1, .LBB0_42
	beqz	s8, .LBB0_5
.LBB0_44:
	sub	s8, s2, ra
	slli	a6, ra, 2
	addi	a1, sp, 92
	add	a6, a1, a6
	add	s1, t6, ra
	add	ra, a0, ra
.LBB0_45:
	lb	a1, 0(ra)
	lb	a3, 0(s1)
	lw	s4, 0(a6)
	mul	a1, a3, a1
	add	a1, a1, s4
	sw	a1, 0(a6)
	addi	s8, s8, -1
	addi	a6, a6, 4
	addi	s1, s1, 1
	addi	ra, ra, 1
	bnez	s8, .LBB0_45
	j	.LBB0_5
.LBB0_46:
	bgeu	s2, a7, .LBB0_48
	li	a0, 0
	li	a6, 28
	lw	t2, 84(sp)
	lw	t1, 80(sp)
	lw	t4, 76(sp)
	lw	t3, 72(sp)
	lw	s1, 68(sp)
	lw	s4, 64(sp)
	j	.LBB0_51
.LBB0_48:
	addi	a1, a7, -1
	andi	a1, a1, 20
	xori	a0, a1, 20
	addi	a3, sp, 92
	mv	a4, a0
	lw	t2, 84(sp)
	mv	a5, t2
	li	a6, 28
.LBB0_49:
	vl1re32.v	v9, (a3)
	vsetvli	zero, zero, e32, m1, ta, ma
	vmadd.vx	v9, a6, v8
	vsra.vi	v9, v9, 14
	vmax.vx	v9, v9, s5
	vmin.vx	v9, v9, s6
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v9, v9, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v9, v9, 0
	vadd.vi	v9, v9, 2
	vse8.v	v9, (a5)
	add	a3, a3, s0
	sub	a4, a4, a7
	add	a5, a5, a7
	bnez	a4, .LBB0_49
	lw	t1, 80(sp)
	lw	t4, 76(sp)
	lw	t3, 72(sp)
	lw	s1, 68(sp)
	lw	s4, 64(sp)
	beqz	a1, .LBB0_3
.LBB0_51:
	sub	a1, s2, a0
	add	a3, t2, a0
	slli	a0, a0, 2
	addi	a2, sp, 92
	add	a0, a2, a0
.LBB0_52:
	lw	a2, 0(a0)
	addi	a2, a2, 292
	mul	a2, a2, a6
	addi	a2, a2, 16
	srai	a2, a2, 14
	max	a2, a2, s5
	min	a2, a2, s6
	addi	a2, a2, 2
	sb	a2, 0(a3)
	addi	a1, a1, -1
	addi	a3, a3, 1
	addi	a0, a0, 4
	bnez	a1, .LBB0_52
	j	.LBB0_3
.LBB0_53:
	lw	ra, 220(sp)
	lw	s0, 216(sp)
	lw	s1, 212(sp)
	lw	s2, 208(sp)
	lw	s3, 204(sp)
	lw	s4, 200(sp)
	lw	s5, 196(sp)
	lw	s6, 192(sp)
	lw	s7, 188(sp)
	lw	s8, 184(sp)
	lw	s9, 180(sp)
	lw	s10, 176(sp)
	lw	s11, 172(sp)
	addi	sp, sp, 224
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
