package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// The normalisations (rms_norm.cc, layer_norm.cc in mlir-aie's
// aie_kernels/aie2): a loop over the rows, each row's sums of squares
// (and of values) by bf16 element-wise MACs (configuration 60: lane i =
// a[i]·b[i] + a[i+16]·b[i+16], so 32 elements a vmac.f) into fp32
// accumulators, the 16 lanes folded by vshift and vadd.f, the row's
// 1/sqrt from rsqrt_lut by scalar code (exponent parity and 7 mantissa
// bits, the exponent halved), then the row scaled 16 lanes a step and
// rounded to bf16 to nearest even by vst.conv.
//
// Rows whose start is not 32-byte aligned (N not a multiple of 32) are
// copied element by element into an aligned, zero-padded buffer at the
// bottom of the kernel's own memory (0x70000), worked on there and copied
// out: AIE2's vector loads and stores must be 32-byte aligned.

func init() {
	register("rmsnorm", genRMSNorm)
}

// Registers of the row kernels.
const (
	rConf60 = "r1" // element-wise bf16 MAC configuration
	rZero   = "r2" // 0: vadd.f configuration, vbcst of zeros
	rNeg23  = "r3"
	rNeg16  = "r4"
	r127    = "r5"
	rSeven  = "r6"
	rNeg1   = "r7"
	rIdx0   = "r16" // vextract index 0
	rowBuf  = 0x70000
)

// bf16Of is the bf16 bit pattern of v (round to nearest even).
func bf16Of(v float64) uint16 { return ref.BF16Bits(ref.RoundBF16(v)) }

// rowConsts sets the registers above and rounding to nearest even.
func rowConsts(p *Prog) {
	prologue(p)
	p.Op("movxm %s, #60", rConf60)
	p.Op("mov %s, #0", rZero)
	p.Op("mov %s, #-23", rNeg23)
	p.Op("mov %s, #-16", rNeg16)
	p.Op("mov %s, #127", r127)
	p.Op("mov %s, #7", rSeven)
	p.Op("mov %s, #-1", rNeg1)
	p.Op("mov %s, #0", rIdx0)
}

// copyU16 copies n bf16 elements from [src] to [dst] under the
// zero-overhead loop, both pointers advancing past them: with n even
// (rows 4-byte aligned) a word a cycle (lda, st), else an element every
// two cycles (lda.u16 and st.s16 share the lda slot; st.s16 reads its
// data in cycle 7).
func copyU16(p *Prog, src, dst string, n int) error {
	if n%2 == 0 {
		return p.Pipelined(n/2, 1, []SOp{
			{0, fmt.Sprintf("lda r8, [%s], #4", src)},
			{7, fmt.Sprintf("st r8, [%s], #4", dst)},
		})
	}
	return p.Pipelined(n, 2, []SOp{
		{0, fmt.Sprintf("lda.u16 r8, [%s], #2", src)},
		{1, fmt.Sprintf("st.s16 r8, [%s], #2", dst)},
	})
}

// zeroBuf clears n bytes (a multiple of 32) at rowBuf.
func zeroBuf(p *Prog, n int) {
	p.Op("movxm p7, #%d", rowBuf)
	p.Op("vbcst.16 x11, %s", rZero)
	p.Nops(2)
	for i := 0; i < n; i += 32 {
		p.Op("vst wl11, [p7], #32")
	}
}

// foldLanes adds the 16 fp32 lanes of acc into its lane 0 (vshift by 32,
// 16, 8, 4 bytes and vadd.f), using x10, x11 and tmp; acc must have
// landed.
func foldLanes(p *Prog, acc, tmp string) {
	for _, sh := range []int{32, 16, 8, 4} {
		p.Op("vmov x10, %s ; movx r9, #%d", acc, sh)
		p.Nops(1)
		p.Op("vshift x11, x10, x10, r9")
		p.Nops(1)
		p.Op("vmov %s, x11", tmp)
		p.Nops(1)
		p.Op("vadd.f %s, %s, %s, %s", acc, acc, tmp, rZero)
		p.Nops(6)
	}
}

// rsqrtLane0 computes 1/sqrt of the fp32 in lane 0 of acc (positive,
// normal) from rsqrt_lut at lut into r15 as bf16 bits: the table entry of
// the exponent's parity and the top 7 mantissa bits, its exponent moved by
// -(e - parity)/2.
func rsqrtLane0(p *Prog, acc, lut string) {
	p.Op("vmov x10, %s", acc)
	p.Nops(2)
	p.Op("vextract.s32 r9, x10, %s", rIdx0)
	p.Nops(2)
	p.Op("lshl r11, r9, %s", rNeg23)    // biased exponent eb
	p.Op("lshl r13, r9, %s", rNeg16)    // sign, exponent, 7 mantissa bits
	p.Op("add r12, r11, #1")            // parity of eb-127 = (eb+1)&1
	p.Op("and r13, r13, %s", r127)      // m7
	p.Op("and r12, r12, %s", "r10")     // r10 = 1
	p.Op("lshl r14, r12, %s", rSeven)   // parity<<7
	p.Op("or r14, r14, r13")            // index
	p.Op("add r14, r14, r14")           // byte offset
	p.Op("mov dj0, r14")                //
	p.Op("add r12, r12, %s", r127)      // 127 + parity
	p.Op("lda.u16 r15, [%s, dj0]", lut) //
	p.Op("sub r12, r12, r11")           // 127 + parity - eb = -(e - parity)
	p.Op("ashl r12, r12, %s", rNeg1)    // halved
	p.Op("lshl r12, r12, %s", rSeven)   // into the bf16 exponent field
	p.Nops(4)
	p.Op("add r15, r15, r12")
}

