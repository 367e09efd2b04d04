package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// decoder_llama when the weights' rows are not 32-byte aligned (d_model
// or d_ff not a multiple of 16, configuration 3): a product's code is
// then several times larger (rows read as two aligned loads and a
// vshift, tails of 8 columns and of 8 in the reduction), and the layout
// of genDecoderLLaMA, with a subroutine per product shape and the
// stages written out one after another, needs about 25 KiB of the 16 KiB
// of program memory. This variant computes the same block with one copy
// of each piece, called where the straight kernel repeats it:
//
//   - one product subroutine, [S][d_model] x [d_model][d_model]
//     (llamaProd), for all eleven products: the FFN's as decoder_t5's
//     t5FFNShared does, over column blocks of d_model copied into a
//     contiguous buffer WB; with 8 < S < 16 it runs as two passes of 8
//     rows (the second over rows S-8..S-1), one block's code under a
//     loop instead of that and the tail rows' code;
//   - the Q, K, V projections as three calls of one "project and copy to
//     head-major" subroutine (weight in dj3, head-major destination in
//     dc6);
//   - the FFN's column blocks as calls of one block subroutine (G_j and
//     U_j from Wg and Wu's columns at dc4 and dc5, then silu(G_j) * U_j
//     by the gate subroutine, whose LUT passes are the largest code of
//     the kernel), the down product and the residual add per block;
//   - the residual adds as calls of one add subroutine (p1 + p2 into p3);
//   - calls as jl with 16-bit nops in its delay slots (16 bytes from a
//     16-byte boundary: the return point stays aligned, as llvm-aie
//     places it) and operand registers set by movxm.
//
// A subroutine that calls another keeps its return address in dc7.
//
// Scratch: A (S x d_model: a, then h1), the attention's Q, K, V, R and
// score regions (genDecoderLLaMA's), which the FFN reuses once the heads
// are done: WB (d_model x d_model), G (S x d_model: G_j, then H_j) and U
// (S x d_model: U_j, then H_j Wd_j). b = rmsnorm(h1) goes to y, dead
// until the last add.

// llamaLayout is genDecoderLLaMA's scratch layout.
type llamaLayout struct {
	A, Q, K, V, R, Scr, HS, End int
}

