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
	li	a3, 0
	addi	a2, a1, 240
	sw	a2, 44(sp)
	csrr	a6, vlenb
	srli	a7, a6, 2
	sw	a1, 48(sp)
	addi	a1, a1, 480
	sw	a1, 40(sp)
	li	t0, -20
	li	ra, -18
	li	t4, 20
	addi	s7, sp, 220
	li	s0, 27
	li	s1, -108
	li	s2, 147
	lui	a1, 4
	vsetvli	a2, zero, e32, m1, ta, ma
	vmv.v.x	v8, a1
	li	s6, 12
	j	.LBB0_2
.LBB0_1:
	lw	a3, 12(sp)
	addi	a3, a3, 1
	li	a1, 9
	beq	a3, a1, .LBB0_47
.LBB0_2:
	li	a4, 0
	slli	a1, a3, 1
	sw	a1, 32(sp)
	slli	a1, a3, 3
	sw	a3, 12(sp)
	sub	a1, a1, a3
	sw	a1, 24(sp)
	j	.LBB0_4
.LBB0_3:
	lw	a1, 140(sp)
	lw	a4, 28(sp)
	lw	a2, 24(sp)
	add	a2, a4, a2
	mul	a2, a2, t4
	lw	a3, 20(sp)
	add	a2, a3, a2
	sb	a1, 0(a2)
	lw	a1, 144(sp)
	sb	a1, 1(a2)
	lw	a1, 148(sp)
	sb	a1, 2(a2)
	lw	a1, 152(sp)
	sb	a1, 3(a2)
	lw	a1, 156(sp)
	sb	a1, 4(a2)
	lw	a1, 160(sp)
	sb	a1, 5(a2)
	lw	a1, 164(sp)
	sb	a1, 6(a2)
	lw	a1, 168(sp)
	sb	a1, 7(a2)
	lw	a1, 172(sp)
	sb	a1, 8(a2)
	lw	a1, 176(sp)
	sb	a1, 9(a2)
	lw	a1, 180(sp)
	sb	a1, 10(a2)
	lw	a1, 184(sp)
	sb	a1, 11(a2)
	lw	a1, 188(sp)
	sb	a1, 12(a2)
	lw	a1, 192(sp)
	sb	a1, 13(a2)
	lw	a1, 196(sp)
	sb	a1, 14(a2)
	lw	a1, 200(sp)
	sb	a1, 15(a2)
	lw	a1, 204(sp)
	sb	a1, 16(a2)
	lw	a1, 208(sp)
	sb	a1, 17(a2)
	lw	a1, 212(sp)
	sb	a1, 18(a2)
	lw	a1, 216(sp)
	addi	a4, a4, 1
	sb	a1, 19(a2)
	li	a1, 7
	beq	a4, a1, .LBB0_1
.LBB0_4:
	sw	t0, 140(sp)
	sw	t0, 144(sp)
	sw	t0, 148(sp)
	sw	t0, 152(sp)
	sw	t0, 156(sp)
	sw	t0, 160(sp)
	sw	t0, 164(sp)
	sw	t0, 168(sp)
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
	lw	a1, 16(sp)
	lw	a2, 0(a1)
	sw	a2, 132(sp)
	lw	a2, 4(a1)
	sw	a2, 128(sp)
	lw	a2, 8(a1)
	sw	a2, 124(sp)
	lw	a2, 12(a1)
	sw	a2, 120(sp)
	lw	a2, 16(a1)
	sw	a2, 116(sp)
	lw	a2, 20(a1)
	sw	a2, 112(sp)
	lw	a2, 24(a1)
	sw	a2, 108(sp)
	lw	a2, 28(a1)
	sw	a2, 104(sp)
	lw	a2, 32(a1)
	sw	a2, 100(sp)
	lw	a2, 36(a1)
	sw	a2, 96(sp)
	lw	a2, 40(a1)
	sw	a2, 92(sp)
	lw	a2, 44(a1)
	sw	a2, 88(sp)
	lw	a2, 48(a1)
	sw	a2, 84(sp)
	lw	a2, 52(a1)
	sw	a2, 80(sp)
	lw	a2, 56(a1)
	sw	a2, 76(sp)
	lw	a2, 60(a1)
	sw	a2, 72(sp)
	lw	a2, 64(a1)
	sw	a2, 68(sp)
	lw	a2, 68(a1)
	sw	a2, 64(sp)
	lw	a2, 72(a1)
	sw	a2, 60(sp)
	lw	a1, 76(a1)
	sw	a1, 56(sp)
	li	a2, 0
	sw	a4, 28(sp)
	slli	a4, a4, 1
	sw	a4, 52(sp)
	li	a3, 1
	j	.LBB0_6
