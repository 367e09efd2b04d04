package ref

import (
	"encoding/binary"
	"fmt"
	"math"

	"kernelcraft/sim"
	"kernelcraft/sim/mx"
)

// Array is a dense C-order tensor of float64 values: inputs are generated
// as Arrays (already rounded to their dtype) and the ground truth works on
// them.
type Array struct {
	Shape []int
	Data  []float64
}

// NewArray returns a zeroed array of the shape.
func NewArray(shape ...int) *Array {
	return &Array{Shape: append([]int(nil), shape...), Data: make([]float64, sim.Elems(shape))}
}

// Clone returns a deep copy.
func (a *Array) Clone() *Array {
	return &Array{Shape: append([]int(nil), a.Shape...), Data: append([]float64(nil), a.Data...)}
}

// Len is the number of elements.
func (a *Array) Len() int { return len(a.Data) }

// RoundBF16 rounds x to the nearest bfloat16 value (ties to even), directly
// from float64 (no double rounding through float32). Overflow gives ±Inf.
func RoundBF16(x float64) float64 {
	if r, ok := roundBF16Fast(math.Float64bits(x)); ok {
		return math.Float64frombits(r)
	}
	return roundBF16Slow(x)
}

// roundBF16Fast is RoundBF16 of the float64 with bits b in bf16's normal
// range (exponent -126..127): the 52-bit mantissa rounded to 7 bits in
// the integer domain (a carry moves into the exponent). It reports false
// outside that range and when the result reaches 2^128 (roundBF16Slow's
// overflow). Small enough to be inlined into loops.
func roundBF16Fast(b uint64) (uint64, bool) {
	r := (b + 1<<44 - 1 + b>>45&1) &^ (1<<45 - 1)
	return r, b>>52&0x7ff-897 <= 253 && r&(0x7ff<<52) < 1151<<52
}

// roundBF16Slow rounds with float64 arithmetic; it also covers zeros,
// bf16 subnormals, overflow, infinities and NaN.
func roundBF16Slow(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	_, e := math.Frexp(x) // |x| = f * 2^e, f in [0.5, 1)
	e--                   // |x| in [2^e, 2^(e+1))
	if e < -126 {
		e = -126 // subnormal: fixed spacing 2^-133
	}
	ulp := math.Ldexp(1, e-7)
	r := math.RoundToEven(x/ulp) * ulp
	if math.Abs(r) >= math.Ldexp(1, 128) {
		return math.Copysign(math.Inf(1), x)
	}
	return r
}

// BF16Bits is the bfloat16 bit pattern of x rounded to bfloat16.
func BF16Bits(x float64) uint16 {
	r := RoundBF16(x)
	if math.IsNaN(r) {
		return 0x7fc0
	}
	return uint16(math.Float32bits(float32(r)) >> 16)
}

// BF16Value is the value of a bfloat16 bit pattern.
func BF16Value(b uint16) float64 { return float64(math.Float32frombits(uint32(b) << 16)) }

// RoundF32 rounds x to the nearest float32 (ties to even).
func RoundF32(x float64) float64 { return float64(float32(x)) }

// RoundTo rounds x to dtype: bfloat16 and float32 to nearest even, integer
// dtypes to nearest even and saturated.
func RoundTo(dtype string, x float64) float64 {
	switch dtype {
	case "bfloat16":
		return RoundBF16(x)
	case "float32":
		return RoundF32(x)
	case "float16":
		return roundHalf(x)
	case "float64", "", MXFP8: // MX rounds by blocks: quantiseMX
		return x
	}
	lo, hi := intRange(dtype)
	return math.Max(lo, math.Min(hi, math.RoundToEven(x)))
}

func intRange(dtype string) (float64, float64) {
	switch dtype {
	case "int8":
		return -128, 127
	case "uint8":
		return 0, 255
	case "int16":
		return -32768, 32767
	case "uint16":
		return 0, 65535
	case "int32":
		return math.MinInt32, math.MaxInt32
	case "uint32":
		return 0, math.MaxUint32
	}
	return math.Inf(-1), math.Inf(1)
}

// DTypeSize is the element size in bytes of a case dtype.
func DTypeSize(dtype string) (int, error) {
	switch dtype {
	case "bfloat16":
		return 2, nil
	case MXFP8:
		return 1, nil // the E4M3 element; the scales are a plane of their own
	}
	d, err := sim.LookupDType(dtype)
	if err != nil {
		return 0, err
	}
	return d.Size, nil
}

// simDType maps a case dtype to the simulator's (bfloat16 is stored as
// uint16 bit patterns, an MX dtype as its float32 values).
func simDType(dtype string) (sim.DType, error) {
	switch dtype {
	case "bfloat16":
		dtype = "uint16"
	case MXFP8:
		dtype = "float32"
	}
	return sim.LookupDType(dtype)
}

// Encode converts an array to a tensor of dtype (values are rounded first).
func Encode(a *Array, dtype string) (*sim.Tensor, error) {
	d, err := simDType(dtype)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, len(a.Data)*d.Size)
	if err := encodeValues(buf, a.Data, dtype); err != nil {
		return nil, err
	}
	return &sim.Tensor{DType: d, Shape: append([]int(nil), a.Shape...), Data: buf}, nil
}

