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
	region(p, "x W1 + b1 -> scratch")
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
	region(p, "gelu(h) W2 + b2 -> y")
	return MatMul(p, second, true)
}

// region marks the start of a separately scheduled part of a kernel in
// its source (a comment), so a test can tell the scheduler's deliberate
// overlaps inside one part from stale reads between parts.
func region(p *Prog, name string) { p.Comment("region %s", name) }

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
	region(p, "gelu constants")
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
		region(p, fmt.Sprintf("gelu argument, vectors %d..%d", o, o+n-1))
		set(x, "p1", "p2")
		set(buf, "p4")
		p.Nops(1)
		if _, err := GELUArgPass(p, n, "p1", "p2", "p4"); err != nil {
			return err
		}
		p.Nops(8)
		region(p, "gelu exp")
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
		region(p, "gelu divide")
		set(x, "p1")
		set(buf, "p2", "p3", "p4")
		set(out, "p6")
		p.Nops(1)
		if _, err := DividePass(p, n, "p1", "p2", "p3", "p4", "p6"); err != nil {
			return err
		}
		p.Nops(8)
		if partial {
			region(p, "gelu copy out")
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
			region(p, "gelu copy out tail")
			if err := copyU16(p, "p6", "p7", e%16); err != nil {
				return err
			}
			p.Nops(8)
		}
	}
	return nil
}

func init() {
	register("swiglu", genSwiGLU)
}

// The buffers of swiglu's blocks in the kernel's own memory, past the
// matrix code's zero chunk and staging buffer: one 8x16 block each, a
// row per vector.
const (
	swiGBuf = 0x70120 // x Wg, then 1 + exp(-g), then the result
	swiUBuf = 0x70220 // x Wu, then g·u
)

