package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// The T5 decoder block (self-attention only, pre-norm), composed of the
// other tasks' pieces as a compiler chains mlir-aie's rms_norm, mm,
// softmax and relu kernels through buffers:
//
//	a  = rmsnorm(x; g1)                         (rmsRows)
//	h1 = x + MHA(a) with pos_bias[h] added to head h's scores, scale 1
//	                                            (mhaBlock, attnHead.Bias)
//	y  = h1 + relu(rmsnorm(h1; g2) Wi) Wff      (rmsRows, MatMul, reluFlat)
//
// The residual adds are element-wise bf16 MACs over the flat [S][d_model]
// matrices: [a | b]·[1 | 1] (configuration 60), rounded to bf16.
//
// Scratch layout: A (S x d_model: a, then MHA's output, then h1), then
// the attention's regions (genMHA's layout), which the FFN reuses once
// the heads are done: N (S x d_model, rmsnorm(h1)) and H (S x d_ff). The
// second product writes y, and the last residual add works on y in place.
func init() {
	register("decoder_t5", genDecoderT5)
}

// genDecoderT5: the T5 decoder block, all addresses from the case.
func genDecoderT5(p *Prog, c *ref.Case, params ref.Params) error {
	s, dm, dff := params.S, params.DModel, params.F
	if params.HKV != 0 && params.HKV != params.H {
		return fmt.Errorf("decoder_t5: kv_heads %d not supported yet", params.HKV)
	}
	if (s*dm)%16 != 0 || (s*dff)%16 != 0 {
		return fmt.Errorf("decoder_t5: S*d_model = %d or S*d_ff = %d not a multiple of 16: not supported yet", s*dm, s*dff)
	}
	addr := map[string]int{}
	for _, n := range []string{"x", "g1", "wq", "wk", "wv", "wo", "g2", "wi", "wff", "pos_bias", "rsqrt_lut", "y", "scratch"} {
		a, err := tensorAddr(c, n)
		if err != nil {
			return err
		}
		addr[n] = a
	}
	t, err := Tensor(c, "scratch")
	if err != nil {
		return err
	}
	align := func(a int) int { return (a + 31) &^ 31 }
	scrEnd := addr["scratch"] + 2*int(t.Shape[0])
	aA := align(addr["scratch"])
	attn := align(aA + 2*s*dm)
	nA := attn
	hA := align(nA + 2*s*dm)
	region(p, "t5 rmsnorm(x; g1)")
	setP(p, map[string]int{"p0": addr["x"], "p1": addr["g1"], "p2": addr["rsqrt_lut"], "p3": aA})
	if err := rmsNormRows(p, "p0", "p1", "p2", "p3", s, dm, params.Eps, false); err != nil {
		return err
	}
	p.Nops(8)
	// The attention block: input a, output into A (a is dead once the
	// projections are done).
	subs := &projSubs{}
	io := map[string]int{"x": aA, "wq": addr["wq"], "wk": addr["wk"], "wv": addr["wv"], "wo": addr["wo"], "y": aA}
	if err := mhaBlock(p, params, subs, io, attn, scrEnd, addr["pos_bias"]); err != nil {
		return err
	}
	p.Nops(8)
	region(p, "t5 h1 = x + attention")
	if err := addFlat(p, addr["x"], aA, aA, s*dm); err != nil {
		return err
	}
	if t5SharedFFN(dm, dff) {
		if err := t5FFNShared(p, params, subs, addr, aA, attn, scrEnd); err != nil {
			return err
		}
	} else {
		if hA+2*s*dff > scrEnd {
			return fmt.Errorf("decoder_t5: the FFN's regions (%#x..%#x) do not fit the scratch tensor (ends %#x)", nA, hA+2*s*dff, scrEnd)
		}
		region(p, "t5 rmsnorm(h1; g2)")
		setP(p, map[string]int{"p0": aA, "p1": addr["g2"], "p2": addr["rsqrt_lut"], "p3": nA})
		if err := rmsNormRows(p, "p0", "p1", "p2", "p3", s, dm, params.Eps, false); err != nil {
			return err
		}
		p.Nops(8)
		region(p, "t5 n Wi")
		up := &MMSpec{M: s, N: dff, K: dm, LDC: dff, Batch: 1,
			AAddr: nA, ABanks: bankMask(nA, 2*s*dm), BAddr: addr["wi"], BBanks: bankMask(addr["wi"], 2*dm*dff),
			CAddr: hA, CBanks: bankMask(hA, 2*s*dff)}
		if err := MatMul(p, up, false); err != nil {
			return err
		}
		region(p, "t5 relu")
		setP(p, map[string]int{"p0": hA, "p1": hA})
		if err := reluFlat(p, "p0", "p1", s*dff); err != nil {
			return err
		}
		p.Nops(8)
		region(p, "t5 relu(h) Wff")
		down := &MMSpec{M: s, N: dm, K: dff, LDC: dm, Batch: 1,
			AAddr: hA, ABanks: bankMask(hA, 2*s*dff), BAddr: addr["wff"], BBanks: bankMask(addr["wff"], 2*dff*dm),
			CAddr: addr["y"], CBanks: bankMask(addr["y"], 2*s*dm)}
		if err := MatMul(p, down, false); err != nil {
			return err
		}
	}
	region(p, "t5 y = h1 + ffn")
	if err := addFlat(p, aA, addr["y"], addr["y"], s*dm); err != nil {
		return err
	}
	p.Op("done")
	return subs.emit(p)
}