// rowLoop emits the loop over m rows: body is the code of one row; r0
// counts the rows down.
func rowLoop(p *Prog, m int, body func() error) error {
	p.Op("movxm r0, #%d", m)
	p.Align16()
	top := p.NewLabel("row")
	p.Label(top)
	if err := body(); err != nil {
		return err
	}
	p.Op("add r0, r0, #-1")
	p.Op("jnz r0, #%s", top)
	p.Nops(5)
	p.Op("done")
	return nil
}

// genRMSNorm: y = x / sqrt(mean(x^2) + eps) * gamma, row by row.
func genRMSNorm(p *Prog, c *ref.Case, params ref.Params) error {
	regs := map[string]string{}
	for _, n := range []string{"x", "gamma", "rsqrt_lut", "y"} {
		r, err := Reg(c, n)
		if err != nil {
			return err
		}
		regs[n] = r
	}
	px, pg, plut, py := regs["x"], regs["gamma"], regs["rsqrt_lut"], regs["y"]
	m, n := params.M, params.N
	aligned := n%32 == 0
	c32 := (n + 31) / 32
	c16 := (n + 15) / 16
	rowConsts(p)
	p.Op("mov r10, #1")
	if !aligned {
		zeroBuf(p, c32*64)
	}
	// x4 = [sum (bf16) | eps], x6 = [1/N | 1]: lane 0 of x4·x6 = sum/N + eps.
	p.Op("movxm r8, #%d", bf16Of(params.Eps))
	p.Op("movxm r9, #%d", bf16Of(1/float64(n)))
	p.Op("vbcst.16 x4, r8")
	p.Op("vbcst.16 x6, r9")
	p.Op("movxm r8, #%d", bf16Of(1))
	p.Op("vbcst.16 x7, r8")
	p.Nops(1)
	p.Op("vmov wh6, wh7")
	p.Op("vbcst.16 x1, %s", rZero)
	p.Op("vbcst.16 x2, %s", rZero)
	p.Nops(1)
	return rowLoop(p, m, func() error {
		// p5: the row's x (aligned) or the buffer; p7: where y goes.
		if aligned {
			p.Op("mov p5, %s", px)
			p.Op("mov p7, %s", py)
			p.Op("mov r17, %s", px)
			p.Op("movxm m0, #%d", 2*n)
			p.Nops(1)
			p.Op("padda [%s], m0", px)
			p.Op("padda [%s], m0", py)
		} else {
			p.Op("movxm p5, #%d", rowBuf)
			if err := copyU16(p, px, "p5", n); err != nil {
				return err
			}
			p.Op("movxm p5, #%d", rowBuf)
			p.Op("movxm p7, #%d", rowBuf)
		}
		p.Op("mov p6, %s", pg)
		p.Op("vclr bml0")
		p.Nops(5)
		// Sum of squares, 32 elements a step.
		if err := p.Pipelined(c32, 4, []SOp{
			{0, "vlda wl0, [p5], #32"},
			{1, "vlda wh0, [p5], #32"},
			{8, fmt.Sprintf("vmac.f bml0, bml0, x0, x0, %s", rConf60)},
		}); err != nil {
			return err
		}
		p.Nops(6)
		foldLanes(p, "bml0", "bml1")
		p.Op("vconv.bf16.fp32 wl4, bml0")
		p.Nops(2)
		p.Op("vmul.f bml2, x4, x6, %s", rConf60)
		p.Nops(6)
		rsqrtLane0(p, "bml2", plut)
		p.Nops(1)
		p.Op("vbcst.16 x3, r15")
		if aligned {
			p.Op("mov p5, r17")
		} else {
			p.Op("movxm p5, #%d", rowBuf)
		}
		p.Nops(1)
		// y = bf16(x·gamma)·r, 16 lanes a step (x1, x2: high halves zero).
		if err := p.Pipelined(c16, 2, []SOp{
			{0, "vlda wl0, [p5], #32"},
			{0, "vldb wl1, [p6], #32"},
			{7, fmt.Sprintf("vmul.f bml0, x0, x1, %s", rConf60)},
			{13, "vconv.bf16.fp32 wl2, bml0"},
			{16, fmt.Sprintf("vmul.f bml1, x2, x3, %s", rConf60)},
			{22, "vst.conv.bf16.fp32 bml1, [p7], #32"},
		}); err != nil {
			return err
		}
		if !aligned {
			p.Nops(6)
			p.Op("movxm p5, #%d", rowBuf)
			if err := copyU16(p, "p5", py, n); err != nil {
				return err
			}
		}
		return nil
	})
}
