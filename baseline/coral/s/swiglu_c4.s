	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p0_m2p0_f2p0_zbb1p0_zve32x1p0_zvl32b1p0"
	.file	"swiglu.c"
	.section	.sdata,"aw",@progbits
	.p2align	2
.LCPI0_0:
	.word	0x37eb2794
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
	sw	s10, 4(sp)
	li	a4, 0
	csrr	a5, vlenb
	srli	a6, a5, 2
	li	a7, 40
	li	t0, 96
	lui	t1, %hi(.LCPI0_0)
	flw	ft0, %lo(.LCPI0_0)(t1)
	lui	t1, %hi(.LCPI0_1)
	flw	ft1, %lo(.LCPI0_1)(t1)
	lui	t1, %hi(.LCPI0_2)
	flw	ft2, %lo(.LCPI0_2)(t1)
	lui	t1, %hi(.LCPI0_3)
	flw	ft3, %lo(.LCPI0_3)(t1)
	lui	t1, %hi(.LCPI0_4)
	flw	ft4, %lo(.LCPI0_4)(t1)
	fmv.w.x	ft5, zero
	lui	t1, %hi(.LCPI0_5)
	addi	t1, t1, %lo(.LCPI0_5)
	lui	t2, %hi(.LCPI0_6)
	flw	ft6, %lo(.LCPI0_6)(t2)
	lui	t2, %hi(.LCPI0_7)
	flw	ft7, %lo(.LCPI0_7)(t2)
	lui	t2, %hi(.LCPI0_8)
	flw	fa0, %lo(.LCPI0_8)(t2)
	lui	t2, %hi(.LCPI0_9)
	flw	fa1, %lo(.LCPI0_9)(t2)
	lui	t2, %hi(.LCPI0_10)
	flw	fa2, %lo(.LCPI0_10)(t2)
	lui	t2, %hi(.LCPI0_11)
	flw	fa3, %lo(.LCPI0_11)(t2)
	lui	t2, %hi(.LCPI0_12)
	flw	fa4, %lo(.LCPI0_12)(t2)
	lui	t2, %hi(.LCPI0_13)
	flw	fa5, %lo(.LCPI0_13)(t2)
	lui	t2, 260096
	li	t3, 24
	li	t4, 10
	vsetvli	t5, zero, e32, m1, ta, ma
	vmv.v.i	v8, 0
	j	.LBB0_2
.LBB0_1:
	addi	a4, a4, 1
	addi	a0, a0, 96
	beq	a4, t3, .LBB0_15
.LBB0_2:
	li	t5, 0
	mul	t6, a4, a7
	mv	s0, a2
	mv	s1, a1
	j	.LBB0_4
.LBB0_3:
	fmul.s	ft8, fa7, ft4
	fle.s	s3, ft5, ft8
	slli	s3, s3, 2
	add	s3, t1, s3
	flw	ft9, 0(s3)
	fcvt.s.w	ft10, s2
	fmul.s	ft10, ft10, ft0
	fadd.s	ft8, ft8, ft9
	fcvt.w.s	s2, ft8, rtz
	fcvt.s.w	ft8, s2
	fmadd.s	fa7, ft8, ft6, fa7
	fmadd.s	fa7, ft8, ft7, fa7
	fmadd.s	ft8, fa7, fa1, fa0
	fmadd.s	ft8, ft8, fa7, fa2
	fmadd.s	ft8, ft8, fa7, fa3
	fmadd.s	ft8, ft8, fa7, fa4
	fmadd.s	ft8, ft8, fa7, fa5
	fmadd.s	fa7, ft8, fa7, fa5
	slli	s2, s2, 23
	add	s2, s2, t2
	fmv.w.x	ft8, s2
	fmul.s	fa7, fa7, ft8
	fadd.s	fa7, fa7, fa5
	fdiv.s	fa6, fa6, fa7
	fmul.s	fa6, ft10, fa6
	add	s2, t5, t6
	slli	s2, s2, 2
	add	s2, a3, s2
	fsw	fa6, 0(s2)
	addi	t5, t5, 1
	addi	s1, s1, 1
	addi	s0, s0, 1
	beq	t5, a7, .LBB0_1
.LBB0_4:
	bgeu	t0, a6, .LBB0_6
	li	s4, 0
	li	s2, 0
	li	s3, 0
	j	.LBB0_9
.LBB0_6:
	addi	s2, a6, -1
	andi	s5, s2, 96
	xori	s4, s5, 96
	mul	s2, a5, t4
	mv	s3, s0
	mv	s6, s1
	mv	s7, s4
	mv	s8, a0
	vmv1r.v	v9, v8
	vmv1r.v	v10, v8
.LBB0_7:
	vle8.v	v11, (s8)
	vlse8.v	v12, (s6), a7
	vlse8.v	v13, (s3), a7
	vsext.vf4	v14, v11
	vsext.vf4	v11, v12
	vmacc.vv	v10, v11, v14
	vsext.vf4	v11, v13
	vmacc.vv	v9, v11, v14
	add	s8, s8, a6
	sub	s7, s7, a6
	add	s6, s6, s2
	add	s3, s3, s2
	bnez	s7, .LBB0_7
	vmv.s.x	v11, zero
	vredsum.vs	v10, v10, v11
	vmv.x.s	s3, v10
	vredsum.vs	v9, v9, v11
	vmv.x.s	s2, v9
	beqz	s5, .LBB0_11
.LBB0_9:
	sub	s5, t0, s4
	mul	s7, s4, a7
	add	s6, s0, s7
	add	s7, s1, s7
	add	s4, a0, s4
.LBB0_10:
	lb	s8, 0(s4)
	lb	s9, 0(s7)
	lb	s10, 0(s6)
	mul	s9, s9, s8
	add	s3, s9, s3
	mul	s8, s10, s8
	add	s2, s8, s2
	addi	s5, s5, -1
	addi	s6, s6, 40
	addi	s7, s7, 40
	addi	s4, s4, 1
	bnez	s5, .LBB0_10
.LBB0_11:
	fcvt.s.w	fa6, s3
	fmul.s	fa6, fa6, ft0
	flt.s	s3, ft1, fa6
	fmv.s	ft8, ft2
	bnez	s3, .LBB0_13
	fneg.s	ft8, fa6
.LBB0_13:
	flt.s	s3, ft3, ft8
	fmv.s	fa7, ft3
	bnez	s3, .LBB0_3
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
