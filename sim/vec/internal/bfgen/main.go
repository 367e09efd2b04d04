// Command bfgen generates the amd64 kernels of package sim/vec's bf16 row
// operations and f32 tile products (bf16.go): bf_amd64.s and its Go
// declarations bf_amd64.go. Run it through go generate in sim/vec:
//
//	go run ./internal/bfgen -out bf_amd64.s -pkg vec -stubs bf_amd64.go
//
// Each kernel exists for AVX-512 (suffix 512: zmm registers, 16 lanes) and
// AVX2 (suffix 2: ymm, 8 lanes), except the two reductions, which use AVX
// ymm code on both paths (their fixed order is eight lanes wide). Kernels
// work on whole chunks only (16 or 8 elements; the tile product on column
// chunks of 16, 8 and 4); the Go wrappers in bf16_amd64.go finish the rest
// with the pure-Go loops.
//
// Bit-identity with the pure-Go loops rests on three rules the kernels
// keep (bf16.go states them as the semantics):
//
//   - a product is rounded to f32 and then added: VMULPS then VADDPS,
//     never an FMA; every dot product starts from +0 and adds its terms
//     in index order, one lane per output;
//   - the first operand in the semantics' order is the x86 "first source"
//     (the middle operand in Go assembler order): when both operands are
//     NaN, x86 returns the first one quieted, which is the rule the Go
//     loops enforce;
//   - bf16 rounding is integer arithmetic on the bits (round to nearest
//     even with a carry into the exponent; an exponent-all-ones value whose
//     mantissa carries out becomes infinity), not VCVTNEPS2BF16, which
//     flushes subnormals and quiets NaNs instead of rounding them.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// isa describes one instruction set: its suffix, lanes per vector and
// vector constructor.
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

// consts holds the narrowing constants of one kernel.
type consts struct{ abs, c7fff, one VecVirtual }

func bcast32(s isa, c uint32) VecVirtual {
	r := GP32()
	MOVL(U32(c), r)
	x := XMM()
	VMOVD(r, x)
	v := s.vec()
	VPBROADCASTD(x, v)
	return v
}

func (s isa) consts() consts {
	return consts{abs: bcast32(s, 0x7fffffff), c7fff: bcast32(s, 0x7fff), one: bcast32(s, 1)}
}

// widen loads lanes bf16 values at m and returns them as f32.
func (s isa) widen(m Mem) VecVirtual {
	v := s.vec()
	VPMOVZXWD(m, v)
	VPSLLD(U8(16), v, v)
	return v
}

// round returns the bf16 bits of the f32 lanes of x in the low 16 bits of
// each lane: r = (|x| + 0x7fff + lsb) >> 16, r -= (r >> 15) << 7 (0x8000,
// a carry out of an all-ones exponent, becomes 0x7f80), or the sign.
func (s isa) round(c consts, x VecVirtual) VecVirtual {
	abs, sg, t := s.vec(), s.vec(), s.vec()
	if s.zmm {
		VPANDD(c.abs, x, abs)
		VPXORD(abs, x, sg)
	} else {
		VPAND(c.abs, x, abs)
		VPXOR(abs, x, sg)
	}
	VPSRLD(U8(16), sg, sg)
	VPSRLD(U8(16), abs, t)
	if s.zmm {
		VPANDD(c.one, t, t)
	} else {
		VPAND(c.one, t, t)
	}
	VPADDD(c.c7fff, abs, abs)
	VPADDD(t, abs, abs)
	VPSRLD(U8(16), abs, abs)
	VPSRLD(U8(15), abs, t)
	VPSLLD(U8(7), t, t)
	VPSUBD(t, abs, abs)
	if s.zmm {
		VPORD(sg, abs, abs)
	} else {
		VPOR(sg, abs, abs)
	}
	return abs
}

