	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"conv_block.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -144
	sw	ra, 140(sp)
	sw	s0, 136(sp)
	sw	s1, 132(sp)
	sw	s2, 128(sp)
	sw	s3, 124(sp)
	sw	s4, 120(sp)
	sw	s5, 116(sp)
	sw	s6, 112(sp)
	sw	s7, 108(sp)
	sw	s8, 104(sp)
	sw	s9, 100(sp)
	sw	s10, 96(sp)
	sw	s11, 92(sp)
	sw	a3, 36(sp)
	sw	a2, 32(sp)
	sw	zero, 52(sp)
	li	a2, 0
	addi	t2, a0, -1056
	addi	a0, a1, 2047
	addi	a0, a0, 1
	sw	a0, 16(sp)
	lui	a0, 1
	sw	a1, 20(sp)
	add	a0, a1, a0
	sw	a0, 12(sp)
	li	t0, -32
	li	t1, 3
	li	t5, 64
	li	s0, 32
	vsetvli	a0, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	lw	a2, 8(sp)
	addi	a2, a2, 1
	lw	a0, 52(sp)
	addi	a0, a0, 2
	sw	a0, 52(sp)
	li	a0, 16
	beq	a2, a0, .LBB0_36
.LBB0_2:
	sw	zero, 64(sp)
	li	a1, 0
	slli	a0, a2, 1
	sw	a0, 48(sp)
	sw	a2, 8(sp)
	slli	a2, a2, 4
	sw	a2, 24(sp)
	li	a0, 1
	sw	a0, 60(sp)
	li	a0, 2
	sw	a0, 56(sp)
	j	.LBB0_4
.LBB0_3:
	lw	a1, 28(sp)
	addi	a1, a1, 1
	lw	a0, 64(sp)
	addi	a0, a0, 2
	sw	a0, 64(sp)
	lw	a0, 60(sp)
	addi	a0, a0, 2
	sw	a0, 60(sp)
	lw	a0, 56(sp)
	addi	a0, a0, 2
	sw	a0, 56(sp)
	li	a0, 16
	beq	a1, a0, .LBB0_1
.LBB0_4:
	li	a2, 0
	slli	a0, a1, 1
	sw	a0, 72(sp)
	sw	a1, 28(sp)
	lw	a0, 24(sp)
	add	a0, a1, a0
	slli	a0, a0, 6
	sw	a0, 40(sp)
	lw	a0, 12(sp)
	sw	a0, 88(sp)
	lw	a0, 16(sp)
	sw	a0, 84(sp)
	lw	a0, 20(sp)
	sw	a0, 80(sp)
	j	.LBB0_6
.LBB0_5:
	lw	a2, 44(sp)
	lw	a0, 40(sp)
	add	a0, a2, a0
	lw	a1, 36(sp)
	add	a0, a1, a0
	sb	t6, 0(a0)
	addi	a2, a2, 1
	lw	a0, 80(sp)
	addi	a0, a0, 1
	sw	a0, 80(sp)
	lw	a0, 84(sp)
	addi	a0, a0, 1
	sw	a0, 84(sp)
	lw	a0, 88(sp)
	addi	a0, a0, 1
	sw	a0, 88(sp)
	beq	a2, t5, .LBB0_3
.LBB0_6:
	sw	a2, 44(sp)
	slli	a0, a2, 2
	lw	a1, 32(sp)
	add	a0, a1, a0
	lw	a0, 0(a0)
	sw	a0, 76(sp)
	li	a0, 0
	li	a2, 1
	li	t6, -20
	j	.LBB0_8
.LBB0_7:
	lw	a1, 68(sp)
	andi	a1, a1, 1
	li	a0, 1
	li	a2, 0
	beqz	a1, .LBB0_5
.LBB0_8:
	sw	a2, 68(sp)
	li	a5, 0
	lw	a1, 48(sp)
	or	a1, a0, a1
	lw	a2, 52(sp)
	add	a0, a2, a0
	slli	a0, a0, 5
	lw	s1, 64(sp)
	add	s1, s1, a0
	lw	s5, 60(sp)
	add	s5, s5, a0
	lw	s6, 56(sp)
	add	s6, s6, a0
	li	s9, 1
	j	.LBB0_10
.LBB0_9:
	slli	a5, a5, 4
	lui	a0, 4
	add	a5, a5, a0
	srai	a5, a5, 15
	li	a0, -108
	max	a0, a5, a0
	li	a2, 147
	min	a0, a0, a2
	addi	a0, a0, -20
	max	t6, a0, t6
	andi	a0, s9, 1
	li	a5, 1
	li	s9, 0
	beqz	a0, .LBB0_7
