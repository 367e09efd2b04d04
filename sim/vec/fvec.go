package vec

// Float operations of the FBin, FMac, FCmp, FUnary and FRed loops.
const (
	FpAdd   Op = iota + 128 // a + b
	FpSub                   // a - b
	FpRSub                  // b - a
	FpMul                   // a * b
	FpDiv                   // a / b
	FpRDiv                  // b / a
	FpMin                   // minimumNumber(a, b)
	FpMax                   // maximumNumber(a, b)
	FpSgnj                  // |a| with b's sign
	FpSgnjn                 // |a| with b's sign inverted
	FpSgnjx                 // a with sign a^b

	FpMacc  // +(b*a) + d
	FpNmacc // -(b*a) - d
	FpMsac  // +(b*a) - d
	FpNmsac // -(b*a) + d
	FpMadd  // +(b*d) + a
	FpNmadd // -(b*d) - a
	FpMsub  // +(b*d) - a
	FpNmsub // -(b*d) + a

	FpEq // a == b (quiet)
	FpNe // a != b (quiet)
	FpLt // a < b
	FpLe // a <= b
	FpGt // a > b
	FpGe // a >= b

	FpSqrt      // sqrt(a)
	FpRsqrt7    // 1/sqrt(a) estimate
	FpRec7      // 1/a estimate
	FpClass     // classification mask
	FpCvtXUF    // float → uint32, rm
	FpCvtXF     // float → int32, rm
	FpCvtFXU    // uint32 → float, rm
	FpCvtFX     // int32 → float, rm
	FpCvtRtzXUF // float → uint32, toward zero
	FpCvtRtzXF  // float → int32, toward zero

	FpRedSum // ordered sum
	FpRedMin
	FpRedMax
)

func fbin(op Op, x, y, rm uint32) (uint32, uint32) {
	switch op {
	case FpAdd:
		return FAdd(x, y, rm)
	case FpSub:
		return FSub(x, y, rm)
	case FpRSub:
		return FSub(y, x, rm)
	case FpMul:
		return FMul(x, y, rm)
	case FpDiv:
		return FDiv(x, y, rm)
	case FpRDiv:
		return FDiv(y, x, rm)
	case FpMin:
		return FMin(x, y)
	case FpMax:
		return FMax(x, y)
	case FpSgnj:
		return x&^signBit32 | y&signBit32, 0
	case FpSgnjn:
		return x&^signBit32 | ^y&signBit32, 0
	case FpSgnjx:
		return x ^ y&signBit32, 0
	}
	return x, 0
}

// FBin computes d[i] = a[i] op b[i] (FpAdd…FpSgnjx) on float32 bit patterns
// for the active elements s ≤ i < e with rounding mode rm, and returns the
// accumulated exception flags.
func FBin(op Op, d, a, b []uint32, mask []byte, s, e int, rm uint32) (flags uint32) {
	for i := s; i < e; i++ {
		if active(mask, i) {
			r, fl := fbin(op, a[i], b[i], rm)
			d[i] = r
			flags |= fl
		}
	}
	return flags
}

// FBinX is FBin with the scalar x in place of b.
func FBinX(op Op, d, a []uint32, x uint32, mask []byte, s, e int, rm uint32) (flags uint32) {
	for i := s; i < e; i++ {
		if active(mask, i) {
			r, fl := fbin(op, a[i], x, rm)
			d[i] = r
			flags |= fl
		}
	}
	return flags
}

func fmac(op Op, d, a, b, rm uint32) (uint32, uint32) {
	const n = signBit32
	switch op {
	case FpMacc:
		return FMA(b, a, d, rm)
	case FpNmacc:
		return FMA(b^n, a, d^n, rm)
	case FpMsac:
		return FMA(b, a, d^n, rm)
	case FpNmsac:
		return FMA(b^n, a, d, rm)
	case FpMadd:
		return FMA(b, d, a, rm)
	case FpNmadd:
		return FMA(b^n, d, a^n, rm)
	case FpMsub:
		return FMA(b, d, a^n, rm)
	case FpNmsub:
		return FMA(b^n, d, a, rm)
	}
	return d, 0
}

