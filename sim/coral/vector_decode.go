package coral

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim/vec"
)

// vkind selects the handler of a decoded vector instruction.
type vkind uint8

const (
	kIllegal vkind = iota
	kVsetvli
	kVsetivli
	kVsetvl
	kLoad      // unit-stride (incl. segment, fault-only-first), strided, indexed
	kStore     // same, stores
	kLoadMask  // vlm.v
	kStoreMask // vsm.v
	kLoadWhole // vl<nf>re<eew>.v
	kStoreWhole
	kBin
	kMac
	kWide
	kWideW
	kNarrow
	kExt
	kCmp
	kAdc
	kMadc
	kMerge
	kRed
	kWRed
	kMaskLogic
	kCpop
	kFirst
	kSetBefore
	kIota
	kId
	kMvXS
	kMvSX
	kSlideUp
	kSlideDown
	kSlide1Up
	kSlide1Down
	kGather
	kGatherEI16
	kCompress
	kMvNR
	kFBin
	kFMac
	kFCmp
	kFUnary
	kFRed
	kFMerge
	kFMvFS
	kFMvSF
	kFSlide1Up
	kFSlide1Down
	kFWCvt
	kFNCvt
	numKinds
)

// Operand forms.
const (
	fVV uint8 = iota // vector-vector (also .wv, .vs, .mm, .vm, .v)
	fVX              // vector-scalar x register (also .wx)
	fVI              // vector-immediate (also .wi)
	fVF              // vector-scalar f register
)

// Memory addressing modes of kLoad/kStore.
const (
	mUnit    uint8 = iota // unit stride (mop 00)
	mIdxU                 // indexed, unordered (mop 01)
	mStrided              // constant stride x[rs2] (mop 10)
	mIdxO                 // indexed, ordered (mop 11)
)

// VOp is a decoded vector instruction. It is built once per instruction
// word and read by Exec in the hot loop.
type VOp struct {
	Kind   vkind
	Fn     vec.Op // element operation of the family
	Form   uint8  // fVV, fVX, fVI, fVF
	Mode   uint8  // addressing mode (kLoad/kStore)
	Vd     uint8  // vd / vs3 / rd
	Vs1    uint8  // vs1 / rs1 / uimm5 (vsetivli)
	Vs2    uint8  // vs2 / rs2
	Masked bool   // vm = 0: v0.t masking (or v0 as carry/selector)
	FF     bool   // fault-only-first load
	EEW    uint8  // memory element or index width in bits; ext factor for kExt
	NF     uint8  // fields per segment (1 = no segment); registers for whole-register ops
	Use    uint8  // how it uses its unit (uPipe, uIter, uPerm, uWRed: vector_info.go)
	Imm    int32  // immediate (simm5/uimm5 as the instruction defines it; vtype for vset*)
	Name   string // mnemonic
	Msg    string // why the encoding is illegal (kIllegal)

	plan vplan // the fast path's decode under the last vtype (vplan.go)
}

type opvEntry struct {
	name string
	kind vkind
	fn   vec.Op
	uimm bool // .vi immediate is unsigned
}

// opvTab is indexed by [funct3][funct6] of OP-V.
var opvTab [7][64]opvEntry

const (
	f3IVV = 0
	f3FVV = 1
	f3MVV = 2
	f3IVI = 3
	f3IVX = 4
	f3FVF = 5
	f3MVX = 6
)

// def adds an OP-V instruction for each listed form. forms are mnemonic
// suffixes; their second letter gives the operand kind (v/s/m → vector,
// x → scalar x, i → immediate, f → scalar f).
func def(cat byte, funct6 int, base string, kind vkind, fn vec.Op, forms ...string) {
	for _, form := range forms {
		var f3 int
		switch form[1] {
		case 'x':
			f3 = map[byte]int{'I': f3IVX, 'M': f3MVX}[cat]
		case 'i':
			f3 = f3IVI
		case 'f':
			f3 = f3FVF
		default:
			f3 = map[byte]int{'I': f3IVV, 'M': f3MVV, 'F': f3FVV}[cat]
		}
		name := base + "." + form
		if form == "" {
			name = base
		}
		opvTab[f3][funct6] = opvEntry{name: name, kind: kind, fn: fn}
	}
}

