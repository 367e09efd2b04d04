	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"swiglu.c"
	.section	.sdata,"aw",@progbits
	.p2align	2
.LCPI0_0:
	.word	0x37900090
.LCPI0_1:
	.word	0x42ae0000
.LCPI0_2:
	.word	0xc2ae0000
.LCPI0_3:
	.word	0x42b00000
.LCPI0_4:
	.word	0x3fb8aa3b
.LCPI0_5:
	.word	0xbf000000
	.word	0x3f000000
.LCPI0_6:
	.word	0xbf318000
.LCPI0_7:
	.word	0x395e8083
.LCPI0_8:
	.word	0x3c088889
.LCPI0_9:
	.word	0x3ab60b61
.LCPI0_10:
	.word	0x3d2aaaab
.LCPI0_11:
	.word	0x3e2aaaab
.LCPI0_12:
	.word	0x3f000000
.LCPI0_13:
	.word	0x3f800000
	.text
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
	li	a4, 0
	csrr	a5, vlenb
	srli	a6, a5, 1
	li	a7, 256
	lui	t0, %hi(.LCPI0_0)
	flw	ft0, %lo(.LCPI0_0)(t0)
	lui	t0, %hi(.LCPI0_1)
	flw	ft1, %lo(.LCPI0_1)(t0)
	lui	t0, %hi(.LCPI0_2)
	flw	ft2, %lo(.LCPI0_2)(t0)
	lui	t0, %hi(.LCPI0_3)
	flw	ft3, %lo(.LCPI0_3)(t0)
	lui	t0, %hi(.LCPI0_4)
	flw	ft4, %lo(.LCPI0_4)(t0)
	fmv.w.x	ft5, zero
	lui	t0, %hi(.LCPI0_5)
	addi	t0, t0, %lo(.LCPI0_5)
	lui	t1, %hi(.LCPI0_6)
	flw	ft6, %lo(.LCPI0_6)(t1)
	lui	t1, %hi(.LCPI0_7)
	flw	ft7, %lo(.LCPI0_7)(t1)
	lui	t1, %hi(.LCPI0_8)
	flw	fa0, %lo(.LCPI0_8)(t1)
	lui	t1, %hi(.LCPI0_9)
	flw	fa1, %lo(.LCPI0_9)(t1)
	lui	t1, %hi(.LCPI0_10)
	flw	fa2, %lo(.LCPI0_10)(t1)
	lui	t1, %hi(.LCPI0_11)
	flw	fa3, %lo(.LCPI0_11)(t1)
	lui	t1, %hi(.LCPI0_12)
	flw	fa4, %lo(.LCPI0_12)(t1)
	lui	t1, %hi(.LCPI0_13)
	flw	fa5, %lo(.LCPI0_13)(t1)
	lui	t1, 260096
	li	t2, 512
	li	t3, 128
	vsetvli	t4, zero, e32, m1, ta, ma
	vid.v	v8
	vmv.v.i	v9, 0
	j	.LBB0_2
.LBB0_1:
	addi	a4, a4, 1
	addi	a0, a0, 256
	beq	a4, t3, .LBB0_15
.LBB0_2:
	li	t4, 0
	slli	t5, a4, 9
	mv	t6, a1
	mv	s0, a2
	j	.LBB0_4
