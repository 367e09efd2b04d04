package aie2

import (
	"errors"
	"fmt"
	"sync"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim/vec"
)

// kind selects an operation's semantics (sem= in aie2.isa, through semOps).
type kind uint8

const (
	kUnsupported kind = iota
	kNop
	kDone
	kALU         // scalar ALU: alu selects the operation
	kMovImm      // mov/mova/movx/movxm dst, #imm
	kMov         // scalar register copy (mov, mov.dN, movx cr)
	kAddNC       // add.nc dst, r, #imm
	kPadd        // padda/paddb/padds
	kLoad        // scalar load
	kStore       // scalar store (st, st.s8, st.s16)
	kVLoad       // 256-bit vector load
	kVLoadUps    // vlda.ups
	kVLoadCnv    // vlda.conv.fp32.bf16
	kVStore      // 256-bit vector store
	kVStSrs      // vst.srs
	kVStConv     // vst.conv.bf16.fp32
	kVStPack     // vst.pack
	kJump        // j #imm / j p
	kJL          // jl #imm / jl p
	kJZ          // jz / jnz
	kJNZD        // jnzd
	kRet         // ret lr
	kVLane       // lane-wise vector ALU (vadd/vsub/vband/vbor)
	kVBcst       // vbcst
	kVExtBcst    // vextbcst
	kVExtract    // vextract
	kVInsert     // vinsert
	kVMaxMin     // vmax_lt / vmin_ge
	kVCmp        // vge / vlt / veqz
	kVSel        // vsel
	kVShift      // vshift
	kVShuffle    // vshuffle
	kVCopy       // vmov (x, w, am, bm, cm copies)
	kVSrs        // vsrs / vsrsm
	kVUps        // vups
	kVConvBF     // vconv.bf16.fp32
	kVConvF32    // vconv.fp32.bf16
	kVPack       // vpack
	kVMac        // integer vmac/vmul/vmsc/vnegmul, vaddmac/vaddmsc
	kVMacF       // bf16 vmac.f/vmul.f/vmsc.f/vnegmul.f, vaddmac.f/vaddmsc.f
	kVAcc        // integer vadd/vsub/vnegadd/vnegsub/vneg on accumulators
	kVAccF       // vadd.f/vsub.f/vnegadd.f/vnegsub.f/vneg.f
	kVClr        // vclr
	kCntr        // mov l, cntr (the cycle counter)
	kVFloor      // vfloor.s32.bf16
	kVLoadLUT    // vldb.4x16/4x32/4x64 .lo/.hi: four 64-bit reads at addresses in a w register
	kVArithCmp   // vsub_lt/ge, vmaxdiff_lt, vabs_gtz, vneg_gtz, vbneg_ltz: lanes and a mask (sub: vec.CmpOp)
	kVAddSub     // vaddsub
	kVUnpack     // vunpack: lanes widened (source read in cycle 7)
	kVLoadUnpk   // vldb.unpack: a 256-bit load widened
	kVPush       // vpush.lo/.hi (sub 1: hi)
	kVMovD       // vmov.d: an accumulator copied through the MAC pipeline
	kLock        // acq/rel (sub: lockRel, lockCond)
	kDivStep     // divs: one restoring-division step, the remainder in r31
	kVBcstShfl   // vbcstshfl: a broadcast permuted with zeros by vshuffle mode r29
	kVShiftAlign // vshift.align: vshift with a pre-shifted xa (the step in an s register)
)

