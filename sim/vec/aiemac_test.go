package vec

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// The aie2 MAC tile product: hand-computed results of AM020's rule, and
// every SIMD path against the pure-Go loop on random and edge-case
// operands. sim/aie2's tests hold the Go loop to the simulator's
// independently written scalar reference.

// testLayouts are the aie2 simulator's geometries: the bf16 4x8x4 matrix
// mode (X row-major 4x8, Y row-major 8x4, lane r*4+n), the element-wise
// mode (lane i: x[i]*y[i] + x[i+16]*y[i+16]), and the accumulator-only
// addition (no products).
func testLayouts(t testing.TB) map[string]*MacLayout {
	mk := func(k int, xi, yi func(l, t int) int) *MacLayout {
		l, err := NewMacLayout(k, xi, yi)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	return map[string]*MacLayout{
		"4x8x4": mk(8, func(l, k int) int { return l/4*8 + k }, func(l, k int) int { return k*4 + l%4 }),
		"elem":  mk(2, func(l, k int) int { return k*16 + l }, func(l, k int) int { return k*16 + l }),
		"acc":   mk(0, nil, nil),
	}
}

func putBF(b *[64]byte, i int, h uint16) { binary.LittleEndian.PutUint16(b[2*i:], h) }

// TestMacBF16Golden: single lanes computed by hand.
func TestMacBF16Golden(t *testing.T) {
	lays := testLayouts(t)
	const one, two, half = 0x3F80, 0x4000, 0x3F00
	for _, tc := range []struct {
		name   string
		x, y   map[int]uint16 // elements of the element-wise layout's lane 0: 0 and 16
		acc1   uint32
		neg    uint8
		want   uint32
		accNil bool
	}{
		{name: "1*1+1*1", x: map[int]uint16{0: one, 16: one}, y: map[int]uint16{0: one, 16: one}, accNil: true, want: 0x40000000},
		{name: "2*0.5 + acc 1", x: map[int]uint16{0: two}, y: map[int]uint16{0: half}, acc1: 0x3F800000, want: 0x40000000},
		// 1 + 2^-24 + 2^-24: aligned to 2^0 with 23 fractional bits each
		// 2^-24 is a tie that rounds to even (0), so the sum is 1.0
		// (an exact sum would give 1 + 2^-23).
		{name: "ties below the grid vanish", x: map[int]uint16{0: 0x3380, 16: 0x3380}, y: map[int]uint16{0: one, 16: one}, acc1: 0x3F800000, want: 0x3F800000},
		// 3·2^-25 rounds (on the grid of 2^-23) to 2^-23 for each product
		// (exactly: 1 + 1.5·2^-24, which rounds to 0x3F800001).
		{name: "above-tie terms round up", x: map[int]uint16{0: 0x33C0, 16: 0x33C0}, y: map[int]uint16{0: one, 16: one}, acc1: 0x3F800000, want: 0x3F800002},
		{name: "cancellation", x: map[int]uint16{0: one, 16: 0xBF80}, y: map[int]uint16{0: one, 16: one}, accNil: true, want: 0},
		{name: "negated products", x: map[int]uint16{0: one}, y: map[int]uint16{0: two}, acc1: 0x40400000, neg: NegMul, want: 0x3F800000},
		{name: "negated accumulator", x: map[int]uint16{0: one}, y: map[int]uint16{0: two}, acc1: 0x40400000, neg: NegAcc1, want: 0xBF800000},
		// 1·1 has its binary point at 2^0 and 23 fractional bits below it
		// (not below its possible leading bit 2^1), so 2^-23 counts.
		{name: "23 fractional bits after the product's binary point", x: map[int]uint16{0: one, 16: 0x3400}, y: map[int]uint16{0: one, 16: one}, accNil: true, want: 0x3F800001},
		{name: "overflow is an infinity", x: map[int]uint16{0: 0x7F7F, 16: 0x7F7F}, y: map[int]uint16{0: 0x7F7F, 16: 0x7F7F}, accNil: true, want: 0x7F800000},
		{name: "negative overflow", x: map[int]uint16{0: 0xFF7F}, y: map[int]uint16{0: 0x7F7F}, accNil: true, want: 0xFF800000},
		{name: "negated overflow", x: map[int]uint16{0: 0x7F7F}, y: map[int]uint16{0: 0x7F7F}, accNil: true, neg: NegMul, want: 0xFF800000},
		{name: "subnormal result flushes with its sign", x: map[int]uint16{0: 0x8080}, y: map[int]uint16{0: 0x0080}, accNil: true, want: 0x80000000},
		{name: "subnormal input is zero", x: map[int]uint16{0: 0x0040}, y: map[int]uint16{0: 0x7F00}, acc1: 0x3F800000, want: 0x3F800000},
		{name: "subnormal accumulator is zero", x: map[int]uint16{0: one}, y: map[int]uint16{0: one}, acc1: 0x00400000, want: 0x3F800000},
		{name: "inf", x: map[int]uint16{0: 0x7F80}, y: map[int]uint16{0: one}, acc1: 0x3F800000, want: 0x7F800000},
		{name: "-inf", x: map[int]uint16{0: 0x7F80}, y: map[int]uint16{0: 0xBF80}, acc1: 0x3F800000, want: 0xFF800000},
		{name: "negated inf", x: map[int]uint16{0: 0x7F80}, y: map[int]uint16{0: one}, neg: NegMul, accNil: true, want: 0xFF800000},
		// NaNs: exponent all ones, bit 0 set; the fraction is the datapath
		// sum's where that neither overflows nor underflows.
		{name: "inf*0: NaN of a zero sum", x: map[int]uint16{0: 0x7F80}, y: map[int]uint16{0: 0}, accNil: true, want: 0x7F800001},
		{name: "inf*subnormal is inf*0", x: map[int]uint16{0: 0x7F80}, y: map[int]uint16{0: 0x0001}, accNil: true, want: 0x7F800001},
		{name: "inf-inf: the two cancel in the datapath", x: map[int]uint16{0: 0x7F80}, y: map[int]uint16{0: one}, acc1: 0xFF800000, want: 0x7F800001},
		{name: "NaN*1: its own term overflows", x: map[int]uint16{0: 0x7FC1}, y: map[int]uint16{0: one}, accNil: true, want: 0x7F800001},
		{name: "-NaN*1: the sum's sign", x: map[int]uint16{0: 0xFFC1}, y: map[int]uint16{0: one}, accNil: true, want: 0xFF800001},
		// 1.5·2^128 · −2^-100 = −1.5·2^28: no overflow, so the fraction shows.
		{name: "NaN times a small factor keeps the sum's fraction", x: map[int]uint16{0: 0x7FC0}, y: map[int]uint16{0: 0x8D80}, accNil: true, want: 0xFFC00001},
		{name: "NaN*0 with an accumulator: the accumulator's fraction", x: map[int]uint16{0: 0x7FC0}, y: map[int]uint16{0: 0}, acc1: 0x3FC00000, want: 0x7FC00001},
		{name: "NaN accumulator", x: map[int]uint16{0: one}, y: map[int]uint16{0: one}, acc1: 0x7FC00000, want: 0x7F800001},
	} {
		for _, p := range append([]string{"generic"}, Paths()...) {
			SetPath(p)
			var x, y [64]byte
			for i, v := range tc.x {
				putBF(&x, i, v)
			}
			for i, v := range tc.y {
				putBF(&y, i, v)
			}
			acc := new([64]byte)
			binary.LittleEndian.PutUint32(acc[:], tc.acc1)
			if tc.accNil {
				acc = nil
			}
			var out [64]byte
			MacBF16(&out, &x, &y, acc, nil, lays["elem"], tc.neg)
			if got := binary.LittleEndian.Uint32(out[:]); got != tc.want {
				t.Errorf("%s (%s): %#08x, want %#08x", tc.name, p, got, tc.want)
			}
		}
	}
	UseFallback(false)
}

// macEdgeBF16 are bf16 patterns the rule treats specially.
var macEdgeBF16 = []uint16{
	0, 0x8000, 0x0001, 0x807F, 0x0080, 0x8080, // zeros, subnormals, smallest normals
	0x3F80, 0xBF80, 0x3F81, 0x4000, 0x3F00, 0x3380, 0x33C0, // ones, near one, ties below one's grid
	0x7F7F, 0xFF7F, 0x7F00, 0x0100, // largest, large, small
	0x7F80, 0xFF80, 0x7FC0, 0xFF81, // infinities, NaNs
}

// macEdgeF32 are accumulator patterns.
var macEdgeF32 = []uint32{
	0, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x3F800001,
	0x4B800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001,
}

// randMacOperands fills x, y and the accumulators. finite keeps
// infinities and NaNs out (the kernels' own domain); near makes the
// exponents cluster so that terms overlap, cancel and tie.
func randMacOperands(r *rand.Rand, x, y, a1, a2 *[64]byte, finite, near bool) {
	bf := func() uint16 {
		var h uint16
		switch r.IntN(8) {
		case 0:
			h = macEdgeBF16[r.IntN(len(macEdgeBF16))]
		case 1, 2, 3, 4, 5, 6:
			if near {
				h = uint16(r.Uint32())&0x807F | uint16(120+r.IntN(16))<<7
				break
			}
			fallthrough
		default:
			h = uint16(r.Uint32())
		}
		if finite && h&0x7F80 == 0x7F80 {
			h &^= 0x0080
		}
		return h
	}
	f32 := func() uint32 {
		var v uint32
		switch r.IntN(6) {
		case 0:
			v = macEdgeF32[r.IntN(len(macEdgeF32))]
		case 1:
			v = 0
		case 2, 3, 4:
			if near { // around the products' exponents
				v = r.Uint32()&0x807FFFFF | uint32(110+r.IntN(40))<<23
				break
			}
			fallthrough
		default:
			v = r.Uint32()
		}
		if finite && v&0x7F800000 == 0x7F800000 {
			v &^= 0x00800000
		}
		return v
	}
	for i := range 32 {
		putBF(x, i, bf())
		putBF(y, i, bf())
	}
	for i := range MacLanes {
		binary.LittleEndian.PutUint32(a1[4*i:], f32())
		binary.LittleEndian.PutUint32(a2[4*i:], f32())
	}
}

// TestMacBF16Paths: every SIMD path gives the Go loop's bits.
func TestMacBF16Paths(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(7, 19))
	for name, l := range testLayouts(t) {
		for it := range 3000 {
			var x, y [64]byte
			var a1, a2 [64]byte
			randMacOperands(r, &x, &y, &a1, &a2, it%4 != 0, it%2 == 0)
			neg := uint8(r.IntN(8))
			acc1, acc2 := &a1, &a2
			if it%3 == 0 {
				acc2 = nil
			}
			if it%5 == 0 {
				acc1 = nil
			}
			var want [64]byte
			macBF16Go(&want, &x, &y, orZero(acc1), orZero(acc2), l, neg)
			for _, p := range append([]string{"generic"}, Paths()...) {
				SetPath(p)
				var got [64]byte
				MacBF16(&got, &x, &y, acc1, acc2, l, neg)
				if got != want {
					t.Fatalf("%s, case %d, path %s, neg %d:\n x %x\n y %x\n acc %x %x\n got  %x\nwant %x", name, it, p, neg, x, y, a1, a2, got, want)
				}
				if acc1 != nil { // in place: out is the first accumulator
					got = a1
					MacBF16(&got, &x, &y, &got, acc2, l, neg)
					if got != want {
						t.Fatalf("%s, case %d, path %s, in place: got %x, want %x", name, it, p, got, want)
					}
				}
			}
		}
	}
}

