package main

// The integer MAC kernels (MacInt): C[M][N] = ±X·Y ± acc1 ± acc2 with X
// (M×K) and Y (K×N) row-major, lanes of 32 or 64 bits that wrap.
//
// Each kernel first widens all 64 bytes of X and of Y into lanes of the
// accumulator's width in its frame (VPMOVSX/VPMOVZX by the selector the
// caller passes: 0 u8, 1 s8, 2 u16, 3 s16, 4 u32, 5 s32), then forms a
// vector of output lanes as Σ_k broadcast(X[r][k]) · Y[k][chunk]:
//
//   - 32-bit lanes: VPMULLD, the low 32 bits of the product, which is the
//     product modulo 2^32 whatever the operands' signedness;
//   - 64-bit lanes: VPMULDQ, the exact 64-bit product of the lanes' low
//     32 bits read as signed: exact for every widened element except an
//     unsigned 32-bit one of 2^31 or more, which the caller keeps from the
//     kernels.
//
// Negation is (v ^ m) − m with m all ones or zero; absent accumulators are
// zeros. The sums wrap as MacInt's do (modulo 2^32 or 2^64).
//
// Shapes: "C" kernels step one row at a time in chunks of a vector's
// lanes (N a multiple of them); "P" kernels (AVX-512) put rows r and r+1
// in the two halves of one vector (N half a vector, M even): X[r][k] and
// X[r+1][k] broadcast into the halves (the second by a masked broadcast),
// Y's row k into both.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// widen emits the widening of the 64 bytes at src into lanes of lb bits
// at dst, by the selector in sel.
func widen(name string, src Register, dst Mem, sel Register, lb int) {
	type form struct {
		sel  int
		ins  func(...Op)
		inB  int // source bytes per chunk of 8 (32-bit lanes) or 4 (64-bit lanes)
		elem int // element bytes
	}
	var forms []form
	if lb == 32 {
		forms = []form{
			{0, func(o ...Op) { VPMOVZXBD(o[0], o[1]) }, 8, 1},
			{1, func(o ...Op) { VPMOVSXBD(o[0], o[1]) }, 8, 1},
			{2, func(o ...Op) { VPMOVZXWD(o[0], o[1]) }, 16, 2},
			{3, func(o ...Op) { VPMOVSXWD(o[0], o[1]) }, 16, 2},
			{4, func(o ...Op) { VMOVDQU(o[0], o[1]) }, 32, 4},
			{5, func(o ...Op) { VMOVDQU(o[0], o[1]) }, 32, 4},
		}
	} else {
		forms = []form{
			{0, func(o ...Op) { VPMOVZXBQ(o[0], o[1]) }, 4, 1},
			{1, func(o ...Op) { VPMOVSXBQ(o[0], o[1]) }, 4, 1},
			{2, func(o ...Op) { VPMOVZXWQ(o[0], o[1]) }, 8, 2},
			{3, func(o ...Op) { VPMOVSXWQ(o[0], o[1]) }, 8, 2},
			{4, func(o ...Op) { VPMOVZXDQ(o[0], o[1]) }, 16, 4},
			{5, func(o ...Op) { VPMOVSXDQ(o[0], o[1]) }, 16, 4},
		}
	}
	done := name + "done"
	for _, f := range forms {
		next := fmt.Sprintf("%snot%d", name, f.sel)
		CMPQ(sel, U8(f.sel))
		JNE(LabelRef(next))
		for c := 0; c < 64/f.inB; c++ {
			v := YMM()
			f.ins(Mem{Base: src, Disp: c * f.inB}, v)
			d := dst
			d.Disp += 32 * c
			VMOVDQU(v, d)
		}
		JMP(LabelRef(done))
		Label(next)
	}
	Label(done)
}

