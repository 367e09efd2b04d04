package vec

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The aie2 lane compares (Less, Zero) and Broadcast: every path against
// a reference written apart from the Go and kernel code.

// refLess is a < b lane by lane: integers assembled byte by byte; bf16
// values as exact big.Float numbers (NaNs not less, nothing less than a
// NaN; −0 equal to +0).
func refLess(t CmpType, w int, a, b *[64]byte) uint64 {
	eb := w / 8
	var mask uint64
	for i := 0; i < 64/eb; i++ {
		var x, y uint64
		for k := eb - 1; k >= 0; k-- {
			x, y = x<<8|uint64(a[i*eb+k]), y<<8|uint64(b[i*eb+k])
		}
		var lt bool
		switch t {
		case CmpBF16:
			fx, nx := refBF16Num(uint16(x))
			fy, ny := refBF16Num(uint16(y))
			lt = !nx && !ny && fx.Cmp(fy) < 0
		case CmpSigned:
			sx, sy := int64(x<<(64-w))>>(64-w), int64(y<<(64-w))>>(64-w)
			lt = sx < sy
		default:
			lt = x < y
		}
		if lt {
			mask |= 1 << i
		}
	}
	return mask
}

// refBF16Num is a bf16 value as a big.Float (±Inf included), and whether it
// is a NaN.
func refBF16Num(v uint16) (*big.Float, bool) {
	exp, frac := int(v>>7&0xFF), int64(v&0x7F)
	neg := v&0x8000 != 0
	if exp == 0xFF {
		if frac != 0 {
			return nil, true
		}
		return new(big.Float).SetInf(neg), false
	}
	m := frac
	e := exp - 127 - 7
	if exp == 0 {
		e = -126 - 7
	} else {
		m |= 0x80
	}
	f := new(big.Float).SetMantExp(new(big.Float).SetInt64(m), e)
	if neg {
		f.Neg(f)
	}
	return f, false
}

func bf16Lanes(vs ...uint16) (r [64]byte) {
	for i := 0; i < 32; i++ {
		binary.LittleEndian.PutUint16(r[2*i:], vs[i%len(vs)])
	}
	return r
}

// TestLessTable: edge cases of every lane type, all paths.
func TestLessTable(t *testing.T) {
	defer UseFallback(false)
	bf := func(a, b uint16) ([64]byte, [64]byte) { return bf16Lanes(a), bf16Lanes(b) }
	for _, c := range []struct {
		name string
		t    CmpType
		w    int
		a, b uint64 // one lane each, repeated
		lt   bool
	}{
		{"s8 -128<127", CmpSigned, 8, 0x80, 0x7F, true},
		{"u8 128<127", CmpUnsigned, 8, 0x80, 0x7F, false},
		{"u8 0<255", CmpUnsigned, 8, 0, 0xFF, true},
		{"s8 -1<0", CmpSigned, 8, 0xFF, 0, true},
		{"s8 equal", CmpSigned, 8, 5, 5, false},
		{"s16 -32768<32767", CmpSigned, 16, 0x8000, 0x7FFF, true},
		{"u16 32768<32767", CmpUnsigned, 16, 0x8000, 0x7FFF, false},
		{"u16 0x7FFF<0x8000", CmpUnsigned, 16, 0x7FFF, 0x8000, true},
		{"s32 min<max", CmpSigned, 32, 0x80000000, 0x7FFFFFFF, true},
		{"u32 min<max", CmpUnsigned, 32, 0x80000000, 0x7FFFFFFF, false},
		{"u32 1<0xFFFFFFFF", CmpUnsigned, 32, 1, 0xFFFFFFFF, true},
		{"bf16 -0<+0", CmpBF16, 16, 0x8000, 0x0000, false},
		{"bf16 +0<-0", CmpBF16, 16, 0x0000, 0x8000, false},
		{"bf16 -1<1", CmpBF16, 16, 0xBF80, 0x3F80, true},
		{"bf16 -2<-1", CmpBF16, 16, 0xC000, 0xBF80, true},
		{"bf16 -1<-2", CmpBF16, 16, 0xBF80, 0xC000, false},
		{"bf16 -inf<-max", CmpBF16, 16, 0xFF80, 0xFF7F, true},
		{"bf16 max<inf", CmpBF16, 16, 0x7F7F, 0x7F80, true},
		{"bf16 NaN<inf", CmpBF16, 16, 0x7F81, 0x7F80, false},
		{"bf16 -inf<NaN", CmpBF16, 16, 0xFF80, 0x7FC0, false},
		{"bf16 -NaN<0", CmpBF16, 16, 0xFFC0, 0, false},
		{"bf16 0<-NaN", CmpBF16, 16, 0, 0xFFFF, false},
		{"bf16 -subnormal<0", CmpBF16, 16, 0x8001, 0x0000, true},
		{"bf16 subnormal<min normal", CmpBF16, 16, 0x007F, 0x0080, true},
	} {
		var a, b [64]byte
		if c.t == CmpBF16 {
			a, b = bf(uint16(c.a), uint16(c.b))
		} else {
			for i := 0; i < 512/c.w; i++ {
				PutLane(a[:], i, c.w, c.a)
				PutLane(b[:], i, c.w, c.b)
			}
		}
		want := uint64(0)
		if c.lt {
			want = LaneMask(c.w)
		}
		if r := refLess(c.t, c.w, &a, &b); r != want {
			t.Fatalf("%s: the reference gives %#x, want %#x", c.name, r, want)
		}
		for _, p := range allPaths() {
			SetPath(p)
			if got := Less(c.t, c.w, &a, &b); got != want {
				t.Errorf("%s: %s: Less = %#x, want %#x", p, c.name, got, want)
			}
		}
	}
}