// genSwiGLU: y = silu(x Wg) * (x Wu) with no room for a hidden layer (the
// case has no scratch tensor), so block by block of the output, 8 rows
// by 16 columns: both products of the block into the kernel's own memory
// (MatMul on column slices of Wg and Wu, addresses from loop registers),
// then g·u, d = 1 + exp(-g) and (g·u)/d over its rows by the LUT passes,
// and the block's valid part copied out to y. The block's code is a
// subroutine (one per distinct row count) called from a loop over each
// class of blocks (full or partial rows and columns); the loop state
// lives in dj/dn registers, which neither the products nor the passes
// touch.
func genSwiGLU(p *Prog, c *ref.Case, params ref.Params) error {
	m, dm, dff := params.M, params.DModel, params.F
	if dff%2 != 0 || dm%2 != 0 {
		return fmt.Errorf("swiglu: odd d_ff %d or d_model %d not supported yet", dff, dm)
	}
	x, xb, err := mmTensor(c, "x")
	if err != nil {
		return err
	}
	wg, wgb, err := mmTensor(c, "wg")
	if err != nil {
		return err
	}
	wu, wub, err := mmTensor(c, "wu")
	if err != nil {
		return err
	}
	y, _, err := mmTensor(c, "y")
	if err != nil {
		return err
	}
	type class struct{ rows, cols, rb0, nrb, cb0, ncb int }
	mb, rt, nb, ct := m/8, m%8, dff/16, dff%16
	var classes []class
	for _, rc := range []struct{ rows, rb0, n int }{{8, 0, mb}, {rt, mb, 1}} {
		for _, cc := range []struct{ cols, cb0, n int }{{16, 0, nb}, {ct, nb, 1}} {
			if rc.rows > 0 && rc.n > 0 && cc.cols > 0 && cc.n > 0 {
				classes = append(classes, class{rc.rows, cc.cols, rc.rb0, rc.n, cc.cb0, cc.n})
			}
		}
	}
	subs := map[int]string{} // rows -> the block subroutine's label
	var order []int
	for _, cl := range classes {
		if subs[cl.rows] == "" {
			subs[cl.rows] = p.NewLabel("swiglu_block")
			order = append(order, cl.rows)
		}
	}
	setReg := func(reg string, v int) {
		p.Op("movxm r10, #%d", v)
		p.Nops(1)
		p.Op("mov %s, r10", reg)
	}
	addReg := func(reg string, v int) {
		p.Op("mov r10, %s", reg)
		p.Op("movxm r11, #%d", v)
		p.Nops(1)
		p.Op("add r10, r10, r11")
		p.Nops(1)
		p.Op("mov %s, r10", reg)
	}
	// loopEnd decrements the counter in reg and branches to top while
	// it is not zero.
	loopEnd := func(reg, top string) {
		p.Op("mov r13, %s", reg)
		p.Nops(1)
		p.Op("add r13, r13, #-1")
		p.Nops(1)
		p.Op("mov %s, r13", reg)
		p.Op("jnz r13, #%s", top)
		p.Nops(5)
	}
	for _, cl := range classes {
		region(p, fmt.Sprintf("swiglu blocks of %d rows x %d columns: loop set-up", cl.rows, cl.cols))
		setReg("dj0", x+16*cl.rb0*dm)            // A: the block row's x
		setReg("dj3", y+16*cl.rb0*dff+32*cl.cb0) // the block row's first y block
		setReg("dn0", cl.nrb)
		p.Align16()
		rowTop := p.NewLabel("swiglu_rows")
		p.Label(rowTop)
		p.Op("mov r10, dj3")
		p.Nops(1)
		p.Op("mov dj4, r10")
		setReg("dj1", wg+32*cl.cb0)
		setReg("dj2", wu+32*cl.cb0)
		setReg("dn1", cl.ncb)
		p.Align16()
		colTop := p.NewLabel("swiglu_cols")
		p.Label(colTop)
		p.Op("jl #%s", subs[cl.rows])
		p.Nops(5)
		region(p, fmt.Sprintf("swiglu copy out %dx%d", cl.rows, cl.cols))
		if err := swiCopyOut(p, cl.rows, cl.cols, dff); err != nil {
			return err
		}
		region(p, "swiglu loop ends")
		for _, r := range []string{"dj1", "dj2", "dj4"} {
			addReg(r, 32)
		}
		loopEnd("dn1", colTop)
		addReg("dj0", 16*dm)
		addReg("dj3", 16*dff)
		loopEnd("dn0", rowTop)
	}
	p.Op("done")
	// The block subroutines: G and U of the block at dj0 (x rows), dj1
	// (Wg columns), dj2 (Wu columns), then the element-wise passes.
	lastA := x + 16*max(mb-1, 0)*dm
	if rt > 0 {
		lastA = x + 16*mb*dm
	}
	lastB := 32 * max((dff+15)/16-1, 0)
	for _, rows := range order {
		p.Align16()
		p.Label(subs[rows])
		for _, u := range []struct {
			name, breg string
			b          int
			banks      uint8
			c          int
		}{{"x Wg", "dj1", wg, wgb, swiGBuf}, {"x Wu", "dj2", wu, wub, swiUBuf}} {
			region(p, fmt.Sprintf("swiglu block %s (%d rows)", u.name, rows))
			sp := &MMSpec{M: rows, N: 16, K: dm, LDC: 16, LDB: dff, Batch: 1,
				AAddr: lastA, ABanks: xb, AReg: "dj0", BAddr: u.b + lastB, BBanks: u.banks, BReg: u.breg,
				CAddr: u.c, CBanks: 1}
			if err := MatMul(p, sp, false); err != nil {
				return err
			}
		}
		if err := swiGate(p, swiGBuf, swiUBuf, rows); err != nil {
			return err
		}
		p.Op("ret lr")
		p.Nops(5)
	}
	return nil
}

