	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"bmm.c"
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
	li	t0, 0
	addi	a3, a0, 2047
	addi	a3, a3, 1025
	addi	a7, a0, 1024
	csrr	a6, vlenb
	srli	a4, a6, 2
	li	t1, 32
	li	t2, 25
	li	t3, -131
	li	t4, 124
	addi	a5, a4, -1
	andi	a5, a5, 32
	xori	t5, a5, 32
	slli	a6, a6, 3
	vsetvli	t6, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	t0, t0, 1
	addi	a0, a0, 32
	beq	t0, t1, .LBB0_11
.LBB0_2:
	li	t6, 0
	slli	s0, t0, 5
	mv	s1, a1
	j	.LBB0_4
.LBB0_3:
	addi	s2, s2, 327
	mul	s2, s2, t2
	addi	s2, s2, 17
	srai	s2, s2, 14
	max	s2, s2, t3
	min	s2, s2, t4
	addi	s2, s2, 3
	add	s3, t6, s0
	add	s3, a2, s3
	sb	s2, 0(s3)
	addi	t6, t6, 1
	addi	s1, s1, 1
	beq	t6, t1, .LBB0_1
.LBB0_4:
	bgeu	t1, a4, .LBB0_6
	li	s5, 0
	li	s2, 0
	j	.LBB0_9
.LBB0_6:
	mv	s2, s1
	mv	s3, t5
	mv	s4, a0
	vmv1r.v	v9, v8
.LBB0_7:
	vle8.v	v10, (s4)
	vlse8.v	v11, (s2), t1
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s4, s4, a4
	sub	s3, s3, a4
	add	s2, s2, a6
	bnez	s3, .LBB0_7
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s2, v9
	mv	s5, t5
	beqz	a5, .LBB0_3
.LBB0_9:
	slli	s3, s5, 5
	add	s3, s1, s3
	sub	s4, t1, s5
	add	s5, a0, s5
.LBB0_10:
	lb	s6, 0(s5)
	lb	s7, 0(s3)
	mul	s6, s7, s6
	add	s2, s6, s2
	addi	s3, s3, 32
	addi	s4, s4, -1
	addi	s5, s5, 1
	bnez	s4, .LBB0_10
	j	.LBB0_3
.LBB0_11:
	li	a0, 0
	addi	t0, a1, 1024
	addi	t1, a2, 1024
	li	t2, 32
	li	t3, 25
	li	t4, -131
	li	t5, 124
	vmv.v.i	v8, 0
	mv	t6, a7
	j	.LBB0_13
.LBB0_12:
	addi	a0, a0, 1
	addi	t6, t6, 32
	beq	a0, t2, .LBB0_22
.LBB0_13:
	li	s0, 0
	slli	s1, a0, 5
	mv	s2, t0
	j	.LBB0_15
.LBB0_14:
	addi	s3, s4, 327
	mul	s3, s3, t3
	addi	s3, s3, 17
	srai	s3, s3, 14
	max	s3, s3, t4
	min	s3, s3, t5
	addi	s3, s3, 3
	add	s4, s0, s1
	add	s4, t1, s4
	sb	s3, 0(s4)
	addi	s0, s0, 1
	addi	s2, s2, 1
	beq	s0, t2, .LBB0_12
.LBB0_15:
	bgeu	t2, a4, .LBB0_17
	li	s3, 0
	li	s4, 0
	j	.LBB0_20
.LBB0_17:
	xori	s3, a5, 32
	mv	s4, s2
	mv	s5, s3
	mv	s6, t6
	vmv1r.v	v9, v8
.LBB0_18:
	vle8.v	v10, (s6)
	vlse8.v	v11, (s4), t2
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s6, s6, a4
	sub	s5, s5, a4
	add	s4, s4, a6
	bnez	s5, .LBB0_18
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s4, v9
	beqz	a5, .LBB0_14
.LBB0_20:
	sub	s5, t2, s3
	slli	s6, s3, 5
	add	s6, s2, s6
	add	s3, t6, s3
.LBB0_21:
	lb	s7, 0(s3)
	lb	s8, 0(s6)
	mul	s7, s8, s7
	add	s4, s7, s4
	addi	s5, s5, -1
	addi	s6, s6, 32
	addi	s3, s3, 1
	bnez	s5, .LBB0_21
	j	.LBB0_14
