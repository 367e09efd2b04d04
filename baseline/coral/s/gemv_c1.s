	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"gemv.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -16
	sw	s0, 12(sp)
	sw	s1, 8(sp)
	sw	s2, 4(sp)
	li	a3, 0
	csrr	a4, vlenb
	srli	a4, a4, 2
	li	a5, 64
	li	a6, 18
	li	a7, -131
	li	t0, 124
	li	t1, 16
	addi	t2, a4, -1
	andi	t2, t2, 64
	xori	t3, t2, 64
	vsetvli	t4, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	t4, t4, 455
	mul	t4, t4, a6
	addi	t4, t4, 2
	srai	t4, t4, 14
	max	t4, t4, a7
	min	t4, t4, t0
	addi	t4, t4, 3
	add	t5, a2, a3
	sb	t4, 0(t5)
	addi	a3, a3, 1
	addi	a0, a0, 64
	beq	a3, t1, .LBB0_9
.LBB0_2:
	bgeu	a5, a4, .LBB0_4
	li	s0, 0
	li	t4, 0
	j	.LBB0_7
.LBB0_4:
	mv	t4, t3
	mv	t5, a1
	mv	t6, a0
	vmv1r.v	v9, v8
.LBB0_5:
	vle8.v	v10, (t6)
	vle8.v	v11, (t5)
	vsext.vf4	v12, v10
	vsext.vf4	v10, v11
	vmacc.vv	v9, v10, v12
	add	t6, t6, a4
	sub	t4, t4, a4
	add	t5, t5, a4
	bnez	t4, .LBB0_5
	vmv.s.x	v10, zero
	vredsum.vs	v9, v9, v10
	vmv.x.s	t4, v9
	mv	s0, t3
	beqz	t2, .LBB0_1
.LBB0_7:
	addi	t5, s0, -64
	add	t6, a1, s0
	add	s0, a0, s0
.LBB0_8:
	lb	s1, 0(s0)
	lb	s2, 0(t6)
	mul	s1, s2, s1
	add	t4, s1, t4
	addi	t5, t5, 1
	addi	t6, t6, 1
	addi	s0, s0, 1
	bnez	t5, .LBB0_8
	j	.LBB0_1
.LBB0_9:
	lw	s0, 12(sp)
	lw	s1, 8(sp)
	lw	s2, 4(sp)
	addi	sp, sp, 16
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
