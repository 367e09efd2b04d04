package aie2

import "kernelcraft/sim/vec"

// Rounding modes of crRnd (aiev2_defines.h). Modes 8..13 round to
// nearest and differ only at an exact half; modes AIE2 does not define
// (4..7, 14, 15) round like floor. The lane arithmetic of SRS, UPS, vpack
// and the bf16 conversions is package vec's (vec.SRS, vec.UPS, vec.Pack8,
// vec.ConvBF16, vec.ConvF32).
const (
	rndFloor    = vec.RndFloor    // toward -inf
	rndCeil     = vec.RndCeil     // toward +inf
	rndSymFloor = vec.RndSymFloor // toward zero
	rndSymCeil  = vec.RndSymCeil  // away from zero
	rndNegInf   = vec.RndNegInf   // nearest, half toward -inf
	rndPosInf   = vec.RndPosInf   // nearest, half toward +inf
	rndSymZero  = vec.RndSymZero  // nearest, half toward zero
	rndSymInf   = vec.RndSymInf   // nearest, half away from zero
	rndConvEven = vec.RndConvEven // nearest, half to even
	rndConvOdd  = vec.RndConvOdd  // nearest, half to odd
)
