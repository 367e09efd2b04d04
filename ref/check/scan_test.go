package check

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"kernelcraft/ref"
)

// TestScanBF16: the raw-bits scan of an all-within bf16 output gives the
// largest error and ratio that the element-by-element definition gives
// (okWithin per element, math.Max over finite errors), and refuses an
// output with an element out of tolerance, including NaN, infinite and
// zero-tolerance cases.
func TestScanBF16(t *testing.T) {
	dt, err := lookupElemType("bfloat16")
	if err != nil {
		t.Fatal(err)
	}
	bf := func(x float64) uint16 { return uint16(math.Float32bits(float32(x)) >> 16) }
	special := []uint16{0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x807f, 0x7f7f}
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		tol := ref.Tol{ATol: []float64{0, 1e-3, 0.05}[trial%3], RTol: []float64{0, 2e-3, 1.0 / 32}[trial/3%3], MaxULP: []int{0, 2}[trial/9%2]}
		cmp := comparer{dt, tol}
		n := 1 + r.IntN(40)
		exp, act := make([]byte, 2*n), make([]byte, 2*n)
		for i := range n {
			e := r.NormFloat64() * math.Ldexp(1, r.IntN(20)-10)
			a := e + r.NormFloat64()*(tol.ATol+tol.RTol*math.Abs(e))*[]float64{0, 0.3, 0.9, 3}[r.IntN(4)]
			eb, ab := bf(e), bf(a)
			if r.IntN(30) == 0 {
				eb = special[r.IntN(len(special))]
			}
			if r.IntN(30) == 0 {
				ab = special[r.IntN(len(special))]
			}
			if r.IntN(10) == 0 {
				ab = eb
			}
			binary.LittleEndian.PutUint16(exp[2*i:], eb)
			binary.LittleEndian.PutUint16(act[2*i:], ab)
		}
		wantOK, wantErr, wantRatio := true, 0.0, 0.0
		for i := range n {
			e := float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(exp[2*i:])) << 16))
			a := float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(act[2*i:])) << 16))
			if !cmp.ok(a, e) {
				wantOK = false
			}
			if d := math.Abs(a - e); !math.IsNaN(d) && !math.IsInf(d, 0) {
				wantErr = math.Max(wantErr, d)
				if al := cmp.allowed(e); al > 0 {
					wantRatio = math.Max(wantRatio, d/al)
				} else if d > 0 {
					wantRatio = math.MaxFloat64
				}
			}
		}
		gotErr, gotRatio, gotOK := scanBF16(cmp, exp, act)
		if gotOK != wantOK {
			t.Fatalf("trial %d: ok %v, want %v (tol %+v)", trial, gotOK, wantOK, tol)
		}
		if wantOK && (gotErr != wantErr || gotRatio != wantRatio) {
			t.Fatalf("trial %d: max error %g ratio %g, want %g %g", trial, gotErr, gotRatio, wantErr, wantRatio)
		}
	}
}