.LBB0_3:
	fmul.s	ft8, fa7, ft4
	fle.s	s2, ft5, ft8
	slli	s2, s2, 2
	add	s2, t0, s2
	flw	ft9, 0(s2)
	fcvt.s.w	ft10, s1
	fmul.s	ft10, ft10, ft0
	fadd.s	ft8, ft8, ft9
	fcvt.w.s	s1, ft8, rtz
	fcvt.s.w	ft8, s1
	fmadd.s	fa7, ft8, ft6, fa7
	fmadd.s	fa7, ft8, ft7, fa7
	fmadd.s	ft8, fa7, fa1, fa0
	fmadd.s	ft8, ft8, fa7, fa2
	fmadd.s	ft8, ft8, fa7, fa3
	fmadd.s	ft8, ft8, fa7, fa4
	fmadd.s	ft8, ft8, fa7, fa5
	fmadd.s	fa7, ft8, fa7, fa5
	slli	s1, s1, 23
	add	s1, s1, t1
	fmv.w.x	ft8, s1
	fmul.s	fa7, fa7, ft8
	fadd.s	fa7, fa7, fa5
	fdiv.s	fa6, fa6, fa7
	fmul.s	fa6, ft10, fa6
	add	s1, t4, t5
	slli	s1, s1, 2
	add	s1, a3, s1
	fsw	fa6, 0(s1)
	addi	t4, t4, 1
	addi	s0, s0, 1
	addi	t6, t6, 1
	beq	t4, t2, .LBB0_1
.LBB0_4:
	bgeu	a7, a6, .LBB0_6
	li	s2, 0
	li	s1, 0
	li	s4, 0
	j	.LBB0_9
.LBB0_6:
	addi	s1, a6, -1
	andi	s3, s1, 256
	xori	s2, s3, 256
	srli	s1, a5, 2
	mv	s4, s2
	mv	s5, a0
	vmv1r.v	v14, v8
	vmv1r.v	v10, v9
	vmv1r.v	v11, v9
	vmv1r.v	v12, v9
	vmv1r.v	v13, v9
.LBB0_7:
	vle8.v	v15, (s5)
	add	s6, s5, s1
	vle8.v	v16, (s6)
	vadd.vx	v17, v14, s1
	vsext.vf4	v18, v15
	vsext.vf4	v15, v16
	vsll.vi	v14, v14, 9
	vsll.vi	v16, v17, 9
	vadd.vx	v14, v14, t4
	vadd.vx	v16, v16, t4
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v19, (a1), v14
	vluxei32.v	v20, (a1), v16
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v21, v19
	vsext.vf4	v19, v20
	vmacc.vv	v12, v21, v18
	vmacc.vv	v13, v19, v15
	vsetvli	zero, zero, e8, mf4, ta, ma
	vluxei32.v	v19, (a2), v14
	vluxei32.v	v14, (a2), v16
	vsetvli	zero, zero, e32, m1, ta, ma
	vsext.vf4	v16, v19
	vsext.vf4	v19, v14
	vmacc.vv	v10, v16, v18
	vmacc.vv	v11, v19, v15
	vadd.vx	v14, v17, s1
	sub	s4, s4, a6
	add	s5, s5, a6
	bnez	s4, .LBB0_7
	vadd.vv	v12, v13, v12
	vmv.s.x	v13, zero
	vredsum.vs	v12, v12, v13
	vmv.x.s	s4, v12
	vadd.vv	v10, v11, v10
	vredsum.vs	v10, v10, v13
	vmv.x.s	s1, v10
	beqz	s3, .LBB0_11
.LBB0_9:
	sub	s3, a7, s2
	add	s5, a0, s2
	slli	s6, s2, 9
	add	s2, s0, s6
	add	s6, t6, s6
.LBB0_10:
	lb	s7, 0(s5)
	lb	s8, 0(s6)
	lb	s9, 0(s2)
	mul	s8, s8, s7
	add	s4, s8, s4
	mul	s7, s9, s7
	add	s1, s7, s1
	addi	s3, s3, -1
	addi	s5, s5, 1
	addi	s2, s2, 512
	addi	s6, s6, 512
	bnez	s3, .LBB0_10
.LBB0_11:
	fcvt.s.w	fa6, s4
	fmul.s	fa6, fa6, ft0
	flt.s	s2, ft1, fa6
	fmv.s	ft8, ft2
	bnez	s2, .LBB0_13
	fneg.s	ft8, fa6
.LBB0_13:
	flt.s	s2, ft3, ft8
	fmv.s	fa7, ft3
	bnez	s2, .LBB0_3
	fmv.s	fa7, ft8
	j	.LBB0_3
.LBB0_15:
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
