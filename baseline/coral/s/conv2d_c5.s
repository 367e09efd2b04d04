	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"conv2d.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -112
	sw	ra, 108(sp)
	sw	s0, 104(sp)
	sw	s1, 100(sp)
	sw	s2, 96(sp)
	sw	s3, 92(sp)
	sw	s4, 88(sp)
	sw	s5, 84(sp)
	sw	s6, 80(sp)
	sw	s7, 76(sp)
	sw	s8, 72(sp)
	sw	s9, 68(sp)
	sw	s10, 64(sp)
	sw	s11, 60(sp)
	sw	a3, 44(sp)
	sw	a2, 40(sp)
	li	a4, 0
	addi	a3, a0, -2048
	addi	s2, a3, -64
	lui	a2, 1
	add	a2, a1, a2
	sw	a2, 28(sp)
	addi	a2, a0, -1984
	lui	a0, 2
	sw	a1, 32(sp)
	add	a0, a1, a0
	sw	a0, 24(sp)
	li	t1, -32
	li	t2, 1
	slli	t2, t2, 11
	lui	t3, 3
	li	t4, 3
	li	s1, 64
	vsetvli	a0, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	a4, a4, 1
	lw	s2, 16(sp)
	add	s2, s2, t2
	lw	a3, 20(sp)
	add	a3, a3, t2
	lw	a2, 12(sp)
	add	a2, a2, t2
	li	a0, 32
	beq	a4, a0, .LBB0_32
.LBB0_2:
	li	s3, 0
	slli	a0, a4, 5
	sw	a0, 36(sp)
	sw	a2, 12(sp)
	sw	a2, 56(sp)
	sw	a3, 20(sp)
	sw	a3, 52(sp)
	sw	s2, 16(sp)
	j	.LBB0_4
.LBB0_3:
	addi	s3, s3, 1
	addi	s2, s2, 64
	lw	a0, 52(sp)
	addi	a0, a0, 64
	sw	a0, 52(sp)
	lw	a0, 56(sp)
	addi	a0, a0, 64
	sw	a0, 56(sp)
	li	a0, 32
	beq	s3, a0, .LBB0_1
.LBB0_4:
	li	s8, 0
	lw	a0, 36(sp)
	add	a0, s3, a0
	slli	a0, a0, 6
	sw	a0, 48(sp)
	addi	s10, s3, -31
	lw	t0, 24(sp)
	lw	a7, 28(sp)
	lw	a2, 32(sp)
	j	.LBB0_6
.LBB0_5:
	addi	a0, t5, 1424
	li	a1, 23
	mul	a0, a0, a1
	addi	a0, a0, 16
	srai	a0, a0, 16
	li	a1, -123
	max	a0, a0, a1
	li	a1, 132
	min	a0, a0, a1
	addi	a0, a0, -5
	lw	a1, 48(sp)
	add	a1, s8, a1
	lw	a3, 44(sp)
	add	a1, a3, a1
	sb	a0, 0(a1)
	addi	s8, s8, 1
	addi	a2, a2, 1
	addi	a7, a7, 1
	addi	t0, t0, 1
	beq	s8, s1, .LBB0_3
.LBB0_6:
	slli	a0, s8, 2
	lw	a1, 40(sp)
	add	a0, a1, a0
	lw	t5, 0(a0)
	li	a5, 0
	mv	s11, t0
	lw	s5, 56(sp)
	mv	ra, a7
	lw	s6, 52(sp)
	mv	a6, a2
	mv	s4, s2
	j	.LBB0_8
.LBB0_7:
	addi	a5, a5, 1
	add	s4, s4, t2
	add	a6, a6, t3
	add	s6, s6, t2
	add	ra, ra, t3
	add	s5, s5, t2
	add	s11, s11, t3
	beq	a5, t4, .LBB0_5
