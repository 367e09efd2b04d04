package coral

import (
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim/vec"
)

// Operand and cost information for the timing model. These read the
// current vtype/vl (the values the instruction will execute under) but
// never trap: for encodings Exec would reject they return a best effort.

// grp is the bitmask of registers r … r+n-1.
func grp(r uint8, n int) uint32 {
	if n <= 0 {
		return 0
	}
	m := uint32(1)<<uint(min(n, 32)) - 1
	if n >= 32 {
		m = ^uint32(0)
	}
	return m << (uint(r) & 31)
}

// groups returns the register counts of vd, vs2 and vs1 and which of
// them the instruction reads and writes, under the current vtype.
func (op *VOp) groups(v *VState) (dn, s2n, s1n int, rdVd, wrVd, rdS2, rdS1, rdV0 bool) {
	n := 1
	if !v.Vill && v.LMUL8 != 0 {
		n = v.lmulRegs()
	}
	wn := max(1, 2*n)
	if !v.Vill && v.LMUL8 < 8 {
		wn = regsOf(v.LMUL8 * 2)
	}
	vv := op.Form == fVV
	dn, s2n, s1n = n, n, n
	wrVd, rdS2, rdS1, rdV0 = true, true, vv, op.Masked
	switch op.Kind {
	case kIllegal, kVsetvli, kVsetivli, kVsetvl:
		return 0, 0, 0, false, false, false, false, false
	case kMac, kFMac:
		rdVd = true
	case kMerge, kFMerge:
		rdS2 = op.Masked
	case kWide:
		dn = wn
		rdVd = op.Fn == vec.WMaccU || op.Fn == vec.WMacc || op.Fn == vec.WMaccSU || op.Fn == vec.WMaccUS
	case kWideW:
		dn, s2n = wn, wn
	case kNarrow:
		s2n = wn
	case kFWCvt:
		dn, rdS1 = wn, false
	case kFNCvt:
		s2n, rdS1 = wn, false
	case kExt:
		s2n, rdS1 = regsOf(v.LMUL8/max(1, uint32(op.EEW))), false
	case kFUnary:
		rdS1 = false
	case kCmp, kMadc, kFCmp:
		dn = 1
	case kRed, kWRed, kFRed:
		dn, s1n, rdS1 = 1, 1, true
	case kMaskLogic:
		dn, s2n, s1n = 1, 1, 1
	case kCpop, kFirst:
		wrVd, s2n, rdS1 = false, 1, false
	case kSetBefore:
		dn, s2n, rdS1 = 1, 1, false
	case kIota:
		s2n, rdS1 = 1, false
	case kId:
		rdS2, rdS1 = false, false
	case kMvXS, kFMvFS:
		wrVd, s2n, rdS1 = false, 1, false
	case kMvSX, kFMvSF:
		dn, rdS2 = 1, false
	case kGatherEI16:
		if vv && !v.Vill && v.SEW != 0 {
			s1n = regsOf(v.LMUL8 * 16 / v.SEW)
		}
	case kCompress:
		s1n, rdS1 = 1, true
	case kMvNR:
		dn, s2n, rdS1 = int(op.NF), int(op.NF), false
	case kFSlide1Up, kFSlide1Down, kSlide1Up, kSlide1Down, kSlideUp, kSlideDown:
		rdS1 = false
	}
	if op.Kind == kAdc {
		rdV0 = true
	}
	return
}

