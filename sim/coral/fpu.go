package coral

import (
	"math"
	"math/bits"
)

// IEEE 754 single precision for RV32F, computed exactly with integers so that
// every rounding mode and every exception flag is right (no host float
// arithmetic is involved, so results do not depend on the host either).
//
// The scheme is softfloat's: unpack the operands into (sign, exponent,
// integer significand), compute the exact result or the exact result's
// leading bits plus a sticky bit, then round once in roundPack.

// fflags bits.
const (
	fNX = 1 << 0 // inexact
	fUF = 1 << 1 // underflow
	fOF = 1 << 2 // overflow
	fDZ = 1 << 3 // divide by zero
	fNV = 1 << 4 // invalid
)

// Rounding modes (the rm field and frm).
const (
	rmRNE = 0
	rmRTZ = 1
	rmRDN = 2
	rmRUP = 3
	rmRMM = 4
	rmDYN = 7
)

const (
	canonNaN = 0x7fc00000
	f32Inf   = 0x7f800000
	f32Max   = 0x7f7fffff
	signBit  = 0x80000000
)

func isNaN32(a uint32) bool  { return a&0x7fffffff > f32Inf }
func isSNaN32(a uint32) bool { return isNaN32(a) && a&0x00400000 == 0 }
func isInf32(a uint32) bool  { return a&0x7fffffff == f32Inf }
func isZero32(a uint32) bool { return a&0x7fffffff == 0 }

// unpack32 splits a finite non-zero value into sign and value = m·2^e with
// m normalised to bit 23 (subnormals included).
func unpack32(a uint32) (neg bool, e int, m uint64) {
	neg = a&signBit != 0
	ef := int(a >> 23 & 0xff)
	f := uint64(a & 0x7fffff)
	if ef == 0 {
		sh := bits.LeadingZeros64(f) - 40
		return neg, -149 - sh, f << uint(sh)
	}
	return neg, ef - 150, f | 1<<23
}

// roundPack rounds (m + sticky·ε)·2^e, with m > 0 and ε a positive amount
// below one unit of m's last bit, to single precision under rounding mode rm.
// Tininess is detected after rounding, as RISC-V specifies.
func roundPack(neg bool, e int, m uint64, sticky bool, rm uint8) (uint32, uint8) {
	lz := bits.LeadingZeros64(m)
	m <<= uint(lz)
	e -= lz
	E := e + 63 // exponent of the leading bit
	var sign uint32
	if neg {
		sign = signBit
	}
	shift := 40 // keep 24 of the 64 bits
	if E < -126 {
		shift += -126 - E
	}
	var kept, rem, half uint64
	switch {
	case shift < 64:
		kept, rem, half = m>>uint(shift), m&(1<<uint(shift)-1), 1<<uint(shift-1)
	case shift == 64:
		kept, rem, half = 0, m, 1<<63
	default: // below half of the smallest subnormal, and not zero
		kept, rem, half = 0, 1, 2
	}
	inexact := rem != 0 || sticky
	up := roundUp(rm, neg, kept&1 == 1, rem, half, sticky)
	var flags uint8
	if inexact {
		flags |= fNX
	}
	if E < -126 {
		tiny := true
		if E == -127 {
			// Rounded to 24 bits with an unbounded exponent, does the value
			// reach 2^-126?
			k, r, h := m>>40, m&(1<<40-1), uint64(1)<<39
			if roundUp(rm, neg, k&1 == 1, r, h, sticky) && k+1 == 1<<24 {
				tiny = false
			}
		}
		if tiny && inexact {
			flags |= fUF
		}
		if up {
			kept++
		}
		return sign | uint32(kept), flags // kept == 1<<23 encodes 2^-126
	}
	if up {
		kept++
		if kept == 1<<24 {
			kept >>= 1
			E++
		}
	}
	if E > 127 {
		flags |= fOF | fNX
		return sign | overflowResult(rm, neg), flags
	}
	return sign | uint32(E+127)<<23 | uint32(kept)&0x7fffff, flags
}

