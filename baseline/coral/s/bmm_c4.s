	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"bmm.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -320
	sw	ra, 316(sp)
	sw	s0, 312(sp)
	sw	s1, 308(sp)
	sw	s2, 304(sp)
	sw	s3, 300(sp)
	sw	s4, 296(sp)
	sw	s5, 292(sp)
	sw	s6, 288(sp)
	sw	s7, 284(sp)
	sw	s8, 280(sp)
	sw	s9, 276(sp)
	sw	s10, 272(sp)
	sw	s11, 268(sp)
	li	a3, 0
	csrr	a4, vlenb
	srli	a5, a4, 2
	li	a7, 40
	vsetivli	zero, 16, e32, m4, ta, ma
	vmv.v.i	v8, 0
	addi	t0, sp, 12
	addi	t1, sp, 76
	vsetivli	zero, 4, e32, m1, ta, ma
	vmv.v.i	v12, 0
	li	t2, 20
	li	t3, 22
	li	t4, -131
	li	t5, 124
	li	t6, 24
	li	s0, 5
	lui	s1, 2
	vsetvli	s2, zero, e32, m1, ta, ma
	vmv.v.x	v13, s1
	j	.LBB0_2
.LBB0_1:
	addi	a3, a3, 1
	addi	a1, a1, 800
	addi	a2, a2, 480
	beq	a3, s0, .LBB0_20
.LBB0_2:
	li	s1, 0
	li	a6, 960
	mul	s2, a3, a6
	add	s2, a0, s2
	mv	s3, a2
	j	.LBB0_4
.LBB0_3:
	addi	s1, s1, 1
	addi	s3, s3, 20
	beq	s1, t6, .LBB0_1
.LBB0_4:
	li	s4, 0
	mul	s5, s1, a7
	vsetivli	zero, 16, e32, m4, ta, ma
	vse32.v	v8, (t0)
	vsetivli	zero, 4, e32, m1, ta, ma
	vse32.v	v12, (t1)
	mv	s6, a1
	j	.LBB0_6
.LBB0_5:
	addi	s4, s4, 1
	addi	s6, s6, 20
	beq	s4, a7, .LBB0_13
.LBB0_6:
	add	s7, s4, s5
	add	s7, s2, s7
	lb	s7, 0(s7)
	bgeu	t2, a5, .LBB0_8
	li	s8, 0
	j	.LBB0_11
.LBB0_8:
	addi	s8, a5, -1
	andi	s9, s8, 20
	xori	s8, s9, 20
	addi	s10, sp, 12
	mv	s11, s8
	mv	ra, s6
.LBB0_9:
	vsetvli	a6, zero, e32, m1, ta, ma
	vle8.v	v14, (ra)
	vl1re32.v	v15, (s10)
	vsext.vf4	v16, v14
	vmacc.vx	v15, s7, v16
	vs1r.v	v15, (s10)
	add	ra, ra, a5
	sub	s11, s11, a5
	add	s10, s10, a4
	bnez	s11, .LBB0_9
	beqz	s9, .LBB0_5
.LBB0_11:
	sub	s9, t2, s8
	slli	s10, s8, 2
	add	s10, t0, s10
	add	s8, s6, s8
.LBB0_12:
	lb	a6, 0(s8)
	lw	s11, 0(s10)
	mul	a6, a6, s7
	add	a6, a6, s11
	sw	a6, 0(s10)
	addi	s9, s9, -1
	addi	s10, s10, 4
	addi	s8, s8, 1
	bnez	s9, .LBB0_12
	j	.LBB0_5
.LBB0_13:
	bgeu	t2, a5, .LBB0_15
	li	s4, 0
	j	.LBB0_18
.LBB0_15:
	addi	a6, a5, -1
	andi	s5, a6, 20
	xori	s4, s5, 20
	addi	s6, sp, 12
	mv	s7, s4
	mv	s8, s3
.LBB0_16:
	vl1re32.v	v14, (s6)
	vsetvli	a6, zero, e32, m1, ta, ma
	vmadd.vx	v14, t3, v13
	vsra.vi	v14, v14, 14
	vmax.vx	v14, v14, t4
	vmin.vx	v14, v14, t5
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v14, v14, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v14, v14, 0
	vadd.vi	v14, v14, 3
	vse8.v	v14, (s8)
	add	s6, s6, a4
	sub	s7, s7, a5
	add	s8, s8, a5
	bnez	s7, .LBB0_16
	beqz	s5, .LBB0_3
.LBB0_18:
	sub	s5, t2, s4
	add	s6, s3, s4
	slli	s4, s4, 2
	add	s4, t0, s4
.LBB0_19:
	lw	a6, 0(s4)
	addi	a6, a6, 372
	mul	a6, a6, t3
	addi	a6, a6, 8
	srai	a6, a6, 14
	max	a6, a6, t4
	min	a6, a6, t5
	addi	a6, a6, 3
	sb	a6, 0(s6)
	addi	s5, s5, -1
	addi	s6, s6, 1
	addi	s4, s4, 4
	bnez	s5, .LBB0_19
	j	.LBB0_3
.LBB0_20:
	lw	ra, 316(sp)
	lw	s0, 312(sp)
	lw	s1, 308(sp)
	lw	s2, 304(sp)
	lw	s3, 300(sp)
	lw	s4, 296(sp)
	lw	s5, 292(sp)
	lw	s6, 288(sp)
	lw	s7, 284(sp)
	lw	s8, 280(sp)
	lw	s9, 276(sp)
	lw	s10, 272(sp)
	lw	s11, 268(sp)
	addi	sp, sp, 320
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
