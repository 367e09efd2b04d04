package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// RoPE, rotate-half pairing, 16 output pairs a step: with a = [x_lo |
// x_hi] (x[i] and x[i+D/2] of 16 consecutive i, one x register) and the
// element-wise bf16 MAC (configuration 60: lane i = a[i]·b[i] +
// a[i+16]·b[i+16]),
//
//	y_lo = a·[cos | -sin],   y_hi = a·[sin | cos],
//
// one MAC per 16 outputs, rounded to bf16 once. -sin is sin with its
// sign bit flipped by a 16-bit integer add of 0x8000 (vadd.16 on the mv
// slot), [sin | cos] a 32-byte vshift rotation of [cos | sin].
//
// With D/2 a multiple of 16 the loops run over the positions s for one
// head and one 16-lane chunk of the half at a time, so every pointer
// moves by a constant stride (x, y: a row; cos, sin: a half row). Other
// D (40) go row by row through the kernel's own buffer at 0x70000: x's
// halves, cos and sin copied into 64-byte zero-padded slots, y's halves
// computed there and copied out.

func init() {
	register("rope", genRoPE)
}

// ropeOps is the loop body of one 16-lane chunk: x_lo, x_hi, cos, sin
// loaded from the addresses (with their post-modifiers) xl, xh, co, si,
// y_lo and y_hi stored to yl, yh. x3 = [0 | 0x8000], r1 = 60, r10 = 32.
// Both products read a = [x_lo | x_hi] (loaded late, when [cos | -sin]
// and its rotation [sin | cos] are ready): y_hi = a·[sin | cos].
func ropeOps(xl, xh, co, si, yl, yh string) []VOp {
	return []VOp{
		vop("ldb", 7, "wl1", "", "vldb wl1, "+co),
		vop("lda", 7, "wh1", "", "vlda wh1, "+si),
		vop("mv", 2, "wl2,wh2", "wl1,wh1", "vadd.16 x2, x1, x3"),
		vop("mv", 2, "wl4,wh4", "wl1,wh1", "vshift x4, x1, x1, r10"),
		late(vop("lda", 7, "wl0", "", "vlda wl0, "+xl)),
		late(vop("ldb", 7, "wh0", "", "vldb wh0, "+xh)),
		vop("vec", 6, "bml0", "wl0,wh0,wl2,wh2", "vmul.f bml0, x0, x2, r1"),
		vop("vec", 6, "bml1", "wl0,wh0,wl4,wh4", "vmul.f bml1, x0, x4, r1"),
		vop("st", 1, "", "bml0", "vst.conv.bf16.fp32 bml0, "+yl),
		vop("st", 1, "", "bml1", "vst.conv.bf16.fp32 bml1, "+yh),
	}
}

// genRoPE: y = rope(x) for x, y [heads, S, D], cos, sin [S, D/2].
func genRoPE(p *Prog, c *ref.Case, params ref.Params) error {
	regs := map[string]string{}
	for _, n := range []string{"x", "cos", "sin", "y"} {
		r, err := Reg(c, n)
		if err != nil {
			return err
		}
		regs[n] = r
	}
	s, d, heads := params.S, params.D, params.H
	if s <= 0 || d <= 0 || heads <= 0 || d%2 != 0 {
		return fmt.Errorf("rope: S %d, head_dim %d, heads %d", s, d, heads)
	}
	prologue(p)
	ropeConsts(p)
	p.Op("mov r17, %s", regs["x"])
	p.Op("mov r18, %s", regs["cos"])
	p.Op("mov r19, %s", regs["sin"])
	p.Op("mov r20, %s", regs["y"])
	return ropeHeads(p, s, d, heads, 2*s*d, true, false)
}

// ropeConsts sets ropeOps's constants (r1, r10, x3).
func ropeConsts(p *Prog) {
	p.Op("movxm r1, #60")
	p.Op("mov r10, #32")
	p.Op("mov r2, #0")
	p.Op("movxm r8, #%d", 0x8000)
	p.Op("vbcst.16 x3, r2")
	p.Op("vbcst.16 x5, r8")
	p.Nops(1)
	p.Op("vmov wh3, wh5") // x3 = [0 | 0x8000]
}

