package vec

import (
	"math"
	"math/bits"
)

// Single-precision floating point with the five RISC-V rounding modes and
// exception flags, computed exactly with float64 and error-free
// transformations (no host FPU mode changes). Values are float32 bit
// patterns. NaN results are the canonical NaN 0x7fc00000.

// fflags bits.
const (
	FlagNX uint32 = 1 << iota // inexact
	FlagUF                    // underflow
	FlagOF                    // overflow
	FlagDZ                    // divide by zero
	FlagNV                    // invalid operation
)

// Rounding modes (frm).
const (
	RNE uint32 = iota // to nearest, ties to even
	RTZ               // toward zero
	RDN               // down (toward -inf)
	RUP               // up (toward +inf)
	RMM               // to nearest, ties to max magnitude
)

// CanonicalNaN is the RISC-V canonical quiet NaN.
const CanonicalNaN uint32 = 0x7fc00000

const (
	signBit32 = 0x80000000
	inf32     = 0x7f800000
	maxF32    = 0x7f7fffff
)

// IsNaN32 reports whether x is a NaN.
func IsNaN32(x uint32) bool { return x&0x7fffffff > inf32 }

// IsSNaN32 reports whether x is a signaling NaN.
func IsSNaN32(x uint32) bool { return IsNaN32(x) && x&0x00400000 == 0 }

func f64(x uint32) float64 { return float64(math.Float32frombits(x)) }

