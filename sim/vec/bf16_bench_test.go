package vec

import (
	"math/rand/v2"
	"testing"
)

// Benchmarks of PLENA's element loops at its default sizes (VLEN = MLEN =
// 64, BLEN 4, HLEN 16, BROADCAST 4), one instruction's worth per call;
// x-vs-generic is the pure-Go time over the SIMD time, measured
// interleaved in the same run (benchPaths).

func benchRows(n int) (a, b, d []byte, f []float32) {
	r := rand.New(rand.NewPCG(9, uint64(n)))
	a, b, d = make([]byte, 2*n), make([]byte, 2*n), make([]byte, 2*n)
	f = make([]float32, n)
	for i := range n {
		f[i] = float32(r.NormFloat64())
	}
	NarrowBF16(a, f)
	for i := range n {
		f[i] = float32(r.NormFloat64())
	}
	NarrowBF16(b, f)
	return a, b, d, f
}

// One Vector SRAM row widened to f32 (every V op and matrix operand).
func BenchmarkPlenaWiden64(b *testing.B) {
	a, _, _, f := benchRows(64)
	benchPaths(b, 64, func() { WidenBF16(f, a) })
}

// One row rounded to bf16 (every V op's write).
func BenchmarkPlenaNarrow64(b *testing.B) {
	_, _, d, f := benchRows(64)
	benchPaths(b, 64, func() { NarrowBF16(d, f) })
}

// M_BMM_WO: BROADCAST x MLEN rows of the head accumulators rounded out.
func BenchmarkPlenaNarrow16K(b *testing.B) {
	d := make([]byte, 2*4*64*64)
	f := make([]float32, 4*64*64)
	for i := range f {
		f[i] = float32(i) * 1.001
	}
	benchPaths(b, len(f), func() { NarrowBF16(d, f) })
}

// V_ADD_VV.
func BenchmarkPlenaAddVV64(b *testing.B) {
	x, y, d, _ := benchRows(64)
	benchPaths(b, 64, func() { BF16Arith(BFAdd, d, x, y) })
}

// V_MUL_VF.
func BenchmarkPlenaMulVF64(b *testing.B) {
	x, _, d, _ := benchRows(64)
	benchPaths(b, 64, func() { BF16ArithF(BFMul, d, x, 0.7) })
}

// V_SUB_VF with rorder (f − row as −(row − f)).
func BenchmarkPlenaRSubVF64(b *testing.B) {
	x, _, d, _ := benchRows(64)
	benchPaths(b, 64, func() { BF16ArithF(BFRSub, d, x, 0.7) })
}

// V_RECI_V.
func BenchmarkPlenaReci64(b *testing.B) {
	x, _, d, _ := benchRows(64)
	benchPaths(b, 64, func() { BF16Reci(d, x) })
}

// V_EXP_V (the table on both paths; the gather on the SIMD ones).
func BenchmarkPlenaExp64(b *testing.B) {
	x, _, d, _ := benchRows(64)
	expTable()
	benchPaths(b, 64, func() { BF16Exp(d, x) })
}

// V_RED_SUM.
func BenchmarkPlenaSum64(b *testing.B) {
	_, _, _, f := benchRows(64)
	var s float32
	benchPaths(b, 64, func() { s += Sum8(f) })
}

// V_RED_MAX.
func BenchmarkPlenaMax64(b *testing.B) {
	_, _, _, f := benchRows(64)
	benchPaths(b, 64, func() { MaxF32(f) })
}

func benchTile(r *rand.Rand) []byte {
	t := make([]float32, 64*64)
	for i := range t {
		t[i] = float32(r.NormFloat64())
	}
	return f32Bytes(t)
}

// M_MM: 4 rows x 64 times a 64 x 4 slice of the tile (1024 MACs).
func BenchmarkPlenaMatMM(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	tile, a, out := benchTile(r), rndF32s(r, 4*64), make([]float32, 16)
	for i := range a {
		a[i] = float32(r.NormFloat64())
	}
	benchPaths(b, 1024, func() { MatAcc(out, 4, a, 64, 1, tile[4*8:], 64, 4, 64, 4, 1) })
}

// M_MV: one row times a 64 x 4 slice (256 MACs).
func BenchmarkPlenaMatMV(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 3))
	tile, a, out := benchTile(r), rndF32s(r, 64), make([]float32, 4)
	for i := range a {
		a[i] = float32(r.NormFloat64())
	}
	benchPaths(b, 256, func() { MatAcc(out, 4, a, 64, 1, tile, 64, 1, 64, 4, 1) })
}

// One head of M_BMM: 64 query rows (interleaved heads, sa = 4) times a
// 16 x 64 slice of the tile (65536 MACs; an instruction does 4 heads).
func BenchmarkPlenaMatBMMHead(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 4))
	tile, a, out := benchTile(r), rndF32s(r, 64*64), make([]float32, 64*64)
	for i := range a {
		a[i] = float32(r.NormFloat64())
	}
	benchPaths(b, 65536, func() { MatAcc(out, 64, a[1:], 64, 4, tile, 64, 64, 16, 64, 1) })
}

// M_BTMM's operand: a 64 x 16 slice of the tile transposed.
func BenchmarkPlenaTranspose(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 5))
	tile, dst := benchTile(r), make([]byte, 4*1024)
	benchPaths(b, 1024, func() { TransposeF32(dst, tile, 64, 64, 16) })
}

// M_TMM's operand: a 4 x 64 slice of the tile transposed.
func BenchmarkPlenaTransposeTMM(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 6))
	tile, dst := benchTile(r), make([]byte, 4*256)
	benchPaths(b, 256, func() { TransposeF32(dst, tile, 64, 4, 64) })
}
