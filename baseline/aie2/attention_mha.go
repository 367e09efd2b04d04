package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

func init() {
	register("mha", genMHA)
	register("gqa", genMHA)
	register("mqa", genMHA)
}

// genMHA: multi-head attention with projections (mha, gqa, mqa; query
// head h uses kv head h / (heads/kv_heads)), as a compiler chains
// mlir-aie's mm.cc and softmax.cc through buffers:
//
//   - Q = x Wq, K = x Wk, V = x Wv by MatMul into a row-major buffer R
//     of the scratch tensor, each copied out head-major (head h's [S][D]
//     block contiguous, heads 32-byte aligned) so that every head's
//     operands have the same alignment;
//   - one copy of a head's code (scores by MatMul, the scale/mask/softmax
//     rows, P V by MatMul) under a run-time loop over kv heads and the
//     query heads sharing each, the operands' addresses in dj registers
//     (MMSpec.AReg/BReg/CReg); a head's output overwrites its Q block;
//   - the heads' outputs copied back row-major (the concatenation) into
//     R, y = R Wo.
//
// Scratch layout: Qh (heads x S x D), Kh and Vh (kv_heads x S x D), R
// (S x d_model), the score matrix (S x S).
func genMHA(p *Prog, c *ref.Case, params ref.Params) error {
	addr := map[string]int{}
	for _, n := range []string{"x", "wq", "wk", "wv", "wo", "y", "scratch"} {
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
	subs := &projSubs{}
	if err := mhaBlock(p, params, subs, addr, addr["scratch"], addr["scratch"]+2*int(t.Shape[0]), -1); err != nil {
		return err
	}
	p.Op("done")
	return subs.emit(p)
}

// mhaBlock emits genMHA's kernel up to its end: y = MHA(x) with the
// addresses of x, wq, wk, wv, wo and y in addr, its scratch regions in
// [scr0, scrEnd), and, when bias >= 0, the [heads][S][S] score bias at
// bias added to each head's scores (T5); products go through subs (the
// caller emits them after its end).
func mhaBlock(p *Prog, params ref.Params, subs *projSubs, addr map[string]int, scr0, scrEnd, bias int) error {
	s, dm, d, hq, hkv := params.S, params.DModel, params.D, params.H, params.HKV
	if hkv == 0 {
		hkv = hq
	}
	if hkv <= 0 || hq%hkv != 0 || d*hq != dm || d%2 != 0 {
		return fmt.Errorf("attention: heads %d, kv_heads %d, head_dim %d, d_model %d not supported", hq, hkv, d, dm)
	}
	if params.Scale <= 0 {
		return fmt.Errorf("attention: scale %v", params.Scale)
	}
	kvd := hkv * d
	banks := map[string]uint8{}
	for n, sz := range map[string]int{"x": s * dm, "wq": dm * dm, "wk": dm * kvd, "wv": dm * kvd, "wo": dm * dm, "y": s * dm} {
		banks[n] = bankMask(addr[n], 2*sz)
	}
	align := func(a int) int { return (a + 31) &^ 31 }
	hs := align(2 * s * d) // a head's block
	qA := align(scr0)
	kA := qA + hq*hs
	vA := kA + hkv*hs
	rA := vA + hkv*hs
	scr := align(rA + 2*s*dm)
	if scr+2*s*s > scrEnd {
		return fmt.Errorf("attention: the scratch regions (%#x..%#x) do not fit the scratch tensor (ends %#x)", scr0, scr+2*s*s, scrEnd)
	}
	// The projections: straight into the head-major buffer when there is
	// one head (row-major is head-major then), else through R. Products
	// of one width share one copy of the MatMul code (a subroutine).
	for _, pr := range []struct {
		w        string
		heads, n int
		dst      int
	}{{"wq", hq, dm, qA}, {"wk", hkv, kvd, kA}, {"wv", hkv, kvd, vA}} {
		region(p, fmt.Sprintf("attention projection x %s", pr.w))
		out := rA
		if pr.heads == 1 {
			out = pr.dst
		}
		if err := subs.call(p, s, dm, pr.n, addr["x"], addr[pr.w], out, banks["x"], banks[pr.w], bankMask(out, 2*s*pr.n)); err != nil {
			return err
		}
		if pr.heads > 1 {
			region(p, fmt.Sprintf("attention %s heads to head-major", pr.w))
			if err := headCopy(p, rA, pr.dst, s, pr.heads, d, pr.n, hs, true); err != nil {
				return err
			}
		}
	}
	if err := mhaHeads(p, &mhaGeom{S: s, D: d, HQ: hq, HKV: hkv, Q: qA, K: kA, V: vA, R: rA, Scr: scr, HS: hs,
		End: scrEnd, Scale: params.Scale, Causal: params.Causal, HasBias: bias >= 0, Bias: bias}); err != nil {
		return err
	}
	region(p, "attention heads back to rows")
	if err := headCopy(p, rA, qA, s, hq, d, dm, hs, false); err != nil {
		return err
	}
	p.Nops(8)
	region(p, "attention output projection")
	return subs.call(p, s, dm, dm, rA, addr["wo"], addr["y"], bankMask(rA, 2*s*dm), banks["wo"], banks["y"])
}

// mhaGeom is the head-major layout of an attention block's heads: Q (HQ
// heads), K and V (HKV heads) blocks of [S][D] every HS bytes, R (S x
// HQ·D, free while the heads run) and Scr (the score region) before End.
type mhaGeom struct {
	S, D, HQ, HKV       int
	Q, K, V, R, Scr, HS int
	End                 int
	Scale               float64
	Causal              bool
	HasBias             bool // add the [HQ][S][S] score bias at Bias to each head's scores (T5)
	Bias                int
}

// mhaHeads emits the column table and the loop over the heads of g: each
// query head's output overwrites its Q block.
func mhaHeads(p *Prog, g *mhaGeom) error {
	s, d, hq, hkv := g.S, g.D, g.HQ, g.HKV
	qA, kA, vA, rA, scr, hs := g.Q, g.K, g.V, g.R, g.Scr, g.HS
	params := struct {
		Scale  float64
		Causal bool
	}{g.Scale, g.Causal}
	region(p, "attention column table")
	if err := attnTables(p, s, params.Causal); err != nil {
		return err
	}
	// The head loop: dj0 the query head's Q (then O), dj1 and dj2 the kv
	// head's K and V, dn0 and dn1 the counters.
	region(p, "attention head loop")
	dSet(p, "dj0", qA)
	dSet(p, "dj1", kA)
	dSet(p, "dj2", vA)
	dSet(p, "dn0", hkv)
	if g.HasBias {
		dSet(p, "dj4", g.Bias)
	}
	p.Align16()
	kvTop := p.NewLabel("attn_kv")
	p.Label(kvTop)
	dSet(p, "dn1", hq/hkv)
	p.Align16()
	qTop := p.NewLabel("attn_q")
	p.Label(qTop)
	qLast, kLast := qA+(hq-1)*hs, kA+(hkv-1)*hs
	vLast := vA + (hkv-1)*hs
	// The scores: in R and the score region (R is free while the heads
	// run) with rows padded to 32 elements when they fit, so that the
	// softmax rows run in place, else S x S in the score region.
	sA, lds := scr, s
	if pad := (s + 31) &^ 31; rA+2*s*pad <= g.End {
		sA, lds = rA, pad
	}
	qb, kb, vb := bankMask(qA, hq*hs), bankMask(kA, hkv*hs), bankMask(vA, hkv*hs)
	sb := bankMask(sA, 2*s*lds)
	qk := &MMSpec{M: s, N: s, K: d, LDC: lds, Batch: 1, SideNK: true,
		AAddr: qLast, AReg: "dj0", ABanks: qb, BAddr: kLast, BReg: "dj1", BBanks: kb, CAddr: sA, CBanks: sb}
	region(p, "attention head scores")
	if err := MatMul(p, qk, false); err != nil {
		return err
	}
	region(p, "attention head softmax rows")
	if err := attnSoftmax(p, &attnHead{S: s, Skv: s, D: d, Scr: sA, LDS: lds, Scale: params.Scale, Causal: params.Causal, Bias: g.HasBias}); err != nil {
		return err
	}
	pv := &MMSpec{M: s, N: d, K: s, LDC: d, LDA: lds, Batch: 1,
		AAddr: sA, ABanks: sb, BAddr: vLast, BReg: "dj2", BBanks: vb, CAddr: qLast, CReg: "dj0", CBanks: qb}
	region(p, "attention head P V")
	if err := MatMul(p, pv, false); err != nil {
		return err
	}
	region(p, "attention head loop ends")
	dAdd(p, "dj0", hs)
	if g.HasBias {
		dAdd(p, "dj4", 2*s*s)
	}
	dLoopEnd(p, "dn1", qTop)
	dAdd(p, "dj1", hs)
	dAdd(p, "dj2", hs)
	dLoopEnd(p, "dn0", kvTop)
	return nil
}

// projSubs are the projection subroutines of an attention kernel, one per
// product width N (M and K are the same for all): each is one copy of
// MatMul's code with A, B and C from dj5, dj3 and dj6, so the run-time
// addresses of its calls must share their offsets from 32-byte alignment.
type projSubs struct {
	order []int
	by    map[int]*projSub
}

type projSub struct {
	label            string
	m, k, n          int
	a, b, c          int // the highest addresses of the calls
	ab, bb, cb       uint8
	misA, misB, misC int
}

// call emits a call of the subroutine computing the [m][n] product of A
// [m][k] at a and B [k][n] at b into c (row stride n).
func (ps *projSubs) call(p *Prog, m, k, n, a, b, c int, ab, bb, cb uint8) error {
	if ps.by == nil {
		ps.by = map[int]*projSub{}
	}
	sub := ps.by[n]
	if sub == nil {
		sub = &projSub{label: p.NewLabel("attn_proj"), m: m, k: k, n: n, misA: a % 32, misB: b % 32, misC: c % 32}
		ps.by[n] = sub
		ps.order = append(ps.order, n)
	}
	if sub.m != m || sub.k != k || a%32 != sub.misA || b%32 != sub.misB || c%32 != sub.misC {
		return fmt.Errorf("attention: projections of width %d with different shapes or operand alignments not supported yet", n)
	}
	sub.a, sub.b, sub.c = max(sub.a, a), max(sub.b, b), max(sub.c, c)
	sub.ab, sub.bb, sub.cb = sub.ab|ab, sub.bb|bb, sub.cb|cb
	region(p, fmt.Sprintf("attention call of the %d-wide product", n))
	dSet(p, "dj5", a)
	dSet(p, "dj3", b)
	dSet(p, "dj6", c)
	// The return address (after the 5 delay slots) 16-byte aligned, as
	// llvm-aie places it: 16-byte bundles from an aligned call.
	p.Align16()
	for _, op := range []string{"jl #" + sub.label, "", "", "", "", ""} {
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

// emit writes the subroutines (after the kernel's end).
func (ps *projSubs) emit(p *Prog) error {
	for _, n := range ps.order {
		sub := ps.by[n]
		p.Align16()
		p.Label(sub.label)
		region(p, fmt.Sprintf("attention %d-wide product subroutine", n))
		sp := &MMSpec{M: sub.m, N: n, K: sub.k, LDC: n, Batch: 1,
			AAddr: sub.a, AReg: "dj5", ABanks: sub.ab, BAddr: sub.b, BReg: "dj3", BBanks: sub.bb,
			CAddr: sub.c, CReg: "dj6", CBanks: sub.cb}
		if err := MatMul(p, sp, false); err != nil {
			return err
		}
		p.Op("ret lr")
		p.Nops(5)
	}
	return nil
}

// headCopy moves the heads of a row-major [s][ld] matrix at rows (head h
// the columns [h*d, (h+1)*d)) to the head-major blocks at heads (head h's
// [s][d] at heads + h*hs), or back when toHeads is false, by 32-bit loads
// and stores, a row of a head per d/2 cycles (software-pipelined) under a
// loop over the heads. Uses r0, r8, r13, r24, r25, p0, p1; everything has
// landed when it ends.
func headCopy(p *Prog, rows, heads, s, h, d, ld, hs int, toHeads bool) error {
	src, dst := rows, heads
	if !toHeads {
		src, dst = heads, rows
	}
	return headCopyFrom(p, fmt.Sprintf("movxm r24, #%d", src), fmt.Sprintf("movxm r25, #%d", dst), s, h, d, ld, hs, toHeads)
}

// headCopyFrom is headCopy with the source and destination addresses set
// by the operations setSrc (into r24) and setDst (into r25), constants or
// copies of registers the copy leaves alone.
func headCopyFrom(p *Prog, setSrc, setDst string, s, h, d, ld, hs int, toHeads bool) error {
	w := d / 2
	jump := 2*ld - 2*d + 4 // the last word of a row on the strided side
	if jump > 252 {
		return fmt.Errorf("attention: a row stride of %d elements is out of the post-modify range", ld)
	}
	srcStep, dstStep := 2*d, hs
	if !toHeads {
		srcStep, dstStep = hs, 2*d
	}
	var ops []SOp
	for j := range w {
		li, si := 4, 4
		if j == w-1 {
			if toHeads {
				li = jump
			} else {
				si = jump
			}
		}
		ops = append(ops, SOp{T: j, Op: fmt.Sprintf("lda r8, [p0], #%d", li)}, SOp{T: j + 7, Op: fmt.Sprintf("st r8, [p1], #%d", si)})
	}
	p.Op("%s", setSrc)
	p.Op("%s", setDst)
	p.Op("movxm r0, #%d", h)
	p.Align16()
	top := p.NewLabel("attn_hcopy")
	p.Label(top)
	p.Op("mov p0, r24")
	p.Op("mov p1, r25")
	p.Nops(1)
	if err := p.Pipelined(s, w, ops); err != nil {
		return err
	}
	p.Op("movxm r13, #%d", srcStep)
	p.Nops(1)
	p.Op("add r24, r24, r13")
	p.Op("movxm r13, #%d", dstStep)
	p.Nops(1)
	p.Op("add r25, r25, r13")
	p.Op("add r0, r0, #-1")
	p.Op("jnz r0, #%s", top)
	p.Nops(5)
	p.Nops(2)
	return nil
}

// dSet sets a loop register (dj, dn, dc: MatMul and the row passes leave
// them alone) to v.
func dSet(p *Prog, reg string, v int) {
	p.Op("movxm r10, #%d", v)
	p.Nops(1)
	p.Op("mov %s, r10", reg)
}

// dAdd adds v to a loop register.
func dAdd(p *Prog, reg string, v int) {
	p.Op("mov r10, %s", reg)
	p.Op("movxm r11, #%d", v)
	p.Nops(1)
	p.Op("add r10, r10, r11")
	p.Nops(1)
	p.Op("mov %s, r10", reg)
}

// dLoopEnd decrements the counter in reg and branches to top while it is
// not zero.
func dLoopEnd(p *Prog, reg, top string) {
	p.Op("mov r13, %s", reg)
	p.Nops(1)
	p.Op("add r13, r13, #-1")
	p.Nops(1)
	p.Op("mov %s, r13", reg)
	p.Op("jnz r13, #%s", top)
	p.Nops(5)
}