// store16 writes the low 16 bits of each lane of r to m.
func (s isa) store16(r VecVirtual, m Mem) {
	if s.zmm {
		VPMOVDW(r, m)
		return
	}
	// Lanes hold values ≤ 0xffff: the unsigned-saturating pack keeps them.
	p := YMM()
	VPACKUSDW(r, r, p)
	VPERMQ(U8(0x08), p, p)
	VMOVDQU(p.AsX(), m)
}

// loop emits the chunk loop: body(i) for each chunk, pointers advanced by
// the given byte strides, n (elements, a whole number of chunks ≥ 1)
// counted down.
func loop(name string, n Register, lanes int, ptrs []Register, strides []int, body func()) {
	Label(name + "loop")
	body()
	for i, p := range ptrs {
		ADDQ(U32(strides[i]), p)
	}
	SUBQ(U32(lanes), n)
	JNZ(LabelRef(name + "loop"))
}

// addr is the frame address of a parameter or result.
func addr(c gotypes.Component) Mem {
	b, err := c.Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// loadF32 loads a float32 parameter with VMOVSS: the SSE MOVSS that
// avo's Load emits costs hundreds of cycles on some hosts when the upper
// halves of the vector registers are dirty (an SSE/AVX transition).
func loadF32(name string) VecVirtual {
	x := XMM()
	VMOVSS(addr(Param(name)), x)
	return x
}

func end() {
	VZEROUPPER()
	RET()
}

// widenK: d[i] = f32(bf16 a[i]).
func widenK(s isa) {
	name := "bfWiden" + s.suffix
	TEXT(name, NOSPLIT, "func(d *float32, a *byte, n int)")
	Pragma("noescape")
	d, a, n := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("n"), GP64())
	loop(name, n, s.lanes, []Register{d, a}, []int{4 * s.lanes, 2 * s.lanes}, func() {
		v := s.widen(Mem{Base: a})
		VMOVUPS(v, Mem{Base: d})
	})
	end()
}

// narrowK: d[i] = bf16(a[i]).
func narrowK(s isa) {
	name := "bfNarrow" + s.suffix
	TEXT(name, NOSPLIT, "func(d *byte, a *float32, n int)")
	Pragma("noescape")
	d, a, n := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("n"), GP64())
	c := s.consts()
	loop(name, n, s.lanes, []Register{d, a}, []int{2 * s.lanes, 4 * s.lanes}, func() {
		v := s.vec()
		VMOVUPS(Mem{Base: a}, v)
		s.store16(s.round(c, v), Mem{Base: d})
	})
	end()
}

// arith emits r = x op y with x the first source.
func arith(op string, x, y, r VecVirtual) {
	switch op {
	case "Add":
		VADDPS(y, x, r)
	case "Sub":
		VSUBPS(y, x, r)
	case "Mul":
		VMULPS(y, x, r)
	default:
		panic(op)
	}
}

// vvK: bf16 d[i] = bf16(f32 a[i] op f32 b[i]).
func vvK(s isa, op string) {
	name := "bf" + op + "VV" + s.suffix
	TEXT(name, NOSPLIT, "func(d, a, b *byte, n int)")
	Pragma("noescape")
	d, a, b, n := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("b"), GP64()), Load(Param("n"), GP64())
	c := s.consts()
	st := 2 * s.lanes
	loop(name, n, s.lanes, []Register{d, a, b}, []int{st, st, st}, func() {
		x := s.widen(Mem{Base: a})
		y := s.widen(Mem{Base: b})
		arith(op, x, y, x)
		s.store16(s.round(c, x), Mem{Base: d})
	})
	end()
}