// swiGate emits silu(G)·U over n vectors of 16 bf16 (G at g, U at u,
// both 32-byte aligned; the result in G, U overwritten by G·U) by the
// LUT passes: G·U, d = 1 + exp(-G), (G·U)/d.
func swiGate(p *Prog, g, u, n int) error {
	region(p, "swiglu block g·u")
	LUTConsts(p)
	p.Op("movxm p1, #%d", g)
	p.Op("movxm p2, #%d", u)
	p.Op("movxm p3, #%d", u)
	p.Op("vbcst.16 x0, r2")
	p.Op("vbcst.16 x1, r2")
	p.Nops(2)
	if _, err := p.VLoop(n, 1, []VOp{
		vop("lda", 7, "wl0", "", "vlda wl0, [p1], #32"),
		vop("ldb", 7, "wl1", "", "vldb wl1, [p2], #32"),
		vop("vec", 6, "bml2", "wl0,wl1", "vmul.f bml2, x0, x1, r1"),
		vop("st", 1, "", "bml2", "vst.conv.bf16.fp32 bml2, [p3], #32"),
	}); err != nil {
		return err
	}
	p.Nops(8)
	region(p, "swiglu block 1 + exp(-g)")
	for _, r := range []string{"p1", "p2", "p3", "p4"} {
		p.Op("movxm %s, #%d", r, g)
	}
	if _, err := ExpPass(p, ExpSpec{Sign: -1, Denom: true}, n, "p1", "p2", "p3", "p4"); err != nil {
		return err
	}
	p.Nops(8)
	region(p, "swiglu block divide")
	p.Op("movxm p1, #%d", u)
	for _, r := range []string{"p2", "p3", "p4", "p6"} {
		p.Op("movxm %s, #%d", r, g)
	}
	if _, err := DividePass(p, n, "p1", "p2", "p3", "p4", "p6"); err != nil {
		return err
	}
	p.Nops(8)
	return nil
}

// swiCopyOut copies rows x cols bf16 of the block at swiGBuf (a row per
// 32 bytes) to y at the address in dj4 (row stride dff elements):
// whole rows by vector loads and stores when y's rows are 32-byte
// aligned and whole, else 32-bit words; software-pipelined by hand,
// loads 7 cycles ahead of their stores (8 rotating registers).
func swiCopyOut(p *Prog, rows, cols, dff int) error {
	p.Op("mov p7, dj4")
	p.Op("movxm p6, #%d", swiGBuf)
	p.Nops(1)
	type xfer struct{ src, dst int }
	var xs []xfer
	vector := cols == 16 && (2*dff)%32 == 0
	if vector {
		for r := range rows {
			xs = append(xs, xfer{32 * r, 2 * r * dff})
		}
	} else {
		for r := range rows {
			for c := 0; c < cols; c += 2 {
				xs = append(xs, xfer{32*r + 2*c, 2 * (r*dff + c)})
			}
		}
	}
	inc := func(i int, off func(xfer) int, lo, hi int) (string, error) {
		d := 0
		if i+1 < len(xs) {
			d = off(xs[i+1]) - off(xs[i])
		}
		if d < lo || d > hi {
			return "", fmt.Errorf("swiglu: a copy step of %d bytes is out of the post-modify range", d)
		}
		return fmt.Sprintf("#%d", d), nil
	}
	src := func(x xfer) int { return x.src }
	dst := func(x xfer) int { return x.dst }
	for t := 0; t < len(xs)+7; t++ {
		var ops []string
		if i := t; i < len(xs) {
			if vector {
				s, err := inc(i, src, -2048, 2016)
				if err != nil {
					return err
				}
				ops = append(ops, fmt.Sprintf("vlda wl%d, [p6], %s", i%8, s))
			} else {
				s, err := inc(i, src, -256, 252)
				if err != nil {
					return err
				}
				ops = append(ops, fmt.Sprintf("lda r%d, [p6], %s", 8+i%8, s))
			}
		}
		if i := t - 7; i >= 0 {
			if vector {
				s, err := inc(i, dst, -2048, 2016)
				if err != nil {
					return err
				}
				ops = append(ops, fmt.Sprintf("vst wl%d, [p7], %s", i%8, s))
			} else {
				s, err := inc(i, dst, -256, 252)
				if err != nil {
					return err
				}
				ops = append(ops, fmt.Sprintf("st r%d, [p7], %s", 8+i%8, s))
			}
		}
		p.Bundle(ops...)
	}
	return nil
}
