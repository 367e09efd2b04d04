package aie2

import (
	"fmt"
	"math"

	"kernelcraft/ref"
)

// Exp, sigmoid and reciprocal on AIE2's vector unit, 16 lanes at a time,
// as the building blocks of silu, gelu, softmax (and, reused by the
// matmul family, ffn and swiglu).
//
// mlir-aie's kernels look exp up in tables with the vldb.4x parallel
// lookups, which the simulator does not run; a scalar lookup of
// exp_hi/exp_lo costs about 3 cycles an element (two lda.u16 and a store
// per element). These blocks compute exp with the MAC instead, as
// aie_api does for functions it evaluates by polynomial, at about half a
// cycle an element, within 0.05% (the tables' product is within ~0.5%):
//
//   - range reduction (Cody-Waite): a = 1.5·2^23 + v·log2e in one bf16
//     element-wise MAC (configuration 60) rounds k = round(v·log2e) into
//     a's low bits; -k = 1.5·2^23 - a exactly; g = v - k·ln2 in one more
//     MAC (ln2 as a bf16 hi + lo pair), |g| <= 0.5;
//   - e^g = 1 + g + g²(1/2 + g/6 + g²/24) (degree 4, 3e-4 at |g| = 0.5,
//     1e-5 in the usual |g| <= 0.35), g and g² rounded to bf16 once;
//   - 2^k: k's low 16 bits by vsrs (shift 0), k<<23 by vups, added to
//     e^g's fp32 bits by an integer accumulator add.
//
// 1/d: the float bit trick r0 = 0x7EF311C3 - bits(d) (12%), two Newton
// steps r' = r + r(1 - d r) with r and the residual rounded to bf16
// (3e-4), the last r split into bf16 hi + lo for the final product.
//
// Registers (the blocks' contract): scalar r1 = 60 (element-wise bf16
// MAC), r2 = 0, r3 = 60 | 1<<11 (products negated), s0 = 0, s1 = 23;
// accumulator constants bml0 = 1.5·2^23, bmh0 = 1.0, bml1 = 0x7EF311C3,
// bmh1 = 1/2 (fp32); everything else of x0-x11, bml2-bml8, bmh2-bmh8 and
// r8, r20, r21 is scratch. p registers as each call says.

const (
	expMagic   = 0x4B400000 // 1.5·2^23: adding it rounds to an integer
	recipMagic = 0x7EF311C3 // 1/x seed: magic - bits(x)
	oneF32     = 0x3F800000
	halfF32    = 0x3F000000
	cfgNeg     = 60 | 1<<11
)

// bfHiLo splits v into a bf16 pair hi + lo (bit patterns).
func bfHiLo(v float64) (uint16, uint16) {
	h := bf16Of(v)
	return h, bf16Of(v - float64(math.Float32frombits(uint32(h)<<16)))
}

// LUTConsts sets the scalar and accumulator constants the exp and
// reciprocal blocks share (see the registers above) and rounding to
// nearest even; call it once at the start of a kernel.
func LUTConsts(p *Prog) {
	prologue(p)
	p.Op("movxm r1, #60")
	p.Op("mov r2, #0")
	p.Op("movxm r3, #%d", cfgNeg)
	p.Op("mov s0, #0")
	p.Op("mov s1, #23")
	setAcc(p, "bml0", expMagic)
	setAcc(p, "bmh0", oneF32)
	setAcc(p, "bml1", recipMagic)
	setAcc(p, "bmh1", halfF32)
}

// setAcc broadcasts the 32-bit pattern bits to the 16 lanes of an
// accumulator half (through x11).
func setAcc(p *Prog, bm string, bits uint32) {
	p.Op("movxm r8, #%d", int32(bits))
	p.Op("vbcst.32 x11, r8")
	p.Nops(2)
	p.Op("vmov %s, x11", bm)
	p.Nops(2)
}

// setX sets x register xn to [lo | hi]: bf16 bit patterns broadcast to
// the 16 lanes of each half (through x11 for the high half).
func setX(p *Prog, xn int, lo, hi uint16) {
	p.Op("movxm r8, #%d", lo)
	p.Op("movxm r9, #%d", hi)
	tmp := 11
	if xn == 11 {
		tmp = 10
	}
	p.Op("vbcst.16 x%d, r8", xn)
	p.Op("vbcst.16 x%d, r9", tmp)
	p.Nops(2)
	p.Op("vmov wh%d, wh%d", xn, tmp)
	p.Nops(2)
}

// ExpSpec says what an exp pass computes: for each bf16 w of its input,
// e = exp(Sign·w)·2^-Shift (Shift: a row's exponent offset, so softmax's
// exp(x - Shift·ln2) never overflows; exponents below -120 are clamped,
// giving e < 2^-119 instead of 0), and stores 1 + e (Denom: sigmoid's
// denominator) or e, adding e into the fp32 lanes of bmh8 (Sum) as it
// goes.
type ExpSpec struct {
	Sign  int // +1 or -1
	Shift int
	Denom bool
	Sum   bool
}