// genLLaMAShared emits decoder_llama for weights whose rows are not
// 32-byte aligned (see above).
func genLLaMAShared(p *Prog, params ref.Params, addr map[string]int, l *llamaLayout) error {
	s, dm, d, h, dff := params.S, params.DModel, params.D, params.H, params.F
	if dff < dm {
		return fmt.Errorf("decoder_llama: d_ff %d < d_model %d not supported yet", dff, dm)
	}
	align := func(a int) int { return (a + 31) &^ 31 }
	aA, rA := l.A, l.R
	wbA := align(aA + 2*s*dm)
	gA := align(wbA + 2*dm*dm)
	uA := align(gA + 2*s*dm)
	if uA+2*s*dm > l.End {
		return fmt.Errorf("decoder_llama: the FFN's regions (%#x..%#x) do not fit the scratch tensor (ends %#x)", wbA, uA+2*s*dm, l.End)
	}
	y := addr["y"]
	bk := func(a, bytes int) uint8 { return bankMask(a, bytes) }
	prod := &llamaProd{label: p.NewLabel("decoder_product"), m: s, k: dm, n: dm}
	normSub := p.NewLabel("decoder_rmsnorm")
	projSub := p.NewLabel("decoder_project")
	blockSub := p.NewLabel("decoder_ffn_block")
	copySub := p.NewLabel("decoder_copy_columns")
	gateSub := p.NewLabel("decoder_gate")
	addSub := p.NewLabel("decoder_add")
	norm := func(x, g, out int) {
		p.Op("movxm p0, #%d", x)
		p.Op("movxm p1, #%d", g)
		p.Op("movxm p2, #%d", addr["rsqrt_lut"])
		p.Op("movxm p3, #%d", out)
		callSub(p, normSub)
	}
	add := func(a, b, out int) {
		region(p, "decoder residual add call")
		p.Op("movxm p1, #%d", a)
		p.Op("movxm p2, #%d", b)
		p.Op("movxm p3, #%d", out)
		callSub(p, addSub)
	}
	nb := (dff + dm - 1) / dm
	col := func(j int) int { return min(j*dm, dff-dm) }

	region(p, "decoder rmsnorm 1")
	norm(addr["x"], addr["g1"], aA)
	// The products' operands, for the subroutine's alignment and bounds.
	for _, w := range []string{"wq", "wk", "wv"} {
		if err := prod.note(aA, addr[w], rA, bk(aA, 2*s*dm), bk(addr[w], 2*dm*dm), bk(rA, 2*s*dm)); err != nil {
			return err
		}
	}
	for _, pr := range []struct {
		w   string
		dst int
	}{{"wq", l.Q}, {"wk", l.K}, {"wv", l.V}} {
		region(p, fmt.Sprintf("decoder projection %s and heads", pr.w))
		p.Op("movxm dj3, #%d", addr[pr.w])
		p.Op("movxm dc6, #%d", pr.dst)
		callSub(p, projSub)
	}
	region(p, "decoder rope")
	ropeConsts(p)
	p.Op("movxm r17, #%d", l.Q)
	p.Op("movxm r18, #%d", addr["cos"])
	p.Op("movxm r19, #%d", addr["sin"])
	p.Op("movxm r20, #%d", l.Q)
	p.Nops(1)
	if err := ropeHeads(p, s, d, 2*h, l.HS, false, true); err != nil {
		return err
	}
	if err := mhaHeads(p, &mhaGeom{S: s, D: d, HQ: h, HKV: h, Q: l.Q, K: l.K, V: l.V, R: rA, Scr: l.Scr, HS: l.HS,
		End: l.End, Scale: params.Scale, Causal: params.Causal}); err != nil {
		return err
	}
	region(p, "decoder heads back to rows")
	if err := headCopy(p, rA, l.Q, s, h, d, dm, l.HS, false); err != nil {
		return err
	}
	p.Nops(8)
	region(p, "decoder output projection")
	if err := prod.call(p, rA, addr["wo"], y, bk(rA, 2*s*dm), bk(addr["wo"], 2*dm*dm), bk(y, 2*s*dm)); err != nil {
		return err
	}
	add(addr["x"], y, aA)
	region(p, "decoder rmsnorm 2")
	norm(aA, addr["g2"], y)
	for _, c := range []int{gA, uA} {
		if err := prod.note(y, wbA, c, bk(y, 2*s*dm), bk(wbA, 2*dm*dm), bk(c, 2*s*dm)); err != nil {
			return err
		}
	}
	for j := range nb {
		region(p, fmt.Sprintf("decoder FFN block %d", j))
		p.Op("movxm dc4, #%d", addr["wg"]+2*col(j))
		p.Op("movxm dc5, #%d", addr["wu"]+2*col(j))
		callSub(p, blockSub)
		if ov := (j+1)*dm - dff; j == nb-1 && ov > 0 {
			// H_j's first ov columns are the block before's.
			region(p, "decoder zero the overlapping columns")
			p.Op("movxm p0, #%d", gA)
			p.Op("mov r8, #0")
			step := 4 + 2*(dm-ov)
			if step > 252 {
				return fmt.Errorf("decoder_llama: d_model %d not supported yet (store step)", dm)
			}
			if err := rowLoopEnd(p, s, false, func() error {
				for w := range ov / 2 {
					if w == ov/2-1 {
						p.Op("st r8, [p0], #%d", step)
					} else {
						p.Op("st r8, [p0], #4")
					}
				}
				return nil
			}); err != nil {
				return err
			}
			p.Nops(8)
		}
		region(p, fmt.Sprintf("decoder H_%d Wd", j))
		wd := addr["wd"] + 2*col(j)*dm
		if err := prod.call(p, gA, wd, uA, bk(gA, 2*s*dm), bk(addr["wd"], 2*dff*dm), bk(uA, 2*s*dm)); err != nil {
			return err
		}
		out := aA
		if j == nb-1 {
			out = y
		}
		add(aA, uA, out)
	}
	p.Op("done")

	// The subroutines.
	p.Align16()
	p.Label(normSub)
	region(p, "decoder rmsnorm subroutine")
	if err := rmsNormRows(p, "p0", "p1", "p2", "p3", s, dm, params.Eps, false); err != nil {
		return err
	}
	p.Nops(8)
	p.Op("ret lr")
	p.Nops(5)

	p.Align16()
	p.Label(projSub)
	region(p, "decoder project and copy to head-major subroutine")
	p.Op("mov dc7, lr")
	p.Op("movxm dj5, #%d", aA)
	p.Op("movxm dj6, #%d", rA)
	callSub(p, prod.label)
	p.Nops(8)
	region(p, "decoder projection to head-major")
	if err := headCopyFrom(p, fmt.Sprintf("movxm r24, #%d", rA), "mov r25, dc6", s, h, d, dm, l.HS, true); err != nil {
		return err
	}
	llamaRet(p)

	p.Align16()
	p.Label(blockSub)
	region(p, "decoder FFN block subroutine")
	p.Op("mov dc7, lr")
	for _, w := range []struct {
		dst int
		reg string
	}{{gA, "dc4"}, {uA, "dc5"}} {
		region(p, "decoder FFN block: columns to WB")
		p.Op("mov p0, %s", w.reg)
		callSub(p, copySub)
		region(p, "decoder FFN block product")
		p.Op("movxm dj5, #%d", y)
		p.Op("movxm dj3, #%d", wbA)
		p.Op("movxm dj6, #%d", w.dst)
		callSub(p, prod.label)
	}
	region(p, "decoder FFN block gate")
	callSub(p, gateSub)
	llamaRet(p)

	p.Align16()
	p.Label(copySub)
	region(p, "decoder copy columns subroutine")
	p.Op("movxm p1, #%d", wbA)
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
	p.Op("ret lr")
	p.Nops(5)

	p.Align16()
	p.Label(gateSub)
	if err := swiGate(p, gA, uA, s*dm/16); err != nil {
		return err
	}
	region(p, "decoder gate return")
	p.Op("ret lr")
	p.Nops(5)

	p.Align16()
	p.Label(addSub)
	region(p, "decoder add subroutine")
	prologue(p)
	p.Op("movxm r1, #60")
	p.Op("movxm r8, #%d", bf16Of(1))
	p.Op("vbcst.16 x7, r8")
	if err := addLoop(p, s*dm/16); err != nil {
		return err
	}
	p.Op("ret lr")
	p.Nops(5)

	return prod.emit(p)
}