// addFlat emits out = a + b over e contiguous bf16 elements (e a
// multiple of 16, the addresses 32-byte aligned; out may be a or b), 16
// lanes a cycle: [a | b]·[1 | 1] by an element-wise MAC, rounded to bf16
// by vst.conv. Everything has landed when it ends.
func addFlat(p *Prog, a, b, out, e int) error {
	if e%16 != 0 || a%32 != 0 || b%32 != 0 || out%32 != 0 {
		return fmt.Errorf("add: %d elements at %#x, %#x, %#x not supported yet", e, a, b, out)
	}
	prologue(p)
	p.Op("movxm p5, #%d", a)
	p.Op("movxm p6, #%d", b)
	p.Op("movxm p7, #%d", out)
	p.Op("movxm %s, #60", rConf60)
	p.Op("movxm r8, #%d", bf16Of(1))
	p.Nops(1)
	p.Op("vbcst.16 x1, r8")
	p.Nops(2)
	if err := p.Pipelined(e/16, 1, []SOp{
		{0, "vlda wl0, [p5], #32"},
		{0, "vldb wh0, [p6], #32"},
		{7, fmt.Sprintf("vmul.f bml0, x0, x1, %s", rConf60)},
		{13, "vst.conv.bf16.fp32 bml0, [p7], #32"},
	}); err != nil {
		return err
	}
	p.Nops(8)
	return nil
}

// setP loads p registers (p0..p3) with addresses.
func setP(p *Prog, regs map[string]int) {
	for _, r := range []string{"p0", "p1", "p2", "p3"} {
		if v, ok := regs[r]; ok {
			p.Op("movxm %s, #%d", r, v)
		}
	}
	p.Nops(1)
}

// t5SharedFFN tells whether the FFN's products go through the
// attention's d_model-wide product subroutine: when d_model or d_ff has
// a tail of 8 columns (not a multiple of 16), whose product code is the
// largest, so that three more copies of it would not fit in the 16 KiB
// of program memory.
func t5SharedFFN(dm, dff int) bool { return dm%16 != 0 || dff%16 != 0 }