// ExpPass emits a loop over n vectors of 16 bf16 w read three times
// through pa, pa2, pa3 (pointers to the same 32-byte aligned vectors:
// reloading is cheaper than keeping w alive on the exposed pipeline) and
// stores the results rounded to bf16 through pd (which may point into
// w's own tensor: each vector is read before it is written); every
// pointer advances 32 bytes a vector. LUTConsts must have run; bmh8 holds
// the running sum when spec.Sum. It returns the cycles per vector.
func ExpPass(p *Prog, spec ExpSpec, n int, pa, pa2, pa3, pd string) (int, error) {
	if n <= 0 {
		return 0, nil
	}
	if spec.Sign != 1 && spec.Sign != -1 {
		return 0, fmt.Errorf("exp pass: sign %d", spec.Sign)
	}
	lh, _ := bfHiLo(1 / math.Ln2)
	l2h, l2l := bfHiLo(math.Ln2)
	var sigma uint16 // bf16 sign bit of t = Sign·g, the polynomial's variable
	gcfg := "r1"
	if spec.Sign < 0 {
		sigma, gcfg = 0x8000, "r3"
	}
	for _, x := range []int{0, 3, 4, 5, 8, 9, 10} {
		setX(p, x, 0, 0)
	}
	setX(p, 1, lh^sigma, 0)
	setX(p, 2, l2h, l2l)
	setX(p, 6, bf16Of(1.0/6)^sigma, bf16Of(1.0/24))
	setX(p, 7, bf16Of(1)^sigma, 0)
	setAcc(p, "bmh5", uint32(expMagic-spec.Shift)) // a2's magic: k - Shift in the low bits
	setX(p, 11, uint16(0xFFFF&(-120)), uint16(0xFFFF&(-120)))
	ops := []VOp{
		// k = round(Sign·w·log2e) in a's low bits, -k exactly.
		vop("lda", 7, "wl0", "", fmt.Sprintf("vlda wl0, [%s], #32", pa)),
		hold(vop("vec", 6, "bml2", "wl0", "vmac.f bml2, bml0, x0, x1, r1"), 2),
		hold(vop("vec", 6, "bml3", "bml2", "vsub.f bml3, bml0, bml2, r2"), 2),
		vop("st", 2, "wl3", "bml3", "vconv.bf16.fp32 wl3, bml3"),
		vop("mv", 2, "wh3", "wl3", "vmov wh3, wl3"),
		// G = w - (-k)ln2 = -g (Sign -1) or w + (-k)ln2 = g: t = Sign·g.
		late(vop("ldb", 7, "wl8", "", fmt.Sprintf("vldb wl8, [%s], #32", pa2))),
		late(vop("mv", 2, "bmh2", "wl8", "vconv.fp32.bf16 bmh2, wl8")),
		hold(vop("vec", 6, "bmh3", "bmh2,wl3,wh3", "vmac.f bmh3, bmh2, x3, x2, "+gcfg), 2),
		// P = 1 + Sign·t + t²(1/2 + Sign·t/6 + t²/24) = e^g.
		vop("st", 2, "wl5", "bmh3", "vconv.bf16.fp32 wl5, bmh3"),
		vop("vec", 6, "bmh4", "wl5", "vmul.f bmh4, x5, x5, r1"),
		late(vop("mv", 2, "wl4", "wl5", "vmov wl4, wl5")),
		vop("st", 2, "wh4", "bmh4", "vconv.bf16.fp32 wh4, bmh4"),
		hold(vop("vec", 6, "bmh6", "wl4,wh4", "vmac.f bmh6, bmh1, x4, x6, r1"), 2),
		vop("st", 2, "wh7", "bmh6", "vconv.bf16.fp32 wh7, bmh6"),
		hold(vop("vec", 6, "bml6", "wl4,wh4,wh7", "vmac.f bml6, bmh0, x4, x7, r1"), 2),
		// 2^(k - Shift), k recomputed from a third load: (k - Shift)<<23
		// added to P's bits.
		late(vop("ldb", 7, "wl9", "", fmt.Sprintf("vldb wl9, [%s], #32", pa3))),
		late(hold(vop("vec", 6, "bml5", "wl9", "vmac.f bml5, bmh5, x9, x1, r1"), 2)),
		late(vop("st", 4, "wl10", "bml5", "vsrs.s16.s32 wl10, bml5, s0")),
		late(vop("mv", 2, "wl10,wh10", "wl10", "vmax_lt.s16 x10, r22, x10, x11")),
		late(vop("mv", 3, "bml4", "wl10", "vups.s32.s16 bml4, wl10, s1")),
		hold(vop("vec", 5, "bml7,bmh7", "bml6,bml4", "vadd cm7, cm6, cm4, r2"), 2),
	}
	out := "bml7"
	if spec.Denom {
		ops = append(ops, hold(vop("vec", 6, "bml8", "bml7", "vadd.f bml8, bml7, bmh0, r2"), 2))
		out = "bml8"
	}
	if spec.Sum {
		ops = append(ops, hold(vop("vec", 6, "", "bml7", "vadd.f bmh8, bmh8, bml7, r2"), 2))
	}
	ops = append(ops, vop("st", 1, "", out, fmt.Sprintf("vst.conv.bf16.fp32 %s, [%s], #32", out, pd)))
	return p.VLoop(n, 1, ops)
}