func init() {
	// OPI: integer, funct3 OPIVV/OPIVX/OPIVI.
	def('I', 0x00, "vadd", kBin, vec.Add, "vv", "vx", "vi")
	def('I', 0x02, "vsub", kBin, vec.Sub, "vv", "vx")
	def('I', 0x03, "vrsub", kBin, vec.RSub, "vx", "vi")
	def('I', 0x04, "vminu", kBin, vec.MinU, "vv", "vx")
	def('I', 0x05, "vmin", kBin, vec.Min, "vv", "vx")
	def('I', 0x06, "vmaxu", kBin, vec.MaxU, "vv", "vx")
	def('I', 0x07, "vmax", kBin, vec.Max, "vv", "vx")
	def('I', 0x09, "vand", kBin, vec.And, "vv", "vx", "vi")
	def('I', 0x0a, "vor", kBin, vec.Or, "vv", "vx", "vi")
	def('I', 0x0b, "vxor", kBin, vec.Xor, "vv", "vx", "vi")
	def('I', 0x0c, "vrgather", kGather, vec.Nop, "vv", "vx", "vi")
	def('I', 0x0e, "vslideup", kSlideUp, vec.Nop, "vx", "vi")
	def('I', 0x0e, "vrgatherei16", kGatherEI16, vec.Nop, "vv")
	def('I', 0x0f, "vslidedown", kSlideDown, vec.Nop, "vx", "vi")
	def('I', 0x10, "vadc", kAdc, vec.Adc, "vvm", "vxm", "vim")
	def('I', 0x11, "vmadc", kMadc, vec.MAdc, "vvm", "vxm", "vim")
	def('I', 0x12, "vsbc", kAdc, vec.Sbc, "vvm", "vxm")
	def('I', 0x13, "vmsbc", kMadc, vec.MSbc, "vvm", "vxm")
	def('I', 0x17, "vmerge", kMerge, vec.Nop, "vvm", "vxm", "vim")
	def('I', 0x18, "vmseq", kCmp, vec.Seq, "vv", "vx", "vi")
	def('I', 0x19, "vmsne", kCmp, vec.Sne, "vv", "vx", "vi")
	def('I', 0x1a, "vmsltu", kCmp, vec.SltU, "vv", "vx")
	def('I', 0x1b, "vmslt", kCmp, vec.Slt, "vv", "vx")
	def('I', 0x1c, "vmsleu", kCmp, vec.SleU, "vv", "vx", "vi")
	def('I', 0x1d, "vmsle", kCmp, vec.Sle, "vv", "vx", "vi")
	def('I', 0x1e, "vmsgtu", kCmp, vec.SgtU, "vx", "vi")
	def('I', 0x1f, "vmsgt", kCmp, vec.Sgt, "vx", "vi")
	def('I', 0x20, "vsaddu", kBin, vec.SAddU, "vv", "vx", "vi")
	def('I', 0x21, "vsadd", kBin, vec.SAdd, "vv", "vx", "vi")
	def('I', 0x22, "vssubu", kBin, vec.SSubU, "vv", "vx")
	def('I', 0x23, "vssub", kBin, vec.SSub, "vv", "vx")
	def('I', 0x25, "vsll", kBin, vec.Sll, "vv", "vx", "vi")
	def('I', 0x27, "vsmul", kBin, vec.SMul, "vv", "vx")
	def('I', 0x27, "vmv<nr>r", kMvNR, vec.Nop, "vi") // renamed at decode
	def('I', 0x28, "vsrl", kBin, vec.Srl, "vv", "vx", "vi")
	def('I', 0x29, "vsra", kBin, vec.Sra, "vv", "vx", "vi")
	def('I', 0x2a, "vssrl", kBin, vec.SSrl, "vv", "vx", "vi")
	def('I', 0x2b, "vssra", kBin, vec.SSra, "vv", "vx", "vi")
	def('I', 0x2c, "vnsrl", kNarrow, vec.NSrl, "wv", "wx", "wi")
	def('I', 0x2d, "vnsra", kNarrow, vec.NSra, "wv", "wx", "wi")
	def('I', 0x2e, "vnclipu", kNarrow, vec.NClipU, "wv", "wx", "wi")
	def('I', 0x2f, "vnclip", kNarrow, vec.NClip, "wv", "wx", "wi")
	def('I', 0x30, "vwredsumu", kWRed, vec.Nop, "vs")
	def('I', 0x31, "vwredsum", kWRed, vec.Add, "vs")
	for _, f6 := range []int{0x0c, 0x0e, 0x0f, 0x25, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f} {
		opvTab[f3IVI][f6].uimm = true
	}

	// OPM: funct3 OPMVV/OPMVX.
	for i, n := range []string{"vredsum", "vredand", "vredor", "vredxor", "vredminu", "vredmin", "vredmaxu", "vredmax"} {
		def('M', i, n, kRed, vec.RedSum+vec.Op(i), "vs")
	}
	def('M', 0x08, "vaaddu", kBin, vec.AAddU, "vv", "vx")
	def('M', 0x09, "vaadd", kBin, vec.AAdd, "vv", "vx")
	def('M', 0x0a, "vasubu", kBin, vec.ASubU, "vv", "vx")
	def('M', 0x0b, "vasub", kBin, vec.ASub, "vv", "vx")
	def('M', 0x0e, "vslide1up", kSlide1Up, vec.Nop, "vx")
	def('M', 0x0f, "vslide1down", kSlide1Down, vec.Nop, "vx")
	def('M', 0x17, "vcompress", kCompress, vec.Nop, "vm")
	for i, n := range []string{"vmandn", "vmand", "vmor", "vmxor", "vmorn", "vmnand", "vmnor", "vmxnor"} {
		def('M', 0x18+i, n, kMaskLogic, vec.MAndN+vec.Op(i), "mm")
	}
	def('M', 0x20, "vdivu", kBin, vec.DivU, "vv", "vx")
	def('M', 0x21, "vdiv", kBin, vec.Div, "vv", "vx")
	def('M', 0x22, "vremu", kBin, vec.RemU, "vv", "vx")
	def('M', 0x23, "vrem", kBin, vec.Rem, "vv", "vx")
	def('M', 0x24, "vmulhu", kBin, vec.MulHU, "vv", "vx")
	def('M', 0x25, "vmul", kBin, vec.Mul, "vv", "vx")
	def('M', 0x26, "vmulhsu", kBin, vec.MulHSU, "vv", "vx")
	def('M', 0x27, "vmulh", kBin, vec.MulH, "vv", "vx")
	def('M', 0x29, "vmadd", kMac, vec.Madd, "vv", "vx")
	def('M', 0x2b, "vnmsub", kMac, vec.Nmsub, "vv", "vx")
	def('M', 0x2d, "vmacc", kMac, vec.Macc, "vv", "vx")
	def('M', 0x2f, "vnmsac", kMac, vec.Nmsac, "vv", "vx")
	def('M', 0x30, "vwaddu", kWide, vec.WAddU, "vv", "vx")
	def('M', 0x31, "vwadd", kWide, vec.WAdd, "vv", "vx")
	def('M', 0x32, "vwsubu", kWide, vec.WSubU, "vv", "vx")
	def('M', 0x33, "vwsub", kWide, vec.WSub, "vv", "vx")
	def('M', 0x34, "vwaddu", kWideW, vec.WAddU, "wv", "wx")
	def('M', 0x35, "vwadd", kWideW, vec.WAdd, "wv", "wx")
	def('M', 0x36, "vwsubu", kWideW, vec.WSubU, "wv", "wx")
	def('M', 0x37, "vwsub", kWideW, vec.WSub, "wv", "wx")
	def('M', 0x38, "vwmulu", kWide, vec.WMulU, "vv", "vx")
	def('M', 0x3a, "vwmulsu", kWide, vec.WMulSU, "vv", "vx")
	def('M', 0x3b, "vwmul", kWide, vec.WMul, "vv", "vx")
	def('M', 0x3c, "vwmaccu", kWide, vec.WMaccU, "vv", "vx")
	def('M', 0x3d, "vwmacc", kWide, vec.WMacc, "vv", "vx")
	def('M', 0x3e, "vwmaccus", kWide, vec.WMaccUS, "vx")
	def('M', 0x3f, "vwmaccsu", kWide, vec.WMaccSU, "vv", "vx")

	// OPF: Zve32f, funct3 OPFVV/OPFVF.
	def('F', 0x00, "vfadd", kFBin, vec.FpAdd, "vv", "vf")
	def('F', 0x01, "vfredusum", kFRed, vec.FpRedSum, "vs")
	def('F', 0x02, "vfsub", kFBin, vec.FpSub, "vv", "vf")
	def('F', 0x03, "vfredosum", kFRed, vec.FpRedSum, "vs")
	def('F', 0x04, "vfmin", kFBin, vec.FpMin, "vv", "vf")
	def('F', 0x05, "vfredmin", kFRed, vec.FpRedMin, "vs")
	def('F', 0x06, "vfmax", kFBin, vec.FpMax, "vv", "vf")
	def('F', 0x07, "vfredmax", kFRed, vec.FpRedMax, "vs")
	def('F', 0x08, "vfsgnj", kFBin, vec.FpSgnj, "vv", "vf")
	def('F', 0x09, "vfsgnjn", kFBin, vec.FpSgnjn, "vv", "vf")
	def('F', 0x0a, "vfsgnjx", kFBin, vec.FpSgnjx, "vv", "vf")
	def('F', 0x0e, "vfslide1up", kFSlide1Up, vec.Nop, "vf")
	def('F', 0x0f, "vfslide1down", kFSlide1Down, vec.Nop, "vf")
	def('F', 0x17, "vfmerge", kFMerge, vec.Nop, "vfm")
	def('F', 0x18, "vmfeq", kFCmp, vec.FpEq, "vv", "vf")
	def('F', 0x19, "vmfle", kFCmp, vec.FpLe, "vv", "vf")
	def('F', 0x1b, "vmflt", kFCmp, vec.FpLt, "vv", "vf")
	def('F', 0x1c, "vmfne", kFCmp, vec.FpNe, "vv", "vf")
	def('F', 0x1d, "vmfgt", kFCmp, vec.FpGt, "vf")
	def('F', 0x1f, "vmfge", kFCmp, vec.FpGe, "vf")
	def('F', 0x20, "vfdiv", kFBin, vec.FpDiv, "vv", "vf")
	def('F', 0x21, "vfrdiv", kFBin, vec.FpRDiv, "vf")
	def('F', 0x24, "vfmul", kFBin, vec.FpMul, "vv", "vf")
	def('F', 0x27, "vfrsub", kFBin, vec.FpRSub, "vf")
	for i, n := range []string{"vfmadd", "vfnmadd", "vfmsub", "vfnmsub", "vfmacc", "vfnmacc", "vfmsac", "vfnmsac"} {
		fn := []vec.Op{vec.FpMadd, vec.FpNmadd, vec.FpMsub, vec.FpNmsub, vec.FpMacc, vec.FpNmacc, vec.FpMsac, vec.FpNmsac}[i]
		def('F', 0x28+i, n, kFMac, fn, "vv", "vf")
	}
}