// vfK: bf16 d[i] = bf16(f32 a[i] op f) (RSub: -(a[i] - f), libtorch's
// f - row: the sign bit of the difference flipped, NaNs included).
func vfK(s isa, op string) {
	name := "bf" + op + "VF" + s.suffix
	TEXT(name, NOSPLIT, "func(d, a *byte, f float32, n int)")
	Pragma("noescape")
	d, a := Load(Param("d"), GP64()), Load(Param("a"), GP64())
	fx := loadF32("f")
	n := Load(Param("n"), GP64())
	fv := s.vec()
	VBROADCASTSS(fx, fv)
	c := s.consts()
	var sign VecVirtual
	if op == "RSub" {
		sign = bcast32(s, 0x80000000)
	}
	st := 2 * s.lanes
	loop(name, n, s.lanes, []Register{d, a}, []int{st, st}, func() {
		x := s.widen(Mem{Base: a})
		if op == "RSub" {
			arith("Sub", x, fv, x)
			if s.zmm {
				VPXORD(sign, x, x)
			} else {
				VPXOR(sign, x, x)
			}
		} else {
			arith(op, x, fv, x)
		}
		s.store16(s.round(c, x), Mem{Base: d})
	})
	end()
}

// reciK: bf16 d[i] = bf16(1 / f32 a[i]).
func reciK(s isa) {
	name := "bfReci" + s.suffix
	TEXT(name, NOSPLIT, "func(d, a *byte, n int)")
	Pragma("noescape")
	d, a, n := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("n"), GP64())
	one := bcast32(s, 0x3f800000)
	c := s.consts()
	st := 2 * s.lanes
	loop(name, n, s.lanes, []Register{d, a}, []int{st, st}, func() {
		x := s.widen(Mem{Base: a})
		VDIVPS(x, one, x)
		s.store16(s.round(c, x), Mem{Base: d})
	})
	end()
}

// lutK: bf16 d[i] = tab[a[i]], a table of 65536 bf16 results padded by one
// entry (each lookup gathers the 32 bits at 2·a[i] and keeps the low 16).
func lutK(s isa) {
	name := "bfLut" + s.suffix
	TEXT(name, NOSPLIT, "func(d, a *byte, tab *uint16, n int)")
	Pragma("noescape")
	d, a, tab, n := Load(Param("d"), GP64()), Load(Param("a"), GP64()), Load(Param("tab"), GP64()), Load(Param("n"), GP64())
	st := 2 * s.lanes
	var mask VecVirtual
	if !s.zmm {
		mask = bcast32(s, 0xffff)
	}
	loop(name, n, s.lanes, []Register{d, a}, []int{st, st}, func() {
		idx := s.vec()
		VPMOVZXWD(Mem{Base: a}, idx)
		g := s.vec()
		if s.zmm {
			KXNORW(K1, K1, K1)
			VPGATHERDD(Mem{Base: tab, Index: idx, Scale: 2}, K1, g)
		} else {
			msk := YMM()
			VPCMPEQD(msk, msk, msk)
			VPXOR(g, g, g)
			VPGATHERDD(msk, Mem{Base: tab, Index: idx, Scale: 2}, g)
			VPAND(mask, g, g)
		}
		s.store16(g, Mem{Base: d})
	})
	end()
}

