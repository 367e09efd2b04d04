package aie2

import (
	"math"
)

// Rounding modes of crRnd (aiev2_defines.h). Modes 8..13 round to
// nearest and differ only at an exact half.
const (
	rndFloor    = 0  // toward -inf
	rndCeil     = 1  // toward +inf
	rndSymFloor = 2  // toward zero
	rndSymCeil  = 3  // away from zero
	rndNegInf   = 8  // nearest, half toward -inf
	rndPosInf   = 9  // nearest, half toward +inf
	rndSymZero  = 10 // nearest, half toward zero
	rndSymInf   = 11 // nearest, half away from zero
	rndConvEven = 12 // nearest, half to even
	rndConvOdd  = 13 // nearest, half to odd
)

// roundUp reports whether a value q + rem/2^shift (q the floor, rem the
// dropped bits, half = 2^(shift-1)) rounds up to q+1 under crRnd mode
// rnd. neg says the value is negative. Modes that AIE2 does not define
// (4..7, 14, 15) round like floor.
func roundUp(rnd uint32, q int64, rem, half uint64, neg bool) bool {
	if rem == 0 {
		return false
	}
	switch rnd & 15 {
	case rndCeil:
		return true
	case rndSymFloor:
		return neg
	case rndSymCeil:
		return !neg
	case rndNegInf, rndPosInf, rndSymZero, rndSymInf, rndConvEven, rndConvOdd:
		if rem != half {
			return rem > half
		}
		switch rnd & 15 {
		case rndNegInf:
			return false
		case rndPosInf:
			return true
		case rndSymZero:
			return neg
		case rndSymInf:
			return !neg
		case rndConvEven:
			return q&1 != 0
		default:
			return q&1 == 0
		}
	}
	return false
}

// srsLane shifts a signed accumulator lane right by shift with rounding
// mode rnd, then saturates to a bits-wide destination (signed or not)
// under crSat mode sat (0 wrap, 1 saturate, 3 symmetric saturate; 2 as 0)
// and returns the destination's bits. The shift is taken modulo the lane
// width accBits, as llvm-aie's simulator does.
func srsLane(v int64, shift uint32, accBits int, rnd, sat uint32, dbits int, signed bool) uint64 {
	s := uint(shift) & uint(accBits-1)
	q := v
	if s > 0 {
		q = v >> s
		rem := uint64(v) & (1<<s - 1)
		if roundUp(rnd, q, rem, 1<<(s-1), v < 0) {
			q++
		}
	}
	if sat&1 != 0 {
		var lo, hi int64
		if signed {
			hi = 1<<(dbits-1) - 1
			lo = -hi - 1
			if sat == 3 {
				lo = -hi
			}
		} else {
			lo, hi = 0, 1<<dbits-1
		}
		q = min(max(q, lo), hi)
	}
	return uint64(q) & (1<<dbits - 1)
}

// upsLane widens a source lane (already sign- or zero-extended) by a left
// shift into an accBits-wide lane, saturating on overflow when crSat says
// so (else wrapping). The shift is taken modulo accBits.
func upsLane(v int64, shift uint32, accBits int, sat uint32) int64 {
	s := uint(shift) & uint(accBits-1)
	r := v << s
	over := r>>s != v
	hi := int64(math.MaxInt64)
	if accBits < 64 {
		hi = 1<<(accBits-1) - 1
		over = over || r > hi || r < -hi-1
	}
	if over && sat&1 != 0 {
		if v < 0 {
			if sat == 3 {
				return -hi
			}
			return -hi - 1
		}
		return hi
	}
	if accBits < 64 {
		return int64(int32(r))
	}
	return r
}

// bf16FromF32 converts an fp32 bit pattern to bf16 under crRnd mode rnd,
// as AIE2's vconv.bf16.fp32 and vst.conv do: the 16 dropped bits round
// the sign-magnitude pattern (so subnormals round too, and a carry out of
// the largest finite value gives infinity); infinity converts exactly;
// a NaN keeps its upper bits, with the lowest mantissa bit set when they
// would read as infinity (0x7F800001 -> 0x7F81, as silicon does).
func bf16FromF32(b uint32, rnd uint32) uint16 {
	if b&0x7F800000 == 0x7F800000 {
		h := uint16(b >> 16)
		if b&0x7FFFFF != 0 && h&0x7F == 0 {
			h |= 1
		}
		return h
	}
	// Round the signed value: q is its floor in bf16 steps, rem the
	// distance above it.
	neg := b>>31 != 0
	v := int64(b & 0x7FFFFFFF)
	if neg {
		v = -v
	}
	q := v >> 16
	if roundUp(rnd, q, uint64(v-q<<16), 0x8000, neg) {
		q++
	}
	if neg {
		return uint16(-q) | 0x8000
	}
	return uint16(q) // a carry out of the mantissa raises the exponent
}

// f32FromBF16 widens bf16 exactly.
func f32FromBF16(h uint16) uint32 { return uint32(h) << 16 }
