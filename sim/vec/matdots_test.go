package vec

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// matDotsCase draws the operands of na (1-4) products of one weight
// slice: each 4 bf16 rows of k (stride ld), biased to the edges (NaNs with
// payloads, infinities, subnormals, -0) or realistic, and the k x 4 f32
// slice (stride ldb) likewise.
func matDotsCase(r *rand.Rand, k int) (rows [4][]byte, na, ld int, b []byte, ldb int) {
	na = 1 + r.IntN(4)
	ld, ldb = k+r.IntN(5), 4+r.IntN(70)
	for q := range na {
		rows[q] = rndBF16(r, 3*ld+k)
		if r.IntN(2) == 0 {
			for i := range 3*ld + k {
				putBF16(rows[q], i, float32(r.NormFloat64()))
			}
		}
	}
	bv := make([]float32, max(0, (k-1)*ldb+4))
	for i := range bv {
		if r.IntN(3) == 0 {
			bv[i] = rndF32(r)
		} else {
			bv[i] = float32(r.NormFloat64())
		}
	}
	return rows, na, ld, f32Bytes(bv), ldb
}

func matDotsK4(r *rand.Rand, it int) int {
	if it < 4 {
		return []int{64, 128, 16, 4}[it]
	}
	if r.IntN(4) == 0 {
		return r.IntN(70) // k not a multiple of 4 or 16: (partly) the Go loop
	}
	return 4 * (1 + r.IntN(40))
}

// matDotsRun is the batched product of the case: the sums of each operand.
func matDotsRun(rows *[4][]byte, na, ld int, b []byte, ldb, k int) (aT [4][]float32, s [64]float32) {
	bx := make([]float32, 16*k)
	ExpandB4(bx, b, ldb, k)
	for q := range na {
		aT[q] = make([]float32, 4*k)
		WidenBF16T4(aT[q], rows[q], ld, k)
	}
	MatDots4(&s, &aT, na, bx, k)
	return aT, s
}

// TestMatDotsPaths: every path gives the generic loops' bits.
func TestMatDotsPaths(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(name string, call func() any)) {
		for it := range 4 * iters {
			k := matDotsK4(r, it)
			rows, na, ld, b, ldb := matDotsCase(r, k)
			same("WidenBF16T4+ExpandB4+MatDots4", func() any {
				aT, s := matDotsRun(&rows, na, ld, b, ldb, k)
				var got [][]uint32
				for q := range na {
					got = append(got, bitsOf(aT[q]))
				}
				return append(got, bitsOf(s[:16*na]))
			})
			ldj := k + r.IntN(4)
			bt := f32Bytes(rndF32s(r, 3*ldj+k))
			same("ExpandB4T", func() any {
				bx := make([]float32, 16*k)
				ExpandB4T(bx, bt, ldj, k)
				want := make([]float32, 16*k)
				for kk := range k {
					for l := range 16 {
						want[16*kk+l] = f32le(bt, (l>>2)*ldj+kk)
					}
				}
				if !slices.Equal(bitsOf(bx), bitsOf(want)) {
					t.Errorf("ExpandB4T: k %d ldj %d: wrong layout", k, ldj)
				}
				return bitsOf(bx)
			})
			same("MatDotsBF4", func() any {
				bx := make([]float32, 16*k)
				ExpandB4(bx, b, ldb, k)
				var s [64]float32
				MatDotsBF4(&s, &rows, na, ld, bx, k, make([]float32, 16*k))
				return bitsOf(s[:16*na])
			})
		}
	})
}

