	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"linear.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -80
	sw	ra, 76(sp)
	sw	s0, 72(sp)
	sw	s1, 68(sp)
	sw	s2, 64(sp)
	sw	s3, 60(sp)
	sw	s4, 56(sp)
	sw	s5, 52(sp)
	sw	s6, 48(sp)
	sw	s7, 44(sp)
	sw	s8, 40(sp)
	sw	s9, 36(sp)
	sw	s10, 32(sp)
	sw	s11, 28(sp)
	li	a4, 0
	addi	a6, a2, 64
	addi	s6, a1, 256
	csrr	a7, vlenb
	srli	t0, a7, 2
	li	t1, 4
	maxu	t1, t0, t1
	li	t2, 16
	li	t3, 18
	li	t4, -131
	li	t5, 124
	lui	t6, 1
	vsetvli	s0, zero, e32, m1, ta, ma
	vmv.v.x	v8, t6
	mv	t6, a3
	sw	a3, 20(sp)
	sw	a0, 16(sp)
	sw	a6, 12(sp)
	sw	s6, 8(sp)
	sw	t1, 4(sp)
	j	.LBB0_2
.LBB0_1:
	addi	a4, a4, 1
	addi	t6, t6, 16
	beq	a4, t2, .LBB0_10
.LBB0_2:
	slli	s1, a4, 4
	add	s0, a0, s1
	bltu	t2, t1, .LBB0_4
	addi	s2, s1, 16
	add	s3, a0, s2
	add	s2, a3, s2
	add	s1, a3, s1
	sltu	s4, s1, a6
	sltu	s5, a2, s2
	and	s4, s4, s5
	sltu	s3, s1, s3
	sltu	s5, s0, s2
	and	s3, s3, s5
	or	s3, s4, s3
	sltu	s1, s1, s6
	sltu	s2, a1, s2
	and	s1, s1, s2
	or	s1, s3, s1
	beqz	s1, .LBB0_7
.LBB0_4:
	li	s1, 0
.LBB0_5:
	slli	s2, s1, 4
	add	s2, a1, s2
	sub	s3, t2, s1
	add	s4, t6, s1
	slli	s1, s1, 2
	add	s1, a2, s1
.LBB0_6:
	lw	a5, 0(s1)
	vsetivli	zero, 16, e16, m2, ta, ma
	vle8.v	v9, (s0)
	vle8.v	v10, (s2)
	vsext.vf2	v12, v9
	vsext.vf2	v14, v10
	vwmul.vv	v16, v14, v12
	vsetivli	zero, 16, e32, m4, ta, ma
	vmv.s.x	v9, a5
	vredsum.vs	v9, v16, v9
	vmv.x.s	a5, v9
	addi	a5, a5, 227
	mul	a5, a5, t3
	addi	a5, a5, 10
	srai	a5, a5, 13
	max	a5, a5, t4
	min	a5, a5, t5
	addi	a5, a5, 3
	sb	a5, 0(s4)
	addi	s2, s2, 16
	addi	s3, s3, -1
	addi	s4, s4, 1
	addi	s1, s1, 4
	bnez	s3, .LBB0_6
	j	.LBB0_1
.LBB0_7:
	addi	s3, s0, 1
	addi	s4, s0, 2
	addi	s5, s0, 3
	addi	s6, s0, 4
	addi	s7, s0, 5
	addi	s8, s0, 6
	addi	s9, s0, 7
	addi	s10, s0, 8
	addi	s11, s0, 9
	addi	ra, s0, 10
	addi	a5, s0, 11
	addi	a6, s0, 12
	addi	t1, s0, 13
	addi	a3, s0, 14
	addi	a0, s0, 15
	addi	s1, t0, -1
	andi	s1, s1, 16
	sw	s1, 24(sp)
	xori	s1, s1, 16
	vsetvli	s2, zero, e32, m1, ta, ma
	vlse8.v	v10, (s0), zero
	vlse8.v	v11, (s3), zero
	vlse8.v	v12, (s4), zero
	vlse8.v	v13, (s5), zero
	vsext.vf4	v9, v10
	vsext.vf4	v10, v11
	vsext.vf4	v11, v12
	vsext.vf4	v12, v13
	vlse8.v	v14, (s6), zero
	vlse8.v	v15, (s7), zero
	vlse8.v	v16, (s8), zero
	vlse8.v	v17, (s9), zero
	vsext.vf4	v13, v14
	vsext.vf4	v14, v15
	vsext.vf4	v15, v16
	vsext.vf4	v16, v17
	vlse8.v	v18, (s10), zero
	vlse8.v	v19, (s11), zero
	vlse8.v	v20, (ra), zero
	vlse8.v	v21, (a5), zero
	vsext.vf4	v17, v18
	vsext.vf4	v18, v19
	vsext.vf4	v19, v20
	vsext.vf4	v20, v21
	vlse8.v	v22, (a6), zero
	vlse8.v	v23, (t1), zero
	vlse8.v	v24, (a3), zero
	vlse8.v	v25, (a0), zero
	vsext.vf4	v21, v22
	vsext.vf4	v22, v23
	vsext.vf4	v23, v24
	vsext.vf4	v24, v25
	slli	s3, a7, 2
	mv	s4, a1
	mv	s5, s1
	mv	s6, t6
	mv	s7, a2
