package coral

import "kernelcraft/sim/vec"

// The scalar F extension computes with the same exact single-precision
// arithmetic as the vector unit (sim/vec: every rounding mode and exception
// flag, canonical NaNs, no host FPU state). These adapters give the scalar
// core its operand conventions: rounding modes as the rm field, flags as
// fflags bits, comparison results as integers.

// fflags bits, as the architecture (and sim/vec) numbers them.
const (
	fNX = 1 << 0 // inexact
	fUF = 1 << 1 // underflow
	fOF = 1 << 2 // overflow
	fDZ = 1 << 3 // divide by zero
	fNV = 1 << 4 // invalid
)

// Rounding modes (the rm field and frm), as sim/vec numbers them.
const (
	rmRNE = 0
	rmRTZ = 1
	rmRDN = 2
	rmRUP = 3
	rmRMM = 4
	rmDYN = 7
)

const (
	canonNaN = vec.CanonicalNaN
	f32Inf   = 0x7f800000
	signBit  = 0x80000000
)

func isNaN32(a uint32) bool  { return vec.IsNaN32(a) }
func isZero32(a uint32) bool { return a&0x7fffffff == 0 }

func fadd32(a, b uint32, rm uint8) (uint32, uint8) { return f8(vec.FAdd(a, b, uint32(rm))) }
func fsub32(a, b uint32, rm uint8) (uint32, uint8) { return f8(vec.FSub(a, b, uint32(rm))) }
func fmul32(a, b uint32, rm uint8) (uint32, uint8) { return f8(vec.FMul(a, b, uint32(rm))) }
func fdiv32(a, b uint32, rm uint8) (uint32, uint8) { return f8(vec.FDiv(a, b, uint32(rm))) }
func fsqrt32(a uint32, rm uint8) (uint32, uint8)   { return f8(vec.FSqrt(a, uint32(rm))) }

// fma32 is (±a·b) ± c rounded once: fmadd, fmsub (negC), fnmsub (negProd),
// fnmadd (both). Negating a NaN operand is harmless: NaN results are
// canonical and signalling-ness does not depend on the sign.
func fma32(a, b, c uint32, negProd, negC bool, rm uint8) (uint32, uint8) {
	if negProd {
		a ^= signBit
	}
	if negC {
		c ^= signBit
	}
	return f8(vec.FMA(a, b, c, uint32(rm)))
}

// fcvtWS is fcvt.w.s (signed) / fcvt.wu.s: saturating, NaN to the maximum.
func fcvtWS(a uint32, rm uint8, signed bool) (uint32, uint8) {
	r, fl := vec.FToInt(a, uint32(rm), signed, 32)
	return uint32(r), uint8(fl)
}

// fcvtSW is fcvt.s.w (signed) / fcvt.s.wu.
func fcvtSW(x uint32, rm uint8, signed bool) (uint32, uint8) {
	v := int64(x)
	if signed {
		v = int64(int32(x))
	}
	return f8(vec.IntToF(v, uint32(rm)))
}

// fminmax is fmin.s/fmax.s (F 2.2: minimumNumber/maximumNumber).
func fminmax(a, b uint32, isMax bool) (uint32, uint8) {
	if isMax {
		return f8(vec.FMax(a, b))
	}
	return f8(vec.FMin(a, b))
}

func feq32(a, b uint32) (uint32, uint8) { return b8(vec.FEq(a, b)) }

// fltCmp is flt.s, or fle.s when orEqual.
func fltCmp(a, b uint32, orEqual bool) (uint32, uint8) {
	if orEqual {
		return b8(vec.FLe(a, b))
	}
	return b8(vec.FLt(a, b))
}

func fclass32(a uint32) uint32 { return vec.FClass(a) }

func f8(r, flags uint32) (uint32, uint8) { return r, uint8(flags) }

func b8(r bool, flags uint32) (uint32, uint8) {
	if r {
		return 1, uint8(flags)
	}
	return 0, uint8(flags)
}