// encodeValues is Encode's element loop: xs as dtype elements into buf
// (len(xs) times the dtype's size), so a tensor may be encoded a range
// at a time.
func encodeValues(buf []byte, xs []float64, dtype string) error {
	switch dtype {
	case "bfloat16":
		for i, v := range xs {
			// A bf16 value (as Generate's are, rounded already) is its
			// float32's top half; BF16Bits rounds the others.
			f := float32(v)
			b := math.Float32bits(f)
			if float64(f) != v || b&0xffff != 0 {
				b = uint32(BF16Bits(v)) << 16
			}
			binary.LittleEndian.PutUint16(buf[2*i:], uint16(b>>16))
		}
	case "float32", MXFP8:
		buf = buf[:4*len(xs)]
		for i, v := range xs {
			binary.LittleEndian.PutUint32(buf[4*i:4*i+4], math.Float32bits(float32(v)))
		}
	case "float16":
		for i, v := range xs {
			binary.LittleEndian.PutUint16(buf[2*i:], halfBits(v))
		}
	case "int8", "uint8":
		for i, v := range xs {
			buf[i] = byte(int64(RoundTo(dtype, v)))
		}
	case "int16", "uint16":
		for i, v := range xs {
			binary.LittleEndian.PutUint16(buf[2*i:], uint16(int64(RoundTo(dtype, v))))
		}
	case "int32", "uint32":
		for i, v := range xs {
			binary.LittleEndian.PutUint32(buf[4*i:], uint32(int64(RoundTo(dtype, v))))
		}
	default:
		if len(xs) > 0 {
			return fmt.Errorf("cannot encode dtype %s", dtype)
		}
	}
	return nil
}

// roundEncodeBF16 rounds xs to bfloat16 in place (RoundBF16) and writes
// their encoding (as encodeValues does) into buf, 2*len(xs) bytes.
func roundEncodeBF16(xs []float64, buf []byte) {
	buf = buf[:2*len(xs)]
	for i, v := range xs {
		var r float64
		if rb, ok := roundBF16Fast(math.Float64bits(v)); ok {
			r = math.Float64frombits(rb)
		} else {
			r = roundBF16Slow(v)
		}
		xs[i] = r
		b := uint16(0x7fc0) // BF16Bits' NaN
		if r == r {
			b = uint16(math.Float32bits(float32(r)) >> 16)
		}
		binary.LittleEndian.PutUint16(buf[2*i:2*i+2], b)
	}
}

// Decode converts a tensor holding dtype elements to an array.
func Decode(t *sim.Tensor, dtype string) (*Array, error) {
	d, err := simDType(dtype)
	if err != nil {
		return nil, err
	}
	size := d.Size
	if t.DType.Size != size {
		return nil, fmt.Errorf("tensor of %s cannot hold %s elements", t.DType.Name, dtype)
	}
	if len(t.Data) != sim.Elems(t.Shape)*size {
		return nil, fmt.Errorf("tensor has %d bytes, shape %v of %s needs %d", len(t.Data), t.Shape, dtype, sim.Elems(t.Shape)*size)
	}
	a := &Array{Shape: append([]int(nil), t.Shape...)}
	if dtype != "bfloat16" {
		tt := *t
		tt.DType = d // reinterpret a same-size tensor
		a.Data = tt.Values()
		return a, nil
	}
	a.Data = make([]float64, len(t.Data)/2)
	for i := range a.Data {
		a.Data[i] = BF16Value(binary.LittleEndian.Uint16(t.Data[2*i:]))
	}
	return a, nil
}

// SimDType is the simulator dtype that holds a case dtype's elements
// (bfloat16 is held as uint16 bit patterns, an MX dtype as float32
// values: the .npy of a case tensor).
func SimDType(dtype string) (sim.DType, error) { return simDType(dtype) }

// quantiseMX rounds an array's values to MXFP8 in place with PLENA's
// harness quantiser, block by block along its rows (mx.Quantise), and
// reports whether quantising again is certain to leave them as they are.
func quantiseMX(a *Array) bool {
	_, c := rowsCols(a.Shape)
	return mx.Quantise(a.Data, c)
}

// roundHalf rounds x to IEEE binary16 (nearest even; overflow to
// infinity; gradual underflow).
func roundHalf(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	a := math.Abs(x)
	var r float64
	if a < 0x1p-14 {
		r = math.RoundToEven(a*0x1p24) / 0x1p24
	} else {
		_, e := math.Frexp(a) // a in [2^(e-1), 2^e)
		q := math.Ldexp(1, e-11)
		r = math.RoundToEven(a/q) * q
	}
	if r > 65504 {
		r = math.Inf(1)
	}
	return math.Copysign(r, x)
}

// halfBits is the IEEE binary16 bit pattern of x rounded to binary16.
func halfBits(x float64) uint16 {
	r := roundHalf(x)
	var sign uint16
	if math.Signbit(r) {
		sign, r = 0x8000, -r
	}
	switch {
	case math.IsNaN(r):
		return 0x7e00
	case math.IsInf(r, 0):
		return sign | 0x7c00
	case r < 0x1p-14:
		return sign | uint16(r*0x1p24)
	}
	_, e := math.Frexp(r) // r in [2^(e-1), 2^e)
	m := uint16(math.Ldexp(r, 11-e)) & 0x3ff
	return sign | uint16(e-1+15)<<10 | m
}