// matK is the tile product: for i < m and the columns j of whole chunks
// (widths 16, 8, 4 on AVX-512; 8, 4 on AVX2; every column below n &^ 3):
//
//	s = +0; for kk < k: s = s + (a[i*lda + kk*sa] * b[kk*ldb + j])
//	out[i*ldo + j] = out[i*ldo + j] + s*scale
//
// one lane per output, rows in blocks of 8, 4 and 1 (independent chains).
// Strides are in elements (f32).
func matK(s isa) {
	name := "matAcc" + s.suffix
	TEXT(name, NOSPLIT, "func(out *float32, a *float32, b *byte, ldo, lda, sa, ldb, m, k, n int, scale float32)")
	Pragma("noescape")
	sc := loadF32("scale")
	widths := []int{8, 4}
	if s.zmm {
		widths = []int{16, 8, 4}
	}
	jb := GP64() // byte offset of the column chunk
	XORQ(jb, jb)
	mkvs := map[int]func() VecVirtual{
		16: func() VecVirtual { return ZMM() },
		8:  func() VecVirtual { return YMM() },
		4:  func() VecVirtual { return XMM() },
	}
	scvs := map[int]VecVirtual{}
	for _, w := range widths {
		scvs[w] = mkvs[w]()
		VBROADCASTSS(sc, scvs[w])
	}
	for wi, w := range widths {
		lw := fmt.Sprintf("%sw%d", name, w)
		next := fmt.Sprintf("%sw%d", name, 0)
		if wi+1 < len(widths) {
			next = fmt.Sprintf("%sw%d", name, widths[wi+1])
		}
		mkv, scv := mkvs[w], scvs[w]
		Label(lw)
		{
			t := GP64()
			LEAQ(Mem{Base: jb, Disp: 4 * w}, t)
			SHRQ(U8(2), t)
			CMPQ(t, Load(Param("n"), GP64()))
			JG(LabelRef(next))
		}
		pa := Load(Param("a"), GP64())
		rem := Load(Param("m"), GP64())
		rowsDone := GP64()
		XORQ(rowsDone, rowsDone)
		for ri, r := range []int{8, 4, 1} {
			lr := fmt.Sprintf("%sw%dr%d", name, w, r)
			nr := fmt.Sprintf("%sw%dr%d", name, w, 0)
			if ri < 2 {
				nr = fmt.Sprintf("%sw%dr%d", name, w, []int{8, 4, 1}[ri+1])
			}
			Label(lr)
			CMPQ(rem, U8(r))
			JL(LabelRef(nr))
			matBlock(name+fmt.Sprintf("w%dr%d", w, r), r, mkv, scv, jb, pa, rowsDone)
			lda := Load(Param("lda"), GP64())
			IMUL3Q(U8(4*r), lda, lda)
			ADDQ(lda, pa)
			ADDQ(U8(r), rowsDone)
			SUBQ(U8(r), rem)
			JMP(LabelRef(lr))
		}
		Label(fmt.Sprintf("%sw%dr%d", name, w, 0))
		ADDQ(U8(4*w), jb)
		JMP(LabelRef(lw))
	}
	Label(fmt.Sprintf("%sw%d", name, 0))
	end()
}

// matBlock emits one block of r rows from pa (row rowsDone) for the column
// chunk at byte offset jb.
func matBlock(name string, r int, mkv func() VecVirtual, scv VecVirtual, jb, pa, rowsDone Register) {
	lda := Load(Param("lda"), GP64())
	SHLQ(U8(2), lda)
	lda3 := GP64()
	LEAQ(Mem{Base: lda, Index: lda, Scale: 2}, lda3)
	sa := Load(Param("sa"), GP64())
	SHLQ(U8(2), sa)
	ldb := Load(Param("ldb"), GP64())
	SHLQ(U8(2), ldb)
	cnt := Load(Param("k"), GP64())
	pak := GP64()
	MOVQ(pa, pak)
	var pa4k Register
	if r == 8 {
		pa4k = GP64()
		LEAQ(Mem{Base: pa, Index: lda, Scale: 4}, pa4k)
	}
	pbk := Load(Param("b"), GP64())
	ADDQ(jb, pbk)
	row := func(base, ld, ld3 Register, i int) Mem {
		if i >= 4 {
			i -= 4
		}
		switch i {
		case 0:
			return Mem{Base: base}
		case 1:
			return Mem{Base: base, Index: ld, Scale: 1}
		case 2:
			return Mem{Base: base, Index: ld, Scale: 2}
		}
		return Mem{Base: base, Index: ld3, Scale: 1}
	}
	acc := make([]VecVirtual, r)
	for i := range acc {
		acc[i] = mkv()
		VXORPS(acc[i], acc[i], acc[i])
	}
	Label(name + "k")
	wv := mkv()
	VMOVUPS(Mem{Base: pbk}, wv)
	for i := range acc {
		var base Register = pak
		if i >= 4 {
			base = pa4k
		}
		t := mkv()
		VBROADCASTSS(row(base, lda, lda3, i), t)
		VMULPS(wv, t, t)
		VADDPS(t, acc[i], acc[i])
	}
	ADDQ(sa, pak)
	if r == 8 {
		ADDQ(sa, pa4k)
	}
	ADDQ(ldb, pbk)
	DECQ(cnt)
	JNZ(LabelRef(name + "k"))
	// out rows rowsDone.. at column jb: out + rowsDone*ldo*4 + jb.
	ldo := Load(Param("ldo"), GP64())
	SHLQ(U8(2), ldo)
	po := GP64()
	MOVQ(rowsDone, po)
	IMULQ(ldo, po)
	ADDQ(jb, po)
	ADDQ(Load(Param("out"), GP64()), po)
	ldo3 := GP64()
	LEAQ(Mem{Base: ldo, Index: ldo, Scale: 2}, ldo3)
	for i := range acc {
		if i == 4 {
			LEAQ(Mem{Base: po, Index: ldo, Scale: 4}, po)
		}
		m := row(po, ldo, ldo3, i)
		o := mkv()
		VMOVUPS(m, o)
		VMULPS(scv, acc[i], acc[i])
		VADDPS(acc[i], o, o)
		VMOVUPS(o, m)
	}
}

