package f64

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func randRow(rng *rand.Rand, n int) []float64 {
	r := make([]float64, n)
	for i := range r {
		r[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(2100)-1050) // subnormals, overflow
		switch rng.IntN(50) {
		case 0:
			r[i] = 0
		case 1:
			r[i] = math.Copysign(0, -1)
		case 2:
			r[i] = math.Inf(1 - 2*rng.IntN(2))
		case 3:
			r[i] = math.NaN()
		}
	}
	return r
}

func sameBits(a, b []float64) bool {
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

// TestPathsAgree: the assembly loops give the pure-Go loops' bits (NaN
// payloads aside) for every length 0..40 and values of every magnitude,
// zeros of both signs, infinities and NaN, and leave elements past the
// row alone.
func TestPathsAgree(t *testing.T) {
	if !hasAsm {
		t.Skip("no assembly loops on this host")
	}
	defer func() { useAsm, useAsm512 = hasAsm, hasAsm512 }()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		for w := 0; w <= 40; w++ {
			var x8 [8]float64
			var x4 [4]float64
			copy(x8[:], randRow(rng, 8))
			copy(x4[:], x8[:])
			b := [4][]float64{randRow(rng, w+3), randRow(rng, w+3), randRow(rng, w+3), randRow(rng, w+3)}
			r0, r1 := randRow(rng, w+3), randRow(rng, w+3)
			var want [3][]float64
			for k, path := range [][2]bool{{false, false}, {true, false}, {true, true}} { // Go, AVX2, AVX-512
				useAsm, useAsm512 = path[0], path[1] && hasAsm512
				a0, a1, c0 := slices.Clone(r0), slices.Clone(r1), slices.Clone(r0)
				AddProducts4x2(a0[:w], a1, &x8, b[0], b[1], b[2], b[3])
				AddProducts4(c0[:w], &x4, b[0], b[1], b[2], b[3])
				got := [3][]float64{a0, a1, c0}
				if k == 0 {
					want = got
					continue
				}
				for r := range got {
					if !sameBits(got[r], want[r]) {
						t.Fatalf("path %v, width %d, row %d: assembly %v, Go %v", path, w, r, got[r], want[r])
					}
				}
				if !sameBits(got[0][w:], r0[w:]) || !sameBits(got[1][w:], r1[w:]) {
					t.Fatalf("path %v, width %d: elements past the row changed", path, w)
				}
			}
		}
	}
}

// TestOrder: the four products of an element are added one after another
// in order: ((r + x0 b0) + x1 b1) + …, which differs from other
// associations on these values (on every path, 13 elements: the
// AVX-512, AVX2 and Go loops each take some).
func TestOrder(t *testing.T) {
	defer func() { useAsm, useAsm512 = hasAsm, hasAsm512 }()
	const w = 13
	fill := func(v float64) []float64 {
		r := make([]float64, w)
		for i := range r {
			r[i] = v
		}
		return r
	}
	for _, asm := range []bool{true, false} {
		useAsm, useAsm512 = asm && hasAsm, asm && hasAsm512
		b := [][]float64{fill(1e16), fill(1), fill(-1e16), fill(1)}
		r0, r1, r2 := fill(1), fill(1), fill(1)
		AddProducts4(r0, &[4]float64{1, 1, 1, 1}, b[0], b[1], b[2], b[3])
		AddProducts4x2(r1, r2, &[8]float64{1, 1, 1, 1, 1, 1, 1, 1}, b[0], b[1], b[2], b[3])
		for _, r := range [][]float64{r0, r1, r2} {
			for _, v := range r {
				// 1 + 1e16 = 1e16 (ties to even), + 1 = 1e16, - 1e16 = 0, + 1 = 1.
				if v != 1 {
					t.Fatalf("asm=%v: %v, want 1 in every element", asm, r)
				}
			}
		}
	}
}