// FMac computes the fused multiply-adds FpMacc…FpNmsub (a = vs2, b = vs1).
func FMac(op Op, d, a, b []uint32, mask []byte, s, e int, rm uint32) (flags uint32) {
	for i := s; i < e; i++ {
		if active(mask, i) {
			r, fl := fmac(op, d[i], a[i], b[i], rm)
			d[i] = r
			flags |= fl
		}
	}
	return flags
}

// FMacX is FMac with the scalar x in place of b.
func FMacX(op Op, d, a []uint32, x uint32, mask []byte, s, e int, rm uint32) (flags uint32) {
	for i := s; i < e; i++ {
		if active(mask, i) {
			r, fl := fmac(op, d[i], a[i], x, rm)
			d[i] = r
			flags |= fl
		}
	}
	return flags
}

func fcmp(op Op, x, y uint32) (bool, uint32) {
	switch op {
	case FpEq:
		return FEq(x, y)
	case FpNe:
		r, fl := FEq(x, y)
		return !r, fl
	case FpLt:
		return FLt(x, y)
	case FpLe:
		return FLe(x, y)
	case FpGt:
		return FLt(y, x)
	case FpGe:
		return FLe(y, x)
	}
	return false, 0
}

// FCmp writes mask bit i of dm = a[i] op b[i] (FpEq…FpGe) for the active
// elements and returns the exception flags.
func FCmp(op Op, dm []byte, a, b []uint32, mask []byte, s, e int) (flags uint32) {
	for i := s; i < e; i++ {
		if active(mask, i) {
			r, fl := fcmp(op, a[i], b[i])
			SetBit(dm, i, r)
			flags |= fl
		}
	}
	return flags
}

// FCmpX is FCmp with the scalar x in place of b.
func FCmpX(op Op, dm []byte, a []uint32, x uint32, mask []byte, s, e int) (flags uint32) {
	for i := s; i < e; i++ {
		if active(mask, i) {
			r, fl := fcmp(op, a[i], x)
			SetBit(dm, i, r)
			flags |= fl
		}
	}
	return flags
}

// FUnary computes the single-width unary ops FpSqrt…FpCvtRtzXF.
func FUnary(op Op, d, a []uint32, mask []byte, s, e int, rm uint32) (flags uint32) {
	for i := s; i < e; i++ {
		if !active(mask, i) {
			continue
		}
		x := a[i]
		var r, fl uint32
		switch op {
		case FpSqrt:
			r, fl = FSqrt(x, rm)
		case FpRsqrt7:
			r, fl = FRsqrt7(x)
		case FpRec7:
			r, fl = FRec7(x, rm)
		case FpClass:
			r = FClass(x)
		case FpCvtXUF, FpCvtRtzXUF:
			m := rm
			if op == FpCvtRtzXUF {
				m = RTZ
			}
			v, f := FToInt(x, m, false, 32)
			r, fl = uint32(v), f
		case FpCvtXF, FpCvtRtzXF:
			m := rm
			if op == FpCvtRtzXF {
				m = RTZ
			}
			v, f := FToInt(x, m, true, 32)
			r, fl = uint32(v), f
		case FpCvtFXU:
			r, fl = IntToF(int64(x), rm)
		case FpCvtFX:
			r, fl = IntToF(int64(int32(x)), rm)
		}
		d[i] = r
		flags |= fl
	}
	return flags
}

// FRed folds the active elements a[0:e] into acc in element order
// (FpRedSum, FpRedMin, FpRedMax) and returns the result and the flags.
func FRed(op Op, a []uint32, mask []byte, e int, acc, rm uint32) (uint32, uint32) {
	var flags uint32
	for i := 0; i < e; i++ {
		if !active(mask, i) {
			continue
		}
		var fl uint32
		switch op {
		case FpRedSum:
			acc, fl = FAdd(acc, a[i], rm)
		case FpRedMin:
			acc, fl = FMin(acc, a[i])
		case FpRedMax:
			acc, fl = FMax(acc, a[i])
		}
		flags |= fl
	}
	return acc, flags
}
