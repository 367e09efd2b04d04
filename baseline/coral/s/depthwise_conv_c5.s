	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"depthwise_conv.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -160
	sw	ra, 156(sp)
	sw	s0, 152(sp)
	sw	s1, 148(sp)
	sw	s2, 144(sp)
	sw	s3, 140(sp)
	sw	s4, 136(sp)
	sw	s5, 132(sp)
	sw	s6, 128(sp)
	sw	s7, 124(sp)
	sw	s8, 120(sp)
	sw	s9, 116(sp)
	sw	s10, 112(sp)
	sw	s11, 108(sp)
	sw	a2, 32(sp)
	li	a4, 0
	csrr	a5, vlenb
	srli	a6, a5, 2
	addi	t0, a0, -462
	addi	a1, a1, 6
	sw	a1, 24(sp)
	li	a7, -32
	vsetvli	a0, zero, e32, m1, ta, ma
	lui	a0, 1
	vmv.v.x	v8, a0
	vid.v	v9
	sw	a5, 20(sp)
	sw	a6, 28(sp)
	j	.LBB0_2
.LBB0_1:
	addi	a4, a4, 1
	lw	t0, 12(sp)
	addi	t0, t0, 448
	lw	a3, 16(sp)
	addi	a3, a3, 448
	li	a0, 32
	beq	a4, a0, .LBB0_16
.LBB0_2:
	li	t3, 0
	li	a0, -33
	sw	a0, 48(sp)
	sw	a3, 16(sp)
	mv	t4, a3
	sw	t0, 12(sp)
	j	.LBB0_4
.LBB0_3:
	addi	t3, t3, 1
	lw	a0, 48(sp)
	addi	a0, a0, 1
	sw	a0, 48(sp)
	lw	t0, 44(sp)
	addi	t0, t0, 14
	addi	t4, t4, 14
	li	a0, 32
	beq	t3, a0, .LBB0_1
.LBB0_4:
	sw	t4, 36(sp)
	sw	t3, 40(sp)
	lw	a1, 32(sp)
	lw	s3, 0(a1)
	sw	s3, 52(sp)
	lw	s4, 4(a1)
	sw	s4, 56(sp)
	lw	s5, 8(a1)
	sw	s5, 60(sp)
	lw	s6, 12(a1)
	sw	s6, 64(sp)
	lw	s7, 16(a1)
	sw	s7, 68(sp)
	lw	s8, 20(a1)
	sw	s8, 72(sp)
	lw	s9, 24(a1)
	sw	s9, 76(sp)
	lw	s10, 28(a1)
	sw	s10, 80(sp)
	lw	s11, 32(a1)
	sw	s11, 84(sp)
	lw	ra, 36(a1)
	sw	ra, 88(sp)
	lw	a0, 40(a1)
	sw	a0, 92(sp)
	lw	a3, 44(a1)
	sw	a3, 96(sp)
	lw	t1, 48(a1)
	sw	t1, 100(sp)
	lw	t5, 52(a1)
	li	a1, 0
	sw	t5, 104(sp)
	lw	a2, 24(sp)
	sw	t0, 44(sp)
	j	.LBB0_6
.LBB0_5:
	addi	a1, a1, 1
	addi	t0, t0, 448
	addi	a2, a2, 42
	li	a5, 3
	beq	a1, a5, .LBB0_11
.LBB0_6:
	add	a5, a1, a4
	addi	a5, a5, -33
	bltu	a5, a7, .LBB0_5
	li	a5, 3
	mv	t6, a2
	mv	s2, t0
	lw	s0, 48(sp)
	j	.LBB0_9
.LBB0_8:
	addi	s0, s0, 1
	addi	s2, s2, 14
	addi	a5, a5, -1
	addi	t6, t6, 14
	beqz	a5, .LBB0_5
