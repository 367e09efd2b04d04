package main

// The lane compares of the aie2 vector ALU (vmax_lt, vmin_ge, vge, vlt,
// veqz; valu.go's Less and Zero in package vec): a 512-bit register
// compared lane by lane into a mask, bit i for lane i.
//
// aieLt<S|U><w><suffix>(a, b *byte) uint64: a < b in signed or unsigned
// lanes of w bits. AVX-512 (BW): VPCMP[U]B/W/D into a mask register.
// AVX2 has signed greater-than only: unsigned lanes are compared with
// their sign bits flipped, and the lane masks are gathered with
// VPMOVMSKB (bytes; words packed to bytes first) or VMOVMSKPS (dwords).
//
// aieLtBF<suffix>(a, b *byte) uint64: a < b in bf16 lanes as numbers: a
// non-NaN bf16 orders as the int16 key ±(its magnitude bits) (−0 and +0
// both 0), and a lane where either value is a NaN (magnitude above
// 0x7F80) is not less.
//
// aieEqz<w><suffix>(a *byte) uint64: the lanes whose w bits are all 0.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func cmpK(s isa, c consts) {
	for _, w := range []int{8, 16, 32} {
		for _, signed := range []bool{true, false} {
			name := "U"
			if signed {
				name = "S"
			}
			TEXT(fmt.Sprintf("aieLt%s%d%s", name, w, s.suffix), NOSPLIT, "func(a, b *byte) uint64")
			Pragma("noescape")
			a, b := Load(Param("a"), GP64()), Load(Param("b"), GP64())
			if s.zmm {
				x := avx512.load(Mem{Base: a})
				pcmp := map[[2]int]func(...Op){
					{8, 1}: VPCMPB, {8, 0}: VPCMPUB, {16, 1}: VPCMPW, {16, 0}: VPCMPUW, {32, 1}: VPCMPD, {32, 0}: VPCMPUD,
				}[[2]int{w, b2i(signed)}]
				pcmp(U8(1), Mem{Base: b}, x, K1) // x < b
				retMask512(w, K1)
				continue
			}
			bias := map[int]int{8: cB80, 16: cW8000, 32: cSign}[w]
			var r [2]VecVirtual
			for h := 0; h < 2; h++ {
				x := s.load(Mem{Base: a, Disp: 32 * h})
				y := s.load(Mem{Base: b, Disp: 32 * h})
				if !signed {
					x, y = s.xor(x, c.at(bias)), s.xor(y, c.at(bias))
				}
				r[h] = pcmpgt(w, x, y) // y > x
			}
			retMask2(w, r)
		}
	}

	TEXT("aieLtBF"+s.suffix, NOSPLIT, "func(a, b *byte) uint64")
	Pragma("noescape")
	a, b := Load(Param("a"), GP64()), Load(Param("b"), GP64())
	// key returns x's magnitude bits and its order key.
	key := func(x VecVirtual) (mag, k VecVirtual) {
		mag = s.and(x, c.at(cW7FFF))
		sg := s.vec()
		VPSRAW(U8(15), x, sg)
		k = s.vec()
		VPSUBW(sg, s.xor(mag, sg), k)
		return mag, k
	}
	if s.zmm {
		ma, ka := key(avx512.load(Mem{Base: a}))
		mb, kb := key(avx512.load(Mem{Base: b}))
		VPCMPW(U8(1), kb, ka, K1)            // ka < kb
		VPCMPUW(U8(6), c.at(cW7F80), ma, K2) // a is a NaN
		VPCMPUW(U8(6), c.at(cW7F80), mb, K3) // b is a NaN
		KORD(K3, K2, K2)
		KANDND(K1, K2, K1)
		retMask512(16, K1)
	} else {
		var r [2]VecVirtual
		for h := 0; h < 2; h++ {
			ma, ka := key(s.load(Mem{Base: a, Disp: 32 * h}))
			mb, kb := key(s.load(Mem{Base: b, Disp: 32 * h}))
			lt := pcmpgt(16, ka, kb)
			na, nb := s.vec(), s.vec()
			VPCMPGTW(c.at(cW7F80), ma, na)
			VPCMPGTW(c.at(cW7F80), mb, nb)
			r[h] = s.andn(s.or(na, nb), lt)
		}
		retMask2(16, r)
	}

	for _, w := range []int{8, 16, 32} {
		TEXT(fmt.Sprintf("aieEqz%d%s", w, s.suffix), NOSPLIT, "func(a *byte) uint64")
		Pragma("noescape")
		a := Load(Param("a"), GP64())
		if s.zmm {
			x := avx512.load(Mem{Base: a})
			map[int]func(...Op){8: VPTESTNMB, 16: VPTESTNMW, 32: VPTESTNMD}[w](x, x, K1)
			retMask512(w, K1)
			continue
		}
		var r [2]VecVirtual
		for h := 0; h < 2; h++ {
			x := s.load(Mem{Base: a, Disp: 32 * h})
			d := s.vec()
			map[int]func(...Op){8: VPCMPEQB, 16: VPCMPEQW, 32: VPCMPEQD}[w](s.zero(), x, d)
			r[h] = d
		}
		retMask2(w, r)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pcmpgt returns the AVX2 lanes (w bits) where y > x, signed.
func pcmpgt(w int, x, y Op) VecVirtual {
	d := YMM()
	map[int]func(...Op){8: VPCMPGTB, 16: VPCMPGTW, 32: VPCMPGTD}[w](x, y, d)
	return d
}

// retMask512 returns mask register k's bits for the lanes of w bits.
func retMask512(w int, k Op) {
	r := GP64()
	switch w {
	case 8:
		KMOVQ(k, r)
	case 16:
		KMOVD(k, r.As32())
	default:
		KMOVW(k, r.As32())
	}
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// retMask2 returns one bit per lane (w bits) of the AVX2 lane masks r[0]
// (bytes 0-31) and r[1] (bytes 32-63).
func retMask2(w int, r [2]VecVirtual) {
	lo, hi := GP64(), GP64()
	switch w {
	case 8:
		VPMOVMSKB(r[0], lo.As32())
		VPMOVMSKB(r[1], hi.As32())
		SHLQ(U8(32), hi)
	case 16:
		// Words to bytes: the packed 64-bit chunks are r0.lo, r1.lo,
		// r0.hi, r1.hi; VPERMQ puts them in order.
		p := YMM()
		VPACKSSWB(r[1], r[0], p)
		VPERMQ(U8(0xD8), p, p)
		VPMOVMSKB(p, lo.As32())
		XORQ(hi, hi)
	default:
		VMOVMSKPS(r[0], lo.As32())
		VMOVMSKPS(r[1], hi.As32())
		SHLQ(U8(8), hi)
	}
	ORQ(hi, lo)
	Store(lo, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
