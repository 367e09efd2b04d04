	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"ffn.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -48
	sw	s0, 44(sp)
	sw	s1, 40(sp)
	sw	s2, 36(sp)
	sw	s3, 32(sp)
	sw	s4, 28(sp)
	sw	s5, 24(sp)
	sw	s6, 20(sp)
	sw	s7, 16(sp)
	sw	s8, 12(sp)
	li	t1, 0
	csrr	a7, vlenb
	srli	t0, a7, 2
	li	t2, 64
	li	t3, 18
	li	t4, -128
	li	t5, 127
	li	t6, 32
	vsetvli	s0, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	t1, t1, 1
	addi	a0, a0, 64
	beq	t1, t6, .LBB0_13
.LBB0_2:
	li	s0, 0
	slli	s1, t1, 6
	mv	s2, a1
	j	.LBB0_4
.LBB0_3:
	addi	s3, s3, 455
	mul	s3, s3, t3
	addi	s3, s3, 2
	srai	s3, s3, 14
	max	s3, s3, t4
	min	s3, s3, t5
	max	s3, s3, zero
	add	s4, s0, s1
	add	s4, a6, s4
	sb	s3, 0(s4)
	addi	s0, s0, 1
	addi	s2, s2, 1
	beq	s0, t2, .LBB0_1
.LBB0_4:
	beqz	a2, .LBB0_7
	slli	s3, s0, 2
	add	s3, a2, s3
	lw	s3, 0(s3)
	bgeu	t2, t0, .LBB0_8
.LBB0_6:
	li	s4, 0
	j	.LBB0_11
.LBB0_7:
	li	s3, 0
	bltu	t2, t0, .LBB0_6
.LBB0_8:
	addi	s4, t0, -1
	andi	s5, s4, 64
	xori	s4, s5, 64
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, s3
	slli	s3, a7, 4
	mv	s6, s2
	mv	s7, s4
	mv	s8, a0
.LBB0_9:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s8)
	vlse8.v	v11, (s6), t2
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s8, s8, t0
	sub	s7, s7, t0
	add	s6, s6, s3
	bnez	s7, .LBB0_9
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s3, v9
	beqz	s5, .LBB0_3
.LBB0_11:
	slli	s5, s4, 6
	add	s5, s2, s5
	sub	s6, t2, s4
	add	s4, a0, s4
.LBB0_12:
	lb	s7, 0(s4)
	lb	s8, 0(s5)
	mul	s7, s8, s7
	add	s3, s7, s3
	addi	s5, s5, 64
	addi	s6, s6, -1
	addi	s4, s4, 1
	bnez	s6, .LBB0_12
	j	.LBB0_3
.LBB0_13:
	li	a0, 0
	li	a1, 64
	li	a2, 18
	li	t1, -125
	li	t2, 130
	li	t3, 32
	addi	t4, t0, -1
	andi	t4, t4, 64
	xori	t5, t4, 64
	j	.LBB0_15
.LBB0_14:
	addi	a0, a0, 1
	addi	a6, a6, 64
	beq	a0, t3, .LBB0_26
.LBB0_15:
	li	t6, 0
	slli	s0, a0, 6
	mv	s1, a3
	j	.LBB0_17
.LBB0_16:
	addi	s2, s2, 227
	mul	s2, s2, a2
	addi	s2, s2, 10
	srai	s2, s2, 13
	max	s2, s2, t1
	min	s2, s2, t2
	addi	s2, s2, -3
	add	s3, t6, s0
	add	s3, a5, s3
	sb	s2, 0(s3)
	addi	t6, t6, 1
	addi	s1, s1, 1
	beq	t6, a1, .LBB0_14
.LBB0_17:
	beqz	a4, .LBB0_20
	slli	s2, t6, 2
	add	s2, a4, s2
	lw	s2, 0(s2)
	bgeu	a1, t0, .LBB0_21
.LBB0_19:
	li	s5, 0
	j	.LBB0_24
.LBB0_20:
	li	s2, 0
	bltu	a1, t0, .LBB0_19
.LBB0_21:
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, s2
	slli	s2, a7, 4
	mv	s3, s1
	mv	s4, t5
	mv	s5, a6
.LBB0_22:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s5)
	vlse8.v	v11, (s3), a1
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s5, s5, t0
	sub	s4, s4, t0
	add	s3, s3, s2
	bnez	s4, .LBB0_22
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s2, v9
	mv	s5, t5
	beqz	t4, .LBB0_16
.LBB0_24:
	slli	s3, s5, 6
	add	s3, s1, s3
	sub	s4, a1, s5
	add	s5, a6, s5
.LBB0_25:
	lb	s6, 0(s5)
	lb	s7, 0(s3)
	mul	s6, s7, s6
	add	s2, s6, s2
	addi	s3, s3, 64
	addi	s4, s4, -1
	addi	s5, s5, 1
	bnez	s4, .LBB0_25
	j	.LBB0_16
.LBB0_26:
	lw	s0, 44(sp)
	lw	s1, 40(sp)
	lw	s2, 36(sp)
	lw	s3, 32(sp)
	lw	s4, 28(sp)
	lw	s5, 24(sp)
	lw	s6, 20(sp)
	lw	s7, 16(sp)
	lw	s8, 12(sp)
	addi	sp, sp, 48
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
