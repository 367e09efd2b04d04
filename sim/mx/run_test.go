package mx

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"kernelcraft/sim/vec"
)

// withVector runs f with the vector loops on (where the host has them)
// and off, naming the subtest by the path.
func withVector(t *testing.T, f func(t *testing.T)) {
	defer func() { useAsm = hasAsm }()
	for _, on := range []bool{false, true} {
		if on && !hasAsm {
			continue
		}
		useAsm = on
		t.Run(fmt.Sprintf("vector=%v", on), f)
	}
}

// TestDequantRun: a run decodes to DecodeE4M3(code) * DecodeE8M0(its
// block's scale byte), bit for bit, whether it starts a block (the
// vector loop) or not (element by element), for every start within two
// blocks and lengths that end inside and at the end of a block; the
// scratch it returns is reused without allocating.
func TestDequantRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const n = 256
	codes := make([]byte, n)
	scales := make([]byte, n/Block)
	for i := range codes {
		codes[i] = byte(i * 37) // every code once
	}
	for b := range scales {
		scales[b] = byte(rng.IntN(256))
	}
	scales[0], scales[1], scales[2] = 0, 255, 127 // zero, infinite and unit scales
	var buf []float32
	for first := range 2 * Block {
		for _, length := range []int{0, 1, 5, 8, 13, 16, 100, n - first} {
			dst := make([]byte, 4*length)
			buf = DequantRun(dst, codes[first:first+length], scales, first, buf)
			for i := range length {
				want := math.Float32bits(DecodeE4M3(codes[first+i]) * DecodeE8M0(scales[(first+i)/Block]))
				if got := binary.LittleEndian.Uint32(dst[4*i:]); got != want {
					t.Fatalf("run from %d, length %d: element %d = %#x, want %#x", first, length, i, got, want)
				}
			}
		}
	}
	dst := make([]byte, 4*64)
	buf = DequantRun(dst, codes[:64], scales, 0, buf)
	if a := testing.AllocsPerRun(20, func() { buf = DequantRun(dst, codes[:64], scales, 0, buf) }); a != 0 {
		t.Errorf("DequantRun allocates %v times with its scratch returned", a)
	}
}

// TestEncodeRun: a run encodes block by block from its start as
// encodeExact encodes each block (a last part block as it is), on the
// scalar and vector paths; a value no block holds stops it with the
// index of its block's first element and encodeExact's error.
func TestEncodeRun(t *testing.T) {
	withVector(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(23, 24))
		for trial := range 300 {
			n := rng.IntN(70)
			vals := make([]float64, n)
			for i := range vals {
				vals[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(20)-10)
				if rng.IntN(10) == 0 {
					vals[i] = 0
				}
			}
			Quantise(vals, max(n, 1))
			bad := -1
			if n > 0 && trial%3 == 0 {
				bad = rng.IntN(n)
				vals[bad] = 1.0000001 * math.Ldexp(1, rng.IntN(4))
			}
			x := make([]byte, 4*n)
			f := make([]float32, n)
			for i, v := range vals {
				f[i] = float32(v)
				binary.LittleEndian.PutUint32(x[4*i:], math.Float32bits(f[i]))
			}
			codes, scales := make([]byte, n), make([]byte, (n+Block-1)/Block)
			at, err := EncodeRun(x, codes, scales)
			wantCodes := make([]byte, n)
			wantAt, wantErr := n, error(nil)
			for lo := 0; lo < n; lo += Block {
				hi := min(n, lo+Block)
				sc, e := encodeExact(f[lo:hi], wantCodes[lo:hi])
				if e != nil {
					wantAt, wantErr = lo, e
					break
				}
				if err == nil && (scales[lo/Block] != sc || !slices.Equal(codes[lo:hi], wantCodes[lo:hi])) {
					t.Fatalf("trial %d, block at %d (%v): scale %d codes %x, want %d %x", trial, lo, f[lo:hi], scales[lo/Block], codes[lo:hi], sc, wantCodes[lo:hi])
				}
			}
			if at != wantAt || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("trial %d (%d values, bad %d): stopped at %d with %v, want %d with %v", trial, n, bad, at, err, wantAt, wantErr)
			}
			if bad >= 0 && (wantErr == nil || wantAt != bad/Block*Block) {
				t.Fatalf("trial %d: value %g at %d did not stop its block (at %d, %v)", trial, vals[bad], bad, wantAt, wantErr)
			}
		}
	})
}

// TestQuantiseEncode: QuantiseEncode gives Quantise's values and
// stability and writes the values' float32 bits, for rows of whole
// blocks (the vector loop's) and of part blocks, on both paths.
func TestQuantiseEncode(t *testing.T) {
	withVector(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(25, 26))
		for _, cols := range []int{8, 64, 13, 3} {
			vals := make([]float64, 20*cols)
			for i := range vals {
				vals[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(40)-20)
			}
			vals[5] = math.Inf(1)
			vals[len(vals)-1] = float64(math.Nextafter32(1, 0)) // a maximum the 1e-9 carries over a power of two
			want := slices.Clone(vals)
			stable := Quantise(want, cols)
			got := slices.Clone(vals)
			enc := make([]byte, 4*len(got))
			if QuantiseEncode(got, cols, enc) != stable {
				t.Errorf("cols %d: stability differs from Quantise's (%v)", cols, stable)
			}
			if stable {
				t.Errorf("cols %d: an infinite block is called stable", cols)
			}
			for i, w := range want {
				if math.Float64bits(got[i]) != math.Float64bits(w) && !(got[i] != got[i] && w != w) {
					t.Fatalf("cols %d, element %d: %g, Quantise %g", cols, i, got[i], w)
				}
				if g, w := binary.LittleEndian.Uint32(enc[4*i:]), math.Float32bits(float32(w)); g != w && !(g&0x7fffffff > 0x7f800000 && w&0x7fffffff > 0x7f800000) {
					t.Fatalf("cols %d, element %d: encoded %#x, want %#x", cols, i, g, w)
				}
			}
		}
	})
}

// TestVectorFollowsSimPath: the vector loops run only on sim/vec's
// avx512 path, so KC_SIMD=generic (or avx2) and kc-sim --simd hold for
// MX encoding too.
func TestVectorFollowsSimPath(t *testing.T) {
	if !hasAsm {
		t.Skip("no AVX-512 on this host")
	}
	prev := vec.Path()
	defer vec.SetPath(prev)
	for _, p := range append(vec.Paths(), "generic") {
		vec.SetPath(p)
		if got, want := vectorAvailable(), p == "avx512"; got != want {
			t.Errorf("sim/vec path %s: vector loops %v, want %v", p, got, want)
		}
	}
}