// ropeHeads emits RoPE over heads blocks of [s][d] (head h at h·hstride
// bytes, hstride >= 2·s·d) of x at r17 into y at r20 (may be x: in
// place), cos and sin at r18 and r19, after ropeConsts; ends the kernel
// when done.
//
// With loop, the row-by-row path (D/2 not a multiple of 16) runs one
// copy of a head's code under a run-time loop over the heads (r21).
func ropeHeads(p *Prog, s, d, heads, hstride int, done, loop bool) error {
	half := d / 2
	nk := (half + 15) / 16 // 16-lane chunks of a half row
	if half%16 != 0 && nk > 2 {
		return fmt.Errorf("rope: head_dim %d (not a multiple of 32, over 64) not supported yet", d)
	}
	if half%16 == 0 {
		// at sets pointer ptr to the address in base plus off bytes.
		at := func(ptr, base string, off int) {
			p.Op("mov %s, %s", ptr, base)
			p.Op("movxm m0, #%d", off)
			p.Nops(1)
			p.Op("padda [%s], m0", ptr)
		}
		p.Op("movxm m1, #%d", 2*d)
		for h := range heads {
			for k := range nk {
				off := h*hstride + 32*k
				at("p0", "r17", off)
				at("p1", "r17", off+d)
				at("p2", "r18", 32*k)
				at("p3", "r19", 32*k)
				at("p4", "r20", off)
				at("p5", "r20", off+d)
				p.Nops(1)
				xs, cs := fmt.Sprintf("], #%d", 2*d), fmt.Sprintf("], #%d", d)
				if _, err := p.VLoop(s, 1, ropeOps("[p0"+xs, "[p1"+xs, "[p2"+cs, "[p3"+cs, "[p4], m1", "[p5], m1")); err != nil {
					return err
				}
				p.Nops(8)
			}
		}
		if done {
			p.Op("done")
		}
		return nil
	}
	// Row by row through the buffer: six slots of nk·32 bytes (zero
	// padded) for cos, x_hi, x_lo, sin (from p6) and y_lo, y_hi (from p7).
	sb := 32 * nk
	slot := func(i int) int { return rowBuf + sb*i }
	zeroBuf(p, 6*sb)
	p.Op("mov p0, r17")
	p.Op("mov p5, r20")
	reps, gap := heads, hstride-2*s*d
	headTop := ""
	if loop {
		reps = 1
		p.Op("movxm r21, #%d", heads)
		p.Align16()
		headTop = p.NewLabel("rope_head")
		p.Label(headTop)
	}
	for h := range reps {
		if h > 0 && gap > 0 {
			p.Op("movxm m0, #%d", gap)
			p.Nops(1)
			p.Op("padda [p0], m0")
			p.Op("padda [p5], m0")
		}
		p.Op("mov p1, r18")
		p.Op("mov p2, r19")
		p.Op("movxm r0, #%d", s)
		p.Align16()
		top := p.NewLabel("row")
		p.Label(top)
		// Slots 0 cos, 1 x_hi (vldb's [p, #imm] reaches 96 bytes), 2 x_lo,
		// 3 sin.
		for _, cp := range []struct {
			src  string
			slot int
		}{{"p0", 2}, {"p0", 1}, {"p1", 0}, {"p2", 3}} {
			src := cp.src
			p.Op("movxm p6, #%d", slot(cp.slot))
			if err := copyU16(p, src, "p6", half); err != nil {
				return err
			}
		}
		p.Op("movxm p6, #%d", slot(0))
		p.Op("movxm p7, #%d", slot(4))
		p.Nops(8)
		for k := range nk {
			a := func(i int) string { return fmt.Sprintf("[p6, #%d]", sb*i+32*k) }
			y := func(i int) string { return fmt.Sprintf("[p7, #%d]", sb*i+32*k) }
			if _, err := p.VLoop(1, 1, ropeOps(a(2), a(1), a(0), a(3), y(0), y(1))); err != nil {
				return err
			}
		}
		p.Nops(8)
		for i := 4; i < 6; i++ {
			p.Op("movxm p6, #%d", slot(i))
			if err := copyU16(p, "p6", "p5", half); err != nil {
				return err
			}
		}
		p.Op("add r0, r0, #-1")
		p.Op("jnz r0, #%s", top)
		p.Nops(5)
	}
	if loop {
		if gap > 0 {
			p.Op("movxm m0, #%d", gap)
			p.Nops(1)
			p.Op("padda [p0], m0")
			p.Op("padda [p5], m0")
		}
		p.Op("add r21, r21, #-1")
		p.Op("jnz r21, #%s", headTop)
		p.Nops(5)
	}
	p.Nops(8)
	if done {
		p.Op("done")
	}
	return nil
}
