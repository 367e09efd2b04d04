package main

// The vector ALU kernels of the aie2 simulator's per-lane operations on
// 512-bit registers (valu.go in package vec): lane-wise add, subtract,
// and, or; a byte permutation of two registers (vshuffle's modes); a
// select by a lane mask (vsel, AVX-512 only).

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// laneK emits aieLane<op><w><suffix>(d, a, b *byte): d = a op b in lanes
// of w bits (and, or: any width).
func laneK(s isa) {
	type kind struct {
		name string
		ins  func(b, a, d Op)
	}
	var ks []kind
	for _, w := range []int{8, 16, 32} {
		add, sub := map[int]func(...Op){8: VPADDB, 16: VPADDW, 32: VPADDD}[w], map[int]func(...Op){8: VPSUBB, 16: VPSUBW, 32: VPSUBD}[w]
		ks = append(ks, kind{fmt.Sprintf("Add%d", w), func(b, a, d Op) { add(b, a, d) }}, kind{fmt.Sprintf("Sub%d", w), func(b, a, d Op) { sub(b, a, d) }})
	}
	if s.zmm {
		ks = append(ks, kind{"And", func(b, a, d Op) { VPANDD(b, a, d) }}, kind{"Or", func(b, a, d Op) { VPORD(b, a, d) }})
	} else {
		ks = append(ks, kind{"And", func(b, a, d Op) { VPAND(b, a, d) }}, kind{"Or", func(b, a, d Op) { VPOR(b, a, d) }})
	}
	for _, k := range ks {
		TEXT("aieLane"+k.name+s.suffix, NOSPLIT, "func(d, a, b *byte)")
		Pragma("noescape")
		d, a, b := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("b"), GP64())
		for o := 0; o < 64; o += s.vb() {
			x := s.load(Mem{Base: a, Disp: o})
			r := s.vec()
			k.ins(Mem{Base: b, Disp: o}, x, r)
			s.store(r, Mem{Base: d, Disp: o})
		}
		VZEROUPPER()
		RET()
	}
}

// permK emits aiePermB<suffix>(out, in, idx *byte): out[i] = in[idx[i] &
// 127] for 64 bytes out of 128. AVX-512 (VBMI): one VPERMI2B. AVX2: for
// each 16-byte block j of in, VPSHUFB by the index's low 4 bits, kept
// where the index's bits 4-6 are j.
func permK(s isa, c consts) {
	TEXT("aiePermB"+s.suffix, NOSPLIT, "func(out, in, idx *byte)")
	Pragma("noescape")
	out, in, idx := Load(Param("out"), GP64()), Load(Param("in"), GP64()), Load(Param("idx"), GP64())
	if s.zmm {
		ix := s.load(Mem{Base: idx})
		lo := s.load(Mem{Base: in})
		VPERMI2B(Mem{Base: in, Disp: 64}, lo, ix)
		s.store(ix, Mem{Base: out})
		VZEROUPPER()
		RET()
		return
	}
	for h := 0; h < 64; h += 32 {
		ix := s.and(s.load(Mem{Base: idx, Disp: h}), c.at(cB7F))
		hi := s.vec()
		VPSRLW(U8(4), ix, hi)
		hi = s.and(hi, c.at(cB07))
		cnt, res := s.zero(), s.zero()
		for j := 0; j < 8; j++ {
			t := s.vec()
			VBROADCASTI128(Mem{Base: in, Disp: 16 * j}, t)
			sh := s.vec()
			VPSHUFB(ix, t, sh)
			m := s.vec()
			VPCMPEQB(cnt, hi, m)
			VPBLENDVB(m, sh, res, res)
			if j < 7 {
				VPADDB(c.at(cB01), cnt, cnt)
			}
		}
		s.store(res, Mem{Base: out, Disp: h})
	}
	VZEROUPPER()
	RET()
}

// selK emits aieSel<w>512(d, a, b *byte, mask uint64): lane i of d is b's
// where bit i of mask is set, else a's (AVX-512 BW masked blends).
func selK() {
	for _, w := range []int{8, 16, 32} {
		TEXT(fmt.Sprintf("aieSel%d512", w), NOSPLIT, "func(d, a, b *byte, mask uint64)")
		Pragma("noescape")
		d, a, b := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("b"), GP64())
		mk := Load(Param("mask"), GP64())
		KMOVQ(mk, K1)
		x := avx512.load(Mem{Base: a})
		y := avx512.load(Mem{Base: b})
		r := avx512.vec()
		switch w {
		case 8:
			VPBLENDMB(y, x, K1, r)
		case 16:
			VPBLENDMW(y, x, K1, r)
		default:
			VPBLENDMD(y, x, K1, r)
		}
		avx512.store(r, Mem{Base: d})
		VZEROUPPER()
		RET()
	}
}
