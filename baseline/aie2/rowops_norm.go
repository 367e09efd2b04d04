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
// data in cycle 7) in two passes, the even elements and then the odd
// ones, so that no two st.s16 to one word are less than partWordGap
// cycles apart (st.s16 is a read-modify-write of its word from E5 to
// E11: a second store to the word inside that window would be undone).
// m7 is clobbered.
func copyU16(p *Prog, src, dst string, n int) error {
	if n%2 == 0 {
		return p.Pipelined(n/2, 1, []SOp{
			{0, fmt.Sprintf("lda r8, [%s], #4", src)},
			{7, fmt.Sprintf("st r8, [%s], #4", dst)},
		})
	}
	ops := []SOp{
		{0, fmt.Sprintf("lda.u16 r8, [%s], #4", src)},
		{1, fmt.Sprintf("st.s16 r8, [%s], #4", dst)},
	}
	na, nb := (n+1)/2, n/2
	if err := p.Pipelined(na, 2, ops); err != nil {
		return err
	}
	if nb == 0 {
		return nil
	}
	// Back to element 1: the pointers are 4·na bytes on. A store of pass
	// one and one of pass two to the same word are at least the length
	// of pass one apart, less one element (dst not word-aligned).
	p.Op("movxm m7, #%d", 2-4*na)
	p.Nops(1)
	p.Op("padda [%s], m7 ; padds [%s], m7", src, dst)
	p.Nops(max(1, partWordGap+2-2*na))
	return p.Pipelined(nb, 2, ops)
}

// partWordGap is the least distance in cycles between two partial-word
// stores (st.s8, st.s16) to one word: the first reads the word in E5 and
// writes it back in E11 (llvm-aie's II_STHB, MemoryCycles<[5, 11]>).
const partWordGap = 7

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
	return rowLoopEnd(p, m, true, body)
}

// rowLoopEnd is rowLoop, ending the kernel (done) when done is set.
func rowLoopEnd(p *Prog, m int, done bool, body func() error) error {
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
	if done {
		p.Op("done")
	}
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
	return rmsNormRows(p, regs["x"], regs["gamma"], regs["rsqrt_lut"], regs["y"], params.M, params.N, params.Eps, true)
}