var kindNames = [...]string{
	kUnsupported: "unsupported", kNop: "nop", kDone: "done", kALU: "alu", kMovImm: "movimm", kMov: "mov",
	kAddNC: "addnc", kPadd: "padd", kLoad: "load", kStore: "store", kVLoad: "vload", kVLoadUps: "vloadups",
	kVLoadCnv: "vloadcnv", kVStore: "vstore", kVStSrs: "vstsrs", kVStConv: "vstconv", kVStPack: "vstpack",
	kJump: "jump", kJL: "jl", kJZ: "jz", kJNZD: "jnzd", kRet: "ret", kVLane: "vlane", kVBcst: "vbcst",
	kVExtBcst: "vextbcst", kVExtract: "vextract", kVInsert: "vinsert", kVMaxMin: "vmaxmin", kVCmp: "vcmp",
	kVSel: "vsel", kVShift: "vshift", kVShuffle: "vshuffle", kVCopy: "vcopy", kVSrs: "vsrs", kVUps: "vups",
	kVConvBF: "vconvbf", kVConvF32: "vconvf32", kVPack: "vpack", kVMac: "vmac", kVMacF: "vmacf", kVAcc: "vacc",
	kVAccF: "vaccf", kVClr: "vclr", kCntr: "cntr", kVFloor: "vfloor", kVLoadLUT: "vloadlut", kVArithCmp: "varithcmp", kVAddSub: "vaddsub", kVUnpack: "vunpack", kVLoadUnpk: "vloadunpack", kVPush: "vpush", kVMovD: "vmovd", kLock: "lock", kDivStep: "divstep", kVBcstShfl: "vbcstshfl", kVShiftAlign: "vshiftalign",
}

func (k kind) String() string { return kindNames[k] }

// Scalar ALU operations.
const (
	aAdd = iota
	aSub
	aAnd
	aOr
	aXor
	aAshl
	aLshl
	aMul
	aEq
	aNe
	aLt
	aLtu
	aGe
	aGeu
	aAbs
	aClb
	aClz
	aEqz
	aNez
	aExtS8
	aExtS16
	aExtU8
	aExtU16
	aSelEqz
	aSelNez
)

var aluOps = map[string]int{
	"add": aAdd, "sub": aSub, "and": aAnd, "or": aOr, "xor": aXor, "ashl": aAshl, "lshl": aLshl, "mul": aMul,
	"eq": aEq, "ne": aNe, "lt": aLt, "ltu": aLtu, "ge": aGe, "geu": aGeu, "abs": aAbs, "clb": aClb, "clz": aClz,
	"eqz": aEqz, "nez": aNez, "extend.s8": aExtS8, "extend.s16": aExtS16, "extend.u8": aExtU8, "extend.u16": aExtU16,
	"sel.eqz": aSelEqz, "sel.nez": aSelNez,
}

// Addressing modes.
type amode uint8

const (
	amNone    amode = iota
	amIdxReg        // [p, dj]
	amIdxImm        // [p, #imm]
	amPostReg       // [p], m
	amPostImm       // [p], #imm
	am2D            // [p], dN
	am3D            // [p], dN (3-D: dN with dN+4)
	amSP            // [sp, #imm]
	amPlain         // [p]
)

// operand is one decoded operand of a slot operation.
type operand struct {
	r     reg
	imm   int64
	isReg bool
}

// op is one decoded slot operation.
type op struct {
	inst *isadefs.Inst
	it   *isadefs.Itinerary
	slot uint8 // index into slotNames
	kind kind
	sub  int // ALU operation, MAC variant, shuffle/compare flavour
	o    [7]operand
	n    int

	dst    int // index of the destination operand (-1: none)
	dstCyc int // its write cycle
	dstByp uint8
	srcByp uint8 // bypass class of the vector sources

	// Memory access.
	am       amode
	pi, oi   int // pointer and offset operand (-1: none)
	memBytes int
	memCyc   int  // cycle the access reaches memory (store: the write)
	load     bool // reads memory
	store    bool // writes memory
	dataCyc  int  // store data read cycle
	ptrCyc   int  // address registers written back

	// Vector parameters.
	lanes  int  // lanes of the operation
	ebits  int  // element bits (the narrow side of srs/ups/pack)
	abits  int  // accumulator lane bits
	signed bool // statically signed
	dyn    int  // control register unit with the signedness (0: static)
	neg    bool // negate the product / the second operand
	execAt int  // the cycle of the operation's last register read
	// Read cycles of the itinerary's roles, looked up once: the
	// accumulator (and its bypass), shift, crRnd, crSat, the signedness
	// control register (dyn), and the write cycles of dst2 and lr.
	accCyc, shiftCyc, rndCyc, satCyc, dynCyc, dst2Cyc, lrCyc int
	accByp                                                   uint8
	why                                                      string // kUnsupported: what is missing

	acc []access // accesses(), built on first use
}

