package ref

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestStoredRuns: the runs of every layout store each element where
// StoredIndex says, each once.
func TestStoredRuns(t *testing.T) {
	for _, s := range []TensorSpec{
		{Shape: []int{3, 70}},
		{Shape: []int{70}},
		{Shape: []int{0, 5}},
		{Shape: []int{2, 3, 70}, Layout: &Layout{Block: 64}},
		{Shape: []int{5, 64}, Layout: &Layout{Block: 64}},
		{Shape: []int{5, 10}, Layout: &Layout{Block: 4}},
		{Shape: []int{3, 70}, Layout: &Layout{Pitch: 128, PadRows: 61}},
		{Shape: []int{4, 9}, Layout: &Layout{ScaleAddr: 64}},
	} {
		n := prod(s.Shape)
		seen := make([]int, n)
		s.storedRuns(func(src, dst, k int) {
			for i := range k {
				if got := s.StoredIndex(src + i); got != dst+i {
					t.Fatalf("%v %+v: element %d stored at %d, StoredIndex %d", s.Shape, s.Layout, src+i, dst+i, got)
				}
				seen[src+i]++
			}
		})
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("%v %+v: element %d in %d runs", s.Shape, s.Layout, i, c)
			}
		}
	}
}

// TestSumsTiles: the tiled in-order products give g.sum's bits on shapes
// across the tile edges (k and n past sumsRows and sumsCols, odd m, k not
// a multiple of 4, matrix-vector), with zeros, infinities and NaN among
// the values.
func TestSumsTiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, sh := range [][3]int{{1, 1, 1}, {3, 5, 1}, {9, 131, 1}, {5, 130, 7}, {7, 259, 133}, {4, 128, 128}, {2, 3, 257}} {
		m, k, n := sh[0], sh[1], sh[2]
		a, b := make([]float64, m*k), make([]float64, k*n)
		for _, s := range [][]float64{a, b} {
			for i := range s {
				s[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(40)-20)
				switch rng.IntN(200) {
				case 0:
					s[i] = 0
				case 1:
					s[i] = math.Inf(1)
				case 2:
					s[i] = math.NaN()
				}
			}
		}
		g := newGT(Params{})
		got, want := g.matmul(a, b, m, k, n, nil, 0), g.matmulBySum(a, b, m, k, n, nil)
		for i := range want.Data {
			if math.Float64bits(got.Data[i]) != math.Float64bits(want.Data[i]) && !(math.IsNaN(got.Data[i]) && math.IsNaN(want.Data[i])) {
				t.Fatalf("%v: element %d = %v, g.sum gives %v", sh, i, got.Data[i], want.Data[i])
			}
		}
	}
}

// TestSumsTrailingZeros: rows of a that end in zeros (skipped by
// sumsInOrder) give g.sum's bits, signs of zero sums included: rows of
// zeros of either sign, rows whose products are all -0 before the +0s,
// b with signed zeros, and b with an infinity or a NaN where the skipped
// products are (which must not be skipped). Rows limited by cols give the
// same bits in their columns.
func TestSumsTrailingZeros(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, sh := range [][3]int{{4, 8, 8}, {5, 131, 9}, {8, 260, 140}, {3, 4, 16}} {
		for _, special := range []float64{1, math.Inf(-1), math.NaN()} {
			m, k, n := sh[0], sh[1], sh[2]
			a, b := make([]float64, m*k), make([]float64, k*n)
			for i := range b {
				b[i] = rng.NormFloat64()
				switch rng.IntN(4) {
				case 0:
					b[i] = 0
				case 1:
					b[i] = math.Copysign(0, -1)
				}
			}
			if special != 1 {
				b[(k-1)*n+rng.IntN(n)] = special
			}
			for i := 0; i < m; i++ {
				e := rng.IntN(k + 1) // row i's nonzero prefix
				for l := 0; l < k; l++ {
					switch {
					case l >= e:
						a[i*k+l] = math.Copysign(0, float64(rng.IntN(2))-0.5)
					case i%3 == 1:
						a[i*k+l] = math.Copysign(0, -1) // products -0 or +0: sums of zeros
					default:
						a[i*k+l] = rng.NormFloat64()
					}
				}
			}
			g := newGT(Params{})
			want := g.matmulBySum(a, b, m, k, n, nil)
			cols := func(i int) int { return (i*7 + 3) % (n + 2) }
			for _, cf := range []func(int) int{nil, cols} {
				got := g.sumsCols(a, b, m, k, n, cf)
				for i := 0; i < m; i++ {
					w := n
					if cf != nil {
						w = min(n, cf(i))
					}
					for j := 0; j < w; j++ {
						x, y := got[i*n+j], want.Data[i*n+j]
						if math.Float64bits(x) != math.Float64bits(y) && !(math.IsNaN(x) && math.IsNaN(y)) {
							t.Fatalf("%v special %v cols %v: [%d,%d] = %v, g.sum gives %v", sh, special, cf != nil, i, j, x, y)
						}
					}
				}
			}
		}
	}
}

// TestEncodeBF16Paths: Encode's bf16 path (a value that is already bf16
// taken as its float32's top half) gives BF16Bits of every value: every
// bf16 bit pattern (subnormals, infinities and NaNs included) and
// float64s of every magnitude that are not bf16 values.
func TestEncodeBF16Paths(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	var xs []float64
	for b := range 1 << 16 {
		xs = append(xs, BF16Value(uint16(b)))
	}
	for range 1 << 16 {
		xs = append(xs, rng.NormFloat64()*math.Ldexp(1, rng.IntN(300)-150))
	}
	tt, err := Encode(&Array{Shape: []int{len(xs)}, Data: xs}, "bfloat16")
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range xs {
		if got, want := binary.LittleEndian.Uint16(tt.Data[2*i:]), BF16Bits(x); got != want {
			t.Fatalf("Encode(%v) = %#04x, BF16Bits %#04x", x, got, want)
		}
	}
}