.LBB0_9:
	bltu	s0, a7, .LBB0_8
	lb	t3, 0(s2)
	lb	t4, -6(t6)
	lb	a6, 1(s2)
	lb	t2, -5(t6)
	mul	t3, t4, t3
	add	s3, t3, s3
	mul	a6, t2, a6
	lb	t2, 2(s2)
	lb	t3, -4(t6)
	lb	t4, 3(s2)
	lb	s1, -3(t6)
	add	s4, a6, s4
	mul	a6, t3, t2
	add	s5, a6, s5
	mul	a6, s1, t4
	lb	t2, 4(s2)
	lb	t3, -2(t6)
	lb	t4, 5(s2)
	lb	s1, -1(t6)
	add	s6, a6, s6
	mul	a6, t3, t2
	add	s7, a6, s7
	mul	a6, s1, t4
	lb	t2, 6(s2)
	lb	t3, 0(t6)
	lb	t4, 7(s2)
	lb	s1, 1(t6)
	add	s8, a6, s8
	mul	a6, t3, t2
	add	s9, a6, s9
	mul	a6, s1, t4
	lb	t2, 8(s2)
	lb	t3, 2(t6)
	lb	t4, 9(s2)
	lb	s1, 3(t6)
	add	s10, a6, s10
	mul	a6, t3, t2
	add	s11, a6, s11
	mul	a6, s1, t4
	lb	t2, 10(s2)
	lb	t3, 4(t6)
	lb	t4, 11(s2)
	lb	s1, 5(t6)
	add	ra, a6, ra
	mul	a6, t3, t2
	add	a0, a6, a0
	mul	a6, s1, t4
	lb	t2, 12(s2)
	lb	t3, 6(t6)
	lb	t4, 13(s2)
	lb	s1, 7(t6)
	add	a3, a6, a3
	mul	a6, t3, t2
	add	t1, a6, t1
	mul	a6, s1, t4
	add	t5, a6, t5
	j	.LBB0_8
.LBB0_11:
	sw	s3, 52(sp)
	sw	s4, 56(sp)
	sw	s5, 60(sp)
	sw	s6, 64(sp)
	sw	s7, 68(sp)
	sw	s8, 72(sp)
	sw	s9, 76(sp)
	sw	s10, 80(sp)
	sw	s11, 84(sp)
	sw	ra, 88(sp)
	sw	a0, 92(sp)
	sw	a3, 96(sp)
	sw	t1, 100(sp)
	sw	t5, 104(sp)
	lw	a6, 28(sp)
	li	a0, -14
	bltu	a6, a0, .LBB0_14
	li	a0, 14
	addi	a1, sp, 52
	lw	t4, 36(sp)
	mv	a2, t4
	li	t0, 23
	li	t1, -130
	li	t2, 125
	lw	t3, 40(sp)
.LBB0_13:
	lw	a3, 0(a1)
	addi	a3, a3, 178
	mul	a3, a3, t0
	addi	a3, a3, 2
	srai	a3, a3, 13
	max	a3, a3, t1
	min	a3, a3, t2
	addi	a3, a3, 2
	sb	a3, 0(a2)
	addi	a0, a0, -1
	addi	a2, a2, 1
	addi	a1, a1, 4
	bnez	a0, .LBB0_13
	j	.LBB0_3
.LBB0_14:
	li	a0, 0
	addi	a1, a6, 13
	neg	a2, a6
	and	a1, a1, a2
	addi	a2, sp, 52
	lw	a5, 20(sp)
	li	t0, 23
	li	t1, -130
	li	t2, 125
	lw	t3, 40(sp)
	lw	t4, 36(sp)
.LBB0_15:
	vsetvli	zero, zero, e32, m1, ta, ma
	vsaddu.vx	v10, v9, a0
	vmsleu.vi	v0, v10, 13
	vle32.v	v10, (a2), v0.t
	vmadd.vx	v10, t0, v8
	vsra.vi	v10, v10, 13
	vmax.vx	v10, v10, t1
	vmin.vx	v10, v10, t2
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v10, v10, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v10, v10, 0
	vadd.vi	v10, v10, 2
	add	a3, t4, a0
	vse8.v	v10, (a3), v0.t
	add	a0, a0, a6
	add	a2, a2, a5
	bne	a1, a0, .LBB0_15
	j	.LBB0_3
.LBB0_16:
	lw	ra, 156(sp)
	lw	s0, 152(sp)
	lw	s1, 148(sp)
	lw	s2, 144(sp)
	lw	s3, 140(sp)
	lw	s4, 136(sp)
	lw	s5, 132(sp)
	lw	s6, 128(sp)
	lw	s7, 124(sp)
	lw	s8, 120(sp)
	lw	s9, 116(sp)
	lw	s10, 112(sp)
	lw	s11, 108(sp)
	addi	sp, sp, 160
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
