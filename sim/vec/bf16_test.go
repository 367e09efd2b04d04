package vec

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The bf16 row operations and the f32 tile product: the pure-Go loops
// against hand-computed bits and an independently written rounding, and
// every SIMD path against the pure-Go loops on random and edge-case data
// (NaNs of both signs and several payloads, signaling NaNs, infinities,
// zeros of both signs, f32 and bf16 subnormals, rounding ties).

// edgeF32 are f32 bit patterns the rounding and the NaN rule treat
// specially.
var edgeF32 = []uint32{
	0, 0x80000000, // ±0
	0x7f800000, 0xff800000, // ±inf
	0x7fc00000, 0xffc00000, 0x7fc12345, 0xfff00001, // quiet NaNs
	0x7f800001, 0x7fa00000, 0xff808000, 0x7fbf8000, 0x7fff8000, 0x7fffffff, 0xffff7fff, // signaling NaNs, payloads that round away or carry out
	0x00000001, 0x80000001, 0x007fffff, 0x00008000, 0x00018000, 0x0000ffff, // f32 subnormals, ties among them
	0x00010000, 0x807f0000, // bf16 subnormals
	0x7f7fffff, 0xff7fffff, 0x7f7f8000, 0x7f7f7fff, // largest finite: rounds to inf / stays
	0x3f808000, 0x3f818000, 0x3f808001, 0x3f807fff, // ties to even (down, up), just above, just below
	0x3f800000, 0xbf800000, 0x4b800000, 0xcb800000, // ±1, ±2^24
}

// rndF32 returns an f32 biased to the edges.
func rndF32(r *rand.Rand) float32 {
	switch r.IntN(6) {
	case 0:
		return math.Float32frombits(edgeF32[r.IntN(len(edgeF32))])
	case 1: // a tie or near-tie of the bf16 rounding
		return math.Float32frombits(r.Uint32()&0xffff0000 | []uint32{0x8000, 0x7fff, 0x8001, 0}[r.IntN(4)])
	case 2: // small integers and halves: exact sums and products
		return float32(r.IntN(17)-8) / 2
	case 3: // subnormal
		return math.Float32frombits(r.Uint32() & 0x807fffff)
	}
	return math.Float32frombits(r.Uint32())
}

// rndBF16 fills a bf16 row (bytes) biased to the edges.
func rndBF16(r *rand.Rand, n int) []byte {
	b := make([]byte, 2*n)
	for i := range n {
		var h uint16
		switch r.IntN(6) {
		case 0:
			h = uint16(edgeF32[r.IntN(len(edgeF32))] >> 16)
		case 1:
			h = []uint16{0x7fc0, 0xffc0, 0x7f81, 0xff81, 0x7f80, 0xff80, 0x0001, 0x8001, 0x007f, 0, 0x8000}[r.IntN(11)]
		case 2:
			h = BF16RNE(float32(r.IntN(33)-16) / 4)
		default:
			h = uint16(r.Uint32())
		}
		binary.LittleEndian.PutUint16(b[2*i:], h)
	}
	return b
}

func rndF32s(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = rndF32(r)
	}
	return s
}

// f32Bytes encodes f32 values little-endian.
func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// bitsOf returns the bit patterns (so that NaNs compare by payload).
func bitsOf(v []float32) []uint32 {
	b := make([]uint32, len(v))
	for i, x := range v {
		b[i] = math.Float32bits(x)
	}
	return b
}

// refBF16 is the bf16 cast written as PLENA's emulator writes it (guard
// and sticky bits on the mantissa, exponent handled apart), a second
// implementation for BF16RNE to agree with.
func refBF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign, exp, mant := b>>31, b>>23&0xff, b&0x7fffff
	prelim := mant >> 15
	round := uint32(0)
	if prelim&1 != 0 && (mant&0x7fff != 0 || prelim&2 != 0) {
		round = 1
	}
	m := (prelim + round) >> 1
	if m>>7 != 0 { // mantissa carried out
		m = 0
		if exp != 0xff {
			exp++
		}
	}
	return uint16(sign<<15 | exp<<7 | m)
}

