package coral

// RVV 1.0 semantics of coral's vector unit: Zve32x (VLEN 128, ELEN 32) and,
// under the coral-f hardware config, Zve32f.
//
// Policy choices (all legal under RVV 1.0, fixed so runs are deterministic):
//   - Tail-agnostic and mask-agnostic elements are left undisturbed, for
//     vector and mask destinations alike (vta/vma are recorded in vtype but
//     never write ones).
//   - vsetvl{i} sets vl = min(AVL, VLMAX). With rd = rs1 = x0 it keeps vl
//     but clips it to the new VLMAX.
//   - vtype is illegal (vill) for SEW 64 or more, LMUL 1/8, any SEW > LMUL·ELEN
//     (the spec's LMUL ≥ SEW/ELEN rule, so e16 needs at least mf2 and e32 at
//     least m1), the reserved LMUL encoding, any reserved bit, or vill
//     itself set in vsetvl's rs2. At reset vill is set. Under vill,
//     vtype reads vill with vma, vta, vsew and vlmul as requested
//     (Coral's register; the spec zeroes them).
//   - vector memory accesses may be misaligned (Coral's LSU accesses bytes).
//   - fault-only-first loads trap only on element 0 and never shrink vl
//     without a fault. Masked-off elements never fault.
//   - unordered reductions and indexed accesses run in element order.
//   - Instructions the spec reserves for vstart ≠ 0 (reductions, vcpop,
//     vfirst, vmsbf/vmsif/vmsof, viota, vcompress) trap as illegal.
// Traps leave vstart at the faulting element for memory accesses; the
// simulator halts on every trap.