// VRegs returns bitmasks of the vector registers the instruction reads and
// writes (whole register groups; v0 when masked or used as carry/selector).
func (op *VOp) VRegs(v *VState) (reads, writes uint32) {
	switch op.Kind {
	case kLoad, kStore:
		dn := 1
		if !v.Vill && v.SEW != 0 {
			l8 := v.LMUL8 * uint32(op.EEW) / v.SEW
			if op.Mode == mIdxU || op.Mode == mIdxO {
				l8 = v.LMUL8
				reads |= grp(op.Vs2, regsOf(v.LMUL8*uint32(op.EEW)/v.SEW))
			}
			dn = regsOf(l8)
		}
		data := grp(op.Vd, int(op.NF)*dn)
		if op.Kind == kStore {
			reads |= data
		} else {
			writes |= data
		}
		if op.Masked {
			reads |= 1
		}
		return reads, writes
	case kLoadWhole:
		return 0, grp(op.Vd, int(op.NF))
	case kStoreWhole:
		return grp(op.Vd, int(op.NF)), 0
	case kLoadMask:
		return 0, grp(op.Vd, 1)
	case kStoreMask:
		return grp(op.Vd, 1), 0
	}
	dn, s2n, s1n, rdVd, wrVd, rdS2, rdS1, rdV0 := op.groups(v)
	if rdS2 {
		reads |= grp(op.Vs2, s2n)
	}
	if rdS1 {
		reads |= grp(op.Vs1, s1n)
	}
	if rdVd {
		reads |= grp(op.Vd, dn)
	}
	if rdV0 {
		reads |= 1
	}
	if wrVd {
		writes |= grp(op.Vd, dn)
	}
	return reads, writes
}

// Uops is the number of 128-bit uops the instruction occupies its unit for
// under the current vtype/vl: the largest register group it touches for
// arithmetic (so cost scales with LMUL, and 2·LMUL for widening and
// narrowing), 16-byte beats for unit-stride memory accesses, one per
// element (segment) for strided and indexed ones, nf for whole-register
// accesses and moves, and 1 for mask-register and scalar-move
// instructions. Never less than 1.
func (op *VOp) Uops(v *VState) int {
	if v.Vill || v.SEW == 0 {
		switch op.Kind {
		case kLoadWhole, kStoreWhole, kMvNR:
			return max(1, int(op.NF))
		}
		return 1
	}
	n := 0
	body := 0
	if v.VL > v.VStart {
		body = int(v.VL - v.VStart)
	}
	switch op.Kind {
	case kLoad, kStore:
		if op.Mode == mUnit {
			n = (body*int(op.EEW)/8*int(op.NF) + VLENB - 1) / VLENB
		} else {
			n = body
		}
	case kLoadWhole, kStoreWhole, kMvNR:
		n = int(op.NF)
	case kLoadMask, kStoreMask, kMaskLogic, kCpop, kFirst, kSetBefore, kMvXS, kMvSX, kFMvFS, kFMvSF,
		kVsetvli, kVsetivli, kVsetvl, kIllegal:
		n = 1
	default:
		dn, s2n, s1n, _, _, _, _, _ := op.groups(v)
		n = max(dn, s2n, s1n)
	}
	return max(1, n)
}

// How a vector instruction uses its unit (VOp.Use), after coralnpu's RVV
// backend (hdl/verilog/rvv/design; TIMING.md, "Vector instructions"):
const (
	// uPipe: one slot per uop on a pipelined unit.
	uPipe uint8 = iota
	// uIter: the vector divider (unit or latency class vdiv) is iterative:
	// each uop holds it for lat.vdiv.e<SEW> cycles (rvv_backend_div_unit:
	// one 128-bit uop's elements at a time, radix-8 dividers).
	uIter
	// uPerm: slides and gathers: the PMTRDT unit starts once every uop of
	// the instruction is in its reservation station, runs one uop per cycle,
	// then pops the station one entry per cycle before it takes the next
	// instruction (rvv_backend_pmtrdt_unit: pmt_go, pmtrdt_uop_ready): 2n-1
	// slots, the results after the first n.
	uPerm
	// uWRed: widening reductions take two cycles per source register
	// (rvv_backend_pmtrdt_unit: red_widen_sum_flag).
	uWRed
	// uCompress: vcompress.vm packs one source register a cycle and
	// writes its destination registers as it goes: n cycles of the PMTRDT
	// unit with every element active (measured on the RTL; fewer active
	// elements take longer there, up to 2n-1 with none: TIMING.md).
	uCompress
)

// unitUse classifies a decoded vector instruction for the timing model.
func unitUse(in *isadefs.Inst, k vkind) uint8 {
	if in != nil && (in.Unit() == "vdiv" || in.LatencyClass() == "vdiv") {
		return uIter
	}
	switch k {
	case kSlideUp, kSlideDown, kSlide1Up, kSlide1Down, kFSlide1Up, kFSlide1Down, kGather, kGatherEI16:
		return uPerm
	case kWRed:
		return uWRed
	case kCompress:
		return uCompress
	}
	return uPipe
}

