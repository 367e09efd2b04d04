package main

// The kernels of the aie2 vector unit's narrowing and widening numerics
// (aienum.go in package vec): SRS, UPS, Pack8, ConvBF16, ConvF32. Each
// takes the destination, the source, (SRS, UPS) the number of whole
// vectors and a block of 64-bit parameters the caller fills
// (srsParams, upsParams, packParams; the 32-bit kernels read the low
// halves of the slots, Pack8 the low 16 bits).
//
// SRS: q = (v >>arith s) + (((v & (2^s − 1)) + bias) >>logical s), bias =
// b0 + (v < 0 ? bn : 0) + (q odd ? bo : 0) (roundBias: at most 2^s − 1,
// so the sum fits an unsigned lane); then clamped to [lo, hi] (the lane
// type's own bounds when crSat wraps) and truncated to the destination
// lanes. AVX2 has no 64-bit arithmetic shift, maximum or minimum: x >>arith
// s is ((x >>logical s) ^ m) − m with m = 2^63 >> s, and the clamps
// compare (VPCMPGTQ) and blend.
//
// UPS: r = v << s overflows exactly when r >>arith s differs from v; such
// lanes take (hi ^ sign) + (sign & sym) (hi the lane's maximum, sign all
// ones for a negative v) when crSat saturates. Signed sources are
// zero-extended and then sign-extended as (x ^ 2^(w−1)) − 2^(w−1).
//
// ConvBF16 is SRS by 16 of the signed value (the sign-magnitude pattern
// made two's complement), the result's magnitude with the input's sign;
// lanes with an all-ones exponent take the input's upper half with bit 0
// set when the mantissa is nonzero but its upper 7 bits are zero.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Parameter slots (aienum.go's pShift.., pUShift..).
const (
	pShift = iota
	pMask
	pB0
	pBn
	pBo
	pLo
	pHi
)

const (
	pUShift = iota
	pUSign
	pUSat
	pUSym
)

// Blocks of the aienumconst table (64 bytes each).
const (
	eShufW32  = iota // VPSHUFB: the low word of each dword, into each 128-bit lane's low 8 bytes
	eShufB32         // the low byte of each dword, into the low 4 bytes
	eShufW64         // the low word of each qword, into the low 4 bytes
	eShufB16         // the low byte of each word, into the low 8 bytes
	ePerm04          // VPERMD indices 0, 4: the low dwords of the two 128-bit lanes
	ePerm0246        // VPERMD indices 0, 2, 4, 6: the low dwords of the qwords
	eQ1              // qwords of 1
	eQSign           // qwords of 2^63
	eQMax            // qwords of 2^63 − 1
	nEnum
)

// enumConsts emits the aienumconst table.
func enumConsts() Mem {
	m := GLOBL("aienumconst", RODATA|NOPTR)
	var tab [nEnum][64]byte
	shuf := func(blk int, pick []int) {
		for i := range tab[blk] {
			tab[blk][i] = 0x80
		}
		for l := 0; l < 64; l += 16 {
			for i, b := range pick {
				tab[blk][l+i] = byte(b)
			}
		}
	}
	shuf(eShufW32, []int{0, 1, 4, 5, 8, 9, 12, 13})
	shuf(eShufB32, []int{0, 4, 8, 12})
	shuf(eShufW64, []int{0, 1, 8, 9})
	shuf(eShufB16, []int{0, 2, 4, 6, 8, 10, 12, 14})
	dwords := func(blk int, v []uint32) {
		for i, x := range v {
			for k := 0; k < 4; k++ {
				tab[blk][4*i+k] = byte(x >> (8 * k))
			}
		}
	}
	dwords(ePerm04, []uint32{0, 4})
	dwords(ePerm0246, []uint32{0, 2, 4, 6})
	for i := 0; i < 8; i++ {
		tab[eQ1][8*i] = 1
		tab[eQSign][8*i+7] = 0x80
		for k := 0; k < 8; k++ {
			tab[eQMax][8*i+k] = 0xFF
		}
		tab[eQMax][8*i+7] = 0x7F
	}
	for b := range tab {
		for i := 0; i < 64; i += 8 {
			var v uint64
			for k := 7; k >= 0; k-- {
				v = v<<8 | uint64(tab[b][i+k])
			}
			DATA(64*b+i, U64(v))
		}
	}
	return m
}

// lanes emits integer lane operations on vectors of one ISA and lane
// width (32 or 64 bits).
type lanes struct {
	s isa
	q bool // 64-bit lanes
	c consts
	e Mem // aienumconst
}

func (l lanes) at(blk int) Mem { return l.e.Offset(64 * blk) }

func (l lanes) v() VecVirtual { return l.s.vec() }

