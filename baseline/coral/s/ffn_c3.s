	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"ffn.c"
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
	sw	s10, 260(sp)
	sw	s11, 256(sp)
	li	t1, 0
	seqz	t2, a2
	csrr	a7, vlenb
	srli	t0, a7, 2
	vsetvli	t3, zero, e8, mf4, ta, ma
	vmv.v.x	v8, t2
	vmsne.vi	v8, v8, 0
	vmnot.m	v0, v8
	li	t2, 30
	li	t3, 50
	mv	t4, sp
	li	t5, 26
	li	t6, -128
	li	s0, 127
	li	s1, 10
	lui	s2, 2
	vsetvli	zero, zero, e32, m1, ta, ma
	vmv.v.x	v9, s2
	vmv.v.i	v8, 0
	mv	s2, a6
	j	.LBB0_2
.LBB0_1:
	addi	t1, t1, 1
	addi	s2, s2, 50
	beq	t1, s1, .LBB0_28
.LBB0_2:
	bgeu	t3, t0, .LBB0_4
	li	s4, 0
	j	.LBB0_7
.LBB0_4:
	addi	s3, t0, -1
	andi	s3, s3, 50
	xori	s4, s3, 50
	mv	s5, sp
	mv	s6, s4
	mv	s7, a2
.LBB0_5:
	vsetvli	zero, zero, e32, m1, ta, mu
	vmv1r.v	v10, v8
	vle32.v	v10, (s7), v0.t
	vs1r.v	v10, (s5)
	add	s7, s7, a7
	sub	s6, s6, t0
	add	s5, s5, a7
	bnez	s6, .LBB0_5
	beqz	s3, .LBB0_12
.LBB0_7:
	slli	s5, s4, 2
	add	s3, a2, s5
	addi	s4, s4, -50
	add	s5, t4, s5
	j	.LBB0_10
.LBB0_8:
	lw	s6, 0(s3)
.LBB0_9:
	sw	s6, 0(s5)
	addi	s3, s3, 4
	addi	s4, s4, 1
	addi	s5, s5, 4
	beqz	s4, .LBB0_12
.LBB0_10:
	bnez	a2, .LBB0_8
	li	s6, 0
	j	.LBB0_9
.LBB0_12:
	li	s3, 0
	mul	s4, t1, t2
	mv	s5, a1
	j	.LBB0_14
.LBB0_13:
	addi	s3, s3, 1
	addi	s5, s5, 50
	beq	s3, t2, .LBB0_21
.LBB0_14:
	add	s6, s3, s4
	add	s6, a0, s6
	lb	s6, 0(s6)
	bgeu	t3, t0, .LBB0_16
	li	s7, 0
	j	.LBB0_19
.LBB0_16:
	addi	s7, t0, -1
	andi	s8, s7, 50
	xori	s7, s8, 50
	mv	s9, sp
	mv	s10, s7
	mv	s11, s5
.LBB0_17:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s11)
	vl1re32.v	v11, (s9)
	vsext.vf4	v12, v10
	vmacc.vx	v11, s6, v12
	vs1r.v	v11, (s9)
	add	s11, s11, t0
	sub	s10, s10, t0
	add	s9, s9, a7
	bnez	s10, .LBB0_17
	beqz	s8, .LBB0_13
.LBB0_19:
	sub	s8, t3, s7
	slli	s9, s7, 2
	add	s9, t4, s9
	add	s7, s5, s7
.LBB0_20:
	lb	s10, 0(s7)
	lw	s11, 0(s9)
	mul	s10, s10, s6
	add	s10, s10, s11
	sw	s10, 0(s9)
	addi	s8, s8, -1
	addi	s9, s9, 4
	addi	s7, s7, 1
	bnez	s8, .LBB0_20
	j	.LBB0_13
.LBB0_21:
	bgeu	t3, t0, .LBB0_23
	li	s3, 0
	j	.LBB0_26
.LBB0_23:
	addi	s3, t0, -1
	andi	s4, s3, 50
	xori	s3, s4, 50
	mv	s5, sp
	mv	s6, s3
	mv	s7, s2
.LBB0_24:
	vl1re32.v	v10, (s5)
	vsetvli	zero, zero, e32, m1, ta, ma
	vmadd.vx	v10, t5, v9
	vsra.vi	v10, v10, 14
	vmax.vx	v10, v10, t6
	vmin.vx	v10, v10, s0
	vmax.vx	v10, v10, zero
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v10, v10, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v10, v10, 0
	vse8.v	v10, (s7)
	add	s5, s5, a7
	sub	s6, s6, t0
	add	s7, s7, t0
	bnez	s6, .LBB0_24
	beqz	s4, .LBB0_1
.LBB0_26:
	add	s4, s2, s3
	addi	s5, s3, -50
	slli	s3, s3, 2
	add	s3, t4, s3
.LBB0_27:
	lw	s6, 0(s3)
	addi	s6, s6, 315
	mul	s6, s6, t5
	addi	s6, s6, 2
	srai	s6, s6, 14
	max	s6, s6, t6
	min	s6, s6, s0
	max	s6, s6, zero
	sb	s6, 0(s4)
	addi	s4, s4, 1
	addi	s5, s5, 1
	addi	s3, s3, 4
	bnez	s5, .LBB0_27
	j	.LBB0_1
