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
	sw	s9, 8(sp)
	sw	s10, 4(sp)
	li	a3, 0
	csrr	a4, vlenb
	srli	a5, a4, 2
	li	a6, 480
	li	a7, 20
	li	t0, 40
	li	t1, 22
	li	t2, -131
	li	t3, 124
	li	t4, 24
	li	t5, 5
	vsetvli	t6, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	a3, a3, 1
	addi	a0, a0, 960
	addi	a1, a1, 800
	beq	a3, t5, .LBB0_13
.LBB0_2:
	li	t6, 0
	mul	s0, a3, a6
	add	s0, a2, s0
	mv	s1, a0
	j	.LBB0_4
.LBB0_3:
	addi	t6, t6, 1
	addi	s1, s1, 40
	beq	t6, t4, .LBB0_1
.LBB0_4:
	li	s2, 0
	mul	s3, t6, a7
	mv	s4, a1
	j	.LBB0_6
.LBB0_5:
	addi	s5, s6, 372
	mul	s5, s5, t1
	addi	s5, s5, 8
	srai	s5, s5, 14
	max	s5, s5, t2
	min	s5, s5, t3
	addi	s5, s5, 3
	add	s6, s2, s3
	add	s6, s0, s6
	sb	s5, 0(s6)
	addi	s2, s2, 1
	addi	s4, s4, 1
	beq	s2, a7, .LBB0_3
.LBB0_6:
	bgeu	t0, a5, .LBB0_8
	li	s5, 0
	li	s6, 0
	j	.LBB0_11
.LBB0_8:
	addi	s5, a5, -1
	andi	s7, s5, 40
	xori	s5, s7, 40
	slli	s6, a4, 2
	add	s6, s6, a4
	mv	s8, s4
	mv	s9, s5
	mv	s10, s1
	vmv1r.v	v9, v8
.LBB0_9:
	vle8.v	v10, (s10)
	vlse8.v	v11, (s8), a7
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s10, s10, a5
	sub	s9, s9, a5
	add	s8, s8, s6
	bnez	s9, .LBB0_9
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s6, v9
	beqz	s7, .LBB0_5
.LBB0_11:
	sub	s7, t0, s5
	mul	s8, s5, a7
	add	s8, s4, s8
	add	s5, s1, s5
.LBB0_12:
	lb	s9, 0(s5)
	lb	s10, 0(s8)
	mul	s9, s10, s9
	add	s6, s9, s6
	addi	s7, s7, -1
	addi	s8, s8, 20
	addi	s5, s5, 1
	bnez	s7, .LBB0_12
	j	.LBB0_5
.LBB0_13:
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
