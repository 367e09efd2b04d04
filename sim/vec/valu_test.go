package vec

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// The aie2 vector ALU operations: every path against a lane-by-lane
// reference written apart from the SWAR and kernel code.

// refLane is a lane loop of op in lanes of w bits.
func refLane(op LaneOp, w int, a, b *[64]byte) (d [64]byte) {
	eb := w / 8
	for i := 0; i < 64; i += eb {
		var x, y uint64
		for k := eb - 1; k >= 0; k-- {
			x, y = x<<8|uint64(a[i+k]), y<<8|uint64(b[i+k])
		}
		var r uint64
		switch op {
		case LaneAdd:
			r = x + y
		case LaneSub:
			r = x - y
		case LaneAnd:
			r = x & y
		case LaneOr:
			r = x | y
		}
		for k := 0; k < eb; k++ {
			d[i+k] = byte(r >> (8 * k))
		}
	}
	return d
}

func allPaths() []string { return append([]string{"generic"}, Paths()...) }

// checkValu runs Lane, Select and PermuteBytes on every path for one set
// of operands.
func checkValu(t *testing.T, a, b *[64]byte, in *[128]byte, idx *[64]byte, mask uint64) {
	t.Helper()
	for _, p := range allPaths() {
		SetPath(p)
		for _, w := range []int{8, 16, 32} {
			for op := LaneAdd; op <= LaneOr; op++ {
				want := refLane(op, w, a, b)
				var d [64]byte
				Lane(op, w, &d, a, b)
				if d != want {
					t.Fatalf("%s: Lane(%d, %d):\na %x\nb %x\ngot  %x\nwant %x", p, op, w, a, b, d, want)
				}
				d = *a
				Lane(op, w, &d, &d, b)
				if d != want {
					t.Fatalf("%s: Lane(%d, %d) in place: got %x, want %x", p, op, w, d, want)
				}
			}
			var want [64]byte
			eb := w / 8
			for i := 0; i < 64; i++ {
				want[i] = a[i]
				if mask>>(i/eb)&1 != 0 {
					want[i] = b[i]
				}
			}
			var d [64]byte
			Select(w, &d, a, b, mask)
			if d != want {
				t.Fatalf("%s: Select(%d, %#x): got %x, want %x", p, w, mask, d, want)
			}
		}
		var want, got [64]byte
		for i := range want {
			want[i] = in[idx[i]%128]
		}
		PermuteBytes(&got, in, idx)
		if got != want {
			t.Fatalf("%s: PermuteBytes:\nidx %x\ngot  %x\nwant %x", p, idx, got, want)
		}
	}
}

// TestValuPaths: random operands, masks and indices (all 256 index
// values: PermuteBytes reads idx & 127).
func TestValuPaths(t *testing.T) {
	defer UseFallback(false)
	r := rand.New(rand.NewPCG(8, 1))
	ext := []byte{0, 0x7F, 0x80, 0xFF}
	for range 500 {
		var a, b, idx [64]byte
		var in [128]byte
		for i := range a {
			a[i], b[i], idx[i] = byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32())
			if r.IntN(3) == 0 {
				a[i], b[i] = ext[r.IntN(4)], ext[r.IntN(4)]
			}
		}
		for i := range in {
			in[i] = byte(r.Uint32())
		}
		checkValu(t, &a, &b, &in, &idx, r.Uint64())
	}
}

// TestValuNoAllocs: the operations allocate nothing on any path.
func TestValuNoAllocs(t *testing.T) {
	defer UseFallback(false)
	var a, b, d, idx [64]byte
	var in [128]byte
	for _, p := range allPaths() {
		SetPath(p)
		if n := testing.AllocsPerRun(100, func() {
			Lane(LaneAdd, 16, &d, &a, &b)
			Select(8, &d, &a, &b, 0x5555)
			PermuteBytes(&d, &in, &idx)
		}); n != 0 {
			t.Errorf("%s: %v allocations", p, n)
		}
	}
}

// FuzzValu: the paths agree on any operands.
func FuzzValu(f *testing.F) {
	f.Add(make([]byte, 320), uint64(0))
	seed := make([]byte, 320)
	for i := range seed {
		seed[i] = byte(i*29 + 3)
	}
	f.Add(seed, uint64(0xF0F0F0F0F0F0F0F0))
	f.Fuzz(func(t *testing.T, data []byte, mask uint64) {
		defer UseFallback(false)
		var buf [320]byte
		copy(buf[:], data)
		checkValu(t, (*[64]byte)(buf[0:64]), (*[64]byte)(buf[64:128]), (*[128]byte)(buf[128:256]), (*[64]byte)(buf[256:320]), mask)
	})
}

// BenchmarkValu: one 512-bit lane add, select and byte permutation per op
// on each path.
func BenchmarkValu(b *testing.B) {
	defer UseFallback(false)
	var x, y, d, idx [64]byte
	var in [128]byte
	for i := range idx {
		idx[i] = byte(i * 37)
		binary.LittleEndian.PutUint16(x[i&^1:], uint16(i*977))
	}
	for _, p := range allPaths() {
		b.Run(p, func(b *testing.B) {
			SetPath(p)
			for b.Loop() {
				Lane(LaneAdd, 16, &d, &x, &y)
				Select(16, &d, &d, &y, 0xAAAA)
				PermuteBytes(&d, &in, &idx)
			}
		})
	}
}
