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
	sw	s9, 8(sp)
	sw	s10, 4(sp)
	li	t1, 0
	csrr	a7, vlenb
	srli	t0, a7, 2
	li	t2, 50
	li	t3, 30
	li	t4, 26
	li	t5, -128
	li	t6, 127
	li	s0, 10
	vsetvli	s1, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	li	s1, 100
	j	.LBB0_2
.LBB0_1:
	addi	t1, t1, 1
	addi	a0, a0, 30
	beq	t1, s0, .LBB0_13
.LBB0_2:
	li	s2, 0
	mul	s3, t1, t2
	mv	s4, a1
	j	.LBB0_4
.LBB0_3:
	addi	s5, s5, 315
	mul	s5, s5, t4
	addi	s5, s5, 2
	srai	s5, s5, 14
	max	s5, s5, t5
	min	s5, s5, t6
	max	s5, s5, zero
	add	s6, s2, s3
	add	s6, a6, s6
	sb	s5, 0(s6)
	addi	s2, s2, 1
	addi	s4, s4, 1
	beq	s2, t2, .LBB0_1
.LBB0_4:
	beqz	a2, .LBB0_7
	slli	s5, s2, 2
	add	s5, a2, s5
	lw	s5, 0(s5)
	bgeu	t3, t0, .LBB0_8
.LBB0_6:
	li	s6, 0
	j	.LBB0_11
.LBB0_7:
	li	s5, 0
	bltu	t3, t0, .LBB0_6
.LBB0_8:
	addi	s6, t0, -1
	andi	s7, s6, 30
	xori	s6, s7, 30
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, s5
	srli	s5, a7, 3
	mul	s5, s5, s1
	mv	s8, s4
	mv	s9, s6
	mv	s10, a0
.LBB0_9:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s10)
	vlse8.v	v11, (s8), t2
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s10, s10, t0
	sub	s9, s9, t0
	add	s8, s8, s5
	bnez	s9, .LBB0_9
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s5, v9
	beqz	s7, .LBB0_3
.LBB0_11:
	sub	s7, t3, s6
	mul	s8, s6, t2
	add	s8, s4, s8
	add	s6, a0, s6
.LBB0_12:
	lb	s9, 0(s6)
	lb	s10, 0(s8)
	mul	s9, s10, s9
	add	s5, s9, s5
	addi	s7, s7, -1
	addi	s8, s8, 50
	addi	s6, s6, 1
	bnez	s7, .LBB0_12
	j	.LBB0_3
.LBB0_13:
	li	a0, 0
	li	a1, 30
	li	a2, 50
	li	t1, 20
	li	t2, -125
	li	t3, 130
	li	t4, 10
	addi	t5, t0, -1
	andi	t5, t5, 50
	xori	t6, t5, 50
	li	s0, 60
	j	.LBB0_15
.LBB0_14:
	addi	a0, a0, 1
	addi	a6, a6, 50
	beq	a0, t4, .LBB0_26
.LBB0_15:
	li	s1, 0
	mul	s2, a0, a1
	mv	s3, a3
	j	.LBB0_17
.LBB0_16:
	addi	s4, s4, 204
	mul	s4, s4, t1
	addi	s4, s4, 16
	srai	s4, s4, 13
	max	s4, s4, t2
	min	s4, s4, t3
	addi	s4, s4, -3
	add	s5, s1, s2
	add	s5, a5, s5
	sb	s4, 0(s5)
	addi	s1, s1, 1
	addi	s3, s3, 1
	beq	s1, a1, .LBB0_14
.LBB0_17:
	beqz	a4, .LBB0_20
	slli	s4, s1, 2
	add	s4, a4, s4
	lw	s4, 0(s4)
	bgeu	a2, t0, .LBB0_21
.LBB0_19:
	li	s7, 0
	j	.LBB0_24
.LBB0_20:
	li	s4, 0
	bltu	a2, t0, .LBB0_19
.LBB0_21:
	vsetvli	zero, zero, e32, m1, tu, ma
	vmv1r.v	v9, v8
	vmv.s.x	v9, s4
	srli	s4, a7, 3
	mul	s4, s4, s0
	mv	s5, s3
	mv	s6, t6
	mv	s7, a6
.LBB0_22:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s7)
	vlse8.v	v11, (s5), a1
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s7, s7, t0
	sub	s6, s6, t0
	add	s5, s5, s4
	bnez	s6, .LBB0_22
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s4, v9
	mv	s7, t6
	beqz	t5, .LBB0_16
.LBB0_24:
	sub	s5, a2, s7
	mul	s6, s7, a1
	add	s6, s3, s6
	add	s7, a6, s7
.LBB0_25:
	lb	s8, 0(s7)
	lb	s9, 0(s6)
	mul	s8, s9, s8
	add	s4, s8, s4
	addi	s5, s5, -1
	addi	s6, s6, 30
	addi	s7, s7, 1
	bnez	s5, .LBB0_25
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
	lw	s9, 8(sp)
	lw	s10, 4(sp)
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