// roundUp decides whether to add one unit to kept, given the remainder rem
// (of which half is the midpoint) and a sticky bit below rem.
func roundUp(rm uint8, neg, odd bool, rem, half uint64, sticky bool) bool {
	switch rm {
	case rmRNE:
		return rem > half || rem == half && (sticky || odd)
	case rmRMM:
		return rem >= half
	case rmRDN:
		return neg && (rem != 0 || sticky)
	case rmRUP:
		return !neg && (rem != 0 || sticky)
	}
	return false // rmRTZ
}

func overflowResult(rm uint8, neg bool) uint32 {
	switch rm {
	case rmRTZ:
		return f32Max
	case rmRDN:
		if neg {
			return f32Inf
		}
		return f32Max
	case rmRUP:
		if neg {
			return f32Max
		}
		return f32Inf
	}
	return f32Inf
}

// nanResult returns the canonical NaN and NV if any operand is signaling.
func nanResult(ops ...uint32) (uint32, uint8) {
	for _, o := range ops {
		if isSNaN32(o) {
			return canonNaN, fNV
		}
	}
	return canonNaN, 0
}

func zeroSum(rm uint8) uint32 {
	if rm == rmRDN {
		return signBit
	}
	return 0
}

// addExact returns the rounded sum of sa·ma·2^ea and sb·mb·2^eb for
// significands of at most 48 bits (product of two singles included).
func addExact(sa bool, ea int, ma uint64, sb bool, eb int, mb uint64, rm uint8) (uint32, uint8) {
	// Normalise both to bit 61, leaving room for a carry.
	la := bits.LeadingZeros64(ma) - 2
	ma <<= uint(la)
	ea -= la
	lb := bits.LeadingZeros64(mb) - 2
	mb <<= uint(lb)
	eb -= lb
	if ea < eb || ea == eb && ma < mb {
		sa, ea, ma, sb, eb, mb = sb, eb, mb, sa, ea, ma
	}
	// Shift the smaller one right, jamming lost bits into bit 0. Both have at
	// least 14 zero low bits, so nothing is lost for shifts up to 14, and for
	// larger shifts cancellation removes at most one leading bit.
	if d := ea - eb; d >= 63 {
		mb = 1
	} else if d > 0 {
		lost := mb&(1<<uint(d)-1) != 0
		mb >>= uint(d)
		if lost {
			mb |= 1
		}
	}
	var m uint64
	if sa == sb {
		m = ma + mb
	} else {
		m = ma - mb
		if m == 0 {
			return zeroSum(rm), 0
		}
	}
	return roundPack(sa, ea, m, false, rm)
}

func fadd32(a, b uint32, rm uint8) (uint32, uint8) {
	switch {
	case isNaN32(a) || isNaN32(b):
		return nanResult(a, b)
	case isInf32(a):
		if isInf32(b) && a != b {
			return canonNaN, fNV
		}
		return a, 0
	case isInf32(b):
		return b, 0
	case isZero32(a) && isZero32(b):
		if a == b {
			return a, 0
		}
		return zeroSum(rm), 0
	case isZero32(a):
		return b, 0
	case isZero32(b):
		return a, 0
	}
	sa, ea, ma := unpack32(a)
	sb, eb, mb := unpack32(b)
	return addExact(sa, ea, ma, sb, eb, mb, rm)
}

func fsub32(a, b uint32, rm uint8) (uint32, uint8) {
	if isNaN32(b) {
		return nanResult(a, b)
	}
	return fadd32(a, b^signBit, rm)
}

