package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// Softmax (softmax.cc in mlir-aie's aie_kernels/aie2), row by row: the
// row maximum m by vmax_lt.bf16, 32 lanes a step, folded by vshift
// rotations; the row's exponent shift J = round(m·log2e) set at run time
// into the exp loop's bmh5 (= 1.5·2^23 - J, by one negated MAC); e =
// exp(x)·2^-J (so the largest e is within a factor 2^0.5 of 1, wherever
// m is) stored in bf16 while its fp32 lanes are summed into bmh8; the
// 16 lane sums folded into S; 1/S by the bit trick and three Newton
// steps, split into bf16 rh + rl; y = e·rh + e·rl in one element-wise
// MAC ([e | e]·[rh | rl], configuration 60), rounded to bf16.
//
// Rows of N not a multiple of 32 (the max pass's step) are copied into the kernel's own buffer at
// 0x70000, padded with -16384 (below any row maximum: its exp is clamped
// to 2^-120 and vanishes from the sum), worked on there and copied out.

func init() {
	register("softmax", genSoftmax)
}

// Registers of the softmax kernel, beside the exp loop's (lut.go).
const (
	smPad    = -16384 // the pad of a ragged row's buffer (bf16 exact)
	smPadReg = "r15"
	smMask   = "r16" // vmax_lt's mask output (unused)
	smX      = "r17" // the row's x (aligned rows)
	smY      = "r18" // the row's y (aligned rows)
)

// smShift is the register holding a byte count of a vshift rotation.
var smShift = map[int]string{32: "r10", 16: "r11", 8: "r12", 4: "r13", 2: "r14"}

// seq emits one operation and waits lat cycles for its result (lat-1
// nops after it).
func seq(p *Prog, lat int, format string, a ...any) {
	p.Op(format, a...)
	p.Nops(lat - 1)
}

// genSoftmax: y = exp(x - max) / sum exp(x - max) over each row of x
// [M, N].
func genSoftmax(p *Prog, c *ref.Case, params ref.Params) error {
	px, err := Reg(c, "x")
	if err != nil {
		return err
	}
	py, err := Reg(c, "y")
	if err != nil {
		return err
	}
	m, n := params.M, params.N
	aligned := n%32 == 0
	c32 := (n + 31) / 32
	c16 := (n + 15) / 16
	if err := softmaxConsts(p); err != nil {
		return err
	}
	p.Op("movxm m0, #%d", 2*n)
	p.Op("mov %s, %s", smX, px)
	p.Op("mov %s, %s", smY, py)
	return rowLoop(p, m, func() error {
		// src: the row (or its buffer) the passes read; e and y go to dst.
		src, dst := smX, smY
		if !aligned {
			p.Op("movxm p6, #%d", rowBuf)
			if err := copyU16(p, px, "p6", n); err != nil {
				return err
			}
			padStores(p, smPadReg, rowBuf+2*n, 32*c32-n)
			p.Op("movxm r19, #%d", rowBuf)
			src, dst = "r19", "r19"
		}
		if err := softmaxRow(p, src, dst, c32, c16); err != nil {
			return err
		}
		if aligned {
			p.Op("padda [%s], m0", px)
			p.Op("padda [%s], m0", py)
			p.Nops(1)
			p.Op("mov %s, %s", smX, px)
			p.Op("mov %s, %s", smY, py)
			return nil
		}
		p.Op("movxm p6, #%d", rowBuf)
		return copyU16(p, "p6", py, n)
	})
}

// smSpec is the exp of a softmax row: e = exp(x)·2^-J, summed into bmh8.
var smSpec = ExpSpec{Sign: 1, Sum: true}

// softmaxConsts sets the constants of softmaxRow: LUTConsts, the exp
// loop's (smSpec), the vshift byte counts (r10..r14), the pad (r15) and
// m1 = 32.
func softmaxConsts(p *Prog) error {
	LUTConsts(p)
	if err := ExpConsts(p, smSpec); err != nil {
		return err
	}
	for _, sh := range []int{32, 16, 8, 4, 2} {
		p.Op("mov %s, #%d", smShift[sh], sh)
	}
	p.Op("movxm %s, #%d", smPadReg, bf16Of(smPad))
	p.Op("movxm m1, #32")
	return nil
}