// TestMatDotsIsMatAcc: on every path, AccScaled16 on MatDots4 (column-major)'s sums is
// MatAcc (m = n = 4, sa = 1, the rows widened by WidenBF16) bit for bit,
// NaN payloads included.
func TestMatDotsIsMatAcc(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	for _, p := range Paths() {
		SetPath(p)
		r := rand.New(rand.NewPCG(7, 8))
		fails := 0
		for it := range 4 * iters {
			k := matDotsK4(r, it)
			rows, na, ld, b, ldb := matDotsCase(r, k)
			_, s := matDotsRun(&rows, na, ld, b, ldb, k)
			bx := make([]float32, 16*k)
			ExpandB4(bx, b, ldb, k)
			var s2 [64]float32
			MatDotsBF4(&s2, &rows, na, ld, bx, k, make([]float32, 16*k))
			if !slices.Equal(bitsOf(s2[:16*na]), bitsOf(s[:16*na])) && fails < 5 {
				fails++
				t.Errorf("%s: k %d: MatDotsBF4 %#x, WidenBF16T4+MatDots4 %#x", p, k, bitsOf(s2[:16*na]), bitsOf(s[:16*na]))
			}
			for q := range na {
				a := make([]float32, 3*ld+k)
				WidenBF16(a, rows[q])
				var out0 [16]float32
				copy(out0[:], rndF32s(r, 16))
				scale := []float32{1, 0.125, rndF32(r)}[r.IntN(3)]
				want := out0
				MatAcc(want[:], 4, a, ld, 1, b, ldb, 4, k, 4, scale)
				var got, gotT [16]float32 // column-major
				for l := range 16 {
					gotT[l] = out0[4*(l&3)+l>>2]
				}
				AccScaled16(&gotT, (*[16]float32)(s[16*q:16*q+16]), scale)
				for l := range 16 {
					got[4*(l&3)+l>>2] = gotT[l]
				}
				if got != want && !slices.Equal(bitsOf(got[:]), bitsOf(want[:])) && fails < 5 {
					fails++
					t.Errorf("%s: k %d operand %d: AccScaled16(MatDots4) %#x, MatAcc %#x", p, k, q, bitsOf(got[:]), bitsOf(want[:]))
				}
			}
		}
	}
}

// TestMatDotsNoAllocs: the batched product's functions allocate nothing.
func TestMatDotsNoAllocs(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	r := rand.New(rand.NewPCG(9, 10))
	rows, na, ld, b, ldb := matDotsCase(r, 64)
	aT := [4][]float32{make([]float32, 256), make([]float32, 256), make([]float32, 256), make([]float32, 256)}
	bx, tmp := make([]float32, 1024), make([]float32, 1024)
	var s [64]float32
	var out [16]float32
	for _, p := range Paths() {
		SetPath(p)
		if n := testing.AllocsPerRun(20, func() {
			ExpandB4(bx, b, ldb, 64)
			for q := range na {
				WidenBF16T4(aT[q], rows[q], ld, 64)
			}
			MatDots4(&s, &aT, na, bx, 64)
			MatDotsBF4(&s, &rows, na, ld, bx, 64, tmp)
			AccScaled16(&out, (*[16]float32)(s[:16]), 1)
		}); n != 0 {
			t.Errorf("%s: %v allocations per call", p, n)
		}
	}
}

// Four M_MMs on one weight slice (4 x 1024 MACs): MatDots4's sums and
// their accumulation, the batched form of four BenchmarkPlenaMatMM calls.
func BenchmarkPlenaMatDots4(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	tile := benchTile(r)
	rows := make([]byte, 2*4*4*64)
	for i := range 4 * 4 * 64 {
		putBF16(rows, i, float32(r.NormFloat64()))
	}
	var aT [4][]float32
	for q := range aT {
		aT[q] = make([]float32, 4*64)
	}
	bx := make([]float32, 16*64)
	var s [64]float32
	var out [16]float32
	benchPaths(b, 4096, func() {
		ExpandB4(bx, tile[4*8:], 64, 64)
		for q := range 4 {
			WidenBF16T4(aT[q], rows[2*q*256:], 64, 64)
		}
		MatDots4(&s, &aT, 4, bx, 64)
		for q := range 4 {
			AccScaled16(&out, (*[16]float32)(s[16*q:16*q+16]), 1)
		}
	})
}

// The same four M_MMs with the rows widened on the fly (MatDotsBF4).
func BenchmarkPlenaMatDotsBF4(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	tile := benchTile(r)
	var rows [4][]byte
	for q := range rows {
		rows[q] = make([]byte, 2*4*64)
		for i := range 4 * 64 {
			putBF16(rows[q], i, float32(r.NormFloat64()))
		}
	}
	bx, tmp := make([]float32, 16*64), make([]float32, 16*64)
	var s [64]float32
	var out [16]float32
	benchPaths(b, 4096, func() {
		ExpandB4(bx, tile[4*8:], 64, 64)
		MatDotsBF4(&s, &rows, 4, 64, bx, 64, tmp)
		for q := range 4 {
			AccScaled16(&out, (*[16]float32)(s[16*q:16*q+16]), 1)
		}
	})
}
