package vec

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestDequantMX8Paths: on every path, DequantMX8 and DequantMX8Bits give
// the Go loop's bits (table values and scales with NaN payloads, infinities,
// subnormals and zeros; lengths that leave tails), and the two agree.
func TestDequantMX8Paths(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(name string, call func() any)) {
		for it := range 200 {
			var table [256]float32
			copy(table[:], rndF32s(r, 256))
			n := r.IntN(80)
			if it%10 == 0 {
				n = 1024 + r.IntN(64)
			}
			codes := make([]byte, n+r.IntN(3))
			for i := range codes {
				codes[i] = byte(r.Uint32())
			}
			scales := rndF32s(r, (n+7)/8+r.IntN(2))
			same("DequantMX8", func() any {
				dst := make([]float32, n)
				DequantMX8(dst, codes, scales, &table)
				return bitsOf(dst)
			})
			same("DequantMX8Bits", func() any {
				dst := make([]byte, 4*n)
				DequantMX8Bits(dst, codes, scales, &table)
				want := make([]float32, n)
				DequantMX8(want, codes, scales, &table)
				for i := range n {
					if got := binary.LittleEndian.Uint32(dst[4*i:]); got != math.Float32bits(want[i]) {
						t.Fatalf("DequantMX8Bits element %d: %#x, DequantMX8 %#x", i, got, math.Float32bits(want[i]))
					}
				}
				return dst
			})
		}
	})
}

// TestDequantMX8Definition: the result is table[code] * scale of the
// element's block, the table value first (of two NaNs, its payload).
func TestDequantMX8Definition(t *testing.T) {
	for _, p := range append(Paths(), "generic") {
		t.Run(p, func(t *testing.T) {
			prev := Path()
			defer SetPath(prev)
			SetPath(p)
			var table [256]float32
			for i := range table {
				table[i] = float32(i) - 100
			}
			table[7] = math.Float32frombits(0x7fc00007) // a NaN with a payload
			codes := make([]byte, 48)
			for i := range codes {
				codes[i] = byte(3*i + 1)
			}
			codes[17] = 7
			scales := []float32{2, 0.5, math.Float32frombits(0x7fc00123), -1, 0, float32(math.Inf(1))}
			dst := make([]float32, len(codes))
			DequantMX8(dst, codes, scales, &table)
			for i, c := range codes {
				want := table[c] * scales[i/8]
				if math.Float32bits(dst[i]) != math.Float32bits(want) {
					t.Errorf("element %d (code %d, scale %v): %#x, want %#x", i, c, scales[i/8], math.Float32bits(dst[i]), math.Float32bits(want))
				}
			}
			if got := math.Float32bits(dst[17]); got != 0x7fc00007 {
				t.Errorf("NaN table value times NaN scale: %#x, want the table's payload 0x7fc00007", got)
			}
		})
	}
}

func TestDequantMX8NoAllocs(t *testing.T) {
	var table [256]float32
	codes, scales, dst := make([]byte, 64), make([]float32, 8), make([]float32, 64)
	if n := testing.AllocsPerRun(100, func() { DequantMX8(dst, codes, scales, &table) }); n != 0 {
		t.Errorf("DequantMX8 allocates %v times", n)
	}
}

func BenchmarkDequantMX8(b *testing.B) {
	var table [256]float32
	for i := range table {
		table[i] = float32(i)
	}
	codes, scales, dst := make([]byte, 4096), make([]float32, 512), make([]byte, 4*4096)
	for i := range codes {
		codes[i] = byte(i * 7)
	}
	for _, p := range append(Paths(), "generic") {
		b.Run(p, func(b *testing.B) {
			prev := Path()
			defer SetPath(prev)
			SetPath(p)
			b.SetBytes(int64(len(codes)))
			for b.Loop() {
				DequantMX8Bits(dst, codes, scales, &table)
			}
		})
	}
}
