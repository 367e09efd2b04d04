package vec

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The integer MAC: every SIMD path against the pure-Go loop (macIntGo),
// which sim/aie2's tests hold to the simulator's scalar reference.

// testIntMacs are sim/aie2's integer geometries (the configuration
// word's modes) and two that only the Go loop takes (rows that do not fill
// a vector).
var testIntMacs = []IntMac{
	{4, 8, 8, 8, 8, 32},
	{4, 4, 8, 16, 8, 32},
	{4, 2, 8, 16, 16, 32},
	{2, 8, 8, 16, 8, 64},
	{4, 8, 4, 16, 8, 64},
	{2, 4, 8, 16, 16, 64},
	{4, 4, 4, 16, 16, 64},
	{4, 2, 4, 32, 16, 64},
	{8, 2, 4, 16, 16, 32}, // N = 4 with 32-bit lanes
	{3, 2, 4, 16, 16, 64}, // odd M with N = 4
}

// fillInt fills b with random bytes, a quarter of them the extremes of a
// signed and an unsigned byte.
func fillInt(r *rand.Rand, b []byte) {
	ext := []byte{0x00, 0x7F, 0x80, 0xFF}
	for i := range b {
		if r.IntN(4) == 0 {
			b[i] = ext[r.IntN(len(ext))]
		} else {
			b[i] = byte(r.Uint32())
		}
	}
}

// checkMacIntPaths runs one product on every path (out fresh, and in
// place on acc1) against the Go loop.
func checkMacIntPaths(t *testing.T, g *IntMac, x, y *[64]byte, a1, a2 *[128]byte, sx, sy bool, neg uint8) {
	t.Helper()
	var want [128]byte
	macIntGo(&want, x, y, orZero128(a1), orZero128(a2), g, sx, sy, neg)
	n := g.M * g.N * g.ABits / 8
	for _, p := range append([]string{"generic"}, Paths()...) {
		SetPath(p)
		var got [128]byte
		MacInt(&got, x, y, a1, a2, g, sx, sy, neg)
		if string(got[:n]) != string(want[:n]) {
			t.Fatalf("%+v on %s, sx %v sy %v neg %d:\nx  %x\ny  %x\ngot  %x\nwant %x", *g, p, sx, sy, neg, x, y, got[:n], want[:n])
		}
		if a1 != nil {
			in := *a1
			MacInt(&in, x, y, &in, a2, g, sx, sy, neg)
			if string(in[:n]) != string(want[:n]) {
				t.Fatalf("%+v on %s in place: got %x, want %x", *g, p, in[:n], want[:n])
			}
		}
	}
}

func orZero128(a *[128]byte) *[128]byte {
	if a == nil {
		return &zeroAcc128
	}
	return a
}

// TestMacIntPaths: every geometry, signedness and negation, with and
// without accumulators.
func TestMacIntPaths(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(5, 11))
	for i := range testIntMacs {
		g := &testIntMacs[i]
		if err := g.Check(); err != nil {
			t.Fatal(err)
		}
		for it := range 400 {
			var x, y [64]byte
			var a1, a2 [128]byte
			fillInt(r, x[:])
			fillInt(r, y[:])
			fillInt(r, a1[:])
			fillInt(r, a2[:])
			acc1, acc2 := &a1, &a2
			if it%3 == 0 {
				acc2 = nil
			}
			if it%5 == 0 {
				acc1 = nil
			}
			checkMacIntPaths(t, g, &x, &y, acc1, acc2, it&1 != 0, it&2 != 0, uint8(it>>2&7))
		}
	}
}

// TestMacIntKernelDomain: the kernels take sim/aie2's geometries on every
// SIMD path, except an unsigned 32-bit X into 64-bit lanes.
func TestMacIntKernelDomain(t *testing.T) {
	if len(Paths()) == 0 {
		t.Skip("no SIMD path on this host")
	}
	defer UseFallback(false)
	var x, y [64]byte
	var out [128]byte
	for _, p := range Paths() {
		SetPath(p)
		for i := range testIntMacs[:8] {
			g := &testIntMacs[i]
			for _, sx := range []bool{false, true} {
				want := g.XBits != 32 || sx || g.ABits == 32
				if got := macIntK(&out, &x, &y, &zeroAcc128, &zeroAcc128, g, sx, true, 0); got != want {
					t.Errorf("%s: %+v sx %v: kernel taken %v, want %v", p, *g, sx, got, want)
				}
			}
		}
	}
}

// TestMacIntNoAllocs: the integer product allocates nothing on any path.
func TestMacIntNoAllocs(t *testing.T) {
	defer UseFallback(false)
	var x, y [64]byte
	var a, out [128]byte
	r := rand.New(rand.NewPCG(3, 4))
	fillInt(r, x[:])
	fillInt(r, y[:])
	fillInt(r, a[:])
	for _, p := range append([]string{"generic"}, Paths()...) {
		SetPath(p)
		for i := range testIntMacs {
			g := &testIntMacs[i]
			if n := testing.AllocsPerRun(100, func() { MacInt(&out, &x, &y, &a, nil, g, true, false, NegAcc1) }); n != 0 {
				t.Errorf("%s %+v: %v allocations per call", p, *g, n)
			}
		}
	}
}

// FuzzMacInt: the paths agree with the Go loop on any operands, geometry,
// signedness and negation.
func FuzzMacInt(f *testing.F) {
	f.Add(make([]byte, 384), uint8(0), uint8(0))
	seed := make([]byte, 384)
	for i := range seed {
		seed[i] = byte(i*151 + 7)
	}
	f.Add(seed, uint8(3), uint8(7<<2|3))
	f.Fuzz(func(t *testing.T, data []byte, which, flags uint8) {
		defer UseFallback(false)
		var buf [384]byte
		copy(buf[:], data)
		g := &testIntMacs[int(which)%len(testIntMacs)]
		checkMacIntPaths(t, g, (*[64]byte)(buf[0:64]), (*[64]byte)(buf[64:128]), (*[128]byte)(buf[128:256]), (*[128]byte)(buf[256:384]),
			flags&1 != 0, flags&2 != 0, flags>>2&7)
	})
}

// BenchmarkMacInt: one int8 4x8x8 (256 MACs) and one int16 4x4x4 acc64
// product per op on each path.
func BenchmarkMacInt(b *testing.B) {
	defer UseFallback(false)
	var x, y [64]byte
	var a, out [128]byte
	r := rand.New(rand.NewPCG(3, 4))
	fillInt(r, x[:])
	fillInt(r, y[:])
	fillInt(r, a[:])
	for _, gi := range []int{0, 6} {
		g := &testIntMacs[gi]
		for _, p := range append([]string{"generic"}, Paths()...) {
			b.Run(fmt.Sprintf("%dx%dx%d-acc%d/%s", g.M, g.K, g.N, g.ABits, p), func(b *testing.B) {
				SetPath(p)
				for b.Loop() {
					MacInt(&out, &x, &y, &a, nil, g, true, true, 0)
				}
			})
		}
	}
}
