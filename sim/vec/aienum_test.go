package vec

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The aie2 narrowing and widening numerics: the Go loops against a
// reference written apart from them (big-integer division, the modes
// spelled out), and every SIMD path against the Go loops, over every
// crRnd and crSat mode, signedness, form and a spread of shifts.

// refRound rounds v / 2^s to an integer under crRnd mode rnd (any other
// value than the ten defined rounds toward −inf).
func refRound(v *big.Int, s uint, rnd uint32) *big.Int {
	q := new(big.Int).Rsh(v, s) // floor
	rem := new(big.Int).Sub(v, new(big.Int).Lsh(q, s))
	if rem.Sign() == 0 {
		return q
	}
	neg := v.Sign() < 0
	// cmp: the dropped part against a half (−1 below, 0 at, +1 above).
	cmp := new(big.Int).Lsh(rem, 1).Cmp(new(big.Int).Lsh(big.NewInt(1), s))
	odd := q.Bit(0) == 1
	var up bool
	switch rnd & 15 {
	case 1: // ceil
		up = true
	case 2: // toward zero
		up = neg
	case 3: // away from zero
		up = !neg
	case 8, 9, 10, 11, 12, 13:
		if cmp != 0 {
			up = cmp > 0
			break
		}
		up = map[uint32]bool{8: false, 9: true, 10: neg, 11: !neg, 12: odd, 13: !odd}[rnd&15]
	}
	if up {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// refNarrow saturates (crSat bit 0; symmetric when sat is 3) or wraps q
// to dbits, signed or not, and returns the destination bits.
func refNarrow(q *big.Int, dbits int, sat uint32, signed bool) uint64 {
	if sat&1 != 0 {
		var lo, hi *big.Int
		if signed {
			hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(dbits-1)), big.NewInt(1))
			lo = new(big.Int).Neg(hi)
			if sat != 3 {
				lo.Sub(lo, big.NewInt(1))
			}
		} else {
			lo, hi = big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(dbits)), big.NewInt(1))
		}
		if q.Cmp(lo) < 0 {
			q = lo
		}
		if q.Cmp(hi) > 0 {
			q = hi
		}
	}
	m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(dbits)), big.NewInt(1))
	return new(big.Int).And(q, m).Uint64() // And of a negative: two's complement
}

// refSRS is one SRS lane.
func refSRS(v int64, shift uint32, abits int, rnd, sat uint32, dbits int, signed bool) uint64 {
	return refNarrow(refRound(big.NewInt(v), uint(shift)%uint(abits), rnd), dbits, sat, signed)
}

// refUPS is one UPS lane (v already extended): the shifted value, or
// when it does not fit the lane and crSat saturates, the bound on its
// side.
func refUPS(v int64, shift uint32, abits int, sat uint32) uint64 {
	r := new(big.Int).Lsh(big.NewInt(v), uint(shift)%uint(abits))
	hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(abits-1)), big.NewInt(1))
	mn := new(big.Int).Sub(new(big.Int).Neg(hi), big.NewInt(1))
	if sat&1 != 0 { // only a value that overflows saturates (to −max when symmetric)
		if r.Cmp(mn) < 0 {
			r = mn
			if sat == 3 {
				r = new(big.Int).Neg(hi)
			}
		}
		if r.Cmp(hi) > 0 {
			r = hi
		}
	}
	m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(abits)), big.NewInt(1))
	return new(big.Int).And(r, m).Uint64()
}

// refConvBF16 converts an fp32 pattern: exponent all ones keeps the upper
// half (a NaN whose kept mantissa bits are zero gets bit 0); otherwise
// the magnitude rounds as a signed integer to a multiple of 2^16.
func refConvBF16(b uint32, rnd uint32) uint16 {
	if b>>23&0xFF == 0xFF {
		h := uint16(b >> 16)
		if b&0x7FFFFF != 0 && b&0x7F0000 == 0 {
			h |= 1
		}
		return h
	}
	v := big.NewInt(int64(b & 0x7FFFFFFF))
	if b>>31 != 0 {
		v.Neg(v)
	}
	q := refRound(v, 16, rnd)
	if b>>31 != 0 {
		return uint16(-q.Int64()) | 0x8000
	}
	return uint16(q.Int64())
}

// Modes the tests sweep: every crRnd value, the crSat values (and two
// with bit 0 set that are not 3).
var (
	allRnd = func() (r []uint32) {
		for i := range uint32(16) {
			r = append(r, i)
		}
		return append(r, 0x1C) // only the low 4 bits count
	}()
	allSat = []uint32{0, 1, 2, 3, 5, 7}
)