func sgn(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// roundShift returns M >> sh rounded in mode rm for a value of sign neg,
// and whether bits were lost.
func roundShift(m uint64, sh int, rm uint32, neg bool) (uint64, bool) {
	if sh <= 0 {
		return m << uint(-sh), false
	}
	var q, rem, half uint64
	if sh >= 64 {
		q, rem, half = 0, m, 0
		if m == 0 {
			return 0, false
		}
		// rem is far below half an ulp
		up := (rm == RUP && !neg) || (rm == RDN && neg)
		if up {
			q = 1
		}
		return q, true
	}
	q = m >> uint(sh)
	rem = m & (uint64(1)<<uint(sh) - 1)
	half = uint64(1) << uint(sh-1)
	var up bool
	switch rm {
	case RNE:
		up = rem > half || (rem == half && q&1 == 1)
	case RMM:
		up = rem >= half
	case RDN:
		up = neg && rem != 0
	case RUP:
		up = !neg && rem != 0
	}
	if up {
		q++
	}
	return q, rem != 0
}

// round32 rounds the exact value x + ε to single precision, where x is a
// finite float64 and res is the sign of the (tiny) residual ε, |ε| < half
// an ulp of x. Tininess is detected after rounding, as RISC-V does.
func round32(x float64, res int, rm uint32) (uint32, uint32) {
	b := math.Float64bits(x)
	neg := b>>63 != 0
	var sign uint32
	if neg {
		sign = signBit32
	}
	if x == 0 {
		return sign, 0
	}
	if math.IsInf(x, 0) {
		return sign | inf32, 0
	}
	e := int(b >> 52 & 0x7ff)
	m := b & (1<<52 - 1)
	if e == 0 {
		e = 1
	} else {
		m |= 1 << 52
	}
	if neg {
		res = -res
	}
	// Magnitude as M·2^exp with two extra low bits that carry the residual.
	M := m << 2
	if res > 0 {
		M++
	} else if res < 0 {
		M--
	}
	exp := e - 1075 - 2
	n := 63 - bits.LeadingZeros64(M)
	E := n + exp // 2^E ≤ |value| < 2^(E+1)
	tiny := false
	if E < -126 {
		q, _ := roundShift(M, n-23, rm, neg)
		tiny = q < 1<<24 || E < -127
	}
	k := max(E-23, -149)
	q, inexact := roundShift(M, k-exp, rm, neg)
	var fl uint32
	if inexact {
		fl |= FlagNX
		if tiny {
			fl |= FlagUF
		}
	}
	if q == 0 {
		return sign, fl
	}
	v := math.Ldexp(float64(q), k)
	if v > math.MaxFloat32 {
		fl |= FlagOF | FlagNX
		switch {
		case rm == RTZ, rm == RDN && !neg, rm == RUP && neg:
			return sign | maxF32, fl
		}
		return sign | inf32, fl
	}
	return sign | math.Float32bits(float32(v)), fl
}

func nanResult(fl uint32, xs ...uint32) (uint32, uint32) {
	for _, x := range xs {
		if IsSNaN32(x) {
			fl |= FlagNV
		}
	}
	return CanonicalNaN, fl
}

// zeroSum is the sign of an exact zero sum x + y (x, y the addends): the
// common sign when they agree (only ±0 + ±0), else -0 when rounding down
// and +0 otherwise.
func zeroSum(x, y float64, rm uint32) uint32 {
	sx, sy := math.Signbit(x), math.Signbit(y)
	if sx == sy {
		if sx {
			return signBit32
		}
		return 0
	}
	if rm == RDN {
		return signBit32
	}
	return 0
}

// FAdd returns a + b rounded in mode rm and the exception flags.
func FAdd(a, b, rm uint32) (uint32, uint32) {
	if IsNaN32(a) || IsNaN32(b) {
		return nanResult(0, a, b)
	}
	x, y := f64(a), f64(b)
	if math.IsInf(x, 0) && math.IsInf(y, 0) && x != y {
		return CanonicalNaN, FlagNV
	}
	s := x + y
	if math.IsInf(s, 0) {
		return math.Float32bits(float32(s)), 0
	}
	bv := s - x
	av := s - bv
	err := (x - av) + (y - bv)
	if s == 0 && err == 0 {
		return zeroSum(x, y, rm), 0
	}
	return round32(s, sgn(err), rm)
}

// FSub returns a - b.
func FSub(a, b, rm uint32) (uint32, uint32) { return FAdd(a, b^signBit32, rm) }

// FMul returns a * b.
func FMul(a, b, rm uint32) (uint32, uint32) {
	if IsNaN32(a) || IsNaN32(b) {
		return nanResult(0, a, b)
	}
	x, y := f64(a), f64(b)
	if (math.IsInf(x, 0) && y == 0) || (x == 0 && math.IsInf(y, 0)) {
		return CanonicalNaN, FlagNV
	}
	p := x * y // exact: 24×24 bits
	if math.IsInf(p, 0) {
		return math.Float32bits(float32(p)), 0
	}
	return round32(p, 0, rm)
}

// FDiv returns a / b.
func FDiv(a, b, rm uint32) (uint32, uint32) {
	if IsNaN32(a) || IsNaN32(b) {
		return nanResult(0, a, b)
	}
	x, y := f64(a), f64(b)
	sign := (a ^ b) & signBit32
	switch {
	case math.IsInf(x, 0) && math.IsInf(y, 0), x == 0 && y == 0:
		return CanonicalNaN, FlagNV
	case math.IsInf(x, 0):
		return sign | inf32, 0
	case y == 0:
		return sign | inf32, FlagDZ
	case math.IsInf(y, 0), x == 0:
		return sign, 0
	}
	q := x / y
	rem := math.FMA(-q, y, x) // exact remainder
	return round32(q, sgn(rem)*sgn(y), rm)
}

// FSqrt returns the square root of a.
func FSqrt(a, rm uint32) (uint32, uint32) {
	if IsNaN32(a) {
		return nanResult(0, a)
	}
	x := f64(a)
	switch {
	case x == 0:
		return a, 0
	case x < 0:
		return CanonicalNaN, FlagNV
	case math.IsInf(x, 1):
		return a, 0
	}
	r := math.Sqrt(x)
	rem := math.FMA(-r, r, x)
	return round32(r, sgn(rem), rm)
}

// FMA returns a*b + c with a single rounding.
func FMA(a, b, c, rm uint32) (uint32, uint32) {
	x, y, z := f64(a), f64(b), f64(c)
	invalidMul := (math.IsInf(x, 0) && y == 0) || (x == 0 && math.IsInf(y, 0))
	if IsNaN32(a) || IsNaN32(b) || IsNaN32(c) {
		var fl uint32
		if invalidMul {
			fl = FlagNV
		}
		return nanResult(fl, a, b, c)
	}
	if invalidMul {
		return CanonicalNaN, FlagNV
	}
	p := x * y
	if math.IsInf(p, 0) {
		if math.IsInf(z, 0) && z != p {
			return CanonicalNaN, FlagNV
		}
		return math.Float32bits(float32(p)), 0
	}
	if math.IsInf(z, 0) {
		return c, 0
	}
	s := p + z
	bv := s - p
	av := s - bv
	err := (p - av) + (z - bv)
	if s == 0 && err == 0 {
		return zeroSum(p, z, rm), 0
	}
	return round32(s, sgn(err), rm)
}

// FMin is minimumNumber (RISC-V fmin): a NaN operand yields the other;
// -0 < +0; sNaN raises invalid.
func FMin(a, b uint32) (uint32, uint32) {
	var fl uint32
	if IsSNaN32(a) || IsSNaN32(b) {
		fl = FlagNV
	}
	switch {
	case IsNaN32(a) && IsNaN32(b):
		return CanonicalNaN, fl
	case IsNaN32(a):
		return b, fl
	case IsNaN32(b):
		return a, fl
	}
	x, y := f64(a), f64(b)
	if x < y || (x == y && a&signBit32 != 0) {
		return a, fl
	}
	return b, fl
}

// FMax is maximumNumber (RISC-V fmax).
func FMax(a, b uint32) (uint32, uint32) {
	var fl uint32
	if IsSNaN32(a) || IsSNaN32(b) {
		fl = FlagNV
	}
	switch {
	case IsNaN32(a) && IsNaN32(b):
		return CanonicalNaN, fl
	case IsNaN32(a):
		return b, fl
	case IsNaN32(b):
		return a, fl
	}
	x, y := f64(a), f64(b)
	if x > y || (x == y && a&signBit32 == 0) {
		return a, fl
	}
	return b, fl
}

// FEq is the quiet equality compare (invalid only on sNaN).
func FEq(a, b uint32) (bool, uint32) {
	if IsNaN32(a) || IsNaN32(b) {
		if IsSNaN32(a) || IsSNaN32(b) {
			return false, FlagNV
		}
		return false, 0
	}
	return f64(a) == f64(b), 0
}

// FLt is the signaling a < b compare (invalid on any NaN).
func FLt(a, b uint32) (bool, uint32) {
	if IsNaN32(a) || IsNaN32(b) {
		return false, FlagNV
	}
	return f64(a) < f64(b), 0
}

// FLe is the signaling a <= b compare (invalid on any NaN).
func FLe(a, b uint32) (bool, uint32) {
	if IsNaN32(a) || IsNaN32(b) {
		return false, FlagNV
	}
	return f64(a) <= f64(b), 0
}

// FClass returns the RISC-V classification mask of a (one bit of 0..9).
func FClass(a uint32) uint32 {
	neg := a&signBit32 != 0
	exp := a >> 23 & 0xff
	frac := a & 0x7fffff
	switch {
	case exp == 0xff && frac != 0:
		if frac&0x400000 != 0 {
			return 1 << 9
		}
		return 1 << 8
	case exp == 0xff:
		if neg {
			return 1 << 0
		}
		return 1 << 7
	case exp == 0 && frac == 0:
		if neg {
			return 1 << 3
		}
		return 1 << 4
	case exp == 0:
		if neg {
			return 1 << 2
		}
		return 1 << 5
	}
	if neg {
		return 1 << 1
	}
	return 1 << 6
}

func roundInt(x float64, rm uint32) float64 {
	switch rm {
	case RTZ:
		return math.Trunc(x)
	case RDN:
		return math.Floor(x)
	case RUP:
		return math.Ceil(x)
	case RMM:
		return math.Round(x)
	}
	return math.RoundToEven(x)
}

// FToInt converts a to an integer of width bits (≤ 32), signed or unsigned,
// rounding in mode rm and saturating with the invalid flag as RISC-V does
// (NaN converts to the largest value). The result is returned sign- or
// zero-extended in an int64.
func FToInt(a uint32, rm uint32, signed bool, width uint) (int64, uint32) {
	var lo, hi int64
	if signed {
		lo, hi = -int64(1)<<(width-1), int64(1)<<(width-1)-1
	} else {
		lo, hi = 0, int64(1)<<width-1
	}
	if IsNaN32(a) {
		return hi, FlagNV
	}
	x := f64(a)
	r := roundInt(x, rm)
	switch {
	case r > float64(hi):
		return hi, FlagNV
	case r < float64(lo):
		return lo, FlagNV
	}
	var fl uint32
	if r != x {
		fl = FlagNX
	}
	return int64(r), fl
}

// IntToF converts the integer v (|v| < 2^53) to single precision in mode rm.
func IntToF(v int64, rm uint32) (uint32, uint32) {
	return round32(float64(v), 0, rm)
}

var rsqrt7Table = [128]uint8{
	52, 51, 50, 48, 47, 46, 44, 43, 42, 41, 40, 39, 38, 36, 35, 34,
	33, 32, 31, 30, 30, 29, 28, 27, 26, 25, 24, 23, 23, 22, 21, 20,
	19, 19, 18, 17, 16, 16, 15, 14, 14, 13, 12, 12, 11, 10, 10, 9,
	9, 8, 7, 7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0,
	127, 125, 123, 121, 119, 118, 116, 114, 113, 111, 109, 108, 106, 105, 103, 102,
	100, 99, 97, 96, 95, 93, 92, 91, 90, 88, 87, 86, 85, 84, 83, 82,
	80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 70, 69, 68, 67, 66,
	65, 64, 63, 63, 62, 61, 60, 59, 59, 58, 57, 56, 56, 55, 54, 53,
}

var rec7Table = [128]uint8{
	127, 125, 123, 121, 119, 117, 116, 114, 112, 110, 109, 107, 105, 104, 102, 100,
	99, 97, 96, 94, 93, 91, 90, 88, 87, 85, 84, 83, 81, 80, 79, 77,
	76, 75, 74, 72, 71, 70, 69, 68, 66, 65, 64, 63, 62, 61, 60, 59,
	58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43,
	42, 41, 40, 40, 39, 38, 37, 36, 35, 35, 34, 33, 32, 31, 31, 30,
	29, 28, 28, 27, 26, 25, 25, 24, 23, 23, 22, 21, 21, 20, 19, 19,
	18, 17, 17, 16, 15, 15, 14, 14, 13, 12, 12, 11, 11, 10, 9, 9,
	8, 8, 7, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0,
}

// normalize returns the exponent and fraction of a finite nonzero a, with
// subnormals normalized (exponent ≤ 0, leading one dropped).
func normalize(a uint32) (int, uint32) {
	exp := int(a >> 23 & 0xff)
	sig := a & 0x7fffff
	if exp == 0 {
		for sig&0x400000 == 0 {
			exp--
			sig <<= 1
		}
		sig = (sig << 1) & 0x7fffff
	}
	return exp, sig
}

// FRsqrt7 is vfrsqrt7: a 7-bit estimate of 1/sqrt(a) (RVV spec table).
func FRsqrt7(a uint32) (uint32, uint32) {
	switch c := FClass(a); {
	case c&(1<<0|1<<1|1<<2|1<<8) != 0:
		return CanonicalNaN, FlagNV
	case c&(1<<9) != 0:
		return CanonicalNaN, 0
	case c&(1<<3) != 0:
		return signBit32 | inf32, FlagDZ
	case c&(1<<4) != 0:
		return inf32, FlagDZ
	case c&(1<<7) != 0:
		return 0, 0
	}
	exp, sig := normalize(a)
	idx := (exp&1)<<6 | int(sig>>17)
	outExp := (380 - exp) / 2
	return uint32(outExp)<<23 | uint32(rsqrt7Table[idx])<<16, 0
}

// FRec7 is vfrec7: a 7-bit estimate of 1/a (RVV spec table).
func FRec7(a, rm uint32) (uint32, uint32) {
	sign := a & signBit32
	switch c := FClass(a); {
	case c&(1<<0) != 0:
		return signBit32, 0
	case c&(1<<7) != 0:
		return 0, 0
	case c&(1<<3) != 0:
		return signBit32 | inf32, FlagDZ
	case c&(1<<4) != 0:
		return inf32, FlagDZ
	case c&(1<<8) != 0:
		return CanonicalNaN, FlagNV
	case c&(1<<9) != 0:
		return CanonicalNaN, 0
	}
	exp, sig := normalize(a)
	if exp < -1 {
		// 1/a overflows: the largest finite or infinity by rounding mode.
		if rm == RTZ || (rm == RDN && sign == 0) || (rm == RUP && sign != 0) {
			return sign | maxF32, FlagNX | FlagOF
		}
		return sign | inf32, FlagNX | FlagOF
	}
	outSig := uint32(rec7Table[sig>>16]) << 16
	outExp := 253 - exp
	if outExp <= 0 {
		outSig = outSig>>1 | 1<<22
		if outExp == -1 {
			outSig >>= 1
		}
		outExp = 0
	}
	return sign | uint32(outExp)<<23 | outSig, 0
}