// Unary sub-tables, keyed by the vs1 (or vs2) field.
var (
	vxunary0 = map[uint32]struct {
		name   string
		factor uint8
		signed bool
	}{
		2: {"vzext.vf8", 8, false}, 3: {"vsext.vf8", 8, true},
		4: {"vzext.vf4", 4, false}, 5: {"vsext.vf4", 4, true},
		6: {"vzext.vf2", 2, false}, 7: {"vsext.vf2", 2, true},
	}
	vfunary0 = map[uint32]struct {
		name string
		kind vkind
		fn   vec.Op
	}{
		0: {"vfcvt.xu.f.v", kFUnary, vec.FpCvtXUF}, 1: {"vfcvt.x.f.v", kFUnary, vec.FpCvtXF},
		2: {"vfcvt.f.xu.v", kFUnary, vec.FpCvtFXU}, 3: {"vfcvt.f.x.v", kFUnary, vec.FpCvtFX},
		6: {"vfcvt.rtz.xu.f.v", kFUnary, vec.FpCvtRtzXUF}, 7: {"vfcvt.rtz.x.f.v", kFUnary, vec.FpCvtRtzXF},
		8: {"vfwcvt.xu.f.v", kFWCvt, vec.FpCvtXUF}, 9: {"vfwcvt.x.f.v", kFWCvt, vec.FpCvtXF},
		10: {"vfwcvt.f.xu.v", kFWCvt, vec.FpCvtFXU}, 11: {"vfwcvt.f.x.v", kFWCvt, vec.FpCvtFX},
		12: {"vfwcvt.f.f.v", kFWCvt, vec.Nop},
		14: {"vfwcvt.rtz.xu.f.v", kFWCvt, vec.FpCvtRtzXUF}, 15: {"vfwcvt.rtz.x.f.v", kFWCvt, vec.FpCvtRtzXF},
		16: {"vfncvt.xu.f.w", kFNCvt, vec.FpCvtXUF}, 17: {"vfncvt.x.f.w", kFNCvt, vec.FpCvtXF},
		18: {"vfncvt.f.xu.w", kFNCvt, vec.FpCvtFXU}, 19: {"vfncvt.f.x.w", kFNCvt, vec.FpCvtFX},
		20: {"vfncvt.f.f.w", kFNCvt, vec.Nop}, 21: {"vfncvt.rod.f.f.w", kFNCvt, vec.Nop},
		22: {"vfncvt.rtz.xu.f.w", kFNCvt, vec.FpCvtRtzXUF}, 23: {"vfncvt.rtz.x.f.w", kFNCvt, vec.FpCvtRtzXF},
	}
	vfunary1 = map[uint32]struct {
		name string
		fn   vec.Op
	}{
		0: {"vfsqrt.v", vec.FpSqrt}, 4: {"vfrsqrt7.v", vec.FpRsqrt7}, 5: {"vfrec7.v", vec.FpRec7}, 16: {"vfclass.v", vec.FpClass},
	}
)