// intK emits aieMacI<lb><shape><suffix>.
func intK(s isa, lb int, pairs bool) {
	shape := "C"
	if pairs {
		shape = "P"
	}
	name := fmt.Sprintf("aieMacI%d%s%s", lb, shape, s.suffix)
	TEXT(name, 0, "func(out, x, y, a1, a2 *byte, m, k, n, xs, ys int, pm, n1, n2 uint32)")
	Pragma("noescape")
	eb := lb / 8
	frame := AllocLocal(2 * 64 * eb)
	xw, yw := frame, frame.Offset(64*eb)
	out, x, y := Load(Param("out"), GP64()), Load(Param("x"), GP64()), Load(Param("y"), GP64())
	a1, a2 := Load(Param("a1"), GP64()), Load(Param("a2"), GP64())
	m, k, n := Load(Param("m"), GP64()), Load(Param("k"), GP64()), Load(Param("n"), GP64())
	xs, ys := Load(Param("xs"), GP64()), Load(Param("ys"), GP64())
	widen(name+"wx", x, xw, xs, lb)
	widen(name+"wy", y, yw, ys, lb)
	pm, n1, n2 := s.bcast(addr(Param("pm"))), s.bcast(addr(Param("n1"))), s.bcast(addr(Param("n2")))
	vb := s.vb()
	// Strides: a row of X (k·eb bytes), a row of Y (n·eb bytes).
	kb, yst := GP64(), GP64()
	MOVQ(k, kb)
	MOVQ(n, yst)
	if eb == 4 {
		SHLQ(U8(2), kb)
		SHLQ(U8(2), yst)
	} else {
		SHLQ(U8(3), kb)
		SHLQ(U8(3), yst)
	}
	bcastX := func(mem Mem, d VecVirtual) {
		if lb == 32 {
			VPBROADCASTD(mem, d)
		} else {
			VPBROADCASTQ(mem, d)
		}
	}
	mul := func(mem Mem, a, d VecVirtual) {
		if lb == 32 {
			VPMULLD(mem, a, d)
		} else {
			VPMULDQ(mem, a, d)
		}
	}
	add := func(a, b, d Op) {
		if lb == 32 {
			VPADDD(a, b, d)
		} else {
			VPADDQ(a, b, d)
		}
	}
	sub := func(a, b, d Op) {
		if lb == 32 {
			VPSUBD(a, b, d)
		} else {
			VPSUBQ(a, b, d)
		}
	}
	// finish stores ±acc ± a1 ± a2 at the chunk's offset (advancing the
	// three pointers by a vector).
	finish := func(acc VecVirtual) {
		res := s.vec()
		sub(pm, s.xor(acc, pm), res)
		for i, a := range []Register{a1, a2} {
			mk := n1
			if i == 1 {
				mk = n2
			}
			t := s.vec()
			sub(mk, s.xor(s.load(Mem{Base: a}), mk), t)
			add(t, res, res)
		}
		s.store(res, Mem{Base: out})
		ADDQ(U32(vb), out)
		ADDQ(U32(vb), a1)
		ADDQ(U32(vb), a2)
	}
	xrow, yp, xp, kc := GP64(), GP64(), GP64(), GP64()
	LEAQ(xw, xrow)
	if !pairs {
		// For each row, for each chunk of vb bytes of the row.
		chunks := GP64()
		ycol := GP64()
		Label(name + "row")
		LEAQ(yw, ycol)
		MOVQ(yst, chunks)
		SHRQ(U8(map[int]uint64{32: 5, 64: 6}[vb]), chunks)
		Label(name + "chunk")
		acc := s.zero()
		MOVQ(xrow, xp)
		MOVQ(ycol, yp)
		MOVQ(k, kc)
		Label(name + "term")
		bx := s.vec()
		bcastX(Mem{Base: xp}, bx)
		p := s.vec()
		mul(Mem{Base: yp}, bx, p)
		add(p, acc, acc)
		ADDQ(U8(eb), xp)
		ADDQ(yst, yp)
		DECQ(kc)
		JNZ(LabelRef(name + "term"))
		finish(acc)
		ADDQ(U32(vb), ycol)
		DECQ(chunks)
		JNZ(LabelRef(name + "chunk"))
		ADDQ(kb, xrow)
		DECQ(m)
		JNZ(LabelRef(name + "row"))
	} else {
		// Rows r and r+1 in the halves of one vector.
		hi := GP32()
		if lb == 32 {
			MOVL(U32(0xFF00), hi)
			KMOVW(hi, K1)
		} else {
			MOVL(U32(0xF0), hi)
			KMOVW(hi, K1)
		}
		xp1 := GP64()
		SHRQ(U8(1), m)
		Label(name + "row")
		acc := s.zero()
		MOVQ(xrow, xp)
		LEAQ(Mem{Base: xrow, Index: kb, Scale: 1}, xp1)
		LEAQ(yw, yp)
		MOVQ(k, kc)
		Label(name + "term")
		bx := s.vec()
		bcastX(Mem{Base: xp}, bx)
		if lb == 32 {
			VPBROADCASTD(Mem{Base: xp1}, K1, bx)
		} else {
			VPBROADCASTQ(Mem{Base: xp1}, K1, bx)
		}
		yv := s.vec()
		if lb == 32 {
			VBROADCASTI32X8(Mem{Base: yp}, yv)
		} else {
			VBROADCASTI64X4(Mem{Base: yp}, yv)
		}
		p := s.vec()
		if lb == 32 {
			VPMULLD(yv, bx, p)
		} else {
			VPMULDQ(yv, bx, p)
		}
		add(p, acc, acc)
		ADDQ(U8(eb), xp)
		ADDQ(U8(eb), xp1)
		ADDQ(yst, yp)
		DECQ(kc)
		JNZ(LabelRef(name + "term"))
		finish(acc)
		LEAQ(Mem{Base: xrow, Index: kb, Scale: 2}, xrow)
		DECQ(m)
		JNZ(LabelRef(name + "row"))
	}
	VZEROUPPER()
	RET()
}