// XReads returns the x registers the instruction reads (rs1, rs2), -1 for
// none. x0 is reported when an operand field names it.
func (op *VOp) XReads() (rs1, rs2 int) {
	rs1, rs2 = -1, -1
	switch op.Kind {
	case kVsetvli:
		rs1 = int(op.Vs1)
	case kVsetvl:
		rs1, rs2 = int(op.Vs1), int(op.Vs2)
	case kLoad, kStore:
		rs1 = int(op.Vs1)
		if op.Mode == mStrided {
			rs2 = int(op.Vs2)
		}
	case kLoadWhole, kStoreWhole, kLoadMask, kStoreMask, kMvSX:
		rs1 = int(op.Vs1)
	default:
		if op.Form == fVX {
			rs1 = int(op.Vs1)
		}
	}
	return rs1, rs2
}

// XWrite returns the x register the instruction writes, -1 for none.
func (op *VOp) XWrite() int {
	switch op.Kind {
	case kVsetvli, kVsetivli, kVsetvl, kMvXS, kCpop, kFirst:
		return int(op.Vd)
	}
	return -1
}

// FReads returns the f register the instruction reads (.vf forms,
// vfmv.s.f, vfslide1up/down), -1 for none.
func (op *VOp) FReads() int {
	if op.Form == fVF || op.Kind == kFMvSF {
		return int(op.Vs1)
	}
	return -1
}

// FWrite returns the f register the instruction writes (vfmv.f.s), -1 for
// none.
func (op *VOp) FWrite() int {
	if op.Kind == kFMvFS {
		return int(op.Vd)
	}
	return -1
}

// Shapes of a vector instruction's register traffic over its uops
// (vshape.kind), after the RVV backend's RTL (TIMING.md, "Calibration
// against the RTL"): a dependent instruction waits for the registers its
// own uops read, when they read them, not for the producer's whole group.
const (
	// shGroup: every source read at the first uop, every destination
	// ready when the instruction's result is (loads, stores, moves,
	// mask logic: the uncalibrated default).
	shGroup uint8 = iota
	// shElem: uop k reads register k of each source group and writes
	// register k of the destination (widening: uop k writes vd+k and reads
	// the narrow vs+k/2; narrowing: uops 2j and 2j+1 write vd+j), issued
	// k/instances cycles after the first.
	shElem
	// shCmp: a compare (the RTL sends compares to the reduction unit:
	// rvv_backend_decode_unit_ari.sv "comparison instructions ... will be
	// sent to RDT unit"): uop k reads register k of its sources one cycle
	// after another; the one mask register is written by the last uop.
	shCmp
	// shRed: a reduction reads vs2's register k at uop k (two slots per
	// register when widening) and its scalar vs1 only with the last source
	// register; the last uop writes vd.
	shRed
	// shPerm: slides and gathers read every source register at the
	// start (the crossbar reads the whole group) and write vd+k one cycle
	// after another from the start, which waits for all uops to reach the
	// reservation station (NUM_DP_UOP 3 a cycle).
	shPerm
	// shCompress: vcompress reads vs2's register k at uop k and writes
	// vd+k then (every element active).
	shCompress
)

// vshape is the register traffic of one vector instruction (VOp.shape).
type vshape struct {
	kind         uint8
	wide, narrow bool  // widening (vd is 2·LMUL) or narrowing (vs2 is 2·LMUL)
	vd, vs2, vs1 uint8 // group bases
	dn, s2n, s1n uint8 // group sizes (0: not an operand of the shape)
	rdVd         bool  // vd is also read (multiply-add, widening multiply-add)
	n            int32 // uops
	delay        int32 // shPerm: cycles before the first result uop
	step         int32 // shElem: cycles a uop holds one instance (0 or 1: pipelined)
	per          int32 // shRed: slots per source register (2 when widening)
}

// isMem reports whether op is a vector load or store.
func (op *VOp) isMem() bool {
	switch op.Kind {
	case kLoad, kStore, kLoadMask, kStoreMask, kLoadWhole, kStoreWhole:
		return true
	}
	return false
}