// TestRowsPathsAgree: AddProductsRows (AVX-512 over whole quads of rows
// where the host has it) gives the bits of AddProducts4x2 called quad by
// quad in the pure-Go loop, for widths across the vector length, any
// number of quads and row strides wider than the rows, leaving elements
// past the rows alone.
func TestRowsPathsAgree(t *testing.T) {
	defer func() { useAsm, useAsm512 = hasAsm, hasAsm512 }()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, w := range []int{0, 1, 7, 8, 9, 16, 23, 64, 131} {
		for quads := 0; quads <= 5; quads++ {
			ldb := w + rng.IntN(5)
			b := randRow(rng, max(1, 4*quads)*ldb+3)
			a0, a1 := randRow(rng, 4*quads+rng.IntN(4)), randRow(rng, 4*quads+3)
			r0, r1 := randRow(rng, w+3), randRow(rng, w+3)
			useAsm, useAsm512 = false, false
			w0, w1 := slices.Clone(r0), slices.Clone(r1)
			for q := range quads {
				l := 4 * q
				x := [8]float64{a0[l], a0[l+1], a0[l+2], a0[l+3], a1[l], a1[l+1], a1[l+2], a1[l+3]}
				AddProducts4x2(w0[:w], w1, &x, b[l*ldb:], b[(l+1)*ldb:], b[(l+2)*ldb:], b[(l+3)*ldb:])
			}
			for _, path := range [][2]bool{{false, false}, {true, false}, {true, true}} {
				useAsm, useAsm512 = path[0] && hasAsm, path[1] && hasAsm512
				g0, g1 := slices.Clone(r0), slices.Clone(r1)
				AddProductsRows(g0[:w], g1, a0, a1, b, ldb)
				if !sameBits(g0, w0) || !sameBits(g1, w1) {
					t.Fatalf("path %v, width %d, %d quads, ldb %d: %v %v, want %v %v", path, w, quads, ldb, g0, g1, w0, w1)
				}
			}
		}
	}
}

// TestBlockPathsAgree: AddProductsBlock's AVX-512 blocks of 32 and 16
// columns (where the host has them) give the pure-Go loop's bits for
// widths of one to five blocks of columns, any number of products (none included), strides of
// c, a and b wider than the block, values of every magnitude with zeros,
// infinities and NaN, and leaves the rest of c alone.
func TestBlockPathsAgree(t *testing.T) {
	defer func() { useAsm, useAsm512 = hasAsm, hasAsm512 }()
	rng := rand.New(rand.NewPCG(5, 6))
	for _, w := range []int{BlockCols, 2 * BlockCols, 3 * BlockCols, 4 * BlockCols, 5 * BlockCols} {
		for _, kk := range []int{0, 1, 2, 3, 4, 17, 130} {
			ldc, lda, ldb := w+rng.IntN(9), kk+rng.IntN(5), w+rng.IntN(9)
			c := randRow(rng, BlockRows*ldc+5)
			a := randRow(rng, BlockRows*lda+1)
			b := randRow(rng, max(1, kk)*ldb+1)
			useAsm, useAsm512 = false, false
			want := slices.Clone(c)
			AddProductsBlock(want, ldc, a, lda, b, ldb, kk, w)
			for _, path := range []bool{false, true} {
				useAsm, useAsm512 = path && hasAsm, path && hasAsm512
				got := slices.Clone(c)
				AddProductsBlock(got, ldc, a, lda, b, ldb, kk, w)
				if !sameBits(got, want) {
					t.Fatalf("asm %v, width %d, %d products: %v, want %v", path, w, kk, got, want)
				}
			}
			// The Go loop is the definition: r += a*b in order of l.
			for r := range BlockRows {
				for j := range w {
					s := c[r*ldc+j]
					for l := range kk {
						s += float64(a[r*lda+l] * b[l*ldb+j])
					}
					if !sameBits([]float64{want[r*ldc+j]}, []float64{s}) {
						t.Fatalf("width %d, %d products: [%d,%d] = %v, want %v", w, kk, r, j, want[r*ldc+j], s)
					}
				}
				if !sameBits(want[r*ldc+w:min(len(c), (r+1)*ldc)], c[r*ldc+w:min(len(c), (r+1)*ldc)]) {
					t.Fatalf("width %d: elements past row %d's block changed", w, r)
				}
			}
		}
	}
}

