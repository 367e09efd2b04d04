package plena

import "math"

// Number formats as PLENA's emulator converts them (quantize/src/dtype.rs
// FpType::cast, the half crate for f16). All conversions work on bit
// patterns; arithmetic is f32. MXFP8 (E4M3, E8M0 and the store quantiser)
// is package sim/mx's.

// BF16FromF32 rounds an f32 to bf16 as the emulator's FpType::cast does:
// round to nearest, ties to even on the mantissa (guard bit plus sticky),
// a carry out of the mantissa increments the exponent and saturates to
// infinity, subnormals are kept. A NaN keeps its exponent and has its
// mantissa rounded like any other, so a NaN whose payload rounds to zero
// (or carries out) becomes an infinity, as in the emulator.
func BF16FromF32(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7f800000 != 0x7f800000 {
		// Finite: the usual RNE add-and-shift is exactly the cast's
		// rounding (a carry ripples into the exponent, up to infinity).
		return uint16((b + 0x7fff + (b>>16)&1) >> 16)
	}
	sign := b >> 31
	mant := b & 0x7fffff
	prelim := mant >> 15 // 7 mantissa bits and the guard bit
	sticky := mant&0x7fff != 0
	round := uint32(0)
	switch prelim & 3 {
	case 1:
		if sticky {
			round = 1
		}
	case 3:
		round = 1
	}
	m := (prelim + round) >> 1
	if m>>7 != 0 {
		m = 0 // exponent already saturated at all ones
	}
	return uint16(sign<<15 | 0xff<<7 | m)
}

// F32FromBF16 widens a bf16 to f32 (exact).
func F32FromBF16(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// F32FromF16 widens an IEEE binary16 to f32 (exact), as the half crate.
func F32FromF16(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	man := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f:
		if man == 0 {
			return math.Float32frombits(sign | 0x7f800000)
		}
		return math.Float32frombits(sign | 0x7fc00000 | man<<13)
	case exp == 0:
		if man == 0 {
			return math.Float32frombits(sign)
		}
		// Subnormal: normalise.
		e := uint32(127 - 15 + 1)
		for man&0x400 == 0 {
			man <<= 1
			e--
		}
		return math.Float32frombits(sign | e<<23 | (man&0x3ff)<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}

// F16FromF32 rounds an f32 to IEEE binary16, round to nearest even, as the
// half crate's f16::from_f32 (overflow to infinity, gradual underflow, a
// NaN kept quiet with the top of its payload).
func F16FromF32(f float32) uint16 {
	x := math.Float32bits(f)
	sign := uint16(x>>16) & 0x8000
	exp := x & 0x7f800000
	man := x & 0x007fffff
	if exp == 0x7f800000 {
		if man == 0 {
			return sign | 0x7c00
		}
		return sign | 0x7e00 | uint16(man>>13)
	}
	half := int32(exp>>23) - 127 + 15
	if half >= 0x1f {
		return sign | 0x7c00
	}
	if half <= 0 {
		if 14-half > 24 {
			return sign // rounds to zero
		}
		m := man | 0x00800000
		shift := uint32(14 - half)
		hm := m >> shift
		roundBit := uint32(1) << (shift - 1)
		if m&roundBit != 0 && m&(3*roundBit-1) != 0 {
			hm++
		}
		return sign | uint16(hm)
	}
	he := uint16(half) << 10
	hm := uint16(man >> 13)
	if x&0x1000 != 0 && x&(3*0x1000-1) != 0 {
		return (sign | he | hm) + 1 // carry may ripple into the exponent
	}
	return sign | he | hm
}

// ScalarFormat is the format of FP SRAM and the f registers: IEEE f16 in the
// KernelCraft-era emulator, bf16 in PLENA's later one (config scalar_bf16).
type ScalarFormat struct{ BF16 bool }

// ToF32 widens a scalar.
func (s ScalarFormat) ToF32(h uint16) float32 {
	if s.BF16 {
		return F32FromBF16(h)
	}
	return F32FromF16(h)
}

// FromF32 rounds an f32 to the scalar format.
func (s ScalarFormat) FromF32(f float32) uint16 {
	if s.BF16 {
		return BF16FromF32(f)
	}
	return F16FromF32(f)
}

// IsNaN reports whether a scalar is a NaN.
func (s ScalarFormat) IsNaN(h uint16) bool {
	if s.BF16 {
		return h&0x7f80 == 0x7f80 && h&0x7f != 0
	}
	return h&0x7c00 == 0x7c00 && h&0x3ff != 0
}