func TestBF16RNE(t *testing.T) {
	for _, c := range []struct {
		in   uint32
		want uint16
	}{
		{0x3f808000, 0x3f80}, // tie, even below
		{0x3f818000, 0x3f82}, // tie, even above
		{0x3f808001, 0x3f81}, // above the tie
		{0x3f807fff, 0x3f80},
		{0x7f7f8000, 0x7f80}, // tie at the top: up to infinity
		{0x7f7f7fff, 0x7f7f},
		{0x7f800000, 0x7f80}, {0xff800000, 0xff80},
		{0x7fc00000, 0x7fc0}, {0xffc00000, 0xffc0},
		{0x7f800001, 0x7f80}, // a NaN whose payload rounds to 0: infinity
		{0x7fff8000, 0x7f80}, // payload carries out: infinity
		{0xffff7fff, 0xffff},
		{0x00008000, 0x0000}, {0x00018000, 0x0002}, {0x0000ffff, 0x0001}, // subnormal ties
		{0x80000001, 0x8000},
	} {
		if got := BF16RNE(math.Float32frombits(c.in)); got != c.want {
			t.Errorf("BF16RNE(%#08x) = %#04x, want %#04x", c.in, got, c.want)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 1 << 20 {
		var b uint32
		if i < 1<<16 { // every sign/exponent/top-mantissa with a tie-ish low half
			b = uint32(i)<<16 | []uint32{0x8000, 0x7fff, 0x8001, 0, 0xffff}[i%5]
		} else {
			b = r.Uint32()
		}
		if got, want := BF16RNE(math.Float32frombits(b)), refBF16(math.Float32frombits(b)); got != want {
			t.Fatalf("BF16RNE(%#08x) = %#04x, the emulator's cast gives %#04x", b, got, want)
		}
	}
}

// TestNaNRule: every path gives the first NaN operand quieted, and
// 0xffc00000 for invalid operations (the rows are long enough for the
// kernels to take all or most of them).
func TestNaNRule(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	q1, q2 := math.Float32frombits(0x7fc12000), math.Float32frombits(0xffd00000)
	s1 := math.Float32frombits(0x7f830000) // signaling: quieted to 0x7fc30000
	inf := float32(math.Inf(1))
	const reps = 8
	row := func(v ...float32) []byte {
		b := make([]byte, 2*len(v)*reps)
		for i := range len(v) * reps {
			binary.LittleEndian.PutUint16(b[2*i:], uint16(math.Float32bits(v[i%len(v)])>>16))
		}
		return b
	}
	a, b := row(q1, s1, inf, 0, q2), row(q2, q1, -inf, inf, 1)
	// A dot product of two terms with its accumulator, over 16 identical
	// columns.
	dot := func(o, a0, a1, b0, b1 float32) uint32 {
		const n = 16
		out := make([]float32, n)
		for j := range out {
			out[j] = o
		}
		bv := make([]float32, 2*n)
		for j := range n {
			bv[j], bv[n+j] = b0, b1
		}
		MatAcc(out, n, []float32{a0, a1}, 2, 1, f32Bytes(bv), n, 1, 2, n, 1)
		for _, v := range out[1:] {
			if math.Float32bits(v) != math.Float32bits(out[0]) {
				t.Errorf("MatAcc: columns differ: %#08x, %#08x", math.Float32bits(out[0]), math.Float32bits(v))
			}
		}
		return math.Float32bits(out[0])
	}
	for _, p := range append(Paths(), "generic") {
		SetPath(p)
		for _, c := range []struct {
			op   BFOp
			want []uint16
		}{
			{BFAdd, []uint16{0x7fc1, 0x7fc3, 0xffc0, 0x7f80, 0xffd0}},
			{BFSub, []uint16{0x7fc1, 0x7fc3, 0x7f80, 0xff80, 0xffd0}},
			{BFMul, []uint16{0x7fc1, 0x7fc3, 0xff80, 0xffc0, 0xffd0}},
			{BFRSub, []uint16{0xffc1, 0xffc3, 0xff80, 0x7f80, 0x7fd0}}, // −(a − b): libtorch's f − row
		} {
			d := make([]byte, len(a))
			BF16Arith(c.op, d, a, b)
			for i := range len(d) / 2 {
				if g, w := binary.LittleEndian.Uint16(d[2*i:]), c.want[i%len(c.want)]; g != w {
					t.Errorf("%s: op %d element %d: %#04x, want %#04x", p, c.op, i, g, w)
					break
				}
			}
		}
		for _, c := range []struct {
			name              string
			o, a0, a1, b0, b1 float32
			want              uint32
		}{
			{"sum before product, a before b", 0, q1, 1, q2, q2, 0x7fc12000},
			{"accumulator first", q2, inf, 1, 0, 1, 0xffd00000},
			{"0·inf", 0, inf, 1, 0, 1, defaultNaN32},
			{"inf−inf", 0, inf, 1, 1, float32(math.Inf(-1)), defaultNaN32},
			{"signaling quieted", 0, s1, 1, 1, 1, 0x7fc30000},
		} {
			if g := dot(c.o, c.a0, c.a1, c.b0, c.b1); g != c.want {
				t.Errorf("%s: MatAcc %s: %#08x, want %#08x", p, c.name, g, c.want)
			}
		}
		x := []float32{1, q2, 3, 4, 5, 6, 7, 8, q1, 1, 1, 1, 1, 1, 1, 1}
		if g := math.Float32bits(Sum8(x)); g != 0x7fc12000 {
			t.Errorf("%s: Sum8 NaN: %#08x, want lane 0's 0x7fc12000", p, g)
		}
	}
}

// TestMatAccOrder: the dot product is summed in index order from +0 and
// every product is rounded before it is added.
func TestMatAccOrder(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	e := float32(1 + 1.0/4096)
	for _, p := range append(Paths(), "generic") {
		SetPath(p)
		for _, c := range []struct {
			name       string
			a, b       []float32
			out0, want float32
		}{
			{"index order", []float32{1 << 24, 1, 1 << 24}, []float32{1, 1, -1}, 0, 0},                                   // (2^24 + 1) rounds to 2^24
			{"no FMA", []float32{1, e}, []float32{-(1 + 1.0/2048), e}, 0, 0},                                             // e·e rounds to 1+2^-11; fused: 2^-24
			{"starts from +0", []float32{1}, []float32{float32(math.Copysign(0, -1))}, float32(math.Copysign(0, -1)), 0}, // -0 + (+0 + -0)
		} {
			// Four identical rows and columns, so every kernel width runs.
			const m, n = 9, 20
			k := len(c.a)
			a := make([]float32, m*k)
			b := make([]float32, k*n)
			for i := range m {
				copy(a[i*k:], c.a)
			}
			for kk := range k {
				for j := range n {
					b[kk*n+j] = c.b[kk]
				}
			}
			out := make([]float32, m*n)
			for i := range out {
				out[i] = c.out0
			}
			MatAcc(out, n, a, k, 1, f32Bytes(b), n, m, k, n, 1)
			for i, v := range out {
				if math.Float32bits(v) != math.Float32bits(c.want) {
					t.Errorf("%s: %s: out[%d] = %g (%#08x), want %g", p, c.name, i, v, math.Float32bits(v), c.want)
					break
				}
			}
		}
	}
}

// TestExpTable: every entry is the definition's value.
func TestExpTable(t *testing.T) {
	tab := expTable()
	for h := range 1 << 16 {
		x := math.Float32frombits(uint32(h) << 16)
		want := BF16RNE(float32(math.Exp(float64(x))))
		if x != x {
			want = uint16(h) | 0x40
		}
		if tab[h] != want {
			t.Fatalf("exp table[%#04x] = %#04x, want %#04x", h, tab[h], want)
		}
	}
}

func TestBF16Paths(t *testing.T) {
	lens := []int{1, 7, 8, 15, 16, 17, 33, 64, 100, 128}
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(name string, call func() any)) {
		for range iters {
			n := lens[r.IntN(len(lens))]
			a, b := rndBF16(r, n), rndBF16(r, n)
			f := rndF32(r)
			fs := rndF32s(r, n)
			same("WidenBF16", func() any {
				d := make([]float32, n)
				WidenBF16(d, a)
				return bitsOf(d)
			})
			same("NarrowBF16", func() any {
				d := make([]byte, 2*n+4) // the two past the end stay 0
				NarrowBF16(d[:2*n], fs)
				return d
			})
			for op := BFAdd; op <= BFRSub; op++ {
				same("BF16Arith", func() any {
					d := make([]byte, 2*n)
					BF16Arith(op, d, a, b)
					return d
				})
				same("BF16Arith in place", func() any {
					d := slices.Clone(a)
					BF16Arith(op, d, d, b)
					return d
				})
				same("BF16ArithF", func() any {
					d := make([]byte, 2*n)
					BF16ArithF(op, d, a, f)
					return d
				})
			}
			same("BF16Reci", func() any {
				d := make([]byte, 2*n)
				BF16Reci(d, a)
				return d
			})
			same("BF16Exp", func() any {
				d := make([]byte, 2*n)
				BF16Exp(d, a)
				return d
			})
			same("Sum8", func() any { return math.Float32bits(Sum8(fs)) })
			same("MaxF32", func() any {
				mx, nan := MaxF32(fs)
				if nan {
					return "NaN"
				}
				return math.Float32bits(mx)
			})
			nonan := slices.Clone(fs)
			for i, v := range nonan {
				if v != v {
					nonan[i] = float32(r.IntN(3) - 1) // zeros: the tie rule
				}
			}
			same("MaxF32 without NaN", func() any {
				mx, nan := MaxF32(nonan)
				return [2]any{math.Float32bits(mx), nan}
			})
		}
	})
}