// GELUArgPass emits a loop over n vectors of 16 bf16: v = -2z =
// -sqrt(8/pi)·(x + 0.044715·x³) from x at [pa], with x² clamped to 36 (|v|
// <= 4.2|x|, so exp(v) stays finite; sigmoid(2z) is 0 or 1 to bf16 there
// either way), stored to [pv] in bf16 (GELU's tolerance has room for v's
// rounding: where y is large, exp(v) is damped by 1 + exp(v)). It
// returns the cycles per vector.
func GELUArgPass(p *Prog, n int, pa, pa2, pv string) (int, error) {
	if n <= 0 {
		return 0, nil
	}
	c := 2 * math.Sqrt(2/math.Pi)
	for _, x := range []int{0, 9} {
		setX(p, x, 0, 0)
	}
	setX(p, 1, bf16Of(36), 0)
	setX(p, 11, bf16Of(-c), bf16Of(-c*0.044715))
	ops := []VOp{
		vop("lda", 7, "wl0", "", fmt.Sprintf("vlda wl0, [%s], #32", pa)),
		vop("vec", 6, "bml5", "wl0", "vmul.f bml5, x0, x0, r1"),
		vop("st", 2, "wl9", "bml5", "vconv.bf16.fp32 wl9, bml5"),
		vop("mv", 2, "wl9,wh9", "wl9", "vmin_ge.bf16 x9, r22, x9, x1"),
		vop("vec", 6, "bmh5", "wl0,wl9", "vmul.f bmh5, x0, x9, r1"),
		vop("st", 2, "wh10", "bmh5", "vconv.bf16.fp32 wh10, bmh5"),
		late(vop("ldb", 7, "wl10", "", fmt.Sprintf("vldb wl10, [%s], #32", pa2))),
		vop("vec", 6, "bmh2", "wl10,wh10", "vmul.f bmh2, x10, x11, r1"),
		vop("st", 1, "", "bmh2", fmt.Sprintf("vst.conv.bf16.fp32 bmh2, [%s], #32", pv)),
	}
	return p.VLoop(n, 1, ops)
}

// DividePass emits a loop over n vectors of 16 bf16: y = x / d with x
// from [pa], d from [pd], [pd2] and [pd3] (three pointers to the same
// vectors), y rounded to bf16 to [py]; every pointer advances 32
// bytes a vector (y may be d's tensor). It returns the cycles per vector.
func DividePass(p *Prog, n int, pa, pd, pd2, pd3, py string) (int, error) {
	if n <= 0 {
		return 0, nil
	}
	for _, x := range []int{0, 3, 5, 6, 7, 10} {
		setX(p, x, 0, 0)
	}
	ops := []VOp{
		vop("lda", 7, "bml2", "", fmt.Sprintf("vlda.conv.fp32.bf16 bml2, [%s], #32", pd)),
		late(vop("ldb", 7, "wl0", "", fmt.Sprintf("vldb wl0, [%s], #32", pd2))),
		hold(vop("vec", 5, "bml3,bmh3", "bml2", "vsub cm3, cm1, cm2, r2"), 2),
		vop("st", 2, "wl3", "bml3", "vconv.bf16.fp32 wl3, bml3"),
		late(vop("mv", 2, "bml4", "wl3", "vconv.fp32.bf16 bml4, wl3")),
		hold(vop("vec", 6, "bmh4", "wl0,wl3", "vmac.f bmh4, bmh0, x0, x3, r3"), 2),
		vop("st", 2, "wl5", "bmh4", "vconv.bf16.fp32 wl5, bmh4"),
		hold(vop("vec", 6, "bml5", "bml4,wl3,wl5", "vmac.f bml5, bml4, x3, x5, r1"), 2),
		vop("st", 2, "wl6", "bml5", "vconv.bf16.fp32 wl6, bml5"),
		late(vop("mv", 2, "bmh5", "wl6", "vconv.fp32.bf16 bmh5, wl6")),
		late(vop("lda", 7, "wl10", "", fmt.Sprintf("vlda wl10, [%s], #32", pd3))),
		hold(vop("vec", 6, "bml6", "wl10,wl6", "vmac.f bml6, bmh0, x10, x6, r3"), 2),
		vop("st", 2, "wl7", "bml6", "vconv.bf16.fp32 wl7, bml6"),
		hold(vop("vec", 6, "bmh6", "bmh5,wl6,wl7", "vmac.f bmh6, bmh5, x6, x7, r1"), 2),
		vop("st", 2, "wl8", "bmh6", "vconv.bf16.fp32 wl8, bmh6"),
		vop("mv", 2, "bml7", "wl8", "vconv.fp32.bf16 bml7, wl8"),
		hold(vop("vec", 6, "bmh7", "bmh6,bml7", "vsub.f bmh7, bmh6, bml7, r2"), 2),
		vop("st", 2, "wh8", "bmh7", "vconv.bf16.fp32 wh8, bmh7"),
		late(vop("lda", 7, "wl9", "", fmt.Sprintf("vlda wl9, [%s], #32", pa))),
		late(vop("mv", 2, "wh9", "wl9", "vmov wh9, wl9")),
		vop("vec", 6, "bml8", "wl9,wh9,wl8,wh8", "vmul.f bml8, x9, x8, r1"),
		vop("st", 1, "", "bml8", fmt.Sprintf("vst.conv.bf16.fp32 bml8, [%s], #32", py)),
	}
	return p.VLoop(n, 1, ops)
}

