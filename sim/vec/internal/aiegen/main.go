// Command aiegen generates the amd64 kernels of package sim/vec's aie2 MAC
// tile products (aiemac.go, aiemacint.go; kernels in main.go and int.go
// here), vector ALU operations (valu.go; valu.go here) and narrowing and
// widening numerics (aienum.go; num.go here): aie_amd64.s and its Go
// declarations aie_amd64.go. Run it through go generate in sim/vec:
//
//	go run ./internal/aiegen -out aie_amd64.s -pkg vec -stubs aie_amd64.go
//
// aieMacBF512 (AVX-512 F+BW: one zmm, 16 lanes) and aieMacBF2 (AVX2: two
// chunks of 8 lanes) compute MacBF16 for operands without infinities or
// NaNs, in the integer arithmetic of macBF16Go:
//
//   - pass 1 gathers each term's two bf16 elements into the high halves of
//     32-bit lanes (fp32 layout) by the layout's tables (AVX-512: VPERMI2W
//     with a zero second table; AVX2: two VPERMDs, a blend and a shift),
//     takes the exponents, the alignment key K of the product's binary
//     point (ea+eb, 0 for a zero term; an accumulator's is e+127), the
//     exact product of the significands (VPMADDWD) and the
//     sign, stores them in the frame, and keeps the lane maxima of K and of
//     the exponent fields; a lane with an all-ones exponent ends the kernel
//     with false (the Go loop handles infinities and NaNs);
//   - pass 2 aligns every term to the largest K with 23 fractional bits
//     below that binary point (shift left, or right with round to nearest
//     even), adds them in int32 lanes (exact: below 2^28 + 2^25 in
//     magnitude), and normalises and rounds the sum once, flushing a
//     subnormal result and giving an infinity of the sign on overflow.
//
// Rounding m >> R to nearest even without compares (which AVX-512 only
// has into mask registers): q = m >> R, rem = m & (2^R − 1), h = max(2^R
// >> 1, 1), q += 1 when rem + (q & 1) > h, the comparison being the sign
// of h − rem − (q & 1) (every value is below 2^31). The leading bit of the
// sum comes from VCVTDQ2PS's exponent, lowered by one where the
// conversion rounded up past a power of two.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// isa describes one instruction set: its suffix and lanes per vector.
type isa struct {
	suffix string
	lanes  int
	zmm    bool
}

var (
	avx512 = isa{"512", 16, true}
	avx2   = isa{"2", 8, false}
)

func (s isa) vec() VecVirtual {
	if s.zmm {
		return ZMM()
	}
	return YMM()
}

func (s isa) vb() int { return 4 * s.lanes }

func (s isa) load(m Mem) VecVirtual {
	v := s.vec()
	if s.zmm {
		VMOVDQU64(m, v)
	} else {
		VMOVDQU(m, v)
	}
	return v
}

func (s isa) store(v Op, m Mem) {
	if s.zmm {
		VMOVDQU64(v, m)
	} else {
		VMOVDQU(v, m)
	}
}

// and, or, xor: d = a op b. andn: d = b &^ a.
func (s isa) and(a, b Op) VecVirtual {
	d := s.vec()
	if s.zmm {
		VPANDD(b, a, d)
	} else {
		VPAND(b, a, d)
	}
	return d
}

func (s isa) or(a, b Op) VecVirtual {
	d := s.vec()
	if s.zmm {
		VPORD(b, a, d)
	} else {
		VPOR(b, a, d)
	}
	return d
}

func (s isa) xor(a, b Op) VecVirtual {
	d := s.vec()
	if s.zmm {
		VPXORD(b, a, d)
	} else {
		VPXOR(b, a, d)
	}
	return d
}

func (s isa) andn(a, b Op) VecVirtual {
	d := s.vec()
	if s.zmm {
		VPANDND(b, a, d)
	} else {
		VPANDN(b, a, d)
	}
	return d
}

// add: a + b; sub: a − b (b may be memory).
func (s isa) add(a, b Op) VecVirtual { d := s.vec(); VPADDD(b, a, d); return d }
func (s isa) sub(a, b Op) VecVirtual { d := s.vec(); VPSUBD(b, a, d); return d }