// TestMatAccPaths: random shapes and strides, including PLENA's (M_MM:
// 4×64 by 64×4 at tile stride 64; M_BMM: 64 rows, interleaved sa = 4,
// 16×64; M_MV: one row).
func TestMatAccPaths(t *testing.T) {
	type shape struct{ m, k, n, lda, sa, ldb, ldo int }
	fixed := []shape{
		{4, 64, 4, 64, 1, 64, 4},
		{64, 16, 64, 64, 4, 64, 64},
		{64, 16, 64, 64, 1, 64, 64},
		{1, 64, 4, 64, 1, 64, 4},
		{13, 5, 29, 7, 1, 31, 30},
	}
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(name string, call func() any)) {
		for it := range iters {
			var s shape
			if it < len(fixed) {
				s = fixed[it]
			} else {
				s.m, s.k, s.n = 1+r.IntN(20), 1+r.IntN(40), 1+r.IntN(40)
				s.sa = 1 + r.IntN(3)
				s.lda = s.k*s.sa + r.IntN(3)
				s.ldb = s.n + r.IntN(5)
				s.ldo = s.n + r.IntN(5)
			}
			a := rndF32s(r, (s.m-1)*s.lda+(s.k-1)*s.sa+1)
			if r.IntN(2) == 0 { // realistic data: few NaNs, bf16 values
				for i := range a {
					a[i] = float32(r.NormFloat64())
				}
			}
			bv := make([]float32, (s.k-1)*s.ldb+s.n)
			for i := range bv {
				if r.IntN(4) == 0 {
					bv[i] = rndF32(r)
				} else {
					bv[i] = float32(r.NormFloat64())
				}
			}
			b := f32Bytes(bv)
			out0 := rndF32s(r, (s.m-1)*s.ldo+s.n)
			scale := []float32{1, 0.125, rndF32(r)}[r.IntN(3)]
			same("MatAcc", func() any {
				out := slices.Clone(out0)
				MatAcc(out, s.ldo, a, s.lda, s.sa, b, s.ldb, s.m, s.k, s.n, scale)
				return bitsOf(out)
			})
		}
	})
}