func (l lanes) and(a, b Op) VecVirtual  { return l.s.and(a, b) }
func (l lanes) or(a, b Op) VecVirtual   { return l.s.or(a, b) }
func (l lanes) xor(a, b Op) VecVirtual  { return l.s.xor(a, b) }
func (l lanes) andn(a, b Op) VecVirtual { return l.s.andn(a, b) } // b &^ a

func (l lanes) add(a, b Op) VecVirtual {
	d := l.v()
	if l.q {
		VPADDQ(b, a, d)
	} else {
		VPADDD(b, a, d)
	}
	return d
}

func (l lanes) sub(a, b Op) VecVirtual {
	d := l.v()
	if l.q {
		VPSUBQ(b, a, d)
	} else {
		VPSUBD(b, a, d)
	}
	return d
}

// srl, sll: shifts by the count in the low quadword of x.
func (l lanes) srl(a Op, x Op) VecVirtual {
	d := l.v()
	if l.q {
		VPSRLQ(x, a, d)
	} else {
		VPSRLD(x, a, d)
	}
	return d
}

func (l lanes) sll(a Op, x Op) VecVirtual {
	d := l.v()
	if l.q {
		VPSLLQ(x, a, d)
	} else {
		VPSLLD(x, a, d)
	}
	return d
}

// sra shifts right arithmetically by the count in x (an immediate or
// the low quadword of an xmm); sm is 2^63 >> count for AVX2's 64-bit
// lanes.
func (l lanes) sra(a Op, x Op, sm VecVirtual) VecVirtual {
	d := l.v()
	switch {
	case !l.q:
		VPSRAD(x, a, d)
	case l.s.zmm:
		VPSRAQ(x, a, d)
	default:
		VPSRLQ(x, a, d)
		d = l.sub(l.xor(d, sm), sm)
	}
	return d
}

// sign returns all ones in the lanes where a is negative.
func (l lanes) sign(a VecVirtual, zero VecVirtual) VecVirtual {
	d := l.v()
	switch {
	case !l.q:
		VPSRAD(U8(31), a, d)
	case l.s.zmm:
		VPSRAQ(U8(63), a, d)
	default:
		VPCMPGTQ(a, zero, d)
	}
	return d
}

// bc broadcasts the lane-sized value at m.
func (l lanes) bc(m Mem) VecVirtual {
	d := l.v()
	if l.q {
		VPBROADCASTQ(m, d)
	} else {
		VPBROADCASTD(m, d)
	}
	return d
}

// clamp returns min(max(a, lo), hi), signed.
func (l lanes) clamp(a, lo, hi VecVirtual) VecVirtual {
	d := l.v()
	switch {
	case !l.q:
		VPMAXSD(lo, a, d)
		VPMINSD(hi, d, d)
	case l.s.zmm:
		VPMAXSQ(lo, a, d)
		VPMINSQ(hi, d, d)
	default:
		c := l.v()
		VPCMPGTQ(a, lo, c) // lo > a
		VPBLENDVB(c, lo, a, d)
		c2 := l.v()
		VPCMPGTQ(hi, d, c2) // d > hi
		VPBLENDVB(c2, hi, d, d)
	}
	return d
}

// one returns lanes of 1.
func (l lanes) one() VecVirtual {
	if l.q {
		return l.s.load(l.at(eQ1))
	}
	return l.s.load(l.c.at(cOne))
}

// narrow stores the lanes of v (abits) truncated to dbits at m.
func (l lanes) narrow(v VecVirtual, abits, dbits int, m Mem) {
	if l.s.zmm {
		switch {
		case abits == 32 && dbits == 8:
			VPMOVDB(v, m)
		case abits == 32 && dbits == 16:
			VPMOVDW(v, m)
		case abits == 64 && dbits == 16:
			VPMOVQW(v, m)
		case abits == 64 && dbits == 32:
			VPMOVQD(v, m)
		case abits == 16 && dbits == 8:
			VPMOVWB(v, m)
		default:
			panic("narrow")
		}
		return
	}
	t := l.v()
	switch {
	case abits == 32 && dbits == 16, abits == 16 && dbits == 8:
		ctl := eShufW32
		if abits == 16 {
			ctl = eShufB16
		}
		VPSHUFB(l.at(ctl), v, t)
		VPERMQ(U8(0x08), t, t)
		VMOVDQU(t.AsX(), m)
	case abits == 32 && dbits == 8, abits == 64 && dbits == 16:
		ctl := eShufB32
		if abits == 64 {
			ctl = eShufW64
		}
		VPSHUFB(l.at(ctl), v, t)
		idx := l.s.load(l.at(ePerm04))
		VPERMD(t, idx, t)
		VMOVQ(t.AsX(), m)
	case abits == 64 && dbits == 32:
		idx := l.s.load(l.at(ePerm0246))
		VPERMD(v, idx, t)
		VMOVDQU(t.AsX(), m)
	default:
		panic("narrow")
	}
}