func fmul32(a, b uint32, rm uint8) (uint32, uint8) {
	sign := (a ^ b) & signBit
	switch {
	case isNaN32(a) || isNaN32(b):
		return nanResult(a, b)
	case isInf32(a) || isInf32(b):
		if isZero32(a) || isZero32(b) {
			return canonNaN, fNV
		}
		return sign | f32Inf, 0
	case isZero32(a) || isZero32(b):
		return sign, 0
	}
	sa, ea, ma := unpack32(a)
	sb, eb, mb := unpack32(b)
	return roundPack(sa != sb, ea+eb, ma*mb, false, rm)
}

func fdiv32(a, b uint32, rm uint8) (uint32, uint8) {
	sign := (a ^ b) & signBit
	switch {
	case isNaN32(a) || isNaN32(b):
		return nanResult(a, b)
	case isInf32(a):
		if isInf32(b) {
			return canonNaN, fNV
		}
		return sign | f32Inf, 0
	case isInf32(b):
		return sign, 0
	case isZero32(b):
		if isZero32(a) {
			return canonNaN, fNV
		}
		return sign | f32Inf, fDZ
	case isZero32(a):
		return sign, 0
	}
	sa, ea, ma := unpack32(a)
	sb, eb, mb := unpack32(b)
	n := ma << 40
	q, r := n/mb, n%mb
	return roundPack(sa != sb, ea-eb-40, q, r != 0, rm)
}

func fsqrt32(a uint32, rm uint8) (uint32, uint8) {
	switch {
	case isNaN32(a):
		return nanResult(a)
	case isZero32(a):
		return a, 0
	case a&signBit != 0:
		return canonNaN, fNV
	case isInf32(a):
		return a, 0
	}
	_, e, m := unpack32(a)
	if e&1 != 0 {
		m <<= 1
		e--
	}
	x := m << 36
	r := isqrt64(x)
	return roundPack(false, (e-36)/2, r, r*r != x, rm)
}

