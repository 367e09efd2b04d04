package mx

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// mxTestValues are float64 values for the MX fast paths: float32 values
// of every magnitude, their neighbours, zeros of both signs, values that
// are not float32, infinities and NaN.
func mxTestValues(rng *rand.Rand) []float64 {
	var vals []float64
	for e := -150; e <= 128; e++ {
		p := math.Ldexp(1, e)
		vals = append(vals, p, -p, 1.5*p, 1.9375*p, -1.0625*p, math.Nextafter(p, 0), float64(math.Nextafter32(float32(p), float32(math.Inf(1)))))
	}
	vals = append(vals, 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat32, 1e300, 1e-300)
	for range 100000 {
		vals = append(vals, rng.NormFloat64()*math.Ldexp(1, rng.IntN(60)-30))
	}
	return vals
}

// TestQuantiseMXBlockPaths: quantiseBlock (the float32-bits fast path)
// gives quantiseBlockSlow's bits on every block of the test values,
// with blocks of mixed magnitudes, all-small blocks and short blocks.
func TestQuantiseMXBlockPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := mxTestValues(rng)
	rng.Shuffle(len(vals)/2, func(i, j int) { vals[i], vals[j] = vals[j], vals[i] }) // mixed blocks in the first half
	for i := 0; i < len(vals); i += 5 {
		n := min(len(vals)-i, Block-i%3) // short blocks too
		a := slices.Clone(vals[i : i+n])
		b := slices.Clone(a)
		stable := quantiseBlock(a)
		quantiseBlockSlow(b)
		if stable {
			again := slices.Clone(a)
			quantiseBlock(again)
			if !sameFloats(again, a) {
				t.Fatalf("block %v: quantised %v is stable, quantised again %v", vals[i:i+n], a, again)
			}
		}
		for j := range a {
			if math.Float64bits(a[j]) != math.Float64bits(b[j]) && !(math.IsNaN(a[j]) && math.IsNaN(b[j])) {
				t.Fatalf("block %v, element %d: fast %g, slow %g", vals[i:i+n], j, a[j], b[j])
			}
		}
	}
}

// TestQuantiseMXStable: a block quantiseBlock calls stable quantises
// to itself again, on blocks of every magnitude down to the smallest,
// with maxima near powers of two (where the harness's 1e-9 can carry the
// shared exponent up, and the block is not stable).
func TestQuantiseMXStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	unstable := 0
	for range 200000 {
		e := rng.IntN(150) - 140
		blk := make([]float64, Block)
		for j := range blk {
			blk[j] = rng.NormFloat64() * math.Ldexp(1, e-rng.IntN(12))
		}
		if rng.IntN(2) == 0 { // a maximum just below a power of two
			blk[rng.IntN(Block)] = float64(math.Nextafter32(float32(math.Ldexp(1, e+3)), 0))
		}
		q := slices.Clone(blk)
		stable := quantiseBlock(q)
		again := slices.Clone(q)
		quantiseBlock(again)
		if same := sameFloats(again, q); stable && !same {
			t.Fatalf("block %v: quantised %v is stable, quantised again %v", blk, q, again)
		} else if !same {
			unstable++
		}
	}
	if unstable == 0 {
		t.Errorf("no block changed when quantised again: the test does not reach the unstable blocks")
	}
}

func sameFloats(a, b []float64) bool {
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

// TestEncodeMXPaths: encodeExact's fast path agrees with encodeSlow
// (scale, every element code, and the error whenever the slow one has
// one) on quantised blocks of every magnitude, subnormal elements and
// zeros included, and on blocks that are not MX values.
func TestEncodeMXPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	vals := mxTestValues(rng)
	for i := 0; i+Block <= len(vals); i += 3 {
		raw := vals[i : i+Block]
		q := slices.Clone(raw)
		quantiseBlock(q)
		for _, blk := range [][]float64{raw, q} {
			f := make([]float32, len(blk))
			for j, v := range blk {
				f[j] = float32(v)
			}
			ef, es := make([]byte, len(f)), make([]byte, len(f))
			scS, errS := encodeSlow(f, es)
			scF, ok := encodeFast(f, ef)
			if ok && (errS != nil || scF != scS || !slices.Equal(ef, es)) {
				t.Fatalf("block %v: fast %d %x, slow %d %x (%v)", f, scF, ef, scS, es, errS)
			}
			scE, errE := encodeExact(f, ef)
			if (errE == nil) != (errS == nil) || errS == nil && (scE != scS || !slices.Equal(ef, es)) {
				t.Fatalf("block %v: encodeExact %d %x (%v), slow %d %x (%v)", f, scE, ef, errE, scS, es, errS)
			}
		}
	}
}