// smPtrs sets each pointer to the address in reg, then moves the
// pointers of plus32 on by 32 bytes.
func smPtrs(p *Prog, reg string, regs []string, plus32 ...string) {
	for _, r := range regs {
		p.Op("mov %s, %s", r, reg)
	}
	p.Nops(1)
	for _, r := range plus32 {
		p.Op("padda [%s], m1", r)
	}
	p.Nops(1)
}

// softmaxRow emits the softmax of one row: c32 vectors of 32 bf16 at the
// 32-byte aligned address in register src (a ragged row padded with
// smPad), e and then y (c16 vectors of 16) written at the address in dst
// (which may be src). softmaxConsts must have run; it uses p1..p4, x0..x11,
// the accumulators and the exp loop's scalar registers, and ends with
// every store done.
func softmaxRow(p *Prog, src, dst string, c32, c16 int) error {
	spec := smSpec
	ptrs := func(reg string, regs []string, plus32 ...string) { smPtrs(p, reg, regs, plus32...) }
	// The row maximum, 32 lanes a step, then folded: every lane of x10
	// holds it.
	p.Op("vbcst.16 x10, %s", smPadReg)
	ptrs(src, []string{"p1", "p2"}, "p2")
	if err := p.Pipelined(c32, 1, []SOp{
		{0, "vlda wl4, [p1], #64"},
		{0, "vldb wh4, [p2], #64"},
		{7, fmt.Sprintf("vmax_lt.bf16 x10, %s, x10, x4", smMask)},
	}); err != nil {
		return err
	}
	p.Nops(2)
	for _, sh := range []int{32, 16, 8, 4, 2} {
		seq(p, 2, "vshift x4, x10, x10, %s", smShift[sh])
		seq(p, 2, "vmax_lt.bf16 x10, %s, x10, x4", smMask)
	}
	// bmh5 = 1.5·2^23 - round(max·log2e): the exp loop's 2^-J.
	p.Op("vmac.f bmh5, bml0, x10, x1, r3")
	seq(p, 6, "vclr bmh8")
	ptrs(src, []string{"p1", "p2", "p3"})
	ptrs(dst, []string{"p4"})
	if _, err := ExpLoop(p, spec, c16, "p1", "p2", "p3", "p4"); err != nil {
		return err
	}
	p.Nops(8)
	// S: the 16 fp32 lane sums folded.
	for _, sh := range []int{32, 16, 8, 4} {
		seq(p, 2, "vmov x10, bmh8")
		seq(p, 2, "vshift x4, x10, x10, %s", smShift[sh])
		seq(p, 2, "vmov bml2, x4")
		seq(p, 6, "vadd.f bmh8, bmh8, bml2, r2")
	}
	// 1/S: r0 = magic - bits(bf16(S)), three Newton steps r' = r +
	// r(1 - S r), the last r' in fp32 split into rh (wl8) + rl (wh8).
	seq(p, 2, "vconv.bf16.fp32 wl0, bmh8")
	seq(p, 2, "vconv.fp32.bf16 bml2, wl0")
	seq(p, 5, "vsub cm3, cm1, cm2, r2")
	seq(p, 2, "vconv.bf16.fp32 wl5, bml3")
	for range 3 {
		p.Op("vmac.f bmh4, bmh0, x0, x5, r3") // 1 - S·r
		seq(p, 6, "vconv.fp32.bf16 bml4, wl5")
		seq(p, 2, "vconv.bf16.fp32 wl9, bmh4")
		seq(p, 6, "vmac.f bml6, bml4, x5, x9, r1") // r + r·e
		seq(p, 2, "vconv.bf16.fp32 wl5, bml6")
	}
	seq(p, 2, "vconv.fp32.bf16 bml4, wl5")
	p.Op("vsub.f bml7, bml6, bml4, r2")
	seq(p, 6, "vmov wl8, wl5")
	seq(p, 2, "vconv.bf16.fp32 wh8, bml7")
	// y = [e | e]·[rh | rl].
	ptrs(dst, []string{"p1", "p2", "p3"})
	if _, err := p.VLoop(c16, 1, []VOp{
		vop("lda", 7, "wl4", "", "vlda wl4, [p1], #32"),
		vop("ldb", 7, "wh4", "", "vldb wh4, [p2], #32"),
		vop("vec", 6, "bml2", "wl4,wh4", "vmul.f bml2, x4, x8, r1"),
		vop("st", 1, "", "bml2", "vst.conv.bf16.fp32 bml2, [p3], #32"),
	}); err != nil {
		return err
	}
	p.Nops(8)
	return nil
}