// checkCompare runs Less (every lane type and width) and Zero on every
// path for one pair of operands.
func checkCompare(t *testing.T, a, b *[64]byte) {
	t.Helper()
	for _, p := range allPaths() {
		SetPath(p)
		for _, w := range []int{8, 16, 32} {
			for _, ct := range []CmpType{CmpUnsigned, CmpSigned, CmpBF16} {
				if ct == CmpBF16 && w != 16 {
					continue
				}
				if got, want := Less(ct, w, a, b), refLess(ct, w, a, b); got != want {
					t.Fatalf("%s: Less(%d, %d):\na %x\nb %x\ngot  %#x\nwant %#x", p, ct, w, a, b, got, want)
				}
			}
			var want uint64
			for i := 0; i < 512/w; i++ {
				if GetLane(a[:], i, w, false) == 0 {
					want |= 1 << i
				}
			}
			if got := Zero(w, a); got != want {
				t.Fatalf("%s: Zero(%d, %x) = %#x, want %#x", p, w, a, got, want)
			}
		}
	}
}

// TestComparePaths: random operands, biased to lanes that are equal,
// zero, extreme, ±0, infinities and NaNs.
func TestComparePaths(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(19, 7))
	ext := []uint16{0, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFFF, 0x7F7F, 0x0001, 0x8001, 0x7FFF, 0x3F80, 0xBF80}
	for range 400 {
		var a, b [64]byte
		for i := 0; i < 64; i += 2 {
			x, y := uint16(r.Uint32()), uint16(r.Uint32())
			switch r.IntN(4) {
			case 0:
				x, y = ext[r.IntN(len(ext))], ext[r.IntN(len(ext))]
			case 1:
				y = x
			}
			binary.LittleEndian.PutUint16(a[i:], x)
			binary.LittleEndian.PutUint16(b[i:], y)
		}
		checkCompare(t, &a, &b)
	}
}

// TestBroadcast: every lane width.
func TestBroadcast(t *testing.T) {
	const v = 0x8877665544332211
	for _, w := range []int{8, 16, 32, 64} {
		var d [64]byte
		Broadcast(w, &d, v)
		for i := 0; i < 512/w; i++ {
			if got, want := uint64(GetLane(d[:], i, w, false)), uint64(v)&(math.MaxUint64>>(64-w)); got != want {
				t.Fatalf("Broadcast(%d): lane %d = %#x, want %#x", w, i, got, want)
			}
		}
	}
}

// TestCompareNoAllocs: the compares allocate nothing on any path.
func TestCompareNoAllocs(t *testing.T) {
	defer UseFallback(false)
	var a, b [64]byte
	for _, p := range allPaths() {
		SetPath(p)
		if n := testing.AllocsPerRun(100, func() {
			Less(CmpBF16, 16, &a, &b)
			Less(CmpSigned, 8, &a, &b)
			Zero(32, &a)
		}); n != 0 {
			t.Errorf("%s: %v allocations", p, n)
		}
	}
}

// FuzzCompare: the kernels agree with the Go code (and the reference) on
// any operands.
func FuzzCompare(f *testing.F) {
	f.Add(make([]byte, 128))
	s1, s2 := bf16Lanes(0x7FC0, 0x8000, 0, 0xFF80, 0x3F80), bf16Lanes(0x7F80, 0, 0x8000, 0xFF80, 0xBF80)
	f.Add(append(s1[:], s2[:]...))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer UseFallback(false)
		var buf [128]byte
		copy(buf[:], data)
		checkCompare(t, (*[64]byte)(buf[:64]), (*[64]byte)(buf[64:]))
	})
}

// BenchmarkLess: one 512-bit bf16 and one int8 compare per op on each path.
func BenchmarkLess(b *testing.B) {
	defer UseFallback(false)
	var x, y [64]byte
	for i := range x {
		x[i], y[i] = byte(i*37), byte(i*91)
	}
	for _, p := range allPaths() {
		b.Run(p, func(b *testing.B) {
			SetPath(p)
			for b.Loop() {
				Less(CmpBF16, 16, &x, &y)
				Less(CmpSigned, 8, &x, &y)
			}
		})
	}
}
