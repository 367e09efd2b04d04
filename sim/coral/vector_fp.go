package coral

import (
	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// Zve32f: single-precision vector float. Every float operation needs
// SEW = 32 (Zve32f has no f16 or f64), except the widening int16 → f32
// and narrowing f32 → int16 conversions, which run at SEW = 16. Rounding
// uses the dynamic rounding mode FRM; exception flags accumulate in FFlags.

// chkFP checks that SEW = 32 (the only float width of Zve32f).
func (v *VState) chkFP(op *VOp) *sim.Trap {
	if v.SEW != 32 {
		return op.illegal("floating-point vector instructions need SEW=32 under Zve32f (SEW is %d)", v.SEW)
	}
	return nil
}

// chkFRM checks the dynamic rounding mode is valid (0…4).
func (v *VState) chkFRM(op *VOp) *sim.Trap {
	if v.FRM > vec.RMM {
		return op.illegal("frm = %d is not a valid rounding mode", v.FRM)
	}
	return nil
}

func (v *VState) execFP(op *VOp, f *[32]uint32) *sim.Trap {
	switch op.Kind {
	case kFWCvt, kFNCvt:
		return v.execFCvtWN(op)
	}
	if t := v.chkFP(op); t != nil {
		return t
	}
	switch op.Kind {
	case kFMvFS:
		f[op.Vd] = v.r32u(op.Vs2)[0]
		return nil
	case kFMvSF:
		if v.VStart < v.VL {
			v.r32u(op.Vd)[0] = f[op.Vs1]
		}
		return nil
	case kFMerge:
		var sel []byte
		if op.Masked {
			sel = v.V[:VLENB]
		}
		if t := v.chkSingle(op, op.Masked, false); t != nil {
			return t
		}
		vec.MergeX(v.r32u(op.Vd), v.r32u(op.Vs2), f[op.Vs1], sel, int(v.VStart), int(v.VL))
		return nil
	}
	if t := v.chkFRM(op); t != nil {
		return t
	}
	s, e, m, rm := int(v.VStart), int(v.VL), v.mask(op), v.FRM
	var sc uint32
	if op.Form == fVF {
		sc = f[op.Vs1]
	}
	var fl uint32
	switch op.Kind {
	case kFBin, kFMac:
		if t := v.chkSingle(op, true, true); t != nil {
			return t
		}
		d, a := v.r32u(op.Vd), v.r32u(op.Vs2)
		switch {
		case op.Kind == kFBin && op.Form == fVV:
			fl = vec.FBin(op.Fn, d, a, v.r32u(op.Vs1), m, s, e, rm)
		case op.Kind == kFBin:
			fl = vec.FBinX(op.Fn, d, a, sc, m, s, e, rm)
		case op.Form == fVV:
			fl = vec.FMac(op.Fn, d, a, v.r32u(op.Vs1), m, s, e, rm)
		default:
			fl = vec.FMacX(op.Fn, d, a, sc, m, s, e, rm)
		}
	case kFCmp:
		if t := v.chkMaskDest(op, op.Form == fVV); t != nil {
			return t
		}
		if op.Form == fVV {
			fl = vec.FCmp(op.Fn, v.rb(op.Vd), v.r32u(op.Vs2), v.r32u(op.Vs1), m, s, e)
		} else {
			fl = vec.FCmpX(op.Fn, v.rb(op.Vd), v.r32u(op.Vs2), sc, m, s, e)
		}
	case kFUnary:
		if t := v.chkSingle(op, true, false); t != nil {
			return t
		}
		fl = vec.FUnary(op.Fn, v.r32u(op.Vd), v.r32u(op.Vs2), m, s, e, rm)
	case kFRed:
		n := v.lmulRegs()
		if t := op.chkAlign("vs2", op.Vs2, n, v.LMUL8); t != nil {
			return t
		}
		if t := op.chkVstart0(v); t != nil {
			return t
		}
		if e == 0 {
			return nil
		}
		var r uint32
		r, fl = vec.FRed(op.Fn, v.r32u(op.Vs2), m, e, v.r32u(op.Vs1)[0], rm)
		v.r32u(op.Vd)[0] = r
	}
	v.FFlags |= fl
	return nil
}

// execFCvtWN runs the widening and narrowing conversions that Zve32f
// supports: vfwcvt.f.x[u].v (int16 → f32, SEW = 16) and vfncvt[.rtz].x[u].f.w
// (f32 → int16, SEW = 16).
func (v *VState) execFCvtWN(op *VOp) *sim.Trap {
	narrow := op.Kind == kFNCvt
	okFn := op.Fn == vec.FpCvtFX || op.Fn == vec.FpCvtFXU
	if narrow {
		okFn = op.Fn == vec.FpCvtXF || op.Fn == vec.FpCvtXUF || op.Fn == vec.FpCvtRtzXF || op.Fn == vec.FpCvtRtzXUF
	}
	if !okFn {
		return op.illegal("needs a 16- or 64-bit float format (Zvfh or ELEN=64), which Zve32f does not have")
	}
	if v.SEW != 16 {
		return op.illegal("needs SEW=16 under Zve32f (converts between 16-bit integers and 32-bit floats; SEW is %d)", v.SEW)
	}
	if t := v.chkWiden(op, narrow, narrow, false); t != nil {
		return t
	}
	if t := v.chkFRM(op); t != nil {
		return t
	}
	s, e, m, rm := int(v.VStart), int(v.VL), v.mask(op), v.FRM
	var fl uint32
	if narrow {
		d, a := v.r16(op.Vd), v.r32u(op.Vs2)
		signed := op.Fn == vec.FpCvtXF || op.Fn == vec.FpCvtRtzXF
		if op.Fn == vec.FpCvtRtzXF || op.Fn == vec.FpCvtRtzXUF {
			rm = vec.RTZ
		}
		for i := s; i < e; i++ {
			if m == nil || vec.Bit(m, i) {
				r, f := vec.FToInt(a[i], rm, signed, 16)
				d[i] = int16(r)
				fl |= f
			}
		}
	} else {
		d, a := v.r32u(op.Vd), v.r16(op.Vs2)
		for i := s; i < e; i++ {
			if m == nil || vec.Bit(m, i) {
				x := int64(a[i])
				if op.Fn == vec.FpCvtFXU {
					x = int64(uint16(a[i]))
				}
				r, f := vec.IntToF(x, rm)
				d[i] = r
				fl |= f
			}
		}
	}
	v.FFlags |= fl
	return nil
}