.LBB0_22:
	li	a0, 0
	addi	a7, a7, 1024
	li	t0, 1
	slli	t1, t0, 11
	add	t0, a1, t1
	add	t1, a2, t1
	li	t2, 32
	li	t3, 25
	li	t4, -131
	li	t5, 124
	vmv.v.i	v8, 0
	j	.LBB0_24
.LBB0_23:
	addi	a0, a0, 1
	addi	a7, a7, 32
	beq	a0, t2, .LBB0_33
.LBB0_24:
	li	t6, 0
	slli	s0, a0, 5
	mv	s1, t0
	j	.LBB0_26
.LBB0_25:
	addi	s2, s3, 327
	mul	s2, s2, t3
	addi	s2, s2, 17
	srai	s2, s2, 14
	max	s2, s2, t4
	min	s2, s2, t5
	addi	s2, s2, 3
	add	s3, t6, s0
	add	s3, t1, s3
	sb	s2, 0(s3)
	addi	t6, t6, 1
	addi	s1, s1, 1
	beq	t6, t2, .LBB0_23
.LBB0_26:
	bgeu	t2, a4, .LBB0_28
	li	s2, 0
	li	s3, 0
	j	.LBB0_31
.LBB0_28:
	xori	s2, a5, 32
	mv	s3, s1
	mv	s4, s2
	mv	s5, a7
	vmv1r.v	v9, v8
.LBB0_29:
	vle8.v	v10, (s5)
	vlse8.v	v11, (s3), t2
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s5, s5, a4
	sub	s4, s4, a4
	add	s3, s3, a6
	bnez	s4, .LBB0_29
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s3, v9
	beqz	a5, .LBB0_25
.LBB0_31:
	sub	s4, t2, s2
	slli	s5, s2, 5
	add	s5, s1, s5
	add	s2, a7, s2
.LBB0_32:
	lb	s6, 0(s2)
	lb	s7, 0(s5)
	mul	s6, s7, s6
	add	s3, s6, s3
	addi	s4, s4, -1
	addi	s5, s5, 32
	addi	s2, s2, 1
	bnez	s4, .LBB0_32
	j	.LBB0_25
.LBB0_33:
	li	a0, 0
	li	a7, 3
	slli	a7, a7, 10
	add	a1, a1, a7
	add	a2, a2, a7
	li	a7, 32
	li	t0, 25
	li	t1, -131
	li	t2, 124
	vmv.v.i	v8, 0
	j	.LBB0_35
.LBB0_34:
	addi	a0, a0, 1
	addi	a3, a3, 32
	beq	a0, a7, .LBB0_44
.LBB0_35:
	li	t3, 0
	slli	t4, a0, 5
	mv	t5, a1
	j	.LBB0_37
.LBB0_36:
	addi	t6, s0, 327
	mul	t6, t6, t0
	addi	t6, t6, 17
	srai	t6, t6, 14
	max	t6, t6, t1
	min	t6, t6, t2
	addi	t6, t6, 3
	add	s0, t3, t4
	add	s0, a2, s0
	sb	t6, 0(s0)
	addi	t3, t3, 1
	addi	t5, t5, 1
	beq	t3, a7, .LBB0_34
.LBB0_37:
	bgeu	a7, a4, .LBB0_39
	li	t6, 0
	li	s0, 0
	j	.LBB0_42
.LBB0_39:
	xori	t6, a5, 32
	mv	s0, t5
	mv	s1, t6
	mv	s2, a3
	vmv1r.v	v9, v8
.LBB0_40:
	vle8.v	v10, (s2)
	vlse8.v	v11, (s0), a7
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s2, s2, a4
	sub	s1, s1, a4
	add	s0, s0, a6
	bnez	s1, .LBB0_40
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s0, v9
	beqz	a5, .LBB0_36
.LBB0_42:
	sub	s1, a7, t6
	slli	s2, t6, 5
	add	s2, t5, s2
	add	t6, a3, t6
.LBB0_43:
	lb	s3, 0(t6)
	lb	s4, 0(s2)
	mul	s3, s4, s3
	add	s0, s3, s0
	addi	s1, s1, -1
	addi	s2, s2, 32
	addi	t6, t6, 1
	bnez	s1, .LBB0_43
	j	.LBB0_36
.LBB0_44:
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
