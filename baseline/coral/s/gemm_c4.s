	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"gemm.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -32
	sw	s0, 28(sp)
	sw	s1, 24(sp)
	sw	s2, 20(sp)
	sw	s3, 16(sp)
	sw	s4, 12(sp)
	sw	s5, 8(sp)
	sw	s6, 4(sp)
	sw	s7, 0(sp)
	li	a3, 0
	csrr	t5, vlenb
	srli	a4, t5, 2
	li	a5, 40
	li	a6, 100
	li	a7, 28
	li	t0, -131
	li	t1, 124
	li	t2, 48
	addi	t3, a4, -1
	andi	t3, t3, 100
	xori	t4, t3, 100
	li	t6, 10
	mul	t5, t5, t6
	vsetvli	t6, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	a3, a3, 1
	addi	a0, a0, 100
	beq	a3, t2, .LBB0_11
.LBB0_2:
	li	t6, 0
	mul	s0, a3, a5
	mv	s1, a1
	j	.LBB0_4
.LBB0_3:
	addi	s2, s2, 585
	mul	s2, s2, a7
	addi	s2, s2, 4
	srai	s2, s2, 15
	max	s2, s2, t0
	min	s2, s2, t1
	addi	s2, s2, 3
	add	s3, t6, s0
	add	s3, a2, s3
	sb	s2, 0(s3)
	addi	t6, t6, 1
	addi	s1, s1, 1
	beq	t6, a5, .LBB0_1
.LBB0_4:
	bgeu	a6, a4, .LBB0_6
	li	s5, 0
	li	s2, 0
	j	.LBB0_9
.LBB0_6:
	mv	s2, s1
	mv	s3, t4
	mv	s4, a0
	vmv1r.v	v9, v8
.LBB0_7:
	vle8.v	v10, (s4)
	vlse8.v	v11, (s2), a5
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	s4, s4, a4
	sub	s3, s3, a4
	add	s2, s2, t5
	bnez	s3, .LBB0_7
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	s2, v9
	mv	s5, t4
	beqz	t3, .LBB0_3
.LBB0_9:
	sub	s3, a6, s5
	mul	s4, s5, a5
	add	s4, s1, s4
	add	s5, a0, s5
.LBB0_10:
	lb	s6, 0(s5)
	lb	s7, 0(s4)
	mul	s6, s7, s6
	add	s2, s6, s2
	addi	s3, s3, -1
	addi	s4, s4, 40
	addi	s5, s5, 1
	bnez	s3, .LBB0_10
	j	.LBB0_3
.LBB0_11:
	lw	s0, 28(sp)
	lw	s1, 24(sp)
	lw	s2, 20(sp)
	lw	s3, 16(sp)
	lw	s4, 12(sp)
	lw	s5, 8(sp)
	lw	s6, 4(sp)
	lw	s7, 0(sp)
	addi	sp, sp, 32
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
