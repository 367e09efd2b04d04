package plena

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
)

// kind is what an instruction does: one per executable opcode.
type kind uint8

// Instruction kinds, by the names isa-defs/plena/plena.isa gives them.
const (
	kInvalid kind = iota
	kMM
	kTMM
	kBMM
	kBTMM
	kBMMWO
	kMMWO
	kMV
	kTMV
	kBMV
	kBTMV
	kMVWO
	kBMVWO
	kAddVV
	kAddVF
	kSubVV
	kSubVF
	kMulVV
	kMulVF
	kExpV
	kReciV
	kRedSum
	kRedMax
	kAddFP
	kSubFP
	kMaxFP
	kMulFP
	kExpFP
	kReciFP
	kSqrtFP
	kLdFP
	kStFP
	kMapVFP
	kAddInt
	kAddiInt
	kSubInt
	kMulInt
	kLuiInt
	kLdInt
	kStInt
	kPrefetchM
	kPrefetchV
	kStoreV
	kSetAddr
	kSetScale
	kSetStride
	kSetMask
	kLoopStart
	kLoopEnd
	kBreak // the emulator's C_BREAK (its decoder's 0x31)
	numKinds
)

// kindOf names the semantics of each instruction of plena.isa. The
// opcode numbers, units and latency classes come from the .isa file.
var kindOf = map[string]kind{
	"M_MM": kMM, "M_TMM": kTMM, "M_BMM": kBMM, "M_BTMM": kBTMM, "M_BMM_WO": kBMMWO, "M_MM_WO": kMMWO,
	"M_MV": kMV, "M_TMV": kTMV, "M_BMV": kBMV, "M_BTMV": kBTMV, "M_MV_WO": kMVWO, "M_BMV_WO": kBMVWO,
	"V_ADD_VV": kAddVV, "V_ADD_VF": kAddVF, "V_SUB_VV": kSubVV, "V_SUB_VF": kSubVF, "V_MUL_VV": kMulVV,
	"V_MUL_VF": kMulVF, "V_EXP_V": kExpV, "V_RECI_V": kReciV, "V_RED_SUM": kRedSum, "V_RED_MAX": kRedMax,
	"S_ADD_FP": kAddFP, "S_SUB_FP": kSubFP, "S_MAX_FP": kMaxFP, "S_MUL_FP": kMulFP, "S_EXP_FP": kExpFP,
	"S_RECI_FP": kReciFP, "S_SQRT_FP": kSqrtFP, "S_LD_FP": kLdFP, "S_ST_FP": kStFP, "S_MAP_V_FP": kMapVFP,
	"S_ADD_INT": kAddInt, "S_ADDI_INT": kAddiInt, "S_SUB_INT": kSubInt, "S_MUL_INT": kMulInt, "S_LUI_INT": kLuiInt,
	"S_LD_INT": kLdInt, "S_ST_INT": kStInt,
	"H_PREFETCH_M": kPrefetchM, "H_PREFETCH_V": kPrefetchV, "H_STORE_V": kStoreV,
	"C_SET_ADDR_REG": kSetAddr, "C_SET_SCALE_REG": kSetScale, "C_SET_STRIDE_REG": kSetStride,
	"C_SET_V_MASK_REG": kSetMask, "C_LOOP_START": kLoopStart, "C_LOOP_END": kLoopEnd,
}

// breakOpcode is where the KernelCraft-era emulator decodes C_BREAK (its
// op.rs: 0x31; PLENA's RTL numbering puts V_PS_V there and C_BREAK at
// 0x34, which that emulator cannot execute).
const breakOpcode = 0x31

// op is one pre-decoded instruction word. The emulator's decoder reads
// every field of every word by position, whatever the instruction.
type op struct {
	kind                      kind
	rd, rs1, rs2, rs3, funct1 uint8
	unit                      uint8
	imm                       uint32 // bits 31..10
	imm2                      uint32 // bits 31..14
	lat                       int64  // cycles (for classes other than hbm)
	word                      uint32
	inst                      *isadefs.Inst // nil for words the emulator cannot execute
}

// decoder maps the 6-bit opcode to an instruction.
type decoder struct {
	inst  [64]*isadefs.Inst
	kinds [64]kind
	lat   [64]int64
	unit  [64]uint8
	units []string
}

func newDecoder(isa *isadefs.ISA, c *Config) (*decoder, error) {
	d := &decoder{}
	unitIx := map[string]uint8{}
	for _, in := range isa.Insts {
		u := in.Unit()
		if _, ok := unitIx[u]; !ok {
			unitIx[u] = uint8(len(d.units))
			d.units = append(d.units, u)
		}
		if in.Ext() == "rtl" {
			continue
		}
		k, ok := kindOf[in.Name]
		if !ok {
			return nil, fmt.Errorf("plena: the simulator has no semantics for %s", in.Name)
		}
		opc := in.Match & 0x3f
		if d.inst[opc] != nil {
			return nil, fmt.Errorf("plena: opcode %#x is both %s and %s", opc, d.inst[opc].Name, in.Name)
		}
		d.inst[opc], d.kinds[opc], d.unit[opc] = in, k, unitIx[u]
		if in.LatencyClass() != latHBM {
			d.lat[opc] = c.Charge[in.Name]
		}
	}
	for name, k := range kindOf {
		found := false
		for _, k2 := range d.kinds {
			found = found || k2 == k
		}
		if !found {
			return nil, fmt.Errorf("plena: plena.isa has no instruction %s", name)
		}
	}
	// 0x31: the emulator's C_BREAK (isa-defs names the RTL's V_PS_V
	// there); it costs what the control instructions cost.
	d.kinds[breakOpcode] = kBreak
	d.lat[breakOpcode] = c.Lat["ctrl"]
	if u, ok := unitIx["ctrl"]; ok {
		d.unit[breakOpcode] = u
	}
	return d, nil
}

// decode splits a word into its fields.
func (d *decoder) decode(w uint32) op {
	opc := w & 0x3f
	return op{
		kind: d.kinds[opc], inst: d.inst[opc], lat: d.lat[opc], unit: d.unit[opc], word: w,
		rd: uint8(w >> 6 & 15), rs1: uint8(w >> 10 & 15), rs2: uint8(w >> 14 & 15),
		rs3: uint8(w >> 18 & 15), funct1: uint8(w >> 22 & 15),
		imm: w >> 10, imm2: w >> 14,
	}
}