// isqrt64 is floor(sqrt(x)) for x < 2^62.
func isqrt64(x uint64) uint64 {
	r := uint64(math.Sqrt(float64(x)))
	for r*r > x {
		r--
	}
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// fma32 computes ±(a·b) ± c with a single rounding.
func fma32(a, b, c uint32, negProd, negC bool, rm uint8) (uint32, uint8) {
	psign := (a ^ b) & signBit
	if negProd {
		psign ^= signBit
	}
	if negC {
		c ^= signBit
	}
	infProd := isInf32(a) || isInf32(b)
	zeroProd := isZero32(a) || isZero32(b)
	if isNaN32(a) || isNaN32(b) || isNaN32(c) {
		r, f := nanResult(a, b, c)
		if infProd && zeroProd {
			f |= fNV
		}
		return r, f
	}
	switch {
	case infProd:
		if zeroProd {
			return canonNaN, fNV
		}
		if isInf32(c) && c&signBit != psign {
			return canonNaN, fNV
		}
		return psign | f32Inf, 0
	case isInf32(c):
		return c, 0
	case zeroProd:
		if isZero32(c) {
			if c == psign {
				return c, 0
			}
			return zeroSum(rm), 0
		}
		return c, 0
	}
	_, ea, ma := unpack32(a)
	_, eb, mb := unpack32(b)
	if isZero32(c) {
		return roundPack(psign != 0, ea+eb, ma*mb, false, rm)
	}
	sc, ec, mc := unpack32(c)
	return addExact(psign != 0, ea+eb, ma*mb, sc, ec, mc, rm)
}

// fcvtWS converts to a 32-bit integer (signed or unsigned), saturating and
// raising NV on NaN and out-of-range values as RISC-V specifies.
func fcvtWS(a uint32, rm uint8, signed bool) (uint32, uint8) {
	neg := a&signBit != 0
	if isNaN32(a) || isInf32(a) {
		switch {
		case signed && (isNaN32(a) || !neg):
			return 0x7fffffff, fNV
		case signed:
			return 0x80000000, fNV
		case isNaN32(a) || !neg:
			return 0xffffffff, fNV
		}
		return 0, fNV
	}
	if isZero32(a) {
		return 0, 0
	}
	_, e, m := unpack32(a)
	var mag uint64
	inexact := false
	if e >= 0 {
		if e > 32 {
			mag = 1 << 40 // certainly out of range
		} else {
			mag = m << uint(e)
		}
	} else {
		var kept, rem, half uint64
		if sh := -e; sh < 64 {
			kept, rem, half = m>>uint(sh), m&(1<<uint(sh)-1), 1<<uint(sh-1)
		} else {
			kept, rem, half = 0, 1, 2
		}
		inexact = rem != 0
		if roundUp(rm, neg, kept&1 == 1, rem, half, false) {
			kept++
		}
		mag = kept
	}
	if signed {
		if !neg && mag > 0x7fffffff {
			return 0x7fffffff, fNV
		}
		if neg && mag > 0x80000000 {
			return 0x80000000, fNV
		}
	} else {
		if neg && mag != 0 {
			return 0, fNV
		}
		if mag > 0xffffffff {
			return 0xffffffff, fNV
		}
	}
	var flags uint8
	if inexact {
		flags = fNX
	}
	if neg {
		return uint32(-int64(mag)), flags
	}
	return uint32(mag), flags
}

// fcvtSW converts a 32-bit integer (signed or unsigned) to single precision.
func fcvtSW(x uint32, rm uint8, signed bool) (uint32, uint8) {
	if x == 0 {
		return 0, 0
	}
	neg := false
	mag := uint64(x)
	if signed && int32(x) < 0 {
		neg, mag = true, uint64(-int64(int32(x)))
	}
	return roundPack(neg, 0, mag, false, rm)
}

// fminmax implements fmin.s/fmax.s of the F extension 2.2: a NaN operand
// yields the other operand, two NaNs the canonical NaN; -0 < +0.
func fminmax(a, b uint32, isMax bool) (uint32, uint8) {
	var flags uint8
	if isSNaN32(a) || isSNaN32(b) {
		flags = fNV
	}
	switch {
	case isNaN32(a) && isNaN32(b):
		return canonNaN, flags
	case isNaN32(a):
		return b, flags
	case isNaN32(b):
		return a, flags
	}
	if (fkey(b) < fkey(a)) == isMax {
		return a, flags
	}
	return b, flags
}

// fkey maps a non-NaN value to an unsigned key in numeric order, with -0
// ordered just below +0.
func fkey(a uint32) uint32 {
	if a&signBit != 0 {
		return ^a
	}
	return a | signBit
}

func feq32(a, b uint32) (uint32, uint8) {
	if isNaN32(a) || isNaN32(b) {
		if isSNaN32(a) || isSNaN32(b) {
			return 0, fNV
		}
		return 0, 0
	}
	if a == b || isZero32(a) && isZero32(b) {
		return 1, 0
	}
	return 0, 0
}

func fltCmp(a, b uint32, orEqual bool) (uint32, uint8) {
	if isNaN32(a) || isNaN32(b) {
		return 0, fNV
	}
	if isZero32(a) && isZero32(b) {
		if orEqual {
			return 1, 0
		}
		return 0, 0
	}
	if fkey(a) < fkey(b) || orEqual && a == b {
		return 1, 0
	}
	return 0, 0
}

func fclass32(a uint32) uint32 {
	neg := a&signBit != 0
	exp := a >> 23 & 0xff
	frac := a & 0x7fffff
	var bit uint
	switch {
	case isNaN32(a):
		if isSNaN32(a) {
			bit = 8
		} else {
			bit = 9
		}
		return 1 << bit
	case exp == 0xff:
		bit = 7
	case exp == 0 && frac == 0:
		bit = 4
	case exp == 0:
		bit = 5
	default:
		bit = 6
	}
	if neg {
		bit = 7 - bit
	}
	return 1 << bit
}