.LBB0_8:
	vl1re32.v	v25, (s7)
	vsetvli	zero, zero, e32, m1, ta, ma
	vlse8.v	v26, (s4), t2
	addi	a0, s4, 1
	vlse8.v	v27, (a0), t2
	vsext.vf4	v28, v26
	vmadd.vv	v28, v9, v25
	vsext.vf4	v25, v27
	addi	a0, s4, 2
	vlse8.v	v26, (a0), t2
	addi	a0, s4, 3
	vlse8.v	v27, (a0), t2
	vmadd.vv	v25, v10, v28
	vsext.vf4	v28, v26
	vmadd.vv	v28, v11, v25
	vsext.vf4	v25, v27
	addi	a0, s4, 4
	vlse8.v	v26, (a0), t2
	addi	a0, s4, 5
	vlse8.v	v27, (a0), t2
	vmadd.vv	v25, v12, v28
	vsext.vf4	v28, v26
	vmadd.vv	v28, v13, v25
	vsext.vf4	v25, v27
	addi	a0, s4, 6
	vlse8.v	v26, (a0), t2
	addi	a0, s4, 7
	vlse8.v	v27, (a0), t2
	vmadd.vv	v25, v14, v28
	vsext.vf4	v28, v26
	vmadd.vv	v28, v15, v25
	vsext.vf4	v25, v27
	addi	a0, s4, 8
	vlse8.v	v26, (a0), t2
	addi	a0, s4, 9
	vlse8.v	v27, (a0), t2
	vmadd.vv	v25, v16, v28
	vsext.vf4	v28, v26
	vmadd.vv	v28, v17, v25
	vsext.vf4	v25, v27
	addi	a0, s4, 10
	vlse8.v	v26, (a0), t2
	addi	a0, s4, 11
	vlse8.v	v27, (a0), t2
	vmadd.vv	v25, v18, v28
	vsext.vf4	v28, v26
	vmadd.vv	v28, v19, v25
	vsext.vf4	v25, v27
	addi	a0, s4, 12
	vlse8.v	v26, (a0), t2
	addi	a0, s4, 13
	vlse8.v	v27, (a0), t2
	vmadd.vv	v25, v20, v28
	vsext.vf4	v28, v26
	vmadd.vv	v28, v21, v25
	vsext.vf4	v25, v27
	addi	a0, s4, 14
	vlse8.v	v26, (a0), t2
	addi	a0, s4, 15
	vlse8.v	v27, (a0), t2
	vmadd.vv	v25, v22, v28
	vsext.vf4	v28, v26
	vmadd.vv	v28, v23, v25
	vsext.vf4	v25, v27
	vmadd.vv	v25, v24, v28
	vmadd.vx	v25, t3, v8
	vsra.vi	v25, v25, 13
	vmax.vx	v25, v25, t4
	vmin.vx	v25, v25, t5
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v25, v25, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v25, v25, 0
	vadd.vi	v25, v25, 3
	vse8.v	v25, (s6)
	add	s7, s7, a7
	add	s6, s6, t0
	sub	s5, s5, t0
	add	s4, s4, s3
	bnez	s5, .LBB0_8
	lw	a3, 20(sp)
	lw	a0, 16(sp)
	lw	a6, 12(sp)
	lw	s6, 8(sp)
	lw	t1, 4(sp)
	lw	a5, 24(sp)
	bnez	a5, .LBB0_5
	j	.LBB0_1
.LBB0_10:
	lw	ra, 76(sp)
	lw	s0, 72(sp)
	lw	s1, 68(sp)
	lw	s2, 64(sp)
	lw	s3, 60(sp)
	lw	s4, 56(sp)
	lw	s5, 52(sp)
	lw	s6, 48(sp)
	lw	s7, 44(sp)
	lw	s8, 40(sp)
	lw	s9, 36(sp)
	lw	s10, 32(sp)
	lw	s11, 28(sp)
	addi	sp, sp, 80
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
