	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"gemm.c"
	.globl	kernel
	.p2align	2
	.type	kernel,@function
kernel:
	addi	sp, sp, -304
	sw	s0, 300(sp)
	sw	s1, 296(sp)
	sw	s2, 292(sp)
	sw	s3, 288(sp)
	sw	s4, 284(sp)
	sw	s5, 280(sp)
	sw	s6, 276(sp)
	sw	s7, 272(sp)
	sw	s8, 268(sp)
	sw	s9, 264(sp)
	li	a3, 0
	csrr	a4, vlenb
	srli	a5, a4, 2
	li	a6, 64
	addi	a7, sp, 8
	li	t0, 256
	li	t1, 18
	li	t2, -131
	li	t3, 124
	li	t4, 192
	lui	t5, 4
	vsetvli	t6, zero, e32, m1, ta, ma
	vmv.v.x	v8, t5
	vmv.v.i	v9, 0
	j	.LBB0_2
.LBB0_1:
	addi	a3, a3, 1
	addi	a2, a2, 256
	beq	a3, t0, .LBB0_27
.LBB0_2:
	li	s2, 0
	slli	t5, a3, 8
	mv	t6, a2
	mv	s0, a1
	j	.LBB0_4
.LBB0_3:
	addi	s2, s1, 64
	addi	s0, s0, 64
	addi	t6, t6, 64
	bgeu	s1, t4, .LBB0_1
.LBB0_4:
	mv	s1, s2
	bgeu	a6, a5, .LBB0_6
	li	s2, 0
	j	.LBB0_9
.LBB0_6:
	addi	s2, a5, -1
	andi	s3, s2, 64
	xori	s2, s3, 64
	addi	s4, sp, 8
	mv	s5, s2
.LBB0_7:
	vs1r.v	v9, (s4)
	sub	s5, s5, a5
	add	s4, s4, a4
	bnez	s5, .LBB0_7
	beqz	s3, .LBB0_11
.LBB0_9:
	addi	s3, s2, -64
	slli	s2, s2, 2
	add	s2, a7, s2
.LBB0_10:
	sw	zero, 0(s2)
	addi	s3, s3, 1
	addi	s2, s2, 4
	bnez	s3, .LBB0_10
.LBB0_11:
	li	s2, 0
	mv	s3, s0
	j	.LBB0_13
.LBB0_12:
	addi	s2, s2, 1
	addi	s3, s3, 256
	beq	s2, t0, .LBB0_20
.LBB0_13:
	add	s4, s2, t5
	add	s4, a0, s4
	lb	s4, 0(s4)
	bgeu	a6, a5, .LBB0_15
	li	s5, 0
	j	.LBB0_18
.LBB0_15:
	addi	s5, a5, -1
	andi	s6, s5, 64
	xori	s5, s6, 64
	addi	s7, sp, 8
	mv	s8, s5
	mv	s9, s3
.LBB0_16:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s9)
	vl1re32.v	v11, (s7)
	vsext.vf4	v12, v10
	vmacc.vx	v11, s4, v12
	vs1r.v	v11, (s7)
	add	s9, s9, a5
	sub	s8, s8, a5
	add	s7, s7, a4
	bnez	s8, .LBB0_16
	beqz	s6, .LBB0_12
.LBB0_18:
	sub	s6, a6, s5
	slli	s7, s5, 2
	add	s7, a7, s7
	add	s5, s3, s5
.LBB0_19:
	lb	s8, 0(s5)
	lw	s9, 0(s7)
	mul	s8, s8, s4
	add	s8, s8, s9
	sw	s8, 0(s7)
	addi	s6, s6, -1
	addi	s7, s7, 4
	addi	s5, s5, 1
	bnez	s6, .LBB0_19
	j	.LBB0_12
.LBB0_20:
	bgeu	a6, a5, .LBB0_22
	li	s2, 0
	j	.LBB0_25
.LBB0_22:
	addi	s2, a5, -1
	andi	s3, s2, 64
	xori	s2, s3, 64
	addi	s4, sp, 8
	mv	s5, s2
	mv	s6, t6
.LBB0_23:
	vl1re32.v	v10, (s4)
	vsetvli	zero, zero, e32, m1, ta, ma
	vmadd.vx	v10, t1, v8
	vsra.vi	v10, v10, 15
	vmax.vx	v10, v10, t2
	vmin.vx	v10, v10, t3
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v10, v10, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v10, v10, 0
	vadd.vi	v10, v10, 3
	vse8.v	v10, (s6)
	add	s4, s4, a4
	sub	s5, s5, a5
	add	s6, s6, a5
	bnez	s5, .LBB0_23
	beqz	s3, .LBB0_3
.LBB0_25:
	sub	s3, a6, s2
	add	s4, t6, s2
	slli	s2, s2, 2
	add	s2, a7, s2
.LBB0_26:
	lw	s5, 0(s2)
	addi	s5, s5, 910
	mul	s5, s5, t1
	addi	s5, s5, 4
	srai	s5, s5, 15
	max	s5, s5, t2
	min	s5, s5, t3
	addi	s5, s5, 3
	sb	s5, 0(s4)
	addi	s3, s3, -1
	addi	s4, s4, 1
	addi	s2, s2, 4
	bnez	s3, .LBB0_26
	j	.LBB0_3
.LBB0_27:
	lw	s0, 300(sp)
	lw	s1, 296(sp)
	lw	s2, 292(sp)
	lw	s3, 288(sp)
	lw	s4, 284(sp)
	lw	s5, 280(sp)
	lw	s6, 276(sp)
	lw	s7, 272(sp)
	lw	s8, 268(sp)
	lw	s9, 264(sp)
	addi	sp, sp, 304
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