import (
	"fmt"
	"unsafe"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// Vector unit parameters of coral.
const (
	VLEN  = 128       // bits per vector register
	VLENB = VLEN / 8  // bytes per vector register
	ELEN  = 32        // widest element
	NVReg = 32        // vector registers
	vlenE = VLENB * 8 // VLEN in bits (VLMAX = LMUL·vlenE/SEW)
)

// vtype fields.
const (
	vtypeVill = 1 << 31
	vtypeMask = 0xff // vlmul[2:0], vsew[5:3], vta[6], vma[7]
)

// Vector CSR numbers.
const (
	CSRVstart = 0x008
	CSRVxsat  = 0x009
	CSRVxrm   = 0x00a
	CSRVcsr   = 0x00f
	CSRVl     = 0xc20
	CSRVtype  = 0xc21
	CSRVlenb  = 0xc22
)

// VState is the vector unit's architectural state. The core syncs FRM and
// FFlags with fcsr around vector float instructions (or keeps them here
// as the single copy).
type VState struct {
	// V holds the registers, v0 at V[0:16], v1 at V[16:32], …; Reset
	// allocates it 64-byte aligned, so that the host's SIMD loads and
	// stores of a register group never straddle cache lines. Copies of a
	// VState share it.
	V *[NVReg * VLENB]byte

	VL, VType, VStart, VXRM, VXSAT uint32
	FRM, FFlags                    uint32 // fcsr.frm (rounding mode) and fcsr.fflags

	// Derived from VType by SetVType.
	SEW   uint32 // 8, 16 or 32; 0 while vill
	LMUL8 uint32 // LMUL in eighths: 2 (mf4), 4 (mf2), 8 (m1), 16, 32, 64; 0 while vill
	VLMAX uint32 // LMUL·VLEN/SEW; 0 while vill
	Vill  bool
}

// Reset puts the unit in its reset state: registers zero, vill set, vl 0.
func (v *VState) Reset() {
	regs := v.V
	if regs == nil {
		regs = alignedRegs()
	} else {
		*regs = [NVReg * VLENB]byte{}
	}
	*v = VState{V: regs}
	v.setVill(0)
}

// clone returns a copy of v with registers of its own.
func (v *VState) clone() VState {
	c := *v
	c.V = alignedRegs()
	if v.V != nil {
		*c.V = *v.V
	}
	return c
}

// sameAs reports whether v and w hold the same state, registers included.
func (v *VState) sameAs(w *VState) bool {
	a, b := *v, *w
	a.V, b.V = nil, nil
	return a == b && (v.V == w.V || v.V != nil && w.V != nil && *v.V == *w.V)
}

// alignedRegs allocates a zero register file at a 64-byte boundary.
func alignedRegs() *[NVReg * VLENB]byte {
	const align = 64
	buf := make([]byte, NVReg*VLENB+align)
	off := (align - int(uintptr(unsafe.Pointer(&buf[0]))%align)) % align
	return (*[NVReg * VLENB]byte)(buf[off:])
}

// setVill makes vtype illegal. The register keeps vma, vta, vsew and
// vlmul as requested (low is the vtype asked for; 0 at reset): Coral's
// vtype reads vill with those fields (RvvFrontEnd.sv, and Coral's
// core_mini_vcsr_test requires them), where RVV 1.0 zeroes them.
func (v *VState) setVill(low uint32) {
	v.VType = vtypeVill | low&vtypeMask
	v.Vill = true
	v.VL, v.SEW, v.LMUL8, v.VLMAX = 0, 0, 0, 0
}

// VtypeInfo decodes a vtype value: SEW, LMUL in eighths and VLMAX, or ok =
// false when coral does not support it (the vill cases).
func VtypeInfo(vtype uint32) (sew, lmul8, vlmax uint32, ok bool) {
	if vtype&^vtypeMask != 0 { // vill or reserved bits
		return 0, 0, 0, false
	}
	vsew := vtype >> 3 & 7
	vlmul := vtype & 7
	if vsew > 2 || vlmul == 4 {
		return 0, 0, 0, false
	}
	sew = 8 << vsew
	if vlmul < 4 {
		lmul8 = 8 << vlmul
	} else {
		lmul8 = 8 >> (8 - vlmul) // 5: 1/8, 6: 1/4, 7: 1/2
	}
	// SEW ≤ LMUL·ELEN (RVV 1.0 §3.4.2: LMUL ≥ SEW_MIN/ELEN; unsupported
	// fractional settings set vill).
	if sew*8 > lmul8*ELEN {
		return 0, 0, 0, false
	}
	return sew, lmul8, lmul8 * vlenE / 8 / sew, true
}

// SetVType installs a vtype value and a requested AVL as vset{i}vl{i} do,
// and returns the new vl. keepVL is the rd = rs1 = x0 form.
func (v *VState) SetVType(vtype, avl uint32, keepVL bool) uint32 {
	sew, lmul8, vlmax, ok := VtypeInfo(vtype)
	v.VStart = 0
	if !ok {
		v.setVill(vtype)
		return 0
	}
	v.VType, v.Vill = vtype, false
	v.SEW, v.LMUL8, v.VLMAX = sew, lmul8, vlmax
	if keepVL {
		avl = v.VL
	}
	v.VL = min(avl, vlmax)
	return v.VL
}

// ReadCSR returns a vector CSR's value; ok is false for other numbers.
func (v *VState) ReadCSR(csr uint32) (val uint32, ok bool) {
	switch csr {
	case CSRVstart:
		return v.VStart, true
	case CSRVxsat:
		return v.VXSAT & 1, true
	case CSRVxrm:
		return v.VXRM & 3, true
	case CSRVcsr:
		return (v.VXRM&3)<<1 | v.VXSAT&1, true
	case CSRVl:
		return v.VL, true
	case CSRVtype:
		return v.VType, true
	case CSRVlenb:
		return VLENB, true
	}
	return 0, false
}

// WriteCSR writes a vector CSR. ok is false for numbers that are not
// vector CSRs or are read-only (vl, vtype, vlenb): the core traps on those.
func (v *VState) WriteCSR(csr, val uint32) (ok bool) {
	switch csr {
	case CSRVstart:
		v.VStart = val & (vlenE - 1) // enough bits for the largest VLMAX (128)
	case CSRVxsat:
		v.VXSAT = val & 1
	case CSRVxrm:
		v.VXRM = val & 3
	case CSRVcsr:
		v.VXSAT, v.VXRM = val&1, val>>1&3
	default:
		return false
	}
	return true
}

// lmulRegs is the number of registers in an LMUL group (1 for fractional).
func (v *VState) lmulRegs() int { return max(1, int(v.LMUL8)/8) }

func regsOf(emul8 uint32) int { return max(1, int(emul8)/8) }

func lmulName(l8 uint32) string {
	switch l8 {
	case 1:
		return "1/8"
	case 2:
		return "1/4"
	case 4:
		return "1/2"
	}
	return fmt.Sprint(l8 / 8)
}

// Register file views from register r to the end of the file.
func (v *VState) r8(r uint8) []int8     { return vec.Bytes8(v.V[int(r)*VLENB:]) }
func (v *VState) r16(r uint8) []int16   { return vec.Bytes16(v.V[int(r)*VLENB:]) }
func (v *VState) r32(r uint8) []int32   { return vec.Bytes32(v.V[int(r)*VLENB:]) }
func (v *VState) r32u(r uint8) []uint32 { return vec.Bytes32U(v.V[int(r)*VLENB:]) }
func (v *VState) rb(r uint8) []byte     { return v.V[int(r)*VLENB:] }

// mask is v0 for a masked instruction, nil otherwise.
func (v *VState) mask(op *VOp) []byte {
	if op.Masked {
		return v.V[:VLENB]
	}
	return nil
}

// ---- traps -----------------------------------------------------------------

func (op *VOp) illegal(format string, args ...any) *sim.Trap {
	return &sim.Trap{Kind: sim.TrapIllegal, Msg: op.Name + ": " + fmt.Sprintf(format, args...)}
}

func (op *VOp) trapVill() *sim.Trap {
	return &sim.Trap{Kind: sim.TrapConfig, Msg: op.Name + ": vector instruction with vtype.vill set (no valid vsetvli executed)"}
}

// chkAlign checks that register r starts a group of n registers.
func (op *VOp) chkAlign(what string, r uint8, n int, lmul8 uint32) *sim.Trap {
	if int(r)%n != 0 {
		return op.illegal("%s v%d is not a multiple of EMUL=%s (register groups must start at a multiple of their size)", what, r, lmulName(lmul8))
	}
	return nil
}

// chkMaskOverlap rejects a masked instruction whose destination group
// [vd, vd+n) includes v0.
func (op *VOp) chkMaskOverlap(n int) *sim.Trap {
	if op.Masked && op.Vd == 0 && n > 0 {
		return op.illegal("destination v0 overlaps the mask register v0 of a masked instruction (use vd ≠ v0 or vm=1)")
	}
	return nil
}

// overlapOK applies RVV 1.0 §5.2: a destination group may overlap a source
// group with a different EEW only in the lowest-numbered part of the source
// (destination EEW smaller) or in the highest-numbered part of the
// destination (destination EEW larger, source EMUL ≥ 1).
func overlapOK(d, dn int, deew uint32, s, sn int, seew uint32, srcEMUL8 uint32) bool {
	if d+dn <= s || s+sn <= d || deew == seew {
		return true
	}
	if deew < seew {
		return d == s
	}
	return srcEMUL8 >= 8 && s+sn == d+dn
}

func (op *VOp) chkOverlap(d, dn int, deew uint32, s, sn int, seew uint32, srcEMUL8 uint32, src string) *sim.Trap {
	if overlapOK(d, dn, deew, s, sn, seew, srcEMUL8) {
		return nil
	}
	var rule string
	if deew < seew {
		rule = "a narrower destination may only overlap the lowest-numbered register of the source group"
	} else {
		rule = "a wider destination may only overlap the source in its highest-numbered part, and only when the source EMUL ≥ 1"
	}
	return op.illegal("destination v%d..v%d overlaps source %s v%d..v%d (%s)", d, d+dn-1, src, s, s+sn-1, rule)
}

func disjoint(a, an, b, bn int) bool { return a+an <= b || b+bn <= a }

// ---- execution -------------------------------------------------------------

// Exec executes one vector instruction. Scalar operands are read from and
// results written to x (and f for Zve32f); mem is used by loads and
// stores. It never panics: illegal encodings, vill and register-group
// violations return a *sim.Trap (PC left for the core to fill in).
func (v *VState) Exec(op *VOp, x *[32]uint32, f *[32]uint32, mem *sim.Memory) *sim.Trap {
	switch op.Kind {
	case kIllegal:
		return op.illegal("%s", op.Msg)
	case kVsetvli, kVsetivli, kVsetvl:
		v.execVset(op, x)
		return nil
	case kLoadWhole, kStoreWhole:
		return v.execWhole(op, x, mem)
	case kMvNR:
		return v.execMvNR(op)
	}
	if v.Vill || v.SEW == 0 {
		return op.trapVill()
	}
	if v.VL > v.VLMAX { // only reachable if VL was written directly
		v.VL = v.VLMAX
	}
	var t *sim.Trap
	switch op.Kind {
	case kLoad, kStore:
		t = v.execMem(op, x, mem)
	case kLoadMask, kStoreMask:
		t = v.execMaskMem(op, x, mem)
	case kBin:
		t = v.execBin(op, x)
	case kMac:
		t = v.execMac(op, x)
	case kWide, kWideW:
		t = v.execWide(op, x)
	case kNarrow:
		t = v.execNarrow(op, x)
	case kExt:
		t = v.execExt(op)
	case kCmp:
		t = v.execCmp(op, x)
	case kAdc, kMadc:
		t = v.execCarry(op, x)
	case kMerge:
		t = v.execMerge(op, x)
	case kRed, kWRed:
		t = v.execRed(op)
	case kMaskLogic:
		t = v.execMaskLogic(op)
	case kCpop, kFirst:
		t = v.execCpopFirst(op, x)
	case kSetBefore, kIota:
		t = v.execSetBefore(op)
	case kId:
		t = v.execId(op)
	case kMvXS:
		t = v.execMvXS(op, x)
	case kMvSX:
		t = v.execMvSX(op, x)
	case kSlideUp, kSlideDown, kSlide1Up, kSlide1Down, kFSlide1Up, kFSlide1Down:
		t = v.execSlide(op, x, f)
	case kGather, kGatherEI16:
		t = v.execGather(op, x)
	case kCompress:
		t = v.execCompress(op)
	case kFBin, kFMac, kFCmp, kFUnary, kFRed, kFMerge, kFMvFS, kFMvSF, kFWCvt, kFNCvt:
		t = v.execFP(op, f)
	default:
		t = op.illegal("not implemented")
	}
	if t == nil {
		v.VStart = 0
	}
	return t
}

func (v *VState) execVset(op *VOp, x *[32]uint32) {
	var vtype, avl uint32
	keep := false
	switch op.Kind {
	case kVsetvli:
		vtype = uint32(op.Imm)
	case kVsetivli:
		vtype = uint32(op.Imm)
		avl = uint32(op.Vs1) // uimm5 in the rs1 field
	case kVsetvl:
		vtype = x[op.Vs2]
	}
	if op.Kind != kVsetivli {
		switch {
		case op.Vs1 != 0:
			avl = x[op.Vs1]
		case op.Vd != 0:
			avl = ^uint32(0) // VLMAX
		default:
			keep = true
		}
	}
	vl := v.SetVType(vtype, avl, keep)
	if op.Vd != 0 {
		x[op.Vd] = vl
	}
}

// scalar is the .vx/.vi operand: x[rs1] or the immediate.
func (op *VOp) scalar(x *[32]uint32) uint32 {
	if op.Form == fVI {
		return uint32(op.Imm)
	}
	return x[op.Vs1]
}

// chkSingle checks vd, vs2 (and vs1 for .vv) are LMUL-aligned and a masked
// vd is not v0: the rules of every single-width operation.
func (v *VState) chkSingle(op *VOp, useVs2, useVs1 bool) *sim.Trap {
	n := v.lmulRegs()
	if t := op.chkAlign("vd", op.Vd, n, v.LMUL8); t != nil {
		return t
	}
	if useVs2 {
		if t := op.chkAlign("vs2", op.Vs2, n, v.LMUL8); t != nil {
			return t
		}
	}
	if useVs1 && op.Form == fVV {
		if t := op.chkAlign("vs1", op.Vs1, n, v.LMUL8); t != nil {
			return t
		}
	}
	return op.chkMaskOverlap(n)
}

func (v *VState) execBin(op *VOp, x *[32]uint32) *sim.Trap {
	if t := v.chkSingle(op, true, true); t != nil {
		return t
	}
	v.binBody(op, x)
	return nil
}

// binBody is execBin once its checks have passed (the *Body functions
// are what a cached plan runs; see vplan.go).
func (v *VState) binBody(op *VOp, x *[32]uint32) {
	s, e, m, rm := int(v.VStart), int(v.VL), v.mask(op), v.VXRM&3
	sc := op.scalar(x)
	var sat bool
	switch v.SEW {
	case 8:
		if op.Form == fVV {
			sat = vec.BinVV8(op.Fn, v.r8(op.Vd), v.r8(op.Vs2), v.r8(op.Vs1), m, s, e, rm)
		} else {
			sat = vec.BinVX8(op.Fn, v.r8(op.Vd), v.r8(op.Vs2), int8(sc), m, s, e, rm)
		}
	case 16:
		if op.Form == fVV {
			sat = vec.BinVV16(op.Fn, v.r16(op.Vd), v.r16(op.Vs2), v.r16(op.Vs1), m, s, e, rm)
		} else {
			sat = vec.BinVX16(op.Fn, v.r16(op.Vd), v.r16(op.Vs2), int16(sc), m, s, e, rm)
		}
	case 32:
		if op.Form == fVV {
			sat = vec.BinVV32(op.Fn, v.r32(op.Vd), v.r32(op.Vs2), v.r32(op.Vs1), m, s, e, rm)
		} else {
			sat = vec.BinVX32(op.Fn, v.r32(op.Vd), v.r32(op.Vs2), int32(sc), m, s, e, rm)
		}
	}
	if sat {
		v.VXSAT = 1
	}
}

func (v *VState) execMac(op *VOp, x *[32]uint32) *sim.Trap {
	if t := v.chkSingle(op, true, true); t != nil {
		return t
	}
	v.macBody(op, x)
	return nil
}

func (v *VState) macBody(op *VOp, x *[32]uint32) {
	s, e, m := int(v.VStart), int(v.VL), v.mask(op)
	sc := op.scalar(x)
	switch v.SEW {
	case 8:
		if op.Form == fVV {
			vec.MacVV8(op.Fn, v.r8(op.Vd), v.r8(op.Vs2), v.r8(op.Vs1), m, s, e)
		} else {
			vec.MacVX8(op.Fn, v.r8(op.Vd), v.r8(op.Vs2), int8(sc), m, s, e)
		}
	case 16:
		if op.Form == fVV {
			vec.MacVV16(op.Fn, v.r16(op.Vd), v.r16(op.Vs2), v.r16(op.Vs1), m, s, e)
		} else {
			vec.MacVX16(op.Fn, v.r16(op.Vd), v.r16(op.Vs2), int16(sc), m, s, e)
		}
	case 32:
		if op.Form == fVV {
			vec.MacVV32(op.Fn, v.r32(op.Vd), v.r32(op.Vs2), v.r32(op.Vs1), m, s, e)
		} else {
			vec.MacVX32(op.Fn, v.r32(op.Vd), v.r32(op.Vs2), int32(sc), m, s, e)
		}
	}
}

// chkWiden checks a widening (or narrowing, narrow = true) instruction:
// the 2·SEW group is vd (vs2 for narrowing), aligned to 2·LMUL, and the
// overlap rules between it and the SEW sources.
func (v *VState) chkWiden(op *VOp, wideVs2, narrow, useVs1 bool) *sim.Trap {
	if v.SEW*2 > ELEN {
		return op.illegal("needs 2·SEW = %d bits, more than ELEN=%d (use SEW ≤ %d)", v.SEW*2, ELEN, ELEN/2)
	}
	if v.LMUL8 == 64 {
		return op.illegal("needs EMUL = 2·LMUL = 16 (use LMUL ≤ 4)")
	}
	n, wn := v.lmulRegs(), regsOf(v.LMUL8*2)
	l, wl := v.LMUL8, v.LMUL8*2
	if narrow {
		if t := op.chkAlign("vd", op.Vd, n, l); t != nil {
			return t
		}
		if t := op.chkAlign("vs2", op.Vs2, wn, wl); t != nil {
			return t
		}
		if t := op.chkOverlap(int(op.Vd), n, v.SEW, int(op.Vs2), wn, 2*v.SEW, wl, "vs2"); t != nil {
			return t
		}
		if useVs1 && op.Form == fVV {
			if t := op.chkAlign("vs1", op.Vs1, n, l); t != nil {
				return t
			}
		}
		return op.chkMaskOverlap(n)
	}
	if t := op.chkAlign("vd", op.Vd, wn, wl); t != nil {
		return t
	}
	if wideVs2 {
		if t := op.chkAlign("vs2", op.Vs2, wn, wl); t != nil {
			return t
		}
	} else {
		if t := op.chkAlign("vs2", op.Vs2, n, l); t != nil {
			return t
		}
		if t := op.chkOverlap(int(op.Vd), wn, 2*v.SEW, int(op.Vs2), n, v.SEW, l, "vs2"); t != nil {
			return t
		}
	}
	if useVs1 && op.Form == fVV {
		if t := op.chkAlign("vs1", op.Vs1, n, l); t != nil {
			return t
		}
		if t := op.chkOverlap(int(op.Vd), wn, 2*v.SEW, int(op.Vs1), n, v.SEW, l, "vs1"); t != nil {
			return t
		}
	}
	return op.chkMaskOverlap(wn)
}

func (v *VState) execWide(op *VOp, x *[32]uint32) *sim.Trap {
	if t := v.chkWiden(op, op.Kind == kWideW, false, true); t != nil {
		return t
	}
	v.wideBody(op, x)
	return nil
}

func (v *VState) wideBody(op *VOp, x *[32]uint32) {
	w := op.Kind == kWideW
	s, e, m := int(v.VStart), int(v.VL), v.mask(op)
	sc := op.scalar(x)
	vv := op.Form == fVV
	switch v.SEW {
	case 8:
		d := v.r16(op.Vd)
		switch {
		case w && vv:
			vec.WideW[int8, uint8](op.Fn, d, v.r16(op.Vs2), v.r8(op.Vs1), m, s, e)
		case w:
			vec.WideWX[int8, uint8](op.Fn, d, v.r16(op.Vs2), int8(sc), m, s, e)
		case vv:
			vec.Wide[int8, uint8](op.Fn, d, v.r8(op.Vs2), v.r8(op.Vs1), m, s, e)
		default:
			vec.WideX[int8, uint8](op.Fn, d, v.r8(op.Vs2), int8(sc), m, s, e)
		}
	case 16:
		d := v.r32(op.Vd)
		switch {
		case w && vv:
			vec.WideW[int16, uint16](op.Fn, d, v.r32(op.Vs2), v.r16(op.Vs1), m, s, e)
		case w:
			vec.WideWX[int16, uint16](op.Fn, d, v.r32(op.Vs2), int16(sc), m, s, e)
		case vv:
			vec.Wide[int16, uint16](op.Fn, d, v.r16(op.Vs2), v.r16(op.Vs1), m, s, e)
		default:
			vec.WideX[int16, uint16](op.Fn, d, v.r16(op.Vs2), int16(sc), m, s, e)
		}
	}
}

func (v *VState) execNarrow(op *VOp, x *[32]uint32) *sim.Trap {
	if t := v.chkWiden(op, true, true, true); t != nil {
		return t
	}
	v.narrowBody(op, x)
	return nil
}

func (v *VState) narrowBody(op *VOp, x *[32]uint32) {
	s, e, m, rm := int(v.VStart), int(v.VL), v.mask(op), v.VXRM&3
	sc := op.scalar(x)
	var sat bool
	switch v.SEW {
	case 8:
		if op.Form == fVV {
			sat = vec.Narrow[int8, uint8](op.Fn, v.r8(op.Vd), v.r16(op.Vs2), v.r8(op.Vs1), m, s, e, rm)
		} else {
			sat = vec.NarrowX[int8, uint8](op.Fn, v.r8(op.Vd), v.r16(op.Vs2), int8(sc), m, s, e, rm)
		}
	case 16:
		if op.Form == fVV {
			sat = vec.Narrow[int16, uint16](op.Fn, v.r16(op.Vd), v.r32(op.Vs2), v.r16(op.Vs1), m, s, e, rm)
		} else {
			sat = vec.NarrowX[int16, uint16](op.Fn, v.r16(op.Vd), v.r32(op.Vs2), int16(sc), m, s, e, rm)
		}
	}
	if sat {
		v.VXSAT = 1
	}
}

// execExt runs vzext/vsext.vf2/vf4 (op.EEW holds the factor, op.Fn is
// Add for signed, Nop for unsigned).
func (v *VState) execExt(op *VOp) *sim.Trap {
	if t := v.chkExt(op); t != nil {
		return t
	}
	v.extBody(op)
	return nil
}

// chkExt checks vzext/vsext: the source EEW and EMUL, alignment and
// overlap.
func (v *VState) chkExt(op *VOp) *sim.Trap {
	factor := uint32(op.EEW)
	seew := v.SEW / factor
	if seew < 8 {
		return op.illegal("source EEW = SEW/%d = %d bits is below 8 (needs SEW ≥ %d)", factor, v.SEW*8/factor/8, 8*factor)
	}
	sl8 := v.LMUL8 / factor
	if sl8 < 1 {
		return op.illegal("source EMUL = LMUL/%d is below 1/8", factor)
	}
	n, sn := v.lmulRegs(), regsOf(sl8)
	if t := op.chkAlign("vd", op.Vd, n, v.LMUL8); t != nil {
		return t
	}
	if t := op.chkAlign("vs2", op.Vs2, sn, sl8); t != nil {
		return t
	}
	if t := op.chkOverlap(int(op.Vd), n, v.SEW, int(op.Vs2), sn, seew, sl8, "vs2"); t != nil {
		return t
	}
	return op.chkMaskOverlap(n)
}

func (v *VState) extBody(op *VOp) {
	factor := uint32(op.EEW)
	s, e, m := int(v.VStart), int(v.VL), v.mask(op)
	signed := op.Fn == vec.Add
	switch {
	case v.SEW == 16:
		vec.Ext[int8, uint8](signed, v.r16(op.Vd), v.r8(op.Vs2), m, s, e)
	case v.SEW == 32 && factor == 2:
		vec.Ext[int16, uint16](signed, v.r32(op.Vd), v.r16(op.Vs2), m, s, e)
	case v.SEW == 32 && factor == 4:
		vec.Ext[int8, uint8](signed, v.r32(op.Vd), v.r8(op.Vs2), m, s, e)
	}
}

// chkMaskDest checks an instruction that writes a mask from LMUL-sized
// sources (compares, vmadc/vmsbc): sources aligned, and the destination
// may overlap a source group only in its lowest-numbered register.
func (v *VState) chkMaskDest(op *VOp, useVs1 bool) *sim.Trap {
	n := v.lmulRegs()
	if t := op.chkAlign("vs2", op.Vs2, n, v.LMUL8); t != nil {
		return t
	}
	if t := op.chkOverlap(int(op.Vd), 1, 1, int(op.Vs2), n, v.SEW, v.LMUL8, "vs2"); t != nil {
		return t
	}
	if useVs1 {
		if t := op.chkAlign("vs1", op.Vs1, n, v.LMUL8); t != nil {
			return t
		}
		if t := op.chkOverlap(int(op.Vd), 1, 1, int(op.Vs1), n, v.SEW, v.LMUL8, "vs1"); t != nil {
			return t
		}
	}
	return nil
}

func (v *VState) execCmp(op *VOp, x *[32]uint32) *sim.Trap {
	if t := v.chkMaskDest(op, op.Form == fVV); t != nil {
		return t
	}
	v.cmpBody(op, x)
	return nil
}

func (v *VState) cmpBody(op *VOp, x *[32]uint32) {
	s, e, m := int(v.VStart), int(v.VL), v.mask(op)
	d := v.rb(op.Vd)
	sc := op.scalar(x)
	switch v.SEW {
	case 8:
		if op.Form == fVV {
			vec.CmpVV8(op.Fn, d, v.r8(op.Vs2), v.r8(op.Vs1), m, s, e)
		} else {
			vec.CmpVX8(op.Fn, d, v.r8(op.Vs2), int8(sc), m, s, e)
		}
	case 16:
		if op.Form == fVV {
			vec.CmpVV16(op.Fn, d, v.r16(op.Vs2), v.r16(op.Vs1), m, s, e)
		} else {
			vec.CmpVX16(op.Fn, d, v.r16(op.Vs2), int16(sc), m, s, e)
		}
	case 32:
		if op.Form == fVV {
			vec.CmpVV32(op.Fn, d, v.r32(op.Vs2), v.r32(op.Vs1), m, s, e)
		} else {
			vec.CmpVX32(op.Fn, d, v.r32(op.Vs2), int32(sc), m, s, e)
		}
	}
}

// execCarry runs vadc/vsbc (kAdc, carry from v0, vd ≠ v0) and vmadc/vmsbc
// (kMadc, mask result, carry-in from v0 when vm=0).
func (v *VState) execCarry(op *VOp, x *[32]uint32) *sim.Trap {
	var carry []byte
	if op.Masked {
		carry = v.V[:VLENB]
	}
	if op.Kind == kAdc {
		if op.Vd == 0 {
			return op.illegal("destination v0 overlaps the carry input v0")
		}
		if t := v.chkSingle(op, true, true); t != nil {
			return t
		}
	} else if t := v.chkMaskDest(op, op.Form == fVV); t != nil {
		return t
	}
	s, e := int(v.VStart), int(v.VL)
	sc := op.scalar(x)
	vv := op.Form == fVV
	switch v.SEW {
	case 8:
		carryRun[int8, uint8](op, v.r8(op.Vd), v.rb(op.Vd), v.r8(op.Vs2), v.r8(op.Vs1), vv, int8(sc), carry, s, e)
	case 16:
		carryRun[int16, uint16](op, v.r16(op.Vd), v.rb(op.Vd), v.r16(op.Vs2), v.r16(op.Vs1), vv, int16(sc), carry, s, e)
	case 32:
		carryRun[int32, uint32](op, v.r32(op.Vd), v.rb(op.Vd), v.r32(op.Vs2), v.r32(op.Vs1), vv, int32(sc), carry, s, e)
	}
	return nil
}

func carryRun[T vec.Signed, U vec.Unsigned](op *VOp, d []T, dm []byte, a, b []T, vv bool, sc T, carry []byte, s, e int) {
	switch {
	case op.Kind == kAdc && vv:
		vec.Carry(op.Fn, d, a, b, carry, s, e)
	case op.Kind == kAdc:
		vec.CarryX(op.Fn, d, a, sc, carry, s, e)
	case vv:
		vec.CarryOut[T, U](op.Fn, dm, a, b, carry, s, e)
	default:
		vec.CarryOutX[T, U](op.Fn, dm, a, sc, carry, s, e)
	}
}

// execMerge runs vmerge.v[vxi]m (op.Masked: v0 selects) and vmv.v.[vxi].
func (v *VState) execMerge(op *VOp, x *[32]uint32) *sim.Trap {
	if t := v.chkSingle(op, op.Masked, true); t != nil {
		return t
	}
	v.mergeBody(op, x)
	return nil
}

func (v *VState) mergeBody(op *VOp, x *[32]uint32) {
	var sel []byte
	if op.Masked {
		sel = v.V[:VLENB]
	}
	s, e := int(v.VStart), int(v.VL)
	sc := op.scalar(x)
	switch v.SEW {
	case 8:
		if op.Form == fVV {
			vec.Merge(v.r8(op.Vd), v.r8(op.Vs2), v.r8(op.Vs1), sel, s, e)
		} else {
			vec.MergeX(v.r8(op.Vd), v.r8(op.Vs2), int8(sc), sel, s, e)
		}
	case 16:
		if op.Form == fVV {
			vec.Merge(v.r16(op.Vd), v.r16(op.Vs2), v.r16(op.Vs1), sel, s, e)
		} else {
			vec.MergeX(v.r16(op.Vd), v.r16(op.Vs2), int16(sc), sel, s, e)
		}
	case 32:
		if op.Form == fVV {
			vec.Merge(v.r32(op.Vd), v.r32(op.Vs2), v.r32(op.Vs1), sel, s, e)
		} else {
			vec.MergeX(v.r32(op.Vd), v.r32(op.Vs2), int32(sc), sel, s, e)
		}
	}
}