.LBB0_8:
	add	a0, a5, a4
	addi	a0, a0, -33
	bltu	a0, t1, .LBB0_7
	csrr	t6, vlenb
	beqz	s3, .LBB0_17
	srli	a3, t6, 2
	bgeu	s1, a3, .LBB0_12
	li	a0, 0
	j	.LBB0_15
.LBB0_12:
	addi	a0, a3, -1
	andi	s9, a0, 64
	xori	a0, s9, 64
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, t5
	slli	t5, t6, 4
	mv	a1, a6
	mv	s0, a0
	mv	s7, s4
.LBB0_13:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s7)
	vlse8.v	v11, (a1), s1
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s7, s7, a3
	sub	s0, s0, a3
	add	a1, a1, t5
	bnez	s0, .LBB0_13
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	t5, v9
	beqz	s9, .LBB0_17
.LBB0_15:
	sub	a3, s1, a0
	add	s9, s4, a0
	slli	a0, a0, 6
	add	a0, a6, a0
.LBB0_16:
	lb	a1, 0(s9)
	lb	s0, 0(a0)
	mul	a1, s0, a1
	add	t5, a1, t5
	addi	a3, a3, -1
	addi	s9, s9, 1
	addi	a0, a0, 64
	bnez	a3, .LBB0_16
.LBB0_17:
	srli	s0, t6, 2
	bgeu	s1, s0, .LBB0_19
	li	s9, 0
	j	.LBB0_22
.LBB0_19:
	addi	a0, s0, -1
	andi	a3, a0, 64
	xori	s9, a3, 64
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, t5
	slli	t5, t6, 4
	mv	a1, ra
	mv	a0, s9
	mv	s7, s6
.LBB0_20:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s7)
	vlse8.v	v11, (a1), s1
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s7, s7, s0
	sub	a0, a0, s0
	add	a1, a1, t5
	bnez	a0, .LBB0_20
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	t5, v9
	beqz	a3, .LBB0_24
.LBB0_22:
	sub	a3, s1, s9
	slli	a1, s9, 6
	add	a1, ra, a1
	add	s9, s6, s9
.LBB0_23:
	lb	a0, 0(s9)
	lb	s7, 0(a1)
	mul	a0, s7, a0
	add	t5, a0, t5
	addi	a3, a3, -1
	addi	a1, a1, 64
	addi	s9, s9, 1
	bnez	a3, .LBB0_23
.LBB0_24:
	bltu	s10, t1, .LBB0_7
	bgeu	s1, s0, .LBB0_27
	li	s9, 0
	j	.LBB0_30
.LBB0_27:
	addi	a0, s0, -1
	andi	a3, a0, 64
	xori	s9, a3, 64
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, t5
	slli	t6, t6, 4
	mv	a1, s11
	mv	a0, s9
	mv	t5, s5
.LBB0_28:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (t5)
	vlse8.v	v11, (a1), s1
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	t5, t5, s0
	sub	a0, a0, s0
	add	a1, a1, t6
	bnez	a0, .LBB0_28
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	t5, v9
	beqz	a3, .LBB0_7
.LBB0_30:
	sub	a3, s1, s9
	slli	a1, s9, 6
	add	a1, s11, a1
	add	s9, s5, s9
.LBB0_31:
	lb	a0, 0(s9)
	lb	t6, 0(a1)
	mul	a0, t6, a0
	add	t5, a0, t5
	addi	a3, a3, -1
	addi	a1, a1, 64
	addi	s9, s9, 1
	bnez	a3, .LBB0_31
	j	.LBB0_7
.LBB0_32:
	lw	ra, 108(sp)
	lw	s0, 104(sp)
	lw	s1, 100(sp)
	lw	s2, 96(sp)
	lw	s3, 92(sp)
	lw	s4, 88(sp)
	lw	s5, 84(sp)
	lw	s6, 80(sp)
	lw	s7, 76(sp)
	lw	s8, 72(sp)
	lw	s9, 68(sp)
	lw	s10, 64(sp)
	lw	s11, 60(sp)
	addi	sp, sp, 112
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