// TestBF16NoAllocs: the functions allocate nothing (the exp table aside,
// built once).
func TestBF16NoAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	a, b, d := rndBF16(r, 64), rndBF16(r, 64), make([]byte, 128)
	f := make([]float32, 64)
	out, tile := make([]float32, 16), f32Bytes(rndF32s(r, 64*64))
	rows := rndF32s(r, 4*64)
	expTable()
	for _, p := range append(Paths(), "generic") {
		prev := Path()
		SetPath(p)
		n := testing.AllocsPerRun(20, func() {
			WidenBF16(f, a)
			NarrowBF16(d, f)
			BF16Arith(BFSub, d, a, b)
			BF16ArithF(BFMul, d, a, 3)
			BF16Reci(d, a)
			BF16Exp(d, a)
			Sum8(f)
			MaxF32(f)
			MatAcc(out, 4, rows, 64, 1, tile, 64, 4, 64, 4, 1)
			TransposeF32(tile[:4*256], tile[4*1024:], 64, 4, 64)
		})
		SetPath(prev)
		if n != 0 {
			t.Errorf("%s: %v allocations per run", p, n)
		}
	}
}

func TestTransposeF32(t *testing.T) {
	src := make([]byte, 4*(2*5+3))
	for i := range len(src) / 4 {
		binary.LittleEndian.PutUint32(src[4*i:], uint32(i))
	}
	dst := make([]byte, 4*9)
	TransposeF32(dst, src, 5, 3, 3) // rows at 0, 5, 10
	want := []uint32{0, 5, 10, 1, 6, 11, 2, 7, 12}
	for i, w := range want {
		if g := binary.LittleEndian.Uint32(dst[4*i:]); g != w {
			t.Fatalf("TransposeF32: element %d = %d, want %d", i, g, w)
		}
	}
}

func TestTransposePaths(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(name string, call func() any)) {
		for _, sh := range [][3]int{{64, 16, 64}, {4, 64, 64}, {64, 64, 64}, {16, 3, 5}, {8, 1, 1}, {7, 9, 11}, {32, 4, 100}, {2, 8, 9}, {1, 16, 16}, {4, 2, 70}, {8, 6, 6}} {
			rows, cols, ld := sh[0], sh[1], sh[2]
			src := f32Bytes(rndF32s(r, (rows-1)*ld+cols))
			same("TransposeF32", func() any {
				dst := make([]byte, 4*rows*cols+8)
				TransposeF32(dst, src, ld, rows, cols)
				return dst
			})
		}
	})
}