// TestPanelsAgree: Panels.AddProducts gives AddProductsBlock's pure-Go
// bits on b's block packed with any number of rows and columns (panels
// of PanelCols and a narrower last one), using all of the packed block
// or fewer rows and columns (each path's widths: multiples of BlockCols
// for the vector loop, any for the Go loop), with values of every
// magnitude, zeros, infinities and NaN, and leaves the rest of c alone.
func TestPanelsAgree(t *testing.T) {
	defer func() { useAsm, useAsm512 = hasAsm, hasAsm512 }()
	rng := rand.New(rand.NewPCG(9, 10))
	var q Panels
	for _, cols := range []int{0, 16, 32, 48, 80, 128} {
		for _, rows := range []int{0, 1, 2, 3, 17, 64} {
			ldb := cols + rng.IntN(9)
			b := randRow(rng, max(1, rows)*ldb+1)
			q.Pack(b, ldb, rows, cols)
			kks := []int{rows, rows / 2, min(rows, 1), 0}
			ws := []int{cols, cols - cols%BlockCols - BlockCols, cols - 5, 1, 0}
			for _, kk := range kks {
				for _, w := range ws {
					if w < 0 || w > cols || (w == 0 && cols > 0) {
						continue
					}
					ldc, lda := w+rng.IntN(9), kk+rng.IntN(5)
					c := randRow(rng, BlockRows*max(1, ldc)+5)
					a := randRow(rng, BlockRows*max(1, lda)+1)
					useAsm, useAsm512 = false, false
					want := slices.Clone(c)
					AddProductsBlock(want, ldc, a, lda, b, ldb, kk, w)
					for _, path := range []bool{false, true} {
						useAsm, useAsm512 = path && hasAsm, path && hasAsm512
						if useAsm512 && w%BlockCols != 0 {
							continue
						}
						got := slices.Clone(c)
						q.AddProducts(got, ldc, a, lda, kk, w)
						if !sameBits(got, want) {
							t.Fatalf("asm %v, packed %dx%d, %d products by %d columns: %v, want %v", path, rows, cols, kk, w, got, want)
						}
					}
				}
			}
		}
	}
}

// BenchmarkBlock: AddProductsBlock over a product of 64 rows by 1024
// products by n columns (the reference's common widths, powers of two
// among them), tiled as the reference's sumsInOrder tiles it (128 rows
// of b by 128 columns, four rows of a at a time); reports multiply-adds
// per second.
func BenchmarkBlock(b *testing.B) {
	for _, packed := range []bool{false, true} {
		for _, n := range []int{256, 384, 512} {
			b.Run(fmt.Sprintf("packed=%v/n=%d", packed, n), func(b *testing.B) { benchBlock(b, 64, 1024, n, packed) })
		}
	}
}

func benchBlock(b *testing.B, m, k, n int, packed bool) {
	const tile = 128
	rng := rand.New(rand.NewPCG(7, 8))
	am, bm, cm := make([]float64, m*k), make([]float64, k*n), make([]float64, m*n)
	for _, s := range [][]float64{am, bm, cm} {
		for i := range s {
			s[i] = rng.NormFloat64()
		}
	}
	var q Panels
	for b.Loop() {
		for j0 := 0; j0 < n; j0 += tile {
			for l0 := 0; l0 < k; l0 += tile {
				if packed {
					q.Pack(bm[l0*n+j0:], n, tile, tile)
					for i := 0; i+BlockRows <= m; i += BlockRows {
						q.AddProducts(cm[i*n+j0:], n, am[i*k+l0:], k, tile, tile)
					}
					continue
				}
				for i := 0; i+BlockRows <= m; i += BlockRows {
					AddProductsBlock(cm[i*n+j0:], n, am[i*k+l0:], k, bm[l0*n+j0:], n, tile, tile)
				}
			}
		}
	}
	b.ReportMetric(float64(m*k*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
}