func orZero(a *[64]byte) *[64]byte {
	if a == nil {
		return &zeroAcc
	}
	return a
}

// TestMacBF16KernelDomain: the kernels take every call without an
// infinity or NaN among the elements the layout reads, and leave the
// others to the Go loop.
func TestMacBF16KernelDomain(t *testing.T) {
	if len(Paths()) == 0 {
		t.Skip("no SIMD path on this host")
	}
	defer UseFallback(false)
	l := testLayouts(t)["4x8x4"]
	for _, p := range Paths() {
		SetPath(p)
		var x, y [64]byte
		var out [64]byte
		for i := range 32 {
			putBF(&x, i, 0x3F80)
			putBF(&y, i, 0x3F80)
		}
		if !macBF16K(&out, &x, &y, &zeroAcc, &zeroAcc, l, 0) {
			t.Errorf("%s: finite operands were left to the Go loop", p)
		}
		putBF(&y, 31, 0x7F80)
		if macBF16K(&out, &x, &y, &zeroAcc, &zeroAcc, l, 0) {
			t.Errorf("%s: an infinite operand was taken by the kernel", p)
		}
		putBF(&y, 31, 0x3F80)
		a := zeroAcc
		binary.LittleEndian.PutUint32(a[60:], 0x7FC00000)
		if macBF16K(&out, &x, &y, &a, &zeroAcc, l, 0) {
			t.Errorf("%s: a NaN accumulator was taken by the kernel", p)
		}
	}
}