// srsForms and upsForms: (accumulator bits, narrow bits) of AIE2's forms.
var (
	srsForms = [][2]int{{32, 8}, {32, 16}, {64, 16}, {64, 32}}
	upsForms = [][2]int{{32, 8}, {32, 16}, {64, 16}, {64, 32}}
)

// accValues fills n accumulator lanes of abits with values at and around
// the rounding halves of shift, the saturation bounds and the extremes.
func accValues(r *rand.Rand, b []byte, abits int, shift uint32) {
	n := len(b) * 8 / abits
	s := uint(shift) % uint(abits)
	for i := range n {
		var v int64
		switch r.IntN(6) {
		case 0: // a multiple of 2^s plus a half, ±1
			v = (r.Int64N(1<<20)-1<<19)<<s + int64(1)<<s>>1 + int64(r.IntN(3)-1)
		case 1: // near a saturation bound, shifted
			d := []int64{127, 128, 255, 256, 32767, 32768, 65535, 65536, 1<<31 - 1, 1 << 31, 1<<32 - 1}[r.IntN(11)]
			if r.IntN(2) == 0 {
				d = -d
			}
			v = (d+int64(r.IntN(3)-1))<<s + int64(r.Uint64()&(1<<s-1))
		case 2:
			v = []int64{0, -1, 1, -1 << 63, 1<<63 - 1, -1 << 31, 1<<31 - 1}[r.IntN(7)]
		default:
			v = int64(r.Uint64())
		}
		if abits == 32 {
			v = int64(int32(v))
		}
		PutLane(b, i, abits, uint64(v))
	}
}

// checkSRS runs SRS on every path for one accumulator and mode and
// compares it with the reference lane by lane.
func checkSRS(t *testing.T, acc []byte, dbits, abits int, shift, rnd, sat uint32, signed bool) {
	t.Helper()
	n := len(acc) * 8 / abits
	var want [128]byte
	for i := range n {
		PutLane(want[:], i, dbits, refSRS(GetLane(acc, i, abits, true), shift, abits, rnd, sat, dbits, signed))
	}
	nb := n * dbits / 8
	for _, p := range allPaths() {
		SetPath(p)
		var got [128]byte
		SRS(got[:nb], acc, dbits, abits, shift, rnd, sat, signed)
		if got != want {
			for i := range n {
				g, w := GetLane(got[:], i, dbits, false), GetLane(want[:], i, dbits, false)
				if g != w {
					t.Fatalf("%s: SRS %d->%d shift %d rnd %d sat %d signed %v: lane %d %#x -> %#x, want %#x",
						p, abits, dbits, shift, rnd, sat, signed, i, GetLane(acc, i, abits, true), g, w)
				}
			}
		}
	}
}

// TestSRSModes: every form, crRnd, crSat, signedness and a spread of
// shifts (including ones beyond the lane width, taken modulo it), on
// 512- and 1024-bit accumulators and a ragged tail.
func TestSRSModes(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(19, 7))
	for _, f := range srsForms {
		abits, dbits := f[0], f[1]
		for _, shift := range []uint32{0, 1, 2, 7, 15, 16, 17, 31, 32, 33, 47, 63, 64 + 5} {
			for _, rnd := range allRnd {
				for _, sat := range allSat {
					for _, signed := range []bool{true, false} {
						for _, size := range []int{64, 128, 64 + abits/8} {
							acc := make([]byte, size)
							accValues(r, acc, abits, shift)
							checkSRS(t, acc, dbits, abits, shift, rnd, sat, signed)
						}
					}
				}
			}
		}
	}
}

// checkUPS runs UPS on every path against the reference.
func checkUPS(t *testing.T, src []byte, abits, sbits, nb int, shift, sat uint32, signed bool) {
	t.Helper()
	n := nb * 8 / abits
	var want [128]byte
	for i := range n {
		PutLane(want[:], i, abits, refUPS(GetLane(src, i, sbits, signed), shift, abits, sat))
	}
	for _, p := range allPaths() {
		SetPath(p)
		var got [128]byte
		UPS(got[:nb], src, abits, sbits, shift, sat, signed)
		if got != want {
			for i := range n {
				g, w := GetLane(got[:], i, abits, false), GetLane(want[:], i, abits, false)
				if g != w {
					t.Fatalf("%s: UPS %d->%d shift %d sat %d signed %v: lane %d %#x -> %#x, want %#x",
						p, sbits, abits, shift, sat, signed, i, GetLane(src, i, sbits, signed), g, w)
				}
			}
		}
	}
}