.LBB0_28:
	li	a0, 0
	seqz	a1, a4
	vsetvli	zero, zero, e8, mf4, ta, ma
	vmv.v.x	v9, a1
	vmsne.vi	v9, v9, 0
	vmnot.m	v0, v9
	li	a1, 50
	li	a2, 30
	mv	t1, sp
	li	t2, 20
	li	t3, -125
	li	t4, 130
	lui	t5, 1
	vsetvli	zero, zero, e32, m1, ta, ma
	vmv.v.x	v9, t5
	li	t5, 10
	j	.LBB0_30
.LBB0_29:
	addi	a0, a0, 1
	addi	a5, a5, 30
	beq	a0, t5, .LBB0_56
.LBB0_30:
	bgeu	a2, t0, .LBB0_32
	li	t6, 0
	j	.LBB0_35
.LBB0_32:
	addi	s0, t0, -1
	andi	s0, s0, 30
	xori	t6, s0, 30
	mv	s1, sp
	mv	s2, t6
	mv	s3, a4
.LBB0_33:
	vsetvli	zero, zero, e32, m1, ta, mu
	vmv1r.v	v10, v8
	vle32.v	v10, (s3), v0.t
	vs1r.v	v10, (s1)
	add	s3, s3, a7
	sub	s2, s2, t0
	add	s1, s1, a7
	bnez	s2, .LBB0_33
	beqz	s0, .LBB0_40
.LBB0_35:
	slli	s1, t6, 2
	add	s0, a4, s1
	addi	t6, t6, -30
	add	s1, t1, s1
	j	.LBB0_38
.LBB0_36:
	lw	s2, 0(s0)
.LBB0_37:
	sw	s2, 0(s1)
	addi	s0, s0, 4
	addi	t6, t6, 1
	addi	s1, s1, 4
	beqz	t6, .LBB0_40
.LBB0_38:
	bnez	a4, .LBB0_36
	li	s2, 0
	j	.LBB0_37
.LBB0_40:
	li	t6, 0
	mul	s0, a0, a1
	mv	s1, a3
	j	.LBB0_42
.LBB0_41:
	addi	t6, t6, 1
	addi	s1, s1, 30
	beq	t6, a1, .LBB0_49
.LBB0_42:
	add	s2, t6, s0
	add	s2, a6, s2
	lb	s2, 0(s2)
	bgeu	a2, t0, .LBB0_44
	li	s3, 0
	j	.LBB0_47
.LBB0_44:
	addi	s3, t0, -1
	andi	s4, s3, 30
	xori	s3, s4, 30
	mv	s5, sp
	mv	s6, s3
	mv	s7, s1
.LBB0_45:
	vsetvli	zero, zero, e32, m1, ta, ma
	vle8.v	v10, (s7)
	vl1re32.v	v11, (s5)
	vsext.vf4	v12, v10
	vmacc.vx	v11, s2, v12
	vs1r.v	v11, (s5)
	add	s7, s7, t0
	sub	s6, s6, t0
	add	s5, s5, a7
	bnez	s6, .LBB0_45
	beqz	s4, .LBB0_41
.LBB0_47:
	sub	s4, a2, s3
	slli	s5, s3, 2
	add	s5, t1, s5
	add	s3, s1, s3
.LBB0_48:
	lb	s6, 0(s3)
	lw	s7, 0(s5)
	mul	s6, s6, s2
	add	s6, s6, s7
	sw	s6, 0(s5)
	addi	s4, s4, -1
	addi	s5, s5, 4
	addi	s3, s3, 1
	bnez	s4, .LBB0_48
	j	.LBB0_41
.LBB0_49:
	bgeu	a2, t0, .LBB0_51
	li	t6, 0
	j	.LBB0_54
.LBB0_51:
	addi	s0, t0, -1
	andi	s0, s0, 30
	xori	t6, s0, 30
	mv	s1, sp
	mv	s2, t6
	mv	s3, a5
.LBB0_52:
	vl1re32.v	v10, (s1)
	vsetvli	zero, zero, e32, m1, ta, ma
	vmadd.vx	v10, t2, v9
	vsra.vi	v10, v10, 13
	vmax.vx	v10, v10, t3
	vmin.vx	v10, v10, t4
	vsetvli	zero, zero, e16, mf2, ta, ma
	vnsrl.wi	v10, v10, 0
	vsetvli	zero, zero, e8, mf4, ta, ma
	vnsrl.wi	v10, v10, 0
	vadd.vi	v10, v10, -3
	vse8.v	v10, (s3)
	add	s1, s1, a7
	sub	s2, s2, t0
	add	s3, s3, t0
	bnez	s2, .LBB0_52
	beqz	s0, .LBB0_29
.LBB0_54:
	add	s0, a5, t6
	addi	s1, t6, -30
	slli	t6, t6, 2
	add	t6, t1, t6
.LBB0_55:
	lw	s2, 0(t6)
	addi	s2, s2, 204
	mul	s2, s2, t2
	addi	s2, s2, 16
	srai	s2, s2, 13
	max	s2, s2, t3
	min	s2, s2, t4
	addi	s2, s2, -3
	sb	s2, 0(s0)
	addi	s0, s0, 1
	addi	s1, s1, 1
	addi	t6, t6, 4
	bnez	s1, .LBB0_55
	j	.LBB0_29
.LBB0_56:
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
	lw	s10, 260(sp)
	lw	s11, 256(sp)
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