// shape describes op's register traffic under v for n uops.
func (op *VOp) shape(v *VState, n int) vshape {
	s := vshape{n: int32(n), vd: op.Vd, vs2: op.Vs2, vs1: op.Vs1}
	if v.Vill || v.SEW == 0 {
		return s
	}
	dn, s2n, s1n, rdVd, wrVd, rdS2, rdS1, _ := op.groups(v)
	set := func() {
		if wrVd || rdVd {
			s.dn = uint8(dn)
		}
		if rdS2 {
			s.s2n = uint8(s2n)
		}
		if rdS1 {
			s.s1n = uint8(s1n)
		}
		s.rdVd = rdVd
	}
	switch op.Kind {
	case kBin, kMac, kMerge, kAdc, kMvNR, kIota, kId:
		s.kind = shElem
	case kWide, kWideW:
		s.kind, s.wide = shElem, true
	case kNarrow:
		// Two uops write halves of each destination register only when
		// the wide source spans more than one register; at fractional
		// LMUL one uop writes the whole result (measured: TIMING.md).
		s.kind, s.narrow = shElem, s2n > 1
	case kCmp, kMadc:
		s.kind = shCmp
	case kRed, kWRed:
		s.kind, s.per = shRed, 1
		if op.Kind == kWRed {
			s.per = 2
		}
	case kSlideUp, kSlideDown, kSlide1Up, kSlide1Down, kGather, kGatherEI16:
		s.kind = shPerm
		s.delay = int32((n+2)/3 - 1)
	case kCompress:
		s.kind = shCompress
	default:
		return s
	}
	set()
	return s
}

// at is the cycle, after the first uop's, of uop k on u instances.
func (s *vshape) at(k, u int32) int32 {
	return k * max(1, s.step) / u
}

// in reports whether register r lies in the group at base b of n
// registers, and its index there.
func in(r, b, n uint8) (int32, bool) {
	if r >= b && r < b+n {
		return int32(r - b), true
	}
	return 0, false
}

// readOff is the cycle, after the first uop's, at which the instruction
// reads register r (u: instances of its unit). Registers outside the
// shape's groups (v0 as a mask) are read at the start.
func (s *vshape) readOff(r uint8, u int32) int32 {
	off := int32(-1)
	take := func(o int32) {
		if off < 0 || o < off {
			off = o
		}
	}
	switch s.kind {
	case shElem:
		if j, ok := in(r, s.vs2, s.s2n); ok {
			if s.wide && s.s2n < s.dn { // narrow source of a widening op
				j *= 2
			}
			take(s.at(j, u))
		}
		if j, ok := in(r, s.vs1, s.s1n); ok {
			if s.wide || s.narrow {
				j *= 2
			}
			take(s.at(j, u))
		}
		if j, ok := in(r, s.vd, s.dn); ok && s.rdVd {
			if s.narrow {
				j *= 2
			}
			take(s.at(j, u))
		}
	case shCmp:
		if j, ok := in(r, s.vs2, s.s2n); ok {
			take(j)
		}
		if j, ok := in(r, s.vs1, s.s1n); ok {
			take(j)
		}
	case shRed:
		if j, ok := in(r, s.vs2, s.s2n); ok {
			take(j * s.per)
		}
		if _, ok := in(r, s.vs1, s.s1n); ok {
			take((s.n - 1) * s.per)
		}
	case shCompress:
		if j, ok := in(r, s.vs2, s.s2n); ok {
			take(j)
		}
	}
	return max(off, 0)
}

// writeOff is the cycle, after the first uop's, from which register r's
// result counts lat cycles to be ready, or -1 when it is the
// instruction's last result (the group default).
func (s *vshape) writeOff(r uint8, u int32) int32 {
	j, ok := in(r, s.vd, s.dn)
	if !ok {
		return -1
	}
	switch s.kind {
	case shElem:
		if s.narrow {
			return s.at(2*j+1, u)
		}
		return s.at(j, u)
	case shPerm:
		return s.delay + j
	case shCompress:
		return j
	}
	return -1
}