// srsKern emits aieSRS<abits>to<dbits><suffix>(d, a *byte, n int, p *uint64):
// n vectors of accumulator lanes.
func srsKern(s isa, c consts, e Mem, abits, dbits int) {
	TEXT(fmt.Sprintf("aieSRS%dto%d%s", abits, dbits, s.suffix), NOSPLIT, "func(d, a *byte, n int, p *uint64)")
	Pragma("noescape")
	d, a, n, p := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("n"), GP64()), Load(Param("p"), GP64())
	l := lanes{s: s, q: abits == 64, c: c, e: e}
	per := s.vb() * 8 / abits // lanes per vector
	pm := func(slot int) Mem { return Mem{Base: p, Disp: 8 * slot} }
	sh := XMM()
	VMOVQ(pm(pShift), sh)
	var sm VecVirtual
	if l.q && !s.zmm {
		sm = l.srl(l.s.load(l.at(eQSign)), sh)
	}
	zero := s.zero()
	loop := fmt.Sprintf("srs%dto%d%sloop", abits, dbits, s.suffix)
	Label(loop)
	v := s.load(Mem{Base: a})
	q := l.sra(v, sh, sm)
	rem := l.and(v, l.bc(pm(pMask)))
	odd := l.sub(zero, l.and(q, l.one()))
	bias := l.add(l.bc(pm(pB0)), l.and(l.sign(v, zero), l.bc(pm(pBn))))
	bias = l.add(bias, l.and(odd, l.bc(pm(pBo))))
	q = l.add(q, l.srl(l.add(rem, bias), sh))
	q = l.clamp(q, l.bc(pm(pLo)), l.bc(pm(pHi)))
	l.narrow(q, abits, dbits, Mem{Base: d})
	ADDQ(U32(s.vb()), a)
	ADDQ(U32(per*dbits/8), d)
	DECQ(n)
	JNZ(LabelRef(loop))
	VZEROUPPER()
	RET()
}

// upsKern emits aieUPS<sbits>to<abits><suffix>(d, a *byte, n int, p
// *uint64): n vectors of accumulator lanes.
func upsKern(s isa, c consts, e Mem, sbits, abits int) {
	TEXT(fmt.Sprintf("aieUPS%dto%d%s", sbits, abits, s.suffix), NOSPLIT, "func(d, a *byte, n int, p *uint64)")
	Pragma("noescape")
	d, a, n, p := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("n"), GP64()), Load(Param("p"), GP64())
	l := lanes{s: s, q: abits == 64, c: c, e: e}
	per := s.vb() * 8 / abits
	pm := func(slot int) Mem { return Mem{Base: p, Disp: 8 * slot} }
	sh := XMM()
	VMOVQ(pm(pUShift), sh)
	var sm VecVirtual
	if l.q && !s.zmm {
		sm = l.srl(l.s.load(l.at(eQSign)), sh)
	}
	zero := s.zero()
	if s.zmm {
		sv := l.bc(pm(pUSat))
		if l.q {
			VPTESTMQ(sv, sv, K2)
		} else {
			VPTESTMD(sv, sv, K2)
		}
	}
	loop := fmt.Sprintf("ups%dto%d%sloop", sbits, abits, s.suffix)
	Label(loop)
	v := l.v()
	src := Mem{Base: a}
	switch {
	case sbits == 8 && abits == 32:
		VPMOVZXBD(src, v)
	case sbits == 16 && abits == 32:
		VPMOVZXWD(src, v)
	case sbits == 16 && abits == 64:
		VPMOVZXWQ(src, v)
	default:
		VPMOVZXDQ(src, v)
	}
	sb := l.bc(pm(pUSign))
	v = l.sub(l.xor(v, sb), sb)
	r := l.sll(v, sh)
	back := l.sra(r, sh, sm)
	neg := l.sign(v, zero)
	var hi VecVirtual
	if l.q {
		hi = s.load(l.at(eQMax))
	} else {
		hi = s.load(c.at(cMax32))
	}
	sat := l.add(l.xor(hi, neg), l.and(neg, l.bc(pm(pUSym))))
	res := l.v()
	if s.zmm {
		diff := l.xor(back, v)
		if l.q {
			VPTESTMQ(diff, diff, K2, K1)
			VPBLENDMQ(sat, r, K1, res)
		} else {
			VPTESTMD(diff, diff, K2, K1)
			VPBLENDMD(sat, r, K1, res)
		}
	} else {
		eq := l.v()
		if l.q {
			VPCMPEQQ(back, v, eq)
		} else {
			VPCMPEQD(back, v, eq)
		}
		over := l.andn(eq, l.bc(pm(pUSat)))
		VPBLENDVB(over, sat, r, res)
	}
	s.store(res, Mem{Base: d})
	ADDQ(U32(per*sbits/8), a)
	ADDQ(U32(s.vb()), d)
	DECQ(n)
	JNZ(LabelRef(loop))
	VZEROUPPER()
	RET()
}

