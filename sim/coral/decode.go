package coral

import (
	"fmt"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// Handler codes: one per scalar instruction, plus hVec for every vector
// instruction (executed by the vector unit) and hIllegal.
const (
	hIllegal uint8 = iota
	hLui
	hAuipc
	hJal
	hJalr
	hBeq
	hBne
	hBlt
	hBge
	hBltu
	hBgeu
	hLb
	hLh
	hLw
	hLbu
	hLhu
	hSb
	hSh
	hSw
	hAddi
	hSlti
	hSltiu
	hXori
	hOri
	hAndi
	hSlli
	hSrli
	hSrai
	hAdd
	hSub
	hSll
	hSlt
	hSltu
	hXor
	hSrl
	hSra
	hOr
	hAnd
	hFence // fence, fence.tso, fence.i, wfi and Coral's cache flushes: no-ops
	hEcall
	hEbreak
	hMpause
	hMret
	// M
	hMul
	hMulh
	hMulhsu
	hMulhu
	hDiv
	hDivu
	hRem
	hRemu
	// Zicsr
	hCsrrw
	hCsrrs
	hCsrrc
	hCsrrwi
	hCsrrsi
	hCsrrci
	// Zbb
	hAndn
	hOrn
	hXnor
	hClz
	hCtz
	hCpop
	hMax
	hMaxu
	hMin
	hMinu
	hSextb
	hSexth
	hZexth
	hRol
	hRor
	hRori
	hOrcb
	hRev8
	// F
	hFlw
	hFsw
	hFmadd
	hFmsub
	hFnmsub
	hFnmadd
	hFadd
	hFsub
	hFmul
	hFdiv
	hFsqrt
	hFsgnj
	hFsgnjn
	hFsgnjx
	hFmin
	hFmax
	hFcvtWS
	hFcvtWuS
	hFmvXW
	hFeq
	hFlt
	hFle
	hFclass
	hFcvtSW
	hFcvtSWu
	hFmvWX
	// vector (any instruction with flag vec)
	hVec
	numHandlers
)

// scalarHandlers maps every scalar mnemonic the simulator implements to its
// handler. Vector instructions (flag vec) all go to hVec.
var scalarHandlers = map[string]uint8{
	"lui": hLui, "auipc": hAuipc, "jal": hJal, "jalr": hJalr,
	"beq": hBeq, "bne": hBne, "blt": hBlt, "bge": hBge, "bltu": hBltu, "bgeu": hBgeu,
	"lb": hLb, "lh": hLh, "lw": hLw, "lbu": hLbu, "lhu": hLhu,
	"sb": hSb, "sh": hSh, "sw": hSw,
	"addi": hAddi, "slti": hSlti, "sltiu": hSltiu, "xori": hXori, "ori": hOri, "andi": hAndi,
	"slli": hSlli, "srli": hSrli, "srai": hSrai,
	"add": hAdd, "sub": hSub, "sll": hSll, "slt": hSlt, "sltu": hSltu, "xor": hXor,
	"srl": hSrl, "sra": hSra, "or": hOr, "and": hAnd,
	"fence": hFence, "fence.tso": hFence, "fence.i": hFence, "wfi": hFence,
	"flushat": hFence, "flushall": hFence, "slog": hFence, "pause": hFence,
	"ecall": hEcall, "ebreak": hEbreak, "mpause": hMpause, "mret": hMret,
	"mul": hMul, "mulh": hMulh, "mulhsu": hMulhsu, "mulhu": hMulhu,
	"div": hDiv, "divu": hDivu, "rem": hRem, "remu": hRemu,
	"csrrw": hCsrrw, "csrrs": hCsrrs, "csrrc": hCsrrc,
	"csrrwi": hCsrrwi, "csrrsi": hCsrrsi, "csrrci": hCsrrci,
	"andn": hAndn, "orn": hOrn, "xnor": hXnor, "clz": hClz, "ctz": hCtz, "cpop": hCpop,
	"max": hMax, "maxu": hMaxu, "min": hMin, "minu": hMinu,
	"sext.b": hSextb, "sext.h": hSexth, "zext.h": hZexth,
	"rol": hRol, "ror": hRor, "rori": hRori, "orc.b": hOrcb, "rev8": hRev8,
	"flw": hFlw, "fsw": hFsw,
	"fmadd.s": hFmadd, "fmsub.s": hFmsub, "fnmsub.s": hFnmsub, "fnmadd.s": hFnmadd,
	"fadd.s": hFadd, "fsub.s": hFsub, "fmul.s": hFmul, "fdiv.s": hFdiv, "fsqrt.s": hFsqrt,
	"fsgnj.s": hFsgnj, "fsgnjn.s": hFsgnjn, "fsgnjx.s": hFsgnjx,
	"fmin.s": hFmin, "fmax.s": hFmax,
	"fcvt.w.s": hFcvtWS, "fcvt.wu.s": hFcvtWuS, "fmv.x.w": hFmvXW,
	"feq.s": hFeq, "flt.s": hFlt, "fle.s": hFle, "fclass.s": hFclass,
	"fcvt.s.w": hFcvtSW, "fcvt.s.wu": hFcvtSWu, "fmv.w.x": hFmvWX,
}

// handlerFor returns the handler of an instruction, or hIllegal if the
// simulator does not implement it.
func handlerFor(in *isadefs.Inst) uint8 {
	if in.Flags["vec"] {
		return hVec
	}
	return scalarHandlers[in.Mnemonic]
}

// Scoreboard indices: x0..x31 are 0..31, f0..f31 are 32..63; regNone is a
// source that is always ready.
const (
	regNone = 64
	numRegs = 65
)

// Timing flags of an op (precomputed at decode).
const (
	tAlone    uint16 = 1 << iota // dispatches alone in slot 0
	tJump                        // jal: redirect, predicted
	tIndirect                    // jalr, mret: redirect, target unknown: penalty
	tBranch                      // conditional branch
	tMem                         // scalar load/store: uses the memory port
	tMul                         // unit=mul: at most mul_per_cycle per cycle
	tIter                        // iterative (div, fdiv): unit busy for its latency
	tVec                         // goes through the vector queue and backend
	tVecMem                      // vector load/store: beats on the memory port
	tDrain                       // waits until everything has completed (mpause)
	tVSync                       // waits for the vector backend (CSR access to vxsat/vcsr/vstart)
)

// op is one pre-decoded instruction. The hot loop switches on h.
type op struct {
	h       uint8
	rd      uint8 // destination field (bits 11..7)
	rs1     uint8 // bits 19..15 (register, or the 5-bit immediate of csrr*i)
	rs2     uint8 // bits 24..20
	rs3     uint8 // bits 31..27
	rm      uint8 // rounding-mode field
	unit    uint8 // index into Stats.UnitNames
	iter    uint8 // iterative resource (0 div, 1 fdiv)
	src     [3]uint8
	dst     uint8 // scoreboard index written, or regNone
	tflags  uint16
	lat     int32
	imm     int32
	word    uint32
	vop     int32 // index into Machine.vops, or -1
	inst    *isadefs.Inst
	illegal string // why the word is illegal (hIllegal only)
}

// decodeOp decodes one word. It never fails: undecodable words become
// hIllegal ops that trap when executed.
func (m *Machine) decodeOp(word uint32, o *op, scratch bool) {
	*o = op{word: word, vop: -1, dst: regNone, src: [3]uint8{regNone, regNone, regNone}}
	in := m.isa.Decode(uint64(word), nil)
	if in == nil {
		o.illegal = fmt.Sprintf("illegal instruction %#08x: not a %s instruction", word, m.isa.Name)
		return
	}
	o.inst = in
	if !m.hw.HasExt(in.Ext()) {
		o.illegal = fmt.Sprintf("%s: extension %s is not enabled in hardware config %s", m.disasmInst(in, word, 0), in.Ext(), m.hw.Name)
		return
	}
	h := handlerFor(in)
	if h == hIllegal {
		o.illegal = fmt.Sprintf("%s: not implemented by the coral simulator", m.disasmInst(in, word, 0))
		return
	}
	nsrc := 0
	addSrc := func(r uint8) {
		if r != 0 && r != regNone && nsrc < len(o.src) {
			o.src[nsrc] = r
			nsrc++
		}
	}
	for _, k := range in.Operands {
		v := k.Extract(uint64(word))
		low := k.Pieces[0].WordLo
		for _, p := range k.Pieces {
			low = min(low, p.WordLo)
		}
		switch k.Class {
		case "reg":
			idx := uint8(v)
			sb := idx
			switch k.Sub {
			case "f":
				sb = 32 + idx
			case "x":
			default:
				sb = regNone // vector registers: the vector unit's scoreboard
			}
			switch low {
			case 7:
				o.rd = idx
				if sb != 0 && sb != regNone && h != hVec {
					o.dst = sb
				}
			case 15:
				o.rs1 = idx
				if h != hVec {
					addSrc(sb)
				}
			case 20:
				o.rs2 = idx
				if h != hVec {
					addSrc(sb)
				}
			case 27:
				o.rs3 = idx
				if h != hVec {
					addSrc(sb)
				}
			}
		case "enum":
			switch k.Sub {
			case "rm":
				o.rm = uint8(v)
			case "csr":
				o.imm = int32(v)
			}
		case "simm", "uimm", "pcrel", "csr":
			if low == 15 && k.Class != "csr" && k.Pieces[0].WordHi == 19 {
				o.rs1 = uint8(v) // zimm, uimm5, simm5
			} else {
				o.imm = int32(v)
			}
		}
	}
	o.h = h
	o.lat = m.latency(in.LatencyClass())
	o.unit = m.unitIndex[in.Unit()]
	fl := in.Flags
	if fl["alone"] {
		o.tflags |= tAlone
	}
	switch h {
	case hJal:
		o.tflags |= tJump
	case hJalr, hMret:
		o.tflags |= tIndirect
	case hBeq, hBne, hBlt, hBge, hBltu, hBgeu:
		o.tflags |= tBranch
	case hMpause:
		o.tflags |= tDrain
	case hCsrrw, hCsrrs, hCsrrc, hCsrrwi, hCsrrsi, hCsrrci:
		switch uint32(o.imm) {
		case csrVxsat, csrVcsr, csrVstart, csrVxrm:
			o.tflags |= tVSync
		}
	}
	if (fl["load"] || fl["store"]) && h != hVec {
		o.tflags |= tMem
	}
	if in.Unit() == "mul" {
		o.tflags |= tMul
	}
	if c, ok := iterClass(in); ok {
		o.tflags |= tIter
		o.iter = c
	}
	if h == hVec {
		if err := m.decodeVec(in, word, o, scratch); err != nil {
			o.h = hIllegal
			o.illegal = fmt.Sprintf("%s: %v", m.disasmInst(in, word, 0), err)
			return
		}
	}
}

// iterClass reports whether an instruction uses an iterative (not
// pipelined) unit, and which one.
func iterClass(in *isadefs.Inst) (uint8, bool) {
	switch {
	case in.LatencyClass() == "div" || in.Unit() == "div":
		return 0, true
	case in.LatencyClass() == "fdiv" || in.Unit() == "fdiv":
		return 1, true
	}
	return 0, false
}

// Disassembly (for traps and traces; the asm package has the full one).

var csrNames = map[uint32]string{}

func init() {
	for name, n := range csrByName {
		csrNames[n] = name
	}
}

// disasmInst renders an instruction with its operands; pc resolves
// pc-relative targets (0 prints them as offsets).
func (m *Machine) disasmInst(in *isadefs.Inst, word uint32, pc uint32) string {
	var b strings.Builder
	b.WriteString(in.Mnemonic)
	if len(in.Tokens) > 0 {
		b.WriteByte(' ')
	}
	for _, t := range in.Tokens {
		k := t.Operand
		if k == nil {
			b.WriteString(t.Text)
			continue
		}
		v := k.Extract(uint64(word))
		switch k.Class {
		case "reg":
			if rf := m.isa.RegFiles[k.Sub]; rf != nil && int(v) < len(rf.Names) {
				b.WriteString(rf.Names[v])
			} else {
				fmt.Fprintf(&b, "%s%d", k.Sub, v)
			}
		case "pcrel":
			if pc != 0 {
				fmt.Fprintf(&b, "%#x", uint32(int64(pc)+v))
			} else {
				fmt.Fprintf(&b, "%+d", v)
			}
		case "csr":
			if n, ok := csrNames[uint32(v)]; ok {
				b.WriteString(n)
			} else {
				fmt.Fprintf(&b, "%#x", v)
			}
		case "enum":
			if e := m.isa.Enums[k.Sub]; e != nil && e.NameOf(v) != "" {
				b.WriteString(e.NameOf(v))
			} else {
				fmt.Fprint(&b, v)
			}
		case "vmask":
			if v == 0 {
				b.WriteString("v0.t")
			} else {
				b.WriteString("\x00") // unmasked: dropped with its comma below
			}
		case "vtype":
			b.WriteString(vtypeString(uint32(v)))
		case "fence":
			b.WriteString(fenceString(v))
		default:
			fmt.Fprint(&b, v)
		}
	}
	s := b.String()
	s = strings.ReplaceAll(s, ", \x00", "")
	s = strings.ReplaceAll(s, ",\x00", "")
	s = strings.ReplaceAll(s, "\x00", "")
	return strings.TrimSpace(s)
}

func vtypeString(v uint32) string {
	if v&(1<<31) != 0 {
		return "vill"
	}
	sew := 8 << (v >> 3 & 7)
	lmul := [...]string{"m1", "m2", "m4", "m8", "mf?", "mf8", "mf4", "mf2"}[v&7]
	ta, ma := "tu", "mu"
	if v&0x40 != 0 {
		ta = "ta"
	}
	if v&0x80 != 0 {
		ma = "ma"
	}
	return fmt.Sprintf("e%d,%s,%s,%s", sew, lmul, ta, ma)
}

func fenceString(v int64) string {
	s := ""
	for i, c := range "iorw" {
		if v&(8>>uint(i)) != 0 {
			s += string(c)
		}
	}
	if s == "" {
		return "0"
	}
	return s
}

// Disasm renders the instruction word w at pc (for traces and tools).
func (m *Machine) Disasm(word uint32, pc uint32) string {
	in := m.isa.Decode(uint64(word), nil)
	if in == nil {
		return fmt.Sprintf(".word %#08x", word)
	}
	return m.disasmInst(in, word, pc)
}