// llamaRet returns from a subroutine that called another: the return
// address back from dc7.
func llamaRet(p *Prog) {
	p.Op("mov lr, dc7")
	p.Nops(2)
	p.Op("ret lr")
	p.Nops(5)
}

// callSub emits a call of the subroutine at label: jl (48 bits) and its
// five delay slots as 16-bit nops, 16 bytes from a 16-byte boundary, so
// that the return point is 16-byte aligned as llvm-aie places it (the
// full-width delay slots of projSubs.call cost 80 bytes more a call).
func callSub(p *Prog, label string) {
	p.Align16()
	p.Op("jl #%s", label)
	p.Nops(5)
}

// llamaProd is genLLaMAShared's product subroutine: C [m][n] = A [m][k]
// B [k][n] with A, B and C at the addresses in dj5, dj3 and dj6, all of
// its calls sharing their operands' offsets from 32-byte alignment (the
// code is specialised for them). With 8 < m < 16 it runs as two passes
// of 8 rows, the second over rows m-8..m-1 (recomputing, and rewriting
// with the same values, the rows both cover; C must not overlap A or B),
// when that shift keeps A's and C's alignment: one block's code under a
// loop (dn7 counts) instead of that and the code of the tail rows.
type llamaProd struct {
	label            string
	m, k, n          int
	a, b, c          int // the highest addresses of the calls
	ab, bb, cb       uint8
	misA, misB, misC int
	noted            bool
}

// note records the operands of a call.
func (q *llamaProd) note(a, b, c int, ab, bb, cb uint8) error {
	if !q.noted {
		q.misA, q.misB, q.misC, q.noted = a%32, b%32, c%32, true
	}
	if a%32 != q.misA || b%32 != q.misB || c%32 != q.misC {
		return fmt.Errorf("decoder_llama: products with different operand alignments not supported yet")
	}
	q.a, q.b, q.c = max(q.a, a), max(q.b, b), max(q.c, c)
	q.ab, q.bb, q.cb = q.ab|ab, q.bb|bb, q.cb|cb
	return nil
}

// call emits a call of the subroutine on A at a, B at b, C at c.
func (q *llamaProd) call(p *Prog, a, b, c int, ab, bb, cb uint8) error {
	if err := q.note(a, b, c, ab, bb, cb); err != nil {
		return err
	}
	p.Op("movxm dj5, #%d", a)
	p.Op("movxm dj3, #%d", b)
	p.Op("movxm dj6, #%d", c)
	callSub(p, q.label)
	return nil
}

// passShift is the byte shift of the second pass's rows of A and C, ok
// false when the product is not done in two passes.
func (q *llamaProd) passShift() (sa, sc int, ok bool) {
	if q.m <= 8 || q.m >= 16 {
		return 0, 0, false
	}
	sa, sc = 2*(q.m-8)*q.k, 2*(q.m-8)*q.n
	return sa, sc, sa%32 == 0 && sc%32 == 0
}

// emit writes the subroutine.
func (q *llamaProd) emit(p *Prog) error {
	p.Align16()
	p.Label(q.label)
	sa, sc, twoPass := q.passShift()
	m := q.m
	if twoPass {
		region(p, fmt.Sprintf("decoder %d-wide product subroutine, two passes of 8 rows", q.n))
		m = 8
		p.Op("movxm dn7, #2")
		p.Align16()
		top := p.NewLabel("rowpass")
		p.Label(top)
		if err := q.matmul(p, m, sa, sc); err != nil {
			return err
		}
		dAdd(p, "dj5", sa)
		dAdd(p, "dj6", sc)
		dLoopEnd(p, "dn7", top)
	} else {
		region(p, fmt.Sprintf("decoder %d-wide product subroutine", q.n))
		if err := q.matmul(p, m, 0, 0); err != nil {
			return err
		}
	}
	p.Op("ret lr")
	p.Nops(5)
	return nil
}

// matmul emits the product of m rows, the highest addresses of A and C
// sa and sc bytes past those of the calls.
func (q *llamaProd) matmul(p *Prog, m, sa, sc int) error {
	sp := &MMSpec{M: m, N: q.n, K: q.k, LDC: q.n, Batch: 1,
		AAddr: q.a + sa, AReg: "dj5", ABanks: q.ab, BAddr: q.b, BReg: "dj3", BBanks: q.bb,
		CAddr: q.c + sc, CReg: "dj6", CBanks: q.cb}
	return MatMul(p, sp, false)
}