var slotNames = []string{"lda", "ldb", "alu", "mv", "st", "vec", "lng", "nop"}

func slotIndex(s string) uint8 {
	for i, n := range slotNames {
		if n == s {
			return uint8(i)
		}
	}
	return uint8(len(slotNames) - 1)
}

// bundle is one decoded bundle: its size and non-nop operations.
type bundle struct {
	pc   uint32
	size int
	ops  []*op
	bad  string // why the bytes are no bundle ("" when they are)
	done int    // doneAfter (timeline.go), computed at decode
}

// regEntry is what a register number of a file or class decodes to:
// units (ok), or with quad the 2-D/3-D quadruple d0..d7 (its number in
// r.base).
type regEntry struct {
	r        reg
	ok, quad bool
}

// regTabs caches regTab by register file (the ISA is loaded once).
var regTabs sync.Map

// regTab maps each number of a register file or class to its units.
func regTab(rf *isadefs.RegFile) []regEntry {
	if t, ok := regTabs.Load(rf); ok {
		return t.([]regEntry)
	}
	t := make([]regEntry, len(rf.Names))
	for v, name := range rf.Names {
		if len(name) == 2 && name[0] == 'd' { // d0..d7, by number
			t[v] = regEntry{r: reg{base: int16(name[1] - '0')}, quad: true}
			continue
		}
		r, ok := parseReg(name)
		t[v] = regEntry{r: r, ok: ok}
	}
	regTabs.Store(rf, t)
	return t
}

// decodeOp decodes one slot operation. It never fails: what the
// simulator does not implement becomes kUnsupported with the reason.
// Everything but the operand values comes from the instruction's
// classification (classified); decodeOp adds the operands.
func decodeOp(isa *isadefs.ISA, in *isadefs.Inst, w uint64) *op {
	o := new(op)
	*o = *classified(isa, in)
	for i, k := range in.Operands {
		v := k.Extract(w)
		if k.Class == "reg" && k.RegFile != nil {
			var e regEntry
			if t := regTab(k.RegFile); v >= 0 && v < int64(len(t)) {
				e = t[v]
			}
			switch {
			case e.quad:
				o.o[i] = operand{imm: int64(e.r.base)}
			case e.ok:
				o.o[i] = operand{r: e.r, isReg: true}
			default:
				name := ""
				if k.RegFile.Valid(v) {
					name = k.RegFile.Names[v]
				}
				*o = op{inst: o.inst, it: o.it, slot: o.slot, dst: -1, pi: -1, oi: -1, n: o.n, o: o.o}
				o.kind, o.why = kUnsupported, fmt.Sprintf("register %q", name)
				return o
			}
		} else {
			o.o[i] = operand{imm: v}
		}
	}
	return o
}

// classifications caches each ISA's classifications (the ISA is loaded once).
var classifications sync.Map // *isadefs.ISA -> map[*isadefs.Inst]*op