// DecodeVector decodes a vector instruction word (every coral.isa
// instruction with flag vec). inst may be nil; when given, its mnemonic is
// used in messages. Decoding works from the RVV 1.0 encoding fields, so
// it does not depend on how coral.isa spells mnemonics. A reserved
// encoding returns an error together with a VOp that traps as illegal when
// executed.
func DecodeVector(inst *isadefs.Inst, word uint32) (VOp, error) {
	op := decodeWord(word)
	if inst != nil && op.Kind == kIllegal {
		op.Name = inst.Mnemonic
	}
	if op.Name == "" {
		op.Name = fmt.Sprintf("vector instruction %#08x", word)
	}
	if op.Kind == kIllegal {
		return op, fmt.Errorf("%s: %s", op.Name, op.Msg)
	}
	op.Use = unitUse(inst, op.Kind)
	return op, nil
}

func illegalOp(name, format string, args ...any) VOp {
	return VOp{Kind: kIllegal, Name: name, Msg: fmt.Sprintf(format, args...)}
}

func decodeWord(w uint32) VOp {
	switch w & 0x7f {
	case 0x57:
		return decodeOPV(w)
	case 0x07, 0x27:
		return decodeMem(w)
	}
	return illegalOp("", "not a vector instruction (opcode %#x)", w&0x7f)
}

