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

// CmpOp is a vector ALU operation that writes lanes and a compare mask
// (vsub_lt, vsub_ge, vmaxdiff_lt, vabs_gtz, vneg_gtz, vbneg_ltz).
type CmpOp uint8

// The operations of ArithCompare. a and b are the lanes of the first and
// second source; lanes wrap to w bits.
const (
	SubLT     CmpOp = iota // d = a − b, mask a < b
	SubGE                  // d = a − b, mask a ≥ b
	MaxDiffLT              // d = a − b where a > b, else 0; mask a < b
	AbsGTZ                 // d = |a|, mask a > 0
	NegGTZ                 // d = −a, mask a > 0
	BNegLTZ                // d = NOT a, mask a < 0
)

// ArithCompare computes op on the 512/w lanes of w bits (8, 16 or 32) of
// a (and b), signed or unsigned, into d and returns the mask (bit i:
// lane i, compared on the sources). d may be a or b.
func ArithCompare(op CmpOp, w int, signed bool, d, a, b *[64]byte) uint64 {
	var mask uint64
	for i := 0; i < 512/w; i++ {
		x := GetLane(a[:], i, w, signed)
		y := GetLane(b[:], i, w, signed)
		var v int64
		var bit bool
		switch op {
		case SubLT:
			v, bit = x-y, x < y
		case SubGE:
			v, bit = x-y, x >= y
		case MaxDiffLT:
			v, bit = max(x-y, 0), x < y
		case AbsGTZ:
			v, bit = x, x > 0
			if x < 0 {
				v = -x
			}
		case NegGTZ:
			v, bit = -x, x > 0
		case BNegLTZ:
			v, bit = ^x, x < 0
		}
		if bit {
			mask |= 1 << i
		}
		PutLane(d[:], i, w, uint64(v))
	}
	return mask
}

// AddSub computes, in lanes of w bits (8, 16 or 32), d = a − b where bit
// i of mask is set and d = a + b elsewhere (wrapping), as vaddsub does.
func AddSub(w int, d, a, b *[64]byte, mask uint64) {
	for i := 0; i < 512/w; i++ {
		x, y := uint64(GetLane(a[:], i, w, false)), uint64(GetLane(b[:], i, w, false))
		if mask>>i&1 != 0 {
			y = -y
		}
		PutLane(d[:], i, w, x+y)
	}
}

// Unpack widens the lanes of a (256 bits) to twice their width in d (512
// bits), as vunpack and vldb.unpack do: dbits 16 takes 32 bytes to 32
// 16-bit lanes, dbits 8 takes 64 4-bit lanes (lane i in byte i/2, the
// low nibble first) to 64 bytes; sign- or zero-extended.
func Unpack(d *[64]byte, a *[32]byte, dbits int, signed bool) {
	sbits := dbits / 2
	for i := 0; i < 512/dbits; i++ {
		var v int64
		if sbits == 8 {
			v = int64(a[i])
		} else {
			v = int64(a[i/2] >> (4 * (i & 1)) & 15)
		}
		if signed && v>>(sbits-1) != 0 {
			v -= 1 << sbits
		}
		PutLane(d[:], i, dbits, uint64(v))
	}
}

// Pack4 narrows the 64 byte lanes of x (signed or unsigned) to the 64
// 4-bit lanes of d (lane i in byte i/2, the low nibble first),
// saturating when bit 0 of crSat mode sat is set (signed: to [−7, 7]
// when sat is 3, else [−8, 7]; unsigned: [0, 15]) and keeping the low
// nibble otherwise, as vpack.s4.s8 and vst.pack.s4.s8 do.
func Pack4(d *[32]byte, x *[64]byte, sat uint32, signed bool) {
	for i := range 32 {
		lo := srsLane(GetLane(x[:], 2*i, 8, signed), 0, 64, 0, sat, 4, signed)
		hi := srsLane(GetLane(x[:], 2*i+1, 8, signed), 0, 64, 0, sat, 4, signed)
		d[i] = byte(lo | hi<<4)
	}
}

// Push shifts the lanes of a (w bits: 8, 16, 32 or 64) by one lane and
// puts v in the lane that opens, as vpush does: toward higher lanes with
// v in lane 0 (hi false, vpush.lo), or toward lower lanes with v in the
// last lane (hi true, vpush.hi).
func Push(w int, d, a *[64]byte, v uint64, hi bool) {
	n := w / 8
	var t [64]byte
	if hi {
		copy(t[:64-n], a[n:])
		PutLane(t[:], 64/n-1, w, v)
	} else {
		copy(t[n:], a[:64-n])
		PutLane(t[:], 0, w, v)
	}
	*d = t
}
