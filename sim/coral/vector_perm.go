package coral

import (
	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// Reductions, mask instructions, scalar moves, slides, gathers, compress
// and whole-register moves.

func (op *VOp) chkVstart0(v *VState) *sim.Trap {
	if v.VStart != 0 {
		return op.illegal("vstart = %d, but this instruction requires vstart = 0", v.VStart)
	}
	return nil
}

func (v *VState) execRed(op *VOp) *sim.Trap {
	n := v.lmulRegs()
	if t := op.chkAlign("vs2", op.Vs2, n, v.LMUL8); t != nil {
		return t
	}
	if t := op.chkVstart0(v); t != nil {
		return t
	}
	if op.Kind == kWRed && v.SEW*2 > ELEN {
		return op.illegal("needs 2·SEW = %d bits, more than ELEN=%d (use SEW ≤ %d)", v.SEW*2, ELEN, ELEN/2)
	}
	e, m := int(v.VL), v.mask(op)
	if e == 0 {
		return nil
	}
	if op.Kind == kWRed {
		signed := op.Fn == vec.Add
		switch v.SEW {
		case 8:
			d := v.r16(op.Vd)
			d[0] = vec.WRed[int8, uint8](signed, v.r8(op.Vs2), m, e, v.r16(op.Vs1)[0])
		case 16:
			d := v.r32(op.Vd)
			d[0] = vec.WRed[int16, uint16](signed, v.r16(op.Vs2), m, e, v.r32(op.Vs1)[0])
		}
		return nil
	}
	switch v.SEW {
	case 8:
		v.r8(op.Vd)[0] = vec.Red[int8, uint8](op.Fn, v.r8(op.Vs2), m, e, v.r8(op.Vs1)[0])
	case 16:
		v.r16(op.Vd)[0] = vec.Red[int16, uint16](op.Fn, v.r16(op.Vs2), m, e, v.r16(op.Vs1)[0])
	case 32:
		v.r32(op.Vd)[0] = vec.Red[int32, uint32](op.Fn, v.r32(op.Vs2), m, e, v.r32(op.Vs1)[0])
	}
	return nil
}

func (v *VState) execMaskLogic(op *VOp) *sim.Trap {
	vec.MaskLogic(op.Fn, v.rb(op.Vd), v.rb(op.Vs2), v.rb(op.Vs1), int(v.VStart), int(v.VL))
	return nil
}

func (v *VState) execCpopFirst(op *VOp, x *[32]uint32) *sim.Trap {
	if t := op.chkVstart0(v); t != nil {
		return t
	}
	var r uint32
	if op.Kind == kCpop {
		r = uint32(vec.Popcount(v.rb(op.Vs2), v.mask(op), int(v.VL)))
	} else {
		r = uint32(int32(vec.First(v.rb(op.Vs2), v.mask(op), int(v.VL))))
	}
	if op.Vd != 0 {
		x[op.Vd] = r
	}
	return nil
}

// execSetBefore runs vmsbf/vmsif/vmsof (kSetBefore, mode in Imm) and viota.
func (v *VState) execSetBefore(op *VOp) *sim.Trap {
	if t := op.chkVstart0(v); t != nil {
		return t
	}
	m := v.mask(op)
	e := int(v.VL)
	if op.Kind == kSetBefore {
		if op.Vd == op.Vs2 {
			return op.illegal("destination v%d overlaps the source mask register v%d", op.Vd, op.Vs2)
		}
		if op.Masked && op.Vd == 0 {
			return op.illegal("destination v0 overlaps the mask register v0 of a masked instruction")
		}
		vec.SetBefore(int(op.Imm), v.rb(op.Vd), v.rb(op.Vs2), m, e)
		return nil
	}
	n := v.lmulRegs()
	if t := op.chkAlign("vd", op.Vd, n, v.LMUL8); t != nil {
		return t
	}
	if !disjoint(int(op.Vd), n, int(op.Vs2), 1) {
		return op.illegal("destination v%d..v%d overlaps the source mask register v%d", op.Vd, int(op.Vd)+n-1, op.Vs2)
	}
	if t := op.chkMaskOverlap(n); t != nil {
		return t
	}
	src := v.rb(op.Vs2)
	switch v.SEW {
	case 8:
		viotaRun(v.r8(op.Vd), src, m, e)
	case 16:
		viotaRun(v.r16(op.Vd), src, m, e)
	case 32:
		viotaRun(v.r32(op.Vd), src, m, e)
	}
	return nil
}

func viotaRun[T vec.Signed](d []T, src, m []byte, e int) {
	var c T
	for i := 0; i < e; i++ {
		if m != nil && !vec.Bit(m, i) {
			continue
		}
		d[i] = c
		if vec.Bit(src, i) {
			c++
		}
	}
}

func (v *VState) execId(op *VOp) *sim.Trap {
	n := v.lmulRegs()
	if t := op.chkAlign("vd", op.Vd, n, v.LMUL8); t != nil {
		return t
	}
	if t := op.chkMaskOverlap(n); t != nil {
		return t
	}
	s, e, m := int(v.VStart), int(v.VL), v.mask(op)
	switch v.SEW {
	case 8:
		vid(v.r8(op.Vd), m, s, e)
	case 16:
		vid(v.r16(op.Vd), m, s, e)
	case 32:
		vid(v.r32(op.Vd), m, s, e)
	}
	return nil
}

func vid[T vec.Signed](d []T, m []byte, s, e int) {
	for i := s; i < e; i++ {
		if m == nil || vec.Bit(m, i) {
			d[i] = T(i)
		}
	}
}

// elem0 reads element 0 of register r at SEW, sign-extended.
func (v *VState) elem0(r uint8) uint32 {
	switch v.SEW {
	case 8:
		return uint32(int32(v.r8(r)[0]))
	case 16:
		return uint32(int32(v.r16(r)[0]))
	}
	return uint32(v.r32(r)[0])
}

// setElem writes element k of group r at SEW (value truncated).
func (v *VState) setElem(r uint8, k int, val uint32) {
	switch v.SEW {
	case 8:
		v.r8(r)[k] = int8(val)
	case 16:
		v.r16(r)[k] = int16(val)
	default:
		v.r32(r)[k] = int32(val)
	}
}

func (v *VState) execMvXS(op *VOp, x *[32]uint32) *sim.Trap {
	if op.Vd != 0 {
		x[op.Vd] = v.elem0(op.Vs2)
	}
	return nil
}

func (v *VState) execMvSX(op *VOp, x *[32]uint32) *sim.Trap {
	if v.VStart < v.VL {
		v.setElem(op.Vd, 0, x[op.Vs1])
	}
	return nil
}

// execSlide runs vslideup/down (.vx/.vi), vslide1up/down and the
// vfslide1 forms.
func (v *VState) execSlide(op *VOp, x, f *[32]uint32) *sim.Trap {
	fp := op.Kind == kFSlide1Up || op.Kind == kFSlide1Down
	if fp {
		if t := v.chkFP(op); t != nil {
			return t
		}
	}
	n := v.lmulRegs()
	if t := op.chkAlign("vd", op.Vd, n, v.LMUL8); t != nil {
		return t
	}
	if t := op.chkAlign("vs2", op.Vs2, n, v.LMUL8); t != nil {
		return t
	}
	up := op.Kind == kSlideUp || op.Kind == kSlide1Up || op.Kind == kFSlide1Up
	if up && !disjoint(int(op.Vd), n, int(op.Vs2), n) {
		return op.illegal("destination v%d overlaps the source group v%d (slide-up destinations may not overlap the source)", op.Vd, op.Vs2)
	}
	if t := op.chkMaskOverlap(n); t != nil {
		return t
	}
	var sc uint32
	switch {
	case fp:
		sc = f[op.Vs1]
	default:
		sc = op.scalar(x)
	}
	var kind int
	var off uint64
	switch op.Kind {
	case kSlideUp:
		kind, off = 0, uint64(sc)
	case kSlideDown:
		kind, off = 1, uint64(sc)
	case kSlide1Up, kFSlide1Up:
		kind = 2
	default:
		kind = 3
	}
	s, e, m, vlmax := int(v.VStart), int(v.VL), v.mask(op), uint64(v.VLMAX)
	switch v.SEW {
	case 8:
		slide(kind, v.r8(op.Vd), v.r8(op.Vs2), off, int8(sc), m, s, e, vlmax)
	case 16:
		slide(kind, v.r16(op.Vd), v.r16(op.Vs2), off, int16(sc), m, s, e, vlmax)
	case 32:
		slide(kind, v.r32(op.Vd), v.r32(op.Vs2), off, int32(sc), m, s, e, vlmax)
	}
	return nil
}

// slide kinds: 0 up by off, 1 down by off, 2 up by one inserting x,
// 3 down by one appending x.
func slide[T vec.Signed](kind int, d, a []T, off uint64, x T, m []byte, s, e int, vlmax uint64) {
	for i := s; i < e; i++ {
		if m != nil && !vec.Bit(m, i) {
			continue
		}
		switch kind {
		case 0:
			if uint64(i) >= off {
				d[i] = a[uint64(i)-off]
			}
		case 1:
			if src := uint64(i) + off; src < vlmax {
				d[i] = a[src]
			} else {
				d[i] = 0
			}
		case 2:
			if i == 0 {
				d[0] = x
			} else {
				d[i] = a[i-1]
			}
		case 3:
			if i == e-1 {
				d[i] = x
			} else {
				d[i] = a[i+1]
			}
		}
	}
}

func (v *VState) execGather(op *VOp, x *[32]uint32) *sim.Trap {
	n := v.lmulRegs()
	if t := op.chkAlign("vd", op.Vd, n, v.LMUL8); t != nil {
		return t
	}
	if t := op.chkAlign("vs2", op.Vs2, n, v.LMUL8); t != nil {
		return t
	}
	if !disjoint(int(op.Vd), n, int(op.Vs2), n) {
		return op.illegal("destination v%d overlaps the source group vs2 v%d (vrgather destinations may not overlap a source)", op.Vd, op.Vs2)
	}
	ieew := v.SEW
	if op.Kind == kGatherEI16 {
		ieew = 16
	}
	if op.Form == fVV {
		iemul8 := v.LMUL8 * ieew / v.SEW
		if iemul8 > 64 {
			return op.illegal("index EMUL = (16/SEW)·LMUL = 16 exceeds 8 (use LMUL ≤ 4 at SEW 8)")
		}
		in := regsOf(iemul8)
		if t := op.chkAlign("vs1", op.Vs1, in, iemul8); t != nil {
			return t
		}
		if !disjoint(int(op.Vd), n, int(op.Vs1), in) {
			return op.illegal("destination v%d overlaps the index group vs1 v%d (vrgather destinations may not overlap a source)", op.Vd, op.Vs1)
		}
	}
	if t := op.chkMaskOverlap(n); t != nil {
		return t
	}
	s, e, m, vlmax := int(v.VStart), int(v.VL), v.mask(op), uint64(v.VLMAX)
	var sc uint64
	if op.Form != fVV {
		sc = uint64(op.scalar(x))
	}
	switch v.SEW {
	case 8:
		gather(v, op, v.r8(op.Vd), v.r8(op.Vs2), ieew, sc, m, s, e, vlmax)
	case 16:
		gather(v, op, v.r16(op.Vd), v.r16(op.Vs2), ieew, sc, m, s, e, vlmax)
	case 32:
		gather(v, op, v.r32(op.Vd), v.r32(op.Vs2), ieew, sc, m, s, e, vlmax)
	}
	return nil
}

func gather[T vec.Signed](v *VState, op *VOp, d, a []T, ieew uint32, sc uint64, m []byte, s, e int, vlmax uint64) {
	for i := s; i < e; i++ {
		if m != nil && !vec.Bit(m, i) {
			continue
		}
		k := sc
		if op.Form == fVV {
			k = uint64(v.indexAt(op.Vs1, ieew, i))
		}
		if k < vlmax {
			d[i] = a[k]
		} else {
			d[i] = 0
		}
	}
}

func (v *VState) execCompress(op *VOp) *sim.Trap {
	n := v.lmulRegs()
	if t := op.chkAlign("vd", op.Vd, n, v.LMUL8); t != nil {
		return t
	}
	if t := op.chkAlign("vs2", op.Vs2, n, v.LMUL8); t != nil {
		return t
	}
	if !disjoint(int(op.Vd), n, int(op.Vs2), n) || !disjoint(int(op.Vd), n, int(op.Vs1), 1) {
		return op.illegal("destination v%d..v%d overlaps a source (vcompress destinations may not overlap vs2 or the mask vs1)", op.Vd, int(op.Vd)+n-1)
	}
	if t := op.chkVstart0(v); t != nil {
		return t
	}
	sel, e := v.rb(op.Vs1), int(v.VL)
	switch v.SEW {
	case 8:
		compress(v.r8(op.Vd), v.r8(op.Vs2), sel, e)
	case 16:
		compress(v.r16(op.Vd), v.r16(op.Vs2), sel, e)
	case 32:
		compress(v.r32(op.Vd), v.r32(op.Vs2), sel, e)
	}
	return nil
}

func compress[T vec.Signed](d, a []T, sel []byte, e int) {
	j := 0
	for i := 0; i < e; i++ {
		if vec.Bit(sel, i) {
			d[j] = a[i]
			j++
		}
	}
}

// execMvNR runs vmv<nr>r.v: copies nr whole registers (vtype ignored;
// elements of EEW = SEW, or 8 while vill, from vstart).
func (v *VState) execMvNR(op *VOp) *sim.Trap {
	nr := int(op.NF)
	if int(op.Vd)%nr != 0 || int(op.Vs2)%nr != 0 {
		return op.illegal("vd v%d and vs2 v%d must be multiples of the register count %d", op.Vd, op.Vs2, nr)
	}
	esz := 1
	if !v.Vill {
		esz = int(v.SEW / 8)
	}
	start := int(v.VStart) * esz
	if start < nr*VLENB && op.Vd != op.Vs2 {
		copy(v.rb(op.Vd)[start:nr*VLENB], v.rb(op.Vs2)[start:nr*VLENB])
	}
	v.VStart = 0
	return nil
}