// packKern emits aiePack<suffix>(d, x *byte, p *uint64): 32 int16 lanes
// to bytes, XORed with p[0], clamped to [p[1], p[2]], XORed back.
func packKern(s isa, e Mem) {
	TEXT("aiePack"+s.suffix, NOSPLIT, "func(d, x *byte, p *uint64)")
	Pragma("noescape")
	d, x, p := Load(Param("d"), GP64()), Load(Param("x"), GP64()), Load(Param("p"), GP64())
	l := lanes{s: s, e: e}
	bw := func(slot int) VecVirtual {
		v := l.v()
		VPBROADCASTW(Mem{Base: p, Disp: 8 * slot}, v)
		return v
	}
	for o := 0; o < 64; o += s.vb() {
		xm := bw(0)
		v := l.xor(s.load(Mem{Base: x, Disp: o}), xm)
		VPMAXSW(bw(1), v, v)
		VPMINSW(bw(2), v, v)
		v = l.xor(v, xm)
		l.narrow(v, 16, 8, Mem{Base: d, Disp: o / 2})
	}
	VZEROUPPER()
	RET()
}

// convBFKern emits aieConvBF<suffix>(d, a *byte, p *uint64): 16 fp32 lanes
// to bf16 (p: SRS's slots for a shift of 16).
func convBFKern(s isa, c consts, e Mem) {
	TEXT("aieConvBF"+s.suffix, NOSPLIT, "func(d, a *byte, p *uint64)")
	Pragma("noescape")
	d, a, p := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("p"), GP64())
	l := lanes{s: s, c: c, e: e}
	pm := func(slot int) Mem { return Mem{Base: p, Disp: 8 * slot} }
	for o := 0; o < 64; o += s.vb() {
		zero := s.zero()
		one := l.one()
		b := s.load(Mem{Base: a, Disp: o})
		neg := l.sign(b, zero)
		mag := s.srl(1, s.sll(1, b))
		v := l.sub(l.xor(mag, neg), neg)
		q := l.sra(v, U8(16), nil)
		rem := s.srl(16, s.sll(16, v))
		odd := l.sub(zero, l.and(q, one))
		bias := l.add(l.bc(pm(pB0)), l.and(neg, l.bc(pm(pBn))))
		bias = l.add(bias, l.and(odd, l.bc(pm(pBo))))
		q = l.add(q, s.srl(16, l.add(rem, bias)))
		h := s.srl(16, b)
		r := l.or(s.absd(q), l.and(h, c.at(c8000)))
		// Infinities and NaNs: h, with bit 0 set when the mantissa is
		// nonzero below h's bits ((mant − 1) >> 16 == 0).
		mant := l.and(b, c.at(cMant))
		fix := s.srl(31, l.sub(s.srl(16, l.sub(mant, one)), one))
		hs := l.or(h, fix)
		spec := s.sra(31, l.add(l.and(b, c.at(cExpMask)), c.at(cHid)))
		res := l.or(l.and(spec, hs), l.andn(spec, r))
		l.narrow(res, 32, 16, Mem{Base: d, Disp: o / 2})
	}
	VZEROUPPER()
	RET()
}

// convF32Kern emits aieConvF32<suffix>(d, a *byte): 16 bf16 lanes widened
// to fp32.
func convF32Kern(s isa) {
	TEXT("aieConvF32"+s.suffix, NOSPLIT, "func(d, a *byte)")
	Pragma("noescape")
	d, a := Load(Param("d"), GP64()), Load(Param("a"), GP64())
	for o := 0; o < 64; o += s.vb() {
		v := s.vec()
		VPMOVZXWD(Mem{Base: a, Disp: o / 2}, v)
		s.store(s.sll(16, v), Mem{Base: d, Disp: o})
	}
	VZEROUPPER()
	RET()
}

// numK emits every numerics kernel of s.
func numK(s isa, c consts, e Mem) {
	for _, f := range [][2]int{{32, 8}, {32, 16}, {64, 16}, {64, 32}} {
		srsKern(s, c, e, f[0], f[1])
	}
	for _, f := range [][2]int{{8, 32}, {16, 32}, {16, 64}, {32, 64}} {
		upsKern(s, c, e, f[0], f[1])
	}
	packKern(s, e)
	convBFKern(s, c, e)
	convF32Kern(s)
}
