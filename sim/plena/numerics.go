package plena

import (
	"math"
	"sync"
)

// Number formats as PLENA's emulator converts them (quantize/src/dtype.rs
// FpType::cast, the half crate for f16, tensor.rs for the MX store
// quantiser). All conversions work on bit patterns; arithmetic is f32.

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

// e4m3Table and e8m0Table decode MX bytes to f32 as the emulator's cast
// does (built at init from the rule, see decodeE4M3).
var e4m3Table, e8m0Table [256]float32

func init() {
	for i := range 256 {
		e4m3Table[i] = decodeE4M3(uint8(i))
		e8m0Table[i] = decodeE8M0(uint8(i))
	}
}

// DecodeE4M3 is the value of an E4M3 element byte as PLENA's emulator reads
// it: sign, 4 exponent bits with bias 7, 3 mantissa bits; exponent 0 with
// mantissa m is (m/8)·2^-7 (PLENA's rule, not the OCP 2^-6); exponent 15
// is infinity (mantissa 0) or NaN.
func DecodeE4M3(b uint8) float32 { return e4m3Table[b] }

// DecodeE8M0 is the value of an E8M0 scale byte: 2^(b-127), except that 0
// decodes to 0.0 and 255 to infinity.
func DecodeE8M0(b uint8) float32 { return e8m0Table[b] }

func decodeE4M3(b uint8) float32 {
	neg := b&0x80 != 0
	e := int(b>>3) & 15
	m := int(b & 7)
	var v float64
	switch {
	case e == 15 && m == 0:
		v = math.Inf(1)
	case e == 15:
		v = math.NaN()
	case e == 0:
		v = float64(m) / 8 * math.Ldexp(1, -7)
	default:
		v = (1 + float64(m)/8) * math.Ldexp(1, e-7)
	}
	f := float32(v)
	if neg {
		f = -f
	}
	return f
}

func decodeE8M0(b uint8) float32 {
	switch b {
	case 0:
		return 0
	case 255:
		return float32(math.Inf(1))
	}
	return float32(math.Ldexp(1, int(b)-127))
}

// log2f is f32 log2 as Rust's f32::log2 (correctly rounded for the values
// the quantisers meet: bf16 inputs, where only exact powers of two lie on
// an integer).
func log2f(x float32) float32 { return float32(math.Log2(float64(x))) }

// rustI32 converts an f32 to i32 as Rust's `as` does: saturating, NaN to 0.
func rustI32(f float32) int32 {
	switch {
	case f != f:
		return 0
	case f >= 2147483647:
		return math.MaxInt32
	case f <= -2147483648:
		return math.MinInt32
	}
	return int32(f)
}

// rustU32 converts an f32 to u32 as Rust's `as` does: saturating, NaN and
// negatives to 0.
func rustU32(f float32) uint32 {
	switch {
	case f != f || f <= 0:
		return 0
	case f >= 4294967295:
		return math.MaxUint32
	}
	return uint32(f)
}

// powi2 is 2^e in f32 (Rust 2.0f32.powi(e) for the exponents the
// quantisers use, which are exact powers of two or subnormals).
func powi2(e int32) float32 { return float32(math.Ldexp(1, int(e))) }

// roundAway is Rust's f32::round: half away from zero.
func roundAway(f float32) float32 { return float32(math.Round(float64(f))) }

// EncodeE4M3 quantises one value (already divided by its block scale) to
// an E4M3 byte with the emulator's store quantiser
// (tensor.rs minifloat_ieee_quantize_hardware): exponent
// floor(log2(|v|+1e-9)) clamped to [-7, 7], mantissa rounded half away
// from zero and clamped to [0, 7] (no carry into the exponent), exponent
// -7 encoded as PLENA's subnormal, saturation at 7 on overflow.
func EncodeE4M3(v float32) uint8 {
	if v == 0 {
		return 0
	}
	const mbits = 3
	sign := uint32(0)
	if v < 0 {
		sign = 1
	}
	abs := float32(math.Abs(float64(v)))
	rawExp := rustI32(float32(math.Floor(float64(log2f(abs + 1e-9)))))
	overflow := rawExp > 7
	exp := max(min(rawExp, 7), -7)
	mant := abs / powi2(exp)
	var sm uint32
	if exp != -7 {
		sm = min(rustU32(roundAway((mant-1)*(1<<mbits))), 7)
	} else {
		sm = min(rustU32(roundAway(mant*(1<<mbits))), 7)
	}
	if overflow {
		sm = 7
	}
	be := uint32(exp + 7)
	return uint8(sign<<7 | be<<mbits | sm&7)
}

// e4m3EncTable is EncodeE4M3 of every f32 whose low 16 bits are 0 (every
// bf16 value, which is what H_STORE_V's rows divided by their power-of-two
// scale almost always are), indexed by the high 16 bits; built on first
// use from EncodeE4M3 itself, so a lookup is bit-identical to the call.
var e4m3EncTable = sync.OnceValue(func() *[1 << 16]uint8 {
	t := new([1 << 16]uint8)
	for i := range t {
		t[i] = EncodeE4M3(math.Float32frombits(uint32(i) << 16))
	}
	return t
})

// EncodeMXBlock quantises one block of values to MXFP8 as the emulator's
// H_STORE_V does (tensor.rs into_bytes): the shared exponent is
// floor(log2(max|x| + 1e-9)) clamped to [-127, 127] (NaNs are ignored by
// the max), the scale byte is that exponent + 127, an all-zero block has
// scale byte 0 and zero elements, and every element is x / 2^e quantised
// by EncodeE4M3. elems must have room for len(block) bytes.
func EncodeMXBlock(block []float32, elems []byte) (scale byte) {
	var maxAbs float32
	for _, x := range block {
		a := float32(math.Abs(float64(x)))
		if a > maxAbs { // f32::max ignores NaN
			maxAbs = a
		}
	}
	if maxAbs == 0 {
		for i := range block {
			elems[i] = 0
		}
		return 0
	}
	e := rustI32(float32(math.Floor(float64(log2f(maxAbs + 1e-9)))))
	e = max(min(e, 127), -127)
	sv := powi2(e)
	tab := e4m3EncTable()
	for i, x := range block {
		if x == 0 {
			elems[i] = 0
			continue
		}
		q := x / sv
		if b := math.Float32bits(q); b&0xffff == 0 {
			elems[i] = tab[b>>16]
		} else {
			elems[i] = EncodeE4M3(q)
		}
	}
	// The scale byte is the E8M0 cast of 2^e: e+127, and 0 for 2^-127
	// (an f32 subnormal that the cast flushes).
	return byte(e + 127)
}