.LBB0_5:
	lw	a1, 36(sp)
	andi	a1, a1, 1
	li	a2, 1
	li	a3, 0
	beqz	a1, .LBB0_3
.LBB0_6:
	sw	a3, 36(sp)
	li	a1, 0
	lw	a3, 32(sp)
	or	s8, a2, a3
	li	a3, 1
	j	.LBB0_8
.LBB0_7:
	andi	a2, t1, 1
	li	a1, 1
	li	a3, 0
	beqz	a2, .LBB0_5
.LBB0_8:
	sw	a3, 136(sp)
	li	a2, 0
	lw	a3, 132(sp)
	sw	a3, 220(sp)
	lw	a3, 128(sp)
	sw	a3, 224(sp)
	lw	a3, 124(sp)
	sw	a3, 228(sp)
	lw	a3, 120(sp)
	sw	a3, 232(sp)
	lw	a3, 116(sp)
	sw	a3, 236(sp)
	lw	a3, 112(sp)
	sw	a3, 240(sp)
	lw	a3, 108(sp)
	sw	a3, 244(sp)
	lw	a3, 104(sp)
	sw	a3, 248(sp)
	lw	a3, 100(sp)
	sw	a3, 252(sp)
	lw	a3, 96(sp)
	sw	a3, 256(sp)
	lw	a3, 92(sp)
	sw	a3, 260(sp)
	lw	a3, 88(sp)
	sw	a3, 264(sp)
	lw	a3, 84(sp)
	sw	a3, 268(sp)
	lw	a3, 80(sp)
	sw	a3, 272(sp)
	lw	a3, 76(sp)
	sw	a3, 276(sp)
	lw	a3, 72(sp)
	sw	a3, 280(sp)
	lw	a3, 68(sp)
	sw	a3, 284(sp)
	lw	a3, 64(sp)
	sw	a3, 288(sp)
	lw	a3, 60(sp)
	sw	a3, 292(sp)
	lw	a3, 56(sp)
	sw	a3, 296(sp)
	lw	a3, 52(sp)
	or	t5, a1, a3
	addi	a5, t5, 1
	addi	a1, t5, -13
	addi	t0, t5, 2
	lw	s11, 40(sp)
	lw	a3, 44(sp)
	lw	t3, 48(sp)
	j	.LBB0_10
.LBB0_9:
	addi	a2, a2, 1
	addi	t3, t3, 720
	addi	a3, a3, 720
	addi	s11, s11, 720
	li	a4, 3
	beq	a2, a4, .LBB0_40
.LBB0_10:
	add	a4, s8, a2
	addi	t1, a4, -19
	bltu	t1, ra, .LBB0_9
	li	t1, 14
	mul	a4, a4, t1
	beqz	t5, .LBB0_21
	li	s3, 0
	add	t1, t5, a4
	mul	t1, t1, s6
	addi	s10, t1, -180
	mv	s4, t3
	j	.LBB0_14
.LBB0_13:
	addi	s3, s3, 1
	addi	s4, s4, 20
	beq	s3, s6, .LBB0_21
.LBB0_14:
	add	t1, s10, s3
	add	t1, a0, t1
	lb	s9, 0(t1)
	bgeu	t4, a7, .LBB0_16
	li	t2, 0
	j	.LBB0_19
.LBB0_16:
	addi	t1, a7, -1
	andi	s5, t1, 20
	xori	t2, s5, 20
	addi	t6, sp, 220
	mv	t1, t2
	mv	ra, s4
.LBB0_17:
	vle8.v	v9, (ra)
	vl1re32.v	v10, (t6)
	vsext.vf4	v11, v9
	vmacc.vx	v10, s9, v11
	vs1r.v	v10, (t6)
	add	ra, ra, a7
	sub	t1, t1, a7
	add	t6, t6, a6
	bnez	t1, .LBB0_17
	beqz	s5, .LBB0_13
.LBB0_19:
	sub	s5, t4, t2
	slli	t6, t2, 2
	add	t6, s7, t6
	add	t1, s4, t2
.LBB0_20:
	lb	t2, 0(t1)
	lw	ra, 0(t6)
	mul	t2, t2, s9
	add	t2, t2, ra
	sw	t2, 0(t6)
	addi	s5, s5, -1
	addi	t6, t6, 4
	addi	t1, t1, 1
	bnez	s5, .LBB0_20
	j	.LBB0_13
.LBB0_21:
	li	s3, 0
	add	t1, a5, a4
	mul	t1, t1, s6
	addi	s10, t1, -180
	mv	ra, a3
	j	.LBB0_23
.LBB0_22:
	addi	s3, s3, 1
	addi	ra, ra, 20
	beq	s3, s6, .LBB0_30