// TestUPSModes: every form, crSat, signedness and shift from 0 to past the
// lane width, on 512- and 1024-bit destinations and a ragged tail.
func TestUPSModes(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(19, 8))
	for _, f := range upsForms {
		abits, sbits := f[0], f[1]
		for shift := uint32(0); shift < uint32(abits)+4; shift += 1 + uint32(abits)/32*2 {
			for _, sat := range allSat {
				for _, signed := range []bool{true, false} {
					for _, nb := range []int{64, 128, 64 + abits/8} {
						src := make([]byte, nb*sbits/abits)
						for i := range src {
							src[i] = byte(r.Uint32())
							if r.IntN(4) == 0 {
								src[i] = []byte{0, 0x7F, 0x80, 0xFF}[r.IntN(4)]
							}
						}
						checkUPS(t, src, abits, sbits, nb, shift, sat, signed)
					}
				}
			}
		}
	}
}

// TestPack8Modes: every crSat mode and signedness on lanes at and around
// the bounds.
func TestPack8Modes(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(19, 9))
	edge := []uint16{0, 1, 0x7F, 0x80, 0x81, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFF7F, 0xFF80, 0xFF81, 0xFFFF, 0xFF00}
	for range 50 {
		var x [64]byte
		for i := range 32 {
			v := uint16(r.Uint32())
			if r.IntN(2) == 0 {
				v = edge[r.IntN(len(edge))]
			}
			binary.LittleEndian.PutUint16(x[2*i:], v)
		}
		for _, sat := range allSat {
			for _, signed := range []bool{true, false} {
				var want [32]byte
				for i := range 32 {
					want[i] = byte(refNarrow(big.NewInt(GetLane(x[:], i, 16, signed)), 8, sat, signed))
				}
				for _, p := range allPaths() {
					SetPath(p)
					var got [32]byte
					Pack8(&got, &x, sat, signed)
					if got != want {
						t.Fatalf("%s: Pack8 sat %d signed %v:\nx    %x\ngot  %x\nwant %x", p, sat, signed, x, got, want)
					}
				}
			}
		}
	}
}

// f32Edges are fp32 patterns the conversion treats specially or rounds
// at a boundary.
var f32Edges = []uint32{
	0, 0x80000000, 0x00000001, 0x00008000, 0x00008001, 0x80008000, 0x007FFFFF, 0x00800000,
	0x3F808000, 0xBF808000, 0x3F818000, 0xBF818000, 0x3F80FFFF, 0x3F807FFF, 0x7F7FFFFF, 0xFF7FFFFF,
	0x7F7F8000, 0x7F800000, 0xFF800000, 0x7F800001, 0xFF800001, 0x7FC00000, 0x7F80FFFF, 0x7F810000,
	0x7FFFFFFF, 0xFFFFFFFF, 0x4B7FFFFF,
}

// checkConv runs ConvBF16 and ConvF32 on every path against the
// references.
func checkConv(t *testing.T, a *[64]byte, h *[32]byte, rnd uint32) {
	t.Helper()
	var want [32]byte
	for i := range 16 {
		binary.LittleEndian.PutUint16(want[2*i:], refConvBF16(binary.LittleEndian.Uint32(a[4*i:]), rnd))
	}
	var wantF [64]byte
	for i := range 16 {
		binary.LittleEndian.PutUint32(wantF[4*i:], uint32(binary.LittleEndian.Uint16(h[2*i:]))<<16)
	}
	for _, p := range allPaths() {
		SetPath(p)
		var got [32]byte
		ConvBF16(&got, a, rnd)
		if got != want {
			for i := range 16 {
				if g, w := binary.LittleEndian.Uint16(got[2*i:]), binary.LittleEndian.Uint16(want[2*i:]); g != w {
					t.Fatalf("%s: ConvBF16 rnd %d: %#08x -> %#04x, want %#04x", p, rnd, binary.LittleEndian.Uint32(a[4*i:]), g, w)
				}
			}
		}
		var gotF [64]byte
		ConvF32(&gotF, h)
		if gotF != wantF {
			t.Fatalf("%s: ConvF32(%x) = %x, want %x", p, h, gotF, wantF)
		}
	}
}

// TestConvModes: every crRnd value on edge and random patterns (half of
// them with the dropped 16 bits at or next to a half).
func TestConvModes(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(19, 10))
	for range 60 {
		var a [64]byte
		var h [32]byte
		for i := range 16 {
			v := r.Uint32()
			switch r.IntN(4) {
			case 0:
				v = f32Edges[r.IntN(len(f32Edges))]
			case 1:
				v = v&^0xFFFF | uint32(0x8000+r.IntN(3)-1)
			}
			binary.LittleEndian.PutUint32(a[4*i:], v)
			binary.LittleEndian.PutUint16(h[2*i:], uint16(r.Uint32()))
		}
		for _, rnd := range allRnd {
			checkConv(t, &a, &h, rnd)
		}
	}
}

