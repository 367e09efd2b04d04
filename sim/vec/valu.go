package vec

import (
	"encoding/binary"
	"math"
)

// The aie2 vector ALU's per-lane operations on 512-bit registers
// (little-endian bytes, as sim/aie2 holds them): lane-wise arithmetic and
// logic (vadd, vsub, vband, vbor), the byte permutation behind vshuffle's
// modes, and the lane select of vsel. The pure-Go code (SWAR on 64-bit
// words, byte loops) defines the results; the AVX2 and AVX-512 kernels
// (aie_amd64.s) compute the same bytes.

// LaneOp is a lane-wise operation of Lane.
type LaneOp uint8

// Lane-wise operations.
const (
	LaneAdd LaneOp = iota // a + b, wrapping
	LaneSub               // a − b, wrapping
	LaneAnd               // a & b
	LaneOr                // a | b
)

// highBits are the top bits of the lanes of 8, 16 and 32 bits in a word.
func highBits(w int) uint64 {
	switch w {
	case 8:
		return 0x8080808080808080
	case 16:
		return 0x8000800080008000
	}
	return 0x8000000080000000
}

// Lane computes d = a op b in lanes of w bits (8, 16 or 32; any for
// LaneAnd and LaneOr). d may be a or b.
func Lane(op LaneOp, w int, d, a, b *[64]byte) {
	if laneK(op, w, d, a, b) {
		return
	}
	laneGo(op, w, d, a, b)
}

// laneGo is Lane's pure-Go code: SWAR on 64-bit words (the carries kept
// inside the lanes by computing each lane's top bit apart).
func laneGo(op LaneOp, w int, d, a, b *[64]byte) {
	h := highBits(w)
	for i := 0; i < 64; i += 8 {
		x, y := binary.LittleEndian.Uint64(a[i:]), binary.LittleEndian.Uint64(b[i:])
		var r uint64
		switch op {
		case LaneAdd:
			r = (x&^h + y&^h) ^ (x^y)&h
		case LaneSub:
			r = ((x | h) - y&^h) ^ (x^^y)&h
		case LaneAnd:
			r = x & y
		case LaneOr:
			r = x | y
		}
		binary.LittleEndian.PutUint64(d[i:], r)
	}
}

// PermuteBytes sets out[i] = in[idx[i] & 127] for the 64 bytes of out.
// out must not overlap in.
func PermuteBytes(out *[64]byte, in *[128]byte, idx *[64]byte) {
	if permK(out, in, idx) {
		return
	}
	for i, x := range idx {
		out[i] = in[x&127]
	}
}

// Select sets lane i of d (w bits: 8, 16 or 32, 512/w lanes) to b's lane
// i where bit i of mask is set, else to a's. d may be a or b.
func Select(w int, d, a, b *[64]byte, mask uint64) {
	if selK(w, d, a, b, mask) {
		return
	}
	eb := w / 8
	var r [64]byte
	for i := 0; i < 64/eb; i++ {
		src := a
		if mask>>i&1 != 0 {
			src = b
		}
		copy(r[i*eb:i*eb+eb], src[i*eb:])
	}
	*d = r
}

// CmpType is how Less reads lanes.
type CmpType uint8

// Lane types of Less.
const (
	CmpUnsigned CmpType = iota // unsigned integers
	CmpSigned                  // two's complement integers
	// CmpBF16: bf16 numbers (w = 16), compared as float32 compares them:
	// −0 equals +0, and a NaN is neither less nor greater than anything.
	CmpBF16
)

// Less returns the lanes (w bits: 8, 16 or 32; 16 for CmpBF16) where a
// is less than b: bit i of the mask for lane i of 512/w.
func Less(t CmpType, w int, a, b *[64]byte) uint64 {
	if m, ok := ltK(t, w, a, b); ok {
		return m
	}
	return lessGo(t, w, a, b)
}

// lessGo is Less's pure-Go code: a lane loop.
func lessGo(t CmpType, w int, a, b *[64]byte) uint64 {
	var mask uint64
	switch {
	case t == CmpBF16:
		for i := 0; i < 32; i++ {
			x := math.Float32frombits(uint32(binary.LittleEndian.Uint16(a[2*i:])) << 16)
			y := math.Float32frombits(uint32(binary.LittleEndian.Uint16(b[2*i:])) << 16)
			if x < y {
				mask |= 1 << i
			}
		}
	case t == CmpSigned:
		for i := 0; i < 512/w; i++ {
			if GetLane(a[:], i, w, true) < GetLane(b[:], i, w, true) {
				mask |= 1 << i
			}
		}
	default:
		for i := 0; i < 512/w; i++ {
			if uint64(GetLane(a[:], i, w, false)) < uint64(GetLane(b[:], i, w, false)) {
				mask |= 1 << i
			}
		}
	}
	return mask
}

// Zero returns the lanes (w bits: 8, 16 or 32) of a that are all 0
// bits: bit i of the mask for lane i.
func Zero(w int, a *[64]byte) uint64 {
	if m, ok := eqzK(w, a); ok {
		return m
	}
	var mask uint64
	for i := 0; i < 512/w; i++ {
		if GetLane(a[:], i, w, false) == 0 {
			mask |= 1 << i
		}
	}
	return mask
}

// LaneMask is the mask of every lane of w bits: 512/w ones.
func LaneMask(w int) uint64 {
	if w <= 8 {
		return ^uint64(0)
	}
	return 1<<(512/w) - 1
}

// Broadcast sets every lane (w bits: 8, 16, 32 or 64) of d to the low w
// bits of v. It is Go on every path: eight word stores are what a kernel
// call would cost.
func Broadcast(w int, d *[64]byte, v uint64) {
	switch w {
	case 8:
		v = uint64(uint8(v)) * 0x0101010101010101
	case 16:
		v = uint64(uint16(v)) * 0x0001000100010001
	case 32:
		v = uint64(uint32(v)) * 0x0000000100000001
	}
	for i := 0; i < 64; i += 8 {
		binary.LittleEndian.PutUint64(d[i:], v)
	}
}
