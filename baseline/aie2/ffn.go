package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// The feed-forward kernels (ffn, swiglu): the matrix products of the
// matmul family (MatMul: mm.cc-style bf16 4x8x4 vmac.f blocks) chained
// with the element-wise lookup-table passes of lut.go (GELU's argument,
// exp, the divide), as an mlir-aie design chains its mm and activation
// kernels over buffers in the tile's memory.

func init() {
	register("ffn", genFFN)
}

// kernelArea is the end of the kernel's own 1 KiB of data memory.
const kernelArea = 0x70400

// genFFN: y = gelu(x W1 + b1) W2 + b2. The hidden layer goes to the
// scratch tensor (row-major [M][d_ff], rounded to bf16), GELU works on it
// in place in pieces, the second product reads it.
func genFFN(p *Prog, c *ref.Case, params ref.Params) error {
	if params.Activation != "gelu" || (params.GELU != "" && params.GELU != "tanh") {
		return fmt.Errorf("ffn: activation %s (gelu %q) not supported yet", params.Activation, params.GELU)
	}
	m, dm, dff := params.M, params.DModel, params.F
	t := map[string]struct {
		addr  int
		banks uint8
	}{}
	for _, name := range []string{"x", "w1", "b1", "w2", "b2", "y", "scratch"} {
		a, b, err := mmTensor(c, name)
		if err != nil {
			return err
		}
		t[name] = struct {
			addr  int
			banks uint8
		}{a, b}
	}
	h := t["scratch"].addr
	if st, _ := Tensor(c, "scratch"); len(st.Shape) == 0 || numel(st.Shape) < m*dff {
		return fmt.Errorf("ffn: the scratch tensor holds fewer than M*d_ff = %d elements", m*dff)
	}
	first := &MMSpec{M: m, N: dff, K: dm, LDC: dff, Batch: 1, HasBias: true,
		AAddr: t["x"].addr, ABanks: t["x"].banks, BAddr: t["w1"].addr, BBanks: t["w1"].banks,
		CAddr: h, CBanks: t["scratch"].banks, BiasAddr: t["b1"].addr, BiasBanks: t["b1"].banks}
	if err := MatMul(p, first, false); err != nil {
		return err
	}
	// GELU over the hidden layer in pieces: d = 1 + exp(-2z) needs a
	// buffer of the piece's size, the kernel's own 1 KiB (the matrix
	// code's zero chunk is set again by the next product) or y when that
	// is larger (the second product overwrites it).
	buf, bufVecs := rowBuf, (kernelArea-rowBuf)/32
	if yv := m * dm / 16; yv > bufVecs {
		buf, bufVecs = t["y"].addr, yv
	}
	if err := geluPieces(p, h, m*dff, buf, bufVecs); err != nil {
		return err
	}
	second := &MMSpec{M: m, N: dm, K: dff, LDC: dm, Batch: 1, HasBias: true,
		AAddr: h, ABanks: t["scratch"].banks, BAddr: t["w2"].addr, BBanks: t["w2"].banks,
		CAddr: t["y"].addr, CBanks: t["y"].banks, BiasAddr: t["b2"].addr, BiasBanks: t["b2"].banks}
	return MatMul(p, second, true)
}

// numel is the number of elements of a shape.
func numel(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// geluPieces applies GELU (tanh form: x·sigmoid(2z)) in place to the e
// bf16 elements at h (32-byte aligned) in pieces of up to bufVecs vectors
// with the denominators in buf: GELUArgPass writes -2z to buf, ExpPass
// turns it into 1 + exp(-2z), DividePass writes x / d back. A last
// partial vector is read whole (its lanes past e are garbage, computed
// and dropped) and written through buf: only e elements of h change.
func geluPieces(p *Prog, h, e, buf, bufVecs int) error {
	nv := (e + 15) / 16
	if h+32*nv > dmemEnd {
		return fmt.Errorf("gelu: the last vector of the hidden layer at %#x is past data memory", h)
	}
	LUTConsts(p)
	set := func(addr int, regs ...string) {
		for _, r := range regs {
			p.Op("movxm %s, #%d", r, addr)
		}
	}
	for o := 0; o < nv; o += bufVecs {
		n := min(bufVecs, nv-o)
		x := h + 32*o
		partial := o+n == nv && e%16 != 0
		set(x, "p1", "p2")
		set(buf, "p4")
		p.Nops(1)
		if _, err := GELUArgPass(p, n, "p1", "p2", "p4"); err != nil {
			return err
		}
		p.Nops(8)
		set(buf, "p1", "p2", "p3", "p4")
		p.Nops(1)
		if _, err := ExpPass(p, ExpSpec{Sign: 1, Denom: true}, n, "p1", "p2", "p3", "p4"); err != nil {
			return err
		}
		p.Nops(8)
		out := x
		if partial {
			out = buf
		}
		set(x, "p1")
		set(buf, "p2", "p3", "p4")
		set(out, "p6")
		p.Nops(1)
		if _, err := DividePass(p, n, "p1", "p2", "p3", "p4", "p6"); err != nil {
			return err
		}
		p.Nops(8)
		if partial {
			set(buf, "p6")
			set(x, "p7")
			p.Nops(1)
			if err := p.Pipelined(n-1, 1, []SOp{
				{0, "vlda wl0, [p6], #32"},
				{7, "vst wl0, [p7], #32"},
			}); err != nil {
				return err
			}
			p.Nops(8)
			if err := copyU16(p, "p6", "p7", e%16); err != nil {
				return err
			}
			p.Nops(8)
		}
	}
	return nil
}