// rmsNormRows emits RMSNorm over m rows of n bf16 from the pointer
// registers px (x), pg (gamma), plut (rsqrt_lut), py (y), ending the
// kernel when done. Uses the row registers, dj0, p5..p7 and the row
// buffer; px and py advance past the rows.
func rmsNormRows(p *Prog, px, pg, plut, py string, m, n int, eps float64, done bool) error {
	aligned := n%32 == 0
	c32 := (n + 31) / 32
	c16 := (n + 15) / 16
	rowConsts(p)
	p.Op("mov r10, #1")
	if !aligned {
		zeroBuf(p, c32*64)
	}
	// x4 = [sum (bf16) | eps], x6 = [1/N | 1]: lane 0 of x4·x6 = sum/N + eps.
	p.Op("movxm r8, #%d", bf16Of(eps))
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
	return rowLoopEnd(p, m, done, func() error {
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

func init() {
	register("layernorm", genLayerNorm)
}

// padStores writes the bf16 bits in reg to the k elements from addr with
// scalar stores (the padding of the row buffer): the elements in the low
// halves of their words first, then those in the high halves (4-byte
// strides), nops between where a word's second store would come less
// than partWordGap cycles after its first.
func padStores(p *Prog, reg string, addr, k int) {
	if k == 0 {
		return
	}
	var first, second []int // element addresses
	for a := addr; a < addr+2*k; a += 2 {
		if a%4 == 0 {
			first = append(first, a)
		} else {
			second = append(second, a)
		}
	}
	t := 0
	stored := map[int]int{} // word -> cycle of its store
	pass := func(as []int) {
		p.Op("movxm p3, #%d", as[0])
		p.Nops(1)
		t += 2
		for _, a := range as {
			if c, ok := stored[a/4]; ok && t-c < partWordGap {
				p.Nops(partWordGap - (t - c))
				t = c + partWordGap
			}
			p.Op("st.s16 %s, [p3], #4", reg)
			stored[a/4] = t
			t++
		}
	}
	for _, as := range [][]int{first, second} {
		if len(as) > 0 {
			pass(as)
		}
	}
}

// genLayerNorm: y = (x - mean) / sqrt(var + eps) * gamma + beta, row by
// row, as layer_norm.cc does but shifted for accuracy: the row's sum
// gives c = bf16(mean); d = x - c (exact in fp32, then bf16) with the sums
// of d and d^2 give the residual mean delta and var = E[d^2] - delta^2 +
// eps; y = (d - delta)·r·gamma + beta with (d - delta)·r in fp32 split
// into two bf16 terms (the LUT's 1/sqrt and one bf16 rounding of that
// product would use up the tolerance where gamma·e cancels beta).
func genLayerNorm(p *Prog, c *ref.Case, params ref.Params) error {
	regs := map[string]string{}
	for _, n := range []string{"x", "gamma", "beta", "rsqrt_lut", "y"} {
		r, err := Reg(c, n)
		if err != nil {
			return err
		}
		regs[n] = r
	}
	px, pg, pb, plut, py := regs["x"], regs["gamma"], regs["beta"], regs["rsqrt_lut"], regs["y"]
	if pg != "p1" || pb != "p2" || py != "p5" {
		return fmt.Errorf("unexpected layout: gamma %s, beta %s, y %s", pg, pb, py)
	}
	m, n := params.M, params.N
	aligned := n%32 == 0
	c32 := (n + 31) / 32
	c16 := (n + 15) / 16
	pad := c16*16 - n
	rowConsts(p)
	p.Op("mov r10, #1")
	p.Op("mov r18, p1")
	p.Op("mov r19, p2")
	if !aligned {
		zeroBuf(p, c32*64)
	}
	p.Op("movxm r8, #%d", bf16Of(params.Eps))
	p.Op("movxm r9, #%d", bf16Of(1/float64(n)))
	p.Op("vbcst.16 x4, r8")
	p.Op("vbcst.16 x6, r9")
	p.Op("movxm r8, #%d", bf16Of(1))
	p.Op("vbcst.16 x7, r8")
	p.Op("vbcst.16 x8, %s", rZero)
	p.Nops(1)
	p.Op("vmov wh6, wh7")
	p.Op("vmov wh1, wh7")
	p.Op("movxm r22, #%d", 0x8000)
	p.Op("movxm r21, #%d", 60|1<<11) // element-wise, products negated
	p.Op("movxm r23, #%d", bf16Of(-1))
	return rowLoop(p, m, func() error {
		// p6: the row's x (aligned) or the buffer; p7: the row's scratch
		// (y itself, or the buffer).
		if aligned {
			p.Op("mov p6, %s", px)
			p.Op("mov p7, %s", py)
			p.Op("mov r17, %s", px)
			p.Op("movxm m0, #%d", 2*n)
			p.Op("mov r20, %s", py)
			p.Op("padda [%s], m0", px)
			p.Op("padda [%s], m0", py)
		} else {
			p.Op("movxm p6, #%d", rowBuf)
			if err := copyU16(p, px, "p6", n); err != nil {
				return err
			}
			padStores(p, rZero, rowBuf+2*n, pad)
			p.Op("movxm p6, #%d", rowBuf)
			p.Op("mov r17, p6")
			p.Op("mov r20, p6")
		}
		p.Op("mov p1, r18")
		p.Op("mov p2, r19")
		p.Op("vclr bml0")
		p.Op("vclr bml3")
		p.Op("vclr bml4")
		p.Op("vbcst.16 x2, %s", rZero)
		p.Nops(3)
		// Sum, 32 elements a step.
		if err := p.Pipelined(c32, 4, []SOp{
			{0, "vlda wl0, [p6], #32"},
			{1, "vlda wh0, [p6], #32"},
			{8, fmt.Sprintf("vmac.f bml0, bml0, x0, x7, %s", rConf60)},
		}); err != nil {
			return err
		}
		p.Nops(6)
		foldLanes(p, "bml0", "bml1")
		p.Op("vconv.bf16.fp32 wl8, bml0")
		p.Nops(2)
		p.Op("vmul.f bml2, x8, x6, %s", rConf60) // lane 0: sum/N
		p.Nops(6)
		p.Op("vconv.bf16.fp32 wl9, bml2")
		p.Nops(2)
		p.Op("vextract.s16 r9, x9, %s", rIdx0) // c
		p.Nops(2)
		p.Op("movxm r8, #%d", bf16Of(-1))
		p.Op("vbcst.16 x5, r9")
		p.Op("vbcst.16 x9, r8")
		p.Nops(1)
		p.Op("vmov wh0, wh5")
		p.Op("vmov wl9, wl7") // x9 = [1 | -1]
		if !aligned {
			padStores(p, "r9", rowBuf+2*n, pad)
		}
		p.Op("mov p6, r17")
		p.Op("mov p7, r20")
		p.Nops(2)
		// d = x - c (bf16, stored), sums of d and d^2.
		if err := p.Pipelined(c16, 4, []SOp{
			{0, "vlda wl0, [p6], #32"},
			{7, fmt.Sprintf("vmul.f bml0, x0, x9, %s", rConf60)},
			{13, "vconv.bf16.fp32 wl2, bml0"},
			{16, fmt.Sprintf("vmac.f bml3, bml3, x2, x7, %s", rConf60)},
			{17, fmt.Sprintf("vmac.f bml4, bml4, x2, x2, %s", rConf60)},
			{16, "vst wl2, [p7], #32"},
		}); err != nil {
			return err
		}
		p.Nops(7)
		foldLanes(p, "bml3", "bml1")
		foldLanes(p, "bml4", "bml1")
		p.Op("vconv.bf16.fp32 wl8, bml3")
		p.Nops(2)
		p.Op("vmul.f bml2, x8, x6, %s", rConf60) // lane 0: delta = sum d / N
		p.Op("vconv.bf16.fp32 wl4, bml4")
		p.Nops(5)
		p.Op("vconv.bf16.fp32 wl9, bml2")
		p.Nops(2)
		p.Op("vextract.s16 r9, x9, %s", rIdx0) // delta
		p.Op("vbcst.16 x9, %s", rZero)
		p.Nops(1)
		p.Op("vbcst.16 x5, r9")
		p.Nops(1)
		p.Op("vmov wl9, wl5") // x9 = [delta | 0]
		p.Nops(1)
		p.Op("vmov wh0, wh5")            // x0 = [. | delta] for the last pass
		p.Op("vmul.f bml5, x9, x9, r21") // -delta^2
		p.Nops(5)
		p.Op("vmac.f bml2, bml5, x4, x6, %s", rConf60) // sum d^2 / N + eps - delta^2
		p.Nops(6)
		rsqrtLane0(p, "bml2", plut)
		p.Nops(1)
		p.Op("vbcst.16 x3, r15 ; xor r15, r15, r22")
		p.Op("vbcst.16 x10, r15")
		p.Nops(1)
		p.Op("vmov wh3, wh10") // x3 = [r | -r]
		p.Op("mov p6, r20")
		p.Op("mov p7, r20")
		p.Nops(1)
		p.Op("vbcst.16 x9, r23")
		p.Nops(1)
		p.Op("vmov wh9, wh8") // x9 = [-1 | 0]
		p.Nops(1)
		// e = (d - delta)·r in fp32, split into bf16 eh + el; y = eh·gamma +
		// el·gamma + beta (fp32 from vlda.conv), 16 lanes a step.
		if err := p.Pipelined(c16, 6, []SOp{
			{0, "vlda wl0, [p6], #32"},
			{7, fmt.Sprintf("vmul.f bml0, x0, x3, %s", rConf60)},
			{13, "vconv.bf16.fp32 wl2, bml0"},
			{15, fmt.Sprintf("vmac.f bml6, bml0, x2, x9, %s", rConf60)},
			{15, "vldb wl1, [p1, #0]"},
			{16, "vldb wh1, [p1], #32"},
			{17, "vconv.bf16.fp32 wl5, bml0"},
			{17, "vlda.conv.fp32.bf16 bml7, [p2], #32"},
			{21, "vconv.bf16.fp32 wh5, bml6"},
			{23, fmt.Sprintf("vmac.f bml1, bml7, x5, x1, %s", rConf60)},
			{30, "vst.conv.bf16.fp32 bml1, [p7], #32"},
		}); err != nil {
			return err
		}
		if !aligned {
			p.Nops(6)
			p.Op("movxm p6, #%d", rowBuf)
			if err := copyU16(p, "p6", py, n); err != nil {
				return err
			}
		}
		return nil
	})
}