// TestNumNoAllocs: the operations allocate nothing on any path.
func TestNumNoAllocs(t *testing.T) {
	defer UseFallback(false)
	var acc [128]byte
	var d [64]byte
	var h [32]byte
	var f [64]byte
	for _, p := range allPaths() {
		SetPath(p)
		if n := testing.AllocsPerRun(100, func() {
			SRS(d[:32], acc[:], 8, 32, 5, RndConvEven, 1, true)
			SRS(d[:64], acc[:], 32, 64, 5, RndSymInf, 3, false)
			UPS(acc[:], d[:32], 32, 8, 3, 1, true)
			UPS(acc[:], d[:64], 64, 32, 3, 1, false)
			Pack8(&h, &f, 1, true)
			ConvBF16(&h, &f, RndConvEven)
			ConvF32(&f, &h)
		}); n != 0 {
			t.Errorf("%s: %v allocations", p, n)
		}
	}
}

// FuzzNumerics: on any operands, mode and form, every path gives what
// the Go loops give.
func FuzzNumerics(f *testing.F) {
	f.Add(make([]byte, 128), uint32(0), uint32(0), uint8(0))
	seed := make([]byte, 128)
	for i := range seed {
		seed[i] = byte(i*71 + 5)
	}
	f.Add(seed, uint32(12), uint32(0x0F03), uint8(0x35))
	f.Fuzz(func(t *testing.T, data []byte, shift, modes uint32, sel uint8) {
		defer UseFallback(false)
		var in [128]byte
		copy(in[:], data)
		rnd, sat := modes&0xFF, modes>>8&0xFF
		signed := sel&1 != 0
		sf := srsForms[int(sel>>1)%len(srsForms)]
		uf := upsForms[int(sel>>3)%len(upsForms)]
		acc := in[:64]
		if sel&0x20 != 0 {
			acc = in[:]
		}
		type result struct {
			srs, ups [128]byte
			pack, bf [32]byte
			f32      [64]byte
		}
		run := func() (r result) {
			SRS(r.srs[:len(acc)*sf[1]/sf[0]], acc, sf[1], sf[0], shift, rnd, sat, signed)
			UPS(r.ups[:len(acc)], in[:], uf[0], uf[1], shift, sat, signed)
			Pack8(&r.pack, (*[64]byte)(in[:64]), sat, signed)
			ConvBF16(&r.bf, (*[64]byte)(in[64:]), rnd)
			ConvF32(&r.f32, (*[32]byte)(in[:32]))
			return r
		}
		UseFallback(true)
		want := run()
		for _, p := range Paths() {
			SetPath(p)
			if got := run(); got != want {
				t.Fatalf("%s differs from the Go loops: SRS %v UPS %v shift %d rnd %d sat %d signed %v\nin %x\ngot  %+v\nwant %+v",
					p, sf, uf, shift, rnd, sat, signed, in, got, want)
			}
		}
	})
}

// BenchmarkNumerics: each operation on one register per op (SRS: a
// 1024-bit accumulator of 32 int32 lanes to int8, and 16 int64 lanes to
// int32; UPS: 32 int16 lanes to int32 and 16 int32 to int64) on each
// path.
func BenchmarkNumerics(b *testing.B) {
	defer UseFallback(false)
	var acc, w [128]byte
	var d [64]byte
	var h [32]byte
	var f [64]byte
	r := rand.New(rand.NewPCG(1, 2))
	for i := range acc {
		acc[i], d[i%64], w[i] = byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32())
	}
	ops := []struct {
		name string
		fn   func()
	}{
		{"SRS32to8", func() { SRS(d[:32], acc[:], 8, 32, 9, RndConvEven, 1, true) }},
		{"SRS64to32", func() { SRS(d[:64], acc[:], 32, 64, 9, RndSymInf, 3, true) }},
		{"UPS16to32", func() { UPS(w[:], d[:], 32, 16, 4, 1, true) }},
		{"UPS32to64", func() { UPS(w[:], d[:], 64, 32, 4, 1, true) }},
		{"Pack8", func() { Pack8(&h, &f, 1, true) }},
		{"ConvBF16", func() { ConvBF16(&h, (*[64]byte)(acc[:64]), RndConvEven) }},
		{"ConvF32", func() { ConvF32(&f, &h) }},
	}
	for _, op := range ops {
		for _, p := range allPaths() {
			b.Run(fmt.Sprintf("%s/%s", op.name, p), func(b *testing.B) {
				SetPath(p)
				for b.Loop() {
					op.fn()
				}
			})
		}
	}
}