func init() {
	register("silu", func(p *Prog, c *ref.Case, params ref.Params) error {
		return genSigmoidTimes(p, c, params, false)
	})
	register("gelu", func(p *Prog, c *ref.Case, params ref.Params) error {
		return genSigmoidTimes(p, c, params, true)
	})
}

// genSigmoidTimes: y = x·sigmoid(w) over the whole tensor (M·N
// contiguous elements): silu (w = x) and gelu's tanh form (w = 2z, first
// written into y as -w by GELUArgPass). An exp pass writes d = 1 + exp(-w)
// into y, the divide pass y = x / d in place; the last partial vector goes
// through the kernel's own buffer at 0x70000 (x copied in, zero padded;
// d and y there; y's elements copied out).
func genSigmoidTimes(p *Prog, c *ref.Case, params ref.Params, gelu bool) error {
	px, err := Reg(c, "x")
	if err != nil {
		return err
	}
	py, err := Reg(c, "y")
	if err != nil {
		return err
	}
	e := params.M * params.N
	nv, tail := e/16, e%16
	LUTConsts(p)
	p.Op("mov r17, %s", px) // x and y kept for the later passes
	p.Op("mov r18, %s", py)
	ptrs := func(val string, regs ...string) {
		for _, r := range regs {
			p.Op("mov %s, %s", r, val)
		}
		p.Nops(1)
	}
	run := func(n int, x, d, y string) error {
		spec := ExpSpec{Sign: -1, Denom: true}
		src := x
		if gelu {
			ptrs(x, "p1", "p2")
			ptrs(d, "p4")
			if _, err := GELUArgPass(p, n, "p1", "p2", "p4"); err != nil {
				return err
			}
			p.Nops(8)
			spec.Sign, src = 1, d
		}
		ptrs(src, "p1", "p2", "p3")
		ptrs(d, "p4")
		if _, err := ExpPass(p, spec, n, "p1", "p2", "p3", "p4"); err != nil {
			return err
		}
		p.Nops(8)
		ptrs(x, "p1")
		ptrs(d, "p2", "p3", "p4")
		ptrs(y, "p6")
		if _, err := DividePass(p, n, "p1", "p2", "p3", "p4", "p6"); err != nil {
			return err
		}
		p.Nops(8)
		return nil
	}
	if err := run(nv, "r17", "r18", "r18"); err != nil {
		return err
	}
	if tail > 0 {
		p.Op("movxm r19, #%d", rowBuf)
		p.Op("movxm r23, #%d", rowBuf+32)
		p.Op("movxm r24, #%d", rowBuf+64)
		zeroBuf(p, 96)
		p.Op("movxm m0, #%d", 32*nv)
		p.Op("mov p6, r17")
		p.Op("movxm p7, #%d", rowBuf)
		p.Nops(1)
		p.Op("padda [p6], m0")
		if err := copyU16(p, "p6", "p7", tail); err != nil {
			return err
		}
		p.Nops(8)
		if err := run(1, "r19", "r23", "r24"); err != nil {
			return err
		}
		p.Op("movxm m0, #%d", 32*nv)
		p.Op("mov p6, r18")
		p.Op("movxm p7, #%d", rowBuf+64)
		p.Nops(1)
		p.Op("padda [p6], m0")
		if err := copyU16(p, "p7", "p6", tail); err != nil {
			return err
		}
	}
	p.Nops(8)
	p.Op("done")
	return nil
}