.LBB0_23:
	add	t1, s10, s3
	add	t1, a0, t1
	lb	s9, 0(t1)
	bgeu	t4, a7, .LBB0_25
	li	t1, 0
	j	.LBB0_28
.LBB0_25:
	addi	t1, a7, -1
	andi	s5, t1, 20
	xori	t1, s5, 20
	addi	t6, sp, 220
	mv	t2, t1
	mv	s4, ra
.LBB0_26:
	vle8.v	v9, (s4)
	vl1re32.v	v10, (t6)
	vsext.vf4	v11, v9
	vmacc.vx	v10, s9, v11
	vs1r.v	v10, (t6)
	add	s4, s4, a7
	sub	t2, t2, a7
	add	t6, t6, a6
	bnez	t2, .LBB0_26
	beqz	s5, .LBB0_22
.LBB0_28:
	sub	s5, t4, t1
	slli	t6, t1, 2
	add	t6, s7, t6
	add	t1, ra, t1
.LBB0_29:
	lb	t2, 0(t1)
	lw	s4, 0(t6)
	mul	t2, t2, s9
	add	t2, t2, s4
	sw	t2, 0(t6)
	addi	s5, s5, -1
	addi	t6, t6, 4
	addi	t1, t1, 1
	bnez	s5, .LBB0_29
	j	.LBB0_22
.LBB0_30:
	li	ra, -18
	li	t1, -14
	bltu	a1, t1, .LBB0_9
	li	s3, 0
	add	a4, t0, a4
	mul	a4, a4, s6
	addi	a4, a4, -180
	mv	s10, s11
	j	.LBB0_33
.LBB0_32:
	addi	s3, s3, 1
	addi	s10, s10, 20
	beq	s3, s6, .LBB0_9
.LBB0_33:
	add	t1, a4, s3
	add	t1, a0, t1
	lb	s9, 0(t1)
	bgeu	t4, a7, .LBB0_35
	li	t1, 0
	j	.LBB0_38
.LBB0_35:
	addi	t1, a7, -1
	andi	s5, t1, 20
	xori	t1, s5, 20
	addi	t6, sp, 220
	mv	t2, t1
	mv	s4, s10
.LBB0_36:
	vle8.v	v9, (s4)
	vl1re32.v	v10, (t6)
	vsext.vf4	v11, v9
	vmacc.vx	v10, s9, v11
	vs1r.v	v10, (t6)
	add	s4, s4, a7
	sub	t2, t2, a7
	add	t6, t6, a6
	bnez	t2, .LBB0_36
	beqz	s5, .LBB0_32
.LBB0_38:
	sub	s5, t4, t1
	slli	t6, t1, 2
	add	t6, s7, t6
	add	t1, s10, t1
.LBB0_39:
	lb	t2, 0(t1)
	lw	s4, 0(t6)
	mul	t2, t2, s9
	add	t2, t2, s4
	sw	t2, 0(t6)
	addi	s5, s5, -1
	addi	t6, t6, 4
	addi	t1, t1, 1
	bnez	s5, .LBB0_39
	j	.LBB0_32
.LBB0_40:
	bgeu	t4, a7, .LBB0_42
	li	a1, 0
	li	t0, -20
	lw	t1, 136(sp)
	j	.LBB0_45
.LBB0_42:
	addi	a2, a7, -1
	andi	a2, a2, 20
	xori	a1, a2, 20
	addi	a3, sp, 220
	addi	a4, sp, 140
	mv	a5, a1
	li	t0, -20
.LBB0_43:
	vl1re32.v	v9, (a3)
	vmadd.vx	v9, s0, v8
	vsra.vi	v9, v9, 15
	vl1re32.v	v10, (a4)
	vmax.vx	v9, v9, s1
	vmin.vx	v9, v9, s2
	vadd.vx	v9, v9, t0
	vmax.vv	v9, v9, v10
	vs1r.v	v9, (a4)
	add	a3, a3, a6
	sub	a5, a5, a7
	add	a4, a4, a6
	bnez	a5, .LBB0_43
	lw	t1, 136(sp)
	beqz	a2, .LBB0_7
.LBB0_45:
	addi	a2, a1, -20
	slli	a3, a1, 2
	addi	a1, sp, 140
	add	a1, a1, a3
	add	a3, s7, a3
.LBB0_46:
	lw	a4, 0(a3)
	addi	a4, a4, 606
	mul	a4, a4, s0
	addi	a4, a4, 22
	srai	a4, a4, 15
	lw	a5, 0(a1)
	max	a4, a4, s1
	min	a4, a4, s2
	addi	a4, a4, -20
	max	a4, a4, a5
	sw	a4, 0(a1)
	addi	a2, a2, 1
	addi	a1, a1, 4
	addi	a3, a3, 4
	bnez	a2, .LBB0_46
	j	.LBB0_7
.LBB0_47:
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