// t5FFNShared emits y = relu(rmsnorm(h1; g2) Wi) Wff (h1 at h1A) with
// every product a call of the [S][d_model] x [d_model][d_model]
// subroutine of subs: Wi in column blocks of d_model (the last block
// ending at d_ff, overlapping the one before), each copied into a
// contiguous buffer WB, giving the hidden layer as blocks H_j; the
// columns a block shares with the one before are zeroed in it, so that
// y = sum_j H_j Wff[c_j : c_j + d_model] (Wff's row blocks are
// contiguous), the partial products accumulated by addFlat. rmsnorm(h1)
// goes to y (dead until the first partial product).
func t5FFNShared(p *Prog, params ref.Params, subs *projSubs, addr map[string]int, h1A, scr0, scrEnd int) error {
	s, dm, dff := params.S, params.DModel, params.F
	if dff < dm || dm%2 != 0 || dff%2 != 0 {
		return fmt.Errorf("decoder_t5: d_model %d, d_ff %d not supported yet", dm, dff)
	}
	align := func(a int) int { return (a + 31) &^ 31 }
	nb := (dff + dm - 1) / dm
	blk := align(2 * s * dm)
	hA := align(scr0)
	wbA := hA + nb*blk
	pA := wbA // the partial products reuse WB
	if end := wbA + max(2*dm*dm, 2*s*dm); end > scrEnd {
		return fmt.Errorf("decoder_t5: the FFN's regions (%#x..%#x) do not fit the scratch tensor (ends %#x)", hA, end, scrEnd)
	}
	col := func(j int) int { return min(j*dm, dff-dm) }
	region(p, "t5 rmsnorm(h1; g2)")
	y := addr["y"]
	setP(p, map[string]int{"p0": h1A, "p1": addr["g2"], "p2": addr["rsqrt_lut"], "p3": y})
	if err := rmsNormRows(p, "p0", "p1", "p2", "p3", s, dm, params.Eps, false); err != nil {
		return err
	}
	p.Nops(8)
	for j := range nb {
		region(p, fmt.Sprintf("t5 Wi columns %d.. to WB", col(j)))
		setP(p, map[string]int{"p0": addr["wi"] + 2*col(j), "p1": wbA})
		p.Op("movxm m0, #%d", 2*(dff-dm))
		if err := rowLoopEnd(p, dm, false, func() error {
			if err := copyU16(p, "p0", "p1", dm); err != nil {
				return err
			}
			p.Op("padda [p0], m0")
			return nil
		}); err != nil {
			return err
		}
		p.Nops(8)
		if err := subs.call(p, s, dm, dm, y, wbA, hA+j*blk, bankMask(y, 2*s*dm), bankMask(wbA, 2*dm*dm), bankMask(hA+j*blk, 2*s*dm)); err != nil {
			return err
		}
	}
	region(p, "t5 relu")
	setP(p, map[string]int{"p0": hA, "p1": hA})
	if err := reluFlat(p, "p0", "p1", nb*blk/2); err != nil {
		return err
	}
	p.Nops(8)
	if ov := nb*dm - dff; ov > 0 {
		region(p, "t5 zero the overlapping columns")
		setP(p, map[string]int{"p0": hA + (nb-1)*blk})
		p.Op("mov r8, #0")
		for range s {
			for w := range ov / 2 {
				step := 4
				if w == ov/2-1 {
					step = 4 + 2*(dm-ov)
				}
				if step > 252 {
					return fmt.Errorf("decoder_t5: d_model %d not supported yet (store step)", dm)
				}
				p.Op("st r8, [p0], #%d", step)
			}
		}
		p.Nops(8)
	}
	for j := range nb {
		region(p, fmt.Sprintf("t5 H_%d Wff", j))
		out := y
		if j > 0 {
			out = pA
		}
		if err := subs.call(p, s, dm, dm, hA+j*blk, addr["wff"]+2*col(j)*dm, out, bankMask(hA+j*blk, 2*s*dm), bankMask(addr["wff"], 2*dff*dm), bankMask(out, 2*s*dm)); err != nil {
			return err
		}
		if j > 0 {
			p.Nops(8)
			region(p, "t5 y += partial")
			if err := addFlat(p, y, pA, y, s*dm); err != nil {
				return err
			}
		}
	}
	p.Nops(8)
	return nil
}