func (s isa) srl(n int, a Op) VecVirtual { d := s.vec(); VPSRLD(U8(n), a, d); return d }
func (s isa) sra(n int, a Op) VecVirtual { d := s.vec(); VPSRAD(U8(n), a, d); return d }
func (s isa) sllv(a, c Op) VecVirtual    { d := s.vec(); VPSLLVD(c, a, d); return d }
func (s isa) srlv(a, c Op) VecVirtual    { d := s.vec(); VPSRLVD(c, a, d); return d }
func (s isa) maxu(a, b Op) VecVirtual    { d := s.vec(); VPMAXUD(b, a, d); return d }
func (s isa) minu(a, b Op) VecVirtual    { d := s.vec(); VPMINUD(b, a, d); return d }
func (s isa) maxs(a, b Op) VecVirtual    { d := s.vec(); VPMAXSD(b, a, d); return d }
func (s isa) mins(a, b Op) VecVirtual    { d := s.vec(); VPMINSD(b, a, d); return d }
func (s isa) maddwd(a, b Op) VecVirtual  { d := s.vec(); VPMADDWD(b, a, d); return d }
func (s isa) absd(a Op) VecVirtual       { d := s.vec(); VPABSD(a, d); return d }
func (s isa) cvt(a Op) VecVirtual        { d := s.vec(); VCVTDQ2PS(a, d); return d }
func (s isa) sll(n int, a Op) VecVirtual { d := s.vec(); VPSLLD(U8(n), a, d); return d }

// bcast broadcasts the 32-bit parameter at m (through a general register:
// go vet's asmdecl takes VMOVD's and VPBROADCASTD's memory operand for a
// vector).
func (s isa) bcast(m Mem) VecVirtual {
	g := GP32()
	MOVL(m, g)
	x := XMM()
	VMOVD(g, x)
	d := s.vec()
	VPBROADCASTD(x, d)
	return d
}

// zero returns a register of zeros.
func (s isa) zero() VecVirtual {
	d := s.vec()
	if s.zmm {
		VPXORD(d, d, d)
	} else {
		VPXOR(d, d, d)
	}
	return d
}

// Constants: 64-byte blocks of one repeated 32-bit value.
const (
	cFF = iota
	c7F
	c80
	cOne
	c150
	cMant
	cHid
	cHi16
	c16
	c31
	c23
	c127
	c254
	c9
	cSign
	cB01 // bytes of 1, 7 and 0x7F (the byte permutation)
	cB07
	cB7F
	cMax32 // the numerics kernels (num.go)
	c8000
	cExpMask
	cB80 // the compares (cmp.go): lane sign bits, bf16 magnitude and NaN bound
	cW8000
	cW7FFF
	cW7F80
	nConst
)

var constVals = [nConst]uint32{
	cFF: 0xFF, c7F: 0x7F, c80: 0x80, cOne: 1, c150: 150, cMant: 0x7FFFFF, cHid: 0x800000,
	cHi16: 0xFFFF0000, c16: 16, c31: 31, c23: 23, c127: 127, c254: 254,
	c9: 9, cSign: 0x80000000, cB01: 0x01010101, cB07: 0x07070707, cB7F: 0x7F7F7F7F,
	cMax32: 0x7FFFFFFF, c8000: 0x8000, cExpMask: 0x7F800000,
	cB80: 0x80808080, cW8000: 0x80008000, cW7FFF: 0x7FFF7FFF, cW7F80: 0x7F807F80,
}

type consts struct{ base Mem }

func (c consts) at(i int) Mem { return c.base.Offset(64 * i) }

func globals() consts {
	m := GLOBL("aieconst", RODATA|NOPTR)
	for i, v := range constVals {
		for j := 0; j < 16; j++ {
			DATA(64*i+4*j, U32(v))
		}
	}
	return consts{m}
}