// classifyAll builds (once) the classification of every instruction of the
// ISA: an instruction whose semantics attributes the simulator does not
// know is an error here, when the simulator loads the ISA.
func classifyAll(isa *isadefs.ISA) (map[*isadefs.Inst]*op, error) {
	if t, ok := classifications.Load(isa); ok {
		return t.(map[*isadefs.Inst]*op), nil
	}
	t := make(map[*isadefs.Inst]*op, len(isa.Insts))
	var errs []error
	for _, in := range isa.Insts {
		o, err := classifyInst(isa, in)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		t[in] = o
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	got, _ := classifications.LoadOrStore(isa, t)
	return got.(map[*isadefs.Inst]*op), nil
}

// classified is the instruction's operation without operand values: its
// kind, parameters and operand cycles, the same for every word. The
// simulator's constructors have checked the ISA (classifyAll).
func classified(isa *isadefs.ISA, in *isadefs.Inst) *op {
	t, err := classifyAll(isa)
	if err != nil {
		panic(err)
	}
	o := t[in]
	if o == nil {
		panic(fmt.Sprintf("aie2: %s is not an instruction of the ISA", in.Name))
	}
	return o
}

// classifyInst builds the classification of one instruction from its
// semantics attributes (isadefs.Semantics).
func classifyInst(isa *isadefs.ISA, in *isadefs.Inst) (*op, error) {
	o := &op{inst: in, it: isa.ItineraryOf(in), slot: slotIndex(in.Slot), dst: -1, pi: -1, oi: -1, n: len(in.Operands)}
	if o.it != nil {
		if d, ok := o.it.Get("dst"); ok {
			o.dstCyc, o.dstByp = d.Cycle, bypOf(d.Bypass)
		}
		if s, ok := o.it.Get("src"); ok {
			o.srcByp = bypOf(s.Bypass)
		}
		if p, ok := o.it.Get("ptr"); ok {
			o.ptrCyc = p.Cycle
		}
		o.dataCyc = o.it.Read("data")
		if len(o.it.Mem) > 0 {
			o.memCyc = o.it.Mem[len(o.it.Mem)-1]
		}
	}
	if err := classify(o); err != nil {
		return nil, fmt.Errorf("aie2.isa:%d: %s %s: %w", in.Line, in.Name, in.Syntax, err)
	}
	if o.it != nil {
		a, _ := o.it.Get("acc")
		o.accCyc, o.accByp = a.Cycle, bypOf(a.Bypass)
		o.shiftCyc, o.rndCyc, o.satCyc = o.it.Read("shift"), o.it.Read("crrnd"), o.it.Read("crsat")
		o.dst2Cyc, o.lrCyc = o.it.Read("dst2"), o.it.Read("lr")
		if o.dyn != 0 {
			o.dynCyc = o.it.Read(unitName(o.dyn))
		}
	}
	return o, nil
}

func bypOf(s string) uint8 {
	switch s {
	case "mov":
		return 1
	case "vec":
		return 2
	}
	return 0
}

// semOp is an operation of the sem= vocabulary: the kind, and the
// variant (sub) and negation the kind's code reads.
type semOp struct {
	kind kind
	sub  int
	neg  bool
}

// semOps is the sem= vocabulary: every operation the simulator
// implements, by the name aie2.isa gives it.
var semOps = func() map[string]semOp {
	m := map[string]semOp{
		"none": {kind: kUnsupported}, "nop": {kind: kNop}, "done": {kind: kDone},
		"movi": {kind: kMovImm}, "mov": {kind: kMov}, "cntr": {kind: kCntr}, "addnc": {kind: kAddNC}, "padd": {kind: kPadd},
		"j": {kind: kJump}, "jl": {kind: kJL}, "jz": {kind: kJZ}, "jnz": {kind: kJZ, sub: 1}, "jnzd": {kind: kJNZD}, "ret": {kind: kRet},
		"load": {kind: kLoad}, "store": {kind: kStore},
		"vload": {kind: kVLoad}, "vload.ups": {kind: kVLoadUps}, "vload.conv": {kind: kVLoadCnv},
		"vload.unpack": {kind: kVLoadUnpk}, "vunpack": {kind: kVUnpack},
		"vload.lut.lo": {kind: kVLoadLUT}, "vload.lut.hi": {kind: kVLoadLUT, sub: 1},
		"vstore": {kind: kVStore}, "vload.128": {kind: kVLoad, sub: 1}, "vstore.128": {kind: kVStore, sub: 1}, "vstore.srs": {kind: kVStSrs}, "vstore.conv": {kind: kVStConv}, "vstore.pack": {kind: kVStPack},
		"vlane.add": {kind: kVLane}, "vlane.sub": {kind: kVLane, sub: 1}, "vlane.and": {kind: kVLane, sub: 2}, "vlane.or": {kind: kVLane, sub: 3},
		"vbcst": {kind: kVBcst}, "vextbcst": {kind: kVExtBcst}, "vextract": {kind: kVExtract}, "vinsert": {kind: kVInsert},
		"vmax_lt": {kind: kVMaxMin}, "vmin_ge": {kind: kVMaxMin, sub: 1},
		"vsub_lt": {kind: kVArithCmp, sub: int(vec.SubLT)}, "vsub_ge": {kind: kVArithCmp, sub: int(vec.SubGE)},
		"vmaxdiff_lt": {kind: kVArithCmp, sub: int(vec.MaxDiffLT)}, "vabs_gtz": {kind: kVArithCmp, sub: int(vec.AbsGTZ)},
		"vneg_gtz": {kind: kVArithCmp, sub: int(vec.NegGTZ)}, "vbneg_ltz": {kind: kVArithCmp, sub: int(vec.BNegLTZ)},
		"acq": {kind: kLock}, "acq.cond": {kind: kLock, sub: lockCond}, "rel": {kind: kLock, sub: lockRel}, "rel.cond": {kind: kLock, sub: lockRel | lockCond},
		"divstep": {kind: kDivStep}, "vbcstshfl": {kind: kVBcstShfl}, "vshift.align": {kind: kVShiftAlign},
		"vaddsub": {kind: kVAddSub}, "vpush.lo": {kind: kVPush}, "vpush.hi": {kind: kVPush, sub: 1},
		"vcmp.ge": {kind: kVCmp}, "vcmp.lt": {kind: kVCmp, sub: 1}, "vcmp.eqz": {kind: kVCmp, sub: 2},
		"vsel": {kind: kVSel}, "vshift": {kind: kVShift}, "vshuffle": {kind: kVShuffle}, "vcopy": {kind: kVCopy}, "vcopy.acc": {kind: kVMovD},
		"vsrs": {kind: kVSrs}, "vups": {kind: kVUps}, "vconv.bf16": {kind: kVConvBF}, "vconv.fp32": {kind: kVConvF32},
		"vpack": {kind: kVPack}, "vclr": {kind: kVClr}, "vfloor": {kind: kVFloor},
		// MACs: sub&macAccs 0 no accumulator input, 1 acc ± A·B, 2 acc1 + acc2 ± A·B.
		"vmac.mul": {kind: kVMac}, "vmac.negmul": {kind: kVMac, neg: true},
		"vmac.mac": {kind: kVMac, sub: 1}, "vmac.msc": {kind: kVMac, sub: 1, neg: true},
		"vmac.addmac": {kind: kVMac, sub: 2}, "vmac.addmsc": {kind: kVMac, sub: 2, neg: true},
		// −(acc ± A·B) and acc1 − acc2 ± A·B (macNegAcc1, macNegAcc2).
		"vmac.negmac": {kind: kVMac, sub: 1 | macNegAcc1, neg: true}, "vmac.negmsc": {kind: kVMac, sub: 1 | macNegAcc1},
		"vmac.submac": {kind: kVMac, sub: 2 | macNegAcc2}, "vmac.submsc": {kind: kVMac, sub: 2 | macNegAcc2, neg: true},
		// Accumulator adds: bit 0 negates the first operand, bit 1 the
		// second; 4: one operand.
		"vacc.add": {kind: kVAcc}, "vacc.sub": {kind: kVAcc, sub: 2}, "vacc.negadd": {kind: kVAcc, sub: 1},
		"vacc.negsub": {kind: kVAcc, sub: 3}, "vacc.neg": {kind: kVAcc, sub: 4 | 1},
	}
	for name, a := range aluOps {
		m["alu."+name] = semOp{kind: kALU, sub: a}
	}
	return m
}()

// addrModes maps am= to the simulator's addressing modes.
var addrModes = map[isadefs.AddrMode]amode{
	"": amNone, isadefs.AddrIdx: amIdxReg, isadefs.AddrIdxImm: amIdxImm, isadefs.AddrPost: amPostReg,
	isadefs.AddrPostImm: amPostImm, isadefs.Addr2D: am2D, isadefs.Addr3D: am3D, isadefs.AddrSP: amSP, isadefs.AddrPtr: amPlain,
}

// signCR is the control register that holds the signedness of a kind's
// elem=dN operations.
var signCR = map[kind]int{
	kVLoadUps: crUPSSign, kVUps: crUPSSign, kVStSrs: crSRSSign, kVSrs: crSRSSign, kVStPack: crPackSign, kVPack: crPackSign,
	kVExtract: crVaddSign, kVMaxMin: crVaddSign, kVCmp: crVaddSign, kVArithCmp: crVaddSign,
	kVUnpack: crUnpackSign, kVLoadUnpk: crUnpackSign,
}

// classify sets the operation's kind and parameters from the
// instruction's semantics attributes: a table lookup of sem= and the
// attributes' values, with no reading of the mnemonic.
func classify(o *op) error {
	s, ok := o.inst.Semantics()
	if !ok {
		return fmt.Errorf("no sem= attribute")
	}
	d, ok := semOps[s.Op]
	if !ok {
		return fmt.Errorf("sem=%s: not an operation of the aie2 simulator (sim/aie2 semOps)", s.Op)
	}
	o.kind, o.sub, o.neg = d.kind, d.sub, d.neg
	o.am, o.pi, o.oi = addrModes[s.Mode], s.Ptr, s.Off
	e := s.Elem
	if o.kind == kUnsupported {
		o.why = s.Why
		o.execAt = 1
		return checkAttrs(s, false, false)
	}
	var needElem, needAcc, needAM bool
	switch o.kind {
	case kNop, kDone, kJump, kJL, kJZ, kRet, kLock:
	case kPadd:
		needAM = true
	case kLoad:
		o.dst, o.load, o.memBytes, o.memCyc, needElem, needAM = 0, true, e.Bits/8, 5, true, true
		o.signed = e.Sign == 's'
	case kStore:
		o.store, o.memBytes, needElem, needAM = true, e.Bits/8, true, true
		o.execAt = o.dataCyc // st.s8/st.s16 read their data in cycle 7
	case kVLoad, kVLoadUps, kVLoadCnv, kVLoadUnpk:
		o.dst, o.load, o.memBytes, needAM = 0, true, 32, true
		if o.kind == kVLoad && o.sub == 1 { // vlda.128, vldb.128: the low half of w
			o.memBytes = 16
		}
	case kVStore, kVStSrs, kVStConv, kVStPack:
		o.store, o.memBytes, needAM = true, 32, true
		if o.kind == kVStore && o.sub == 1 { // vst.128: the low 16 bytes of w
			o.memBytes = 16
		}
	case kVLoadLUT: // four 8-byte reads, addresses from a register (no am=)
		o.dst, o.load, o.memBytes, o.ebits, needElem = 0, true, 32, e.Bits, true
	default:
		o.dst = 0
	}
	switch o.kind {
	case kVLoadUps, kVUps, kVStSrs, kVSrs:
		o.abits, o.ebits, needElem, needAcc = s.AccBits, e.Bits, true, true
		o.signed = e.Sign == 's'
		if o.kind == kVLoadUps { // the shift and sign are read in cycle 7, crSat in 8
			o.execAt = max(o.it.Read("shift"), o.it.Read("crsat"))
		}
	case kVLoadCnv, kVStConv, kVConvBF, kVConvF32:
		o.lanes = 16
	case kVStPack, kVPack:
		o.lanes, o.ebits, needElem = 256/e.Bits, e.Bits, true
		o.signed = e.Sign == 's'
	case kVArithCmp:
		o.ebits, o.signed, needElem = e.Bits, e.Sign == 's', true
	case kVUnpack, kVLoadUnpk: // elem= the destination's lanes (16 or 8 bits)
		o.ebits, o.signed, needElem = e.Bits, e.Sign == 's', true
		if e.Bits != 16 && e.Bits != 8 {
			return fmt.Errorf("elem=%s: unpacking widens to 16 or 8 bits", e)
		}
		// The source (vunpack) or the loaded data (vldb.unpack) and the
		// sign are read in cycle 7.
		o.execAt = max(o.it.Read("src"), o.it.Read("crunpacksign"))
	case kVLane, kVBcst, kVBcstShfl, kVExtBcst, kVInsert, kVSel, kVAddSub, kVPush:
		o.ebits, needElem = e.Bits, true
	case kVExtract:
		o.ebits, needElem = e.Bits, true
		o.signed = e.Sign == 's'
	case kVMaxMin, kVCmp:
		o.ebits, needElem = e.Bits, true
		// No sign (veqz): equality with zero does not depend on it.
		o.signed = e.Sign == 's' || e.Sign == 0
		if e.Sign == 'f' {
			o.sub |= 8
		}
	case kVMovD: // the source is read as a MAC reads its accumulator
		o.execAt = o.it.Read("acc")
	case kVMac, kVAcc:
		if e.Sign == 'f' {
			o.kind = map[kind]kind{kVMac: kVMacF, kVAcc: kVAccF}[o.kind]
		} else if e != (isadefs.Elem{}) {
			return fmt.Errorf("elem=%s: a MAC or accumulator add is bf16 (elem=bf16) or integer (no elem=)", e)
		}
		if o.kind != kVMac && o.kind != kVMacF || o.sub&macAccs > 0 {
			o.execAt = o.it.Read("acc")
		}
		needElem = e.Bits != 0
	}
	if e.Sign == 'd' {
		cr, ok := signCR[o.kind]
		if !ok {
			return fmt.Errorf("elem=%s: sem=%s takes no signedness from a control register", e, s.Op)
		}
		o.dyn = cr
	}
	if (o.kind == kVStPack || o.kind == kVPack) && e.Sign != 's' && e.Sign != 'd' {
		return fmt.Errorf("elem=%s: packing needs s8, d8, s4 or d4", e)
	}
	if e.Sign == 'f' && o.sub&8 == 0 && o.kind != kVMacF && o.kind != kVAccF {
		return fmt.Errorf("elem=%s: sem=%s has no floating-point form", e, s.Op)
	}
	if needAM && s.Mode == "" {
		return fmt.Errorf("sem=%s needs a memory operand and am=", s.Op)
	}
	if o.execAt <= 1 {
		o.execAt = 1
	}
	return checkAttrs(s, needElem, needAcc)
}

// checkAttrs: an operation has elem= and acc= exactly when its kind reads them.
func checkAttrs(s isadefs.Semantics, elem, acc bool) error {
	switch {
	case elem && s.Elem.Bits == 0:
		return fmt.Errorf("sem=%s needs elem=", s.Op)
	case !elem && s.Elem.Bits != 0:
		return fmt.Errorf("sem=%s takes no elem=", s.Op)
	case acc && s.AccBits == 0:
		return fmt.Errorf("sem=%s needs acc=", s.Op)
	case !acc && s.AccBits != 0:
		return fmt.Errorf("sem=%s takes no acc=", s.Op)
	}
	return nil
}