// transK transposes: for c < cols and r < rows (a whole number of
// chunks), dst[c*rows + r] = src[r*ld + c] (32-bit elements); idx holds
// the byte offsets of one chunk's rows (lane·ld·4). Each chunk of a
// destination row is one gather.
func transK(s isa) {
	name := "transpose" + s.suffix
	TEXT(name, NOSPLIT, "func(dst, src *byte, idx *int32, ld, rows, cols int)")
	Pragma("noescape")
	dst, src := Load(Param("dst"), GP64()), Load(Param("src"), GP64())
	iv := s.vec()
	if s.zmm {
		VMOVDQU32(Mem{Base: Load(Param("idx"), GP64())}, iv)
	} else {
		VMOVDQU(Mem{Base: Load(Param("idx"), GP64())}, iv)
	}
	step := Load(Param("ld"), GP64()) // bytes from one chunk of rows to the next: lanes·ld·4
	SHLQ(U8(2), step)
	IMUL3Q(U8(s.lanes), step, step)
	cols := Load(Param("cols"), GP64())
	Label(name + "col")
	p := GP64()
	MOVQ(src, p)
	n := Load(Param("rows"), GP64())
	Label(name + "chunk")
	g := s.vec()
	if s.zmm {
		KXNORW(K1, K1, K1)
		VPGATHERDD(Mem{Base: p, Index: iv, Scale: 1}, K1, g)
		VMOVDQU32(g, Mem{Base: dst})
	} else {
		msk := YMM()
		VPCMPEQD(msk, msk, msk)
		VPXOR(g, g, g)
		VPGATHERDD(msk, Mem{Base: p, Index: iv, Scale: 1}, g)
		VMOVDQU(g, Mem{Base: dst})
	}
	ADDQ(step, p)
	ADDQ(U8(4*s.lanes), dst)
	SUBQ(U8(s.lanes), n)
	JNZ(LabelRef(name + "chunk"))
	ADDQ(U8(4), src)
	DECQ(cols)
	JNZ(LabelRef(name + "col"))
	end()
}

