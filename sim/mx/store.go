package mx

import (
	"math"
	"sync"
)

// The store quantiser of PLENA's emulator (tensor.rs into_bytes), which
// H_STORE_V runs on every row it writes to HBM: f32 arithmetic with
// Rust's conversions, ties rounded half away from zero.

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

// EncodeBlock quantises one block of values to MXFP8 as the emulator's
// H_STORE_V does (tensor.rs into_bytes): the shared exponent is
// floor(log2(max|x| + 1e-9)) clamped to [-127, 127] (NaNs are ignored by
// the max), the scale byte is that exponent + 127, an all-zero block has
// scale byte 0 and zero elements, and every element is x / 2^e quantised
// by EncodeE4M3. elems must have room for len(block) bytes.
func EncodeBlock(block []float32, elems []byte) (scale byte) {
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