.LBB0_10:
	li	a3, 0
	lw	a2, 72(sp)
	or	a2, a5, a2
	addi	s7, a2, -31
	add	a0, s1, a5
	slli	a0, a0, 5
	add	a7, t2, a0
	add	a0, s5, a5
	slli	a0, a0, 5
	add	a4, t2, a0
	add	a5, s6, a5
	slli	a5, a5, 5
	add	s3, t2, a5
	lw	s10, 88(sp)
	lw	s11, 84(sp)
	lw	a6, 80(sp)
	lw	a5, 76(sp)
	j	.LBB0_12
.LBB0_11:
	addi	a3, a3, 1
	addi	a7, a7, 1024
	slli	a0, t1, 11
	add	a6, a6, a0
	addi	a4, a4, 1024
	add	s11, s11, a0
	addi	s3, s3, 1024
	add	s10, s10, a0
	beq	a3, t1, .LBB0_9
.LBB0_12:
	add	a0, a1, a3
	addi	a0, a0, -33
	bltu	a0, t0, .LBB0_11
	csrr	t3, vlenb
	beqz	a2, .LBB0_21
	srli	s4, t3, 2
	bgeu	s0, s4, .LBB0_16
	li	s2, 0
	j	.LBB0_19
.LBB0_16:
	addi	a0, s4, -1
	andi	s8, a0, 32
	xori	s2, s8, 32
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, a5
	slli	a5, t3, 4
	mv	ra, a6
	mv	t4, s2
	mv	a0, a7
.LBB0_17:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (a0)
	vlse8.v	v11, (ra), t5
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	a0, a0, s4
	sub	t4, t4, s4
	add	ra, ra, a5
	bnez	t4, .LBB0_17
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	a5, v9
	beqz	s8, .LBB0_21
.LBB0_19:
	sub	s4, s0, s2
	add	s8, a7, s2
	slli	t4, s2, 6
	add	t4, a6, t4
.LBB0_20:
	lb	a0, 0(s8)
	lb	s2, 0(t4)
	mul	a0, s2, a0
	add	a5, a0, a5
	addi	s4, s4, -1
	addi	s8, s8, 1
	addi	t4, t4, 64
	bnez	s4, .LBB0_20
.LBB0_21:
	srli	t4, t3, 2
	bgeu	s0, t4, .LBB0_23
	li	s8, 0
	j	.LBB0_26
.LBB0_23:
	addi	a0, t4, -1
	andi	s4, a0, 32
	xori	s8, s4, 32
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, a5
	slli	a5, t3, 4
	mv	ra, s11
	mv	s2, s8
	mv	a0, a4
.LBB0_24:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (a0)
	vlse8.v	v11, (ra), t5
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	a0, a0, t4
	sub	s2, s2, t4
	add	ra, ra, a5
	bnez	s2, .LBB0_24
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	a5, v9
	beqz	s4, .LBB0_28
.LBB0_26:
	sub	s4, s0, s8
	slli	ra, s8, 6
	add	ra, s11, ra
	add	s8, a4, s8
.LBB0_27:
	lb	a0, 0(s8)
	lb	s2, 0(ra)
	mul	a0, s2, a0
	add	a5, a0, a5
	addi	s4, s4, -1
	addi	ra, ra, 64
	addi	s8, s8, 1
	bnez	s4, .LBB0_27
.LBB0_28:
	bltu	s7, t0, .LBB0_11
	bgeu	s0, t4, .LBB0_31
	li	s8, 0
	j	.LBB0_34
.LBB0_31:
	addi	a0, t4, -1
	andi	s4, a0, 32
	xori	s8, s4, 32
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, a5
	slli	t3, t3, 4
	mv	a5, s10
	mv	s2, s8
	mv	a0, s3
.LBB0_32:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (a0)
	vlse8.v	v11, (a5), t5
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	a0, a0, t4
	sub	s2, s2, t4
	add	a5, a5, t3
	bnez	s2, .LBB0_32
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	a5, v9
	beqz	s4, .LBB0_11
.LBB0_34:
	sub	t3, s0, s8
	slli	t4, s8, 6
	add	t4, s10, t4
	add	s8, s3, s8
.LBB0_35:
	lb	a0, 0(s8)
	lb	s2, 0(t4)
	mul	a0, s2, a0
	add	a5, a0, a5
	addi	t3, t3, -1
	addi	t4, t4, 64
	addi	s8, s8, 1
	bnez	t3, .LBB0_35
	j	.LBB0_11
.LBB0_36:
	lw	ra, 140(sp)
	lw	s0, 136(sp)
	lw	s1, 132(sp)
	lw	s2, 128(sp)
	lw	s3, 124(sp)
	lw	s4, 120(sp)
	lw	s5, 116(sp)
	lw	s6, 112(sp)
	lw	s7, 108(sp)
	lw	s8, 104(sp)
	lw	s9, 100(sp)
	lw	s10, 96(sp)
	lw	s11, 92(sp)
	addi	sp, sp, 144
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