// addr is the frame address of a parameter.
func addr(c gotypes.Component) Mem {
	b, err := c.Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// rne returns m >> r rounded to nearest, ties to even (r in [0, 31]).
func (s isa) rne(c consts, one, m, r VecVirtual) VecVirtual {
	q := s.srlv(m, r)
	p := s.sllv(one, r)
	rem := s.and(m, s.sub(p, one))
	h := s.maxu(s.srl(1, p), one)
	t := s.add(rem, s.and(q, one))
	up := s.sra(31, s.sub(h, t))
	return s.sub(q, up)
}

// operands holds what pass 1 gathers from.
type operands struct {
	x, y, xh, yh, zero VecVirtual // AVX-512: x, y, a zero; AVX2: low and high halves
}

// gather returns the bf16 elements the table at m selects from v (AVX2: vl,
// vh) in the high halves of the lanes.
func (s isa) gather(c consts, o operands, second bool, m Mem) VecVirtual {
	v, vh := o.x, o.xh
	if second {
		v, vh = o.y, o.yh
	}
	idx := s.load(m)
	if s.zmm {
		VPERMI2W(o.zero, v, idx)
		return idx
	}
	lo, hi := s.vec(), s.vec()
	VPERMD(v, idx, lo)
	VPERMD(vh, idx, hi)
	b := s.vec()
	VBLENDVPS(idx, hi, lo, b)
	sh := s.and(idx, c.at(c16))
	return s.and(s.sllv(b, sh), c.at(cHi16))
}

// accT returns an fp32 accumulator term's exponent field, zero mask (all
// ones where the term is 0 or subnormal) and alignment key (e+127).
func (s isa) accT(c consts, one, v VecVirtual) (e, z, t VecVirtual) {
	e = s.and(s.srl(23, v), c.at(cFF))
	z = s.sra(31, s.sub(e, one))
	t = s.andn(z, s.add(e, c.at(c127)))
	return
}

// macK emits aieMacBF<suffix>.
func macK(s isa, c consts) {
	name := "aieMacBF" + s.suffix
	TEXT(name, 0, "func(out, x, y, tab *byte, k int, a1, a2 *byte, pm, n1, n2 uint32) bool")
	Pragma("noescape")
	vb := s.vb()
	frame := AllocLocal(8 * 3 * vb)
	out, x, y := Load(Param("out"), GP64()), Load(Param("x"), GP64()), Load(Param("y"), GP64())
	tab, k := Load(Param("tab"), GP64()), Load(Param("k"), GP64())
	a1, a2 := Load(Param("a1"), GP64()), Load(Param("a2"), GP64())
	pmA, n1A, n2A := addr(Param("pm")), addr(Param("n1")), addr(Param("n2"))
	special := name + "special"
	for ch := 0; ch < 16/s.lanes; ch++ {
		co := ch * vb // byte offset of the chunk in the lane arrays and table rows
		pre := name + string(rune('a'+ch))
		one := s.load(c.at(cOne))
		// Pass 1: accumulators.
		c1 := s.xor(s.load(Mem{Base: a1, Disp: co}), s.bcast(n1A))
		e1, _, t1 := s.accT(c, one, c1)
		c2 := s.xor(s.load(Mem{Base: a2, Disp: co}), s.bcast(n2A))
		e2, _, t2 := s.accT(c, one, c2)
		mx := s.maxu(e1, e2)
		emax := s.maxs(t1, t2)
		// Pass 1: products.
		var o operands
		if s.zmm {
			o = operands{x: s.load(Mem{Base: x}), y: s.load(Mem{Base: y}), zero: s.zero()}
		} else {
			o = operands{x: s.load(Mem{Base: x}), xh: s.load(Mem{Base: x, Disp: 32}),
				y: s.load(Mem{Base: y}), yh: s.load(Mem{Base: y, Disp: 32})}
		}
		pm := s.bcast(pmA)
		tp, fp, kc := GP64(), GP64(), GP64()
		MOVQ(tab, tp)
		LEAQ(frame, fp)
		MOVQ(k, kc)
		TESTQ(kc, kc)
		JZ(LabelRef(pre + "p1done"))
		Label(pre + "p1")
		{
			a := s.gather(c, o, false, Mem{Base: tp, Disp: co})
			b := s.gather(c, o, true, Mem{Base: tp, Disp: 64 + co})
			ea := s.and(s.srl(23, a), c.at(cFF))
			eb := s.and(s.srl(23, b), c.at(cFF))
			VPMAXUD(s.maxu(ea, eb), mx, mx)
			z := s.sra(31, s.sub(s.minu(ea, eb), one))
			t := s.andn(z, s.add(ea, eb))
			VPMAXSD(t, emax, emax)
			ma := s.or(s.and(s.srl(16, a), c.at(c7F)), c.at(c80))
			mb := s.or(s.and(s.srl(16, b), c.at(c7F)), c.at(c80))
			m := s.andn(z, s.maddwd(ma, mb))
			sg := s.xor(s.xor(a, b), pm)
			s.store(t, Mem{Base: fp})
			s.store(m, Mem{Base: fp, Disp: vb})
			s.store(sg, Mem{Base: fp, Disp: 2 * vb})
		}
		ADDQ(U32(128), tp)
		ADDQ(U32(3*vb), fp)
		DECQ(kc)
		JNZ(LabelRef(pre + "p1"))
		Label(pre + "p1done")
		// A lane with an infinity or a NaN: leave the call to the Go loop.
		if s.zmm {
			VPCMPEQD(c.at(cFF), mx, K1)
			KORTESTW(K1, K1)
		} else {
			f := s.vec()
			VPCMPEQD(c.at(cFF), mx, f)
			VPTEST(f, f)
		}
		JNZ(LabelRef(special))
		// Pass 2: align, add, normalise.
		zr := s.zero()
		e9 := s.sub(emax, c.at(c9)) // a product with K = emax shifts left by 9
		sum := s.zero()
		addTerm := func(q, sg VecVirtual) { // sum += sg < 0 ? −q : q
			sm := s.sra(31, sg)
			VPADDD(s.sub(s.xor(q, sm), sm), sum, sum)
		}
		for i, am := range []Mem{n1A, n2A} {
			a := a1
			if i == 1 {
				a = a2
			}
			cv := s.xor(s.load(Mem{Base: a, Disp: co}), s.bcast(am))
			_, z, t := s.accT(c, one, cv)
			m := s.andn(z, s.or(s.and(cv, c.at(cMant)), c.at(cHid)))
			r := s.mins(s.sub(emax, t), c.at(c31))
			addTerm(s.rne(c, one, m, r), cv)
		}
		LEAQ(frame, fp)
		MOVQ(k, kc)
		TESTQ(kc, kc)
		JZ(LabelRef(pre + "p2done"))
		Label(pre + "p2")
		{
			t := s.load(Mem{Base: fp})
			m := s.load(Mem{Base: fp, Disp: vb})
			sg := s.load(Mem{Base: fp, Disp: 2 * vb})
			l := s.maxs(s.sub(t, e9), zr)
			r := s.mins(s.maxs(s.sub(e9, t), zr), c.at(c31))
			addTerm(s.rne(c, one, s.sllv(m, l), r), sg)
		}
		ADDQ(U32(3*vb), fp)
		DECQ(kc)
		JNZ(LabelRef(pre + "p2"))
		Label(pre + "p2done")
		sign := s.and(sum, c.at(cSign))
		mag := s.absd(sum)
		lb := s.sub(s.srl(23, s.cvt(mag)), c.at(c127))
		VPADDD(s.sra(31, s.sub(mag, s.sllv(one, lb))), lb, lb)
		r2 := s.maxs(s.sub(lb, c.at(c23)), zr)
		l2 := s.maxs(s.sub(s.load(c.at(c23)), lb), zr)
		rr := s.rne(c, one, s.sllv(mag, l2), r2)
		be := s.add(s.sub(s.add(emax, lb), c.at(c150)), s.srl(24, rr))
		frac := s.and(rr, c.at(cMant))
		ov := s.sra(31, s.sub(s.load(c.at(c254)), be))
		un := s.sra(31, s.sub(be, one))
		nrm := s.sll(23, be)
		res := s.andn(s.or(ov, un), s.or(nrm, frac))
		res = s.or(s.or(res, s.and(ov, c.at(cExpMask))), sign)
		res = s.andn(s.sra(31, s.sub(mag, one)), res)
		s.store(res, Mem{Base: out, Disp: co})
	}
	r := GP8()
	MOVB(U8(1), r)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
	Label(special)
	MOVB(U8(0), r)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

func main() {
	ConstraintExpr("!purego")
	c := globals()
	macK(avx512, c)
	macK(avx2, c)
	intK(avx2, 32, false)
	intK(avx2, 64, false)
	intK(avx512, 32, true)
	intK(avx512, 64, false)
	intK(avx512, 64, true)
	laneK(avx512)
	laneK(avx2)
	permK(avx512, c)
	permK(avx2, c)
	selK()
	cmpK(avx512, c)
	cmpK(avx2, c)
	e := enumConsts()
	numK(avx512, c, e)
	numK(avx2, c, e)
	Generate()
}