func decodeOPV(w uint32) VOp {
	f3 := w >> 12 & 7
	f6 := int(w >> 26)
	op := VOp{
		Vd:     uint8(w >> 7 & 31),
		Vs1:    uint8(w >> 15 & 31),
		Vs2:    uint8(w >> 20 & 31),
		Masked: w>>25&1 == 0,
	}
	if f3 == 7 {
		switch {
		case w>>31 == 0:
			op.Kind, op.Name, op.Imm = kVsetvli, "vsetvli", int32(w>>20&0x7ff)
		case w>>30 == 3:
			op.Kind, op.Name, op.Imm = kVsetivli, "vsetivli", int32(w>>20&0x3ff)
		case w>>25 == 0x40:
			op.Kind, op.Name = kVsetvl, "vsetvl"
		default:
			return illegalOp("", "reserved vector configuration encoding")
		}
		op.Masked = false
		return op
	}
	switch f3 {
	case f3IVV, f3MVV, f3FVV:
		op.Form = fVV
	case f3IVX, f3MVX:
		op.Form = fVX
	case f3IVI:
		op.Form = fVI
	case f3FVF:
		op.Form = fVF
	}
	simm := int32(w<<12) >> 27 // bits 19..15 sign-extended
	// Unary groups selected by vs1/vs2.
	switch {
	case f3 == f3MVV && f6 == 0x10:
		op.Form = fVV
		switch op.Vs1 {
		case 0:
			op.Kind, op.Name = kMvXS, "vmv.x.s"
			if op.Masked {
				return illegalOp(op.Name, "must be unmasked (vm=1)")
			}
		case 0x10:
			op.Kind, op.Name = kCpop, "vcpop.m"
		case 0x11:
			op.Kind, op.Name = kFirst, "vfirst.m"
		default:
			return illegalOp("", "reserved VWXUNARY0 encoding (vs1=%d)", op.Vs1)
		}
		return op
	case f3 == f3MVX && f6 == 0x10:
		if op.Vs2 != 0 || op.Masked {
			return illegalOp("vmv.s.x", "reserved RXUNARY0 encoding (needs vs2=0, vm=1)")
		}
		op.Kind, op.Name = kMvSX, "vmv.s.x"
		return op
	case f3 == f3MVV && f6 == 0x12:
		u, ok := vxunary0[uint32(op.Vs1)]
		if !ok {
			return illegalOp("", "reserved VXUNARY0 encoding (vs1=%d)", op.Vs1)
		}
		op.Kind, op.Name, op.EEW = kExt, u.name, u.factor
		if u.signed {
			op.Fn = vec.Add
		}
		return op
	case f3 == f3MVV && f6 == 0x14:
		switch op.Vs1 {
		case 1, 2, 3:
			op.Kind = kSetBefore
			op.Imm = map[uint8]int32{1: 0, 3: 1, 2: 2}[op.Vs1]
			op.Name = map[uint8]string{1: "vmsbf.m", 2: "vmsof.m", 3: "vmsif.m"}[op.Vs1]
		case 0x10:
			op.Kind, op.Name = kIota, "viota.m"
		case 0x11:
			if op.Vs2 != 0 {
				return illegalOp("vid.v", "reserved encoding (vs2 must be 0)")
			}
			op.Kind, op.Name = kId, "vid.v"
		default:
			return illegalOp("", "reserved VMUNARY0 encoding (vs1=%d)", op.Vs1)
		}
		return op
	case f3 == f3FVV && f6 == 0x10:
		if op.Vs1 != 0 || op.Masked {
			return illegalOp("vfmv.f.s", "reserved VWFUNARY0 encoding (needs vs1=0, vm=1)")
		}
		op.Kind, op.Name = kFMvFS, "vfmv.f.s"
		return op
	case f3 == f3FVF && f6 == 0x10:
		if op.Vs2 != 0 || op.Masked {
			return illegalOp("vfmv.s.f", "reserved RFUNARY0 encoding (needs vs2=0, vm=1)")
		}
		op.Kind, op.Name = kFMvSF, "vfmv.s.f"
		return op
	case f3 == f3FVV && f6 == 0x12:
		u, ok := vfunary0[uint32(op.Vs1)]
		if !ok {
			return illegalOp("", "reserved VFUNARY0 encoding (vs1=%d)", op.Vs1)
		}
		op.Kind, op.Name, op.Fn = u.kind, u.name, u.fn
		return op
	case f3 == f3FVV && f6 == 0x13:
		u, ok := vfunary1[uint32(op.Vs1)]
		if !ok {
			return illegalOp("", "reserved VFUNARY1 encoding (vs1=%d)", op.Vs1)
		}
		op.Kind, op.Name, op.Fn = kFUnary, u.name, u.fn
		return op
	}
	e := opvTab[f3][f6]
	if e.kind == kIllegal {
		return illegalOp("", "reserved OP-V encoding (funct6=%#x, funct3=%d)", f6, f3)
	}
	op.Kind, op.Name, op.Fn = e.kind, e.name, e.fn
	if op.Form == fVI {
		if e.uimm {
			op.Imm = int32(op.Vs1)
		} else {
			op.Imm = simm
		}
	}
	switch op.Kind {
	case kAdc:
		if !op.Masked {
			return illegalOp(op.Name, "reserved encoding: needs vm=0 (the carry comes from v0)")
		}
	case kMadc:
		if !op.Masked {
			op.Name = op.Name[:len(op.Name)-1] // vmadc.vv: no carry-in
		}
	case kMerge:
		if !op.Masked {
			if op.Vs2 != 0 {
				return illegalOp("vmv.v."+op.Name[len(op.Name)-2:len(op.Name)-1], "reserved encoding (vs2 must be 0)")
			}
			op.Name = "vmv.v." + op.Name[len(op.Name)-2:len(op.Name)-1]
		}
	case kFMerge:
		if !op.Masked {
			if op.Vs2 != 0 {
				return illegalOp("vfmv.v.f", "reserved encoding (vs2 must be 0)")
			}
			op.Name = "vfmv.v.f"
		}
	case kMvNR:
		nr := op.Imm + 1
		if op.Masked || (nr != 1 && nr != 2 && nr != 4 && nr != 8) {
			return illegalOp("vmv<nr>r.v", "reserved encoding (needs vm=1 and nr-1 = simm5 in {0, 1, 3, 7}, got %d)", op.Imm)
		}
		op.NF = uint8(nr)
		op.Name = fmt.Sprintf("vmv%dr.v", nr)
	case kCompress, kMaskLogic:
		if op.Masked {
			return illegalOp(op.Name, "reserved encoding: must be unmasked (vm=1)")
		}
	}
	return op
}

