package ref

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPeakDirection: u answers 1 to row r and 0 to every other row, for
// shapes from a few rows to as many rows as columns (the projected
// attention tasks have S <= d_model), and for rows with a common offset
// (a decoder's rows have means of their own).
func TestPeakDirection(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		m, n int
		off  float64
	}{{8, 32, 0}, {24, 48, 0.5}, {40, 64, 0}, {64, 64, 0}, {100, 320, 0.5}} {
		a := make([]float64, tc.m*tc.n)
		for i := 0; i < tc.m; i++ {
			o := tc.off * rng.NormFloat64()
			for j := 0; j < tc.n; j++ {
				a[i*tc.n+j] = rng.NormFloat64() + o
			}
		}
		r := tc.m / 2
		u := peakDirection(a, tc.m, tc.n, r)
		for i := 0; i < tc.m; i++ {
			want := 0.0
			if i == r {
				want = 1
			}
			if got := dot(a[i*tc.n:(i+1)*tc.n], u); math.Abs(got-want) > 1e-6 {
				t.Errorf("%dx%d offset %g: row %d·u = %g, want %g", tc.m, tc.n, tc.off, i, got, want)
			}
		}
	}
}