// gatherK: for chunk i < n, the lanes of dst chunk i are the 32-bit
// elements at src + i·step + idx[lane] (a transposition of a block whose
// row count divides the lanes: see TransposeF32).
func gatherK(s isa) {
	name := "gather" + s.suffix
	TEXT(name, NOSPLIT, "func(dst, src *byte, idx *int32, step, n int)")
	Pragma("noescape")
	dst, src := Load(Param("dst"), GP64()), Load(Param("src"), GP64())
	iv := s.vec()
	if s.zmm {
		VMOVDQU32(Mem{Base: Load(Param("idx"), GP64())}, iv)
	} else {
		VMOVDQU(Mem{Base: Load(Param("idx"), GP64())}, iv)
	}
	step, n := Load(Param("step"), GP64()), Load(Param("n"), GP64())
	Label(name + "chunk")
	g := s.vec()
	if s.zmm {
		KXNORW(K1, K1, K1)
		VPGATHERDD(Mem{Base: src, Index: iv, Scale: 1}, K1, g)
		VMOVDQU32(g, Mem{Base: dst})
	} else {
		msk := YMM()
		VPCMPEQD(msk, msk, msk)
		VPXOR(g, g, g)
		VPGATHERDD(msk, Mem{Base: src, Index: iv, Scale: 1}, g)
		VMOVDQU(g, Mem{Base: dst})
	}
	ADDQ(step, src)
	ADDQ(U8(4*s.lanes), dst)
	DECQ(n)
	JNZ(LabelRef(name + "chunk"))
	end()
}

// sum8K adds x[0:n] (n a multiple of 8) into the eight lanes at l: lane j
// takes x[j], x[j+8], … in order (AVX, for both paths).
func sum8K() {
	name := "sum8AVX"
	TEXT(name, NOSPLIT, "func(l *[8]float32, x *float32, n int)")
	Pragma("noescape")
	l, x, n := Load(Param("l"), GP64()), Load(Param("x"), GP64()), Load(Param("n"), GP64())
	acc := YMM()
	VMOVUPS(Mem{Base: l}, acc)
	loop(name, n, 8, []Register{x}, []int{32}, func() {
		VADDPS(Mem{Base: x}, acc, acc)
	})
	VMOVUPS(acc, Mem{Base: l})
	end()
}

// max8K returns the largest of x[0:n] (n a multiple of 8, ≥ 8) as VMAXPS
// finds it (which zero of a ±0 tie is unspecified; meaningless when nan is
// set) and whether any element is a NaN (AVX, for both paths).
func max8K() {
	name := "max8AVX"
	TEXT(name, NOSPLIT, "func(x *float32, n int) (mx float32, nan bool)")
	Pragma("noescape")
	x, n := Load(Param("x"), GP64()), Load(Param("n"), GP64())
	acc, nacc := YMM(), YMM()
	VXORPS(nacc, nacc, nacc)
	VMOVUPS(Mem{Base: x}, acc)
	loop(name, n, 8, []Register{x}, []int{32}, func() {
		v := YMM()
		VMOVUPS(Mem{Base: x}, v)
		VMAXPS(v, acc, acc)
		t := YMM()
		VCMPPS(U8(3), v, v, t) // unordered: NaN
		VORPS(t, nacc, nacc)
	})
	hi := XMM()
	VEXTRACTF128(U8(1), acc, hi)
	lo := acc.AsX()
	VMAXPS(hi, lo, lo)
	h2 := XMM()
	VMOVHLPS(lo, lo, h2)
	VMAXPS(h2, lo, lo)
	h3 := XMM()
	VMOVSHDUP(lo, h3)
	VMAXSS(h3, lo, lo)
	VMOVSS(lo, addr(ReturnIndex(0)))
	r := GP32()
	VMOVMSKPS(nacc, r)
	TESTL(r, r)
	b := GP8()
	SETNE(b)
	Store(b, ReturnIndex(1))
	end()
}

func main() {
	ConstraintExpr("!purego")
	for _, s := range []isa{avx512, avx2} {
		widenK(s)
		narrowK(s)
		for _, op := range []string{"Add", "Sub", "Mul"} {
			vvK(s, op)
		}
		for _, op := range []string{"Add", "Sub", "RSub", "Mul"} {
			vfK(s, op)
		}
		reciK(s)
		lutK(s)
		matK(s)
		transK(s)
		gatherK(s)
	}
	sum8K()
	max8K()
	Generate()
}
