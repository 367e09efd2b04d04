package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

func init() {
	register("decoder_llama", genDecoderLLaMA)
}

// genDecoderLLaMA: the pre-norm LLaMA block composed from the other
// kernels' pieces, stage after stage through the scratch tensor, as an
// mlir-aie design chains its kernels over buffers in the tile's memory:
//
//   - a = rmsnorm(x, g1) (rmsNormRows) into A;
//   - Q, K, V = a Wq, a Wk, a Wv by the projection subroutine into R,
//     each copied out head-major (headCopy), as mha does;
//   - RoPE in place on every head of Q and K (ropeHeads);
//   - the heads' causal attention (mhaHeads), copied back row-major into
//     R; y = R Wo, then h1 = x + y into A (an add pass);
//   - b = rmsnorm(h1, g2) into B (Q's place), G = b Wg and U = b Wu by
//     a second product subroutine, silu(G)·U in G (swiGate);
//   - y = G Wd, then y = h1 + y.
//
// Scratch layout (32-byte aligned regions): A (S x d_model), Q, K, V
// (heads x S x D, each head 32-byte aligned), R (S x d_model), the score
// matrix (S x S, unless its rows fit R padded); later B, G, U (S x d_ff)
// from Q's place.
//
// When the weights' rows are not 32-byte aligned (configuration 3), this
// layout of the code would not fit program memory: genLLaMAShared
// (decoder_llama_shared.go) computes the block with one product
// subroutine and the repeated stages as subroutines.
func genDecoderLLaMA(p *Prog, c *ref.Case, params ref.Params) error {
	s, dm, d, h, dff := params.S, params.DModel, params.D, params.H, params.F
	if h <= 0 || d*h != dm || d%2 != 0 || dff%2 != 0 || (s*dm)%16 != 0 || (s*dff)%16 != 0 {
		return fmt.Errorf("decoder_llama: S %d, heads %d, head_dim %d, d_model %d, d_ff %d not supported yet", s, h, d, dm, dff)
	}
	if params.Scale <= 0 {
		return fmt.Errorf("decoder_llama: scale %v", params.Scale)
	}
	addr := map[string]int{}
	for _, n := range []string{"x", "g1", "wq", "wk", "wv", "wo", "g2", "wg", "wu", "wd", "cos", "sin", "rsqrt_lut", "y", "scratch"} {
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
	end := addr["scratch"] + 2*numel(t.Shape)
	align := func(a int) int { return (a + 31) &^ 31 }
	hs := align(2 * s * d)
	aA := align(addr["scratch"])
	qA := align(aA + 2*s*dm)
	kA := qA + h*hs
	vA := kA + h*hs
	rA := vA + h*hs
	scr := align(rA + 2*s*dm)
	bA := qA
	gA := align(bA + 2*s*dm)
	uA := align(gA + 2*s*dff)
	if scr+2*s*s > end || uA+2*s*dff > end {
		return fmt.Errorf("decoder_llama: the scratch regions do not fit the scratch tensor (ends %#x)", end)
	}
	bk := func(a, elems int) uint8 { return bankMask(a, 2*elems) }
	if (2*dm)%32 != 0 || (2*dff)%32 != 0 {
		// Weight rows off 32-byte alignment make a product's code
		// several times larger: the kernel as below would not fit
		// program memory.
		return genLLaMAShared(p, params, addr, &llamaLayout{A: aA, Q: qA, K: kA, V: vA, R: rA, Scr: scr, HS: hs, End: end})
	}

	// The two RMSNorms share one copy of the code (a subroutine: x, g,
	// out in p0, p1, p3).
	normSub := p.NewLabel("decoder_rmsnorm")
	norm := func(x, g, out int) error {
		p.Op("movxm p0, #%d", x)
		p.Op("movxm p1, #%d", g)
		p.Op("movxm p2, #%d", addr["rsqrt_lut"])
		p.Op("movxm p3, #%d", out)
		p.Align16()
		for _, op := range []string{"jl #" + normSub, "", "", "", "", ""} {
			var ops []string
			if op != "" {
				ops = append(ops, op)
			}
			if err := p.Full(ops...); err != nil {
				return err
			}
		}
		return nil
	}
	region(p, "decoder rmsnorm 1")
	if err := norm(addr["x"], addr["g1"], aA); err != nil {
		return err
	}
	subs := &projSubs{}
	for _, pr := range []struct {
		w   string
		dst int
	}{{"wq", qA}, {"wk", kA}, {"wv", vA}} {
		region(p, fmt.Sprintf("decoder projection a %s", pr.w))
		if err := subs.call(p, s, dm, dm, aA, addr[pr.w], rA, bk(aA, s*dm), bk(addr[pr.w], dm*dm), bk(rA, s*dm)); err != nil {
			return err
		}
		region(p, fmt.Sprintf("decoder %s heads to head-major", pr.w))
		if err := headCopy(p, rA, pr.dst, s, h, d, dm, hs, true); err != nil {
			return err
		}
	}
	// K's heads follow Q's: one pass over both.
	region(p, "decoder rope")
	ropeConsts(p)
	p.Op("movxm r17, #%d", qA)
	p.Op("movxm r18, #%d", addr["cos"])
	p.Op("movxm r19, #%d", addr["sin"])
	p.Op("movxm r20, #%d", qA)
	p.Nops(1)
	if err := ropeHeads(p, s, d, 2*h, hs, false, true); err != nil {
		return err
	}
	if err := mhaHeads(p, &mhaGeom{S: s, D: d, HQ: h, HKV: h, Q: qA, K: kA, V: vA, R: rA, Scr: scr, HS: hs,
		End: end, Scale: params.Scale, Causal: params.Causal}); err != nil {
		return err
	}
	region(p, "decoder heads back to rows")
	if err := headCopy(p, rA, qA, s, h, d, dm, hs, false); err != nil {
		return err
	}
	p.Nops(8)
	region(p, "decoder output projection")
	if err := subs.call(p, s, dm, dm, rA, addr["wo"], addr["y"], bk(rA, s*dm), bk(addr["wo"], dm*dm), bk(addr["y"], s*dm)); err != nil {
		return err
	}
	if err := addPass(p, addr["x"], addr["y"], aA, s*dm/16); err != nil {
		return err
	}
	region(p, "decoder rmsnorm 2")
	if err := norm(aA, addr["g2"], bA); err != nil {
		return err
	}
	for _, pr := range []struct {
		w   string
		dst int
	}{{"wg", gA}, {"wu", uA}} {
		region(p, fmt.Sprintf("decoder projection b %s", pr.w))
		if err := subs.call(p, s, dm, dff, bA, addr[pr.w], pr.dst, bk(bA, s*dm), bk(addr[pr.w], dm*dff), bk(pr.dst, s*dff)); err != nil {
			return err
		}
	}
	if err := swiGate(p, gA, uA, s*dff/16); err != nil {
		return err
	}
	down := &projSubs{}
	region(p, "decoder down projection")
	if err := down.call(p, s, dff, dm, gA, addr["wd"], addr["y"], bk(gA, s*dff), bk(addr["wd"], dff*dm), bk(addr["y"], s*dm)); err != nil {
		return err
	}
	if err := addPass(p, aA, addr["y"], addr["y"], s*dm/16); err != nil {
		return err
	}
	p.Op("done")
	p.Align16()
	p.Label(normSub)
	region(p, "decoder rmsnorm subroutine")
	if err := rmsNormRows(p, "p0", "p1", "p2", "p3", s, dm, params.Eps, false); err != nil {
		return err
	}
	p.Nops(8)
	p.Op("ret lr")
	p.Nops(5)
	if err := subs.emit(p); err != nil {
		return err
	}
	return down.emit(p)
}

// addPass emits dst = a + b over n vectors of 16 bf16 (32-byte aligned;
// dst may be a or b): [a | b]·[1 | 1] by the element-wise MAC
// (configuration 60), rounded to bf16 once.
func addPass(p *Prog, a, b, dst, n int) error {
	region(p, "residual add")
	prologue(p)
	p.Op("movxm r1, #60")
	p.Op("movxm r8, #%d", bf16Of(1))
	p.Op("vbcst.16 x7, r8")
	p.Op("movxm p1, #%d", a)
	p.Op("movxm p2, #%d", b)
	p.Op("movxm p3, #%d", dst)
	return addLoop(p, n)
}

// addLoop is addPass's loop on a, b and dst in p1, p2 and p3, set at
// least two cycles before.
func addLoop(p *Prog, n int) error {
	p.Nops(2)
	if _, err := p.VLoop(n, 1, []VOp{
		vop("lda", 7, "wl0", "", "vlda wl0, [p1], #32"),
		vop("ldb", 7, "wh0", "", "vldb wh0, [p2], #32"),
		vop("vec", 6, "bml2", "wl0,wh0", "vmul.f bml2, x0, x7, r1"),
		vop("st", 1, "", "bml2", "vst.conv.bf16.fp32 bml2, [p3], #32"),
	}); err != nil {
		return err
	}
	p.Nops(8)
	return nil
}