func decodeMem(w uint32) VOp {
	store := w&0x7f == 0x27
	var eew uint8
	switch w >> 12 & 7 {
	case 0:
		eew = 8
	case 5:
		eew = 16
	case 6:
		eew = 32
	case 7:
		eew = 64
	default:
		return illegalOp("", "scalar floating-point load/store, not a vector one")
	}
	op := VOp{
		Vd:     uint8(w >> 7 & 31),
		Vs1:    uint8(w >> 15 & 31),
		Vs2:    uint8(w >> 20 & 31),
		Masked: w>>25&1 == 0,
		EEW:    eew,
		NF:     uint8(w>>29) + 1,
		Mode:   uint8(w >> 26 & 3),
	}
	mew := w >> 28 & 1
	lsl := "l"
	op.Kind = kLoad
	if store {
		lsl = "s"
		op.Kind = kStore
	}
	seg := ""
	if op.NF > 1 {
		seg = fmt.Sprintf("seg%d", op.NF)
	}
	switch op.Mode {
	case mUnit:
		switch op.Vs2 { // lumop / sumop
		case 0:
			op.Name = fmt.Sprintf("v%s%se%d.v", lsl, seg, eew)
		case 0x10:
			if store {
				return illegalOp("", "reserved unit-stride store encoding (sumop=0x10)")
			}
			op.FF = true
			op.Name = fmt.Sprintf("vl%se%dff.v", seg, eew)
		case 0x08:
			op.Kind = kLoadWhole
			if store {
				op.Kind = kStoreWhole
				op.Name = fmt.Sprintf("vs%dr.v", op.NF)
			} else {
				op.Name = fmt.Sprintf("vl%dre%d.v", op.NF, eew)
			}
			switch {
			case op.NF != 1 && op.NF != 2 && op.NF != 4 && op.NF != 8:
				return illegalOp(op.Name, "reserved encoding: whole-register count must be 1, 2, 4 or 8")
			case op.Masked:
				return illegalOp(op.Name, "reserved encoding: must be unmasked (vm=1)")
			case store && eew != 8:
				return illegalOp(op.Name, "reserved encoding: whole-register stores use EEW=8 (width field 0)")
			}
		case 0x0b:
			op.Kind = kLoadMask
			op.Name = "vlm.v"
			if store {
				op.Kind, op.Name = kStoreMask, "vsm.v"
			}
			if eew != 8 || op.NF != 1 || op.Masked {
				return illegalOp(op.Name, "reserved encoding: mask load/store needs EEW=8, nf=1, vm=1")
			}
		default:
			return illegalOp("", "reserved unit-stride %s encoding (lumop=%#x)", map[bool]string{false: "load", true: "store"}[store], op.Vs2)
		}
	case mStrided:
		op.Name = fmt.Sprintf("v%ss%se%d.v", lsl, seg, eew)
	case mIdxU, mIdxO:
		o := "u"
		if op.Mode == mIdxO {
			o = "o"
		}
		if seg != "" {
			op.Name = fmt.Sprintf("v%s%sx%sei%d.v", lsl, o, seg, eew)
		} else {
			op.Name = fmt.Sprintf("v%s%sxei%d.v", lsl, o, eew)
		}
	}
	if mew != 0 {
		return illegalOp(op.Name, "reserved encoding (mew=1: EEW above 64 bits)")
	}
	if eew > ELEN {
		return illegalOp(op.Name, "EEW=64 is not supported (ELEN=32, Zve32x)")
	}
	return op
}
