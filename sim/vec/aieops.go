package vec

import (
	"encoding/binary"
	"math"
)

// The aie2 vector operations that have no SIMD kernel: pure-Go element
// loops on little-endian register bytes, as sim/aie2 holds them.

// FloorBF16 converts the 16 bf16 lanes of a to the 16 signed 32-bit lanes
// of d as vfloor.s32.bf16 does: lane i = floor(a[i] · 2^shift), saturated
// to [−2^31, 2^31−1]. Subnormal inputs are not flushed (silicon floors a
// negative subnormal to −1); ±∞ saturate; a NaN gives 2^31−1.
func FloorBF16(d *[64]byte, a *[32]byte, shift int) {
	scale := math.Ldexp(1, shift)
	for i := range 16 {
		x := float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(a[2*i:])) << 16))
		var v int32
		switch f := math.Floor(x * scale); {
		case x != x, f >= 1<<31:
			v = math.MaxInt32
		case f < -(1 << 31):
			v = math.MinInt32
		default:
			v = int32(f)
		}
		binary.LittleEndian.PutUint32(d[4*i:], uint32(v))
	}
}