// TestMacLayoutErrors: bad layouts are errors, not panics.
func TestMacLayoutErrors(t *testing.T) {
	for _, tc := range []struct {
		k      int
		xi, yi func(l, t int) int
		want   string
	}{
		{9, nil, nil, "9 terms per lane (at most 8)"},
		{1, func(l, t int) int { return 32 }, func(l, t int) int { return 0 }, "reads x[32]"},
		{1, func(l, t int) int { return 0 }, func(l, t int) int { return -1 }, "y[-1]"},
	} {
		_, err := NewMacLayout(tc.k, tc.xi, tc.yi)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewMacLayout(%d): %v, want %q", tc.k, err, tc.want)
		}
	}
}

// TestMacBF16NoAllocs: the tile product allocates nothing on any path.
func TestMacBF16NoAllocs(t *testing.T) {
	defer UseFallback(false)
	l := testLayouts(t)["4x8x4"]
	var x, y [64]byte
	var a, out [64]byte
	randMacOperands(rand.New(rand.NewPCG(1, 2)), &x, &y, &a, &a, true, true)
	for _, p := range append([]string{"generic"}, Paths()...) {
		SetPath(p)
		if n := testing.AllocsPerRun(100, func() { MacBF16(&out, &x, &y, &a, nil, l, 0) }); n != 0 {
			t.Errorf("%s: %v allocations per call", p, n)
		}
	}
}

// FuzzMacBF16: the paths agree on any operands.
func FuzzMacBF16(f *testing.F) {
	f.Add(make([]byte, 64+64+128), uint8(0), uint8(0))
	seed := make([]byte, 256)
	for i := range seed {
		seed[i] = byte(i * 37)
	}
	f.Add(seed, uint8(3), uint8(1))
	lays := testLayouts(f)
	names := []string{"4x8x4", "elem", "acc"}
	f.Fuzz(func(t *testing.T, data []byte, neg, which uint8) {
		var buf [256]byte
		copy(buf[:], data)
		var x, y [64]byte
		var a1, a2 [64]byte
		copy(x[:], buf[:64])
		copy(y[:], buf[64:128])
		copy(a1[:], buf[128:192])
		copy(a2[:], buf[192:])
		l := lays[names[int(which)%len(names)]]
		var want [64]byte
		macBF16Go(&want, &x, &y, &a1, &a2, l, neg&7)
		defer UseFallback(false)
		for _, p := range Paths() {
			SetPath(p)
			var got [64]byte
			MacBF16(&got, &x, &y, &a1, &a2, l, neg&7)
			if got != want {
				t.Fatalf("path %s: %x, want %x", p, got, want)
			}
		}
	})
}
